//! What a person or a program reads, shared by the commands: output formats, the progress
//! line, summaries, durations and dates, pictures of puzzles. Imports only `io`.

pub mod broken_rules;
pub mod choice;
pub mod command_line;
pub mod output;
pub mod plain_log;
pub mod progress;
pub mod puzzle_picture;
pub mod summary;
