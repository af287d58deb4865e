//! Typed payloads (`ResponseEnvelope<T>`, `ToolResponse<D>` with a consumer's own serde
//! type for `data`) are checked as the untyped envelopes check them:
//!
//! * parsing: on every kind of error of the per-kind benchmark (and its valid documents),
//!   the typed reader gives the untyped reader's verdict and first error (instance pointer,
//!   keyword, schema location, message), and parses the document a second time no more
//!   often than the untyped reader does (a `data` of a kind the schema refuses is reported
//!   in flight, not after a second parse);
//! * values built in code: `validate` of an envelope with a typed payload reports what
//!   `validate_value` reports on the envelope's JSON form, for payloads of every JSON kind
//!   (the typed check decides most of them from the kind alone, without the JSON form).

use envgen_test_support::mutations;

#[path = "../../benches/support/payloads.rs"]
mod payloads;

use envgen::response_envelope::ResponseEnvelope;
use envgen::runtime::__private::check::slow_paths;
use envgen::runtime::{Document, Options};
use envgen::tool_response::ToolResponse;
use envgen::ValidationErrors;
use mutations::Contract;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// The result of reading `doc` as `T`, and how many second parses it took.
fn read<T: Document>(doc: &str) -> (Result<(), ValidationErrors>, u64) {
    let before = slow_paths();
    let result = T::from_json_str_with(doc, &Options::new()).map(|_| ());
    (result, slow_paths() - before)
}

fn same_as_untyped<U: Document, T: Document>(contract: Contract, problems: &mut Vec<String>) {
    let mut groups = vec![("valid", mutations::valid(contract, 48, 0x5EED_0031))];
    for kind in contract.kinds() {
        groups.push((
            kind.name,
            mutations::invalid(contract, kind, 48, 0x5EED_0031),
        ));
    }
    for (kind, docs) in groups {
        for doc in docs {
            let (untyped, untyped_slow) = read::<U>(&doc);
            let (typed, typed_slow) = read::<T>(&doc);
            let (u, t) = (
                untyped.err().and_then(|e| e.first().cloned()),
                typed.err().and_then(|e| e.first().cloned()),
            );
            if u != t {
                problems.push(format!(
                    "{}/{kind}: typed {t:?}, untyped {u:?}: {doc}",
                    contract.name()
                ));
            } else if typed_slow > untyped_slow {
                problems.push(format!(
                    "{}/{kind}: parsed twice typed, once untyped: {doc}",
                    contract.name()
                ));
            }
        }
    }
}

