//! ToolResponse spec rules, one test per rule, on the `envgen::tool` runtime and
//! the typed `envgen::tool_data` payloads. Test names follow the ToolResponse spec's
//! sections: `s1_1_*` context, `s2_*` data conventions and framework truncation,
//! `s3_1_*`–`s3_3_*` status semantics and error codes, `s3_3_legacy_*` legacy errors,
//! `s4_*` text, `s5_*` the ls example.

use envgen::tool::context::ProjectRoot;
use envgen::tool::error_code::{ErrorCode, ToolFailure};
use envgen::tool::legacy::{convert_legacy, legacy_failure};
use envgen::tool::respond;
use envgen::tool::status::{
    derive_status, rederive_status, violations, Facts, PartialReason, StatusViolation, ToolData,
};
use envgen::tool::text::Summary;
use envgen::tool::truncate::{FixedClock, Limits, Observation, ObservationTruncator};
use envgen::tool_data::truncation::{TruncatedData, TruncationDirection};
use envgen::tool_data::{glob, grep, ls, read, write};
use envgen::tool_response::{self, ToolError, ToolResponse, ToolResponseStatus as S};
use envgen_test_support::scratch::Scratch;
use serde_json::{json, Value};
use std::io::ErrorKind;
use std::path::Path;
use std::time::{Duration, UNIX_EPOCH};

const SEED_LS: &str = include_str!("../documents/tool-response/seed-ls.json");

fn doc(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/documents/tool-response")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn scratch(name: &str) -> Scratch {
    Scratch::new(&format!("tool-response-{name}"))
}

fn ctx() -> envgen::tool_response::ToolContext {
    respond::root_context(json!({"path": "src"}))
}

fn valid<D: serde::Serialize>(response: &ToolResponse<D>) {
    let value = serde_json::to_value(response).expect("serializes");
    if let Err(e) = tool_response::validate_value(&value) {
        panic!("does not validate against tool-response.json: {e}\n{value:#}");
    }
}

// ---------------------------------------------------------------- section 5: ls example

#[test]
fn s5_seed_ls_example_round_trips_as_typed_ls_data() {
    let typed = ToolResponse::<ls::LsData>::from_json_str(SEED_LS.trim()).expect("parses");
    assert_eq!(typed.data.entries.len(), 2);
    assert_eq!(typed.data.entries[1].type_, ls::EntryType::Dir);
    let again = serde_json::to_string(&typed).expect("serializes");
    assert_eq!(again, SEED_LS.trim());
}

#[test]
fn s5_seed_ls_example_rederived_status_is_partial_because_truncated() {
    let typed = ToolResponse::<ls::LsData>::from_json_str(SEED_LS.trim()).expect("parses");
    assert_eq!(rederive_status(&typed), S::Partial);
    assert_eq!(
        typed.data.facts().partial_reasons(),
        [PartialReason::Truncated]
    );
    assert!(violations(&typed).is_empty());
    let untyped = ToolResponse::<Value>::from_json_str(SEED_LS.trim()).expect("parses");
    assert_eq!(rederive_status(&untyped), S::Partial);
}

// ------------------------------------------------- section 2: data conventions per kind

