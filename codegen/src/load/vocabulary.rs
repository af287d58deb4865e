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

#[cfg(test)]
mod tests {
    use crate::load::SchemaSet;
    use serde_json::{json, Value};

    /// The root keywords of a schema whose metaschema declares `vocabularies` (2020-12).
    fn root_with(vocabularies: &[&str], schema: Value) -> crate::load::Keywords {
        let mut set = SchemaSet::new();
        let declared: serde_json::Map<String, Value> = vocabularies
            .iter()
            .map(|v| {
                let uri = format!("https://json-schema.org/draft/2020-12/vocab/{v}");
                (uri, Value::Bool(true))
            })
            .collect();
        let meta = json!({
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": "https://example.com/meta",
            "$vocabulary": declared
        });
        set.add_value("meta.json", "https://example.com/meta", meta, None)
            .expect("the metaschema loads");
        let mut schema = schema;
        schema["$schema"] = json!("https://example.com/meta");
        let (_, root) = set.add_test_schema(schema);
        set.node(root)
            .keywords()
            .cloned()
            .expect("an object schema")
    }

    #[test]
    fn a_vocabulary_left_out_drops_every_keyword_of_it() {
        let schema = json!({
            "title": "T",
            "minimum": 1,
            "required": ["a"],
            "properties": {"a": {}},
            "unevaluatedProperties": false,
            "format": "email"
        });
        let all = root_with(
            &[
                "core",
                "applicator",
                "unevaluated",
                "validation",
                "meta-data",
                "format-annotation",
            ],
            schema.clone(),
        );
        assert!(all.minimum.is_some() && !all.required.is_empty());
        assert!(!all.properties.is_empty() && all.unevaluated_properties.is_some());
        assert!(all.title.is_some() && all.string("format").is_some());

        let k = root_with(&["core", "applicator"], schema.clone());
        assert!(
            k.minimum.is_none() && k.required.is_empty(),
            "validation is off"
        );
        assert!(k.unevaluated_properties.is_none(), "unevaluated is off");
        assert!(
            k.title.is_none() && k.string("format").is_none(),
            "meta-data and format are off"
        );
        assert!(!k.properties.is_empty(), "applicator is on");

        let k = root_with(&["core", "validation"], schema);
        assert!(k.properties.is_empty(), "applicator is off");
        assert!(k.minimum.is_some() && !k.required.is_empty());
    }

    #[test]
    fn a_dropped_keyword_is_not_checked() {
        // `minimum` of the wrong kind is an error only while the validation vocabulary
        // is on: otherwise it is an unknown keyword.
        let k = root_with(&["core", "applicator"], json!({"minimum": "one"}));
        assert!(k.minimum.is_none());
    }
}
