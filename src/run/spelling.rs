//! How a front end names its settings: the CLI by flags (`--timeout`, `--engine sat`),
//! Python by keywords (`timeout`, `engine="sat"`). Messages the library writes about a
//! setting take the caller's spelling, so that nobody reads of a flag they never passed.

/// The words a caller uses for the settings of a run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Spelling {
    /// Command-line flags: `--spill-dir`, `--engine frontier`.
    #[default]
    Flags,
    /// Keyword arguments: `spill_dir`, `engine="frontier"`.
    Keywords,
}

impl Spelling {
    /// A setting named in the CLI's words (`"spill-dir"`), as this caller spells it.
    pub fn setting(self, name: &str) -> String {
        match self {
            Spelling::Flags => format!("--{name}"),
            Spelling::Keywords => name.replace('-', "_"),
        }
    }

    /// The setting that names engine `engine`: `--engine sat` or `engine="sat"`.
    pub fn engine(self, engine: &str) -> String {
        match self {
            Spelling::Flags => format!("--engine {engine}"),
            Spelling::Keywords => format!("engine=\"{engine}\""),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_and_keywords_name_one_setting() {
        assert_eq!(Spelling::Flags.setting("spill-dir"), "--spill-dir");
        assert_eq!(Spelling::Keywords.setting("spill-dir"), "spill_dir");
        assert_eq!(Spelling::Flags.engine("sat"), "--engine sat");
        assert_eq!(Spelling::Keywords.engine("sat"), "engine=\"sat\"");
    }
}