#[test]
fn s2_each_tool_kind_uses_its_field_name_and_typed_payload() {
    let grep = ToolResponse::<grep::GrepData>::from_json_str(&doc("success-grep.json"))
        .expect("grep: matches");
    assert_eq!(grep.data.matches[0].line, 12);
    let read = ToolResponse::<read::ReadData>::from_json_str(&doc("success-read.json"))
        .expect("read: content");
    assert!(read.data.content.starts_with("1\t# Demo"));
    let edit = ToolResponse::<write::WriteData>::from_json_str(&doc("dry-run-edit.json"))
        .expect("edit: applied");
    assert!(!edit.data.applied);
    let glob =
        glob::GlobData::from_json_str(r#"{"paths":["src/a.rs","src/b.rs"]}"#).expect("glob: paths");
    assert_eq!(glob.paths, ["src/a.rs", "src/b.rs"]);
}

#[test]
fn s2_payload_schemas_reject_wrong_shapes() {
    let bad = [
        (
            "ls entry type outside file|dir|link",
            r#"{"entries":[{"path":"a","type":"socket"}]}"#,
        ),
        ("ls entry without path", r#"{"entries":[{"type":"file"}]}"#),
        (
            "truncated not boolean",
            r#"{"entries":[],"truncated":"yes"}"#,
        ),
        ("fallback not string", r#"{"entries":[],"fallback":true}"#),
        (
            "failed_items not array",
            r#"{"entries":[],"failed_items":3}"#,
        ),
    ];
    for (why, text) in bad {
        assert!(ls::LsData::from_json_str(text).is_err(), "accepted: {why}");
    }
    assert!(
        grep::GrepData::from_json_str(r#"{"matches":[{"file":"a","line":0,"text":""}]}"#).is_err(),
        "grep line 0 accepted (lines are 1-based)"
    );
    assert!(glob::GlobData::from_json_str(r#"{"paths":[1]}"#).is_err());
    assert!(read::ReadData::from_json_str(r#"{}"#).is_err());
    assert!(write::WriteData::from_json_str(r#"{"applied":"no"}"#).is_err());
}

#[test]
fn s2_shared_markers_truncated_fallback_failed_items_on_every_payload() {
    let markers = r#""truncated":true,"fallback":"python","failed_items":["x"]"#;
    let facts = Facts::new()
        .truncated(true)
        .fallback("python")
        .failed_items(1);
    let ls = ls::LsData::from_json_str(&format!(r#"{{"entries":[],{markers}}}"#)).expect("ls");
    assert_eq!(ls.facts(), facts);
    let glob =
        glob::GlobData::from_json_str(&format!(r#"{{"paths":[],{markers}}}"#)).expect("glob");
    assert_eq!(glob.facts(), facts);
    let grep =
        grep::GrepData::from_json_str(&format!(r#"{{"matches":[],{markers}}}"#)).expect("grep");
    assert_eq!(grep.facts(), facts);
    let read =
        read::ReadData::from_json_str(&format!(r#"{{"content":"",{markers}}}"#)).expect("read");
    assert_eq!(read.facts(), facts);
    let write = write::WriteData::from_json_str(&format!(r#"{{"applied":true,{markers}}}"#))
        .expect("write");
    assert_eq!(write.facts(), facts.applied(true));
}

#[test]
fn s2_payloads_keep_tool_specific_extra_keys() {
    let text = r#"{"applied":false,"diff":"--- a\n+++ b\n"}"#;
    let data = write::WriteData::from_json_str(text).expect("parses");
    assert_eq!(serde_json::to_string(&data).expect("serializes"), text);
}

// ------------------------------------------------------- sections 3.1-3.3: status rules

#[test]
fn s3_status_table_every_rule() {
    let err = ToolError {
        code: "NOT_FOUND".into(),
        message: "gone".into(),
    };
    let rows: [(&str, Facts, Option<&ToolError>, S); 12] = [
        (
            "3.1 success: nothing truncated, no fallback, no failure",
            Facts::new(),
            None,
            S::Success,
        ),
        (
            "3.1 success: write tool with applied == true",
            Facts::new().applied(true),
            None,
            S::Success,
        ),
        (
            "3.2.1 truncated output -> partial",
            Facts::new().truncated(true),
            None,
            S::Partial,
        ),
        (
            "3.2.2 strategy fallback -> partial",
            Facts::new().fallback("python"),
            None,
            S::Partial,
        ),
        (
            "3.2.3 dry run (applied false) -> partial",
            Facts::new().applied(false),
            None,
            S::Partial,
        ),
        (
            "3.2.4 partial failure (failed items) -> partial",
            Facts::new().failed_items(1),
            None,
            S::Partial,
        ),
        (
            "3.2 several discounts -> still partial",
            Facts::new()
                .truncated(true)
                .fallback("python")
                .failed_items(2)
                .applied(false),
            None,
            S::Partial,
        ),
        (
            "3.1 explicit truncated false is no discount",
            Facts::new().truncated(false),
            None,
            S::Success,
        ),
        (
            "3.1 zero failed items is no discount",
            Facts::new().failed_items(0),
            None,
            S::Success,
        ),
        ("3.3 error set -> error", Facts::new(), Some(&err), S::Error),
        (
            "3.3 error wins over partial facts",
            Facts::new().truncated(true),
            Some(&err),
            S::Error,
        ),
        (
            "3.3 error wins over an applied write",
            Facts::new().applied(true),
            Some(&err),
            S::Error,
        ),
    ];
    for (rule, facts, error, expected) in rows {
        assert_eq!(derive_status(&facts, error), expected, "{rule}");
    }
}

#[test]
fn s3_constructors_derive_status_from_the_data_markers() {
    let cases: [(&str, Value, S); 6] = [
        ("3.1 success", json!({"entries": []}), S::Success),
        (
            "3.2.1 truncated",
            json!({"entries": [], "truncated": true}),
            S::Partial,
        ),
        (
            "3.2.2 fallback",
            json!({"matches": [], "fallback": "python"}),
            S::Partial,
        ),
        ("3.2.3 dry run", json!({"applied": false}), S::Partial),
        ("3.1 applied write", json!({"applied": true}), S::Success),
        (
            "3.2.4 partial failure",
            json!({"content": "", "failed_items": [{"path": "a"}]}),
            S::Partial,
        ),
    ];
    for (rule, data, expected) in cases {
        let r = respond::result(data, "did it.", respond::stats(1.0), ctx());
        assert_eq!(r.status, expected, "{rule}");
        assert_eq!(
            r.error, None,
            "{rule}: error must be absent unless status is error"
        );
        assert!(violations(&r).is_empty(), "{rule}");
        valid(&r);
    }
}

#[test]
fn s3_3_error_is_set_exactly_when_status_is_error() {
    let failure = ToolFailure::new(ErrorCode::NotFound, "File 'src/main.py' does not exist.");
    let r = respond::failure(&failure, "Could not read.", respond::stats(1.0), ctx());
    assert_eq!(r.status, S::Error);
    assert_eq!(
        r.error,
        Some(Some(ToolError {
            code: "NOT_FOUND".into(),
            message: "File 'src/main.py' does not exist.".into()
        }))
    );
    assert!(violations(&r).is_empty());
    valid(&r);

    let mut missing = r.clone();
    missing.error = Some(None);
    assert_eq!(violations(&missing), [StatusViolation::ErrorMissing]);
    let mut stray = respond::result(json!({}), "ok.", respond::stats(1.0), ctx());
    stray.error = Some(Some(failure.to_tool_error()));
    assert_eq!(
        violations(&stray),
        [StatusViolation::ErrorWithoutErrorStatus]
    );
}

#[test]
fn s3_written_status_contradicting_the_facts_is_a_violation() {
    let mut r = respond::result(json!({"truncated": true}), "x.", respond::stats(1.0), ctx());
    r.status = S::Success;
    assert_eq!(
        violations(&r),
        [StatusViolation::StatusMismatch {
            found: S::Success,
            derived: S::Partial
        }]
    );
}

#[test]
fn s1_data_is_always_an_object_never_null() {
    let r = respond::result(Value::Null, "x.", respond::stats(1.0), ctx());
    assert_eq!(r.data, json!({}));
    let r = respond::result(json!([1, 2]), "x.", respond::stats(1.0), ctx());
    assert_eq!(r.data, json!({"value": [1, 2]}));
    let f = ToolFailure::new(ErrorCode::Timeout, "slow");
    assert_eq!(
        respond::failure(&f, "x.", respond::stats(1.0), ctx()).data,
        json!({})
    );
    let mut bad = respond::result(json!({}), "x.", respond::stats(1.0), ctx());
    bad.data = Value::Null;
    assert_eq!(violations(&bad), [StatusViolation::DataNotObject]);
}

#[test]
fn s1_stats_time_ms_is_required_and_never_negative() {
    assert_eq!(respond::stats(-5.0).time_ms, 0.0);
    assert_eq!(respond::stats(f64::NAN).time_ms, 0.0);
    assert_eq!(respond::stats(12.5).time_ms, 12.5);
}

// --------------------------------------------------------------- section 3.3: error codes

#[test]
fn s3_3_every_standard_error_code_serializes_as_its_string() {
    let table = [
        (ErrorCode::NotFound, "NOT_FOUND"),
        (ErrorCode::AccessDenied, "ACCESS_DENIED"),
        (ErrorCode::PermissionDenied, "PERMISSION_DENIED"),
        (ErrorCode::InvalidParam, "INVALID_PARAM"),
        (ErrorCode::Timeout, "TIMEOUT"),
        (ErrorCode::InternalError, "INTERNAL_ERROR"),
        (ErrorCode::ExecutionError, "EXECUTION_ERROR"),
        (ErrorCode::Conflict, "CONFLICT"),
        (ErrorCode::IsDirectory, "IS_DIRECTORY"),
        (ErrorCode::BinaryFile, "BINARY_FILE"),
    ];
    assert_eq!(table.len(), ErrorCode::STANDARD.len());
    for (code, text) in table {
        assert_eq!(
            serde_json::to_value(&code).expect("serializes"),
            json!(text)
        );
        let back: ErrorCode = serde_json::from_value(json!(text)).expect("parses");
        assert_eq!(back, code);
        assert_eq!(code.to_string(), text);
        let r = respond::failure(
            &ToolFailure::new(code, "m"),
            "x.",
            respond::stats(0.0),
            ctx(),
        );
        valid(&r);
    }
}

#[test]
fn s3_3_unknown_error_codes_are_accepted_and_kept() {
    let code: ErrorCode = serde_json::from_value(json!("RATE_LIMITED")).expect("parses");
    assert_eq!(code, ErrorCode::Other("RATE_LIMITED".into()));
    assert_eq!(
        serde_json::to_value(&code).expect("serializes"),
        json!("RATE_LIMITED")
    );
    assert!(!code.is_standard());
}

#[test]
fn s3_3_io_error_kinds_map_to_error_codes() {
    let table = [
        (ErrorKind::NotFound, ErrorCode::NotFound),
        (ErrorKind::PermissionDenied, ErrorCode::PermissionDenied),
        (ErrorKind::IsADirectory, ErrorCode::IsDirectory),
        (ErrorKind::TimedOut, ErrorCode::Timeout),
        (ErrorKind::InvalidInput, ErrorCode::InvalidParam),
        (ErrorKind::AlreadyExists, ErrorCode::Conflict),
        (ErrorKind::StorageFull, ErrorCode::ExecutionError),
        (ErrorKind::InvalidData, ErrorCode::ExecutionError),
        (ErrorKind::Other, ErrorCode::ExecutionError),
    ];
    for (kind, code) in table {
        assert_eq!(ErrorCode::from(kind), code, "{kind:?}");
    }
    let failure = ToolFailure::from(std::io::Error::new(ErrorKind::NotFound, "no such file"));
    assert_eq!(failure.code, ErrorCode::NotFound);
    assert_eq!(failure.message, "no such file");
}

// ------------------------------------------------------------------ section 4: text

#[test]
fn s4_text_success_states_what_was_done_and_the_result() {
    let text = Summary::new("Listed 20 entries in 'src'").compose(&Facts::new(), None);
    assert_eq!(text, "Listed 20 entries in 'src'.");
}

#[test]
fn s4_text_partial_truncated_says_so_and_gives_the_next_step() {
    let text = Summary::new("Found 100 matches for 'TODO' in 'src/'")
        .truncated_to(100, "matches")
        .compose(&Facts::new().truncated(true), None);
    assert_eq!(
        text,
        "Found 100 matches for 'TODO' in 'src/'. (Results truncated to first 100 matches.) \
         Try increasing 'limit' or narrowing the 'path'."
    );
}

#[test]
fn s4_text_partial_fallback_dry_run_and_partial_failure_states() {
    let fallback = Summary::new("Found 1 match for 'TODO' in 'lib/'")
        .compose(&Facts::new().fallback("python"), None);
    assert!(
        fallback.contains("(Used the 'python' fallback strategy"),
        "{fallback}"
    );
    let dry = Summary::new("1 line would change in 'src/main.py'")
        .compose(&Facts::new().applied(false), None);
    assert_eq!(
        dry,
        "1 line would change in 'src/main.py'. (Dry-run only, no actual write performed.) \
         Run again without dry-run to apply the change."
    );
    let failed = Summary::new("3 files processed").compose(&Facts::new().failed_items(1), None);
    assert_eq!(
        failed,
        "3 files processed. (1 item failed; see data.failed_items.) Check the failed items and retry them."
    );
}

#[test]
fn s4_text_custom_state_and_next_step_replace_the_defaults() {
    let text = Summary::new("Read lines 1-2000 of 'a.log'")
        .state("(File has 9000 lines.)")
        .next_step("Use 'start_line' to read the next page of the file.")
        .compose(&Facts::new().truncated(true), None);
    assert_eq!(
        text,
        "Read lines 1-2000 of 'a.log'. (File has 9000 lines.) Use 'start_line' to read the next page of the file."
    );
}

#[test]
fn s4_text_error_names_the_code_and_the_next_step() {
    let failure = ToolFailure::new(ErrorCode::NotFound, "File 'src/main.py' does not exist.");
    let text = Summary::new("Could not read 'src/main.py'").compose(&Facts::new(), Some(&failure));
    assert_eq!(
        text,
        "Could not read 'src/main.py'. Error NOT_FOUND: File 'src/main.py' does not exist. \
         Check if the path is correct or run LS on the parent directory to inspect it."
    );
    for code in ErrorCode::STANDARD {
        let f = ToolFailure::new(code.clone(), "m");
        let text = Summary::new("Tried").compose(&Facts::new(), Some(&f));
        assert!(text.ends_with(code.next_step()), "{code}: {text}");
    }
}

// ------------------------------------------------------------- section 1.1: context

#[test]
fn s1_1_cwd_is_dot_at_project_root_and_relative_posix_below() {
    let dir = scratch("cwd");
    std::fs::create_dir_all(dir.join("packages/app")).expect("mkdir");
    let root = ProjectRoot::new(&dir).expect("root");
    assert_eq!(root.cwd(".").expect("root"), ".");
    assert_eq!(root.cwd("").expect("root"), ".");
    assert_eq!(root.cwd("packages/app").expect("sub"), "packages/app");
    assert_eq!(root.cwd("packages/./app/").expect("sub"), "packages/app");
    let absolute = root.path().join("packages").join("app");
    assert_eq!(
        root.cwd(absolute.to_str().expect("utf-8")).expect("abs"),
        "packages/app"
    );
}

#[test]
fn s1_1_params_input_is_verbatim_and_path_resolved_relative() {
    let dir = scratch("params");
    std::fs::create_dir_all(dir.join("packages/app")).expect("mkdir");
    let root = ProjectRoot::new(&dir).expect("root");
    let params = json!({"path": "README.md", "limit": 50, "nested": [null, 1.5, "x"]});
    let context = root
        .context("packages/app", params.clone(), Some("README.md"))
        .expect("context");
    assert_eq!(context.cwd, "packages/app");
    assert_eq!(context.params_input, params);
    assert_eq!(
        context.path_resolved.as_deref(),
        Some("packages/app/README.md")
    );
    let up = root
        .context("packages/app", Value::Null, Some("../../src"))
        .expect("inside");
    assert_eq!(up.path_resolved.as_deref(), Some("src"));
}

#[test]
fn s3_3_access_denied_for_dotdot_traversal_out_of_the_root() {
    let dir = scratch("dotdot");
    let root = ProjectRoot::new(&dir).expect("root");
    for path in ["..", "../x", "a/../../x", "./../../etc/passwd"] {
        let e = root.resolve(".", path).expect_err(path);
        assert_eq!(e.code, ErrorCode::AccessDenied, "{path}");
    }
    let e = root
        .context("..", Value::Null, None)
        .expect_err("cwd outside");
    assert_eq!(e.code, ErrorCode::AccessDenied);
}

#[test]
fn s3_3_access_denied_for_absolute_paths_outside_the_root() {
    let dir = scratch("absolute");
    std::fs::create_dir_all(dir.join("root")).expect("mkdir");
    let root = ProjectRoot::new(dir.join("root")).expect("root");
    let sibling = dir.join("secret.txt");
    for path in [sibling.to_str().expect("utf-8"), "/", "/etc/passwd"] {
        let e = root.resolve(".", path).expect_err(path);
        assert_eq!(e.code, ErrorCode::AccessDenied, "{path}");
    }
    let inside = root.path().join("a.txt");
    let ok = root
        .resolve(".", inside.to_str().expect("utf-8"))
        .expect("inside");
    assert_eq!(ok.relative, "a.txt");
}

#[cfg(unix)]
#[test]
fn s3_3_access_denied_for_symlinks_pointing_out_of_the_root() {
    use std::os::unix::fs::symlink;
    let dir = scratch("symlinks");
    let root_dir = dir.join("root");
    std::fs::create_dir_all(root_dir.join("src")).expect("mkdir");
    std::fs::create_dir_all(dir.join("outside")).expect("mkdir");
    std::fs::write(dir.join("outside/secret.txt"), "s").expect("write");
    symlink(dir.join("outside"), root_dir.join("out_dir")).expect("link");
    symlink("../../outside/secret.txt", root_dir.join("src/out_file")).expect("link");
    symlink(dir.join("outside/missing.txt"), root_dir.join("dangling")).expect("link");
    symlink("src", root_dir.join("in_link")).expect("link");
    let root = ProjectRoot::new(&root_dir).expect("root");
    for path in [
        "out_dir",
        "out_dir/secret.txt",
        "out_dir/new.txt",
        "src/out_file",
        "dangling",
    ] {
        let e = root.resolve(".", path).expect_err(path);
        assert_eq!(e.code, ErrorCode::AccessDenied, "{path}");
    }
    let ok = root
        .resolve(".", "in_link/new.txt")
        .expect("link inside the root");
    assert_eq!(ok.relative, "in_link/new.txt");
}

// ------------------------------------------------- section 2: framework truncation

fn grep_response(output_lines: &[&str]) -> ToolResponse<Value> {
    let matches: Vec<Value> = output_lines
        .iter()
        .enumerate()
        .map(|(i, t)| json!({"file": "src/a.py", "line": i + 1, "text": t}))
        .collect();
    respond::result(
        json!({"matches": matches}),
        format!("Found {} matches.", output_lines.len()),
        respond::stats(5.0),
        respond::root_context(json!({"pattern": "x"})),
    )
}

fn truncator(root: &Path, max_lines: u64, max_bytes: u64) -> ObservationTruncator<FixedClock> {
    let at = UNIX_EPOCH + Duration::from_secs(1_771_425_045); // 2026-02-18 14:30:45 UTC
    ObservationTruncator::new(
        root,
        Limits {
            max_lines,
            max_bytes,
            direction: TruncationDirection::Head,
        },
    )
    .with_clock(FixedClock(at))
}

fn wrapped<D>(obs: Observation<D>) -> ToolResponse<TruncatedData> {
    match obs {
        Observation::Truncated(r) => r,
        Observation::Kept(_) => panic!("expected a truncation"),
    }
}

#[test]
fn s2_truncation_output_exactly_at_the_limit_is_kept() {
    let dir = scratch("at_limit");
    let r = grep_response(&["a", "b"]);
    let rendered = "line one\nline two\n"; // 18 bytes, 2 lines
    let t = truncator(&dir, 2, 18);
    let obs = t
        .truncate_rendered("Grep", r.clone(), rendered)
        .expect("truncates");
    assert_eq!(obs, Observation::Kept(r));
    assert!(
        !dir.join("tool-output").exists(),
        "nothing written when kept"
    );
}

#[test]
fn s2_truncation_one_byte_over_the_limit_truncates() {
    let dir = scratch("one_over");
    let rendered = "line one\nline two\n!"; // 19 bytes, 3 lines
    let t = truncator(&dir, 10, 18);
    let r = wrapped(
        t.truncate_rendered("Grep", grep_response(&["a"]), rendered)
            .expect("ok"),
    );
    assert_eq!(r.data.preview, "line one\nline two\n");
    let tr = &r.data.truncation;
    assert_eq!((tr.original_bytes, tr.kept_bytes), (19, 18));
    assert_eq!((tr.original_lines, tr.kept_lines), (3, 2));
}

#[test]
fn s2_truncation_one_line_over_the_line_limit_truncates() {
    let dir = scratch("line_over");
    let t = truncator(&dir, 2, 1000);
    let r = wrapped(
        t.truncate_rendered("Grep", grep_response(&["a"]), "a\nb\nc")
            .expect("ok"),
    );
    assert_eq!(r.data.preview, "a\nb\n");
    assert_eq!(r.data.truncation.kept_lines, 2);
}

#[test]
fn s2_truncation_byte_limit_never_splits_a_utf8_character() {
    let dir = scratch("utf8");
    let rendered = "输出过大已截断\n第二行"; // 3-byte chars
    for max_bytes in 0..=rendered.len() as u64 - 1 {
        let t = truncator(&dir, 100, max_bytes);
        let r = wrapped(
            t.truncate_rendered("Grep", grep_response(&["a"]), rendered)
                .expect("ok"),
        );
        let preview = &r.data.preview;
        assert!(rendered.starts_with(preview.as_str()), "{max_bytes}");
        assert!(preview.len() as u64 <= max_bytes, "{max_bytes}");
        assert!(
            max_bytes - (preview.len() as u64) < 3,
            "{max_bytes}: kept too little"
        );
        assert_eq!(r.data.truncation.kept_bytes, preview.len() as u64);
    }
    let tail = truncator(&dir, 100, 7).with_clock(FixedClock(UNIX_EPOCH));
    let tail = ObservationTruncator::new(
        dir.to_path_buf(),
        Limits {
            direction: TruncationDirection::Tail,
            ..tail.limits()
        },
    );
    let r = wrapped(
        tail.truncate_rendered("Grep", grep_response(&["a"]), rendered)
            .expect("ok"),
    );
    assert_eq!(r.data.preview, "二行");
    assert_eq!(r.data.truncation.direction, TruncationDirection::Tail);
}

#[test]
fn s2_truncation_of_a_single_huge_line_keeps_a_prefix_of_it() {
    let dir = scratch("huge_line");
    let huge = "x".repeat(100_000);
    let t = truncator(&dir, 2000, 51_200);
    let r = wrapped(
        t.truncate_rendered("Read", grep_response(&["a"]), &huge)
            .expect("ok"),
    );
    assert_eq!(r.data.preview.len(), 51_200);
    let tr = &r.data.truncation;
    assert_eq!((tr.original_lines, tr.kept_lines), (1, 1));
    assert_eq!((tr.original_bytes, tr.kept_bytes), (100_000, 51_200));
}

#[test]
fn s2_truncation_wrapper_has_the_fixed_shape_and_validates() {
    let dir = scratch("wrapper");
    let lines: Vec<String> = (0..50).map(|i| format!("class C{i}:")).collect();
    let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
    let original = grep_response(&refs);
    let t = truncator(&dir, 20, 100_000);
    let r = wrapped(t.truncate("Grep", original.clone()).expect("ok"));
    assert_eq!(r.status, S::Partial, "status partial");
    assert_eq!(r.error, None);
    assert_eq!(r.stats, original.stats, "stats kept");
    assert_eq!(r.context, original.context, "context kept");
    let value = serde_json::to_value(&r).expect("serializes");
    assert_eq!(value["data"]["truncated"], json!(true));
    let keys: Vec<&str> = value["data"]["truncation"]
        .as_object()
        .expect("object")
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        keys,
        [
            "direction",
            "max_lines",
            "max_bytes",
            "original_lines",
            "original_bytes",
            "kept_lines",
            "kept_bytes",
            "full_output_path"
        ]
    );
    assert_eq!(
        r.data.truncation.full_output_path,
        "tool-output/tool_20260218_143045_Grep.json"
    );
    assert!(r.text.contains("truncated") && r.text.contains(&r.data.truncation.full_output_path));
    tool_response::validate_value(&value).expect("wrapper validates against tool-response.json");
    ToolResponse::<TruncatedData>::from_json_str(&value.to_string()).expect("typed parse");
}

#[test]
fn s2_truncation_writes_the_full_original_output_and_never_clobbers() {
    let dir = scratch("full_output");
    let original = grep_response(&["a", "b", "c", "d"]);
    let t = truncator(&dir, 2, 100_000);
    let first = wrapped(t.truncate("Grep", original.clone()).expect("first"));
    let second = wrapped(t.truncate("Grep", original.clone()).expect("second"));
    let third = wrapped(t.truncate("Grep", original.clone()).expect("third"));
    let paths = [first, second, third].map(|r| r.data.truncation.full_output_path);
    assert_eq!(
        paths,
        [
            "tool-output/tool_20260218_143045_Grep.json",
            "tool-output/tool_20260218_143046_Grep.json",
            "tool-output/tool_20260218_143047_Grep.json",
        ]
    );
    assert!(paths
        .iter()
        .all(|p| envgen::tool::truncate::is_output_path(p)));
    for path in &paths {
        let saved = std::fs::read_to_string(dir.join(path)).expect("saved");
        let back =
            ToolResponse::<Value>::from_json_str(&saved).expect("full output is a ToolResponse");
        assert_eq!(back, original, "{path} holds the full original");
    }
    let leftovers: Vec<_> = std::fs::read_dir(dir.join("tool-output"))
        .expect("dir")
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "temporary files left: {leftovers:?}");
}

#[test]
fn s2_truncation_keeps_error_status_and_error() {
    let dir = scratch("error_kept");
    let failure = ToolFailure::new(ErrorCode::Timeout, "timed out after 30s");
    let long = "partial output\n".repeat(10);
    let original = respond::failure_with_data(
        json!({"log": long}),
        &failure,
        "Timed out.",
        respond::stats(30_000.0),
        ctx(),
    );
    let t = truncator(&dir, 3, 100_000);
    let r = wrapped(t.truncate("Bash", original.clone()).expect("ok"));
    assert_eq!(r.status, S::Error, "error stays error");
    assert_eq!(r.error, original.error);
    assert!(r.text.contains("TIMEOUT"), "{}", r.text);
    valid(&r);
}

#[test]
fn s2_truncation_skip_in_context_is_honoured() {
    let dir = scratch("skip");
    let mut original = grep_response(&["a", "b", "c"]);
    original.context.truncation_skip = Some(true);
    let t = truncator(&dir, 1, 1);
    let obs = t.truncate("Read", original.clone()).expect("ok");
    assert_eq!(obs, Observation::Kept(original));
    let mut not_skipped = grep_response(&["a"]);
    not_skipped.context.truncation_skip = Some(false);
    assert!(matches!(
        t.truncate("Read", not_skipped).expect("ok"),
        Observation::Truncated(_)
    ));
}

// ------------------------------------------------ section 3.3: legacy error strings

#[test]
fn s3_3_legacy_error_string_becomes_status_error_with_code_and_message() {
    let legacy = json!({"error": "Error: something broke", "text": "", "stats": {"time_ms": 4}});
    let r = convert_legacy(legacy).expect("legacy");
    assert_eq!(r.status, S::Error);
    assert_eq!(
        r.error,
        Some(Some(ToolError {
            code: "INTERNAL_ERROR".into(),
            message: "something broke".into()
        }))
    );
    assert_eq!(r.stats.time_ms, 4.0);
    let value = serde_json::to_value(&r).expect("serializes");
    assert!(
        value["error"].is_object(),
        "no top-level error string remains"
    );
    tool_response::validate_value(&value).expect("validates");
}

#[test]
fn s3_3_legacy_error_prefix_is_dropped_from_the_message() {
    assert_eq!(
        legacy_failure("Error: File 'a' does not exist.").message,
        "File 'a' does not exist."
    );
    assert_eq!(
        legacy_failure("Disk full").message,
        "Disk full",
        "no prefix: verbatim"
    );
    assert_eq!(legacy_failure("Error:").message, "Error:", "never empty");
}

#[test]
fn s3_3_legacy_error_gets_a_more_specific_code_when_the_message_names_one() {
    let table = [
        ("Error: File 'src/main.py' does not exist.", "NOT_FOUND"),
        (
            "Error: [Errno 2] No such file or directory: 'x'",
            "NOT_FOUND",
        ),
        (
            "Error: Permission denied (os error 13)",
            "PERMISSION_DENIED",
        ),
        (
            "Error: Access denied: path is outside the project root",
            "ACCESS_DENIED",
        ),
        ("Error: invalid regex: unclosed group", "INVALID_PARAM"),
        ("Error: command timed out after 30s", "TIMEOUT"),
        ("Error: Is a directory (os error 21)", "IS_DIRECTORY"),
        ("Error: cannot read binary file 'a.png'", "BINARY_FILE"),
        (
            "Error: conflict: file was modified since it was read",
            "CONFLICT",
        ),
        ("Error: unexpected failure", "INTERNAL_ERROR"),
    ];
    for (legacy, code) in table {
        assert_eq!(legacy_failure(legacy).code.as_str(), code, "{legacy}");
    }
}

#[test]
fn s3_3_legacy_conversion_keeps_data_context_and_moves_custom_top_level_keys_into_data() {
    let legacy = json!({
        "error": "Error: boom",
        "data": {"partial": 1},
        "exit_code": 2,
        "context": {"cwd": "src", "params_input": {"cmd": "make"}}
    });
    let r = convert_legacy(legacy).expect("legacy");
    assert_eq!(r.data, json!({"partial": 1, "exit_code": 2}));
    assert_eq!(r.context.cwd, "src");
    assert!(r.text.contains("Error INTERNAL_ERROR: boom"), "{}", r.text);
    valid(&r);
    let modern = json!({"error": null});
    assert_eq!(
        convert_legacy(modern.clone()),
        Err(modern),
        "not legacy: given back"
    );
}
