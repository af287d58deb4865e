//! The generated cmdhelp v0.1 types (the cmdhelp v0.1 schema) parse real documents into
//! typed values: nested `commands` paths, `flags` keyed by name, args, `exit_codes` in
//! both forms, the closed `typeName` set plus `x-*` extensions, mixed-type `enum`,
//! `enum_source`, and `negate_flag` only on bool. Each rule of the schema that a document
//! can break has an invalid document under `tests/documents/cmdhelp/invalid/` (see its
//! manifest); here each one must fail with the manifest's pointer and keyword.

use envgen::cmdhelp::{Cmdhelp, EnumValuesItem, ExitCode, Flag, TypeName};
use envgen::runtime::Options;
use serde_json::{json, Value};
use std::path::Path;

fn dir() -> &'static Path {
    Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/documents/cmdhelp"
    ))
}

fn load(name: &str) -> Cmdhelp {
    let path = dir().join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    Cmdhelp::from_json_str(&text).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn flag<'a>(doc: &'a Cmdhelp, path: &str, key: &str) -> &'a Flag {
    doc.commands
        .get(path)
        .and_then(|c| c.flags.as_ref())
        .and_then(|f| f.get(key))
        .unwrap_or_else(|| panic!("no flag {key} on {path}"))
}

#[test]
fn nested_command_paths_flags_and_args_are_typed() {
    let doc = load("git-like.json");
    assert_eq!(doc.binary, "gitlike");
    for path in ["branch", "branch list", "remote add", "stash push"] {
        assert!(doc.commands.contains_key(path), "{path}");
    }
    let clone = doc
        .commands
        .get("clone")
        .cloned()
        .unwrap_or_else(|| panic!("clone"));
    let args = clone.args.unwrap_or_default();
    assert_eq!(
        (args[0].name.as_str(), &args[0].type_, args[0].required),
        ("url", &TypeName::Url, Some(true))
    );
    assert_eq!(flag(&doc, "clone", "depth").type_, TypeName::Int);
    assert_eq!(flag(&doc, "clone", "depth").default, Some(json!(0)));
    let globals = doc.global_flags.clone().unwrap_or_default();
    assert_eq!(
        globals.get("C").map(|f| f.type_.clone()),
        Some(TypeName::Path)
    );
    assert_eq!(
        globals.get("timeout").map(|f| f.type_.clone()),
        Some(TypeName::Duration)
    );
}

#[test]
fn exit_codes_parse_in_both_forms() {
    let doc = load("git-like.json");
    let codes = doc
        .commands
        .get("clone")
        .and_then(|c| c.exit_codes.clone())
        .unwrap_or_default();
    assert_eq!(
        codes.get("0"),
        Some(&ExitCode::String("Clone complete.".to_owned()))
    );
    match codes.get("128") {
        Some(ExitCode::ExitCodeRich(rich)) => {
            assert_eq!(rich.when, "The remote could not be reached.");
            assert_eq!(
                rich.recovery.as_deref(),
                Some("Check the URL and network, then retry.")
            );
            assert_eq!(
                rich.message_template.as_deref(),
                Some("fatal: unable to access '{url}'")
            );
            assert_eq!(rich.extra.get("x-retryable"), Some(&json!(true)));
        }
        other => panic!("128 should be rich: {other:?}"),
    }
}

#[test]
fn type_names_are_a_closed_set_plus_x_extensions() {
    let doc = load("pad.json");
    let expected = [
        ("due", TypeName::Date),
        ("remind", TypeName::Duration),
        ("at", TypeName::Datetime),
        ("link", TypeName::Url),
        ("attach", TypeName::Path),
        ("meta", TypeName::Json),
        ("parent", TypeName::Ref),
        ("estimate", TypeName::Float),
        ("count", TypeName::Int),
        ("notify", TypeName::Bool),
        ("collection", TypeName::Enum),
        ("color", TypeName::Extension("x-rgb".to_owned())),
    ];
    for (key, type_) in expected {
        assert_eq!(flag(&doc, "item create", key).type_, type_, "{key}");
    }
    assert_eq!(
        flag(&load("git-like.json"), "clone", "branch").type_,
        TypeName::Extension("x-ref-spec".to_owned())
    );
    // Serialized back as the same strings.
    assert_eq!(
        serde_json::to_value(TypeName::Extension("x-rgb".to_owned())).ok(),
        Some(json!("x-rgb"))
    );
    assert_eq!(
        serde_json::to_value(TypeName::Datetime).ok(),
        Some(json!("datetime"))
    );
    // Not in the set and not x-*: refused, as is a bare `x-`.
    assert!(TypeName::from_json_str("\"strng\"").is_err());
    assert!(TypeName::from_json_str("\"x-\"").is_err());
    assert_eq!(
        TypeName::from_json_str("\"x-a_b-1\"").ok(),
        Some(TypeName::Extension("x-a_b-1".to_owned()))
    );
}

