//! YAML schema documents: a schema written as YAML generates the same code as its JSON
//! form (the path in the header and in the docs aside), errors in a YAML document name its
//! line and column, and `$ref`s to YAML documents resolve through a URI map.
//!
//! The YAML forms are written by a block-style emitter below (plain scalars where YAML
//! reads them back as the same string, double-quoted otherwise), from the four envelope
//! schemas and, when `../shared` is there, the SchemaStore corpus; without it that part
//! says SKIPPED, or fails under `ENVGEN_REQUIRE_SHARED=1`.

use envgen_codegen::{generate_source, Config, Settings};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// A key or string YAML reads back as the same string when written plain.
fn plain_safe(s: &str) -> bool {
    let first_ok = s
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_' || c == '$');
    let rest_ok = s
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '-' | '.' | ' ' | '/'));
    let special = matches!(
        s,
        "null" | "Null" | "NULL" | "true" | "True" | "TRUE" | "false" | "False" | "FALSE"
    );
    first_ok && rest_ok && !special && !s.ends_with(' ') && !s.contains(" #")
}

fn scalar(s: &str) -> String {
    if plain_safe(s) {
        s.to_owned()
    } else {
        serde_json::to_string(s).expect("a string serializes")
    }
}

/// `value` as block-style YAML at `indent` spaces.
fn to_yaml(value: &Value, indent: usize, out: &mut String) {
    let pad = " ".repeat(indent);
    match value {
        Value::Object(map) if !map.is_empty() => {
            for (k, v) in map {
                out.push_str(&format!("{pad}{}:", scalar(k)));
                child(v, indent, out);
            }
        }
        Value::Array(items) if !items.is_empty() => {
            for v in items {
                out.push_str(&format!("{pad}-"));
                child(v, indent, out);
            }
        }
        other => out.push_str(&format!("{pad}{}\n", leaf(other))),
    }
}

fn child(v: &Value, indent: usize, out: &mut String) {
    match v {
        Value::Object(m) if !m.is_empty() => {
            out.push('\n');
            to_yaml(v, indent + 2, out);
        }
        Value::Array(a) if !a.is_empty() => {
            out.push('\n');
            to_yaml(v, indent + 2, out);
        }
        _ => out.push_str(&format!(" {}\n", leaf(v))),
    }
}

fn leaf(v: &Value) -> String {
    match v {
        Value::String(s) => scalar(s),
        Value::Object(_) => "{}".to_owned(),
        Value::Array(_) => "[]".to_owned(),
        other => other.to_string(),
    }
}

fn yaml_of(json: &str) -> String {
    let value: Value = serde_json::from_str(json).expect("JSON");
    let mut out = String::from("# written from the JSON form\n");
    to_yaml(&value, 0, &mut out);
    out
}

