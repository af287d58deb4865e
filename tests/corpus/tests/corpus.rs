//! envgen's generated validators on real-world schemas (`../shared/corpus`):
//!
//! * every SchemaStore `pos/` instance is accepted and every `neg/` instance rejected,
//!   formats asserted as SchemaStore's harness does;
//! * every verdict agrees with the `jsonschema` crate (dev-dependency oracle) on the same
//!   schema, remote references mapped to the same local files;
//! * a schema envgen refuses is listed with its located error.
//!
//! The table is `CORPUS.md` at the repository root (`ENVGEN_BLESS=1` rewrites it; the test
//! fails when it is stale). Without `../shared` the test says SKIPPED, or fails under
//! `ENVGEN_REQUIRE_SHARED=1`.

mod support;

use envgen_corpus::{Ordered, Typed, SCHEMAS, TYPED_ALL};
use envgen_runtime::json::json_identical;
use envgen_runtime::Options;
use serde_json::Value;
use std::path::{Path, PathBuf};
use support::instances;

/// Random schema-guided documents made per schema for the typed-parse check (seeded by its
/// name). The branch-covering documents (`instances::branch_instances`) come on top.
const GENERATED_PER_SCHEMA: usize = 64;

/// Generated documents whose typed parse is known to disagree with `validate_value`, by
/// schema and document text, with the class of the defect. Every entry must still fail
/// (the test says so when one passes); the list empties as the classes are fixed.
const EXPECTED_TYPED_FAILURES: &[(&str, &str, &str)] = &[];

/// Generated documents on which the `jsonschema` crate and the compiled validator differ
/// by design, by schema and document text, with the reason (each must still differ).
const EXPECTED_ORACLE_DISAGREEMENTS: &[(&str, &str, &str)] = &[
    (
        "schemastore/staticwebapp.config",
        r#"{"responseOverrides":{"yz":{"statusCode":42.0}}}"#,
        DRAFT4_FLOAT,
    ),
    (
        "schemastore/staticwebapp.config",
        r#"{"routes":[{"route":"xyz","statusCode":42.0}]}"#,
        DRAFT4_FLOAT,
    ),
    (
        "schemastore/ubuntu-server-autoinstall",
        r#"{"autoinstall":{"version":1.0}}"#,
        DRAFT4_FLOAT,
    ),
    (
        "schemastore/ubuntu-server-autoinstall",
        r#"{"autoinstall":{"version":1,"network":{"version":2.0}}}"#,
        DRAFT4_FLOAT,
    ),
    (
        "schemastore/ubuntu-server-autoinstall",
        r#"{"autoinstall":{"version":1,"network":{"network":{"version":2.0}}}}"#,
        DRAFT4_FLOAT,
    ),
];

/// Why the draft-04 entries differ: `jsonschema` applies the draft-04 reading of the
/// suite's optional `zeroTerminatedFloats` (`1.0` is not an integer); envgen counts `1.0`
/// as an integer in every draft (docs/decisions.md, "Integers are JSON-Schema integers").
const DRAFT4_FLOAT: &str = "draft-04: `jsonschema` does not count an integral float as an integer";

/// Corpus schemas envgen refuses on purpose, with the reason (checked: the refusal must
/// still happen, with a located error).
const EXPECTED_REFUSALS: &[(&str, &str)] = &[
    ("typify/extension-schema.json", "dangling `$ref` `#/definitions/Schema`: no definition of that name exists (the corpus PROVENANCE lists it)"),
    ("typify/typify/tests/schemas/merged-schemas.json", "declares draft-04 but uses draft-06 numeric `exclusiveMinimum` (typify ignores `$schema`)"),
];

