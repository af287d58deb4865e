//! Shared by the `rules_*` modules: one passing and one failing case per rule id.

use envgen::rules::Violation;
use std::path::{Path, PathBuf};

/// The rule ids of `found`, in order.
pub fn rules(found: &[Violation]) -> Vec<&'static str> {
    found.iter().map(|v| v.rule).collect()
}

/// Asserts the passing case `good` does not break `rule` and the failing case `bad` does,
/// at `pointer`.
pub fn assert_case(rule: &str, good: &[Violation], bad: &[Violation], pointer: &str) {
    assert!(
        !rules(good).contains(&rule),
        "{rule} on the passing case: {good:#?}"
    );
    assert!(
        bad.iter().any(|v| v.rule == rule && v.pointer == pointer),
        "{rule} at {pointer} not reported: {bad:#?}"
    );
}

/// The valid fixtures `tests/documents/<schema>/*.json`, sorted, with their text.
pub fn fixtures(schema: &str) -> Vec<(PathBuf, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/documents")
        .join(schema);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|f| f.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|f| {
            let text =
                std::fs::read_to_string(&f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
            (f, text)
        })
        .collect()
}

/// Asserts every valid fixture of `schema` breaks no rule under `check`, except the files
/// named in `known`, which break exactly the rules listed.
pub fn assert_fixtures(
    schema: &str,
    check: impl Fn(&str) -> Vec<Violation>,
    known: &[(&str, &[&str])],
) {
    for (f, text) in fixtures(schema) {
        let found = rules(&check(&text));
        let expected = known
            .iter()
            .find(|(name, _)| f.ends_with(name))
            .map_or(&[][..], |(_, rules)| *rules);
        assert_eq!(found, expected, "{}", f.display());
    }
}