/// Generates `json` and its YAML form, and compares the code with the names unified.
fn same_code(name: &str, json: &str) -> Result<(), String> {
    let settings = Settings::new();
    // Names no schema text holds, so that unifying them changes nothing else.
    let (json_name, yaml_name) = (format!("{name}-form.json"), format!("{name}-form.yaml"));
    let from_json = generate_source(&json_name, json, &settings);
    let yaml = yaml_of(json);
    let from_yaml = generate_source(&yaml_name, &yaml, &settings);
    match (from_json, from_yaml) {
        (Ok(j), Ok(y)) => {
            let y = y.replace(&yaml_name, &json_name);
            if j == y {
                Ok(())
            } else {
                let line = j
                    .lines()
                    .zip(y.lines())
                    .position(|(a, b)| a != b)
                    .unwrap_or(0);
                if let Ok(dir) = std::env::var("ENVGEN_YAML_DUMP") {
                    let _ = std::fs::write(format!("{dir}/{name}.json.rs"), &j);
                    let _ = std::fs::write(format!("{dir}/{name}.yaml.rs"), &y);
                    let _ = std::fs::write(format!("{dir}/{name}.yaml"), &yaml);
                }
                Err(format!("{name}: the code differs from line {}", line + 1))
            }
        }
        (Err(j), Err(y)) => {
            let y = y.to_string().replace(&yaml_name, &json_name);
            // Both refused: the same message, located at the same pointer.
            let (j, y) = (j.to_string(), y);
            let strip = |s: &str| s.split(" (line").next().unwrap_or(s).to_owned();
            if strip(&j) == strip(&y) {
                Ok(())
            } else {
                Err(format!("{name}: refused differently:\n  {j}\n  {y}"))
            }
        }
        (j, y) => Err(format!(
            "{name}: JSON {} but YAML {}",
            j.map_or_else(|e| format!("refused ({e})"), |_| "generated".into()),
            y.map_or_else(|e| format!("refused ({e})"), |_| "generated".into())
        )),
    }
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

#[test]
fn the_envelope_schemas_as_yaml_give_the_same_code() {
    let mut problems = Vec::new();
    for name in [
        "response-envelope",
        "tool-response",
        "cmdhelp.schema",
        "meminit-output-envelope",
    ] {
        let json = std::fs::read_to_string(repo().join("schemas").join(format!("{name}.json")))
            .expect("schema file");
        assert!(yaml_of(&json).lines().count() > 20, "{name}: block YAML");
        if let Err(e) = same_code(name, &json) {
            problems.push(e);
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_corpus_schemas_as_yaml_give_the_same_code() {
    let Some(dir) =
        envgen_test_support::shared::shared("corpus/schemastore", "the YAML corpus test")
    else {
        return;
    };
    let mut names: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("corpus dir")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.join("schema.json").is_file())
        .collect();
    names.sort();
    let mut problems = Vec::new();
    let mut compared = 0;
    for path in &names {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("?");
        let json = std::fs::read_to_string(path.join("schema.json")).expect("schema");
        compared += 1;
        if let Err(e) = same_code(name, &json) {
            problems.push(e);
        }
    }
    assert!(compared >= 20, "only {compared} corpus schemas");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn errors_in_a_yaml_schema_name_the_line_and_column() {
    let settings = Settings::new();
    let schema = "type: object\nproperties:\n  name:\n    type: string\n    minLength: -1\n";
    let e = generate_source("bad.yaml", schema, &settings).expect_err("minLength -1");
    let shown = e.to_string();
    assert!(
        shown.contains("bad.yaml#/properties/name/minLength")
            && shown.contains("line 5, column 16"),
        "{shown}"
    );
    let e = generate_source("broken.yaml", "type: object\nproperties: [a,\n", &settings)
        .expect_err("unclosed flow sequence");
    let shown = e.to_string();
    assert!(
        shown.contains("broken.yaml") && shown.contains("invalid YAML"),
        "{shown}"
    );
    assert!(shown.contains("(line 3"), "{shown}");
    let e = generate_source("dup.yml", "type: object\ntype: string\n", &settings)
        .expect_err("duplicate key");
    assert!(
        e.to_string().contains("dup.yml#/type") && e.to_string().contains("line 2, column 1"),
        "{e}"
    );
}

#[test]
fn yaml_without_a_yaml_name_is_read_when_it_is_not_json() {
    let settings = Settings::new();
    let yaml = "title: Thing\ntype: object\nproperties:\n  id:\n    type: integer\n";
    let code = generate_source("schema", yaml, &settings).expect("YAML content");
    assert!(code.contains("pub struct Thing"), "{code}");
    // A file named `.json` stays JSON: its error is a JSON error.
    let e = generate_source("thing.json", yaml, &settings).expect_err("not JSON");
    assert!(e.to_string().contains("invalid JSON"), "{e}");
}

#[test]
fn refs_to_yaml_documents_resolve_through_a_uri_map() {
    let dir = envgen_test_support::scratch::Scratch::new("yaml-map");
    let defs = dir.join("defs");
    std::fs::create_dir_all(&defs).expect("temp dir");
    std::fs::write(
        defs.join("common.yaml"),
        "$defs:\n  id:\n    type: string\n    pattern: ^[a-z]+$\n  count:\n    type: integer\n    minimum: 0\n",
    )
    .expect("write");
    std::fs::write(
        dir.join("main.yml"),
        "$schema: https://json-schema.org/draft/2020-12/schema\ntitle: Order\ntype: object\nrequired: [id]\nproperties:\n  id:\n    $ref: https://example.com/defs/common.yaml#/$defs/id\n  count:\n    $ref: https://example.com/defs/common.yaml#/$defs/count\n",
    )
    .expect("write");
    let generated = Config::new()
        .base_dir(dir.to_path_buf())
        .schema("main.yml")
        .map("https://example.com/defs/", &defs)
        .generate();
    let generated = generated.expect("generates");
    let code = &generated[0].code;
    assert!(code.contains("pub struct Order"), "{code}");
    assert!(
        code.contains("^[a-z]+$"),
        "the mapped YAML definition's pattern: {code}"
    );
    assert!(code.contains("pub count: Option<Count>"), "{code}");
    assert!(
        code.contains("pub struct Count(") || code.contains("pub type Count ="),
        "{code}"
    );
}
