//! Two engines timed in alternation, batch by batch, for `scripts/paired.py`: the
//! comparisons of `benches/errors.rs` and `benches/validate.rs` on a machine whose speed
//! drifts faster than criterion's groups run.
//!
//! Criterion times one engine of a group for its whole measurement (here 2.5 s) and then
//! the next, so a drift of the machine's speed between the two lands in their ratio. On
//! the shared 2-core machine of BENCHMARKS.md, four runs of the same binary on the same
//! group put `jsonschema` at 6.0–9.1 ms a batch and envgen at 5.8–8.6 ms. This bench
//! times a batch of one engine, then a batch of the other, alternating which goes first,
//! so the two batches of a pair run milliseconds apart and share the machine's state; the
//! ratio of each pair is the comparison, and the median of those ratios the row's.
//!
//! Rows, each on the same 1,000 documents as the criterion group of the same name:
//!
//! * every kind of `benches/errors.rs` (ResponseEnvelope, ToolResponse, Meminit; `valid`
//!   and each kind of error): `jsonschema` (parse to `Value`, first error with its path)
//!   against envgen's `from_json_str` (first error, located);
//! * ResponseEnvelope `timed`, the valid documents `benches/validate.rs` times: the serde
//!   struct (`support/hand.rs`, `HandEnvelope`, the baseline of that bench) against
//!   envgen's `from_json_str`.
//!
//! Every verdict is asserted before timing. `paired [--rounds N] [--only TEXT]` (`TEXT`
//! a part of `contract/kind`) prints one JSON object a row on standard output: the
//! baseline's and envgen's minimum and median batch time (ns), the median of the per-pair
//! ratios (baseline ÷ envgen), and how many pairs envgen took less time in. Without
//! `--rounds` it times nothing (as `cargo bench` runs every bench target).

use envgen_test_support::mutations;

// Its criterion halves (`jsonschema_first_error`, `envgen_first_error`) are not used here.
#[allow(dead_code)]
#[path = "support/engines.rs"]
mod engines;
#[path = "support/hand.rs"]
mod hand;

use envgen::meminit::MeminitEnvelope;
use envgen::response_envelope::ResponseEnvelope;
use envgen::tool_response::ToolResponse;
use envgen_runtime::{Document, Options};
use mutations::Contract;
use serde_json::Value;
use std::hint::black_box;
use std::process::ExitCode;
use std::time::{Duration, Instant};

const DOCUMENTS: usize = 1_000;
const SEED: u64 = 0x0019_E550_0000_0001;
/// Batches of each engine run before the pairs are timed.
const WARM_UP: usize = 5;
/// The row of `benches/validate.rs`'s valid ResponseEnvelope documents.
const TIMED: &str = "timed";

/// A batch reader: reads every document once.
type Reader<'a> = Box<dyn Fn(&[String]) + 'a>;

/// `jsonschema`: parse to `Value`, then the first error with its path.
fn jsonschema(oracle: &jsonschema::Validator) -> Reader<'_> {
    Box::new(move |documents| {
        for d in documents {
            black_box(engines::jsonschema_read(oracle, d));
        }
    })
}

/// envgen's `from_json_str`, keeping the first error's pointer.
fn envgen<T: Document>() -> Reader<'static> {
    Box::new(|documents| {
        for d in documents {
            black_box(engines::envgen_read::<T>(d));
        }
    })
}

/// `benches/validate.rs`'s baseline: the serde struct, no validation.
fn serde_struct() -> Reader<'static> {
    Box::new(|documents| {
        for d in documents {
            black_box(serde_json::from_str::<hand::HandEnvelope>(d).is_ok());
        }
    })
}

/// One batch of `read`, timed.
fn time(read: &Reader<'_>, documents: &[String]) -> Duration {
    let start = Instant::now();
    read(documents);
    start.elapsed()
}

/// The value at the middle of `xs` (sorted; the mean of the two middle ones when even).
fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    let n = xs.len();
    match n {
        0 => f64::NAN,
        _ if n % 2 == 1 => xs[n / 2],
        _ => (xs[n / 2 - 1] + xs[n / 2]) / 2.0,
    }
}

