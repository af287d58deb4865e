//! The docs stay true and short:
//!
//! * `docs/contracts.md` shows a harness checking a received document: that code is
//!   `examples/check_received.rs`, compiled and run here, and its `validate --rules`
//!   transcript is what envgen prints;
//! * the README is at most 200 lines and starts with the two commands `.ci/run` relies on;
//! * no Markdown file of the repository cites work items by number ("issue 7", "session 3"):
//!   a reader of the published crate has none to look up.

#[allow(dead_code)]
#[path = "../../examples/check_received.rs"]
mod example;

use serde_json::json;

#[test]
fn the_contracts_page_shows_the_example_verbatim() {
    let readme = include_str!("../../docs/contracts.md");
    let source = include_str!("../../examples/check_received.rs");
    let body = source
        .split("// README: begin\n")
        .nth(1)
        .and_then(|s| s.split("// README: end").next())
        .unwrap_or_default();
    assert!(!body.is_empty());
    assert!(
        readme.contains(body),
        "docs/contracts.md does not show:\n{body}"
    );
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
fn the_transcript_of_validate_rules_is_what_envgen_prints() {
    let readme = include_str!("../../docs/contracts.md");
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

#[test]
fn the_readme_is_short_and_starts_with_the_two_commands() {
    let readme = include_str!("../../README.md");
    let lines = readme.lines().count();
    assert!(
        lines <= 200,
        "README.md has {lines} lines; keep it at most 200 and move the rest to docs/"
    );
    // `.ci/run` runs the second command; the first is what a newcomer types first.
    let head: String = readme.lines().take(8).collect::<Vec<_>>().join("\n");
    for command in [
        "cargo run -- --schema schemas/response-envelope.json",
        "cargo test --workspace",
    ] {
        assert!(
            head.contains(command),
            "the README does not start with `{command}`"
        );
    }
    let ci = include_str!("../../.ci/run");
    assert!(
        ci.contains("\ncargo test --workspace\n"),
        ".ci/run no longer runs the README's test command"
    );
}

/// Where `text` cites a work item by number: `issue` or `session` (any case), whitespace,
/// an optional `#`, then a digit. Returns each hit's line number and line.
fn numbered_work_items(text: &str) -> Vec<(usize, String)> {
    let mut hits = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let lower = line.to_ascii_lowercase();
        for word in ["issue", "session"] {
            let mut from = 0;
            while let Some(at) = lower[from..].find(word) {
                let rest = &lower.as_bytes()[from + at + word.len()..];
                let spaces = rest.iter().take_while(|b| b.is_ascii_whitespace()).count();
                let after = &rest[spaces..];
                let after = after.strip_prefix(b"#").unwrap_or(after);
                if spaces > 0 && after.first().is_some_and(u8::is_ascii_digit) {
                    hits.push((n + 1, line.to_owned()));
                }
                from += at + word.len();
            }
        }
    }
    hits
}

/// Every `.md` file of the repository, outside build output, VCS data and fuzz inputs.
fn markdown_files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        if path.is_dir() {
            let skipped = matches!(name, "target" | ".git" | "node_modules")
                || (path.parent().and_then(|p| p.file_name()) == Some("fuzz".as_ref())
                    && matches!(name, "corpus" | "artifacts" | "target"));
            if !skipped && !path.is_symlink() {
                markdown_files(&path, out);
            }
        } else if name.ends_with(".md") {
            out.push(path);
        }
    }
}

#[test]
fn no_markdown_file_cites_an_issue_or_session_number() {
    assert_eq!(
        numbered_work_items(
            "Issue 19 and session 3; issue #4\nissues 2, a session, x-session-id, issue-7"
        ),
        [
            (1, "Issue 19 and session 3; issue #4".to_owned()),
            (1, "Issue 19 and session 3; issue #4".to_owned()),
            (1, "Issue 19 and session 3; issue #4".to_owned()),
        ]
    );
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    markdown_files(root, &mut files);
    assert!(
        files.iter().any(|f| f.ends_with("docs/decisions.md")),
        "{files:?}"
    );
    let mut found = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap_or_default();
        for (n, line) in numbered_work_items(&text) {
            let shown = file
                .strip_prefix(root)
                .unwrap_or(file)
                .display()
                .to_string();
            found.push(format!("{shown}:{n}: {line}"));
        }
    }
    assert!(
        found.is_empty(),
        "describe the behaviour or cite the contract by its name and section instead:\n{}",
        found.join("\n")
    );
}
