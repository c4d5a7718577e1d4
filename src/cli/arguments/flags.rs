//! Value parsers for numeric flags: a value no run can use is refused where it is parsed,
//! with the flag named (clap adds it) and exit code 2, before anything runs.

/// The longest time any flag may give, about 31 years: far past any run, and small enough
/// that a deadline this far off is still a time the system can represent.
const LONGEST_SECONDS: f64 = 1e9;

/// A positive, finite number of seconds, at most [`LONGEST_SECONDS`].
pub fn seconds(text: &str) -> Result<f64, String> {
    let value: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a number of seconds"))?;
    if value.is_finite() && value > 0.0 && value <= LONGEST_SECONDS {
        Ok(value)
    } else {
        Err(format!(
            "must be a positive number of seconds, at most {LONGEST_SECONDS:e}"
        ))
    }
}

/// A number of seconds as [`seconds`] takes, or zero.
pub fn seconds_or_zero(text: &str) -> Result<f64, String> {
    if text.trim().parse::<f64>() == Ok(0.0) {
        return Ok(0.0);
    }
    seconds(text).map_err(|e| format!("{e}, or 0"))
}

/// A count of at least one.
pub fn positive(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(0) => Err("must be at least 1".into()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("'{text}' is not a whole number")),
    }
}
