//! The `envgen` binary, end to end: generation, `validate` line format and exit status
//! (also with `--rules`), and robustness on hostile input.

use std::path::{Path, PathBuf};
use std::process::Output;

use envgen_test_support::cli::{stderr, stdout};

fn envgen(args: &[&str]) -> Output {
    crate::envgen(args, None)
}

const BUILTINS: [&str; 4] = ["response-envelope", "tool-response", "cmdhelp", "meminit"];

fn docs(schema: &str) -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/documents")
        .join(schema);
    let mut v: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .map(|p| {
            format!(
                "tests/documents/{schema}/{}",
                p.file_name().and_then(|n| n.to_str()).unwrap_or("")
            )
        })
        .collect();
    v.sort();
    v
}

#[test]
fn every_valid_document_validates_and_round_trips() {
    for schema in BUILTINS {
        let files = docs(schema);
        let mut args = vec!["validate", "--schema", schema, "--roundtrip"];
        args.extend(files.iter().map(String::as_str));
        let out = envgen(&args);
        let text = stdout(&out);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{schema}:\n{text}{}",
            stderr(&out)
        );
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), files.len(), "one line per file:\n{text}");
        for (line, file) in lines.iter().zip(&files) {
            assert_eq!(*line, format!("{file}: valid"));
        }
    }
}

