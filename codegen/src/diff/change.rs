//! One difference between two generated APIs, and its impact on producers and consumers.

use super::classify;
use super::kind::{ChangeKind, Verdict};

/// One difference.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    /// Where: `Type`, `Type.field` or `Type::Variant` (Rust names).
    pub path: String,
    /// What changed.
    pub kind: ChangeKind,
    /// Details: old and new values, as shown.
    pub detail: String,
    /// For producers: code and documents written against the old schema.
    pub producers: Verdict,
    /// For consumers: code reading documents, built against the old schema.
    pub consumers: Verdict,
}

impl Change {
    /// A change, classified.
    pub fn new(path: impl Into<String>, kind: ChangeKind, detail: impl Into<String>) -> Change {
        let (producers, consumers) = classify::impact(&kind);
        Change {
            path: path.into(),
            kind,
            detail: detail.into(),
            producers,
            consumers,
        }
    }

    /// Breaking for either side.
    pub fn is_breaking(&self) -> bool {
        self.producers.breaking || self.consumers.breaking
    }
}
