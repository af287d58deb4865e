//! The generated types parse every SchemaStore document (`pos/` and `neg/`) on a thread
//! with 2 MiB of stack, the stack `cargo test` gives each test and Rust gives a spawned
//! thread, in every mode the corpus crate compiles (default types, and types generated
//! with `preserve_key_order`). Run in the test profile (a debug build: no inlining, a
//! stack slot for every temporary), where a generated deserializer's frames are largest.
//! A parse that needs more stack aborts the test binary ("has overflowed its stack").
//!
//! The schemas whose types are left out of the CI build (`TYPED_TOO_LARGE_FOR_CI` in
//! `build.rs`) are covered by `ENVGEN_CORPUS_TYPED=all cargo test -p envgen-corpus --test
//! stack`. Without `../shared` the test says SKIPPED, or fails under
//! `ENVGEN_REQUIRE_SHARED=1`.

#[path = "support/shared.rs"]
mod shared;

use envgen_corpus::SCHEMAS;
use envgen_runtime::Options;

/// What `cargo test` gives each test thread, and `std::thread::spawn` each thread.
const STACK: usize = 2 << 20;

#[test]
fn every_document_parses_on_a_2_mib_stack_in_every_mode() {
    let Some(root) = shared::corpus("stack") else {
        return;
    };
    let options = Options::new().formats(true);
    let (mut parsed, mut schemas) = (0usize, 0usize);
    let mut problems = Vec::new();
    for e in SCHEMAS {
        let Some(dir) = e.name.strip_prefix("schemastore/") else {
            continue;
        };
        let modes = [("default", e.typed), ("preserve_key_order", e.ordered)];
        let modes: Vec<_> = modes
            .into_iter()
            .filter_map(|(mode, f)| f.map(|f| (mode, f)))
            .collect();
        if modes.is_empty() {
            continue;
        }
        schemas += 1;
        let dir = root.join("schemastore").join(dir);
        for (valid, sub) in [(true, "pos"), (false, "neg")] {
            for (file, text) in shared::json_files(&dir.join(sub)) {
                for &(mode, parse) in &modes {
                    let text = text.clone();
                    // Each parse on a fresh thread with exactly `STACK` bytes: a frame too
                    // large aborts here, whatever the harness's own threads were given.
                    let verdict = std::thread::Builder::new()
                        .name(format!("{}/{sub}/{file} ({mode})", e.name))
                        .stack_size(STACK)
                        .spawn(move || parse(&text, &options).is_ok())
                        .expect("spawn a parsing thread")
                        .join();
                    parsed += 1;
                    match verdict {
                        Ok(accepted) if accepted == valid => {}
                        Ok(accepted) => problems.push(format!(
                            "{}/{sub}/{file} ({mode}): the typed parse {}",
                            e.name,
                            if accepted { "accepts it" } else { "rejects it" }
                        )),
                        Err(_) => {
                            problems.push(format!("{}/{sub}/{file} ({mode}): panicked", e.name))
                        }
                    }
                }
            }
        }
    }
    eprintln!(
        "{parsed} typed parses of {schemas} schemas on a {} KiB stack ({} build)",
        STACK >> 10,
        if cfg!(debug_assertions) {
            "debug"
        } else {
            "release"
        }
    );
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
    assert!(parsed > 0, "no typed parse ran");
}
