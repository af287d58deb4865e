//! `format` assertions (used only when format assertion is switched on).
//!
//! Placeholder: replaced by the full implementation.

/// Whether `s` is valid for `format`; `None` for a format envgen does not know (unknown
/// formats are annotations and never fail).
pub fn check(format: &str, s: &str) -> Option<bool> {
    let _ = (format, s);
    None
}
