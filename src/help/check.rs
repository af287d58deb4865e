//! [`check`]: every rule of the cmdhelp v0.1 schema a received `help --format json`
//! document breaks, as [`Violation`]s. MUST rules first, then the SHOULD-level lints the
//! schema's descriptions state ([`Level::Should`](crate::rules::Level::Should)).
//!
//! | rule id | level | rule |
//! |---|---|---|
//! | `cmdhelp/schema` | must | the schema, formats asserted (version `MAJOR.MINOR`, flag-name pattern, exit-code keys, `negate_flag` only on `bool`, `homepage` a URI, …) |
//! | `cmdhelp/see-also-exists` | must | each `see_also` entry is a command of the document |
//! | `cmdhelp/json-schema-ref-resolves` | must | `stdout.json_schema_ref` is a `#` pointer that resolves in the document |
//! | `cmdhelp/6-example-resolves` | must | each `examples[].cmd` resolves against the command tree (§6) |
//! | `cmdhelp/enum-type` | should | with `enum` or `enum_source`, `type` is `enum` |
//! | `cmdhelp/enum-values` | should | `type: enum` comes with `enum` or `enum_source` |
//! | `cmdhelp/summary-one-line` | should | `summary` (document and command) is one line |
//! | `cmdhelp/command-path-space-joined` | should | command keys are words joined by single spaces |
//! | `cmdhelp/version-semver` | should | `version` is semver (`1.2.3`, `1.2.3-rc.1`) |
//!
//! The rules past the schema need the typed document; they run when it parses.

use super::consumer::{missing_see_also, resolve_schema_ref};
use super::examples::check_examples;
use crate::cmdhelp::{Cmdhelp, EnumSource, EnumValues, FlagMap, TypeName};
use crate::rules::{from_schema, pointer, Violation};
use crate::runtime::Options;
use serde_json::Value;

/// Checks a received cmdhelp document against every rule; empty when it conforms.
pub fn check(document: &Value) -> Vec<Violation> {
    // Formats asserted: `homepage` is a `uri`.
    let options = Options::new().all_errors(true).formats(true);
    let mut out = match crate::cmdhelp::validate_value_with(document, &options) {
        Ok(()) => Vec::new(),
        Err(errors) => from_schema(errors, "cmdhelp/schema", &[]),
    };
    let Ok(doc) = Cmdhelp::from_json_str(&document.to_string()) else {
        return out;
    };
    for m in missing_see_also(&doc) {
        out.push(Violation::new(
            "cmdhelp/see-also-exists",
            pointer("/commands", &[&m.command, "see_also", &m.index.to_string()]),
            format!(
                "see_also names {:?}, which is not a command of the document",
                m.target
            ),
        ));
    }
    for (key, command) in &doc.commands {
        let reference = command
            .stdout
            .as_ref()
            .and_then(|s| s.json_schema_ref.as_ref());
        if let Some(reference) = reference {
            if let Err(e) = resolve_schema_ref(document, reference) {
                out.push(Violation::new(
                    "cmdhelp/json-schema-ref-resolves",
                    pointer("/commands", &[key, "stdout", "json_schema_ref"]),
                    e.to_string(),
                ));
            }
        }
    }
    for f in check_examples(&doc) {
        out.push(Violation::new(
            "cmdhelp/6-example-resolves",
            pointer(
                "/commands",
                &[&f.command, "examples", &f.index.to_string(), "cmd"],
            ),
            format!("`{}` does not resolve: {}", f.cmd, f.error),
        ));
    }
    lints(&doc, &mut out);
    out
}

