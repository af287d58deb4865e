//! Invalid documents by kind of error:
//! one criterion group per contract and mutation kind, so that no average hides a slow
//! error path. Each group times 1,000 documents that break the same rule
//! (`envgen_test_support::mutations`), through:
//!
//! * `jsonschema_first_error`: parse to `serde_json::Value`, then the `jsonschema` crate's
//!   `validate` (the first error, with its instance path);
//! * `envgen_from_json_str`: envgen's generated `from_json_str` (the first error, with its
//!   instance pointer, keyword, schema location and message);
//! * `serde_value_only`: parse to `serde_json::Value`, nothing else (what `jsonschema`'s
//!   side spends before it validates);
//! * `data_value_only`: the documents' `data` members alone, read as `Value` (with
//!   `payload::AnyValue`): a floor for any reader that returns an untyped `data` as a
//!   `Value`, as both engines do for ResponseEnvelope and ToolResponse;
//! * `data_skim_only`: the same members only checked for syntax (`IgnoredAny`);
//! * `envgen_typed_from_json_str` (ResponseEnvelope and ToolResponse): envgen's
//!   `from_json_str` with a typed payload, as a consumer that knows its command reads it
//!   (`ResponseEnvelope<Page>`, `ToolResponse<Listing>`, `support/payloads.rs`): the same
//!   verdict and the same first error (pointer, keyword, schema location, message) as the
//!   untyped reader (asserted), without a `Value`;
//! * `data_typed_only`: the `data` members alone, read as the typed payload (a floor for
//!   a typed reader, as `data_value_only` is for an untyped one);
//! * `data_typed_to_value`: the same, then each written to a `serde_json::Value` (what the
//!   generated check of a typed generic payload does when its node asks more than a JSON
//!   kind, `check::generic`; `check::generic_kinds` decides the kind without it).
//!
//! Groups `untyped-<contract>` time `payload::AnyValue` against `serde_json`'s own `Value`
//! reader on the valid documents.
//!
//! A `valid` group per contract times the valid documents the kinds start from. Every
//! verdict is asserted before timing. Report: `python3 scripts/bench-report.py` (the
//! per-kind tables of BENCHMARKS.md).

use envgen_test_support::mutations;

#[path = "support/engines.rs"]
mod engines;

#[path = "support/payloads.rs"]
mod payloads;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use engines::{envgen_first_error, jsonschema_first_error};
use envgen_runtime::__private::payload::AnyValue;
use envgen_runtime::{Document, Options};
use mutations::Contract;
use serde::de::{DeserializeOwned, DeserializeSeed};
use serde::Serialize;
use serde_json::Value;
use std::hint::black_box;
use std::time::Duration;

const DOCUMENTS: usize = 1_000;
const SEED: u64 = 0x0019_E550_0000_0001;

/// A criterion group of this bench: `documents` a batch, 10 samples of about 2 s.
fn timed_group(c: &mut Criterion, name: String, documents: usize) -> engines::Group<'_> {
    let mut g = c.benchmark_group(name);
    g.throughput(Throughput::Elements(documents as u64));
    g.sample_size(10);
    g.warm_up_time(Duration::from_millis(500));
    g.measurement_time(Duration::from_secs(2));
    g
}

/// The first error (instance pointer, keyword, schema location, message; `Some(None)`
/// for a failure without one), or `None` for a valid document.
fn first_error<T: Document>(d: &str) -> Option<Option<envgen_runtime::ValidationError>> {
    T::from_json_str_with(d, &Options::new())
        .err()
        .map(|e| e.first().cloned())
}

