//! `from_clap` on a git-like clap tree of about 40 commands: the snapshot of the whole
//! document, and one test per mapping rule (see `envgen::help::from_clap`).
#![cfg(feature = "clap")]

use envgen_test_support::gitlike as support;

use envgen::cmdhelp::{from_clap, from_clap_with, Cmdhelp, EnumValuesItem, Flag, TypeName};
use envgen::help::from_clap::{CommandExtension, Extension, FromClapError};
use envgen::help::{example, exit_code};
use serde_json::json;
use std::collections::BTreeMap;

fn doc() -> Cmdhelp {
    from_clap(&support::gitlike())
}

fn flag<'a>(doc: &'a Cmdhelp, path: &str, key: &str) -> &'a Flag {
    let flags = if path == "<global>" {
        doc.global_flags.as_ref()
    } else {
        doc.commands.get(path).and_then(|c| c.flags.as_ref())
    };
    flags
        .and_then(|f| f.get(key))
        .unwrap_or_else(|| panic!("no flag {key:?} on {path:?}"))
}

fn strings(values: &[&str]) -> Option<Vec<EnumValuesItem>> {
    Some(
        values
            .iter()
            .map(|v| EnumValuesItem::String((*v).to_owned()))
            .collect(),
    )
}

#[test]
fn the_document_is_valid_deterministic_and_snapshotted() {
    let d = doc();
    assert_eq!(d.validate(), Ok(()));
    let text = serde_json::to_string_pretty(&d).unwrap_or_default();
    assert_eq!(
        text,
        serde_json::to_string_pretty(&doc()).unwrap_or_default()
    );
    let parsed = Cmdhelp::from_json_str(&text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(parsed, d);
    assert!(d.commands.len() >= 30, "{} commands", d.commands.len());
    insta::assert_snapshot!("gitlike_cmdhelp", text);
}

#[test]
fn top_level_fields_come_from_the_root() {
    let d = doc();
    assert_eq!(d.cmdhelp_version, "0.1");
    assert_eq!(d.binary, "gitlike");
    assert_eq!(d.version.as_deref(), Some("2.4.0"));
    assert_eq!(
        d.summary.as_deref(),
        Some("A git-like version control CLI (cmdhelp test tree)")
    );
}

#[test]
fn paths_are_space_joined_in_declaration_order_and_groups_have_no_entry() {
    let d = doc();
    let keys: Vec<&str> = d.commands.keys().map(String::as_str).collect();
    assert_eq!(&keys[..4], ["init", "clone", "add", "rm"]);
    for path in [
        "branch",
        "branch create",
        "remote add",
        "stash push",
        "worktree add",
        "bisect reset",
        "config set",
    ] {
        assert!(d.commands.contains_key(path), "{path}");
    }
    // `branch` runs by itself; `remote`, `stash`, `config`, `worktree`, `bisect` need a subcommand.
    for group in ["remote", "stash", "config", "worktree", "bisect"] {
        assert!(!d.commands.contains_key(group), "{group}");
    }
    let branch = keys
        .iter()
        .position(|k| *k == "branch")
        .unwrap_or(usize::MAX);
    assert_eq!(keys.get(branch + 1), Some(&"branch create"));
    // The root only runs with a subcommand (a group); hidden commands and clap's `help`
    // are left out.
    assert!(!d.commands.contains_key(""));
    let optional = support::gitlike().subcommand_required(false);
    let with_root = from_clap(&optional);
    assert_eq!(
        with_root.commands.keys().next().map(String::as_str),
        Some("")
    );
    assert!(!d.commands.contains_key("debug-internals"));
    assert!(!d
        .commands
        .keys()
        .any(|k| k == "help" || k.starts_with("help ")));
}

#[test]
fn args_have_types_required_defaults_and_repeatable() {
    let d = doc();
    let clone = d
        .commands
        .get("clone")
        .and_then(|c| c.args.clone())
        .unwrap_or_default();
    assert_eq!(clone.len(), 2);
    assert_eq!(
        (clone[0].name.as_str(), &clone[0].type_, clone[0].required),
        ("url", &TypeName::String, Some(true))
    );
    assert_eq!(
        (clone[1].name.as_str(), &clone[1].type_, clone[1].required),
        ("directory", &TypeName::Path, Some(false))
    );
    let add = d
        .commands
        .get("add")
        .and_then(|c| c.args.clone())
        .unwrap_or_default();
    assert_eq!(
        (add[0].repeatable, add[0].required),
        (Some(true), Some(true))
    );
    assert_eq!(clone[0].repeatable, None);
    let init = d
        .commands
        .get("init")
        .and_then(|c| c.args.clone())
        .unwrap_or_default();
    assert_eq!(init[0].default, Some(json!(".")));
}

#[test]
fn flags_have_types_and_typed_defaults() {
    let d = doc();
    assert_eq!(flag(&d, "clone", "depth").type_, TypeName::Int);
    assert_eq!(flag(&d, "clone", "bare").type_, TypeName::Bool);
    assert_eq!(flag(&d, "clone", "bare").default, Some(json!(false)));
    assert_eq!(flag(&d, "diff", "unified").default, Some(json!(3)));
    assert_eq!(flag(&d, "diff", "threshold").type_, TypeName::Float);
    assert_eq!(flag(&d, "diff", "threshold").default, Some(json!(0.5)));
    assert_eq!(flag(&d, "<global>", "C").type_, TypeName::Path);
    assert_eq!(flag(&d, "gc", "prune").default, Some(json!("2.weeks.ago")));
    assert_eq!(flag(&d, "clone", "depth").default, None);
}

#[test]
fn short_letters_key_short_only_flags_and_are_recorded_for_long_ones() {
    let d = doc();
    assert!(d
        .commands
        .get("rm")
        .and_then(|c| c.flags.as_ref())
        .is_some_and(|f| f.contains_key("r")));
    assert_eq!(
        flag(&d, "commit", "message").extra.get("x-short"),
        Some(&json!("m"))
    );
    assert_eq!(flag(&d, "commit", "amend").extra.get("x-short"), None);
}

#[test]
fn enums_list_possible_values() {
    let d = doc();
    let cleanup = flag(&d, "commit", "cleanup");
    assert_eq!(cleanup.type_, TypeName::Enum);
    assert_eq!(cleanup.enum_, strings(&["strip", "whitespace", "verbatim"]));
    assert_eq!(cleanup.default, Some(json!("strip")));
    assert_eq!(
        flag(&d, "merge", "strategy").enum_,
        strings(&["ort", "recursive", "ours", "octopus"])
    );
    assert_eq!(
        flag(&d, "<global>", "color").enum_,
        strings(&["auto", "always", "never"])
    );
    // Switches are bool, with no enum even though clap's bool parser has possible values.
    assert_eq!(flag(&d, "commit", "amend").enum_, None);
}

#[test]
fn append_and_count_are_repeatable() {
    let d = doc();
    assert_eq!(flag(&d, "commit", "message").repeatable, Some(true));
    assert_eq!(flag(&d, "push", "push-option").repeatable, Some(true));
    let verbose = flag(&d, "<global>", "verbose");
    assert_eq!(
        (
            verbose.type_.clone(),
            verbose.repeatable,
            verbose.default.clone()
        ),
        (TypeName::Bool, Some(true), None)
    );
    assert_eq!(flag(&d, "tag", "message").repeatable, None);
}

#[test]
fn a_no_x_switch_beside_x_becomes_its_negate_flag() {
    let d = doc();
    assert_eq!(
        flag(&d, "commit", "verify").negate_flag.as_deref(),
        Some("--no-verify")
    );
    assert_eq!(
        flag(&d, "merge", "ff").negate_flag.as_deref(),
        Some("--no-ff")
    );
    assert_eq!(
        flag(&d, "fetch", "prune").negate_flag.as_deref(),
        Some("--no-prune")
    );
    assert_eq!(
        flag(&d, "stash push", "keep-index").negate_flag.as_deref(),
        Some("--no-keep-index")
    );
    assert_eq!(
        flag(&d, "<global>", "pager").negate_flag.as_deref(),
        Some("--no-pager")
    );
    for (path, folded) in [
        ("merge", "no-ff"),
        ("fetch", "no-prune"),
        ("commit", "no-verify"),
    ] {
        let flags = d
            .commands
            .get(path)
            .and_then(|c| c.flags.clone())
            .unwrap_or_default();
        assert!(
            !flags.contains_key(folded),
            "{path}: {folded} should be folded"
        );
    }
    // A lone `--no-edit` (SetFalse) stays an ordinary flag, default true.
    let no_edit = flag(&d, "merge", "no-edit");
    assert_eq!(
        (no_edit.negate_flag.clone(), no_edit.default.clone()),
        (None, Some(json!(true)))
    );
    // Every negate_flag is on a bool flag (the schema's if/then).
    for command in d.commands.values() {
        for f in command.flags.iter().flat_map(|m| m.values()) {
            if f.negate_flag.is_some() {
                assert_eq!(f.type_, TypeName::Bool);
            }
        }
    }
}

#[test]
fn root_globals_are_global_flags_once_and_lower_globals_reach_their_subtree() {
    let d = doc();
    let globals: Vec<&str> = d
        .global_flags
        .iter()
        .flat_map(|g| g.keys())
        .map(String::as_str)
        .collect();
    assert_eq!(globals, ["C", "verbose", "color", "pager"]);
    for (path, command) in &d.commands {
        let flags = command.flags.clone().unwrap_or_default();
        for g in &globals {
            assert!(!flags.contains_key(*g), "{path} repeats global {g}");
        }
        assert!(
            !flags.contains_key("help") && !flags.contains_key("version"),
            "{path}"
        );
        let scoped = path.starts_with("config ");
        assert_eq!(flags.contains_key("scope"), scoped, "{path}");
    }
}

#[test]
fn hidden_flags_are_left_out() {
    let d = doc();
    let flags = d
        .commands
        .get("commit")
        .and_then(|c| c.flags.clone())
        .unwrap_or_default();
    assert!(!flags.contains_key("debug-trace"));
}

#[test]
fn a_long_about_becomes_the_description() {
    let d = doc();
    let clone = d.commands.get("clone").cloned();
    assert_eq!(
        clone.as_ref().map(|c| c.summary.as_str()),
        Some("Clone a repository into a new directory")
    );
    assert!(clone
        .and_then(|c| c.description)
        .is_some_and(|t| t.contains("remote-tracking")));
    assert_eq!(
        d.commands.get("init").and_then(|c| c.description.clone()),
        None
    );
}

#[test]
fn the_extension_adds_exit_codes_examples_and_replaces_summaries() {
    let mut commands = BTreeMap::new();
    commands.insert(
        "commit".to_owned(),
        CommandExtension {
            summary: Some("Commit".to_owned()),
            exit_codes: [(
                1,
                exit_code("Nothing to commit.", Some("Stage changes first.")),
            )]
            .into(),
            examples: vec![example("gitlike commit -m fix", None)],
            see_also: vec!["status".to_owned()],
            ..CommandExtension::default()
        },
    );
    let ext = Extension {
        homepage: Some("https://example.com/gitlike".to_owned()),
        exit_codes: [
            (0, envgen::cmdhelp::ExitCode::String("Success.".to_owned())),
            (1, envgen::cmdhelp::ExitCode::String("Failure.".to_owned())),
        ]
        .into(),
        commands,
    };
    let d = from_clap_with(&support::gitlike(), &ext).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(d.validate(), Ok(()));
    assert_eq!(d.homepage.as_deref(), Some("https://example.com/gitlike"));
    let commit = d
        .commands
        .get("commit")
        .cloned()
        .unwrap_or_else(|| panic!("commit"));
    assert_eq!(commit.summary, "Commit");
    let codes = serde_json::to_value(&commit.exit_codes).unwrap_or_default();
    assert_eq!(
        codes,
        json!({"0": "Success.", "1": {"when": "Nothing to commit.", "recovery": "Stage changes first."}})
    );
    assert_eq!(commit.see_also, Some(vec!["status".to_owned()]));
    let status = serde_json::to_value(d.commands.get("status").and_then(|c| c.exit_codes.clone()))
        .unwrap_or_default();
    assert_eq!(status, json!({"0": "Success.", "1": "Failure."}));
}

#[test]
fn an_extension_naming_a_missing_command_is_refused() {
    let mut ext = Extension::default();
    ext.commands
        .insert("remote".to_owned(), CommandExtension::default());
    assert_eq!(
        from_clap_with(&support::gitlike(), &ext),
        Err(FromClapError::UnknownCommand("remote".to_owned()))
    );
    let mut ext = Extension::default();
    ext.commands.insert(
        "commit".to_owned(),
        CommandExtension {
            see_also: vec!["stash".to_owned()],
            ..CommandExtension::default()
        },
    );
    assert_eq!(
        from_clap_with(&support::gitlike(), &ext),
        Err(FromClapError::UnknownSeeAlso {
            command: "commit".to_owned(),
            target: "stash".to_owned()
        })
    );
}

#[test]
fn a_cli_without_subcommands_is_its_root_command() {
    let cmd = clap::Command::new("tool")
        .arg(clap::Arg::new("input").required(true))
        .arg(
            clap::Arg::new("n")
                .short('n')
                .value_parser(clap::value_parser!(i64)),
        );
    let d = from_clap(&cmd);
    assert_eq!(d.commands.keys().collect::<Vec<_>>(), [""]);
    let root = d
        .commands
        .get("")
        .cloned()
        .unwrap_or_else(|| panic!("root"));
    assert_eq!(root.summary, "(no summary)");
    assert_eq!(flag(&d, "", "n").type_, TypeName::Int);
    assert_eq!(d.validate(), Ok(()));
}
