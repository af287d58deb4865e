//! ToolResponse spec producer back doors, closed: the generated builder cannot write a
//! status that contradicts `data`, `cwd` is relative POSIX, and truncation file names
//! keep the ToolResponse spec's pattern (see also `tests/envelopes/tool_response_runtime.rs`).

use envgen::tool::error_code::ErrorCode;
use envgen::tool::{check, respond, truncate::is_output_path, ProjectRoot};
use envgen::tool_data::ls::{Entry, EntryType, LsData};
use envgen::tool_response::{ToolResponse, ToolResponseStatus as S};
use serde_json::{json, Value};

fn build(status: S, data: Value) -> Result<ToolResponse<Value>, envgen::ValidationErrors> {
    ToolResponse::<Value>::builder()
        .status(status)
        .data(data)
        .text("Listed 1 entry in 'src'. (Results truncated.) Try increasing 'limit'.")
        .stats(respond::stats(1.0))
        .context(respond::root_context(json!({})))
        .build()
}

#[test]
fn builder_refuses_a_status_that_contradicts_data() {
    let truncated = json!({"entries": [], "truncated": true});
    let err = build(S::Success, truncated.clone()).expect_err("success + truncated");
    assert!(err.to_string().contains("/data"), "{err}");
    assert!(build(S::Partial, truncated).is_ok());
    assert!(
        build(S::Success, json!({"applied": false})).is_err(),
        "dry run is partial"
    );
    assert!(build(S::Success, json!({"fallback": "python"})).is_err());
    assert!(build(S::Success, json!({"failed_items": ["a"]})).is_err());
    // Section 3.2's discounts are typical, not exhaustive: a partial result whose reason
    // `data` does not record contradicts nothing (`tool::check` lints it).
    assert!(build(S::Partial, json!({"entries": []})).is_ok());
    assert!(build(
        S::Success,
        json!({"entries": [], "truncated": false, "failed_items": []})
    )
    .is_ok());
}

#[test]
fn typed_builder_refuses_it_too_and_respond_derives_it() {
    let data = LsData {
        entries: vec![Entry {
            path: "src/a".into(),
            type_: EntryType::File,
            extra: Default::default(),
        }],
        truncated: Some(true),
        fallback: None,
        failed_items: None,
        extra: Default::default(),
    };
    let built = ToolResponse::<LsData>::builder()
        .status(S::Success)
        .data(data.clone())
        .text("Listed 1 entry.")
        .stats(respond::stats(1.0))
        .context(respond::root_context(json!({})))
        .build();
    assert!(built.is_err());
    let r = respond::result(
        data,
        "Listed 1 entry. (Results truncated.) Try increasing 'limit'.",
        respond::stats(1.0),
        respond::root_context(json!({})),
    );
    assert_eq!(r.status, S::Partial);
    assert_eq!(check(&serde_json::to_value(&r).unwrap()), vec![]);
}

#[test]
fn cwd_and_path_resolved_are_relative_posix_on_every_os() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("tool_producers_cwd");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("src/app")).unwrap();
    let root = ProjectRoot::new(&dir).unwrap();
    assert_eq!(root.cwd("src\\app").unwrap(), "src/app");
    assert_eq!(root.cwd(".\\src\\..\\src\\app\\").unwrap(), "src/app");
    let abs = dir.join("src").display().to_string();
    assert_eq!(root.cwd(&abs).unwrap(), "src");
    let ctx = root
        .context("src", json!({"path": "app\\x.rs"}), Some("app\\x.rs"))
        .unwrap();
    assert_eq!(
        (ctx.cwd.as_str(), ctx.path_resolved.as_deref()),
        ("src", Some("src/app/x.rs"))
    );
    assert!(
        root.cwd("..\\..").is_err(),
        "escaping with backslashes is refused"
    );
}

#[test]
fn respond_context_writes_cwd_as_a_relative_posix_path_or_refuses_it() {
    for (given, want) in [
        (".", "."),
        ("", "."),
        ("src\\app", "src/app"),
        ("./src//app/", "src/app"),
        ("src/../lib/./x", "lib/x"),
        ("src/..", "."),
    ] {
        let context = respond::context(given, json!({})).unwrap_or_else(|e| panic!("{given}: {e}"));
        assert_eq!(context.cwd, want, "{given:?}");
        let response = respond::result(
            json!({"entries": []}),
            "Listed 0 entries.",
            respond::stats(1.0),
            context,
        );
        let doc = serde_json::to_value(&response).unwrap();
        assert!(
            check(&doc)
                .iter()
                .all(|v| v.rule != "tool/1.1-cwd-relative"),
            "{given:?}: {:?}",
            check(&doc)
        );
    }
    for (given, code) in [
        ("/home/u/proj", ErrorCode::InvalidParam),
        ("C:\\proj", ErrorCode::InvalidParam),
        ("..", ErrorCode::AccessDenied),
        ("src/../../etc", ErrorCode::AccessDenied),
    ] {
        let err = respond::context(given, json!({})).expect_err(given);
        assert_eq!(err.code, code, "{given:?}: {err}");
        assert!(err.message.contains(given), "{err}");
    }
}

#[test]
fn output_file_names_keep_the_seed_pattern() {
    assert!(is_output_path(
        "tool-output/tool_20260218_143045_ReadFile.json"
    ));
    assert!(!is_output_path(
        "tool-output/tool_20260218_143045_read_file.json"
    ));
}