/// One group: `T` the envelope with an untyped payload, `U` with the typed payload `P`
/// (timed only when `typed`; its verdict and first error must be `T`'s).
fn group<T: Document, U: Document, P: DeserializeOwned + Serialize>(
    c: &mut Criterion,
    name: &str,
    documents: &[String],
    oracle: &jsonschema::Validator,
    valid: bool,
    typed: bool,
) {
    for d in documents {
        let v: Value = serde_json::from_str(d).unwrap_or_default();
        assert_eq!(oracle.is_valid(&v), valid, "jsonschema on {d}");
        let untyped = first_error::<T>(d);
        assert_eq!(untyped.is_none(), valid, "envgen on {d}");
        if typed {
            assert_eq!(first_error::<U>(d), untyped, "typed envgen on {d}");
        }
    }
    let mut g = timed_group(c, name.to_owned(), documents.len());
    g.bench_function("serde_value_only", |b| {
        b.iter(|| {
            for d in documents {
                black_box(serde_json::from_str::<Value>(d).is_ok());
            }
        })
    });
    // The untyped payload alone: what any reader that returns `data` as a `Value` builds
    // (with the faster of the two `Value` readers here), so no such reader can take less.
    let payloads = mutations::data_members(documents);
    g.bench_function("data_value_only", |b| {
        b.iter(|| {
            for p in &payloads {
                let mut de = serde_json::Deserializer::from_str(p);
                black_box(AnyValue.deserialize(&mut de).is_ok());
            }
        })
    });
    // The same payloads only checked for syntax (`IgnoredAny`): what a reader that put off
    // building `data` until the rest of the document passed would spend on it first.
    g.bench_function("data_skim_only", |b| {
        b.iter(|| {
            for p in &payloads {
                black_box(serde_json::from_str::<serde::de::IgnoredAny>(p).is_ok());
            }
        })
    });
    jsonschema_first_error(&mut g, documents, oracle);
    envgen_first_error::<T>(&mut g, documents);
    if typed {
        // The payloads `P` reads: valid documents' and those a kind breaks elsewhere.
        let typed_payloads: Vec<&String> = payloads
            .iter()
            .filter(|p| serde_json::from_str::<P>(p).is_ok())
            .collect();
        g.bench_function("data_typed_only", |b| {
            b.iter(|| {
                for p in &typed_payloads {
                    black_box(serde_json::from_str::<P>(p).is_ok());
                }
            })
        });
        g.bench_function("data_typed_to_value", |b| {
            b.iter(|| {
                for p in &typed_payloads {
                    let typed = serde_json::from_str::<P>(p).ok();
                    black_box(typed.map(|t| serde_json::to_value(t).is_ok()));
                }
            })
        });
        g.bench_function("envgen_typed_from_json_str", |b| {
            b.iter(|| {
                for d in documents {
                    black_box(
                        U::from_json_str_with(d, &Options::new())
                            .as_ref()
                            .map_err(|e| e.first().map(|e| e.instance_path.len()))
                            .err(),
                    );
                }
            })
        });
    }
    g.finish();
}

/// The criterion group of `kind` (`valid` for the valid documents) of `contract`.
fn group_name(contract: Contract, kind: &str) -> String {
    format!("errors-{}-{kind}", contract.name())
}

/// Every group of `contract`: `T` its envelope with an untyped payload, `U` with a typed
/// one (`typed`: timed too).
fn contract<T: Document, U: Document, P: DeserializeOwned + Serialize>(
    c: &mut Criterion,
    contract: Contract,
    typed: bool,
) {
    let oracle = contract.oracle();
    let valid = mutations::valid(contract, DOCUMENTS, SEED);
    group::<T, U, P>(
        c,
        &group_name(contract, "valid"),
        &valid,
        &oracle,
        true,
        typed,
    );
    for kind in contract.kinds() {
        let documents = mutations::invalid(contract, kind, DOCUMENTS, SEED);
        group::<T, U, P>(
            c,
            &group_name(contract, kind.name),
            &documents,
            &oracle,
            false,
            typed,
        );
    }
}

