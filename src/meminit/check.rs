//! [`check`]: every MEMINIT-SPEC-004 rule a received output breaks, as [`Violation`]s.
//! It takes the raw text, because sections 9.1 and 9.2 are about the bytes, and reports
//! what [`Canonical::new`](super::Canonical::new) would repair instead of repairing it.
//!
//! | rule id | section | rule |
//! |---|---|---|
//! | `meminit/9.1-single-object` | 9.1 | the text is exactly one JSON object, no key repeated in an object |
//! | `meminit/9.1-one-line` | 9.1 | on one line; only a single trailing `\n` after it |
//! | `meminit/schema` | 11 | the section 11 schema (types, issue and advice shapes, …) |
//! | `meminit/4.1-success-fields` | 4.1, 11 | a success has `data`, `warnings`, `violations`, `advice`, no `error` |
//! | `meminit/5-error-envelope` | 5, 11 | a failure has an `error` object |
//! | `meminit/4.2-timestamp` | 4.2 | `timestamp` is `YYYY-MM-DDTHH:MM:SS[.sss]Z` |
//! | `meminit/4.3-root-absolute` | 4.3 | `root` is an absolute path |
//! | `meminit/6-severity` | 6 | an issue's `severity` is `warning` or `error` |
//! | `meminit/8-payload` | 8 | a successful command of section 8 has its minimum `data` fields |
//! | `meminit/9.2-key-order` | 9.2 | top-level keys in the recommended order |
//! | `meminit/9.3-warnings-sorted` | 9.3 | warnings by `path`, `line`, `message` |
//! | `meminit/9.3-violations-sorted` | 9.3 | violations by `path`, `code`, `severity` |
//! | `meminit/9.3-advice-sorted` | 9.3 | advice by `code`, `message` |
//! | `meminit/9.4-forward-slashes` | 9.4 | paths use `/`, never `\` |
//! | `meminit/9.4-relative-to-root` | 6, 9.4 | paths are relative to `root`, normalized |
//! | `meminit/10-version` | 10 | `output_schema_version` is the one this contract defines |
//!
//! Paths checked: every issue's `path`, the path fields of the section 8 payloads
//! ([`path_fields`]), and `root` for its slashes (it is absolute by section 4.3). The key
//! order rule compares the known top-level keys with each other (section 9.2 gives no
//! place to other keys); the sort rules compare only the keys section 9.3 names, so
//! entries equal on them may come in any order.

use super::dispatch::{path_fields, COMMANDS};
use super::sort::{advice_key_order, violation_key_order, warning_key_order};
use super::{Advice, Issue, MeminitData, Root, Timestamp, OUTPUT_SCHEMA_VERSION};
use crate::rules::{from_schema, relative_posix_problem, Violation};
use crate::runtime::Options;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};
use std::cmp::Ordering;

/// The recommended top-level key order of section 9.2.
pub use super::canonical::ENVELOPE_KEYS as KEY_ORDER;

/// The rule ids of the rules the section 11 schema holds, by their `allOf` entry.
const ENCODED: [(&str, &str); 2] = [
    ("#/allOf/0", "meminit/4.1-success-fields"),
    ("#/allOf/1", "meminit/5-error-envelope"),
];

/// Checks one received Meminit output (the raw text, e.g. a CLI's stdout) against every
/// rule of the contract; empty when it conforms.
pub fn check(text: &str) -> Vec<Violation> {
    let mut out = Vec::new();
    let Some(document) = single_object(text, &mut out) else {
        return out;
    };
    // A repeated key: the parsed value keeps only the last, so the text is not one
    // well-defined object, and its key order is not stable (sections 9.1, 9.2).
    for (pointer, key) in crate::rules::duplicate_keys(text) {
        out.push(Violation::new(
            "meminit/9.1-single-object",
            pointer,
            format!(
                "key {key:?} appears more than once in its object; the last one hides the others"
            ),
        ));
    }
    let options = Options::new().all_errors(true);
    if let Err(errors) = super::validate_value_with(&document, &options) {
        out.extend(from_schema(errors, "meminit/schema", &ENCODED));
    }
    let Some(root) = document.as_object() else {
        return out;
    };
    key_order(root, &mut out);
    fields(root, &mut out);
    issues(root, &mut out);
    payload(root, &mut out);
    out
}

