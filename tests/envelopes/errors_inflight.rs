//! Every kind of error of the per-kind benchmark (`benches/errors.rs`, kinds in
//! `tests/support/src/mutations.rs`) on ResponseEnvelope, ToolResponse and Meminit:
//!
//! * `jsonschema` and envgen both reject each document;
//! * envgen's first error (instance pointer, keyword, schema location, message) is one of
//!   the errors `validate_value` reports with every error collected;
//! * it was reported while parsing: no document is parsed a second time as a `Value`
//!   (`envgen::runtime::__private::check::slow_paths`), which is what kept errors under unions at
//!   0.7× `jsonschema` on invalid documents.

use envgen_test_support::mutations;

use envgen::runtime::{Document, Options};
use envgen::ValidationErrors;
use mutations::Contract;
use serde_json::Value;

type Typed = fn(&str, &Options) -> Result<(), ValidationErrors>;
type Values = fn(&Value, &Options) -> Result<(), ValidationErrors>;

fn typed<T: Document>(text: &str, options: &Options) -> Result<(), ValidationErrors> {
    T::from_json_str_with(text, options).map(|_| ())
}

fn engines(contract: Contract) -> (Typed, Values) {
    match contract {
        Contract::ResponseEnvelope => (
            typed::<envgen::response_envelope::ResponseEnvelope>,
            envgen::response_envelope::validate_value_with,
        ),
        Contract::ToolResponse => (
            typed::<envgen::tool_response::ToolResponse>,
            envgen::tool_response::validate_value_with,
        ),
        Contract::Meminit => (
            typed::<envgen::meminit::MeminitEnvelope>,
            envgen::meminit::validate_value_with,
        ),
    }
}

#[test]
fn every_kind_of_error_is_reported_in_flight_with_a_validator_error() {
    let mut problems = Vec::new();
    let mut checked = 0;
    for contract in Contract::ALL {
        let (typed, values) = engines(contract);
        let oracle = contract.oracle();
        for kind in contract.kinds() {
            for doc in mutations::invalid(contract, kind, 24, 0x5EED_0019) {
                checked += 1;
                let what = format!("{}/{}", contract.name(), kind.name);
                let v: Value = serde_json::from_str(&doc).expect("generated documents parse");
                if oracle.is_valid(&v) {
                    problems.push(format!("{what}: jsonschema accepts {doc}"));
                    continue;
                }
                let all = match values(&v, &Options::new().all_errors(true)) {
                    Ok(()) => {
                        problems.push(format!("{what}: validate_value accepts {doc}"));
                        continue;
                    }
                    Err(e) => e,
                };
                let before = envgen::runtime::__private::check::slow_paths();
                let first = match typed(&doc, &Options::new()) {
                    Ok(()) => {
                        problems.push(format!("{what}: from_json_str accepts {doc}"));
                        continue;
                    }
                    Err(e) => e,
                };
                if envgen::runtime::__private::check::slow_paths() != before {
                    problems.push(format!("{what}: parsed twice (not in flight): {first:#}"));
                    continue;
                }
                match first.first() {
                    Some(e) if all.errors().contains(e) => {}
                    other => problems.push(format!(
                        "{what}: first error {other:?} is not one of validate_value's:\n{all:#}"
                    )),
                }
            }
        }
    }
    let failed = problems.len();
    // One line per kind is enough to see what broke.
    problems.dedup_by(|a, b| a.split(':').next() == b.split(':').next());
    assert!(
        problems.is_empty(),
        "{failed} of {checked} documents, by kind:\n{}",
        problems.join("\n")
    );
}

#[test]
fn valid_documents_of_the_benchmark_parse() {
    for contract in Contract::ALL {
        let (typed, _) = engines(contract);
        let oracle = contract.oracle();
        for doc in mutations::valid(contract, 64, 0x5EED_0019) {
            let v: Value = serde_json::from_str(&doc).expect("generated documents parse");
            assert!(oracle.is_valid(&v), "jsonschema rejects {doc}");
            if let Err(e) = typed(&doc, &Options::new()) {
                panic!("{}: {e:#}\n{doc}", contract.name());
            }
        }
    }
}

/// A payload (`ResponseEnvelope<T = Value>`'s `data`, `ToolResponse<D = Value>`'s) of a
/// kind its schema refuses stops the parse where it stands: what follows it is never read,
/// so a document broken after it reports the payload's schema error, not the break.
#[test]
fn a_refused_scalar_payload_stops_the_parse() {
    let cases: [(Contract, &str, &str); 3] = [
        (
            Contract::ResponseEnvelope,
            r#"{"ok":true,"data":"x","error":null,"#,
            "oneOf",
        ),
        (
            Contract::ToolResponse,
            r#"{"status":"success","data":null,"text":"#,
            "type",
        ),
        (
            Contract::ToolResponse,
            r#"{"status":"success","data":7,"text":"#,
            "type",
        ),
    ];
    for (contract, text, keyword) in cases {
        let (typed, _) = engines(contract);
        let errors = typed(text, &Options::new()).expect_err(text);
        let first = errors.first().unwrap_or_else(|| panic!("no error: {text}"));
        assert_eq!(
            (first.instance_path.as_str(), first.keyword.as_str()),
            ("/data", keyword),
            "{text}: {first:?}"
        );
    }
}

