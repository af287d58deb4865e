//! The two engines every bench group times, shared by `benches/validate.rs` and
//! `benches/errors.rs` (included by path): `jsonschema` (parse to `Value`, first error
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
                let v: Value = serde_json::from_str(d).unwrap_or_default();
                black_box(
                    oracle
                        .validate(&v)
                        .map_err(|e| e.instance_path().to_string())
                        .err(),
                );
            }
        })
    });
}

/// envgen: `from_json_str`, keeping the first error's pointer as `jsonschema`'s side does.
pub fn envgen_first_error<T: envgen_runtime::Document>(g: &mut Group<'_>, documents: &[String]) {
    g.bench_function("envgen_from_json_str", |b| {
        b.iter(|| {
            for d in documents {
                black_box(
                    T::from_json_str_with(d, &envgen_runtime::Options::new())
                        .as_ref()
                        .map_err(|e| e.first().map(|e| e.instance_path.len()))
                        .err(),
                );
            }
        })
    });
}
