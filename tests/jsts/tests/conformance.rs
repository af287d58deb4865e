//! Runs every case of the JSON-Schema-Test-Suite (draft 7 and 2020-12: the required tests
//! and `optional/format`, formats asserted there) through the generated validators, and
//! checks the result table against `CONFORMANCE.md` at the repository root.
//!
//! * A failing case in a file that CONFORMANCE.md claims fails the test.
//! * `ENVGEN_BLESS=1 cargo test -p envgen-jsts` rewrites CONFORMANCE.md.
//! * Without `../shared/jsts` the test says SKIPPED, or fails under
//!   `ENVGEN_REQUIRE_SHARED=1`.

use envgen_jsts::{GROUPS, SUITE_PRESENT};
use envgen_runtime::Options;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;

/// Files (group `"*"`) or single groups envgen does not claim, with the reason. Their cases
/// are counted and reported, but do not fail the test.
const NOT_CLAIMED: &[(&str, &str, &str)] = &[];

fn claimed(file: &str, group: &str) -> bool {
    !NOT_CLAIMED
        .iter()
        .any(|(f, g, _)| *f == file && (*g == "*" || *g == group))
}

#[derive(Default)]
struct Tally {
    passed: usize,
    failed: Vec<String>,
    refused: Vec<String>,
    /// Failures (or refusals) in claimed groups.
    claimed_failures: Vec<String>,
    /// Whether any group of the file is claimed.
    claimed: bool,
}

fn suite_dir() -> Option<std::path::PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/jsts/tests");
    if dir.is_dir() && SUITE_PRESENT {
        return Some(dir);
    }
    if std::env::var("ENVGEN_REQUIRE_SHARED").as_deref() == Ok("1") {
        panic!("ENVGEN_REQUIRE_SHARED=1 but the test suite at {} is missing (or was missing at build time)", dir.display());
    }
    eprintln!(
        "SKIPPED: JSON-Schema-Test-Suite not found at {}; conformance did not run",
        dir.display()
    );
    None
}

#[test]
fn json_schema_test_suite() {
    let Some(dir) = suite_dir() else { return };
    let mut files: BTreeMap<&str, Vec<Value>> = BTreeMap::new();
    let mut tallies: BTreeMap<&str, Tally> = BTreeMap::new();
    for g in GROUPS {
        let groups = files.entry(g.file).or_insert_with(|| {
            let text = std::fs::read_to_string(dir.join(g.file))
                .unwrap_or_else(|e| panic!("{}: {e}", g.file));
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", g.file))
        });
        let group = &groups[g.index];
        let gdesc = group["description"].as_str().unwrap_or("");
        let tally = tallies.entry(g.file).or_default();
        let formats = g.file.contains("/optional/format/");
        let is_claimed = claimed(g.file, gdesc);
        tally.claimed |= is_claimed;
        let options = Options::new().formats(formats);
        for case in group["tests"].as_array().into_iter().flatten() {
            let desc = case["description"].as_str().unwrap_or("");
            let want = case["valid"].as_bool().unwrap_or(false);
            match &g.validate {
                Err(why) => {
                    let line = format!("{gdesc} / {desc}: {}", why.lines().next().unwrap_or(""));
                    if is_claimed {
                        tally.claimed_failures.push(line.clone());
                    }
                    tally.refused.push(line);
                }
                Ok(validate) => {
                    let got = validate(&case["data"], &options).is_ok();
                    if got == want {
                        tally.passed += 1;
                    } else {
                        let line = format!(
                            "{gdesc} / {desc}: expected {}",
                            if want { "valid" } else { "invalid" }
                        );
                        if is_claimed {
                            tally.claimed_failures.push(line.clone());
                        }
                        tally.failed.push(line);
                    }
                }
            }
        }
    }

    let mut md = String::from(
        "# Conformance\n\nThe official [JSON-Schema-Test-Suite](https://github.com/json-schema-org/JSON-Schema-Test-Suite) \
(`../shared/jsts`, see its `PROVENANCE`) run through validators that envgen generates and rustc compiles: \
every group's schema goes through the real codegen (`tests/jsts/build.rs`), all groups in one crate. \
Required tests of draft 7 and 2020-12, plus `optional/format` with formats asserted. \
Remote references to `http://localhost:1234/` are mapped to `jsts/remotes/`; the draft-07 and 2020-12 metaschemas are vendored in `tests/jsts/metaschemas/`.\n\n\
Regenerate with `ENVGEN_BLESS=1 cargo test -p envgen-jsts`; `cargo test` fails if this file is stale or a claimed case fails.\n\n\
| file | passed | failed | refused by codegen | claimed |\n|---|---:|---:|---:|---|\n",
    );
    let mut total = (0usize, 0usize, 0usize);
    let mut claimed_failures = Vec::new();
    for (file, t) in &tallies {
        let fully = !NOT_CLAIMED.iter().any(|(f, g, _)| f == file && *g == "*");
        let claimed = if !t.claimed {
            "no"
        } else if fully && !NOT_CLAIMED.iter().any(|(f, _, _)| f == file) {
            "yes"
        } else {
            "yes, but the groups listed below"
        };
        total.0 += t.passed;
        total.1 += t.failed.len();
        total.2 += t.refused.len();
        md.push_str(&format!(
            "| {file} | {} | {} | {} | {} |\n",
            t.passed,
            t.failed.len(),
            t.refused.len(),
            claimed
        ));
        for f in &t.claimed_failures {
            claimed_failures.push(format!("{file}: {f}"));
        }
    }
    md.push_str(&format!(
        "| **total** | **{}** | **{}** | **{}** | |\n\n",
        total.0, total.1, total.2
    ));
    md.push_str("## Not claimed\n\n");
    for (f, g, why) in NOT_CLAIMED {
        if *g == "*" {
            md.push_str(&format!("* `{f}` (whole file): {why}.\n"));
        } else {
            md.push_str(&format!("* `{f}`, group \"{g}\": {why}.\n"));
        }
    }
    let mut detail = String::new();
    for (file, t) in &tallies {
        for f in t.failed.iter().chain(&t.refused) {
            detail.push_str(&format!("* `{file}`: {f}\n"));
        }
    }
    if !detail.is_empty() {
        md.push_str("\n## Cases that do not pass\n\n");
        md.push_str(&detail);
    }

    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../CONFORMANCE.md");
    if std::env::var("ENVGEN_BLESS").as_deref() == Ok("1") {
        std::fs::write(&path, &md).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    }
    assert!(
        claimed_failures.is_empty(),
        "{} claimed cases fail:\n{}",
        claimed_failures.len(),
        claimed_failures.join("\n")
    );
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert_eq!(
        committed, md,
        "CONFORMANCE.md is stale: run ENVGEN_BLESS=1 cargo test -p envgen-jsts"
    );
}