fn lints(doc: &Cmdhelp, out: &mut Vec<Violation>) {
    if let Some(version) = &doc.version {
        if !is_semver(version) {
            out.push(Violation::should(
                "cmdhelp/version-semver",
                "/version",
                format!("version {version:?} is not semver (recommended: MAJOR.MINOR.PATCH)"),
            ));
        }
    }
    if let Some(summary) = &doc.summary {
        one_line(summary, "/summary".to_owned(), out);
    }
    if let Some(flags) = &doc.global_flags {
        flag_lints(flags, "/global_flags", out);
    }
    for (key, command) in &doc.commands {
        let at = pointer("/commands", &[key]);
        if key.split(' ').collect::<Vec<_>>().join(" ")
            != key.split_whitespace().collect::<Vec<_>>().join(" ")
        {
            out.push(Violation::should(
                "cmdhelp/command-path-space-joined",
                at.clone(),
                format!("command path {key:?} is not words joined by single spaces"),
            ));
        }
        one_line(&command.summary, format!("{at}/summary"), out);
        for (i, arg) in command.args.iter().flatten().enumerate() {
            let at = format!("{at}/args/{i}");
            enum_lints(
                &arg.type_,
                arg.enum_.as_ref(),
                arg.enum_source.as_ref(),
                &at,
                out,
            );
        }
        if let Some(flags) = &command.flags {
            flag_lints(flags, &format!("{at}/flags"), out);
        }
    }
}

fn flag_lints(flags: &FlagMap, at: &str, out: &mut Vec<Violation>) {
    for (name, flag) in flags {
        let at = pointer(at, &[name]);
        enum_lints(
            &flag.type_,
            flag.enum_.as_ref(),
            flag.enum_source.as_ref(),
            &at,
            out,
        );
    }
}

fn enum_lints(
    type_: &TypeName,
    values: Option<&EnumValues>,
    source: Option<&EnumSource>,
    at: &str,
    out: &mut Vec<Violation>,
) {
    let is_enum = *type_ == TypeName::Enum;
    let listed = values.is_some() || source.is_some();
    if listed && !is_enum {
        out.push(Violation::should(
            "cmdhelp/enum-type",
            format!("{at}/type"),
            "enum or enum_source is set, so type should be \"enum\"",
        ));
    }
    if is_enum && !listed {
        out.push(Violation::should(
            "cmdhelp/enum-values",
            at.to_owned(),
            "type is \"enum\" without enum values or an enum_source",
        ));
    }
}

fn one_line(summary: &str, at: String, out: &mut Vec<Violation>) {
    if summary.contains(['\n', '\r']) {
        out.push(Violation::should(
            "cmdhelp/summary-one-line",
            at,
            "summary spans several lines; it should be one line",
        ));
    }
}

/// `MAJOR.MINOR.PATCH`, numbers without leading zeros, optionally `-pre` and `+build`
/// (identifiers of `[0-9A-Za-z-]`, dot-separated, non-empty).
pub fn is_semver(version: &str) -> bool {
    let (rest, build) = match version.split_once('+') {
        Some((r, b)) => (r, Some(b)),
        None => (version, None),
    };
    let (core, pre) = match rest.split_once('-') {
        Some((c, p)) => (c, Some(p)),
        None => (rest, None),
    };
    let idents = |s: &str| {
        s.split('.')
            .all(|i| !i.is_empty() && i.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-'))
    };
    let numbers: Vec<&str> = core.split('.').collect();
    numbers.len() == 3
        && numbers.iter().all(|n| {
            !n.is_empty()
                && n.bytes().all(|b| b.is_ascii_digit())
                && (n.len() == 1 || !n.starts_with('0'))
        })
        && pre.is_none_or(idents)
        && build.is_none_or(idents)
}

#[cfg(test)]
mod tests {
    use super::is_semver;

    #[test]
    fn semver() {
        for ok in ["0.1.0", "1.2.3-rc.1", "1.2.3+build.5", "10.20.30-alpha-1+x"] {
            assert!(is_semver(ok), "{ok}");
        }
        for bad in [
            "1.2",
            "v1.2.3",
            "01.2.3",
            "1.2.3-",
            "1.2.3+",
            "1..3",
            "1.2.3-a..b",
        ] {
            assert!(!is_semver(bad), "{bad}");
        }
    }
}