/// Section 9.1: the one JSON value of `text`, and whether it sits on one line.
fn single_object(text: &str, out: &mut Vec<Violation>) -> Option<Value> {
    const RULE: &str = "meminit/9.1-single-object";
    let mut values = serde_json::Deserializer::from_str(text).into_iter::<Value>();
    let first = match values.next() {
        None => {
            out.push(Violation::new(RULE, "", "the text holds no JSON value"));
            return None;
        }
        Some(Err(e)) => {
            out.push(Violation::new(
                RULE,
                "",
                format!("the text is not JSON: {e}"),
            ));
            return None;
        }
        Some(Ok(v)) => v,
    };
    if !first.is_object() {
        out.push(Violation::new(
            RULE,
            "",
            format!(
                "the text holds a JSON {}, not an object",
                crate::runtime::validate::type_name(&first)
            ),
        ));
    }
    let end = values.byte_offset();
    if !text.get(end..).unwrap_or_default().trim().is_empty() {
        out.push(Violation::new(
            RULE,
            "",
            "the text holds more than one JSON value",
        ));
    }
    let body = text.strip_suffix('\n').unwrap_or(text);
    if body.contains(['\n', '\r']) {
        out.push(Violation::new(
            "meminit/9.1-one-line",
            "",
            "the object spans several lines (pretty-printed?); it must be on one line",
        ));
    } else if body.trim() != body {
        out.push(Violation::new(
            "meminit/9.1-one-line",
            "",
            "whitespace before or after the object; only a single trailing newline may follow it",
        ));
    }
    Some(first)
}

/// Section 9.2: the known top-level keys in the recommended order.
fn key_order(root: &Map<String, Value>, out: &mut Vec<Violation>) {
    let known: Vec<&str> = root
        .keys()
        .filter_map(|k| KEY_ORDER.iter().position(|o| o == k))
        .map(|i| KEY_ORDER[i])
        .collect();
    let mut expected = known.clone();
    expected.sort_by_key(|k| KEY_ORDER.iter().position(|o| o == k));
    if known != expected {
        out.push(Violation::new(
            "meminit/9.2-key-order",
            "",
            format!(
                "top-level keys come as [{}]; section 9.2's order is [{}]",
                known.join(", "),
                expected.join(", ")
            ),
        ));
    }
}

/// Sections 4.2, 4.3 and 10: `timestamp`, `root`, `output_schema_version`.
fn fields(root: &Map<String, Value>, out: &mut Vec<Violation>) {
    if let Some(t) = root.get("timestamp").and_then(Value::as_str) {
        if let Err(e) = Timestamp::parse(t) {
            out.push(Violation::new(
                "meminit/4.2-timestamp",
                "/timestamp",
                e.message(),
            ));
        }
    }
    if let Some(r) = root.get("root").and_then(Value::as_str) {
        if let Err(e) = Root::new(r) {
            out.push(Violation::new(
                "meminit/4.3-root-absolute",
                "/root",
                e.message(),
            ));
        } else if r.contains('\\') {
            out.push(Violation::new(
                "meminit/9.4-forward-slashes",
                "/root",
                format!("root {r:?} uses backslashes; use forward slashes"),
            ));
        }
    }
    if let Some(v) = root.get("output_schema_version").and_then(Value::as_str) {
        if v != OUTPUT_SCHEMA_VERSION {
            out.push(Violation::new(
                "meminit/10-version",
                "/output_schema_version",
                format!("output_schema_version {v:?} is not {OUTPUT_SCHEMA_VERSION:?}, the version of this contract"),
            ));
        }
    }
}

