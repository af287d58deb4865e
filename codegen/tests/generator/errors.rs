//! Malformed and unsupported schemas give located errors, never a panic.
//!
//! The table is the directory `tests/bad_schemas/`: one schema per file, generated with
//! the real build layer ([`Config`]) as `bad_schemas/<file>` (`bad_schemas/meta/` holds a metaschema a case uses). A file `<case>.args` beside
//! a case holds settings, one per line: `rename POINTER=NAME`, `root-name NAME`,
//! `derive PATH`, `runtime-path PATH`, `generic POINTER=PARAM`, `map-type POINTER=PATH`,
//! `derived POINTER=EXPR`, `map PREFIX=DIR`. Every message names the file, the
//! line and column, and the JSON pointer; cases named `*-unsupported-*` also name the
//! keyword and what to do instead; an error a setting causes (every setting but `map`) is
//! of kind `Setting`, and no other is. All messages are one snapshot, to review on change.

use envgen_codegen::{Config, ErrorKind, SchemaConfig, Settings};
use std::path::{Path, PathBuf};

fn tests_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests")
}

/// The cases, sorted by file name.
fn cases() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(tests_dir().join("bad_schemas"))
        .map(|rd| {
            rd.flatten()
                .filter_map(|e| e.file_name().into_string().ok())
                .filter(|n| n.ends_with(".json"))
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

/// Generates one case through the build layer, with the settings of its `.args` file.
fn generate(file: &str) -> envgen_codegen::Result<Vec<envgen_codegen::Generated>> {
    let dir = tests_dir();
    let args_file = dir.join("bad_schemas").join(file.replace(".json", ".args"));
    let args = std::fs::read_to_string(args_file).unwrap_or_default();
    let mut settings = Settings::new();
    let mut config = Config::new().base_dir(&dir);
    for line in args.lines().filter(|l| !l.trim().is_empty()) {
        let (key, value) = line.split_once(' ').unwrap_or((line, ""));
        let kv = || value.split_once('=').unwrap_or((value, ""));
        match key {
            "rename" => settings = settings.rename(kv().0, kv().1),
            "root-name" => settings = settings.root_name(value),
            "derive" => settings = settings.derive(value),
            "runtime-path" => settings = settings.runtime_path(value),
            "generic" => settings = settings.generic(kv().0, kv().1),
            "map-type" => settings = settings.map_type(kv().0, kv().1),
            "derived" => settings = settings.derived(kv().0, kv().1, []),
            "map" => config = config.map(kv().0, dir.join("bad_schemas").join(kv().1)),
            other => panic!("{file}: unknown setting {other:?} in the .args file"),
        }
    }
    config
        .schema_with(SchemaConfig::new(format!("bad_schemas/{file}")).settings(settings))
        .generate()
}

#[test]
fn the_table_has_at_least_25_cases() {
    let n = cases().len();
    assert!(n >= 25, "only {n} cases in tests/bad_schemas");
}

#[test]
fn bad_schemas_give_located_errors() {
    // Absolute paths (in `file://` URIs of missing files) differ per checkout.
    let root = std::fs::canonicalize(tests_dir())
        .map(|p| p.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut report = String::new();
    for file in cases() {
        let outcome = match std::panic::catch_unwind(|| generate(&file)) {
            Err(_) => panic!("{file}: codegen panicked"),
            Ok(r) => r,
        };
        let err = match outcome {
            Ok(_) => panic!("{file}: expected an error, but code was generated"),
            Err(e) => e,
        };
        let shown = err.to_string().replace(&root, "$TESTS");
        assert_eq!(err.file, format!("bad_schemas/{file}"), "{shown}");
        assert!(
            err.position.is_some(),
            "{file}: no line and column: {shown}"
        );
        assert!(
            shown.starts_with(&format!("bad_schemas/{file}#{} (line ", err.pointer)),
            "{file}: {shown}"
        );
        assert!(!err.message.is_empty(), "{file}: empty message");
        let args = std::fs::read_to_string(
            tests_dir()
                .join("bad_schemas")
                .join(file.replace(".json", ".args")),
        )
        .unwrap_or_default();
        let by_setting = args
            .lines()
            .any(|l| !l.trim().is_empty() && !l.starts_with("map "));
        assert_eq!(
            err.kind == ErrorKind::Setting,
            by_setting,
            "{file}: kind {:?}: {shown}",
            err.kind
        );
        if file.contains("-unsupported-") {
            let kw = err.keyword.clone().unwrap_or_default();
            assert!(!kw.is_empty(), "{file}: names no keyword: {shown}");
            assert!(err.pointer.ends_with(&kw), "{file}: {shown}");
            assert!(err.help.is_some(), "{file}: no advice: {shown}");
        }
        report.push_str(&format!("## {file}\n{shown}\n\n"));
    }
    insta::assert_snapshot!(report);
}

#[test]
fn name_collisions_without_a_rename_are_disambiguated() {
    // `thing`, `Thing` and the title `Thing` all want the type name `Thing`: envgen keeps
    // the first and numbers the others, deterministically; `a-b`/`a_b` fields likewise.
    let text = r##"{"title": "Thing", "type": "object",
        "properties": {"a": {"$ref": "#/definitions/thing"}, "b": {"$ref": "#/definitions/Thing"},
                       "a-b": {"type": "string"}, "a_b": {"type": "integer"}},
        "definitions": {"thing": {"type": "string"}, "Thing": {"type": "integer"}}}"##;
    let code = envgen_codegen::generate_source("collide.json", text, &Settings::new())
        .unwrap_or_else(|e| panic!("{e}"));
    for expected in [
        "pub struct Thing {",
        "pub type Thing2 = String;",
        "pub type Thing3 = i64;",
        "pub a_b: Option<String>,",
        "pub a_b_2: Option<i64>,",
    ] {
        assert!(code.contains(expected), "missing {expected:?} in:\n{code}");
    }
}

#[test]
fn invalid_json_names_line_and_column() {
    let err = envgen_codegen::generate_source(
        "schemas/x.json",
        "{\n  \"type\": \"object\",\n  \"properties\": {\n",
        &Settings::new(),
    )
    .err();
    let pos = err.as_ref().and_then(|e| e.position);
    assert_eq!(pos.map(|p| p.0), Some(4), "{err:?}");
}

#[test]
fn errors_inside_the_document_name_line_and_column() {
    let text = "{\n  \"properties\": {\n    \"a\": {\"type\": \"strin\"}\n  }\n}";
    let err = envgen_codegen::generate_source("schemas/x.json", text, &Settings::new()).err();
    assert_eq!(
        err.as_ref().and_then(|e| e.position),
        Some((3, 19)),
        "{err:?}"
    );
    let shown = err.map(|e| e.to_string()).unwrap_or_default();
    assert!(
        shown.contains("schemas/x.json#/properties/a/type (line 3, column 19)"),
        "{shown}"
    );
}

#[test]
fn a_bad_generic_setting_is_an_error_not_a_panic() {
    let text = r#"{"type": "object", "properties": {"data": {}}}"#;
    let err = envgen_codegen::generate_source(
        "s.json",
        text,
        &Settings::new().generic("/properties/nope", "T"),
    )
    .err();
    assert_eq!(
        err.map(|e| e.pointer.clone()).as_deref(),
        Some("/properties/nope")
    );
    let err = envgen_codegen::generate_source(
        "s.json",
        text,
        &Settings::new().generic("/properties/data", "Deser"),
    )
    .err();
    assert!(err.is_some());
}

#[test]
fn validating_newtypes_without_validators_is_a_setting_error() {
    let text = r#"{"type": "object", "properties": {"a": {"type": "string", "pattern": "^a"}}}"#;
    let err = envgen_codegen::generate_source(
        "s.json",
        text,
        &Settings::new().validating_newtypes(true).validators(false),
    )
    .err();
    assert_eq!(
        err.as_ref().map(|e| e.kind),
        Some(envgen_codegen::ErrorKind::Setting)
    );
    let shown = err.map(|e| e.to_string()).unwrap_or_default();
    assert!(shown.contains("validating newtypes"), "{shown}");
    // With the validators, the same schema generates a newtype.
    let code =
        envgen_codegen::generate_source("s.json", text, &Settings::new().validating_newtypes(true))
            .expect("generates");
    assert!(code.contains("validated_string!("), "{code}");
}

#[test]
fn diff_checks_its_settings_as_generate_does() {
    let dir = envgen_test_support::scratch::Scratch::new("diff-settings");
    let (old, new) = (dir.join("old.json"), dir.join("new.json"));
    let text = r#"{"type": "object", "properties": {"data": {}}}"#;
    std::fs::write(&old, text).expect("write old");
    std::fs::write(&new, text).expect("write new");
    let diff = |settings: &Settings| {
        envgen_codegen::diff::diff_files(&Config::new(), &old, &new, settings).err()
    };
    assert!(diff(&Settings::new().generic("/properties/data", "T")).is_none());
    // A rename, which only `settings_errors` looks at, and generic parameters.
    for (pointer, settings) in [
        (
            "/properties/nope",
            Settings::new().rename("/properties/nope", "Nope"),
        ),
        (
            "/properties/nope",
            Settings::new().generic("/properties/nope", "T"),
        ),
        (
            "/properties/data",
            Settings::new().generic("/properties/data", "Deser"),
        ),
    ] {
        let err = diff(&settings);
        assert_eq!(
            err.as_ref().map(|e| e.kind),
            Some(ErrorKind::Setting),
            "{err:?}"
        );
        assert_eq!(err.map(|e| e.pointer.clone()).as_deref(), Some(pointer));
    }
}

#[test]
fn recursion_with_a_base_case_is_not_a_cycle_error() {
    // Recursion through a property, through `items` in an `anyOf` with a string branch,
    // and a `$ref` chain that ends in a real schema: all ordinary, all generate.
    for text in [
        r##"{"type": "object", "properties": {"next": {"$ref": "#"}}}"##,
        r##"{"anyOf": [{"type": "string"}, {"type": "array", "items": {"$ref": "#"}}]}"##,
        r##"{"$ref": "#/$defs/a", "$defs": {"a": {"allOf": [{"$ref": "#/$defs/b"}]}, "b": {"type": "object", "properties": {"child": {"$ref": "#/$defs/a"}}}}}"##,
    ] {
        if let Err(e) = envgen_codegen::generate_source("rec.json", text, &Settings::new()) {
            panic!("{text}: {e}");
        }
    }
}
