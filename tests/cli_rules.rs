//! `envgen validate --schema NAME --rules`: each contract's checker from the command line,
//! one line per violation (and `--format json`), exit 1 when a MUST rule is broken.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn envgen(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_envgen"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap_or_else(|e| panic!("cannot run envgen: {e}"))
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn scratch(name: &str, text: &str) -> String {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-rules");
    let _ = std::fs::create_dir_all(&dir);
    let p: PathBuf = dir.join(name);
    std::fs::write(&p, text).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    p.display().to_string()
}

const SEED: &str = r#"{"output_schema_version":"1.0","success":true,"command":"check","run_id":"20260218-1f2c3a","root":"/repo","data":{"files_checked":42,"files_passed":41,"files_failed":1},"warnings":[],"violations":[{"code":"SCHEMA_INVALID","message":"Missing required field: owner","path":"docs/10-prd/prd-007-sample.md","line":5,"severity":"error"}],"advice":[]}"#;

#[test]
fn rules_prints_one_line_per_violation_with_its_rule_id() {
    let good = scratch("good.json", &format!("{SEED}\n"));
    let shuffled = SEED
        .replace(
            r#""success":true,"command":"check","#,
            r#""command":"check","success":true,"#,
        )
        .replace("docs/10-prd", "docs\\\\10-prd")
        .replace(r#""severity":"error""#, r#""severity":"fatal""#);
    let bad = scratch("bad.json", &shuffled);
    let out = envgen(&["validate", "--schema", "meminit", "--rules", &good, &bad]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], format!("{good}: valid"));
    assert_eq!(lines.len(), 4, "{text}");
    assert!(
        lines[1].starts_with(&format!("{bad}: meminit/9.2-key-order at (root): ")),
        "{text}"
    );
    assert!(
        lines[2].starts_with(&format!(
            "{bad}: meminit/9.4-forward-slashes at /violations/0/path: "
        )),
        "{text}"
    );
    assert!(
        lines[3].starts_with(&format!(
            "{bad}: meminit/6-severity at /violations/0/severity: "
        )),
        "{text}"
    );
    // Without --rules the same file is schema-valid.
    assert_eq!(
        envgen(&["validate", "--schema", "meminit", &bad])
            .status
            .code(),
        Some(0)
    );
}

#[test]
fn rules_in_json_mode_lists_violations_per_file() {
    let doc = r#"{"status":"success","data":{"paths":["src\\lib.rs"],"truncated":true},"text":"","stats":{"time_ms":1},"context":{"cwd":"/home/u/proj","params_input":{}}}"#;
    let bad = scratch("tool.json", doc);
    let out = envgen(&[
        "validate",
        "--schema",
        "tool-response",
        "--rules",
        "--format",
        "json",
        &bad,
    ]);
    assert_eq!(out.status.code(), Some(1));
    let env: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let detail: serde_json::Value =
        serde_json::from_str(env["error"]["detail"].as_str().unwrap()).unwrap();
    let rules: Vec<&str> = detail["results"][0]["violations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["rule"].as_str().unwrap())
        .collect();
    assert_eq!(
        rules,
        [
            "tool/3.1-success-no-discount",
            "tool/1.1-cwd-relative",
            "tool/4-text-conclusion",
            "tool/2-truncation-explained",
            "tool/2-glob-paths-posix"
        ]
    );
    assert_eq!(
        detail["results"][0]["violations"][1]["pointer"],
        "/context/cwd"
    );
}

#[test]
fn rules_takes_the_exit_code_of_a_response_envelope() {
    let redirect = r#"{"ok":false,"data":null,"error":{"code":"MOVED","message":"m","redirect":{"command":"x","permanent":true}},"warnings":[],"meta":{"duration_ms":2}}"#;
    let f = scratch("redirect.json", redirect);
    let ok = envgen(&["validate", "--schema", "response-envelope", "--rules", &f]);
    assert_eq!(ok.status.code(), Some(0), "{}", stdout(&ok));
    let at3 = envgen(&[
        "validate",
        "--schema",
        "response-envelope",
        "--rules",
        "--exit-code",
        "3",
        &f,
    ]);
    assert_eq!(at3.status.code(), Some(1));
    assert!(
        stdout(&at3).contains(": response/redirect-exit-code at /error/redirect: "),
        "{}",
        stdout(&at3)
    );
}

#[test]
fn should_level_lints_are_printed_but_do_not_fail() {
    let out = envgen(&[
        "validate",
        "--schema",
        "cmdhelp",
        "--rules",
        "tests/documents/cmdhelp/pad.json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert_eq!(
        stdout(&out).trim_end(),
        "tests/documents/cmdhelp/pad.json: cmdhelp/enum-type (should) at /global_flags/workspace/type: enum or enum_source is set, so type should be \"enum\""
    );
}