/// Sections 6, 9.3 and 9.4 on `warnings`, `violations` and `advice`.
fn issues(root: &Map<String, Value>, out: &mut Vec<Violation>) {
    for key in ["warnings", "violations"] {
        let Some(items) = root.get(key).and_then(Value::as_array) else {
            continue;
        };
        for (i, item) in items.iter().enumerate() {
            let at = format!("/{key}/{i}");
            if let Some(path) = item.get("path").and_then(Value::as_str) {
                path_rule(&format!("{at}/path"), path, out);
            }
            if let Some(s) = item.get("severity").and_then(Value::as_str) {
                if super::issue::Severity::parse(s).is_none() {
                    out.push(Violation::new(
                        "meminit/6-severity",
                        format!("{at}/severity"),
                        format!("severity {s:?} is neither \"warning\" nor \"error\""),
                    ));
                }
            }
        }
    }
    sorted::<Issue>(
        root,
        "warnings",
        warning_key_order,
        "meminit/9.3-warnings-sorted",
        "path, line, message",
        out,
    );
    sorted::<Issue>(
        root,
        "violations",
        violation_key_order,
        "meminit/9.3-violations-sorted",
        "path, code, severity",
        out,
    );
    sorted::<Advice>(
        root,
        "advice",
        advice_key_order,
        "meminit/9.3-advice-sorted",
        "code, message",
        out,
    );
}

/// Section 9.3: `root[key]` is sorted by `order`; the first entry out of place is reported.
/// Skipped when an entry does not parse (the schema reports it).
fn sorted<T: DeserializeOwned>(
    root: &Map<String, Value>,
    key: &str,
    order: fn(&T, &T) -> Ordering,
    rule: &'static str,
    keys: &str,
    out: &mut Vec<Violation>,
) {
    let Some(items) = root.get(key).and_then(Value::as_array) else {
        return;
    };
    let Ok(typed) = items
        .iter()
        .map(|v| serde_json::from_value::<T>(v.clone()))
        .collect::<Result<Vec<T>, _>>()
    else {
        return;
    };
    if let Some(i) = typed
        .windows(2)
        .position(|w| order(&w[0], &w[1]) == Ordering::Greater)
    {
        out.push(Violation::new(
            rule,
            format!("/{key}/{}", i + 1),
            format!(
                "{key} are not sorted by {keys}: entry {} belongs before entry {i}",
                i + 1
            ),
        ));
    }
}

/// Section 9.4 on one path.
fn path_rule(at: &str, path: &str, out: &mut Vec<Violation>) {
    let Some(problem) = relative_posix_problem(path) else {
        return;
    };
    let rule = if path.contains('\\') {
        "meminit/9.4-forward-slashes"
    } else {
        "meminit/9.4-relative-to-root"
    };
    out.push(Violation::new(rule, at, format!("path {path:?} {problem}")));
}

/// Sections 8 and 9.4 on the `data` of a successful section 8 command.
fn payload(root: &Map<String, Value>, out: &mut Vec<Violation>) {
    let Some(command) = root.get("command").and_then(Value::as_str) else {
        return;
    };
    let success = root.get("success") == Some(&Value::Bool(true));
    let Some(data) = root.get("data").filter(|d| d.is_object()) else {
        return;
    };
    if !success || !COMMANDS.contains(&command) {
        return;
    }
    if let Err(errors) = MeminitData::from_command(command, data.clone()) {
        for mut v in from_schema(errors, "meminit/8-payload", &[]) {
            v.pointer = format!("/data{}", v.pointer);
            out.push(v);
        }
    }
    for field in path_fields(command) {
        if let Some(path) = data.get(*field).and_then(Value::as_str) {
            path_rule(&format!("/data/{field}"), path, out);
        }
    }
}
