//! The example checker (`envgen::help::examples`): one test per way an example can break,
//! examples that resolve, and agreement with clap's own parser on the git-like tree.
#![cfg(feature = "clap")]

use envgen_test_support::gitlike as support;

use envgen::cmdhelp::{from_clap, Cmdhelp};
use envgen::help::example;
use envgen::help::examples::{check_example, check_examples, ExampleError, ExampleFailure};
use envgen::help::words::{split, SplitError};

fn tree() -> Cmdhelp {
    from_clap(&support::gitlike())
}

fn err(cmd: &str) -> ExampleError {
    match check_example(&tree(), cmd) {
        Ok(()) => panic!("{cmd}: resolves, but should not"),
        Err(e) => e,
    }
}

fn s(v: &str) -> String {
    v.to_owned()
}

/// Clap's verdict on the same words (the live tree's own parser).
fn clap_accepts(cmd: &str) -> bool {
    let words = split(cmd).unwrap_or_default();
    support::gitlike().try_get_matches_from(words).is_ok()
}

const RESOLVING: [&str; 14] = [
    "gitlike init",
    "gitlike -C /tmp/repo --color=never status -s",
    "gitlike clone https://example.com/r.git dir --depth 1 -b main",
    "gitlike commit -am 'first line' -m second --no-verify",
    "gitlike commit --message=x --verify --cleanup verbatim",
    "gitlike -vvv log -n5 --oneline",
    "gitlike add a.rs b.rs -- -weird-name.rs",
    "gitlike branch create topic",
    "gitlike branch -a",
    "gitlike merge --no-ff --no-edit -s ours topic",
    "gitlike stash push --no-keep-index -m wip",
    "gitlike config set --scope global user.name Alice",
    "gitlike push origin main next -o ci.skip -o merge_request.create --no-pager",
    "gitlike diff --threshold 0.25 -U 5 | gitlike show",
];

#[test]
fn resolving_examples_pass_and_clap_agrees() {
    let t = tree();
    for cmd in RESOLVING {
        assert_eq!(check_example(&t, cmd), Ok(()), "{cmd}");
        if !cmd.contains('|') {
            assert!(clap_accepts(cmd), "clap refuses {cmd}");
        }
    }
}

/// Every broken example: our verdict, and clap also refuses it.
fn broken(cmd: &str, expected: ExampleError) {
    assert_eq!(err(cmd), expected, "{cmd}");
    assert!(
        !clap_accepts(cmd),
        "clap accepts {cmd}, the checker does not"
    );
}

#[test]
fn an_unclosed_quote_is_unparseable() {
    assert_eq!(
        err("gitlike commit -m 'oops"),
        ExampleError::Unparseable(SplitError::UnterminatedQuote('\''))
    );
}

#[test]
fn an_empty_invocation_is_reported() {
    assert_eq!(err("   "), ExampleError::Empty);
    assert_eq!(err("gitlike status |"), ExampleError::Empty);
}

#[test]
fn another_program_is_reported() {
    assert_eq!(
        err("git status"),
        ExampleError::WrongProgram {
            expected: s("gitlike"),
            found: s("git")
        }
    );
    assert_eq!(
        err("cat x | grep y"),
        ExampleError::WrongProgram {
            expected: s("gitlike"),
            found: s("cat")
        }
    );
}

#[test]
fn an_unknown_subcommand_is_reported_with_its_parent() {
    broken(
        "gitlike comit -m x",
        ExampleError::UnknownCommand {
            command: s("gitlike"),
            word: s("comit"),
        },
    );
    broken(
        "gitlike remote rename a b",
        ExampleError::UnknownCommand {
            command: s("gitlike remote"),
            word: s("rename"),
        },
    );
}

#[test]
fn a_group_alone_is_incomplete() {
    broken(
        "gitlike stash",
        ExampleError::IncompleteCommand {
            command: s("gitlike stash"),
        },
    );
    broken(
        "gitlike",
        ExampleError::IncompleteCommand {
            command: s("gitlike"),
        },
    );
}

#[test]
fn an_unknown_flag_is_reported() {
    broken(
        "gitlike commit --ammend",
        ExampleError::UnknownFlag {
            command: s("gitlike commit"),
            flag: s("--ammend"),
        },
    );
    broken(
        "gitlike status -x",
        ExampleError::UnknownFlag {
            command: s("gitlike status"),
            flag: s("-x"),
        },
    );
    // A flag of another command, and a negation of a flag that has none.
    broken(
        "gitlike status --amend",
        ExampleError::UnknownFlag {
            command: s("gitlike status"),
            flag: s("--amend"),
        },
    );
    broken(
        "gitlike commit --no-amend",
        ExampleError::UnknownFlag {
            command: s("gitlike commit"),
            flag: s("--no-amend"),
        },
    );
    // A one-letter key is a short flag, never `--r`.
    broken(
        "gitlike rm --r a",
        ExampleError::UnknownFlag {
            command: s("gitlike rm"),
            flag: s("--r"),
        },
    );
}

