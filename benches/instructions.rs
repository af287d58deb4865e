//! Instructions per document, for `scripts/instructions.py` to count under callgrind:
//! timings on a shared machine move by more than the differences they are read for, an
//! instruction count does not move at all.
//!
//! `instructions CONTRACT KIND ENGINE` builds the per-kind bench's documents
//! (`benches/errors.rs`: 1,000 documents of `envgen_test_support::mutations`, the same seed;
//! `KIND` is `valid` or a kind of error; for ResponseEnvelope also `timed`, the valid
//! documents `benches/validate.rs` times) and reads them once with `ENGINE`, inside
//! [`measured`], the only function the script counts:
//!
//! * `data_value_only`: the documents' `data` members alone, read as `Value` by
//!   `payload::AnyValue` (the per-kind ceiling's reader);
//! * `hand_struct`: the hand-written struct that checks nothing (`support/hand.rs`),
//!   `data` read by `payload::AnyValue`, unknown members skipped;
//! * `serde_struct`: the same struct with the untyped members read by serde_json's own
//!   `Value` reader, and a ResponseEnvelope's `meta` keeping unknown members: for
//!   ResponseEnvelope, the baseline `benches/validate.rs` times for valid documents;
//! * `envgen_from_json_str`: envgen's `from_json_str`, untyped payload, first error;
//! * `envgen_deserialize`: the same generated type through `serde_json::from_str`: its
//!   `Deserialize` alone, without the session that reports schema errors in flight (what
//!   the session costs a valid document is the difference; `scripts/instructions.py` does
//!   not count it);
//! * `jsonschema_first_error`: parse to `Value`, then `jsonschema`'s first error.
//!
//! `instructions --list` prints the `CONTRACT KIND` pairs (ResponseEnvelope and
//! ToolResponse). Every verdict is asserted before the measured read, as in the timed
//! bench.

use envgen_test_support::mutations;

#[path = "support/hand.rs"]
mod hand;

use envgen::response_envelope::ResponseEnvelope;
use envgen::tool_response::ToolResponse;
use envgen_runtime::__private::payload::AnyValue;
use envgen_runtime::{Document, Options};
use mutations::Contract;
use serde::de::{DeserializeOwned, DeserializeSeed};
use serde_json::Value;
use std::hint::black_box;
use std::process::ExitCode;

const DOCUMENTS: usize = 1_000;
const SEED: u64 = 0x0019_E550_0000_0001;
/// The kind that counts `benches/validate.rs`'s own valid ResponseEnvelope documents
/// (`mutations::timed_envelopes`: a small `data` object), the ones it times envgen against
/// the serde struct on.
const TIMED: &str = "timed";
const CONTRACTS: [Contract; 2] = [Contract::ResponseEnvelope, Contract::ToolResponse];
const ENGINES: [&str; 6] = [
    "data_value_only",
    "hand_struct",
    "serde_struct",
    "envgen_from_json_str",
    "envgen_deserialize",
    "jsonschema_first_error",
];

/// The one function counted: reads every document with `read`.
#[inline(never)]
fn measured(documents: &[String], read: &dyn Fn(&str) -> bool) -> usize {
    documents.iter().filter(|d| black_box(read(d))).count()
}

fn data_value(d: &str) -> bool {
    let mut de = serde_json::Deserializer::from_str(d);
    AnyValue.deserialize(&mut de).is_ok()
}

fn envgen<T: Document>(d: &str) -> bool {
    T::from_json_str_with(d, &Options::new())
        .as_ref()
        .map_err(|e| e.first().map(|e| e.instance_path.len()))
        .is_ok()
}

fn hand<H: DeserializeOwned>(d: &str) -> bool {
    serde_json::from_str::<H>(d).is_ok()
}

/// Reads `documents` with `engine` inside [`measured`]; the number read without error.
fn run<T: Document + DeserializeOwned, H: DeserializeOwned, S: DeserializeOwned>(
    contract: Contract,
    documents: &[String],
    valid: bool,
    engine: &str,
) -> Result<usize, String> {
    let oracle = contract.oracle();
    for d in documents {
        let v: Value = serde_json::from_str(d).unwrap_or_default();
        if oracle.is_valid(&v) != valid || envgen::<T>(d) != valid {
            return Err(format!("a verdict is not {valid}: {d}"));
        }
    }
    Ok(match engine {
        "data_value_only" => measured(&mutations::data_members(documents), &data_value),
        "hand_struct" => measured(documents, &hand::<H>),
        "serde_struct" => measured(documents, &hand::<S>),
        "envgen_from_json_str" => measured(documents, &envgen::<T>),
        "envgen_deserialize" => measured(documents, &hand::<T>),
        "jsonschema_first_error" => measured(documents, &|d| {
            let v: Value = serde_json::from_str(d).unwrap_or_default();
            oracle
                .validate(&v)
                .map_err(|e| e.instance_path().to_string())
                .is_ok()
        }),
        other => return Err(format!("unknown engine {other:?}; one of {ENGINES:?}")),
    })
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    if args.first().map(String::as_str) == Some("--list") {
        for c in CONTRACTS {
            println!("{} valid", c.name());
            if c == Contract::ResponseEnvelope {
                println!("{} {TIMED}", c.name());
            }
            for k in c.kinds() {
                println!("{} {}", c.name(), k.name);
            }
        }
        return ExitCode::SUCCESS;
    }
    let [contract, kind, engine] = args.as_slice() else {
        // `cargo bench` runs every bench target: without arguments, nothing to count.
        eprintln!("usage: instructions CONTRACT KIND ENGINE | --list (engines: {ENGINES:?})");
        return ExitCode::SUCCESS;
    };
    let Some(c) = CONTRACTS.into_iter().find(|c| c.name() == contract) else {
        eprintln!("unknown contract {contract:?}");
        return ExitCode::FAILURE;
    };
    let documents = if kind == "valid" {
        mutations::valid(c, DOCUMENTS, SEED)
    } else if kind == TIMED && c == Contract::ResponseEnvelope {
        mutations::timed_envelopes(DOCUMENTS as u64, false)
    } else if let Some(k) = c.kinds().iter().find(|k| k.name == kind) {
        mutations::invalid(c, k, DOCUMENTS, SEED)
    } else {
        eprintln!("unknown kind {kind:?} of {contract}");
        return ExitCode::FAILURE;
    };
    let valid = kind == "valid" || kind == TIMED;
    let read = match c {
        Contract::ResponseEnvelope => run::<
            ResponseEnvelope,
            hand::HandEnvelope<hand::Any, hand::HandMetaSkipping>,
            hand::HandEnvelope,
        >(c, &documents, valid, engine),
        _ => run::<ToolResponse, hand::HandTool<hand::Any>, hand::HandTool>(
            c, &documents, valid, engine,
        ),
    };
    match read {
        Ok(n) => {
            println!("{} documents, {n} read without error", documents.len());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}
