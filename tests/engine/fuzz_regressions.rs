//! Regression tests for the fuzzing findings (FUZZING.md), one input file each under
//! `tests/fuzz_regressions/`, dispatched on the file name's prefix:
//!
//! * `codegen-*.json`: a schema that once broke codegen; it must now generate code that
//!   parses, with the default settings and validators only;
//! * `differential-<schema>-*.json`: an instance on which envgen and the `jsonschema`
//!   crate once disagreed; the `Value` validator must agree with the oracle, and the
//!   typed parse must agree too or refuse with the documented located error;
//! * `modes-mapped-*.json`: a document of `tests/mapping/schemas/mapped.json` (formats
//!   and definitions mapped to Rust types) on which the `modes` target failed: refusals
//!   of the mapped types are located errors, never panics, and `validate_value` agrees
//!   with the oracle.

use envgen::runtime::Options;
use envgen_codegen::{generate_source, Settings};
use serde_json::Value;
use std::path::{Path, PathBuf};

fn inputs(prefix: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz_regressions");
    let mut out: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with(prefix))
        })
        .collect();
    out.sort();
    out
}

fn read(p: &Path) -> String {
    std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

#[test]
fn codegen_findings_now_generate_code_that_parses() {
    let files = inputs("codegen-");
    assert!(files.len() >= 2, "regression inputs missing: {files:?}");
    for f in files {
        let text = read(&f);
        for settings in [Settings::new(), Settings::new().validators_only()] {
            let code = generate_source("regression.json", &text, &settings)
                .unwrap_or_else(|e| panic!("{}: {e}", f.display()));
            // `generate_source` formats through `syn`, so `Ok` means the code parses.
            assert!(code.contains("@generated"), "{}", f.display());
        }
    }
    // The finding itself: an enum value "self" used to become the variant `Self`.
    let code = generate_source(
        "self.json",
        &read(
            &Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("tests/fuzz_regressions/codegen-self-variant.json"),
        ),
        &Settings::new(),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(code.contains("Self_"), "{code}");
}

fn oracle(schema_file: &str) -> jsonschema::Validator {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("schemas")
        .join(schema_file);
    let schema: Value = serde_json::from_str(&read(&p)).unwrap_or_else(|e| panic!("{e}"));
    jsonschema::options()
        .should_validate_formats(false)
        .build(&schema)
        .unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn differential_findings_agree_with_the_oracle_or_fail_as_documented() {
    let files = inputs("differential-");
    assert!(!files.is_empty(), "regression inputs missing");
    for f in files {
        let name = f.file_name().and_then(|n| n.to_str()).unwrap_or_default();
        let text = read(&f);
        let v: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let (file, by_value, typed): (&str, bool, Result<(), envgen::ValidationErrors>) =
            if name.starts_with("differential-meminit-") {
                (
                    "meminit-output-envelope.json",
                    envgen::meminit::validate_value(&v).is_ok(),
                    envgen::meminit::MeminitEnvelope::<Value>::from_json_str_with(
                        &text,
                        &Options::new(),
                    )
                    .map(|_| ()),
                )
            } else {
                panic!("{name}: unknown schema prefix")
            };
        let expected = oracle(file).is_valid(&v);
        assert_eq!(by_value, expected, "{name}: validate_value disagrees");
        if name.contains("wide-integer") {
            // An integer beyond `i64` for an unbounded `integer` (docs/decisions.md,
            // "Integers are JSON-Schema integers"): valid for the schema, refused by the
            // typed parse with an error located at the number.
            assert!(expected, "{name}");
            let e = typed
                .err()
                .unwrap_or_else(|| panic!("{name}: typed parse accepted"));
            let first = e.first().unwrap_or_else(|| panic!("{name}: empty errors"));
            assert_eq!(first.instance_path, "/warnings/3/line", "{name}: {first}");
        } else {
            assert_eq!(typed.is_ok(), expected, "{name}: typed parse disagrees");
        }
    }
}

/// The `jsonschema` verdict on a document of `tests/mapping/schemas/mapped.json`.
fn mapped_oracle(formats: bool, doc: &Value) -> bool {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/mapping/schemas/mapped.json");
    let schema: Value = serde_json::from_str(&read(&p)).unwrap_or_else(|e| panic!("{e}"));
    jsonschema::options()
        .should_validate_formats(formats)
        .build(&schema)
        .unwrap_or_else(|e| panic!("{e}"))
        .is_valid(doc)
}

#[test]
fn mapped_type_findings_are_located_refusals() {
    use envgen_mapping_tests::mapped::{self, Mapped};
    let files = inputs("modes-mapped-");
    assert!(files.len() >= 4, "regression inputs missing: {files:?}");
    for f in files {
        let name = f.file_name().and_then(|n| n.to_str()).unwrap_or_default();
        let text = read(&f);
        let doc: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        for formats in [false, true] {
            let options = Options::new().formats(formats);
            let oracle = mapped_oracle(formats, &doc);
            let by_value = mapped::validate_value_with(&doc, &options).is_ok();
            let typed = Mapped::from_json_str_with(&text, &options);
            match (name, formats) {
                // F6, fixed: the document's own value is checked before the hand-written
                // `Money` reads it (and drops the key `additionalProperties: false` forbids).
                ("modes-mapped-money-extra-key.json", _) => {
                    assert!(
                        !oracle && !by_value,
                        "{name}: the schema refuses the extra key"
                    );
                    let e = typed.as_ref().expect_err("the typed parse refuses it too");
                    let first = e.first().unwrap_or_else(|| panic!("{name}: empty errors"));
                    assert_eq!(
                        (first.instance_path.as_str(), first.keyword.as_str()),
                        ("/price", "additionalProperties"),
                        "{name}: {first}"
                    );
                }
                _ => {
                    assert_eq!(by_value, oracle, "{name}: validate_value disagrees");
                    let located = |path: &str, keywords: &[&str]| {
                        let e = typed.as_ref().err().unwrap_or_else(|| {
                            panic!("{name}: the typed parse accepted a value its type cannot hold")
                        });
                        let first = e.first().unwrap_or_else(|| panic!("{name}: empty errors"));
                        assert_eq!(first.instance_path, path, "{name}: {first}");
                        assert!(
                            keywords.contains(&first.keyword.as_str()),
                            "{name}: {first}"
                        );
                    };
                    match name {
                        // `Money.cents` is a `u64`: `42.0`, an integer to the schema, is
                        // refused by the hand-written type's own deserializer, which reads
                        // the checked value: the error is at the mapped value.
                        "modes-mapped-float-cents.json" => {
                            assert!(oracle, "{name}");
                            located("/price", &["type"]);
                        }
                        // `when`: `oneOf` [date-time string (mapped to chrono), integer];
                        // `""` is a string to the schema with formats off, no `DateTime`:
                        // refused as a mapped field is, at the alternative's `format` (F4,
                        // fixed); with formats on, the schema refuses it (`oneOf`).
                        "modes-mapped-union-string.json" => {
                            assert_eq!(oracle, !formats, "{name}");
                            located("/when", &[if formats { "oneOf" } else { "format" }]);
                            if !formats {
                                let e = typed.as_ref().expect_err("refused");
                                let first = e.first().expect("an error");
                                assert_eq!(
                                    first.schema_path, "#/properties/when/oneOf/0/format",
                                    "{name}: {first}"
                                );
                                assert_eq!(
                                    first.message,
                                    "\"\" is not a valid date-time (premature end of input)",
                                    "{name}"
                                );
                            }
                        }
                        // `id` is `uuid`, which draft-07 does not define: the schema
                        // accepts `""` whether formats are asserted or not (F5, fixed:
                        // formats follow the draft); the mapped `Uuid` refuses it.
                        "modes-mapped-draft7-uuid.json" => {
                            assert!(oracle, "{name}");
                            located("/id", &["format"]);
                        }
                        _ => panic!("{name}: no expectation"),
                    }
                }
            }
        }
    }
}
