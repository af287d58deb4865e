//! `envgen diff OLD NEW` on schema pairs covering each change class (`tests/diff/<case>/`):
//! the classification of each pair is asserted here, and the text report of each pair is
//! a snapshot.

/// (case, change codes in report order, breaks producers, breaks consumers)
const CASES: &[(&str, &[&str], bool, bool)] = &[
    ("01-no-change", &[], false, false),
    (
        "02-optional-field-added",
        &["optional-field-added"],
        false,
        false,
    ),
    (
        "03-required-field-added",
        &["required-field-added"],
        true,
        false,
    ),
    ("04-field-removed", &["field-removed"], true, true),
    ("05-field-type-changed", &["field-type-changed"], true, true),
    ("06-field-now-required", &["field-now-required"], true, true),
    ("07-field-now-optional", &["field-now-optional"], true, true),
    ("08-field-now-nullable", &["field-now-nullable"], true, true),
    ("09-enum-widened", &["variant-added"], false, true),
    ("10-enum-narrowed", &["variant-removed"], true, true),
    (
        "11-constraints-narrowed",
        &["constraint-narrowed", "constraint-narrowed"],
        true,
        false,
    ),
    (
        "12-constraints-widened",
        &["constraint-widened", "constraint-widened"],
        false,
        true,
    ),
    ("13-pattern-changed", &["constraint-changed"], true, true),
    ("14-type-added", &["type-added"], false, false),
    (
        "15-type-removed",
        &["type-removed", "field-type-changed"],
        true,
        true,
    ),
    (
        "16-type-changed",
        &["constraint-narrowed", "type-changed"],
        true,
        true,
    ),
    (
        "17-additional-properties-closed",
        &["additional-properties-changed"],
        true,
        true,
    ),
    (
        "18-additional-properties-opened",
        &["additional-properties-changed"],
        false,
        true,
    ),
    (
        "19-optional-field-added-to-closed-struct",
        &["optional-field-added"],
        false,
        true,
    ),
    (
        "20-root-renamed",
        &["root-changed", "type-removed", "type-added"],
        true,
        true,
    ),
    ("21-format-added", &["constraint-narrowed"], true, false),
    (
        "22-oneof-branch-added",
        &["variant-added", "type-added"],
        false,
        true,
    ),
    // `maxContains` was not compared while the diff read the parsed keywords field by
    // field; it reads the validation plan now.
    (
        "23-max-contains-narrowed",
        &["constraint-narrowed"],
        true,
        false,
    ),
    // Applicators no generated type stands for: a `not` added beside an `allOf` bound
    // that stays, and an `if` changed beside an `allOf` bound widened.
    ("24-not-added", &["constraint-narrowed"], true, false),
    (
        "25-if-then-changed",
        &["constraint-widened", "constraint-changed"],
        true,
        true,
    ),
];

use crate::envgen_in_process as envgen;

fn paths(case: &str) -> (String, String) {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/diff");
    (
        format!("{dir}/{case}/old.json"),
        format!("{dir}/{case}/new.json"),
    )
}

#[test]
fn every_pair_is_classified_as_the_matrix_says() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/diff");
    let on_disk = std::fs::read_dir(dir).map(|rd| rd.count()).unwrap_or(0);
    assert_eq!(
        on_disk,
        CASES.len(),
        "every fixture pair has a row in CASES"
    );
    for (case, codes, producers, consumers) in CASES {
        let (old, new) = paths(case);
        let (code, out, err) = envgen(&["diff", "--format", "json", &old, &new]);
        let envelope: serde_json::Value =
            serde_json::from_str(&out).unwrap_or_else(|e| panic!("{case}: {e}: {out}"));
        let breaking = *producers || *consumers;
        assert_eq!(code, i32::from(breaking), "{case}: exit status; {out}{err}");
        assert_eq!(envelope["ok"], serde_json::json!(!breaking), "{case}");
        // On success the report is `data`; on a breaking change it is `error.detail`.
        let report: serde_json::Value = if breaking {
            assert_eq!(envelope["error"]["code"], "BREAKING_CHANGE", "{case}");
            let detail = envelope["error"]["detail"].as_str().unwrap_or("");
            serde_json::from_str(detail).unwrap_or_else(|e| panic!("{case}: {e}"))
        } else {
            envelope["data"].clone()
        };
        let got: Vec<&str> = report["changes"]
            .as_array()
            .map(|a| a.iter().filter_map(|c| c["change"].as_str()).collect())
            .unwrap_or_default();
        assert_eq!(&got, codes, "{case}");
        assert_eq!(report["breaking"]["producers"], *producers, "{case}");
        assert_eq!(report["breaking"]["consumers"], *consumers, "{case}");
        for c in report["changes"].as_array().into_iter().flatten() {
            for side in ["producers", "consumers"] {
                let reason = c[side]["reason"].as_str().unwrap_or("");
                assert_eq!(
                    c[side]["breaking"].as_bool(),
                    Some(!reason.is_empty()),
                    "{case}: a breaking verdict has a reason, a compatible one none: {c}"
                );
            }
        }
    }
}

#[test]
fn text_reports() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/");
    for (case, _, _, _) in CASES {
        let (old, new) = paths(case);
        let (code, out, err) = envgen(&["diff", &old, &new]);
        let shown = format!("exit {code}\n--- stdout\n{out}--- stderr\n{err}").replace(root, "");
        insta::assert_snapshot!(format!("diff_{case}"), shown);
    }
}

#[test]
fn fail_on_selects_the_side() {
    let (old, new) = paths("09-enum-widened");
    assert_eq!(envgen(&["diff", "--fail-on", "producers", &old, &new]).0, 0);
    assert_eq!(envgen(&["diff", "--fail-on", "consumers", &old, &new]).0, 1);
    assert_eq!(envgen(&["diff", "--fail-on", "never", &old, &new]).0, 0);
    let (old, new) = paths("03-required-field-added");
    assert_eq!(envgen(&["diff", "--fail-on", "producers", &old, &new]).0, 1);
    assert_eq!(envgen(&["diff", "--fail-on", "consumers", &old, &new]).0, 0);
}

#[test]
fn a_schema_that_does_not_generate_is_a_located_error_not_a_diff() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/codegen/tests/bad_schemas");
    let (old, _) = paths("01-no-change");
    let bad = format!("{dir}/22-unknown-type.json");
    let (code, out, err) = envgen(&["diff", &old, &bad]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(err.contains("error[SCHEMA_INVALID]"), "{err}");
    assert!(
        err.contains("22-unknown-type.json#/properties/a/type (line 4, column 19)"),
        "{err}"
    );
    let (code, _, err) = envgen(&["diff", &old, "no-such-file.json"]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("SCHEMA_NOT_FOUND"), "{err}");
}
