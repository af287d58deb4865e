//! The checklist of ARCHITECTURE.md, "Adding an assertion keyword", kept true: a check of a
//! new kind touches at most four files because only two places in envgen-codegen match
//! exhaustively on the plan's `Test` (its declaration's file, `ir/plan/lower.rs`, and the
//! table renderer, `emit/validate/table.rs`) and only one in the runtime on its `Op`
//! (`plan/run.rs`, with the enum). Every other match has a last arm that gives a check it
//! does not know the safe answer (no code form, no typed form, no verdict on `null`).
//!
//! A file that names every variant is taken for an exhaustive match: adding one elsewhere
//! fails here, naming the file, until the checklist (and this list) say why it must be.
//! `emit/validate/checks.rs` names them all in `has_code_form`, the list a check of a new
//! kind is absent from.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The variants of `enum {name}` declared in `src`, in order.
fn variants(src: &str, name: &str) -> Vec<String> {
    let start = src
        .lines()
        .position(|l| l.trim_start().ends_with(&format!("enum {name} {{")))
        .unwrap_or_else(|| panic!("no `enum {name}`"));
    src.lines()
        .skip(start + 1)
        .take_while(|l| *l != "}")
        .filter_map(|l| {
            let l = l.strip_prefix("    ")?;
            let ident: String = l.chars().take_while(char::is_ascii_alphanumeric).collect();
            (ident.starts_with(|c: char| c.is_ascii_uppercase())).then_some(ident)
        })
        .collect()
}

/// The `.rs` files below `dir`, test files aside (`tests.rs`, `*_tests.rs`).
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    entries.sort();
    for p in entries {
        let name = p
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        if p.is_dir() {
            sources(&p, out);
        } else if name.ends_with(".rs") && name != "tests.rs" && !name.ends_with("_tests.rs") {
            out.push(p);
        }
    }
}

/// The files below `dir` (relative to it) that name every variant as `{ty}::{variant}`.
fn naming_all(dir: &str, ty: &str, all: &[String]) -> BTreeSet<String> {
    let base = root().join(dir);
    let mut files = Vec::new();
    sources(&base, &mut files);
    files
        .into_iter()
        .filter(|f| {
            let src = read(f);
            all.iter().all(|v| {
                src.contains(&format!("{ty}::{v}("))
                    || src.contains(&format!("{ty}::{v} "))
                    || src.contains(&format!("{ty}::{v},"))
                    || src.contains(&format!("{ty}::{v})"))
            })
        })
        .map(|f| {
            f.strip_prefix(&base)
                .map(|p| p.to_string_lossy().replace('\\', "/"))
                .unwrap_or_default()
        })
        .collect()
}

#[test]
fn a_check_of_a_new_kind_touches_four_files() {
    let tests = variants(&read(&root().join("codegen/src/ir/plan/lower.rs")), "Test");
    assert!(tests.len() > 20, "{tests:?}");
    let codegen = naming_all("codegen/src", "Test", &tests);
    let expected: BTreeSet<String> = [
        "emit/validate/checks.rs",
        "emit/validate/table.rs",
        "ir/plan/lower.rs",
    ]
    .into_iter()
    .map(str::to_owned)
    .collect();
    assert_eq!(
        codegen, expected,
        "files naming every `Test` variant (an exhaustive match): a new kind of check would \
         have to touch each; give the match a last arm with the safe answer, or update \
         ARCHITECTURE.md's checklist"
    );

    let ops = variants(&read(&root().join("runtime/src/private/plan/run.rs")), "Op");
    assert!(ops.len() > 20, "{ops:?}");
    let runtime = naming_all("runtime/src", "Op", &ops);
    assert_eq!(
        runtime,
        BTreeSet::from(["private/plan/run.rs".to_owned()]),
        "files naming every `Op` variant: only `plan/run.rs`, where the enum and \
         `Op::apply` are"
    );
}

#[test]
fn the_variant_scanner_reads_declarations() {
    let src = "pub(crate) enum T {\n    /// doc\n    A(u8),\n    B { x: u8 },\n    C,\n}\n";
    assert_eq!(variants(src, "T"), ["A", "B", "C"]);
}
