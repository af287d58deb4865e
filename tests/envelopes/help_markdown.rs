//! `--format md`: markdown rendered from the same cmdhelp document as the JSON, snapshot
//! tested on the hand-written fixtures (envgen's own page is in `tests/binary/cli_help.rs`).

use envgen::cmdhelp::Cmdhelp;
use envgen::help::markdown::render;

fn load(name: &str) -> Cmdhelp {
    let path = format!(
        "{}/tests/documents/cmdhelp/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    Cmdhelp::from_json_str(&text).unwrap_or_else(|e| panic!("{name}: {e}"))
}

#[test]
fn git_like_fixture_renders() {
    let doc = load("git-like.json");
    let md = render(&doc);
    assert_eq!(md, render(&doc), "deterministic");
    assert!(
        md.ends_with("|\n") || md.ends_with("```\n") || md.ends_with(".\n"),
        "ends with one newline"
    );
    assert!(!md.ends_with("\n\n"));
    insta::assert_snapshot!("gitlike_md", md);
}

#[test]
fn pad_fixture_renders_every_section() {
    let md = render(&load("pad.json"));
    for needle in [
        "# pad 1.3.0",
        "cmdhelp 0.1 · homepage: <https://getpad.dev>.",
        "## Global flags",
        "### `pad item create`",
        "Usage: `pad item create [FLAGS] <title> [<fields>...]`",
        "| `--notify` / `--no-notify` | bool | `true` |",
        "`--no-notify`",
        "enum: `1`, `2`, `3`, `none`, `true`",
        "(from `dynamic:pad collection list`)",
        "| 13 | The command moved. |  |",
        "# A task.\npad item create 'Buy milk' --collection tasks --priority 2",
        "Stdin: accepted (`text/markdown`).",
        "Stdout: text `Created {ref}`; JSON `#/schemas/Item`.",
        "See also: `pad item list`.",
        "Since: 1.0.0.",
        "Stability: stable.",
        "## Context",
        "## Schemas",
        "Required. ",
    ] {
        assert!(md.contains(needle), "missing {needle:?} in\n{md}");
    }
    insta::assert_snapshot!("pad_md", md);
}

#[test]
fn table_cells_escape_bars_and_line_breaks() {
    let mut doc = load("minimal.json");
    let text = r#"{"summary":"a | b","description":"one\ntwo","flags":{"xx":{"type":"string","description":"p | q\nr","default":"`tick`"}}}"#;
    let command = envgen::cmdhelp::Command::from_json_str(text).unwrap_or_else(|e| panic!("{e}"));
    doc.commands.insert("c".to_owned(), command);
    let md = render(&doc);
    assert!(
        md.contains("| `--xx <string>` | string | `` `tick` `` | p \\| q<br>r |"),
        "{md}"
    );
    assert!(
        md.contains("a | b\n"),
        "prose outside tables is left alone: {md}"
    );
}
