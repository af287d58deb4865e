//! Fidelity to the contracts' source texts, read from `../shared/seeds/` (not part of the
//! repository; one file per contract, `000_*` to `004_*`):
//!
//! * the two copied schemas (the ResponseEnvelope schema, the cmdhelp v0.1 schema) are
//!   byte-identical to their source files, and the Meminit schema is exactly the JSON of
//!   the Meminit Agent Output Contract, section 11;
//! * every example embedded in the contracts' prose (the ResponseEnvelope spec's five
//!   envelopes, the ToolResponse spec's `ls` result, the Meminit Agent Output Contract's
//!   two one-line envelopes) parses into its generated type and serializes back to the
//!   same JSON.
//!
//! Without `../shared` these tests say loudly that they skipped; with
//! `ENVGEN_REQUIRE_SHARED=1` (as `.ci/run` sets) they fail instead.

use envgen::runtime::json::first_difference;
use serde_json::Value;
use std::path::{Path, PathBuf};

fn shared() -> Option<PathBuf> {
    envgen_test_support::shared::shared("seeds", "contract fidelity").map(|seeds| seeds.join(".."))
}

fn seed(dir: &Path, prefix: &str) -> String {
    let seeds = dir.join("seeds");
    let entry = std::fs::read_dir(&seeds)
        .unwrap_or_else(|e| panic!("{}: {e}", seeds.display()))
        .filter_map(Result::ok)
        .find(|e| e.file_name().to_string_lossy().starts_with(prefix))
        .unwrap_or_else(|| panic!("no {prefix}_* file in {}", seeds.display()));
    std::fs::read_to_string(entry.path()).unwrap_or_else(|e| panic!("{e}"))
}

fn schema(name: &str) -> String {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("schemas")
        .join(name);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

#[test]
fn copied_schemas_match_the_seeds() {
    let Some(dir) = shared() else { return };
    assert_eq!(
        schema("response-envelope.json"),
        seed(&dir, "000"),
        "response-envelope.json differs from the ResponseEnvelope schema's source file"
    );
    assert_eq!(
        schema("cmdhelp.schema.json"),
        seed(&dir, "003"),
        "cmdhelp.schema.json differs from the cmdhelp v0.1 schema's source file"
    );
    let spec = seed(&dir, "004");
    let section = spec
        .split("## 11. JSON Schema (Normative)")
        .nth(1)
        .unwrap_or_else(|| panic!("no section 11"));
    let block = section
        .split("```json\n")
        .nth(1)
        .and_then(|s| s.split("\n```").next())
        .unwrap_or_else(|| panic!("no JSON block in section 11"));
    assert_eq!(schema("meminit-output-envelope.json"), format!("{block}\n"));
}

/// Every JSON object in `text` that starts a line and parses (backslash line
/// continuations inside strings, as the ToolResponse spec writes them, are joined first).
fn examples(text: &str) -> Vec<Value> {
    let joined = text.replace("\\\n", "");
    let mut out = Vec::new();
    let mut at_line_start = true;
    for (i, c) in joined.char_indices() {
        if c == '{' && at_line_start {
            let mut stream = serde_json::Deserializer::from_str(&joined[i..]).into_iter::<Value>();
            if let Some(Ok(v)) = stream.next() {
                out.push(v);
            }
        }
        at_line_start = c == '\n' || (at_line_start && c.is_whitespace());
    }
    out
}

fn round_trips<T: serde::de::DeserializeOwned + serde::Serialize>(v: &Value) -> Result<(), String> {
    let text = v.to_string();
    let parsed: T = envgen::runtime::from_json_str(&text).map_err(|e| e.to_string())?;
    let back = serde_json::to_value(&parsed).map_err(|e| e.to_string())?;
    match first_difference(v, &back) {
        None => Ok(()),
        Some(p) => Err(format!("round trip differs at {p}")),
    }
}

#[test]
fn seed_001_examples_round_trip() {
    let Some(dir) = shared() else { return };
    let found: Vec<Value> = examples(&seed(&dir, "001"))
        .into_iter()
        .filter(|v| v.get("ok").is_some())
        .collect();
    assert_eq!(
        found.len(),
        5,
        "the ResponseEnvelope spec has five example envelopes"
    );
    for v in &found {
        round_trips::<envgen::response_envelope::ResponseEnvelope>(v)
            .unwrap_or_else(|e| panic!("{e}: {v}"));
    }
}

#[test]
fn seed_002_ls_example_round_trips() {
    let Some(dir) = shared() else { return };
    let found: Vec<Value> = examples(&seed(&dir, "002"))
        .into_iter()
        .filter(|v| v.get("status").is_some() && v.get("context").is_some())
        .collect();
    assert_eq!(
        found.len(),
        1,
        "the ToolResponse spec has one complete example (the ls result)"
    );
    round_trips::<envgen::tool_response::ToolResponse>(&found[0]).unwrap_or_else(|e| panic!("{e}"));
    let ours = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/documents/tool-response/seed-ls.json"),
    )
    .unwrap_or_default();
    let ours: Value = serde_json::from_str(&ours).unwrap_or_default();
    assert_eq!(
        first_difference(&found[0], &ours),
        None,
        "tests/documents/tool-response/seed-ls.json differs from the ToolResponse spec's ls example"
    );
}

#[test]
fn seed_004_examples_round_trip_byte_for_byte() {
    let Some(dir) = shared() else { return };
    let spec = seed(&dir, "004");
    let lines: Vec<&str> = spec
        .lines()
        .filter(|l| l.starts_with("{\"output_schema_version\""))
        .collect();
    assert_eq!(
        lines.len(),
        2,
        "the Meminit Agent Output Contract, section 12, has two examples"
    );
    for line in lines {
        let parsed = envgen::meminit::MeminitEnvelope::<Value>::from_json_str(line)
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(serde_json::to_string(&parsed).unwrap_or_default(), line);
    }
}
