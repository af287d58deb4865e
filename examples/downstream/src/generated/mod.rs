//! Generated code checked into the source tree (see `tests/checked_in.rs`); edit the
//! schemas, not these files.

/// Generated from `schemas/release-note.json` (prettyplease-formatted, so rustfmt leaves
/// it as envgen wrote it).
#[allow(missing_docs)]
#[rustfmt::skip]
pub mod release_note;
