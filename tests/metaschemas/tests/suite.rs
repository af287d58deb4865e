//! Every schema of the JSON-Schema-Test-Suite (`../shared/jsts/tests/<draft>/*.json` and
//! `optional/**/*.json`, each group's `schema`) parsed through the types envgen generates
//! for its draft's metaschema:
//!
//! * every suite schema is a valid schema, so the metaschema's validator (`validate_value`)
//!   accepts it, and the typed parse (`Root::from_json_str`) gives the same verdict;
//! * each accepted schema serializes back (`serde_json::to_value`) equal to the input,
//!   numbers equal by value and floats bit for bit (`envgen_runtime::json::json_identical`).
//!
//! A schema that fails is an error unless `expected_failures.txt` lists it under one of the
//! known defect classes there; a listed schema that passes is an error too (remove it).
//! Without `../shared/jsts` the test says SKIPPED, or fails under
//! `ENVGEN_REQUIRE_SHARED=1`.

use envgen_metaschema_tests::{Typed, DRAFTS};
use envgen_runtime::json::json_identical;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The defect classes `expected_failures.txt` may name: generated-type defects being fixed
/// in the IR. Any other failure is not expected.
const CLASSES: [&str; 2] = ["integer-as-float", "enum-with-pattern"];

/// A test group: draft folder, file relative to it, group index.
type Key = (String, String, usize);

fn suite_dir() -> Option<PathBuf> {
    envgen_test_support::shared::shared("jsts/tests", "the metaschema types' check")
}

/// `expected_failures.txt`: `folder file group class` per line, `#` comments.
fn expected_failures() -> BTreeMap<Key, String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("expected_failures.txt");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let mut out = BTreeMap::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let [folder, file, group, class] = words[..] else {
            panic!(
                "expected_failures.txt:{}: expected `folder file group class`, found {line:?}",
                n + 1
            );
        };
        let group: usize = group.parse().unwrap_or_else(|_| {
            panic!(
                "expected_failures.txt:{}: group {group:?} is not a number",
                n + 1
            )
        });
        assert!(
            CLASSES.contains(&class),
            "expected_failures.txt:{}: class {class:?} is not one of {CLASSES:?}",
            n + 1
        );
        out.insert(
            (folder.to_owned(), file.to_owned(), group),
            class.to_owned(),
        );
    }
    out
}

/// The suite files of one draft: `*.json` in its folder and every `*.json` under
/// `optional/`, relative to the folder, sorted.
fn suite_files(dir: &Path) -> Vec<String> {
    fn walk(dir: &Path, recurse: bool, out: &mut Vec<PathBuf>) {
        let Ok(rd) = std::fs::read_dir(dir) else {
            return;
        };
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                if recurse {
                    walk(&p, true, out);
                }
            } else if p.extension().is_some_and(|x| x == "json") {
                out.push(p);
            }
        }
    }
    let mut files = Vec::new();
    walk(dir, false, &mut files);
    walk(&dir.join("optional"), true, &mut files);
    let mut rel: Vec<String> = files
        .iter()
        .filter_map(|p| p.strip_prefix(dir).ok())
        .map(|p| p.to_string_lossy().replace('\\', "/"))
        .collect();
    rel.sort();
    rel
}

/// Per draft: schemas, accepted by the validator, typed verdict agreeing, accepted by
/// both, lossless round trips.
#[derive(Default, Debug)]
struct Tally {
    schemas: usize,
    valid: usize,
    agree: usize,
    accepted: usize,
    lossless: usize,
}

#[test]
fn metaschema_types_accept_and_round_trip_every_suite_schema() {
    let Some(root) = suite_dir() else { return };
    let expected = expected_failures();
    let mut failures: BTreeMap<Key, String> = BTreeMap::new();
    let mut report = String::new();
    for meta in DRAFTS {
        let generated = meta
            .generated
            .unwrap_or_else(|e| panic!("codegen refused the metaschema {}: {e}", meta.uri));
        let dir = root.join(meta.folder);
        let files = suite_files(&dir);
        assert!(!files.is_empty(), "no suite files in {}", dir.display());
        let mut tally = Tally::default();
        for file in files {
            let path = dir.join(&file);
            let text = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let groups: Vec<Value> =
                serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            for (i, group) in groups.iter().enumerate() {
                let Some(schema) = group.get("schema") else {
                    panic!("{}: group {i} has no schema", path.display());
                };
                tally.schemas += 1;
                let key = (meta.folder.to_owned(), file.clone(), i);
                let verdict = (generated.validate)(schema);
                tally.valid += usize::from(verdict.is_ok());
                let schema_text = schema.to_string();
                let typed = (generated.typed)(&schema_text);
                let problem = match (&verdict, typed) {
                    (Ok(()), Typed::Accepted(back)) => {
                        tally.agree += 1;
                        tally.accepted += 1;
                        match back {
                            Ok(back) if json_identical(&back, schema) => {
                                tally.lossless += 1;
                                None
                            }
                            Ok(back) => Some(format!("the typed round trip changed it to {back}")),
                            Err(e) => Some(format!("the typed value does not serialize: {e}")),
                        }
                    }
                    (Ok(()), Typed::Rejected(e)) => Some(format!(
                        "the typed parse rejects it, validate_value accepts it: {e}"
                    )),
                    (Err(e), Typed::Accepted(_)) => Some(format!(
                        "validate_value rejects it ({e}) and the typed parse accepts it"
                    )),
                    (Err(e), Typed::Rejected(_)) => {
                        tally.agree += 1;
                        Some(format!("both reject this suite schema: {e}"))
                    }
                };
                if let Some(problem) = problem {
                    failures.insert(key, format!("{problem}\n    schema: {schema_text}"));
                }
            }
        }
        report.push_str(&format!(
            "{} ({}, root `{}`): {} schemas, {} valid by validate_value, {} typed verdicts agree, {}/{} accepted round trip losslessly\n",
            meta.folder, meta.uri, generated.root, tally.schemas, tally.valid, tally.agree, tally.lossless, tally.accepted
        ));
    }
    eprintln!("{report}");
    let unexpected: Vec<String> = failures
        .iter()
        .filter(|(k, _)| !expected.contains_key(*k))
        .map(|((folder, file, i), why)| format!("{folder}/{file} group {i}: {why}"))
        .collect();
    let fixed: Vec<String> = expected
        .iter()
        .filter(|(k, _)| !failures.contains_key(*k))
        .map(|((folder, file, i), class)| format!("{folder} {file} {i} {class}"))
        .collect();
    let listed: Vec<String> = failures
        .iter()
        .filter_map(|(k, why)| expected.get(k).map(|class| (k, class, why)))
        .map(|((folder, file, i), class, why)| {
            format!("{folder}/{file} group {i} [{class}]: {why}")
        })
        .collect();
    if !listed.is_empty() {
        eprintln!(
            "{} expected failures (expected_failures.txt):\n{}",
            listed.len(),
            listed.join("\n")
        );
    }
    assert!(
        unexpected.is_empty() && fixed.is_empty(),
        "{} unexpected failures:\n{}\n\n{} entries of expected_failures.txt now pass (remove them):\n{}",
        unexpected.len(),
        unexpected.join("\n"),
        fixed.len(),
        fixed.join("\n")
    );
}
