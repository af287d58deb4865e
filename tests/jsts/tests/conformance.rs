//! Runs every case of the JSON-Schema-Test-Suite (five drafts: 4, 6, 7, 2019-09 and 2020-12;
//! per draft the required tests and `optional/format`, formats asserted there) through the
//! generated validators, and checks the result tables (one per draft) against
//! `CONFORMANCE.md` at the repository root.
//!
//! * A failing case in a file that CONFORMANCE.md claims fails the test.
//! * `ENVGEN_BLESS=1 cargo test -p envgen-jsts` rewrites CONFORMANCE.md.
//! * Without `../shared/jsts` the test says SKIPPED, or fails under
//!   `ENVGEN_REQUIRE_SHARED=1`.

use envgen_jsts::{GROUPS, SUITES, SUITE_PRESENT};
use envgen_runtime::json::json_identical;
use envgen_runtime::Options;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;

/// Files (group `"*"`) or single groups envgen does not claim, with the reason. Their cases
/// are counted and reported, but do not fail the test.
const NOT_CLAIMED: &[(&str, &str, &str)] = &[];

/// The draft folder of a file path relative to the suite's `tests/` (`draft7/ref.json` →
/// `draft7`).
fn draft_of(file: &str) -> &str {
    file.split('/').next().unwrap_or(file)
}

/// Whether the file is one of a draft's `optional/format` files (formats asserted).
fn is_format(file: &str) -> bool {
    file.contains("/optional/format/")
}

/// The CONFORMANCE.md heading of a draft folder (`draft2019-09` → `Draft 2019-09`).
fn heading(suite: &str) -> String {
    format!("Draft {}", suite.trim_start_matches("draft"))
}

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
    /// Cases whose typed parse gives the expected verdict, and accepted ones back as given.
    typed_passed: usize,
    /// Cases whose typed parse does not.
    typed_failed: Vec<String>,
}

fn suite_dir() -> Option<std::path::PathBuf> {
    // Present now, and when the crate was built (its build script generates the cases).
    let dir = envgen_test_support::shared::root().join("../shared/jsts/tests");
    let present = dir.is_dir() && SUITE_PRESENT;
    envgen_test_support::shared::found(dir, present, "conformance")
}

