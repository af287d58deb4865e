//! Opt-in typify compatibility: a local `$ref` whose pointer leads nowhere resolves by its
//! last segment when exactly one definition has that name; otherwise it stays an error.

use envgen_codegen::{SchemaSet, Settings};

fn generate(text: &str, by_name: bool) -> Result<String, String> {
    let mut set = SchemaSet::new().with_refs_by_name(by_name);
    let doc = set
        .add_document("s.json", "envgen-memory:///s.json", text)
        .map_err(|e| e.to_string())?;
    set.link().map_err(|e| e.to_string())?;
    envgen_codegen::generate(&set, doc, &Settings::new())
        .map(|t| t.to_string())
        .map_err(|e| e.to_string())
}

const DANGLING: &str = r##"{
  "type": "object",
  "properties": { "item": { "$ref": "#/components/schemas/Item" } },
  "definitions": { "Item": { "type": "object", "properties": { "id": { "type": "integer" } } } }
}"##;

#[test]
fn dangling_ref_is_an_error_by_default() {
    let e = generate(DANGLING, false).expect_err("JSON Schema has no by-name rule");
    assert!(e.contains("#/properties/item/$ref"), "{e}");
    assert!(e.contains("cannot resolve `$ref`"), "{e}");
}

#[test]
fn dangling_ref_resolves_by_name_when_asked() {
    let code = generate(DANGLING, true).expect("resolves to #/definitions/Item");
    assert!(code.contains("pub struct Item"), "{code}");
    assert!(code.contains("pub item : Option < Item >"), "{code}");
}

#[test]
fn ambiguous_or_absent_names_stay_errors() {
    let ambiguous = r##"{
      "properties": { "x": { "$ref": "#/nowhere/Item" } },
      "definitions": { "Item": { "type": "string" } },
      "$defs": { "Item": { "type": "integer" } }
    }"##;
    let e = generate(ambiguous, true).expect_err("two candidates");
    assert!(e.contains("#/properties/x/$ref"), "{e}");
    let absent = r##"{ "properties": { "x": { "$ref": "#/definitions/Missing" } } }"##;
    assert!(generate(absent, true).is_err());
}
