//! Every row of the keyword table (`load/keywords.rs`) is lowered, diffed and covered by
//! the JSON-Schema-Test-Suite:
//!
//! * (a) lowering: a schema using an applicator or assertion keyword (with the companions
//!   it needs, such as `if` for `then`) has a check in its plan that names the keyword,
//!   reports a failure under it, or evaluates its subschema;
//! * (b) diff rule: changing an assertion keyword's value between two schemas is a change
//!   `envgen diff` reports (a constraint change naming the keyword when the plan describes
//!   the value, else a change of the generated types, which carry `type`, `enum`, `const`
//!   and `required`);
//! * (c) conformance coverage: for every draft the row lists, the suite has a file named
//!   after the keyword or a case whose schema uses it.
//!
//! Core keywords (`$id`, `$defs`, ...) and annotations are exempt from (a), (b) and (c):
//! they lower to no check and change no valid set (and the suite has no case for several,
//! such as `readOnly` or `deprecated`). Applicators are exempt from (b): the diff
//! compares what their subschemas become (fields, variants, items), not the keywords.

use crate::diff::{compare, Api, ChangeKind};
use crate::ir::plan::{Check, Plan, Test};
use crate::load::keywords::{Keyword, Role, ValueKind, TABLE};
use crate::load::{Draft, SchemaSet};
use serde_json::{json, Map, Value};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// A value of `kind`; `second` gives a different one.
fn sample(kind: ValueKind, second: bool) -> Value {
    let pick = |a: Value, b: Value| if second { b } else { a };
    match kind {
        ValueKind::Schema | ValueKind::SchemaOrSchemaArray => {
            pick(json!({"type": "string"}), json!({"type": "integer"}))
        }
        ValueKind::SchemaArray => pick(json!([{"type": "string"}]), json!([{"type": "integer"}])),
        ValueKind::SchemaMap => pick(
            json!({"a": {"type": "string"}}),
            json!({"a": {"type": "integer"}}),
        ),
        ValueKind::SchemaOrNamesMap | ValueKind::NamesMap => {
            pick(json!({"a": ["b"]}), json!({"a": ["c"]}))
        }
        ValueKind::Names => pick(json!(["a"]), json!(["b"])),
        ValueKind::TypeNames => pick(json!("string"), json!("integer")),
        ValueKind::Count => pick(json!(2), json!(3)),
        ValueKind::Number | ValueKind::PositiveNumber | ValueKind::NumberOrBool => {
            pick(json!(3), json!(4))
        }
        ValueKind::String => pick(json!("^a"), json!("^b")),
        ValueKind::UriReference => json!("#/definitions/x"),
        ValueKind::Bool => pick(json!(true), json!(false)),
        ValueKind::Array => pick(json!([1]), json!([2])),
        ValueKind::Any => pick(json!(1), json!(2)),
        ValueKind::Object => json!({}),
    }
}

/// The keywords `name` needs beside it to mean anything (they may replace its sample).
fn companions(name: &str) -> Value {
    match name {
        "then" | "else" => json!({"if": {"type": "string"}}),
        "if" => json!({"then": {"minLength": 1}}),
        "minContains" | "maxContains" => json!({"contains": {"type": "string"}}),
        "additionalItems" => json!({"items": [{"type": "string"}]}),
        // 2019-09 allows only `"#"`; the root's own `type` is the recursion's base case.
        "$recursiveRef" => json!({"$recursiveRef": "#", "type": "string"}),
        "$ref" | "$dynamicRef" => {
            json!({"definitions": {"x": {"type": "string"}}})
        }
        "required" => json!({"type": "object", "properties": {"a": {}, "b": {}}}),
        _ => json!({}),
    }
}

fn schema_uri(draft: Draft) -> &'static str {
    match draft {
        Draft::Draft4 => "http://json-schema.org/draft-04/schema#",
        Draft::Draft6 => "http://json-schema.org/draft-06/schema#",
        Draft::Draft7 => "http://json-schema.org/draft-07/schema#",
        Draft::Draft201909 => "https://json-schema.org/draft/2019-09/schema",
        Draft::Draft202012 => "https://json-schema.org/draft/2020-12/schema",
    }
}

/// A schema of the row's last draft using the keyword.
fn schema_with(k: &Keyword, second: bool) -> Value {
    let mut obj = Map::new();
    obj.insert("$schema".into(), json!(schema_uri(k.until)));
    obj.insert("title".into(), json!("Root"));
    obj.insert(k.name.into(), sample(k.kind, second));
    if let Value::Object(m) = companions(k.name) {
        obj.extend(m);
    }
    Value::Object(obj)
}

fn load(schema: Value) -> (SchemaSet, crate::load::DocId) {
    let mut set = SchemaSet::new();
    let (doc, _) = set.add_test_schema(schema);
    (set, doc)
}