#[test]
fn json_schema_test_suite() {
    let Some(dir) = suite_dir() else { return };
    let mut files: BTreeMap<&str, Vec<Value>> = BTreeMap::new();
    let mut tallies: BTreeMap<&str, Tally> = BTreeMap::new();
    // Per NOT_CLAIMED entry: whether it matched a group, and whether a case of the groups
    // it matched does not pass (an entry with none left is stale: the cases are claimable).
    let mut entries = vec![(false, false); NOT_CLAIMED.len()];
    for g in GROUPS {
        let groups = files.entry(g.file).or_insert_with(|| {
            let text = std::fs::read_to_string(dir.join(g.file))
                .unwrap_or_else(|e| panic!("{}: {e}", g.file));
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", g.file))
        });
        let group = &groups[g.index];
        let gdesc = group["description"].as_str().unwrap_or("");
        let tally = tallies.entry(g.file).or_default();
        let formats = is_format(g.file);
        let is_claimed = claimed(g.file, gdesc);
        tally.claimed |= is_claimed;
        let options = Options::new().formats(formats);
        let not_passing_before = tally.failed.len() + tally.refused.len();
        for case in group["tests"].as_array().into_iter().flatten() {
            let desc = case["description"].as_str().unwrap_or("");
            let want = case["valid"].as_bool().unwrap_or(false);
            match &g.validate {
                Err(why) => {
                    typed_case(tally, &g.typed, &case["data"], want, &options, gdesc, desc);
                    let line = format!("{gdesc} / {desc}: {}", why.lines().next().unwrap_or(""));
                    if is_claimed {
                        tally.claimed_failures.push(line.clone());
                    }
                    tally.refused.push(line);
                }
                Ok(validate) => {
                    let got = validate(&case["data"], &options).is_ok();
                    typed_case(tally, &g.typed, &case["data"], want, &options, gdesc, desc);
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
        let not_passing = tally.failed.len() + tally.refused.len() > not_passing_before;
        for (i, (f, grp, _)) in NOT_CLAIMED.iter().enumerate() {
            if *f == g.file && (*grp == "*" || *grp == gdesc) {
                entries[i].0 = true;
                entries[i].1 |= not_passing;
            }
        }
    }
    for suite in SUITES {
        assert!(
            GROUPS.iter().any(|g| draft_of(g.file) == *suite),
            "no test group of {suite} was generated"
        );
    }
    for ((f, grp, _), (matched, not_passing)) in NOT_CLAIMED.iter().zip(&entries) {
        assert!(
            *matched,
            "NOT_CLAIMED names {f} / {grp:?}, which matches no test group"
        );
        assert!(
            *not_passing,
            "NOT_CLAIMED names {f} / {grp:?}, whose cases all pass now: remove the entry"
        );
    }

    let typed_failures: Vec<String> = tallies
        .iter()
        .flat_map(|(file, t)| t.typed_failed.iter().map(move |f| format!("{file}: {f}")))
        .collect();
    let mut md = String::from(
        "# Conformance\n\nThe official [JSON-Schema-Test-Suite](https://github.com/json-schema-org/JSON-Schema-Test-Suite) \
(`../shared/jsts`, see its `PROVENANCE`) run through validators that envgen generates and rustc compiles: \
every group's schema goes through the real codegen (`tests/jsts/build.rs`), all groups of all five drafts in one crate. \
Five drafts: 4, 6, 7, 2019-09 and 2020-12, each one's schemas read as that draft unless they declare another in `$schema`. \
Per draft, the required tests plus `optional/format` with formats asserted (the suite expects assertion there; \
everywhere else formats are annotations). \
Remote references to `http://localhost:1234/` are mapped to `jsts/remotes/`; the five drafts' metaschemas are the ones built into envgen-codegen (`codegen/metaschemas/`), found with no mapping.\n\n\
Regenerate with `ENVGEN_BLESS=1 cargo test -p envgen-jsts`; `cargo test` fails if this file is stale or a claimed case fails. \
\"Refused\" counts the cases of groups whose schema codegen refuses (an unsupported keyword, with a located error); \
they are neither passed nor failed. \
\"Typed\" runs every case through the group's generated Rust types as a user would \
(`Root::from_json_str_with`, then `serde_json::to_value`): a case passes when the types accept exactly the valid instances \
and give each one back equal to the input (numbers by value, so `2.0` may come back as `2`; a float bit for bit). \
A case whose types codegen refuses counts as failed; none is left out.\n\n",
    );
    // Per draft: (required, optional/format) totals of (passed, failed, refused).
    let mut sums: BTreeMap<&str, [(usize, usize, usize); 2]> = BTreeMap::new();
    // Per draft: typed (passed, failed), required and optional/format together.
    let mut typed_sums: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    for (file, t) in &tallies {
        let sum = &mut sums.entry(draft_of(file)).or_default()[usize::from(is_format(file))];
        sum.0 += t.passed;
        sum.1 += t.failed.len();
        sum.2 += t.refused.len();
        let typed = typed_sums.entry(draft_of(file)).or_default();
        typed.0 += t.typed_passed;
        typed.1 += t.typed_failed.len();
    }
    md.push_str("| draft | required: passed | failed | refused | optional/format: passed | failed | refused | typed: passed | typed: failed |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for suite in SUITES {
        let [(rp, rf, rr), (fp, ff, fr)] = sums.get(suite).copied().unwrap_or_default();
        let (tp, tf) = typed_sums.get(suite).copied().unwrap_or_default();
        let h = heading(suite);
        let anchor = h.to_lowercase().replace(" ", "-");
        md.push_str(&format!(
            "| [{h}](#{anchor}) | {rp} | {rf} | {rr} | {fp} | {ff} | {fr} | {tp} | {tf} |\n"
        ));
    }
    let mut claimed_failures = Vec::new();
    for suite in SUITES {
        let [(rp, rf, rr), (fp, ff, fr)] = sums.get(suite).copied().unwrap_or_default();
        let h = heading(suite);
        let (tp, tf) = typed_sums.get(suite).copied().unwrap_or_default();
        md.push_str(&format!(
            "\n## {h}\n\nRequired tests: {rp} passed, {rf} failed, {rr} refused. `optional/format`: {fp} passed, {ff} failed, {fr} refused. \
Typed: {tp} passed, {tf} failed.\n\n\
| file | passed | failed | refused by codegen | claimed | typed |\n|---|---:|---:|---:|---|---:|\n"
        ));
        for (file, t) in tallies.iter().filter(|(file, _)| draft_of(file) == *suite) {
            let fully = !NOT_CLAIMED.iter().any(|(f, g, _)| f == file && *g == "*");
            let claimed = if !t.claimed {
                "no"
            } else if fully && !NOT_CLAIMED.iter().any(|(f, _, _)| f == file) {
                "yes"
            } else {
                "yes, but the groups listed below"
            };
            md.push_str(&format!(
                "| {file} | {} | {} | {} | {} | {}/{} |\n",
                t.passed,
                t.failed.len(),
                t.refused.len(),
                claimed,
                t.typed_passed,
                t.typed_passed + t.typed_failed.len()
            ));
            for f in &t.claimed_failures {
                claimed_failures.push(format!("{file}: {f}"));
            }
        }
    }
    md.push_str("\n## Not claimed\n\n");
    if NOT_CLAIMED.is_empty() {
        md.push_str("Nothing: every required test and every `optional/format` test of the five drafts is claimed.\n");
    }
    for (f, g, why) in NOT_CLAIMED {
        if *g == "*" {
            md.push_str(&format!("* `{f}` (whole file): {why}.\n"));
        } else {
            md.push_str(&format!("* `{f}`, group \"{g}\": {why}.\n"));
        }
    }
    let mut detail = String::new();
    for suite in SUITES {
        for (file, t) in tallies.iter().filter(|(file, _)| draft_of(file) == *suite) {
            for f in t.failed.iter().chain(&t.refused) {
                detail.push_str(&format!("* `{file}`: {f}\n"));
            }
            for f in &t.typed_failed {
                detail.push_str(&format!("* `{file}` (typed): {f}\n"));
            }
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
        typed_failures.is_empty(),
        "{} cases fail through the generated types:\n{}",
        typed_failures.len(),
        typed_failures.join("\n")
    );
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

/// Runs one case through the group's generated root type and tallies it: the typed verdict
/// must be the expected one, and an accepted instance must serialize back equal to the
/// input ([`json_identical`]: numbers by value, floats bit for bit).
fn typed_case(
    tally: &mut Tally,
    typed: &Result<envgen_jsts::Typed, &'static str>,
    data: &Value,
    want: bool,
    options: &Options,
    gdesc: &str,
    desc: &str,
) {
    let failure = match typed {
        Err(why) => Some(format!(
            "types refused by codegen: {}",
            why.lines().next().unwrap_or("")
        )),
        Ok(parse) => {
            let input = serde_json::to_string(data).unwrap_or_default();
            match (parse(&input, options), want) {
                (Ok(back), true) if json_identical(&back, data) => None,
                (Ok(back), true) => Some(format!("accepted, but came back as {back}")),
                (Ok(_), false) => Some("accepted an invalid instance".to_owned()),
                (Err(_), false) => None,
                (Err(e), true) => Some(format!(
                    "refused a valid instance: {}",
                    e.first().map(ToString::to_string).unwrap_or_default()
                )),
            }
        }
    };
    match failure {
        None => tally.typed_passed += 1,
        Some(why) => tally.typed_failed.push(format!("{gdesc} / {desc}: {why}")),
    }
}
