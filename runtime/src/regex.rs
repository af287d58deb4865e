//! `pattern`: ECMA-262 regular expressions through `regress`, compiled once per pattern.

pub use regress::Regex;

/// Compiles a schema pattern with ECMA-262 semantics (`u` flag: code points; `$` only at
/// the very end; `\d` ASCII). Falls back to no flags for patterns valid only without `u`.
pub fn compile(pattern: &str) -> Option<Regex> {
    Regex::with_flags(pattern, "u")
        .ok()
        .or_else(|| Regex::new(pattern).ok())
}

/// Whether `s` contains a match (patterns are not anchored). A pattern that failed to
/// compile matches nothing (codegen rejects such patterns before they get here).
#[inline]
pub fn is_match(re: &Option<Regex>, s: &str) -> bool {
    re.as_ref().is_some_and(|r| r.find(s).is_some())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ecma_semantics() {
        let digits = compile("^\\d+$");
        assert!(is_match(&digits, "123"));
        assert!(!is_match(&digits, "١٢٣"), "\\d is ASCII only");
        assert!(
            !is_match(&digits, "123\n"),
            "$ matches only at the very end"
        );
        assert!(is_match(&compile("a+"), "xaay"), "unanchored");
        assert!(!is_match(&None, "x"));
    }
}