#[test]
fn typed_payloads_report_the_untyped_first_error_without_a_second_parse() {
    let mut problems = Vec::new();
    same_as_untyped::<ResponseEnvelope, ResponseEnvelope<payloads::Page>>(
        Contract::ResponseEnvelope,
        &mut problems,
    );
    same_as_untyped::<ToolResponse, ToolResponse<payloads::Listing>>(
        Contract::ToolResponse,
        &mut problems,
    );
    problems.dedup_by(|a, b| a.split(':').next() == b.split(':').next());
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// A `data` the schema accepts but the typed payload cannot hold (an object without a
/// field the type requires, an array) is not reported in flight: the document is read
/// the slow way, which names the schema's verdict (valid) and the type's refusal, as
/// before typed payloads were decided in flight.
#[test]
fn a_payload_the_schema_accepts_but_the_type_refuses_takes_the_slow_path() {
    for data in [r#"{"items":[]}"#, "[]", "[1,2]"] {
        let doc = format!(
            r#"{{"ok":true,"data":{data},"error":null,"warnings":[],"meta":{{"duration_ms":1}}}}"#
        );
        assert!(
            ResponseEnvelope::<Value>::from_json_str(&doc).is_ok(),
            "{doc}"
        );
        let (result, slow) = read::<ResponseEnvelope<payloads::Page>>(&doc);
        let errors = result.expect_err(&doc);
        let first = errors.first().expect("an error");
        assert_eq!(slow, 1, "{doc}");
        assert!(
            !first.message.contains("in-flight"),
            "{doc}: an in-flight marker leaked: {first:?}"
        );
    }
}

/// A scalar `data` of a kind the schema refuses, inside a typed payload, stops the parse
/// where it stands (what follows is never read), as it does for an untyped payload.
#[test]
fn a_refused_scalar_typed_payload_stops_the_parse() {
    let cases = [
        r#"{"ok":true,"data":"x","error":null,"#,
        r#"{"ok":true,"data":7.5,"error":null,"#,
        r#"{"ok":true,"data":false,"error":null,"#,
    ];
    for text in cases {
        let (typed, slow) = read::<ResponseEnvelope<payloads::Page>>(text);
        let (untyped, _) = read::<ResponseEnvelope>(text);
        let typed = typed.expect_err(text);
        assert_eq!(slow, 0, "{text}");
        assert_eq!(typed.first(), untyped.expect_err(text).first(), "{text}");
        assert_eq!(
            typed.first().map(|e| e.instance_path.as_str()),
            Some("/data")
        );
    }
    let text = r#"{"status":"success","data":null,"text":"#;
    let (typed, slow) = read::<ToolResponse<payloads::Listing>>(text);
    let (untyped, _) = read::<ToolResponse>(text);
    assert_eq!(slow, 0, "{text}");
    assert_eq!(
        typed.expect_err(text).first(),
        untyped.expect_err(text).first()
    );
}

/// A payload whose JSON form `serde_json` cannot build.
#[derive(Debug)]
struct Unwritable;

impl Serialize for Unwritable {
    fn serialize<S: serde::Serializer>(&self, _: S) -> Result<S::Ok, S::Error> {
        Err(serde::ser::Error::custom("no JSON form"))
    }
}

impl<'de> Deserialize<'de> for Unwritable {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        serde::de::IgnoredAny::deserialize(d).map(|_| Unwritable)
    }
}

#[derive(Debug, Serialize, Deserialize)]
enum Shapes {
    Unit,
    Newtype(u8),
    Tuple(u8, u8),
    Struct { truncated: bool },
}

#[derive(Debug, Serialize, Deserialize)]
struct Discounted {
    truncated: bool,
    entries: Vec<u8>,
}

#[derive(Debug, Serialize, Deserialize)]
struct Nested {
    inner: Discounted,
}

const NULL_DATA: &str =
    r#"{"ok":true,"data":null,"error":null,"warnings":[],"meta":{"duration_ms":1}}"#;

fn envelope<T: DeserializeOwned + Serialize + 'static>(data: T) -> ResponseEnvelope<T> {
    // `ok` is read-only outside the crate: an envelope is read, then given its `data`.
    let mut e = ResponseEnvelope::<T>::from_json_str(NULL_DATA).expect("a valid envelope");
    e.data = Some(data);
    e
}

fn tool<D>(status: &str, data: D) -> ToolResponse<D> {
    let doc = format!(
        r#"{{"status":"{status}","data":{{}},"text":"t","stats":{{"time_ms":1}},"context":{{"cwd":".","params_input":{{}}}}}}"#
    );
    let base: ToolResponse = ToolResponse::from_json_str(&doc).expect("a valid tool response");
    ToolResponse {
        status: base.status,
        data,
        text: base.text,
        error: base.error,
        stats: base.stats,
        context: base.context,
    }
}

fn first_of(r: Result<(), ValidationErrors>) -> Option<Vec<envgen::ValidationError>> {
    r.err().map(|e| e.errors().to_vec())
}

/// `validate` (all errors, and the first) of `e` against `validate_value` of its JSON form.
fn compare<E: Serialize>(
    what: &str,
    e: &E,
    typed: fn(&E, &Options) -> Result<(), ValidationErrors>,
    values: fn(&Value, &Options) -> Result<(), ValidationErrors>,
    problems: &mut Vec<String>,
) {
    let v = serde_json::to_value(e).expect("the envelope has a JSON form");
    for opts in [Options::new(), Options::new().all_errors(true)] {
        let (t, u) = (first_of(typed(e, &opts)), first_of(values(&v, &opts)));
        if t != u {
            problems.push(format!("{what}: validate {t:?}, validate_value {u:?}"));
        }
    }
}