/// The typed payloads read what the untyped ones hold: on each valid document, the typed
/// `data` written back is the untyped `data` (so no member is skipped unread).
fn typed_payloads_match() {
    use envgen::response_envelope::ResponseEnvelope;
    use envgen::tool_response::ToolResponse;
    let opts = Options::new();
    for d in mutations::valid(Contract::ResponseEnvelope, DOCUMENTS, SEED) {
        let (Ok(t), Ok(u)) = (
            ResponseEnvelope::<payloads::Page>::from_json_str_with(&d, &opts),
            ResponseEnvelope::<Value>::from_json_str_with(&d, &opts),
        ) else {
            panic!("ResponseEnvelope does not read {d}");
        };
        assert_eq!(
            t.data.map(|p| serde_json::to_value(p).ok()),
            u.data.map(Some),
            "{d}"
        );
    }
    for d in mutations::valid(Contract::ToolResponse, DOCUMENTS, SEED) {
        let (Ok(t), Ok(u)) = (
            ToolResponse::<payloads::Listing>::from_json_str_with(&d, &opts),
            ToolResponse::<Value>::from_json_str_with(&d, &opts),
        ) else {
            panic!("ToolResponse does not read {d}");
        };
        assert_eq!(serde_json::to_value(t.data).ok(), Some(u.data), "{d}");
    }
}

/// Writes `target/criterion/errors-kinds.json`: the groups of this bench with their
/// contract, kind and rule, for `scripts/bench-report.py`.
fn manifest() {
    let rows: Vec<Value> = Contract::ALL
        .iter()
        .flat_map(|&c| {
            std::iter::once(serde_json::json!({
                "contract": c.name(), "kind": "valid", "rule": "valid documents",
                "group": group_name(c, "valid"),
            }))
            .chain(c.kinds().iter().map(move |k| {
                serde_json::json!({
                    "contract": c.name(), "kind": k.name, "rule": k.rule,
                    "group": group_name(c, k.name),
                })
            }))
        })
        .collect();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/criterion");
    let written = std::fs::create_dir_all(&dir).and_then(|()| {
        std::fs::write(
            dir.join("errors-kinds.json"),
            serde_json::to_string_pretty(&rows).unwrap_or_default(),
        )
    });
    if let Err(e) = written {
        eprintln!("errors bench: could not write the kinds manifest: {e}");
    }
}

/// `payload::AnyValue` against `serde_json`'s own `Value` reader, on each contract's
/// valid documents read whole as untyped JSON (the same `Value` results; asserted).
fn untyped(c: &mut Criterion) {
    fn any_value(d: &str) -> Option<Value> {
        let mut de = serde_json::Deserializer::from_str(d);
        let v = AnyValue.deserialize(&mut de).ok()?;
        de.end().ok().map(|()| v)
    }
    for contract in Contract::ALL {
        let documents = mutations::valid(contract, DOCUMENTS, SEED);
        for d in &documents {
            assert_eq!(any_value(d), serde_json::from_str::<Value>(d).ok(), "{d}");
        }
        let mut g = timed_group(c, format!("untyped-{}", contract.name()), documents.len());
        g.bench_function("serde_json_value", |b| {
            b.iter(|| {
                for d in &documents {
                    black_box(serde_json::from_str::<Value>(d).is_ok());
                }
            })
        });
        g.bench_function("envgen_any_value", |b| {
            b.iter(|| {
                for d in &documents {
                    black_box(any_value(d).is_some());
                }
            })
        });
        g.finish();
    }
}

fn all(c: &mut Criterion) {
    use envgen::tool_response::ToolResponse;
    use envgen::{meminit::MeminitEnvelope, response_envelope::ResponseEnvelope};
    manifest();
    typed_payloads_match();
    untyped(c);
    contract::<ResponseEnvelope, ResponseEnvelope<payloads::Page>, payloads::Page>(
        c,
        Contract::ResponseEnvelope,
        true,
    );
    contract::<ToolResponse, ToolResponse<payloads::Listing>, payloads::Listing>(
        c,
        Contract::ToolResponse,
        true,
    );
    contract::<MeminitEnvelope, MeminitEnvelope, Value>(c, Contract::Meminit, false);
}

criterion_group!(benches, all);
criterion_main!(benches);