/// Whether `check` stands for keyword `name` of the root: it names it, reports a failure
/// under it, or evaluates a subschema under it.
fn covers(set: &SchemaSet, check: &Check, name: &str) -> bool {
    let under = format!("/{name}");
    check.site.keyword == name
        || matches!(&check.test, Test::Contains { min, max, .. }
            if [min, max].into_iter().flatten().any(|l| l.fail.site.keyword == name))
        || check.test.subschemas().iter().any(|n| {
            let p = &set.node(*n).loc.pointer;
            *p == under || p.starts_with(&format!("{under}/"))
        })
}

#[test]
fn every_applicator_and_assertion_is_lowered() {
    let mut missing = Vec::new();
    for k in TABLE
        .iter()
        .filter(|k| matches!(k.role, Role::Applicator | Role::Assertion))
    {
        let (set, doc) = load(schema_with(k, false));
        let root = set.root(doc).expect("the document has a root");
        let plan = Plan::new(&set, doc);
        if !plan
            .node(root)
            .checks()
            .iter()
            .any(|c| covers(&set, c, k.name))
        {
            missing.push(k.name);
        }
    }
    assert!(missing.is_empty(), "keywords with no lowering: {missing:?}");
}

#[test]
fn every_assertion_change_is_reported_by_diff() {
    let settings = crate::Settings::default();
    let api = |schema: Value| {
        let (set, doc) = load(schema);
        let module = crate::ir::lower(&set, doc, &settings).expect("the schema lowers");
        let root = set.root(doc).expect("the document has a root");
        let described = Plan::new(&set, doc)
            .node(root)
            .checks()
            .iter()
            .flat_map(Check::constraints)
            .map(|c| c.keyword)
            .collect::<Vec<_>>();
        (Api::new(&set, &module), described)
    };
    let mut missing = Vec::new();
    for k in TABLE.iter().filter(|k| k.role == Role::Assertion) {
        let (old, described) = api(schema_with(k, false));
        let (new, _) = api(schema_with(k, true));
        let changes = compare(&old, &new);
        let reported = if described.contains(&k.name) {
            changes.iter().any(
                |c| matches!(&c.kind, ChangeKind::Constraint { keyword, .. } if **keyword == *k.name),
            )
        } else {
            !changes.is_empty()
        };
        if !reported {
            missing.push(k.name);
        }
    }
    assert!(
        missing.is_empty(),
        "keyword changes diff misses: {missing:?}"
    );
}

/// The suite's directory of each draft.
fn suite_dir(draft: Draft) -> &'static str {
    match draft {
        Draft::Draft4 => "draft4",
        Draft::Draft6 => "draft6",
        Draft::Draft7 => "draft7",
        Draft::Draft201909 => "draft2019-09",
        Draft::Draft202012 => "draft2020-12",
    }
}

/// Every object key in `v`, recursively.
fn keys(v: &Value, out: &mut BTreeSet<String>) {
    match v {
        Value::Object(m) => {
            for (k, v) in m {
                out.insert(k.clone());
                keys(v, out);
            }
        }
        Value::Array(a) => a.iter().for_each(|v| keys(v, out)),
        _ => {}
    }
}

/// The file stems and the keys of the case schemas of one draft's suite (`optional/`
/// included).
fn coverage(dir: &Path) -> (BTreeSet<String>, BTreeSet<String>) {
    let (mut stems, mut used) = (BTreeSet::new(), BTreeSet::new());
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
                continue;
            }
            if p.extension().and_then(|x| x.to_str()) != Some("json") {
                continue;
            }
            if let Some(stem) = p.file_stem().and_then(|s| s.to_str()) {
                stems.insert(stem.to_owned());
            }
            let text = std::fs::read_to_string(&p).unwrap_or_default();
            let Ok(Value::Array(groups)) = serde_json::from_str::<Value>(&text) else {
                continue;
            };
            for g in &groups {
                if let Some(s) = g.get("schema") {
                    keys(s, &mut used);
                }
            }
        }
    }
    (stems, used)
}

#[test]
fn every_keyword_has_conformance_cases_in_each_of_its_drafts() {
    let Some(root) = envgen_test_support::shared::shared("jsts/tests", "keyword coverage") else {
        return;
    };
    let drafts = [
        Draft::Draft4,
        Draft::Draft6,
        Draft::Draft7,
        Draft::Draft201909,
        Draft::Draft202012,
    ];
    let suites: BTreeMap<Draft, _> = drafts
        .into_iter()
        .map(|d| (d, coverage(&root.join(suite_dir(d)))))
        .collect();
    let mut missing = Vec::new();
    for k in TABLE
        .iter()
        .filter(|k| matches!(k.role, Role::Applicator | Role::Assertion))
    {
        for d in drafts.into_iter().filter(|d| k.in_draft(*d)) {
            let (stems, used) = &suites[&d];
            if !stems.contains(k.name) && !used.contains(k.name) {
                missing.push(format!("{} ({})", k.name, suite_dir(d)));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "keywords with no conformance case: {missing:?}"
    );
}