/// Times `rounds` pairs of batches, `baseline` and `envgen` in alternating order, and
/// returns the row's JSON.
fn pairs(
    row: (&str, &str),
    documents: &[String],
    (baseline_name, baseline): (&str, Reader<'_>),
    envgen: Reader<'_>,
    rounds: usize,
) -> Value {
    for _ in 0..WARM_UP {
        time(&baseline, documents);
        time(&envgen, documents);
    }
    let (mut b, mut e) = (Vec::with_capacity(rounds), Vec::with_capacity(rounds));
    for r in 0..rounds {
        if r % 2 == 0 {
            b.push(time(&baseline, documents).as_nanos() as f64);
            e.push(time(&envgen, documents).as_nanos() as f64);
        } else {
            e.push(time(&envgen, documents).as_nanos() as f64);
            b.push(time(&baseline, documents).as_nanos() as f64);
        }
    }
    let ratios: Vec<f64> = b.iter().zip(&e).map(|(b, e)| b / e).collect();
    let faster = ratios.iter().filter(|r| **r > 1.0).count();
    let min = |xs: &[f64]| xs.iter().copied().fold(f64::INFINITY, f64::min);
    serde_json::json!({
        "contract": row.0, "kind": row.1, "documents": documents.len(), "pairs": rounds,
        "baseline": baseline_name,
        "baseline_min_ns": min(&b), "baseline_median_ns": median(b.clone()),
        "envgen_min_ns": min(&e), "envgen_median_ns": median(e.clone()),
        "ratio_median": median(ratios), "envgen_faster_pairs": faster,
    })
}

/// Times and prints the rows of `c`: its valid documents and each kind of error, with `T`
/// its envelope (untyped payload); `TIMED` too for ResponseEnvelope.
fn contract<T: Document>(c: Contract, only: Option<&str>, rounds: usize) -> Result<(), String> {
    let oracle = c.oracle();
    let mut rows: Vec<(String, Vec<String>, bool)> =
        vec![("valid".into(), mutations::valid(c, DOCUMENTS, SEED), true)];
    if c == Contract::ResponseEnvelope {
        rows.push((
            TIMED.into(),
            mutations::timed_envelopes(DOCUMENTS as u64, false),
            true,
        ));
    }
    for k in c.kinds() {
        rows.push((
            k.name.into(),
            mutations::invalid(c, k, DOCUMENTS, SEED),
            false,
        ));
    }
    for (kind, documents, valid) in rows {
        if only.is_some_and(|o| !format!("{}/{kind}", c.name()).contains(o)) {
            continue;
        }
        for d in &documents {
            let v: Value = serde_json::from_str(d).unwrap_or_default();
            let ours = T::from_json_str_with(d, &Options::new()).is_ok();
            if oracle.is_valid(&v) != valid || ours != valid {
                return Err(format!(
                    "{}/{kind}: a verdict is not {valid}: {d}",
                    c.name()
                ));
            }
        }
        let baseline = if kind == TIMED {
            ("serde_struct", serde_struct())
        } else {
            ("jsonschema_first_error", jsonschema(&oracle))
        };
        let row = pairs(
            (c.name(), &kind),
            &documents,
            baseline,
            envgen::<T>(),
            rounds,
        );
        println!("{row}");
    }
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let flag = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
    };
    let Some(rounds) = flag("--rounds") else {
        eprintln!("usage: paired --rounds N [--only CONTRACT/KIND-PART] (`scripts/paired.py`)");
        return ExitCode::SUCCESS;
    };
    let Ok(rounds) = rounds.parse::<usize>() else {
        eprintln!("--rounds: not a number: {rounds}");
        return ExitCode::FAILURE;
    };
    let only = flag("--only").map(String::as_str);
    let run = contract::<ResponseEnvelope>(Contract::ResponseEnvelope, only, rounds)
        .and_then(|_| contract::<ToolResponse>(Contract::ToolResponse, only, rounds))
        .and_then(|_| contract::<MeminitEnvelope>(Contract::Meminit, only, rounds));
    if let Err(e) = run {
        eprintln!("{e}");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
