//! The data beside the repository (`../shared`: the contracts' source texts, the
//! JSON-Schema-Test-Suite, the SchemaStore corpus). Users of envgen do not have it, so a
//! test that needs it says loudly that it skipped; with `ENVGEN_REQUIRE_SHARED=1` (as
//! `.ci/run` sets) it fails instead.

use std::path::{Path, PathBuf};

/// The workspace's root directory.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// `../shared/<sub>` beside the repository when it is a directory; otherwise `None`, after
/// saying that `test` skipped (or panicking under `ENVGEN_REQUIRE_SHARED=1`).
pub fn shared(sub: &str, test: &str) -> Option<PathBuf> {
    let dir = root().join("../shared").join(sub);
    let present = dir.is_dir();
    found(dir, present, test)
}

/// `dir` when `present`; otherwise `None`, after saying that `test` skipped (or panicking
/// under `ENVGEN_REQUIRE_SHARED=1`). For a caller whose data needs more than a directory
/// (a crate built while the corpus was there).
pub fn found(dir: PathBuf, present: bool, test: &str) -> Option<PathBuf> {
    if present {
        return Some(dir);
    }
    if std::env::var("ENVGEN_REQUIRE_SHARED").as_deref() == Ok("1") {
        panic!("ENVGEN_REQUIRE_SHARED=1 but {} is missing", dir.display());
    }
    eprintln!("SKIPPED: {} not found; {test} did not run", dir.display());
    None
}
