//! `envgen diff OLD NEW`: the difference between the Rust APIs generated from two versions
//! of a schema, each change classified as breaking or compatible for producers (who write
//! documents) and consumers (who read them). The matrix is in `docs/decisions.md` and
//! [`envgen_codegen::diff::ChangeKind`].
//!
//! Text mode prints one line per change, `PRODUCERS CONSUMERS PATH: DETAIL` (each side
//! `breaking` or `ok`), then a summary line. `--format json` prints one ResponseEnvelope
//! whose data (or, on a breaking change, `error.detail` as JSON text) is
//! `{"old", "new", "changes": [{"path", "change", "detail", "producers": {"breaking",
//! "reason"}, "consumers": {...}}], "breaking": {"producers", "consumers"}}`.
//!
//! Exit status: 0 when no change breaks the sides `--fail-on` selects (default: either);
//! 1 with `error.code` `BREAKING_CHANGE` when one does, or `SCHEMA_INVALID` (etc.) when
//! a schema does not generate; 3 on a usage error.

use super::output::{codegen_failure, fail, Reply};
use super::{codes, key_value};
use clap::{Args, ValueEnum};
use envgen_codegen::diff::{Change, Report};
use envgen_codegen::{Config, Draft, Settings};
use serde_json::{json, Value};
use std::path::PathBuf;

/// Which breakages make `diff` fail.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum FailOn {
    /// A change breaking producers or consumers.
    #[default]
    Any,
    /// A change breaking producers (documents written to OLD rejected by NEW, or
    /// producer code no longer compiling).
    Producers,
    /// A change breaking consumers (documents valid under NEW rejected by readers built
    /// on OLD, or consumer code no longer compiling).
    Consumers,
    /// Never: report only.
    Never,
}

/// Options of `diff`.
#[derive(Debug, Args)]
pub struct DiffArgs {
    /// The old version of the schema.
    #[arg(value_name = "OLD")]
    pub old: PathBuf,
    /// The new version of the schema.
    #[arg(value_name = "NEW")]
    pub new: PathBuf,
    /// Which breaking changes give exit status 1.
    #[arg(long, value_enum, default_value = "any")]
    pub fail_on: FailOn,
    /// Draft for schemas without `$schema`: 4, 6, 7, 2019-09 or 2020-12 (default 2020-12).
    #[arg(long, value_name = "DRAFT")]
    pub draft: Option<String>,
    /// Map remote `$ref` URIs with this prefix to a local directory: `PREFIX=DIR`.
    #[arg(long = "map", value_name = "PREFIX=DIR", value_parser = key_value)]
    pub maps: Vec<(String, String)>,
}

/// Runs `diff`.
pub fn run(args: &DiffArgs) -> Reply {
    let mut config = Config::new();
    if let Some(d) = &args.draft {
        match Draft::from_name(d) {
            Some(d) => config = config.default_draft(d),
            None => {
                return Reply::failure(fail(
                    codes::INVALID_VALUE,
                    format!("unknown draft {d:?}; expected 4, 6, 7, 2019-09 or 2020-12"),
                ))
            }
        }
    }
    for (prefix, dir) in &args.maps {
        config = config.map(prefix.clone(), dir.clone());
    }
    let report =
        match envgen_codegen::diff::diff_files(&config, &args.old, &args.new, &Settings::new()) {
            Ok(r) => r,
            Err(e) => return Reply::failure(codegen_failure(&e)),
        };
    let old = args.old.display().to_string();
    let new = args.new.display().to_string();
    let text = text(&report);
    let data = report_json(&old, &new, &report);
    let failing = match args.fail_on {
        FailOn::Any => report.is_breaking(),
        FailOn::Producers => report.breaks_producers(),
        FailOn::Consumers => report.breaks_consumers(),
        FailOn::Never => false,
    };
    if !failing {
        return Reply::success(data, text);
    }
    let sides = match (report.breaks_producers(), report.breaks_consumers()) {
        (true, true) => "producers and consumers",
        (true, false) => "producers",
        _ => "consumers",
    };
    let n = report.changes.iter().filter(|c| c.is_breaking()).count();
    let failure = fail(
        codes::BREAKING_CHANGE,
        format!("{n} breaking change(s) from {old} to {new} (breaking for {sides})"),
    )
    .detail(data.to_string())
    .suggestion("Make the change compatible, or release it as a new major version of the schema (for Meminit: bump output_schema_version).");
    Reply {
        outcome: Err(failure),
        text,
        stderr: None,
    }
}

fn side(breaking: bool) -> &'static str {
    if breaking {
        "breaking"
    } else {
        "ok"
    }
}

/// The text report: a header, one line per change, a summary.
pub fn text(report: &Report) -> String {
    let mut s = String::new();
    if report.changes.is_empty() {
        s.push_str("no changes to the generated API\n");
        return s;
    }
    s.push_str("producers  consumers  change\n");
    for c in &report.changes {
        s.push_str(&format!(
            "{:<10} {:<10} {}: {}\n",
            side(c.producers.breaking),
            side(c.consumers.breaking),
            c.path,
            c.detail
        ));
    }
    let count = |f: fn(&Change) -> bool| report.changes.iter().filter(|c| f(c)).count();
    s.push_str(&format!(
        "{} change(s): {} breaking for producers, {} breaking for consumers\n",
        report.changes.len(),
        count(|c| c.producers.breaking),
        count(|c| c.consumers.breaking),
    ));
    s
}

/// The JSON form of a report.
pub fn report_json(old: &str, new: &str, report: &Report) -> Value {
    let changes: Vec<Value> = report
        .changes
        .iter()
        .map(|c| {
            json!({
                "path": c.path,
                "change": c.kind.code(),
                "detail": c.detail,
                "producers": {"breaking": c.producers.breaking, "reason": c.producers.reason},
                "consumers": {"breaking": c.consumers.breaking, "reason": c.consumers.reason},
            })
        })
        .collect();
    json!({
        "old": old,
        "new": new,
        "changes": changes,
        "breaking": {
            "producers": report.breaks_producers(),
            "consumers": report.breaks_consumers(),
        },
    })
}
