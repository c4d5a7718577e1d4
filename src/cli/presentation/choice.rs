//! `--engine auto` told to the user: which engine a run got and why. The choice itself is the
//! library's (`knights::choice::EngineRequest`), which the Python package makes too.

use knights::choice::{Choice, Resolved};

/// Tells the user which engine `auto` chose and why (nothing when they named it).
pub fn announce(choice: &Choice) {
    if let Some(reason) = &choice.reason {
        let name = match choice.engine {
            Resolved::Sat => "sat",
            Resolved::Search => "search",
            Resolved::Frontier => "frontier",
        };
        errln!(
            "engine: {name} (--engine auto: {reason}; override with --engine sat|search|frontier)"
        );
    }
}
