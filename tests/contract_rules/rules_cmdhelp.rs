//! `envgen::help::check` (the cmdhelp v0.1 schema) and the consumer helpers: one passing
//! and one failing case per rule id.

use crate::rules as support;

use envgen::cmdhelp::Cmdhelp;
use envgen::help::check;
use envgen::help::consumer::{exit_codes, missing_see_also, resolve_schema_ref, SchemaRefError};
use envgen::rules::Level;
use serde_json::{json, Value};
use support::{assert_case, fixtures, rules};

/// Asserts `good` does not break `rule` and `bad` does (at `pointer`, with `level`).
fn case(rule: &str, level: Level, good: Value, bad: Value, pointer: &str) {
    let b = check(&bad);
    assert_case(rule, &check(&good), &b, pointer);
    assert!(
        b.iter().any(|v| v.rule == rule && v.level == level),
        "{rule}: {b:#?}"
    );
}

fn doc() -> Value {
    json!({
        "cmdhelp_version": "0.1",
        "binary": "pad",
        "version": "1.3.0",
        "summary": "Notes and items.",
        "commands": {
            "item create": {
                "summary": "Create an item.",
                "args": [{"name": "title", "type": "string", "required": true}],
                "flags": {"collection": {"type": "enum", "enum": ["tasks", "notes"]}},
                "stdout": {"json_schema_ref": "#/schemas/Item"},
                "exit_codes": {"0": "Created.", "3": {"when": "An argument is invalid.", "recovery": "Fix it."}},
                "examples": [{"cmd": "pad item create 'Buy milk' --collection tasks"}],
                "see_also": ["item list"]
            },
            "item list": {"summary": "List items."}
        },
        "schemas": {"Item": {"type": "object"}}
    })
}

fn with(mut doc: Value, pointer: &str, value: Value) -> Value {
    *doc.pointer_mut(pointer)
        .unwrap_or_else(|| panic!("{pointer}")) = value;
    doc
}

#[test]
fn valid_documents_break_no_must_rule() {
    assert_eq!(check(&doc()), vec![]);
    for (f, text) in fixtures("cmdhelp") {
        let found = check(&serde_json::from_str(&text).unwrap());
        assert!(
            found.iter().all(|v| v.level == Level::Should),
            "{}: {found:#?}",
            f.display()
        );
        // pad.json types `--workspace` as a string with an enum_source: the SHOULD lint.
        if f.ends_with("pad.json") {
            assert_eq!(rules(&found), ["cmdhelp/enum-type"]);
        }
    }
}

#[test]
fn cmdhelp_schema() {
    case(
        "cmdhelp/schema",
        Level::Must,
        doc(),
        with(doc(), "/cmdhelp_version", json!("0.1.0")),
        "/cmdhelp_version",
    );
}

#[test]
fn cmdhelp_schema_asserts_formats() {
    let mut good = doc();
    good["homepage"] = json!("https://getpad.dev");
    let bad = with(good.clone(), "/homepage", json!("not a uri"));
    case("cmdhelp/schema", Level::Must, good, bad, "/homepage");
}

#[test]
fn cmdhelp_see_also_exists() {
    let bad = with(
        doc(),
        "/commands/item create/see_also",
        json!(["item list", "item delete"]),
    );
    case(
        "cmdhelp/see-also-exists",
        Level::Must,
        doc(),
        bad,
        "/commands/item create/see_also/1",
    );
}

#[test]
fn cmdhelp_json_schema_ref_resolves() {
    let at = "/commands/item create/stdout/json_schema_ref";
    case(
        "cmdhelp/json-schema-ref-resolves",
        Level::Must,
        doc(),
        with(doc(), at, json!("#/schemas/Missing")),
        at,
    );
    case(
        "cmdhelp/json-schema-ref-resolves",
        Level::Must,
        doc(),
        with(doc(), at, json!("Item.json")),
        at,
    );
}

#[test]
fn cmdhelp_6_example_resolves() {
    let bad = with(
        doc(),
        "/commands/item create/examples/0/cmd",
        json!("pad item craete x"),
    );
    case(
        "cmdhelp/6-example-resolves",
        Level::Must,
        doc(),
        bad,
        "/commands/item create/examples/0/cmd",
    );
}

#[test]
fn cmdhelp_enum_type() {
    let bad = with(
        doc(),
        "/commands/item create/flags/collection/type",
        json!("string"),
    );
    case(
        "cmdhelp/enum-type",
        Level::Should,
        doc(),
        bad,
        "/commands/item create/flags/collection/type",
    );
}

#[test]
fn cmdhelp_enum_values() {
    let bad = with(
        doc(),
        "/commands/item create/flags/collection",
        json!({"type": "enum"}),
    );
    case(
        "cmdhelp/enum-values",
        Level::Should,
        doc(),
        bad,
        "/commands/item create/flags/collection",
    );
}

#[test]
fn cmdhelp_summary_one_line() {
    let bad = with(
        doc(),
        "/commands/item list/summary",
        json!("List items.\nAll of them."),
    );
    case(
        "cmdhelp/summary-one-line",
        Level::Should,
        doc(),
        bad,
        "/commands/item list/summary",
    );
}

#[test]
fn cmdhelp_command_path_space_joined() {
    let mut bad = doc();
    let list = bad["commands"]
        .as_object_mut()
        .unwrap()
        .remove("item list")
        .unwrap();
    bad["commands"]["item  list"] = list;
    bad["commands"]["item create"]["see_also"] = json!([]);
    case(
        "cmdhelp/command-path-space-joined",
        Level::Should,
        doc(),
        bad,
        "/commands/item  list",
    );
}

#[test]
fn cmdhelp_version_semver() {
    case(
        "cmdhelp/version-semver",
        Level::Should,
        doc(),
        with(doc(), "/version", json!("v1.3")),
        "/version",
    );
}

#[test]
fn consumer_exit_codes_are_normalized_to_the_rich_form() {
    let typed = Cmdhelp::from_json_str(&doc().to_string()).unwrap();
    let codes = exit_codes(&typed.commands["item create"]).unwrap();
    assert_eq!(codes.keys().copied().collect::<Vec<_>>(), [0, 3]);
    assert_eq!(codes[&0].when, "Created.");
    assert_eq!(codes[&0].recovery, None);
    assert_eq!(codes[&3].recovery.as_deref(), Some("Fix it."));
    let huge = with(
        doc(),
        "/commands/item create/exit_codes",
        json!({"99999999999": "x"}),
    );
    let typed = Cmdhelp::from_json_str(&huge.to_string()).unwrap();
    assert_eq!(
        exit_codes(&typed.commands["item create"]).unwrap_err().key,
        "99999999999"
    );
}

#[test]
fn consumer_resolves_refs_and_finds_missing_see_also() {
    let d = doc();
    assert_eq!(
        resolve_schema_ref(&d, "#/schemas/Item"),
        Ok(&json!({"type": "object"}))
    );
    assert_eq!(
        resolve_schema_ref(&d, "#/schemas/Nope"),
        Err(SchemaRefError::Unresolved("#/schemas/Nope".into()))
    );
    assert!(matches!(
        resolve_schema_ref(&d, "schemas/Item"),
        Err(SchemaRefError::NotAPointer(_))
    ));
    let typed = Cmdhelp::from_json_str(
        &with(doc(), "/commands/item create/see_also", json!(["x"])).to_string(),
    )
    .unwrap();
    let missing = missing_see_also(&typed);
    assert_eq!(
        (
            missing[0].command.as_str(),
            missing[0].index,
            missing[0].target.as_str()
        ),
        ("item create", 0, "x")
    );
}
