//! Bad documents and bad command lines give errors, never a panic: every valid document of
//! `tests/documents/` cut at every few bytes, and with an invalid UTF-8 byte put in, is
//! rejected by the four envelopes' `from_json_slice_with`; `envgen validate` and
//! `envgen --schema` report an invalid UTF-8 file, an empty file, a directory and a
//! missing file as errors naming the file.

use envgen::runtime::{Document, Options};
use envgen_test_support::scratch::Scratch;
use std::path::Path;

/// The valid documents of one envelope (`tests/documents/<dir>/*.json`, not `invalid/`).
fn documents(dir: &str) -> Vec<(String, Vec<u8>)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/documents")
        .join(dir);
    let mut out: Vec<(String, Vec<u8>)> = std::fs::read_dir(&root)
        .unwrap_or_else(|e| panic!("{}: {e}", root.display()))
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .map(|p| {
            let bytes = std::fs::read(&p).unwrap_or_else(|e| panic!("{e}"));
            (p.display().to_string(), bytes)
        })
        .collect();
    out.sort();
    assert!(!out.is_empty(), "no documents in {}", root.display());
    out
}

/// Every strict prefix of `bytes` that is not the whole document minus trailing
/// whitespace, at most ~64 cuts per document; and `bytes` with an invalid UTF-8 byte
/// (`0xFF`) inside its first string.
fn broken(bytes: &[u8]) -> Vec<Vec<u8>> {
    let end = bytes
        .iter()
        .rposition(|b| !b.is_ascii_whitespace())
        .unwrap_or(0);
    let step = (end / 64).max(1);
    let mut out: Vec<Vec<u8>> = (0..end)
        .step_by(step)
        .map(|n| bytes[..n].to_vec())
        .collect();
    if let Some(q) = bytes.iter().position(|b| *b == b'"') {
        let mut bad = bytes.to_vec();
        bad.insert(q + 1, 0xFF);
        out.push(bad);
    }
    out
}

fn rejects_all<T: Document>(dir: &str) {
    let options = Options::new();
    let mut n = 0;
    for (name, bytes) in documents(dir) {
        assert!(
            T::from_json_slice_with(&bytes, &options).is_ok(),
            "{name}: the valid document is rejected"
        );
        for doc in broken(&bytes) {
            let outcome = std::panic::catch_unwind(|| T::from_json_slice_with(&doc, &options));
            let result = outcome.unwrap_or_else(|_| {
                panic!("{name}: panicked on {:?}", String::from_utf8_lossy(&doc))
            });
            let errors = result.err().unwrap_or_else(|| {
                panic!(
                    "{name}: accepted the broken document {:?}",
                    String::from_utf8_lossy(&doc)
                )
            });
            assert!(errors.first().is_some(), "{name}: an empty error list");
            n += 1;
        }
    }
    assert!(n > 64, "{dir}: only {n} broken documents");
}

#[test]
fn truncated_and_invalid_utf8_documents_are_errors_for_every_envelope() {
    rejects_all::<envgen::response_envelope::ResponseEnvelope>("response-envelope");
    rejects_all::<envgen::tool_response::ToolResponse>("tool-response");
    rejects_all::<envgen::cmdhelp::Cmdhelp>("cmdhelp");
    rejects_all::<envgen::meminit::MeminitEnvelope>("meminit");
}

fn scratch(tag: &str) -> Scratch {
    Scratch::new(&format!("hostile-{tag}"))
}

/// Runs the CLI in `dir`; fails the test on a signal or a panic message. Returns
/// (exit code, stdout + stderr).
fn envgen(dir: &Path, args: &[&str]) -> (i32, String) {
    let out = envgen_test_support::cli::run(env!("CARGO_BIN_EXE_envgen"), dir, args, None);
    let all = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let code = out
        .status
        .code()
        .unwrap_or_else(|| panic!("{args:?}: killed by a signal: {all}"));
    assert!(!all.contains("panicked"), "{args:?}: {all}");
    (code, all)
}

/// The bad inputs, written to `dir`: (name, what it is).
fn bad_files(dir: &Path) -> Vec<&'static str> {
    std::fs::write(dir.join("latin1.json"), b"{\"ok\": \"caf\xe9\"}")
        .unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(dir.join("empty.json"), b"").unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(dir.join("cut.json"), b"{\"ok\": tr").unwrap_or_else(|e| panic!("{e}"));
    std::fs::create_dir_all(dir.join("a-directory.json")).unwrap_or_else(|e| panic!("{e}"));
    vec![
        "latin1.json",
        "empty.json",
        "cut.json",
        "a-directory.json",
        "missing.json",
    ]
}

