//! `envgen diff`: the difference between the APIs generated from two versions of a
//! schema, each change classified as breaking or compatible for producers and consumers.
//!
//! Both versions go through the real pipeline (load → link → lower), so the
//! diff sees exactly the types, fields and variants `envgen` generates:
//!
//! * `api`: the generated API as the diff models it;
//! * `constraint`: bounds, lengths, counts, pattern, format: narrowed or widened
//!   ([`Movement`]);
//! * `compare`: the differences, in a fixed order;
//! * `classify`: the compatibility matrix (the verdicts of each [`ChangeKind`]);
//! * `change`: one difference and its verdicts ([`Change`]);
//! * `kind`: the kinds of change and the verdict type.
//!
//! The public surface is [`diff_files`] and its [`Report`].

mod api;
mod change;
mod classify;
mod compare;
mod constraint;
mod kind;

pub(crate) use api::Api;
pub use change::Change;
#[cfg(test)]
pub(crate) use compare::compare;
pub use constraint::Movement;
pub use kind::{ChangeKind, Verdict};

use crate::config::{Config, SchemaConfig};
use crate::error::Result;
use crate::settings::Settings;
use std::path::Path;

/// The differences between two schema versions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    /// Every change, in a fixed order.
    pub changes: Vec<Change>,
}

impl Report {
    /// Some change breaks producers.
    pub fn breaks_producers(&self) -> bool {
        self.changes.iter().any(|c| c.producers.breaking)
    }

    /// Some change breaks consumers.
    pub fn breaks_consumers(&self) -> bool {
        self.changes.iter().any(|c| c.consumers.breaking)
    }

    /// Some change breaks either side.
    pub fn is_breaking(&self) -> bool {
        self.breaks_producers() || self.breaks_consumers()
    }
}

/// The API generated from one schema file, loaded with `config`'s maps and draft.
/// Without a root name in `settings` or a `title`, the root type is named after
/// `stem` (so that two versions in differently named files line up).
pub(crate) fn api_of(config: &Config, path: &Path, settings: &Settings, stem: &str) -> Result<Api> {
    let schema = SchemaConfig::new(path).settings(settings.clone());
    let (set, doc, _) = config.load(&schema)?;
    let mut settings = settings.clone();
    if settings.root_name.is_none() {
        let title = set
            .root(doc)
            .and_then(|r| set.node(r).keywords())
            .and_then(|k| k.title.clone());
        settings.root_name = Some(crate::ir::naming::pascal(title.as_deref().unwrap_or(stem)));
    }
    let types = crate::RustTypes::lower(&set, doc, &settings)?;
    Ok(Api::new(&set, &types.module))
}

/// Compares the APIs generated from two schema files. An untitled root is named after
/// the old file's stem in both.
pub fn diff_files(config: &Config, old: &Path, new: &Path, settings: &Settings) -> Result<Report> {
    let stem = old
        .file_name()
        .and_then(|s| s.to_str())
        .and_then(|s| s.split('.').next())
        .unwrap_or("Root")
        .to_owned();
    let old = api_of(config, old, settings, &stem)?;
    let new = api_of(config, new, settings, &stem)?;
    Ok(Report {
        changes: compare::compare(&old, &new),
    })
}
