//! Every rule id in a checker's rule table has a test named after it in `tests/rules_*.rs`
//! (`meminit/9.2-key-order` → `fn meminit_9_2_key_order`), so a rule cannot be added
//! without its passing and failing case.

const TABLES: [(&str, &str); 4] = [
    (
        include_str!("../../src/response/check.rs"),
        include_str!("rules_response.rs"),
    ),
    (
        include_str!("../../src/tool/check.rs"),
        include_str!("rules_tool.rs"),
    ),
    (
        include_str!("../../src/meminit/check.rs"),
        include_str!("rules_meminit.rs"),
    ),
    (
        include_str!("../../src/help/check.rs"),
        include_str!("rules_cmdhelp.rs"),
    ),
];

/// The rule ids of a module's doc table: the first cell of each `//! | `…` |` row.
fn rule_ids(source: &str) -> Vec<String> {
    source
        .lines()
        .filter_map(|l| l.strip_prefix("//! | `"))
        .filter_map(|l| l.split('`').next())
        .filter(|id| id.contains('/'))
        .map(str::to_owned)
        .collect()
}

#[test]
fn every_rule_in_a_table_has_a_test_named_after_it() {
    let mut total = 0;
    for (source, tests) in TABLES {
        let ids = rule_ids(source);
        assert!(ids.len() >= 8, "{ids:?}");
        for id in ids {
            let name = id.replace(['/', '.', '-'], "_");
            assert!(
                tests.contains(&format!("fn {name}(")),
                "no test fn {name} for {id}"
            );
            total += 1;
        }
    }
    assert_eq!(total, 8 + 15 + 16 + 9);
}
