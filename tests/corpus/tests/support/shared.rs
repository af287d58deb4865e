//! Where the corpus is, for the corpus crate's tests.

use envgen_corpus::CORPUS_PRESENT;
use std::path::{Path, PathBuf};

/// `../shared/corpus`, when it is there and was there when the crate was built. Without it
/// the test named `test` says SKIPPED, or fails under `ENVGEN_REQUIRE_SHARED=1`.
pub fn corpus(test: &str) -> Option<PathBuf> {
    let dir = envgen_test_support::shared::root().join("../shared/corpus");
    let present = dir.is_dir() && CORPUS_PRESENT;
    envgen_test_support::shared::found(dir, present, &format!("the {test} test"))
}

/// The `.json` files of `dir`, sorted, as (file name, text). Panics on a file it cannot
/// read: the corpus is the test's own data.
pub fn json_files(dir: &Path) -> Vec<(String, String)> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "json"))
                .collect()
        })
        .unwrap_or_default();
    paths.sort();
    paths
        .into_iter()
        .map(|p| {
            let text =
                std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            let name = p
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            (name, text)
        })
        .collect()
}