#[test]
fn invalid_documents_print_pointer_and_message_and_fail() {
    let out = envgen(&[
        "validate",
        "--schema",
        "response-envelope",
        "tests/documents/response-envelope/seed-success.json",
        "tests/documents/response-envelope/invalid/missing-duration.json",
        "tests/documents/response-envelope/invalid/unknown-top-level-key.json",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "tests/documents/response-envelope/seed-success.json: valid"
    );
    assert_eq!(
        lines[1],
        "tests/documents/response-envelope/invalid/missing-duration.json: invalid at /meta (line 1, column 92): missing required property \"duration_ms\""
    );
    assert_eq!(
        lines[2],
        "tests/documents/response-envelope/invalid/unknown-top-level-key.json: invalid at (root) (line 1, column 1): property \"extra\" is not allowed"
    );
}

fn scratch(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-hostile");
    let _ = std::fs::create_dir_all(&dir);
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    p
}

#[test]
fn hostile_input_never_panics() {
    let deep_arrays = "[".repeat(10_000) + &"]".repeat(10_000);
    let deep_objects = "{\"a\":".repeat(10_000) + "1" + &"}".repeat(10_000);
    let binary: Vec<u8> = (0..=255u8).collect();
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("not-json.json", b"hello".to_vec()),
        ("binary.json", binary),
        ("empty.json", Vec::new()),
        ("deep-arrays.json", deep_arrays.into_bytes()),
        ("deep-objects.json", deep_objects.into_bytes()),
        ("huge-number.json", br#"{"ok":true,"data":null,"error":null,"warnings":[],"meta":{"duration_ms":1e400}}"#.to_vec()),
        ("above-u64.json", br#"{"ok":true,"data":null,"error":null,"warnings":[],"meta":{"duration_ms":18446744073709551616}}"#.to_vec()),
        ("bad-utf8.json", b"{\"ok\":\"\xff\"}".to_vec()),
    ];
    let paths: Vec<String> = cases
        .iter()
        .map(|(n, b)| scratch(n, b).display().to_string())
        .collect();
    for schema in BUILTINS {
        let mut args = vec!["validate", "--schema", schema, "--roundtrip"];
        args.extend(paths.iter().map(String::as_str));
        let out = envgen(&args);
        let text = stdout(&out);
        assert_eq!(
            out.status.code(),
            Some(1),
            "{schema}: {text}{}",
            stderr(&out)
        );
        assert!(!stderr(&out).contains("panicked"), "{}", stderr(&out));
        assert_eq!(text.lines().count(), cases.len(), "{text}");
        for line in text.lines() {
            assert!(line.contains(": invalid at "), "{line}");
        }
        // The contract checkers too: every file fails, none panics.
        let mut args = vec!["validate", "--schema", schema, "--rules"];
        args.extend(paths.iter().map(String::as_str));
        let out = envgen(&args);
        assert_eq!(
            out.status.code(),
            Some(1),
            "{schema} --rules: {}",
            stdout(&out)
        );
        assert!(!stderr(&out).contains("panicked"), "{}", stderr(&out));
        for path in &paths {
            assert!(stdout(&out).contains(&format!("{path}: ")), "{path}");
        }
    }
}

#[test]
fn generates_rust_for_a_schema_deterministically() {
    let a = envgen(&["--schema", "schemas/response-envelope.json"]);
    let b = envgen(&["--schema", "schemas/response-envelope.json"]);
    assert_eq!(a.status.code(), Some(0), "{}", stderr(&a));
    let code = stdout(&a);
    assert!(code.starts_with("// @generated by envgen"), "{code}");
    assert!(code.contains("pub struct ResponseEnvelope"));
    assert_eq!(a.stdout, b.stdout);
}

#[test]
fn builders_are_on_by_default_and_can_be_switched_off() {
    let with = envgen(&["--schema", "schemas/response-envelope.json"]);
    let without = envgen(&[
        "--schema",
        "schemas/response-envelope.json",
        "--no-builders",
    ]);
    assert_eq!(without.status.code(), Some(0), "{}", stderr(&without));
    let (with, without) = (stdout(&with), stdout(&without));
    for item in [
        "pub struct ResponseEnvelopeBuilder",
        "pub struct ErrorDetailBuilder",
        "pub fn builder()",
        "pub mod builder_state",
    ] {
        assert!(with.contains(item), "missing {item}");
        assert!(!without.contains(item), "--no-builders still emits {item}");
    }
    assert!(without.contains("pub struct ResponseEnvelope"));
    assert!(without.contains("pub fn validate_value"));
}

#[test]
fn preserve_key_order_is_off_by_default_and_adds_the_order_record() {
    let default = envgen(&["--schema", "schemas/response-envelope.json"]);
    let kept = envgen(&[
        "--schema",
        "schemas/response-envelope.json",
        "--preserve-key-order",
    ]);
    assert_eq!(kept.status.code(), Some(0), "{}", stderr(&kept));
    let (default, kept) = (stdout(&default), stdout(&kept));
    for item in [
        "pub key_order: ::envgen_runtime::KeyOrder,",
        "key_order.push_field(",
        "self.key_order.slots()",
    ] {
        assert!(kept.contains(item), "--preserve-key-order: missing {item}");
        assert!(!default.contains(item), "the default emits {item}");
    }
}

#[test]
fn validators_are_on_by_default_and_can_be_switched_off() {
    let with = envgen(&["--schema", "schemas/tool-response.json"]);
    let without = envgen(&["--schema", "schemas/tool-response.json", "--no-validators"]);
    assert_eq!(without.status.code(), Some(0), "{}", stderr(&without));
    let (with, without) = (stdout(&with), stdout(&without));
    // With validators, the runtime's `document!` is given the root validator and the typed
    // check (`validate`, `from_json_str` validating in flight); without, the type alone.
    for item in [
        "pub fn validate_value(",
        "mod validators",
        "fn check_n",
        "document!(ToolResponse, n0, check_n0",
        "map.plain(",
    ] {
        assert!(with.contains(item), "missing {item}");
        assert!(
            !without.contains(item),
            "--no-validators still emits {item}"
        );
    }
    // Types, serde impls and builders stay; `from_json_str` only parses.
    for item in [
        "pub struct ToolResponse",
        "deserialize_map!(ToolResponse)",
        "ReadMap<'de> for ToolResponse",
        "pub fn builder()",
        "document!(ToolResponse)",
    ] {
        assert!(without.contains(item), "--no-validators dropped {item}");
    }
    // The validators, the typed checks and the in-flight specs go: at least a third.
    assert!(
        without.len() * 3 < with.len() * 2,
        "types-only output is not smaller"
    );
    // A scaffolded crate's example validates, so the two do not combine.
    let dir = std::env::temp_dir().join("envgen-cli-no-validators-crate");
    let d = dir.to_string_lossy().into_owned();
    let both = envgen(&[
        "--schema",
        "schemas/tool-response.json",
        "--no-validators",
        "--crate",
        &d,
    ]);
    assert_ne!(both.status.code(), Some(0));
    assert!(
        stderr(&both).contains("cannot be used with"),
        "{}",
        stderr(&both)
    );
    assert!(!dir.join("Cargo.toml").exists());
}

#[test]
fn assert_formats_sets_the_generated_default() {
    let o = envgen(&[
        "--schema",
        "schemas/response-envelope.json",
        "--assert-formats",
    ]);
    assert!(stdout(&o).contains("pub const ASSERT_FORMATS: bool = true;"));
    let o = envgen(&["--schema", "schemas/response-envelope.json"]);
    assert!(stdout(&o).contains("pub const ASSERT_FORMATS: bool = false;"));
}

#[test]
fn output_file_and_several_schemas() {
    let out_path = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-two-modules.rs");
    let o = envgen(&[
        "--schema",
        "schemas/response-envelope.json",
        "--schema",
        "schemas/meminit-output-envelope.json",
        "-o",
        &out_path.display().to_string(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = std::fs::read_to_string(&out_path).unwrap_or_default();
    assert!(text.contains("pub mod response_envelope {"));
    assert!(text.contains("pub mod meminit_output_envelope {"));
}

#[test]
fn a_malformed_schema_is_a_located_error() {
    let bad = scratch(
        "bad-schema.json",
        br##"{"properties": {"meta": {"$ref": "#/definitions/Missing"}}}"##,
    );
    let o = envgen(&["--schema", &bad.display().to_string()]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.contains("bad-schema.json#/properties/meta/$ref"),
        "{err}"
    );
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn a_yaml_schema_generates_and_its_errors_name_line_and_column() {
    let schema = file(
        "ticket.yaml",
        "# A ticket, written as YAML.\ntitle: Ticket\ntype: object\nrequired: [id]\nproperties:\n  id:\n    type: integer\n    minimum: 1\n  state:\n    enum: [open, closed]\n",
    );
    let o = envgen(&["--schema", &schema]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let code = stdout(&o);
    assert!(
        code.contains("from ") && code.contains("ticket.yaml."),
        "{code}"
    );
    assert!(code.contains("pub struct Ticket"), "{code}");
    assert!(
        code.contains("pub id: u64") || code.contains("pub id: i64"),
        "{code}"
    );
    let bad = file(
        "bad-ticket.yml",
        "title: Ticket\ntype: object\nproperties:\n  id:\n    type: 12\n",
    );
    let o = envgen(&["--schema", &bad]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(err.contains("bad-ticket.yml#/properties/id/type"), "{err}");
    assert!(err.contains("line 5, column 11"), "{err}");
}

const MAPPED_SCHEMA: &str = r##"{
  "title": "Event",
  "type": "object",
  "required": ["at"],
  "properties": {
    "at": {"type": "string", "format": "date-time"},
    "id": {"type": "string", "format": "uuid"},
    "price": {"$ref": "#/definitions/Money"},
    "merged": {"allOf": [{"type": "string"}]}
  },
  "definitions": {
    "Money": {"type": "object", "properties": {"cents": {"type": "integer"}}, "x-rust-type": "crate::money::Money"}
  }
}"##;

#[test]
fn type_mapping_flags_choose_the_rust_types() {
    let schema = file("mapped-cli.json", MAPPED_SCHEMA);
    let o = envgen(&[
        "--schema",
        &schema,
        "--map-format",
        "date-time=::chrono::DateTime<::chrono::Utc>",
        "--map-format",
        "uuid=::uuid::Uuid",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("pub at: ::chrono::DateTime<::chrono::Utc>,"),
        "{out}"
    );
    assert!(out.contains("pub id: Option<::uuid::Uuid>,"), "{out}");
    // `x-rust-type` is honoured by default…
    assert!(
        out.contains("pub type Money = crate::money::Money;"),
        "{out}"
    );
    // …overridden by `--map-type`…
    let o = envgen(&[
        "--schema",
        &schema,
        "--map-type",
        "/definitions/Money=crate::Cash",
    ]);
    assert!(
        stdout(&o).contains("pub type Money = crate::Cash;"),
        "{}",
        stderr(&o)
    );
    // …and ignored on request, as are formats nobody mapped.
    let o = envgen(&["--schema", &schema, "--no-rust-type-extension"]);
    let out = stdout(&o);
    assert!(out.contains("pub struct Money {"), "{out}");
    assert!(out.contains("pub at: String,"), "{out}");
}

#[test]
fn bad_type_mappings_are_located_errors() {
    let schema = file("mapped-cli-bad.json", MAPPED_SCHEMA);
    let cases: [(&[&str], &str, &str); 4] = [
        (
            &["--map-type", "/definitions/Money=not a type"],
            "mapped-cli-bad.json#/definitions/Money",
            "does not name a Rust type",
        ),
        (
            &["--map-format", "date-time=Vec<"],
            "mapped-cli-bad.json#/properties/at/format (line 6, column 40)",
            "the format mapping date-time=\"Vec<\" does not name a Rust type",
        ),
        (
            &["--map-type", "/definitions/Nope=crate::X"],
            "mapped-cli-bad.json#/definitions/Nope",
            "names no schema at this pointer",
        ),
        (
            &["--map-type", "/properties/merged/allOf/0=crate::X"],
            "mapped-cli-bad.json#/properties/merged/allOf/0",
            "the type mapping has no effect",
        ),
    ];
    for (flags, at, words) in cases {
        let mut args = vec!["--schema", schema.as_str()];
        args.extend_from_slice(flags);
        let o = envgen(&args);
        let err = stderr(&o);
        // Each is a setting's error: the flag's value (ARG_ERROR), located in the schema.
        assert_eq!(o.status.code(), Some(3), "{flags:?}: {err}");
        assert!(err.contains("INVALID_VALUE"), "{flags:?}: {err}");
        assert!(err.contains(at) && err.contains(words), "{flags:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    let ext = file(
        "mapped-cli-ext.json",
        r#"{"type": "object", "properties": {"a": {"type": "string", "x-rust-type": 5}}}"#,
    );
    let o = envgen(&["--schema", &ext]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        err.contains("mapped-cli-ext.json#/properties/a/x-rust-type")
            && err.contains("must be a Rust type path"),
        "{err}"
    );
}

// ---------------------------------------------------------------------------------------
// `validate --rules`: each contract's checker, one line per violation

/// `text` written to a scratch file; its path.
fn file(name: &str, text: &str) -> String {
    scratch(name, text.as_bytes()).display().to_string()
}

const MEMINIT_SEED: &str = r#"{"output_schema_version":"1.0","success":true,"command":"check","run_id":"20260218-1f2c3a","root":"/repo","data":{"files_checked":42,"files_passed":41,"files_failed":1},"warnings":[],"violations":[{"code":"SCHEMA_INVALID","message":"Missing required field: owner","path":"docs/10-prd/prd-007-sample.md","line":5,"severity":"error"}],"advice":[]}"#;

#[test]
fn rules_prints_one_line_per_violation_with_its_rule_id() {
    let good = file("good.json", &format!("{MEMINIT_SEED}\n"));
    let shuffled = MEMINIT_SEED
        .replace(
            r#""success":true,"command":"check","#,
            r#""command":"check","success":true,"#,
        )
        .replace("docs/10-prd", "docs\\\\10-prd")
        .replace(r#""severity":"error""#, r#""severity":"fatal""#);
    let bad = file("bad.json", &shuffled);
    let out = envgen(&["validate", "--schema", "meminit", "--rules", &good, &bad]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], format!("{good}: valid"));
    assert_eq!(lines.len(), 4, "{text}");
    assert!(
        lines[1].starts_with(&format!(
            "{bad}: meminit/9.2-key-order at (root) (line 1, column 1): "
        )),
        "{text}"
    );
    assert!(
        lines[2].starts_with(&format!(
            "{bad}: meminit/9.4-forward-slashes at /violations/0/path (line 1, column 272): "
        )),
        "{text}"
    );
    assert!(
        lines[3].starts_with(&format!(
            "{bad}: meminit/6-severity at /violations/0/severity (line 1, column 325): "
        )),
        "{text}"
    );
    // Without --rules the same file is schema-valid.
    assert_eq!(
        envgen(&["validate", "--schema", "meminit", &bad])
            .status
            .code(),
        Some(0)
    );
}

#[test]
fn rules_in_json_mode_lists_violations_per_file() {
    let doc = r#"{"status":"success","data":{"paths":["src\\lib.rs"],"truncated":true},"text":"","stats":{"time_ms":1},"context":{"cwd":"/home/u/proj","params_input":{}}}"#;
    let bad = file("tool.json", doc);
    let out = envgen(&[
        "validate",
        "--schema",
        "tool-response",
        "--rules",
        "--format",
        "json",
        &bad,
    ]);
    assert_eq!(out.status.code(), Some(1));
    let env: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let detail: serde_json::Value =
        serde_json::from_str(env["error"]["detail"].as_str().unwrap()).unwrap();
    let rules: Vec<&str> = detail["results"][0]["violations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["rule"].as_str().unwrap())
        .collect();
    assert_eq!(
        rules,
        [
            "tool/3.1-success-no-discount",
            "tool/1.1-cwd-relative",
            "tool/4-text-conclusion",
            "tool/2-truncation-explained",
            "tool/2-glob-paths-posix"
        ]
    );
    assert_eq!(
        detail["results"][0]["violations"][1]["pointer"],
        "/context/cwd"
    );
}

#[test]
fn rules_takes_the_exit_code_of_a_response_envelope() {
    let redirect = r#"{"ok":false,"data":null,"error":{"code":"MOVED","message":"m","redirect":{"command":"x","permanent":true}},"warnings":[],"meta":{"duration_ms":2}}"#;
    let f = file("redirect.json", redirect);
    let ok = envgen(&["validate", "--schema", "response-envelope", "--rules", &f]);
    assert_eq!(ok.status.code(), Some(0), "{}", stdout(&ok));
    let at3 = envgen(&[
        "validate",
        "--schema",
        "response-envelope",
        "--rules",
        "--exit-code",
        "3",
        &f,
    ]);
    assert_eq!(at3.status.code(), Some(1));
    assert!(
        stdout(&at3)
            .contains(": response/redirect-exit-code at /error/redirect (line 1, column 74): "),
        "{}",
        stdout(&at3)
    );
}

#[test]
fn should_level_lints_are_printed_but_do_not_fail() {
    let out = envgen(&[
        "validate",
        "--schema",
        "cmdhelp",
        "--rules",
        "tests/documents/cmdhelp/pad.json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert_eq!(
        stdout(&out).trim_end(),
        "tests/documents/cmdhelp/pad.json: cmdhelp/enum-type (should) at /global_flags/workspace/type (line 1, column 190): enum or enum_source is set, so type should be \"enum\""
    );
}
