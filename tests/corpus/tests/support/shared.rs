//! Where the corpus is, for the corpus crate's tests.

use envgen_corpus::CORPUS_PRESENT;
use std::path::{Path, PathBuf};

/// `../shared/corpus`, when it is there and was there when the crate was built. Without it
/// the test named `test` says SKIPPED, or fails under `ENVGEN_REQUIRE_SHARED=1`.
pub fn corpus(test: &str) -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus");
    if dir.is_dir() && CORPUS_PRESENT {
        return Some(dir);
    }
    if std::env::var("ENVGEN_REQUIRE_SHARED").as_deref() == Ok("1") {
        panic!(
            "ENVGEN_REQUIRE_SHARED=1 but {} is missing (or was at build time)",
            dir.display()
        );
    }
    eprintln!(
        "SKIPPED: corpus not found at {}; the {test} test did not run",
        dir.display()
    );
    None
}
