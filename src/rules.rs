//! [`Violation`]: one rule a received document breaks, shared by the four contract
//! checkers ([`crate::response::check`], [`crate::tool::check()`], [`crate::meminit::check()`],
//! [`crate::help::check()`]).
//!
//! Every checker runs its schema's generated validator first (every error becomes a
//! violation: the rule id is `<contract>/schema` unless the schema encodes a prose rule,
//! then that rule's id), then the rules its contract states in prose. Rule ids are
//! stable: `<contract>/<section>-<name>`, for example `meminit/9.2-key-order`.

mod duplicates;

pub use duplicates::duplicate_keys;

use crate::runtime::json::push_token;
use crate::{ValidationError, ValidationErrors};
use std::fmt;

/// How binding a rule is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// The contract says MUST (or states it as a plain requirement): the document is
    /// wrong.
    Must,
    /// The contract says SHOULD or "recommended": a lint; the document is still usable.
    Should,
}

impl Level {
    /// `"must"` or `"should"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Level::Must => "must",
            Level::Should => "should",
        }
    }
}

/// One rule a document breaks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    /// The stable rule id, e.g. `"meminit/9.2-key-order"`.
    pub rule: &'static str,
    /// JSON pointer to the offending value (`""`: the whole document).
    pub pointer: String,
    /// What is wrong, for a human.
    pub message: String,
    /// MUST or SHOULD.
    pub level: Level,
}

impl Violation {
    /// A MUST-level violation.
    pub fn new(rule: &'static str, pointer: impl Into<String>, message: impl Into<String>) -> Self {
        Violation {
            rule,
            pointer: pointer.into(),
            message: message.into(),
            level: Level::Must,
        }
    }

    /// A SHOULD-level violation (a lint).
    pub fn should(
        rule: &'static str,
        pointer: impl Into<String>,
        message: impl Into<String>,
    ) -> Self {
        Violation {
            level: Level::Should,
            ..Violation::new(rule, pointer, message)
        }
    }

    /// The pointer as shown in lines: `(root)` for the whole document.
    pub fn shown_pointer(&self) -> &str {
        if self.pointer.is_empty() {
            "(root)"
        } else {
            &self.pointer
        }
    }

    /// `{"rule", "pointer", "message", "level"}`.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({
            "rule": self.rule,
            "pointer": self.pointer,
            "message": self.message,
            "level": self.level.as_str(),
        })
    }
}

impl fmt::Display for Violation {
    /// `<rule> at <pointer>: <message>`, with ` (should)` after the rule for a lint.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let level = match self.level {
            Level::Must => "",
            Level::Should => " (should)",
        };
        write!(
            f,
            "{}{level} at {}: {}",
            self.rule,
            self.shown_pointer(),
            self.message
        )
    }
}

/// Schema validator errors as violations. An error whose schema path starts with one of
/// `encoded`'s prefixes gets that prose rule's id; any other gets `fallback`. The
/// message names the failing keyword and schema path.
pub fn from_schema(
    errors: impl IntoIterator<Item = ValidationError>,
    fallback: &'static str,
    encoded: &[(&str, &'static str)],
) -> Vec<Violation> {
    errors
        .into_iter()
        .map(|e| {
            let rule = encoded
                .iter()
                .find(|(prefix, _)| e.schema_path.starts_with(prefix))
                .map_or(fallback, |(_, rule)| *rule);
            let message = if e.schema_path.is_empty() {
                format!("{} [{}]", e.message, e.keyword)
            } else {
                format!("{} [{} at {}]", e.message, e.keyword, e.schema_path)
            };
            Violation::new(rule, e.instance_path, message)
        })
        .collect()
}

/// `errors` with their instance pointers moved under `at` (errors of a part, such as
/// `data`, reported on the whole document).
pub(crate) fn under(at: &str, errors: ValidationErrors) -> ValidationErrors {
    let mut out = ValidationErrors::new();
    for mut e in errors {
        e.instance_path = format!("{at}{}", e.instance_path);
        out.push(e);
    }
    out
}

/// `base` with `tokens` appended as JSON-pointer reference tokens (escaped).
pub fn pointer(base: &str, tokens: &[&str]) -> String {
    let mut out = base.to_owned();
    for t in tokens {
        push_token(&mut out, t);
    }
    out
}

/// Whether `path` (with `/` separators) is absolute: `/…`, or a drive `C:…`.
pub(crate) fn is_absolute(path: &str) -> bool {
    let b = path.as_bytes();
    path.starts_with('/') || (b.len() >= 2 && b[0].is_ascii_alphabetic() && b[1] == b':')
}

/// Why `path` is not a normalized relative POSIX path, or `None` when it is one: `"."`,
/// or `/`-separated segments without `.`, `..` or empty segments (one trailing `/`, as in
/// a directory's `src/utils/`, is allowed), no `\`, not absolute (`/…`, `C:…`). The
/// ToolResponse spec (`cwd`, glob `paths`) and the Meminit Agent Output Contract (section
/// 9.4) ask for this form.
pub fn relative_posix_problem(path: &str) -> Option<&'static str> {
    if path.is_empty() {
        return Some("is empty (the root is \".\")");
    }
    if path.contains('\\') {
        return Some("uses backslashes; use forward slashes");
    }
    if is_absolute(path) {
        return Some("is absolute; it must be relative to the root");
    }
    if path == "." {
        return None;
    }
    for segment in path.strip_suffix('/').unwrap_or(path).split('/') {
        match segment {
            ".." => return Some("has a '..' segment; it must stay under the root, normalized"),
            "." | "" => return Some("is not normalized (a '.' or empty segment)"),
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_posix_paths() {
        for ok in [".", "src", "packages/app", "a/b.c/d", "src/utils/"] {
            assert_eq!(relative_posix_problem(ok), None, "{ok}");
        }
        for bad in [
            "", "/home/u", "src\\app", "C:/x", "c:x", "../x", "a/../b", "./a", "a//b", "a//", "./",
        ] {
            assert!(relative_posix_problem(bad).is_some(), "{bad}");
        }
    }

    #[test]
    fn lines_show_rule_pointer_and_level() {
        let v = Violation::new("tool/4-text-conclusion", "/text", "text is empty");
        assert_eq!(
            v.to_string(),
            "tool/4-text-conclusion at /text: text is empty"
        );
        let v = Violation::should("cmdhelp/enum-type", "", "x");
        assert_eq!(v.to_string(), "cmdhelp/enum-type (should) at (root): x");
        assert_eq!(
            pointer("/commands", &["a/b", "see_also"]),
            "/commands/a~1b/see_also"
        );
    }
}
