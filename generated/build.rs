//! Turns each golden snapshot (`snapshots/<module>.snap`, written by insta from
//! `tests/engine/goldens.rs`) back into the Rust source it holds, so `src/lib.rs` can compile
//! exactly what reviewers approved.

use std::fs;
use std::path::Path;

fn main() {
    extract(Path::new("snapshots"), |_| true);
}

/// Writes the Rust source of every snapshot in `dir` whose module name `keep` accepts to
/// `OUT_DIR/<module>.rs` (only when it changed), printing `rerun-if-changed` for each.
/// Also the build script of `tests/builders-ui`, which includes this file.
pub fn extract(dir: &Path, keep: impl Fn(&str) -> bool) {
    println!("cargo:rerun-if-changed={}", dir.display());
    let out = std::env::var("OUT_DIR").unwrap_or_else(|_| {
        eprintln!("error: OUT_DIR is not set; run through cargo");
        std::process::exit(1)
    });
    let mut entries: Vec<_> = match fs::read_dir(dir) {
        Ok(rd) => rd.filter_map(Result::ok).map(|e| e.path()).collect(),
        Err(e) => {
            eprintln!("error: cannot read {}: {e}", dir.display());
            std::process::exit(1)
        }
    };
    entries.sort();
    for path in entries {
        let stem = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("golden");
        if path.extension().and_then(|e| e.to_str()) != Some("snap") || !keep(stem) {
            continue;
        }
        println!("cargo:rerun-if-changed={}", path.display());
        let text = fs::read_to_string(&path).unwrap_or_else(|e| {
            eprintln!("error: cannot read {}: {e}", path.display());
            std::process::exit(1)
        });
        // insta's format: "---\n<metadata>\n---\n<content>\n".
        let body = text
            .strip_prefix("---\n")
            .and_then(|rest| rest.split_once("\n---\n"))
            .map(|(_, body)| body)
            .unwrap_or_else(|| {
                eprintln!("error: {} is not an insta snapshot", path.display());
                std::process::exit(1)
            });
        let target = Path::new(&out).join(format!("{stem}.rs"));
        let unchanged = fs::read_to_string(&target).is_ok_and(|old| old == body);
        if !unchanged {
            if let Err(e) = fs::write(&target, body) {
                eprintln!("error: cannot write {}: {e}", target.display());
                std::process::exit(1);
            }
        }
    }
}
