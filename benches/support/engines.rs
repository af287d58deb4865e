//! The two engines every bench group times, shared by `benches/validate.rs`,
//! `benches/errors.rs` and `benches/paired.rs` (included by path): `jsonschema` (parse to `Value`, first error
//! with its path) and envgen's `from_json_str` (first error with its pointer).

use serde_json::Value;
use std::hint::black_box;

/// A criterion group of this bench.
pub type Group<'a> = criterion::BenchmarkGroup<'a, criterion::measurement::WallTime>;

/// `jsonschema`: parse to `Value`, then the first error with its path.
pub fn jsonschema_first_error(
    g: &mut Group<'_>,
    documents: &[String],
    oracle: &jsonschema::Validator,
) {
    g.bench_function("jsonschema_first_error", |b| {
        b.iter(|| {
            for d in documents {
                black_box(jsonschema_read(oracle, d));
            }
        })
    });
}

/// `jsonschema` on one document: parse to `Value`, then the first error's path.
#[inline]
pub fn jsonschema_read(oracle: &jsonschema::Validator, d: &str) -> Option<String> {
    let v: Value = serde_json::from_str(d).unwrap_or_default();
    oracle
        .validate(&v)
        .map_err(|e| e.instance_path().to_string())
        .err()
}

/// envgen: `from_json_str`, keeping the first error's pointer as `jsonschema`'s side does.
pub fn envgen_first_error<T: envgen_runtime::Document>(g: &mut Group<'_>, documents: &[String]) {
    g.bench_function("envgen_from_json_str", |b| {
        b.iter(|| {
            for d in documents {
                black_box(envgen_read::<T>(d));
            }
        })
    });
}

/// envgen on one document: `from_json_str`, then the first error's pointer (its length).
#[inline]
pub fn envgen_read<T: envgen_runtime::Document>(d: &str) -> Option<Option<usize>> {
    T::from_json_str_with(d, &envgen_runtime::Options::new())
        .as_ref()
        .map_err(|e| e.first().map(|e| e.instance_path.len()))
        .err()
}