macro_rules! envelopes {
    ($problems:ident; $($payload:expr),* $(,)?) => {
        $(
            compare(
                stringify!($payload),
                &envelope($payload),
                |e, o| e.validate_with(o),
                envgen::response_envelope::validate_value_with,
                &mut $problems,
            );
        )*
    };
}

macro_rules! tools {
    ($problems:ident, $status:literal; $($payload:expr),* $(,)?) => {
        $(
            compare(
                &format!("{} {}", $status, stringify!($payload)),
                &tool($status, $payload),
                |e, o| e.validate_with(o),
                envgen::tool_response::validate_value_with,
                &mut $problems,
            );
        )*
    };
}

#[test]
fn validate_of_a_typed_payload_is_validate_value_of_its_json_form() {
    let mut problems = Vec::new();
    let map = |k: &str| BTreeMap::from([(k.to_owned(), 1u8)]);
    envelopes!(problems;
        String::from("s"), 'c', 5u8, -3i64, 2.5f64, 2.0f64, f64::NAN, f32::INFINITY, true, (),
        Option::<u8>::None, Some(4u8), vec![1u8], Vec::<String>::new(), (1u8, String::new()),
        map("a"), BTreeMap::from([(7u32, 1u8)]), BTreeMap::from([(true, 1u8)]),
        Shapes::Unit, Shapes::Newtype(1), Shapes::Tuple(1, 2), Shapes::Struct { truncated: true },
        Discounted { truncated: true, entries: vec![] }, 18446744073709551615u128, -5i128,
        json!({"a": [1, {"b": null}]}), json!("s"), json!(null), json!([]),
    );
    tools!(problems, "success";
        String::from("s"), 5u8, 2.5f64, f64::NAN, true, (), Option::<u8>::None, vec![1u8],
        map("entries"), map("truncated"), map("fallback"), map("failed_items"), map("applied"),
        BTreeMap::from([(7u32, 1u8)]), BTreeMap::from([(1.5f64.to_bits(), 1u8)]),
        Shapes::Unit, Shapes::Newtype(1), Shapes::Tuple(1, 2), Shapes::Struct { truncated: true },
        Discounted { truncated: true, entries: vec![] },
        Discounted { truncated: false, entries: vec![1] },
        Nested { inner: Discounted { truncated: true, entries: vec![] } },
        json!({"truncated": true}), json!({"applied": true}), json!("s"),
    );
    tools!(problems, "partial";
        String::from("s"), 5u8, map("truncated"), Discounted { truncated: true, entries: vec![] },
        Shapes::Newtype(1), Shapes::Unit,
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// A payload with no JSON form is reported as such (keyword `serialize`, at `data`),
/// whether it fails at the top (its own `Serialize`) or deep inside (a map key JSON
/// cannot write, a number out of range).
#[test]
fn a_payload_without_a_json_form_is_reported() {
    fn serialize_error(r: Result<(), ValidationErrors>, what: &str) {
        let errors = r.expect_err(what);
        let first = errors.first().expect("an error");
        assert_eq!(
            (first.instance_path.as_str(), first.keyword.as_str()),
            ("/data", "serialize"),
            "{what}: {first:?}"
        );
    }
    let opts = Options::new();
    serialize_error(envelope(Unwritable).validate_with(&opts), "Unwritable");
    serialize_error(
        envelope(vec![BTreeMap::from([(vec![1u8], 1u8)])]).validate_with(&opts),
        "a map with array keys",
    );
    serialize_error(envelope(u128::MAX).validate_with(&opts), "u128::MAX");
    serialize_error(
        tool("success", Unwritable).validate_with(&opts),
        "Unwritable",
    );
}