#[test]
fn enum_values_may_mix_types() {
    let doc = load("pad.json");
    assert_eq!(
        flag(&doc, "item create", "priority").enum_,
        Some(vec![
            EnumValuesItem::Number(1.0),
            EnumValuesItem::Number(2.0),
            EnumValuesItem::Number(3.0),
            EnumValuesItem::String("none".to_owned()),
            EnumValuesItem::Boolean(true),
        ])
    );
    let git = load("git-like.json");
    let color = git
        .global_flags
        .as_ref()
        .and_then(|g| g.get("color"))
        .and_then(|f| f.enum_.clone());
    assert_eq!(color.as_ref().map(Vec::len), Some(6));
    assert_eq!(
        color.as_ref().and_then(|c| c.last().cloned()),
        Some(EnumValuesItem::Number(256.0))
    );
}

#[test]
fn enum_source_is_dynamic_and_keeps_its_snapshot() {
    let doc = load("pad.json");
    let collection = flag(&doc, "item create", "collection");
    assert_eq!(
        collection.enum_source.as_deref(),
        Some("dynamic:pad collection list")
    );
    assert_eq!(collection.enum_.as_ref().map(Vec::len), Some(2));
    let global = doc.global_flags.as_ref().and_then(|g| g.get("workspace"));
    assert_eq!(
        global.and_then(|f| f.enum_source.as_deref()),
        Some("dynamic:pad workspace list")
    );
}

#[test]
fn negate_flag_is_accepted_on_bool_and_refused_elsewhere() {
    let doc = load("pad.json");
    assert_eq!(
        flag(&doc, "item create", "notify").negate_flag.as_deref(),
        Some("--no-notify")
    );
    let with = |type_: &str| {
        format!(
            r#"{{"cmdhelp_version":"0.1","binary":"b","commands":{{"c":{{"summary":"s","flags":{{"x":{{"type":"{type_}","negate_flag":"--no-x"}}}}}}}}}}"#
        )
    };
    assert!(Cmdhelp::from_json_str(&with("bool")).is_ok());
    for type_ in ["string", "int", "enum", "x-flag"] {
        let errors = Cmdhelp::from_json_str(&with(type_))
            .err()
            .unwrap_or_else(|| panic!("{type_} accepted"));
        let first = errors
            .first()
            .cloned()
            .unwrap_or_else(|| panic!("no error"));
        assert_eq!(
            (first.instance_path.as_str(), first.keyword.as_str()),
            ("/commands/c/flags/x/type", "const"),
            "{type_}"
        );
    }
    // Built in code, the same rule holds through validate().
    let mut doc = doc.clone();
    if let Some(f) = doc
        .commands
        .get_mut("item create")
        .and_then(|c| c.flags.as_mut())
        .and_then(|f| f.get_mut("notify"))
    {
        f.type_ = TypeName::String;
    }
    assert!(doc.validate().is_err());
}

#[test]
fn extra_keys_everywhere_survive_a_round_trip() {
    let text = std::fs::read_to_string(dir().join("pad.json")).unwrap_or_default();
    let doc = load("pad.json");
    let back = serde_json::to_string(&doc).unwrap_or_default();
    assert_eq!(back, text.trim_end());
    let codes = doc
        .commands
        .get("item create")
        .and_then(|c| c.exit_codes.clone())
        .unwrap_or_default();
    match codes.get("13") {
        Some(ExitCode::ExitCodeRich(r)) => {
            assert_eq!(r.extra.get("x-redirect"), Some(&json!("pad items add")))
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn every_invalid_document_fails_where_its_manifest_says() {
    let manifest_path = dir().join("invalid/manifest.json");
    let manifest: Value =
        serde_json::from_str(&std::fs::read_to_string(&manifest_path).unwrap_or_default())
            .unwrap_or_else(|e| panic!("{}: {e}", manifest_path.display()));
    let entries = manifest.as_object().cloned().unwrap_or_default();
    assert!(entries.len() >= 20, "{} entries", entries.len());
    let options = Options::new().all_errors(true);
    for (name, expect) in entries {
        let text = std::fs::read_to_string(dir().join("invalid").join(&name))
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let errors = match Cmdhelp::from_json_str_with(&text, &options) {
            Ok(_) => panic!("{name}: parsed, but should be invalid"),
            Err(e) => e,
        };
        let want = (
            expect["pointer"].as_str().unwrap_or(""),
            expect["keyword"].as_str().unwrap_or(""),
        );
        // A `false` subschema (here: `additionalProperties: false` beside
        // `patternProperties`) is reported at the offending property with keyword "false"
        // and the schema path of the keyword; Python's jsonschema reports the parent.
        let matches = |e: &envgen::ValidationError| {
            (e.instance_path == want.0 && e.keyword == want.1)
                || (e.keyword == "false"
                    && e.schema_path.ends_with(&format!("/{}", want.1))
                    && e.instance_path.starts_with(&format!("{}/", want.0)))
        };
        assert!(
            errors.errors().iter().any(matches),
            "{name}: expected {want:?}, got {errors}"
        );
    }
}
