//! Codegen speed, all engines measured in the same run (see BENCHMARKS.md).
//!
//! * `codegen_<schema>`: envgen's in-process generation (`generate_source`: parse, link,
//!   lower, emit, prettyplease) of each of the four built-in schemas with the settings
//!   `build.rs` uses, against typify 0.8's library (`RootSchema` parse, `TypeSpace`,
//!   `to_stream`, the same prettyplease). typify panics on the `if`/`then`/`else` of
//!   three of them (recorded below, with `catch_unwind`), so both engines also run on the
//!   stripped copies of `benches/typify-stripped/` (docs/typify-baseline.md): the ratio
//!   compares the same input.
//! * `scale`: envgen on real schemas of four sizes (up to the largest of
//!   `../shared/corpus`) and on a synthetic schema of 1k definitions
//!   (`ENVGEN_PERF_SYNTHETIC=1000,10000,100000` for more). Peak memory comes from
//!   `scripts/codegen-perf.py`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use envgen_codegen::{builtin, generate_source, Settings};
use std::hint::black_box;
use std::path::Path;

const SCHEMAS: [(&str, &str); 4] = [
    ("response-envelope", "response-envelope.json"),
    ("tool-response", "tool-response.json"),
    ("cmdhelp", "cmdhelp.schema.json"),
    ("meminit", "meminit-output-envelope.json"),
];

fn read(p: &Path) -> String {
    std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn repo() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

/// typify 0.8 as a library, formatted with the same prettyplease as envgen.
fn typify(text: &str) -> Result<String, String> {
    let root: schemars08::schema::RootSchema =
        serde_json::from_str(text).map_err(|e| e.to_string())?;
    let mut space = typify::TypeSpace::new(&typify::TypeSpaceSettings::default());
    space.add_root_schema(root).map_err(|e| e.to_string())?;
    let file: syn::File = syn::parse2(space.to_stream()).map_err(|e| e.to_string())?;
    Ok(prettyplease::unparse(&file))
}

/// Whether typify generates each original schema, or panics (and with what).
fn typify_status() -> Vec<(String, String)> {
    let quiet = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let out = SCHEMAS
        .iter()
        .map(|(name, file)| {
            let text = read(&repo().join("schemas").join(file));
            let status = match std::panic::catch_unwind(|| typify(&text)) {
                Ok(Ok(code)) => format!("generates ({} lines)", code.lines().count()),
                Ok(Err(e)) => format!("error: {e}"),
                Err(p) => {
                    let msg = p
                        .downcast_ref::<String>()
                        .cloned()
                        .or_else(|| p.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                        .unwrap_or_default();
                    let first = msg
                        .lines()
                        .next()
                        .unwrap_or("")
                        .chars()
                        .take(90)
                        .collect::<String>();
                    format!("panics: {first}")
                }
            };
            ((*name).to_owned(), status)
        })
        .collect();
    std::panic::set_hook(quiet);
    out
}

fn criterion_dir() -> std::path::PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("target"));
    target.join("criterion")
}

fn in_process(c: &mut Criterion) {
    let status = typify_status();
    for (name, s) in &status {
        eprintln!("typify 0.8 on schemas/{name}: {s}");
    }
    let dir = criterion_dir();
    let _ = std::fs::create_dir_all(&dir);
    let json: serde_json::Map<String, serde_json::Value> = status
        .into_iter()
        .map(|(k, v)| (k, serde_json::Value::String(v)))
        .collect();
    let _ = std::fs::write(
        dir.join("typify-status.json"),
        serde_json::Value::Object(json).to_string(),
    );

    for (name, file) in SCHEMAS {
        let original = read(&repo().join("schemas").join(file));
        let stripped_path = repo().join("benches/typify-stripped").join(file);
        let stripped = if stripped_path.exists() {
            read(&stripped_path)
        } else {
            original.clone()
        };
        let settings = builtin::settings(name);
        // Sanity: every engine generates what is timed.
        for (what, text) in [("original", &original), ("stripped", &stripped)] {
            if let Err(e) = generate_source(file, text, &settings) {
                panic!("envgen on {what} {file}: {e}");
            }
        }
        if let Err(e) = typify(&stripped) {
            panic!("typify on stripped {file}: {e}");
        }
        let mut g = c.benchmark_group(format!("codegen_{name}"));
        g.sample_size(20);
        g.bench_function("envgen_original", |b| {
            b.iter(|| {
                black_box(
                    generate_source(file, &original, &settings)
                        .map(|s| s.len())
                        .ok(),
                )
            })
        });
        g.bench_function("envgen_stripped", |b| {
            b.iter(|| {
                black_box(
                    generate_source(file, &stripped, &settings)
                        .map(|s| s.len())
                        .ok(),
                )
            })
        });
        // The same job as typify's default: types and serde impls, no validators, no
        // builders (typify's `TypeSpaceSettings::default()` emits no builders either).
        let types_only = builtin::settings(name).validators(false).builders(false);
        if let Err(e) = generate_source(file, &stripped, &types_only) {
            panic!("envgen types-only on stripped {file}: {e}");
        }
        g.bench_function("envgen_types_only_stripped", |b| {
            b.iter(|| {
                black_box(
                    generate_source(file, &stripped, &types_only)
                        .map(|s| s.len())
                        .ok(),
                )
            })
        });
        g.bench_function("typify_stripped", |b| {
            b.iter(|| black_box(typify(&stripped).map(|s| s.len()).ok()))
        });
        g.finish();
    }
}

fn scale(c: &mut Criterion) {
    let mut inputs: Vec<(String, String)> = Vec::new();
    let corpus = envgen_perf::corpus();
    if corpus.is_dir() {
        for rel in envgen_perf::REAL {
            inputs.push((rel.replace('/', "_"), read(&corpus.join(rel))));
        }
    } else {
        eprintln!(
            "scale: {} is absent; real schemas skipped",
            corpus.display()
        );
    }
    // ENVGEN_PERF_SYNTHETIC=1000,10000 for the larger ones (10,000 definitions generate
    // ~240 MB of Rust in ~32 s and ~2 GB; 100,000 would need ~20 GB; see BENCHMARKS.md).
    let sizes: Vec<usize> = std::env::var("ENVGEN_PERF_SYNTHETIC")
        .unwrap_or_else(|_| "1000".to_owned())
        .split(',')
        .filter_map(|n| n.trim().parse().ok())
        .collect();
    for n in sizes {
        inputs.push((format!("synthetic_{n}"), envgen_perf::synthetic(n)));
    }
    let settings = Settings::new();
    let mut g = c.benchmark_group("scale");
    g.sample_size(10);
    for (name, text) in &inputs {
        if let Err(e) = envgen_perf::pipeline(text, &settings) {
            panic!("envgen on {name}: {e}");
        }
        g.throughput(Throughput::Bytes(text.len() as u64));
        g.bench_with_input(BenchmarkId::new("envgen", name), text, |b, text| {
            b.iter(|| black_box(envgen_perf::pipeline(text, &settings).ok()))
        });
    }
    g.finish();
}

criterion_group!(benches, in_process, scale);
criterion_main!(benches);