/// A payload type of the caller's that swallows the errors of a generated type it holds (a
/// serde `untagged` enum) leaves no in-flight record behind: the failure that follows is
/// reported as its own, in flight.
#[test]
fn a_payload_that_swallows_a_generated_types_error_leaves_no_record() {
    use envgen::response_envelope::{validate_value, ErrorDetail, ResponseEnvelope};
    #[derive(Debug, serde::Deserialize, serde::Serialize)]
    #[serde(untagged)]
    enum Either {
        Detail(ErrorDetail),
        Other(Value),
    }
    let text =
        r#"{"ok":true,"data":{"surprise":1},"error":null,"warnings":[],"meta":{"duration_ms":-5}}"#;
    let before = envgen::runtime::__private::check::slow_paths();
    let errors = ResponseEnvelope::<Either>::from_json_str(text).expect_err(text);
    assert_eq!(envgen::runtime::__private::check::slow_paths(), before);
    let v: Value = serde_json::from_str(text).expect("JSON");
    let expected = validate_value(&v).expect_err(text);
    assert_eq!(errors.first(), expected.first(), "{errors}");
    let ok = text.replace("-5", "5");
    assert!(matches!(
        ResponseEnvelope::<Either>::from_json_str(&ok),
        Ok(ResponseEnvelope {
            data: Some(Either::Other(_)),
            ..
        })
    ));
}

/// `meta.schema_version` (a `pattern`, nothing else) is checked as it is read, so a valid
/// envelope skips the typed check after the parse (D131). A version the pattern refuses
/// is noted by the read and the typed check runs: it reports the error as before, after a
/// parse that read the whole document; an error the parse raises later in the text is
/// still the first.
#[test]
fn a_refused_string_is_reported_by_the_typed_check_after_the_parse() {
    use envgen::response_envelope::{validate_value_with, ResponseEnvelope};
    let text = r#"{"ok":true,"data":null,"error":null,"warnings":[],"meta":{"duration_ms":1,"schema_version":"1.0.0"}}"#;
    let before = envgen::runtime::__private::check::slow_paths();
    let errors = ResponseEnvelope::<Value>::from_json_str(text).expect_err(text);
    assert_eq!(envgen::runtime::__private::check::slow_paths(), before);
    let first = errors.first().expect("an error");
    assert_eq!(
        (
            first.instance_path.as_str(),
            first.keyword.as_str(),
            first.schema_path.as_str()
        ),
        (
            "/meta/schema_version",
            "pattern",
            "#/definitions/ResponseMeta/properties/schema_version/pattern"
        ),
        "{errors}"
    );
    let v: Value = serde_json::from_str(text).expect("JSON");
    let all = validate_value_with(&v, &Options::new().all_errors(true)).expect_err(text);
    assert!(all.errors().contains(first), "{first:?} is not among {all}");
    // A key the schema forbids after it: the parse's error, as before.
    let later = text.replace("}}", "},\"surprise\":1}");
    let errors = ResponseEnvelope::<Value>::from_json_str(&later).expect_err(&later);
    let first = errors.first().expect("an error");
    assert_eq!(
        (first.instance_path.as_str(), first.keyword.as_str()),
        ("", "additionalProperties"),
        "{errors}"
    );
}

/// A payload of the caller's type is not checked in flight: its envelope's typed check
/// still runs after the parse, so `data: "text"` read as a `String` (a kind the schema
/// refuses) is refused, though the envelope's own reads check all the rest in flight.
#[test]
fn a_typed_payload_is_checked_after_the_parse() {
    use envgen::response_envelope::ResponseEnvelope;
    let text = r#"{"ok":true,"data":"text","error":null,"warnings":[],"meta":{"duration_ms":1}}"#;
    let errors = ResponseEnvelope::<String>::from_json_str(text).expect_err(text);
    let first = errors.first().expect("an error");
    assert_eq!(
        (first.instance_path.as_str(), first.keyword.as_str()),
        ("/data", "oneOf"),
        "{errors}"
    );
    let ok = text.replace("\"text\"", "{\"a\":1}");
    assert!(ResponseEnvelope::<Value>::from_json_str(&ok).is_ok());
}

/// What a parse checks in flight is checked only while a session is on: a plain serde
/// parse takes the string as it is, and `validate()` still refuses it.
#[test]
fn validate_checks_what_a_parse_checks_in_flight() {
    use envgen::response_envelope::ResponseEnvelope;
    let text = r#"{"ok":true,"data":null,"error":null,"warnings":[],"meta":{"duration_ms":1,"schema_version":"v2"}}"#;
    let plain: ResponseEnvelope = serde_json::from_str(text).expect("serde takes any string");
    let errors = plain.validate().expect_err("the pattern refuses it");
    let first = errors.first().expect("an error");
    assert_eq!(
        (first.instance_path.as_str(), first.keyword.as_str()),
        ("/meta/schema_version", "pattern"),
        "{errors}"
    );
    assert!(ResponseEnvelope::<Value>::from_json_str(text).is_err());
}
