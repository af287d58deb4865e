//! The three sort orders of section 9.3, made total so that the output does not depend on
//! the order issues were added in.
//!
//! * warnings: `path`, `line`, `message`; then `code`, `severity`, other keys;
//! * violations: `path`, `code`, `severity`; then `line`, `message`, other keys;
//! * advice: `code`, `message`; then `details`, other keys.
//!
//! Strings compare by Unicode code point (byte-wise UTF-8), `line` numerically. A missing
//! optional field (`line`, `severity`, advice `code`) sorts **before** every present value,
//! as `Option`'s order does (so advice without a code comes first). The tie-breakers after
//! the spec's keys only decide between entries the spec's keys call equal; "other keys"
//! compares the entries' remaining properties as canonical (key-sorted, compact) JSON text,
//! so two entries that compare equal serialize identically.

use super::{Advice, ContractError, Issue};
use serde_json::{Map, Value};
use std::cmp::Ordering;

fn json(map: &Map<String, Value>) -> String {
    let mut v = Value::Object(map.clone());
    sort_keys(&mut v);
    v.to_string()
}

fn json_opt(map: Option<&Map<String, Value>>) -> Option<String> {
    map.map(json)
}

/// Section 9.3's own keys for warnings: `path`, `line`, `message` (what a checker of a
/// received document compares; entries equal here may come in any order).
pub fn warning_key_order(a: &Issue, b: &Issue) -> Ordering {
    a.path
        .cmp(&b.path)
        .then(a.line.cmp(&b.line))
        .then_with(|| a.message.cmp(&b.message))
}

/// Section 9.3's own keys for violations: `path`, `code`, `severity`.
pub fn violation_key_order(a: &Issue, b: &Issue) -> Ordering {
    a.path
        .cmp(&b.path)
        .then_with(|| a.code.cmp(&b.code))
        .then_with(|| a.severity.cmp(&b.severity))
}

/// Section 9.3's own keys for advice: `code`, `message`.
pub fn advice_key_order(a: &Advice, b: &Advice) -> Ordering {
    a.code.cmp(&b.code).then_with(|| a.message.cmp(&b.message))
}

/// Section 9.3 order of warnings: [`warning_key_order`], then the tie-breakers.
pub fn warning_order(a: &Issue, b: &Issue) -> Ordering {
    warning_key_order(a, b)
        .then_with(|| a.code.cmp(&b.code))
        .then_with(|| a.severity.cmp(&b.severity))
        .then_with(|| json(&a.extra).cmp(&json(&b.extra)))
}

/// Section 9.3 order of violations: [`violation_key_order`], then the tie-breakers.
pub fn violation_order(a: &Issue, b: &Issue) -> Ordering {
    violation_key_order(a, b)
        .then(a.line.cmp(&b.line))
        .then_with(|| a.message.cmp(&b.message))
        .then_with(|| json(&a.extra).cmp(&json(&b.extra)))
}

/// Section 9.3 order of advice: [`advice_key_order`], then the tie-breakers.
pub fn advice_order(a: &Advice, b: &Advice) -> Ordering {
    advice_key_order(a, b)
        .then_with(|| json_opt(a.details.as_ref()).cmp(&json_opt(b.details.as_ref())))
        .then_with(|| json(&a.extra).cmp(&json(&b.extra)))
}

/// Sorts warnings in [`warning_order`].
pub fn sort_warnings(warnings: &mut [Issue]) {
    warnings.sort_by(warning_order);
}

/// Sorts violations in [`violation_order`].
pub fn sort_violations(violations: &mut [Issue]) {
    violations.sort_by(violation_order);
}

/// Sorts advice in [`advice_order`].
pub fn sort_advice(advice: &mut [Advice]) {
    advice.sort_by(advice_order);
}

/// Sorts the keys of every object in `value`, recursively, by code point.
pub fn sort_keys(value: &mut Value) {
    match value {
        Value::Object(map) => sort_map(map),
        Value::Array(items) => items.iter_mut().for_each(sort_keys),
        _ => {}
    }
}

/// Sorts `map`'s keys by code point, and every object inside it, recursively.
pub fn sort_map(map: &mut Map<String, Value>) {
    let mut entries: Vec<(String, Value)> = std::mem::take(map).into_iter().collect();
    entries.sort_by(|a, b| a.0.cmp(&b.0));
    for (key, mut value) in entries {
        sort_keys(&mut value);
        map.insert(key, value);
    }
}

/// Sorts an undeclared-properties map after checking it repeats no declared key.
pub(crate) fn extra(
    map: &mut Map<String, Value>,
    declared: &[&str],
    pointer: &str,
) -> Result<(), ContractError> {
    if let Some(key) = declared.iter().find(|k| map.contains_key(**k)) {
        return Err(ContractError::DuplicateKey {
            pointer: pointer.to_owned(),
            key: (*key).to_owned(),
        });
    }
    sort_map(map);
    Ok(())
}
