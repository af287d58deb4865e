//! `buildrs [--no-builders] [--out DIR]`: what the root `build.rs` does for the four
//! built-in schemas (read, generate with the built-in settings, format), timed per
//! schema, as one JSON line: `{"<name>": seconds, ..., "total": seconds}`. With `--out`,
//! writes `<module>.rs` files there (for measuring the compile time of the generated
//! code); `--no-builders` turns the typestate builders off.

use envgen_codegen::builtin::{settings, BUILTINS};
use envgen_codegen::{Config, SchemaConfig};
use std::path::{Path, PathBuf};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let builders = !args.iter().any(|a| a == "--no-builders");
    let out: Option<PathBuf> = args
        .iter()
        .position(|a| a == "--out")
        .and_then(|i| args.get(i + 1))
        .map(PathBuf::from);
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut times = serde_json::Map::new();
    let start = Instant::now();
    for b in BUILTINS {
        let s = settings(b.name).builders(builders);
        let t = Instant::now();
        let generated = Config::new()
            .base_dir(&root)
            .schema_with(SchemaConfig::new(b.file).module(b.module).settings(s))
            .generate();
        let secs = t.elapsed().as_secs_f64();
        match generated {
            Ok(g) => {
                if let Some(dir) = &out {
                    for g in g {
                        let p = dir.join(format!("{}.rs", g.module));
                        if let Err(e) = std::fs::write(&p, g.code) {
                            eprintln!("error: {}: {e}", p.display());
                            std::process::exit(1);
                        }
                    }
                }
            }
            Err(e) => {
                eprintln!("error: {e}");
                std::process::exit(1);
            }
        }
        times.insert(b.name.to_owned(), serde_json::json!(secs));
    }
    times.insert(
        "total".to_owned(),
        serde_json::json!(start.elapsed().as_secs_f64()),
    );
    println!("{}", serde_json::Value::Object(times));
}
