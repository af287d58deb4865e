//! envgen follows the contracts it generates (cmdhelp v0.1):
//!
//! * `envgen help --format json` is envgen's cmdhelp document, valid against the cmdhelp
//!   schema, covering every subcommand, with examples that resolve and that clap accepts;
//!   `--format md` renders the same document; both are snapshot tested.
//! * every command prints one ResponseEnvelope under `--format json`, with the
//!   ResponseEnvelope spec's exit codes and the catalogued `error.code` values
//!   (documented in docs/cli.md and in the cmdhelp document);
//! * a misspelt subcommand is REDIRECTED (13) with the corrected invocation.

use envgen::cli::{codes, Cli};
use envgen::cmdhelp::{Cmdhelp, ExitCode as HelpExit};
use envgen::help::examples::check_examples;
use envgen::help::words::split_pipeline;
use envgen::response::check_envelope;
use serde_json::Value;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use envgen_test_support::cli::{stderr, stdout};

fn envgen(args: &[&str]) -> Output {
    crate::envgen(args, None)
}

fn own_doc() -> Cmdhelp {
    let out = envgen(&["help", "--format", "json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    Cmdhelp::from_json_str(&stdout(&out))
        .unwrap_or_else(|e| panic!("not a valid cmdhelp document: {e}"))
}

/// The envelope on stdout: one line, valid (the ResponseEnvelope spec's test-mode check
/// against the exit code), returned as JSON.
fn envelope(out: &Output) -> Value {
    let text = stdout(out);
    assert_eq!(
        text.matches('\n').count(),
        1,
        "one line:\n{text}{}",
        stderr(out)
    );
    let value: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
    let code = out.status.code().unwrap_or(-1);
    assert_eq!(check_envelope(code, &value), Ok(()), "{text}");
    value
}

fn failure(args: &[&str], exit: i32, code: &str) -> Value {
    let out = envgen(args);
    let value = envelope(&out);
    assert_eq!(out.status.code(), Some(exit), "{args:?}: {value}");
    assert_eq!(value["error"]["code"], code, "{args:?}: {value}");
    value
}

fn scratch(name: &str, text: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-help");
    let _ = std::fs::create_dir_all(&dir);
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    p
}

#[test]
fn help_json_is_envgen_cmdhelp_document() {
    let out = envgen(&["help", "--format", "json"]);
    let text = stdout(&out);
    assert_eq!(
        own_doc(),
        envgen::cli::help::document(),
        "the binary prints document()"
    );
    insta::assert_snapshot!("envgen_cmdhelp_json", text);
}

#[test]
fn the_extension_matches_the_live_tree() {
    // document() falls back to the bare tree if the extension names a missing command;
    // this keeps the extension and the tree in step.
    let cli = <Cli as clap::CommandFactory>::command();
    let doc = envgen::help::from_clap::from_clap_with(&cli, &envgen::cli::help::extension());
    assert_eq!(doc.as_ref().err(), None);
    for (path, command) in doc.map(|d| d.commands).unwrap_or_default() {
        assert!(command.exit_codes.is_some(), "{path:?} has no exit codes");
    }
}

#[test]
fn help_md_renders_the_same_document() {
    let out = envgen(&["help", "--format", "md"]);
    assert_eq!(out.status.code(), Some(0));
    let md = stdout(&out);
    assert_eq!(md, envgen::help::markdown::render(&own_doc()));
    insta::assert_snapshot!("envgen_cmdhelp_md", md);
}

#[test]
fn help_json_piped_into_validate_is_valid() {
    let help = envgen(&["help", "--format", "json"]);
    let mut child = Command::new(env!("CARGO_BIN_EXE_envgen"))
        .args(["validate", "--schema", "cmdhelp", "--roundtrip", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{e}"));
    if let Some(mut stdin) = child.stdin.take() {
        stdin
            .write_all(&help.stdout)
            .unwrap_or_else(|e| panic!("{e}"));
    }
    let out = child.wait_with_output().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(stdout(&out), "-: valid\n");
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn help_covers_every_subcommand_and_flag_of_the_live_tree() {
    let doc = own_doc();
    let cli = <Cli as clap::CommandFactory>::command();
    for sub in cli.get_subcommands() {
        let command = doc.commands.get(sub.get_name());
        assert!(
            command.is_some(),
            "{} is missing from envgen help",
            sub.get_name()
        );
        let flags = command.and_then(|c| c.flags.clone()).unwrap_or_default();
        for arg in sub.get_arguments().filter(|a| {
            !a.is_positional() && a.get_long().is_some_and(|l| l != "help" && l != "format")
        }) {
            let long = arg.get_long().unwrap_or_default();
            assert!(
                flags.contains_key(long),
                "{} --{long} is missing",
                sub.get_name()
            );
        }
    }
    assert!(
        doc.commands.contains_key(""),
        "the generator (no subcommand) is the root command"
    );
    let global = doc.global_flags.clone().unwrap_or_default();
    assert_eq!(global.keys().collect::<Vec<_>>(), ["format"]);
}

#[test]
fn every_example_resolves_and_clap_accepts_it() {
    let doc = own_doc();
    let failures: Vec<String> = check_examples(&doc)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert!(failures.is_empty(), "{failures:#?}");
    let mut count = 0;
    for command in doc.commands.values() {
        assert!(
            command.examples.as_ref().is_some_and(|e| !e.is_empty()),
            "{} has no example",
            command.summary
        );
        for example in command.examples.iter().flatten() {
            for words in split_pipeline(&example.cmd).unwrap_or_default() {
                if words.first().map(String::as_str) == Some("envgen") {
                    let parsed = <Cli as clap::Parser>::try_parse_from(&words);
                    assert!(
                        parsed.is_ok(),
                        "clap refuses {:?}: {:?}",
                        example.cmd,
                        parsed.err()
                    );
                    count += 1;
                }
            }
        }
    }
    assert!(count >= 8, "{count} invocations");
}

/// Every `x-error-codes` entry of the document, with the exit code it is listed under.
fn documented_codes(doc: &Cmdhelp) -> Vec<(String, String)> {
    let mut found = Vec::new();
    for command in doc.commands.values() {
        for (exit, entry) in command.exit_codes.iter().flatten() {
            if let HelpExit::ExitCodeRich(rich) = entry {
                if let Some(Value::Object(codes)) = rich.extra.get("x-error-codes") {
                    found.extend(codes.keys().map(|c| (c.clone(), exit.clone())));
                }
            }
        }
    }
    found
}

#[test]
fn every_error_code_is_documented_in_the_command_line_docs_and_in_help() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/cli.md"))
        .unwrap_or_default();
    let documented = documented_codes(&own_doc());
    for code in codes::ALL {
        let row = format!("| `{}` | {} |", code.code, code.exit.code());
        assert!(readme.contains(&row), "docs/cli.md lacks the row {row:?}");
        let listed: Vec<&(String, String)> =
            documented.iter().filter(|(c, _)| c == code.code).collect();
        assert!(!listed.is_empty(), "{} is not in envgen help", code.code);
        for (_, exit) in listed {
            assert_eq!(
                *exit,
                code.exit.code().to_string(),
                "{} listed under the wrong exit code",
                code.code
            );
        }
    }
    for (code, _) in &documented {
        assert!(
            codes::ALL.iter().any(|c| c.code == code),
            "{code} is documented but not catalogued"
        );
    }
}

#[test]
fn generate_prints_an_envelope_in_json_mode() {
    let out = envgen(&[
        "--schema",
        "schemas/response-envelope.json",
        "--format",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let value = envelope(&out);
    assert_eq!(value["data"]["modules"][0]["module"], "response_envelope");
    assert!(value["data"]["code"]
        .as_str()
        .is_some_and(|c| c.contains("pub struct ResponseEnvelope")));
    // Text mode prints the same code.
    let text = envgen(&["--schema", "schemas/response-envelope.json"]);
    assert_eq!(value["data"]["code"].as_str(), Some(stdout(&text).as_str()));
}

#[test]
fn generate_errors_have_stable_codes() {
    let v = failure(
        &["--schema", "does/not/exist.json", "--format", "json"],
        3,
        "SCHEMA_NOT_FOUND",
    );
    assert_eq!(v["error"]["phase"], "validation");
    let bad = scratch(
        "bad.json",
        r##"{"properties": {"a": {"$ref": "#/definitions/Missing"}}}"##,
    );
    let v = failure(
        &["--schema", &bad.display().to_string(), "--format", "json"],
        1,
        "SCHEMA_INVALID",
    );
    assert!(
        v["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("bad.json#/properties/a/$ref")),
        "{v}"
    );
    // A metaschema requiring a vocabulary envgen does not implement.
    scratch(
        "units-meta.json",
        r#"{"$schema": "https://json-schema.org/draft/2020-12/schema", "$vocabulary": {"https://json-schema.org/draft/2020-12/vocab/core": true, "https://example.com/vocab/units": true}}"#,
    );
    let unsupported = scratch(
        "unsupported.json",
        r#"{"$schema": "units-meta.json", "type": "object"}"#,
    );
    let v = failure(
        &[
            "--schema",
            &unsupported.display().to_string(),
            "--format",
            "json",
        ],
        1,
        "UNSUPPORTED_KEYWORD",
    );
    assert!(
        v["error"]["suggestion"]
            .as_str()
            .is_some_and(|s| s.contains("vocabulary")),
        "{v}"
    );
    failure(&["--format", "json"], 3, "NOTHING_TO_DO");
    failure(
        &[
            "--schema", "a.json", "--schema", "b.json", "--module", "m", "--format", "json",
        ],
        3,
        "ARGUMENT_CONFLICT",
    );
    failure(
        &[
            "--schema",
            "schemas/cmdhelp.schema.json",
            "--draft",
            "5",
            "--format",
            "json",
        ],
        3,
        "INVALID_VALUE",
    );
    // A generation setting that does not fit is the flag's value, not the schema.
    for setting in [
        ["--runtime-path", "not a path"],
        ["--rename", "/no/such/pointer=Order"],
        ["--rename", "/properties/version=not-an-ident"],
        ["--derive", "Eq, Hash"],
    ] {
        let mut args = vec![
            "--schema",
            "schemas/cmdhelp.schema.json",
            "--format",
            "json",
        ];
        args.extend(setting);
        failure(&args, 3, "INVALID_VALUE");
    }
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
    failure(
        &[
            "--schema",
            "schemas/cmdhelp.schema.json",
            "-o",
            &dir.display().to_string(),
            "--format",
            "json",
        ],
        1,
        "OUTPUT_WRITE_FAILED",
    );
}

#[test]
fn text_mode_uses_the_same_exit_codes() {
    let out = envgen(&["--schema", "does/not/exist.json"]);
    assert_eq!(out.status.code(), Some(3));
    assert!(
        stderr(&out).starts_with("error[SCHEMA_NOT_FOUND]: does/not/exist.json#"),
        "{}",
        stderr(&out)
    );
    assert!(stdout(&out).is_empty());
    let out = envgen(&[
        "validate",
        "--schema",
        "cmdhelp",
        "tests/documents/cmdhelp/invalid/missing-binary.json",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).starts_with("error[INSTANCE_INVALID]: 1 of 1 documents are invalid"),
        "{}",
        stderr(&out)
    );
    let out = envgen(&["validate", "--bogus"]);
    assert_eq!(out.status.code(), Some(3));
    let out = envgen(&["validate", "--help"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out).contains("Usage: envgen validate"));
}

#[test]
fn validate_prints_an_envelope_in_json_mode() {
    let out = envgen(&[
        "validate",
        "--schema",
        "cmdhelp",
        "--format",
        "json",
        "tests/documents/cmdhelp/minimal.json",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let v = envelope(&out);
    assert_eq!(v["data"]["results"][0]["valid"], true);
    // The global flag also works before the subcommand.
    let out = envgen(&[
        "--format",
        "json",
        "validate",
        "--schema",
        "cmdhelp",
        "tests/documents/cmdhelp/minimal.json",
    ]);
    assert_eq!(envelope(&out)["ok"], true);
    let v = failure(
        &[
            "validate",
            "--schema",
            "cmdhelp",
            "--format",
            "json",
            "tests/documents/cmdhelp/invalid/missing-binary.json",
        ],
        1,
        "INSTANCE_INVALID",
    );
    assert!(v["error"]["detail"]
        .as_str()
        .is_some_and(|d| d.contains("missing-binary.json")));
    failure(
        &["validate", "--schema", "nope", "--format", "json", "x.json"],
        3,
        "SCHEMA_NOT_FOUND",
    );
    failure(
        &["validate", "--format", "json", "x.json"],
        3,
        "MISSING_ARGUMENT",
    );
    failure(
        &[
            "validate", "--schema", "cmdhelp", "--formt", "json", "x.json", "--format", "json",
        ],
        3,
        "UNKNOWN_ARGUMENT",
    );
    // md is not JSON: the refusal is text on stderr, with the same exit code.
    let out = envgen(&[
        "validate", "--schema", "cmdhelp", "--format", "md", "x.json",
    ]);
    assert_eq!(out.status.code(), Some(3));
    assert!(stdout(&out).is_empty());
    assert!(
        stderr(&out).starts_with("error[FORMAT_UNSUPPORTED]"),
        "{}",
        stderr(&out)
    );
    failure(
        &[
            "--schema", "x.json", "validate", "--schema", "cmdhelp", "x.json", "--format", "json",
        ],
        3,
        "ARGUMENT_CONFLICT",
    );
}

#[test]
fn fmt_prints_an_envelope_in_json_mode() {
    let out = envgen(&[
        "fmt",
        "--schema",
        "cmdhelp",
        "--format",
        "json",
        "tests/documents/cmdhelp/minimal.json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v = envelope(&out);
    assert_eq!(
        v["data"]["canonical"],
        r#"{"cmdhelp_version":"0.1","binary":"gitlike","commands":{}}"#
    );
    failure(
        &[
            "fmt",
            "--schema",
            "cmdhelp",
            "--format",
            "json",
            "tests/documents/cmdhelp/invalid/missing-binary.json",
        ],
        1,
        "INSTANCE_INVALID",
    );
}

#[test]
fn diff_prints_an_envelope_in_json_mode() {
    let dir = "tests/diff/02-optional-field-added";
    let (old, new) = (format!("{dir}/old.json"), format!("{dir}/new.json"));
    let out = envgen(&["diff", &old, &new, "--fail-on", "never", "--format", "json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(envelope(&out)["data"]["changes"].is_array());
    let removed = "tests/diff/04-field-removed";
    failure(
        &[
            "diff",
            &format!("{removed}/old.json"),
            &format!("{removed}/new.json"),
            "--format",
            "json",
        ],
        1,
        "BREAKING_CHANGE",
    );
    failure(
        &["diff", "no/such/old.json", &new, "--format", "json"],
        3,
        "SCHEMA_NOT_FOUND",
    );
}

#[test]
fn help_failures_are_envelopes_too() {
    let v = failure(
        &["help", "nosuch", "--format", "json"],
        3,
        "UNKNOWN_COMMAND",
    );
    assert!(v["error"]["suggestion"]
        .as_str()
        .is_some_and(|s| s.contains("validate")));
    let out = envgen(&["help", "validate", "--format", "json"]);
    let doc = Cmdhelp::from_json_str(&stdout(&out)).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(doc.commands.keys().collect::<Vec<_>>(), ["validate"]);
    let out = envgen(&["help", "validate"]);
    assert!(
        stdout(&out).contains("Usage: envgen validate"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn every_subcommand_is_covered_by_a_json_mode_test_here() {
    // A tripwire: a new subcommand must get a `--format json` test in this file.
    let tested = ["validate", "fmt", "help", "diff"];
    let cli = <Cli as clap::CommandFactory>::command();
    for sub in cli.get_subcommands() {
        assert!(
            tested.contains(&sub.get_name()),
            "add a --format json test for `envgen {}`",
            sub.get_name()
        );
    }
}

#[test]
fn a_misspelt_subcommand_is_redirected() {
    let v = failure(
        &[
            "validat",
            "--schema",
            "cmdhelp",
            "--format",
            "json",
            "tests/documents/cmdhelp/minimal.json",
        ],
        13,
        "COMMAND_MISSPELT",
    );
    let redirect = &v["error"]["redirect"];
    assert_eq!(redirect["reason"], "typo_corrected");
    assert_eq!(redirect["permanent"], false);
    let command = redirect["command"].as_str().unwrap_or_default();
    assert_eq!(
        command,
        "envgen validate --schema cmdhelp --format json tests/documents/cmdhelp/minimal.json"
    );
    // The redirect runs verbatim.
    let words = split_pipeline(command).unwrap_or_default().concat();
    let args: Vec<&str> = words.iter().skip(1).map(String::as_str).collect();
    let out = envgen(&args);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(envelope(&out)["ok"], true);
    // Text mode: clap's message, the corrected invocation, the same exit code.
    let out = envgen(&["hepl"]);
    assert_eq!(out.status.code(), Some(13));
    assert!(
        stderr(&out).contains("run instead: envgen help"),
        "{}",
        stderr(&out)
    );
    // No similar command: UNKNOWN_COMMAND.
    failure(&["frobnicate", "--format", "json"], 3, "UNKNOWN_COMMAND");
}