fn read(p: &Path) -> Value {
    let t = std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    serde_json::from_str(&t).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn instances(dir: &Path) -> Vec<(String, String, Value)> {
    support::shared::json_files(dir)
        .into_iter()
        .map(|(name, text)| {
            let value = serde_json::from_str(&text)
                .unwrap_or_else(|e| panic!("{}: {e}", dir.join(&name).display()));
            (name, text, value)
        })
        .collect()
}

/// What the typed parse did on one schema's documents.
#[derive(Default)]
struct TypedTally {
    /// Documents whose typed verdict equals `validate_value`'s.
    agree: usize,
    /// Documents checked.
    cases: usize,
    /// Accepted documents that serialized back equal (floats bit for bit).
    lossless: usize,
    /// Accepted documents.
    accepted: usize,
    /// Accepted documents that types generated with `preserve_key_order` give back as the
    /// same JSON text, key order included (`None`: no such types for this schema).
    ordered: Option<usize>,
    /// Of those, documents whose key order the default types change (not schema order).
    reordered: usize,
}

impl TypedTally {
    fn cell(&self) -> String {
        let mut cell = format!(
            "{}/{} agree, {}/{} lossless",
            self.agree, self.cases, self.lossless, self.accepted
        );
        if let Some(ordered) = self.ordered {
            cell.push_str(&format!(", {ordered}/{} in document order", self.accepted));
        }
        cell
    }
}

/// The typed path on one document: `Root::from_json_str_with`, then `serde_json::to_value`.
/// Its verdict must be `validate_value`'s; an accepted document must come back equal as
/// JSON, floats bit for bit; a rejection must name a schema keyword and a schema location.
fn typed_case(
    (typed, ordered): (Typed, Option<Ordered>),
    text: &str,
    value: &Value,
    schema_valid: bool,
    options: &Options,
    tally: &mut TypedTally,
) -> Result<(), String> {
    tally.cases += 1;
    match typed(text, options) {
        Ok(back) => {
            if !schema_valid {
                return Err("the typed parse accepts a document validate_value rejects".to_owned());
            }
            tally.agree += 1;
            tally.accepted += 1;
            if !json_identical(&back, value) {
                return Err(format!("the typed round trip changed the document: {back}"));
            }
            tally.lossless += 1;
            if let Some(ordered) = ordered {
                // The input's own key order: `Value` keeps it (serde_json `preserve_order`).
                match ordered(text, options) {
                    Ok(got) if json_identical(&got, value) && same_key_order(&got, value) => {
                        *tally.ordered.get_or_insert(0) += 1;
                        tally.reordered += usize::from(!same_key_order(&back, value));
                    }
                    Ok(got) => {
                        return Err(format!(
                            "with preserve_key_order, the typed round trip gave {got}"
                        ))
                    }
                    Err(e) => {
                        return Err(format!(
                            "with preserve_key_order, the typed parse rejects it: {e}"
                        ))
                    }
                }
            }
            Ok(())
        }
        Err(errors) => {
            if schema_valid {
                return Err(format!(
                    "the typed parse rejects a valid document: {errors}"
                ));
            }
            tally.agree += 1;
            if let Some(Ok(_)) = ordered.map(|o| o(text, options)) {
                return Err("with preserve_key_order, the typed parse accepts it".to_owned());
            }
            for e in errors.errors() {
                if e.keyword.is_empty() || e.schema_path.is_empty() && e.keyword != "syntax" {
                    return Err(format!(
                        "a typed-parse error names no keyword or schema location: {e}"
                    ));
                }
            }
            Ok(())
        }
    }
}

/// Whether every object in `a` lists its keys in the order of the same object in `b`
/// (the values themselves are compared by `json_identical`).
fn same_key_order(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Object(a), Value::Object(b)) => {
            a.keys().eq(b.keys())
                && a.values()
                    .zip(b.values())
                    .all(|(x, y)| same_key_order(x, y))
        }
        (Value::Array(a), Value::Array(b)) => {
            a.len() == b.len() && a.iter().zip(b).all(|(x, y)| same_key_order(x, y))
        }
        _ => true,
    }
}