#[test]
fn envgen_validate_reports_bad_files_as_errors() {
    let dir = scratch("validate");
    let files = bad_files(&dir);
    for file in &files {
        let (code, all) = envgen(&dir, &["validate", "--schema", "response-envelope", file]);
        assert_ne!(code, 0, "{file}: {all}");
        assert!(all.contains(file), "{file} not named: {all}");
    }
}

#[test]
fn envgen_generate_reports_bad_schema_files_as_located_errors() {
    let dir = scratch("generate");
    let files = bad_files(&dir);
    for file in &files {
        let (code, all) = envgen(&dir, &["--schema", file, "-o", "out.rs"]);
        assert_ne!(code, 0, "{file}: {all}");
        assert!(all.contains(file), "{file} not named: {all}");
        assert!(!dir.join("out.rs").exists(), "{file}: output written");
    }
    // A schema nested past the limit, and one that is a JSON array.
    let deep = format!("{}{}", "[".repeat(5000), "]".repeat(5000));
    std::fs::write(dir.join("deep.json"), format!("{{\"enum\": {deep}}}"))
        .unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(dir.join("array.json"), "[1, 2]").unwrap_or_else(|e| panic!("{e}"));
    for file in ["deep.json", "array.json"] {
        let (code, all) = envgen(&dir, &["--schema", file, "-o", "out.rs"]);
        assert_ne!(code, 0, "{file}: {all}");
        assert!(
            all.contains(&format!("{file}#")),
            "{file} not located: {all}"
        );
        assert!(all.contains("(line "), "{file}: no line: {all}");
    }
    // Arguments that name nothing, or the wrong thing.
    for args in [
        &["validate", "--schema", "no-such-envelope", "x.json"][..],
        &["--schema"][..],
        &["--no-such-flag"][..],
    ] {
        let (code, all) = envgen(&dir, args);
        assert_ne!(code, 0, "{args:?}: {all}");
    }
}

/// Writes `files` (name, bytes) into `dir`.
fn write_all(dir: &Path, files: &[(&str, &[u8])]) {
    for (name, bytes) in files {
        std::fs::write(dir.join(name), bytes).unwrap_or_else(|e| panic!("{e}"));
    }
}

#[test]
fn envgen_validate_names_the_file_a_line_and_a_pointer_for_every_refusal() {
    let dir = scratch("validate-located");
    write_all(
        &dir,
        &[
            ("latin1.json", b"{\"ok\":\n \"caf\xe9\"}"),
            ("empty.json", b""),
            ("cut.json", b"{\"ok\": tr"),
            ("wrong.json", b"{\n  \"ok\": 5\n}"),
            ("missing-key.json", b"{\"ok\": true,\n \"meta\": {}}"),
            ("root.json", b"\n\n  {\"ok\": true}"),
            ("array.json", b"[1,\n 2]"),
        ],
    );
    // (file, the line's start, its end): pointer, then line and column.
    let cases = [
        (
            "latin1.json",
            "latin1.json: invalid at (root): the document is not UTF-8: the byte 0xE9",
            "(line 2, column 6)",
        ),
        (
            "empty.json",
            "empty.json: invalid at (root): EOF while parsing a value",
            "(line 1, column 1)",
        ),
        (
            "cut.json",
            "cut.json: invalid at /ok: EOF while parsing a value",
            "(line 1, column 9)",
        ),
        (
            "wrong.json",
            "wrong.json: invalid at /ok (line 2, column 9): ",
            "is not of type \"boolean\"",
        ),
        // An error at the root names where the root value starts.
        (
            "root.json",
            "root.json: invalid at (root) (line 3, column 3): ",
            "missing required property \"data\"",
        ),
        (
            "array.json",
            "array.json: invalid at (root) (line 1, column 1): ",
            "is not of type \"object\"",
        ),
    ];
    for (file, start, end) in cases {
        let (code, all) = envgen(&dir, &["validate", "--schema", "response-envelope", file]);
        assert_eq!(code, 1, "{file}: {all}");
        let line = all.lines().next().unwrap_or_default();
        assert!(
            line.starts_with(start) && line.ends_with(end),
            "{file}: {line}"
        );
    }
    // The contract's rules: the same locations.
    let (_, all) = envgen(
        &dir,
        &[
            "validate",
            "--schema",
            "response-envelope",
            "--rules",
            "latin1.json",
        ],
    );
    assert!(
        all.contains("0xE9") && all.contains("(line 2, column 6)"),
        "{all}"
    );
    let (_, all) = envgen(
        &dir,
        &[
            "validate",
            "--schema",
            "response-envelope",
            "--rules",
            "missing-key.json",
        ],
    );
    assert!(all.contains(" at /meta (line 2, column 10): "), "{all}");
    let (_, all) = envgen(
        &dir,
        &[
            "validate",
            "--schema",
            "response-envelope",
            "--rules",
            "root.json",
        ],
    );
    assert!(
        all.contains("root.json: response/schema at (root) (line 3, column 3): "),
        "{all}"
    );
    // `fmt` prints the `validate` line.
    let (_, all) = envgen(
        &dir,
        &["fmt", "--schema", "response-envelope", "wrong.json"],
    );
    assert!(
        all.contains("wrong.json: invalid at /ok (line 2, column 9): "),
        "{all}"
    );
    let (_, all) = envgen(&dir, &["fmt", "--schema", "response-envelope", "root.json"]);
    assert!(
        all.contains("root.json: invalid at (root) (line 3, column 3): "),
        "{all}"
    );
}

