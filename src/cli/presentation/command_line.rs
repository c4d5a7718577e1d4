//! The command line as a shell reads it back, for the records a run leaves (proof manifests,
//! benchmark results).

/// This process's command line, each argument shell-quoted.
pub fn command_line() -> String {
    std::env::args()
        .map(|arg| shell_quoted(&arg))
        .collect::<Vec<_>>()
        .join(" ")
}

/// `arg` as a POSIX shell reads it back: bare when it holds only characters the shell leaves
/// alone, else in single quotes (a quote inside written as `'\''`), so that the recorded
/// command can be pasted and run again.
fn shell_quoted(arg: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "_-./=:,+@%".contains(c);
    if !arg.is_empty() && arg.chars().all(plain) {
        return arg.to_string();
    }
    format!("'{}'", arg.replace('\'', "'\\''"))
}