/// The oracle for one corpus schema (`draft-07` when it names no `$schema`, as
/// `build.rs` does), a SchemaStore entry's remote refs served from the local copies.
fn oracle(root: &Path, name: &str) -> Option<jsonschema::Validator> {
    let schema = read(&schema_file(root, name));
    let dir = name
        .strip_prefix("schemastore/")
        .map(|sub| root.join("schemastore").join(sub));
    let meta = dir
        .as_ref()
        .map_or(Value::Null, |d| read(&d.join("meta.json")));
    let mut pairs: Vec<(String, jsonschema::Resource)> = Vec::new();
    if let (Some(m), Some(dir)) = (meta.get("remote_refs").and_then(Value::as_object), &dir) {
        for (uri, file) in m {
            if let Some(f) = file.as_str() {
                pairs.push((
                    uri.trim_end_matches('#').to_owned(),
                    jsonschema::Resource::from_contents(read(&dir.join(f))),
                ));
            }
        }
    }
    let registry = jsonschema::Registry::new()
        .extend(pairs)
        .ok()?
        .prepare()
        .ok()?;
    let mut opts = jsonschema::options()
        .should_validate_formats(true)
        .with_registry(&registry);
    if schema.get("$schema").is_none() {
        opts = opts.with_draft(jsonschema::Draft::Draft7);
    }
    opts.build(&schema).ok()
}

/// The schema file of a corpus entry.
fn schema_file(root: &Path, name: &str) -> PathBuf {
    match name.strip_prefix("schemastore/") {
        Some(sub) => root.join("schemastore").join(sub).join("schema.json"),
        None => root.join(name),
    }
}

/// The typed-parse cell of a schema's row.
fn typed_cell(e: &envgen_corpus::Entry, tally: &TypedTally) -> String {
    if e.typed.is_some() {
        tally.cell()
    } else if e.generated.is_ok() {
        "script".to_owned()
    } else {
        String::new()
    }
}