#[test]
fn envgen_generate_names_the_file_a_line_and_a_pointer_for_every_refusal() {
    let dir = scratch("generate-located");
    write_all(
        &dir,
        &[
            ("latin1.json", b"{\"title\":\n \"caf\xe9\"}"),
            ("empty.json", b""),
            ("cut.json", b"{\"type\": \"obj"),
            ("trailing.json", b"{}\n}"),
            (
                "keyword.json",
                b"{\"type\": \"object\",\n \"properties\": {\"a\": {\"minimum\": \"x\"}}}",
            ),
            (
                "ref.json",
                b"{\"properties\": {\n \"a\": {\"$ref\": \"#/definitions/Missing\"}}}",
            ),
            ("good.json", b"{\"type\": \"object\"}"),
        ],
    );
    let cases = [
        ("latin1.json", "latin1.json# (line 2, column 6): "),
        ("empty.json", "empty.json# (line 1, column 1): "),
        ("cut.json", "cut.json# (line 1, column 13): invalid JSON"),
        (
            "trailing.json",
            "trailing.json# (line 2, column 1): invalid JSON",
        ),
        (
            "keyword.json",
            "keyword.json#/properties/a/minimum (line 2, column 34): ",
        ),
        (
            "ref.json",
            "ref.json#/properties/a/$ref (line 2, column 16): ",
        ),
    ];
    for (file, expected) in cases {
        let (code, all) = envgen(&dir, &["--schema", file, "-o", "out.rs"]);
        assert_eq!(code, 1, "{file}: {all}");
        assert!(all.contains(expected), "{file}: {all}");
        assert!(!dir.join("out.rs").exists(), "{file}: output written");
    }
    // A setting's pointer that names nothing: the file, the pointer and a line, as the
    // flag's bad value (ARG_ERROR), not the schema's.
    let (code, all) = envgen(
        &dir,
        &["--schema", "good.json", "--rename", "/properties/zz=Foo"],
    );
    assert_eq!(code, 3, "{all}");
    assert!(all.contains("INVALID_VALUE"), "{all}");
    assert!(
        all.contains("good.json#/properties/zz (line 1, column 1): "),
        "{all}"
    );
    // Bad arguments name the argument.
    for (args, named) in [
        (&["--no-such-flag"][..], "'--no-such-flag'"),
        (&["--schema"][..], "'--schema <FILE>'"),
        (
            &["--schema", "good.json", "--map-type", "bad"][..],
            "'--map-type <POINTER=PATH>'",
        ),
        (
            &["validate", "--schema", "no-such-envelope", "x.json"][..],
            "'no-such-envelope' for '--schema <NAME>'",
        ),
    ] {
        let (code, all) = envgen(&dir, args);
        assert_eq!(code, 3, "{args:?}: {all}");
        assert!(all.contains(named), "{args:?}: {all}");
    }
}

#[test]
fn the_jsonschema_crate_reads_a_self_referencing_all_of_as_its_other_keywords() {
    // The reading envgen generates (`codegen/tests/generator/hostile.rs`): `a = allOf[a] ∧ type
    // object ∧ properties` means `type object ∧ properties`. The validator evaluates the
    // repeated member on the same instance and agrees, on a stack of its own in case it
    // recursed without end.
    let verdicts = std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(|| {
            let schema = serde_json::json!({
                "$ref": "#/$defs/a",
                "$defs": {"a": {
                    "allOf": [{"$ref": "#/$defs/a"}],
                    "type": "object",
                    "properties": {"x": {"type": "string"}}
                }}
            });
            let validator = jsonschema::validator_for(&schema).map_err(|e| e.to_string())?;
            Ok::<_, String>(
                [
                    serde_json::json!({"x": "s"}),
                    serde_json::json!({}),
                    serde_json::json!({"x": 1}),
                    serde_json::json!([]),
                ]
                .iter()
                .map(|doc| validator.is_valid(doc))
                .collect::<Vec<bool>>(),
            )
        })
        .and_then(|h| h.join().map_err(|_| std::io::Error::other("panicked")))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(verdicts, Ok(vec![true, true, false, false]));
}
