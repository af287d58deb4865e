//! `pattern`: ECMA-262 regular expressions through `regress`, compiled once per pattern;
//! simple patterns (a sequence of character classes with quantifiers, see
//! [`crate::__private::simple_pattern`]) are matched without a regex engine, with the same result.

use crate::__private::simple_pattern::SimplePattern;
use std::sync::OnceLock;

/// A compiled schema pattern.
#[derive(Debug)]
pub enum Regex {
    /// A simple pattern, matched directly.
    Simple(SimplePattern),
    /// Any other pattern, matched by `regress`.
    Regress(regress::Regex),
}

/// Compiles a schema pattern with ECMA-262 semantics (`u` flag: code points; `$` only at
/// the very end; `\d` ASCII). Falls back to no flags for patterns valid only without `u`.
pub fn compile(pattern: &str) -> Option<Regex> {
    let with_u = regress::Regex::with_flags(pattern, "u");
    // The simple form is used only for patterns `regress` accepts with the `u` flag, so
    // the two never disagree on what a pattern means.
    if with_u.is_ok() {
        if let Some(simple) = SimplePattern::new(pattern) {
            return Some(Regex::Simple(simple));
        }
    }
    with_u
        .ok()
        .or_else(|| regress::Regex::new(pattern).ok())
        .map(Regex::Regress)
}

impl Regex {
    /// Whether `s` contains a match (patterns are not anchored).
    #[inline]
    pub fn is_match(&self, s: &str) -> bool {
        match self {
            Regex::Simple(p) => p.is_match(s),
            Regex::Regress(r) => r.find(s).is_some(),
        }
    }
}

/// A schema pattern as generated code holds it, in a `static`: its source, compiled on
/// first use. It dereferences to the compiled pattern (`None` if it did not compile).
#[derive(Debug)]
pub struct Re {
    source: &'static str,
    compiled: OnceLock<Option<Regex>>,
}

impl Re {
    /// The pattern `source`, not compiled yet.
    pub const fn new(source: &'static str) -> Self {
        Re {
            source,
            compiled: OnceLock::new(),
        }
    }

    /// The pattern as the schema wrote it.
    pub fn source(&self) -> &'static str {
        self.source
    }

    /// Whether `s` contains a match ([`is_match`]).
    #[inline]
    pub fn is_match(&self, s: &str) -> bool {
        is_match(self, s)
    }
}

impl std::ops::Deref for Re {
    type Target = Option<Regex>;

    #[inline]
    fn deref(&self) -> &Option<Regex> {
        self.compiled.get_or_init(|| compile(self.source))
    }
}

/// Whether `s` contains a match (patterns are not anchored). A pattern that failed to
/// compile matches nothing (codegen rejects such patterns before they get here).
#[inline]
pub fn is_match(re: &Option<Regex>, s: &str) -> bool {
    re.as_ref().is_some_and(|r| r.is_match(s))
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

    #[test]
    fn simple_patterns_take_the_direct_matcher() {
        for p in [
            "^\\d+\\.\\d+$",
            "^[a-z][a-z0-9_]*$",
            "^[A-Z]{2}$",
            "x-",
            "^$",
            "",
        ] {
            assert!(matches!(compile(p), Some(Regex::Simple(_))), "{p}");
        }
        for p in ["^(a|b)$", "^a*a$", "^\\s+$", "^.+x$", "\\bword", "^a+?$"] {
            assert!(matches!(compile(p), Some(Regex::Regress(_))), "{p}");
        }
    }

    /// The direct matcher agrees with `regress` on every pattern it takes, over strings
    /// built from the characters the patterns mention (and a few others).
    #[test]
    fn simple_patterns_agree_with_regress() {
        let patterns = [
            "^\\d+\\.\\d+$",
            "^\\d+(\\.\\d+)?$",
            "^[a-z][a-z0-9_]*$",
            "^[A-Z]{2}$",
            "[0-9]{3,}",
            "^x?y+z*$",
            "a{2,3}b",
            "^[^a-c]+$",
            "\\d$",
            "^-?\\d{1,3}$",
            "^[\\w.-]+$",
            "^v\\d+\\.\\d+\\.\\d+$",
            "^[A-Za-z_][A-Za-z0-9_]*$",
            "^\\D\\W$",
            "^.$",
            "a.c",
            "^é+ü?$",
            "^[\\-+]?\\d+$",
            "^\\/[a-z]*$",
            "",
            "^$",
            "ab",
            "^[a-f0-9]{8}-[a-f0-9]{4}$",
            "[xyz]",
            "^a{0}b$",
            "^a{1,}$",
        ];
        let alphabet: Vec<char> = "aábcxyzAZ_09.-+/ é\n\u{2028}ü".chars().collect();
        let mut seed = 0x5EED_u64;
        let mut strings = vec![String::new()];
        for len in 1..9 {
            for _ in 0..300 {
                let mut s = String::new();
                for _ in 0..len {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    s.push(alphabet[(seed % alphabet.len() as u64) as usize]);
                }
                strings.push(s);
            }
        }
        strings.extend(
            [
                "1.0",
                "10.25",
                "1.0.0",
                "a_1",
                "AB",
                "ABC",
                "123",
                "x-",
                "-12",
                "v1.2.3",
                "deadbeef-0a1b",
                "aab",
                "aaab",
                "\u{2028}",
            ]
            .map(String::from),
        );
        let mut simple = 0;
        for p in patterns {
            let Some(Regex::Simple(sp)) = compile(p) else {
                continue;
            };
            simple += 1;
            let full = regress::Regex::with_flags(p, "u").expect("valid");
            for s in &strings {
                assert_eq!(
                    sp.is_match(s),
                    full.find(s).is_some(),
                    "pattern {p:?} on {s:?}"
                );
            }
        }
        assert!(simple >= 20, "only {simple} patterns were simple");
    }
}