#[test]
fn real_world_schemas() {
    let Some(root) = support::shared::corpus("corpus") else {
        return;
    };
    let options = Options::new().formats(true);
    let mut md = format!(
        "# Corpus\n\nenvgen on the real-world schemas of `../shared/corpus`: 25 SchemaStore schemas with valid (`pos/`) \
and invalid (`neg/`) instances, and typify's test schemas (no instances). Regenerate with \
`ENVGEN_BLESS=1 cargo test -p envgen-corpus` (CI runs this test and fails when the table is stale).\n\n\
* **generated**: `envgen --schema` generates the module: types, serde impls and validators (`tests/corpus/build.rs` \
runs the real codegen, `draft-07` for schemas without `$schema`, remote refs mapped to the corpus's local copies).\n\
* **compiled**: the schema's module is part of the `envgen-corpus` crate, which compiles as one crate \
under `#![deny(warnings)]` and `cargo clippy --workspace --all-targets -- -D warnings` in CI; the table only exists \
if it compiled. The crate holds every schema's validators, and the types (serde impls and checked parsers, no \
builders) of all but the largest schemas, to keep CI's build of the generated code in budget; the generated \
crate's own build time is measured in `docs/corpus-build-time.md`.\n\
* **pos accepted / neg rejected**: the compiled validators on SchemaStore's instances, formats asserted as \
SchemaStore's harness does; **agrees with jsonschema**: the verdicts of the `jsonschema` crate equal the \
compiled validators' on those instances and on every generated document below (random and branch-covering; \
typify's schemas have only generated documents).\n\
* **typed parse**: the generated root type (`Root::from_json_str_with`, formats asserted) on every `pos/` and `neg/` \
instance, on {GENERATED_PER_SCHEMA} random schema-guided documents per schema and on the schema's branch-covering \
documents (both from `tests/support/src/instances.rs`, seeded by the schema's name): *agree* counts documents whose typed verdict equals `validate_value`'s, *lossless* the accepted ones that \
`serde_json::to_value` gives back equal (floats bit for bit; key order is schema order by default, see docs/decisions.md); \
*in document order* counts the accepted ones that the same schema's types generated with `preserve_key_order` give back \
equal with every object's keys in the document's order (SchemaStore schemas; those types must reject what the others \
reject). \
**generated valid** is how many of the {GENERATED_PER_SCHEMA} random documents the schema accepts. \
**branch-covering valid** is how many of the branch-covering documents it accepts, of how many there are: one \
document per target of the schema (each `anyOf`/`oneOf` alternative, taken with a value outside its siblings' \
`enum`/`const` values, so a `pattern`, `minLength` or `format` alternative beside an `enum` gets a string the enum \
lacks; both sides of each `if`; each `dependentSchemas`/`dependencies`/`dependentRequired` key present and absent; \
each node that allows an integer, the integer written `n.0`), otherwise minimal, identical documents counted once; \
targets are the nodes reachable from the root through local `$ref`s and applicators, not inside `if`, `not`, \
`contains` or `propertyNames` (most of typify's test schemas keep their types in `definitions` no root \
references, hence `0/0`). They come on top of the random ones, whose counts stay comparable with earlier \
tables. A known typed-parse disagreement (listed with its class in `EXPECTED_TYPED_FAILURES`, \
`tests/corpus/tests/corpus.rs`) is counted in the note, not in *agree*, and so is a known difference with \
`jsonschema` (`EXPECTED_ORACLE_DISAGREEMENTS`: on draft-04 schemas `jsonschema` does not count `2.0` as an integer, \
envgen does); the test fails when a listed one agrees, or is no longer generated. \
Schemas marked *script* are too \
large to compile as types in every CI run; `ENVGEN_CORPUS_TYPED=all cargo test -p envgen-corpus` runs them \
(result below the table).\n\n\
| schema | generated | compiled | pos accepted | neg rejected | agrees with jsonschema | typed parse | generated valid | branch-covering valid | note |\n|---|---|---|---:|---:|---|---|---:|---:|---|\n",
    );
    let yes_no = |ok: bool| if ok { "yes" } else { "no" };
    // A schema whose validators compile but whose full module does not generate says why.
    let types_note = |e: &envgen_corpus::Entry| match e.generated {
        Err(why) if e.validate.is_ok() => format!(
            "types not generated: {}",
            why.lines().next().unwrap_or("").replace('|', "\\|")
        ),
        _ => String::new(),
    };
    let (mut generated_n, mut compiled_n) = (0usize, 0usize);
    let mut problems = Vec::new();
    let (mut ordered_n, mut reordered_n) = (0, 0);
    let (mut known_total, mut known_oracle_total) = (0, 0);
    for e in SCHEMAS {
        let generated = yes_no(e.generated.is_ok());
        generated_n += usize::from(e.generated.is_ok());
        compiled_n += usize::from(e.validate.is_ok());
        let note = types_note(e);
        let expected_refusal = EXPECTED_REFUSALS.iter().find(|(n, _)| *n == e.name);
        let validate = match (&e.validate, expected_refusal) {
            (Err(why), Some((_, reason))) => {
                md.push_str(&format!(
                    "| {} | {generated} | no | | | | | | | refused: {reason} |\n",
                    e.name
                ));
                assert!(
                    why.contains('#'),
                    "{}: the refusal is not located: {why}",
                    e.name
                );
                continue;
            }
            (Err(why), None) => {
                problems.push(format!("{}: codegen refused it: {why}", e.name));
                md.push_str(&format!(
                    "| {} | {generated} | no | | | | | | | {} |\n",
                    e.name,
                    why.lines().next().unwrap_or("")
                ));
                continue;
            }
            (Ok(_), Some(_)) => {
                problems.push(format!("{}: expected a refusal, but it generated", e.name));
                continue;
            }
            (Ok(v), None) => *v,
        };
        // The typed path on generated documents (every schema) and, below, on SchemaStore's.
        let mut tally = TypedTally {
            ordered: e.ordered.map(|_| 0),
            ..TypedTally::default()
        };
        // The oracle's verdict on every document (generated ones included).
        let oracle = oracle(&root, e.name);
        let (mut agree, mut cases) = (0, 0);
        let (mut generated_valid, mut branch_n, mut branch_valid, mut known) = (0, 0, 0, 0);
        let mut known_oracle = 0;
        if let Some(typed) = e.typed {
            let schema = read(&schema_file(&root, e.name));
            let random = instances::instances(&schema, e.name, GENERATED_PER_SCHEMA);
            let branches = instances::branch_instances(&schema, e.name);
            branch_n = branches.len();
            let docs = random
                .into_iter()
                .enumerate()
                .map(|(i, d)| (format!("generated document {i}"), false, d))
                .chain(
                    branches
                        .into_iter()
                        .enumerate()
                        .map(|(i, d)| (format!("branch-covering document {i}"), true, d)),
                );
            for (what, branch, doc) in docs {
                let text = doc.to_string();
                let valid = validate(&doc, &options).is_ok();
                if branch {
                    branch_valid += usize::from(valid);
                } else {
                    generated_valid += usize::from(valid);
                }
                if let Some(o) = &oracle {
                    cases += 1;
                    let listed = EXPECTED_ORACLE_DISAGREEMENTS
                        .iter()
                        .any(|(n, t, _)| *n == e.name && *t == text);
                    match (o.is_valid(&doc) == valid, listed) {
                        (true, false) => agree += 1,
                        (false, true) => known_oracle += 1,
                        (false, false) => problems.push(format!(
                            "{}: {what} {text}: jsonschema disagrees with envgen ({valid})",
                            e.name
                        )),
                        (true, true) => problems.push(format!(
                            "{}: {what} {text}: listed in EXPECTED_ORACLE_DISAGREEMENTS but \
                             jsonschema agrees now: remove the entry",
                            e.name
                        )),
                    }
                }
                let expected = EXPECTED_TYPED_FAILURES
                    .iter()
                    .find(|(n, t, _)| *n == e.name && *t == text);
                match (
                    typed_case((typed, e.ordered), &text, &doc, valid, &options, &mut tally),
                    expected,
                ) {
                    (Err(p), None) => problems.push(format!("{}: {what} {text}: {p}", e.name)),
                    (Err(_), Some(_)) => known += 1,
                    (Ok(()), Some((_, _, class))) => problems.push(format!(
                        "{}: {what} {text}: listed in EXPECTED_TYPED_FAILURES ({class}) but \
                         the typed parse now agrees: remove the entry",
                        e.name
                    )),
                    (Ok(()), None) => {}
                }
            }
        }
        let generated_cell = |e: &envgen_corpus::Entry, valid: usize| {
            if e.typed.is_some() {
                format!("{valid}/{GENERATED_PER_SCHEMA}")
            } else {
                String::new()
            }
        };
        let branch_cell = if e.typed.is_some() {
            format!("{branch_valid}/{branch_n}")
        } else {
            String::new()
        };
        known_total += known;
        known_oracle_total += known_oracle;
        let mut notes: Vec<String> = Vec::new();
        if !note.is_empty() {
            notes.push(note);
        }
        if known > 0 {
            notes.push(format!(
                "{known} expected typed-parse failure(s) (`EXPECTED_TYPED_FAILURES`)"
            ));
        }
        if known_oracle > 0 {
            notes.push(format!(
                "{known_oracle} expected jsonschema disagreement(s) (`EXPECTED_ORACLE_DISAGREEMENTS`)"
            ));
        }
        let note = notes.join("; ");
        let Some(sub) = e.name.strip_prefix("schemastore/") else {
            let note = if note.is_empty() {
                "no instances".to_owned()
            } else {
                format!("no instances; {note}")
            };
            let typed_cell = typed_cell(e, &tally);
            let agreement = match &oracle {
                Some(_) if cases > 0 => format!("{agree}/{cases}"),
                Some(_) => String::new(),
                None => "oracle refused the schema".to_owned(),
            };
            md.push_str(&format!(
                "| {} | {generated} | yes | | | {agreement} | {typed_cell} | {} | {branch_cell} | {note} |\n",
                e.name,
                generated_cell(e, generated_valid),
            ));
            continue;
        };
        let dir = root.join("schemastore").join(sub);
        let (mut pos_ok, mut pos_n, mut neg_ok, mut neg_n) = (0, 0, 0, 0);
        for (kind, want) in [("pos", true), ("neg", false)] {
            for (file, text, inst) in instances(&dir.join(kind)) {
                let got = validate(&inst, &options).is_ok();
                if let Some(typed) = e.typed {
                    if let Err(p) =
                        typed_case((typed, e.ordered), &text, &inst, got, &options, &mut tally)
                    {
                        problems.push(format!("{}: {kind}/{file}: {p}", e.name));
                    }
                }
                if want {
                    pos_n += 1;
                    pos_ok += usize::from(got);
                } else {
                    neg_n += 1;
                    neg_ok += usize::from(!got);
                }
                if got != want {
                    problems.push(format!(
                        "{}: {kind}/{file}: envgen says {}",
                        e.name,
                        if got { "valid" } else { "invalid" }
                    ));
                }
                if let Some(o) = &oracle {
                    cases += 1;
                    if o.is_valid(&inst) == got {
                        agree += 1;
                    } else {
                        problems.push(format!(
                            "{}: {kind}/{file}: jsonschema disagrees with envgen ({got})",
                            e.name
                        ));
                    }
                }
            }
        }
        let agreement = if oracle.is_some() {
            format!("{agree}/{cases}")
        } else {
            "oracle refused the schema".to_owned()
        };
        ordered_n += tally.ordered.unwrap_or(0);
        reordered_n += tally.reordered;
        let typed_cell = typed_cell(e, &tally);
        md.push_str(&format!(
            "| {} | {generated} | yes | {pos_ok}/{pos_n} | {neg_ok}/{neg_n} | {agreement} | {typed_cell} | {} | {branch_cell} | {note} |\n",
            e.name,
            generated_cell(e, generated_valid),
        ));
    }
    md.push_str(&format!(
        "\n**{generated_n}/{n} generated, {compiled_n}/{n} compiled** (of {n} schemas; refusals are located errors, listed with their reason).\n",
        n = SCHEMAS.len()
    ));
    md.push_str(&format!(
        "\n**Key order:** with `preserve_key_order`, {ordered_n} accepted documents of the SchemaStore schemas (their instances and the generated ones) came back in document order; \
the default types write {reordered_n} of them in another order (schema order).\n"
    ));
    // A listed document the generator no longer makes is a stale entry.
    if known_total != EXPECTED_TYPED_FAILURES.len() {
        problems.push(format!(
            "{known_total} of the {} EXPECTED_TYPED_FAILURES entries were generated: remove the others",
            EXPECTED_TYPED_FAILURES.len()
        ));
    }
    if known_oracle_total != EXPECTED_ORACLE_DISAGREEMENTS.len() {
        problems.push(format!(
            "{known_oracle_total} of the {} EXPECTED_ORACLE_DISAGREEMENTS entries were generated: remove the others",
            EXPECTED_ORACLE_DISAGREEMENTS.len()
        ));
    }
    if !problems.is_empty() {
        md.push_str("\n## Disagreements\n\n");
        for p in &problems {
            md.push_str(&format!("* {p}\n"));
        }
    }
    // This test owns CORPUS.md up to the marker; the sections after it are written by
    // `scripts/corpus-typed.py` and by hand.
    const MARKER: &str = "<!-- end of the table `cargo test -p envgen-corpus` checks -->\n";
    md.push('\n');
    md.push_str(MARKER);
    if TYPED_ALL {
        // The full run's table differs from CI's in the *script* cells: it is printed, not
        // compared (CORPUS.md records the last full run below the table).
        println!("{md}");
        assert!(
            problems.is_empty(),
            "{} problems:\n{}",
            problems.len(),
            problems.join("\n")
        );
        return;
    }
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../CORPUS.md");
    let current = std::fs::read_to_string(&path).unwrap_or_default();
    let (owned, rest) = match current.find(MARKER) {
        Some(i) => current.split_at(i + MARKER.len()),
        None => (current.as_str(), ""),
    };
    if std::env::var("ENVGEN_BLESS").as_deref() == Ok("1") && owned != md {
        let text = format!("{md}{rest}");
        std::fs::write(&path, text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    }
    let owned = if std::env::var("ENVGEN_BLESS").as_deref() == Ok("1") {
        md.clone()
    } else {
        owned.to_owned()
    };
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
    assert_eq!(
        owned, md,
        "CORPUS.md is stale: ENVGEN_BLESS=1 cargo test -p envgen-corpus"
    );
}
