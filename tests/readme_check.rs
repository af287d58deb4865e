//! The README's runtime section shows a harness checking a received document: that code is
//! `examples/check_received.rs`, compiled and run here.

#[allow(dead_code)]
#[path = "../examples/check_received.rs"]
mod example;

use serde_json::json;

#[test]
fn the_readme_shows_the_example_verbatim() {
    let readme = include_str!("../README.md");
    let source = include_str!("../examples/check_received.rs");
    let body = source
        .split("// README: begin\n")
        .nth(1)
        .and_then(|s| s.split("// README: end").next())
        .unwrap_or_default();
    assert!(!body.is_empty());
    assert!(readme.contains(body), "README does not show:\n{body}");
}

#[test]
fn the_harness_reports_broken_rules_with_their_ids() {
    let tool = json!({"status": "success", "data": {"paths": ["src\\lib.rs"]}, "text": "Matched 1 path.",
        "stats": {"time_ms": 1}, "context": {"cwd": "/home/u/proj", "params_input": {}}});
    let found = example::check("tool-response", &tool.to_string(), None).unwrap();
    let ids: Vec<&str> = found.iter().map(|v| v.rule).collect();
    assert_eq!(ids, ["tool/1.1-cwd-relative", "tool/2-glob-paths-posix"]);
    let pretty = "{\n  \"output_schema_version\": \"1.0\"\n}";
    let found = example::check("meminit", pretty, None).unwrap();
    assert!(
        found.iter().any(|v| v.rule == "meminit/9.1-one-line"),
        "{found:#?}"
    );
    let redirect = r#"{"ok":false,"data":null,"error":{"code":"C","message":"m","redirect":{"command":"x","permanent":true}},"warnings":[],"meta":{"duration_ms":1}}"#;
    assert_eq!(
        example::check("response-envelope", redirect, Some(13)).unwrap(),
        vec![]
    );
    assert_eq!(
        example::check("response-envelope", redirect, Some(3)).unwrap()[0].rule,
        "response/redirect-exit-code"
    );
    assert!(example::check("cmdhelp", "{}", None).unwrap()[0].rule == "cmdhelp/schema");
    assert!(example::check("other", "{}", None).is_err());
    assert!(example::check("cmdhelp", "not json", None).is_err());
}

#[test]
fn the_harness_exits_1_on_a_must_rule() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("readme_check");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("help.json");
    std::fs::write(&file, r#"{"cmdhelp_version":"0.1","binary":"b","commands":{"a":{"summary":"A.","see_also":["z"]}}}"#).unwrap();
    let args = ["cmdhelp".to_owned(), file.display().to_string()];
    let (lines, status) = example::run(&args);
    assert_eq!(status, 1);
    assert_eq!(lines, ["cmdhelp/see-also-exists at /commands/a/see_also/0: see_also names \"z\", which is not a command of the document"]);
}

#[test]
fn the_readme_transcript_of_validate_rules_is_what_envgen_prints() {
    let readme = include_str!("../README.md");
    let command = "$ envgen validate --schema meminit --rules tests/rules/meminit-broken.json\n";
    let shown: String = readme
        .split(command)
        .nth(1)
        .and_then(|s| s.split("```").next())
        .unwrap_or_default()
        .to_owned();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_envgen"))
        .args([
            "validate",
            "--schema",
            "meminit",
            "--rules",
            "tests/rules/meminit-broken.json",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&out.stdout), shown);
}