#[test]
fn a_value_flag_without_a_value_is_reported() {
    broken(
        "gitlike clone url --depth",
        ExampleError::MissingValue {
            command: s("gitlike clone"),
            flag: s("--depth"),
        },
    );
    broken(
        "gitlike commit -m --amend",
        ExampleError::MissingValue {
            command: s("gitlike commit"),
            flag: s("-m"),
        },
    );
}

#[test]
fn a_value_on_a_switch_is_reported() {
    broken(
        "gitlike commit --amend=yes",
        ExampleError::UnexpectedValue {
            command: s("gitlike commit"),
            flag: s("--amend"),
            value: s("yes"),
        },
    );
    broken(
        "gitlike commit --no-verify=1",
        ExampleError::UnexpectedValue {
            command: s("gitlike commit"),
            flag: s("--no-verify"),
            value: s("1"),
        },
    );
}

#[test]
fn a_value_outside_the_enum_is_reported() {
    broken(
        "gitlike commit --cleanup tidy",
        ExampleError::InvalidValue {
            command: s("gitlike commit"),
            flag: s("--cleanup"),
            value: s("tidy"),
            allowed: vec![s("strip"), s("whitespace"), s("verbatim")],
        },
    );
}

#[test]
fn a_repeated_single_flag_is_reported() {
    broken(
        "gitlike tag v1 -m a -m b",
        ExampleError::RepeatedFlag {
            command: s("gitlike tag"),
            flag: s("-m"),
        },
    );
    // Repeatable flags may repeat.
    assert_eq!(check_example(&tree(), "gitlike commit -m a -m b"), Ok(()));
}

#[test]
fn a_missing_required_argument_is_reported() {
    broken(
        "gitlike mv a.rs",
        ExampleError::MissingArgument {
            command: s("gitlike mv"),
            arg: s("destination"),
        },
    );
    broken(
        "gitlike clone --depth 1",
        ExampleError::MissingArgument {
            command: s("gitlike clone"),
            arg: s("url"),
        },
    );
}

#[test]
fn a_surplus_argument_is_reported() {
    broken(
        "gitlike mv a b c",
        ExampleError::UnexpectedArgument {
            command: s("gitlike mv"),
            word: s("c"),
        },
    );
}

#[test]
fn a_missing_required_flag_is_reported() {
    let cmd = clap::Command::new("deploy")
        .arg(clap::Arg::new("env").long("env").required(true))
        .arg(clap::Arg::new("what"));
    let t = from_clap(&cmd);
    assert_eq!(
        check_example(&t, "deploy app"),
        Err(ExampleError::MissingRequiredFlag {
            command: s("deploy"),
            flag: s("--env")
        })
    );
    assert!(cmd.clone().try_get_matches_from(["deploy", "app"]).is_err());
    assert_eq!(check_example(&t, "deploy --env prod app"), Ok(()));
}

#[test]
fn check_examples_names_the_command_index_and_invocation() {
    let mut t = tree();
    if let Some(c) = t.commands.get_mut("commit") {
        c.examples = Some(vec![
            example("gitlike commit -m ok", None),
            example("gitlike commit --ammend", Some("typo")),
        ]);
    }
    if let Some(c) = t.commands.get_mut("status") {
        c.examples = Some(vec![example("gitlike status", None)]);
    }
    let failures = check_examples(&t);
    assert_eq!(
        failures,
        vec![ExampleFailure {
            command: s("commit"),
            index: 1,
            cmd: s("gitlike commit --ammend"),
            error: ExampleError::UnknownFlag {
                command: s("gitlike commit"),
                flag: s("--ammend")
            },
        }]
    );
    assert_eq!(
        failures[0].to_string(),
        "commands[\"commit\"].examples[1] `gitlike commit --ammend`: `gitlike commit` has no flag `--ammend`"
    );
}

#[test]
fn the_git_like_document_examples_resolve_against_itself() {
    // The hand-written fixture in tests/documents: its examples must resolve too.
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/documents/cmdhelp/git-like.json"
    );
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let doc = Cmdhelp::from_json_str(&text).unwrap_or_else(|e| panic!("{e}"));
    let failures: Vec<String> = check_examples(&doc)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert!(failures.is_empty(), "{failures:#?}");
}
