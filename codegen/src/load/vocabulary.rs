//! `$vocabulary`: which keywords a schema whose `$schema` names a custom metaschema may
//! use.
//!
//! A custom metaschema (one that is not a draft's own) lists its vocabularies in
//! `$vocabulary`. The keywords of a vocabulary it leaves out are unknown keywords,
//! annotations only: without the validation vocabulary, `type`, `minimum`, `required`, ...
//! assert nothing; without the applicator vocabulary, `properties`, `items`, ... apply no
//! subschema. Which keyword belongs to which vocabulary is the keyword table's. A
//! vocabulary envgen does not know that the metaschema marks required (`true`) must be
//! refused, as the specification says; one marked `false` is ignored.

use super::keywords::Vocab;
use super::node::Loc;
use super::{pointer, SchemaSet};
use crate::error::Result;
use serde_json::Value;

/// The vocabularies envgen implements (2019-09 and 2020-12), by URI.
const KNOWN: &[&str] = &[
    "https://json-schema.org/draft/2019-09/vocab/core",
    "https://json-schema.org/draft/2019-09/vocab/applicator",
    "https://json-schema.org/draft/2019-09/vocab/validation",
    "https://json-schema.org/draft/2019-09/vocab/meta-data",
    "https://json-schema.org/draft/2019-09/vocab/format",
    "https://json-schema.org/draft/2019-09/vocab/content",
    "https://json-schema.org/draft/2020-12/vocab/core",
    "https://json-schema.org/draft/2020-12/vocab/applicator",
    "https://json-schema.org/draft/2020-12/vocab/unevaluated",
    "https://json-schema.org/draft/2020-12/vocab/validation",
    "https://json-schema.org/draft/2020-12/vocab/meta-data",
    "https://json-schema.org/draft/2020-12/vocab/format-annotation",
    "https://json-schema.org/draft/2020-12/vocab/format-assertion",
    "https://json-schema.org/draft/2020-12/vocab/content",
];

impl SchemaSet {
    /// The `$vocabulary` of the custom metaschema in effect at `loc` (the nearest
    /// `$schema` at or above it), when it is loaded and has one.
    fn vocabulary_at(&self, loc: &Loc) -> Option<(&Loc, &serde_json::Map<String, Value>)> {
        let (declared, meta) = self
            .custom_meta
            .iter()
            .filter(|(at, _)| {
                at.doc == loc.doc
                    && (loc.pointer == at.pointer
                        || loc.pointer.starts_with(&format!("{}/", at.pointer)))
            })
            .max_by_key(|(at, _)| at.pointer.len())?;
        let root = self.resources.get(meta)?;
        let value = pointer::get(&self.docs[root.doc.0].value, &root.pointer)?;
        match value.get("$vocabulary") {
            Some(Value::Object(v)) => Some((declared, v)),
            _ => None,
        }
    }
}

/// The vocabularies the custom metaschema in effect at `loc` leaves out of its
/// `$vocabulary` (none without one; never core): the keyword table's rows of these are
/// dropped while parsing. Fails on a required vocabulary envgen does not know.
pub(super) fn off(set: &SchemaSet, loc: &Loc) -> Result<Vec<Vocab>> {
    let Some((declared, vocab)) = set.vocabulary_at(loc) else {
        return Ok(Vec::new());
    };
    if let Some((unknown, _)) = vocab
        .iter()
        .find(|(uri, required)| **required == Value::Bool(true) && !KNOWN.contains(&uri.as_str()))
    {
        return Err(set
            .error_at(
                declared.doc,
                &pointer::join(&declared.pointer, "$schema"),
                format!("the metaschema requires the vocabulary `{unknown}`, which envgen does not implement"),
            )
            .with_keyword("$schema")
            .with_kind(crate::ErrorKind::Unsupported)
            .with_help("use a metaschema without that vocabulary, or mark it optional (`false`) in its `$vocabulary`"));
    }
    Ok(Vocab::ALL
        .into_iter()
        .filter(|v| *v != Vocab::Core && !vocab.keys().any(|uri| v.declared_by(uri)))
        .collect())
}
