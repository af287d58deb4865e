//! The keyword table: every JSON Schema keyword envgen knows, declared once.
//!
//! One [`Keyword`] row per keyword: its name, the drafts it exists in, its vocabulary, the
//! kind of value it takes, its role (applicator, assertion, annotation or core) and where
//! its parsed value is kept. The table drives loading:
//!
//! * scanning (`scan.rs`): the values of the keywords whose kind holds subschemas are
//!   schema positions (in every draft: an `$id` there is a resource, as today);
//! * parsing (`parse/`): a keyword is read only in the drafts the table lists and only
//!   while its vocabulary is on; a [`Parsed::Raw`] keyword (the counts, `multipleOf`,
//!   `uniqueItems`, `pattern`, `format`) is parsed by its row alone: its value is checked against its kind
//!   (the error names the file, the pointer and what the kind expects) and kept in
//!   `Keywords::raw`, read through `Keywords::count`, `number`, `string` and `flag`;
//! * vocabularies (`vocabulary.rs`): when a custom metaschema's `$vocabulary` leaves a
//!   vocabulary out, every keyword of that vocabulary is dropped (core never is).
//!
//! Adding an assertion keyword: the checklist is in ARCHITECTURE.md ("Adding an assertion
//! keyword"). An assertion of a kind the table parses (a count, a positive number, a
//! string, a boolean) lowered to an existing check needs its row here and its lowering in
//! `ir/plan/lower.rs`, nothing else. The table test (`codegen/src/keyword_table_tests.rs`)
//! fails until the keyword lowers, `envgen diff` reports a change of its value, and the
//! JSON-Schema-Test-Suite has a case for it in each draft its row lists. A keyword that
//! holds subschemas, or needs a parse of its own (`type`, `required`, the draft-04 forms
//! of `exclusiveMinimum`), has a field in `node.rs` and its read in `parse/`, with
//! [`Parsed::Field`].

use super::draft::Draft;
use serde_json::Value;

/// A vocabulary of 2019-09 and 2020-12 (by the last segment of its URI).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Vocab {
    /// `core`: identifiers, references, definitions. Never off.
    Core,
    /// `applicator`.
    Applicator,
    /// `unevaluated` (2020-12; part of `applicator` in 2019-09).
    Unevaluated,
    /// `validation`.
    Validation,
    /// `meta-data`.
    MetaData,
    /// `format` (2019-09), `format-annotation` and `format-assertion` (2020-12).
    Format,
    /// `content`.
    Content,
}

impl Vocab {
    /// Whether the vocabulary URI `uri` (a key of `$vocabulary`) declares this vocabulary.
    pub(crate) fn declared_by(self, uri: &str) -> bool {
        let tails: &[&str] = match self {
            Vocab::Core => &["/vocab/core"],
            Vocab::Applicator => &["/vocab/applicator"],
            Vocab::Unevaluated => &["/vocab/unevaluated", "/2019-09/vocab/applicator"],
            Vocab::Validation => &["/vocab/validation"],
            Vocab::MetaData => &["/vocab/meta-data"],
            Vocab::Format => &[
                "/vocab/format",
                "/vocab/format-annotation",
                "/vocab/format-assertion",
            ],
            Vocab::Content => &["/vocab/content"],
        };
        tails.iter().any(|t| uri.ends_with(t))
    }

    /// Every vocabulary.
    pub(crate) const ALL: [Vocab; 7] = [
        Vocab::Core,
        Vocab::Applicator,
        Vocab::Unevaluated,
        Vocab::Validation,
        Vocab::MetaData,
        Vocab::Format,
        Vocab::Content,
    ];
}

/// The kind of value a keyword takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ValueKind {
    /// One schema.
    Schema,
    /// A non-empty array of schemas.
    SchemaArray,
    /// An object mapping names to schemas.
    SchemaMap,
    /// One schema, or an array of schemas (`items` before 2020-12).
    SchemaOrSchemaArray,
    /// An object mapping names to a schema or an array of names (`dependencies`).
    SchemaOrNamesMap,
    /// An object mapping names to arrays of names (`dependentRequired`).
    NamesMap,
    /// An array of distinct strings (`required`).
    Names,
    /// A type name or an array of them (`type`).
    TypeNames,
    /// A non-negative integer.
    Count,
    /// A number.
    Number,
    /// A number greater than 0 (`multipleOf`).
    PositiveNumber,
    /// A number, or draft-04's boolean modifying `minimum`/`maximum`.
    NumberOrBool,
    /// A string.
    String,
    /// A URI reference (`$ref`, `$id`, ...).
    UriReference,
    /// A boolean.
    Bool,
    /// An array.
    Array,
    /// An object (`$vocabulary`).
    Object,
    /// Any JSON value.
    Any,
}

impl ValueKind {
    /// Whether values of this kind hold subschemas (schema positions).
    pub(crate) fn holds_schemas(self) -> bool {
        matches!(
            self,
            ValueKind::Schema
                | ValueKind::SchemaArray
                | ValueKind::SchemaMap
                | ValueKind::SchemaOrSchemaArray
                | ValueKind::SchemaOrNamesMap
        )
    }

    /// What a value of this kind must be, for errors (`a number`).
    pub(crate) fn expected(self) -> &'static str {
        match self {
            ValueKind::Schema => "a schema (a JSON object or boolean)",
            ValueKind::SchemaArray => "an array of schemas",
            ValueKind::SchemaMap => "an object mapping names to schemas",
            ValueKind::SchemaOrSchemaArray => "a schema or an array of schemas",
            ValueKind::SchemaOrNamesMap | ValueKind::NamesMap | ValueKind::Object => "an object",
            ValueKind::Names => "an array of strings",
            ValueKind::TypeNames => "a type name or an array of type names",
            ValueKind::Count => "a non-negative integer",
            ValueKind::Number | ValueKind::PositiveNumber => "a number",
            ValueKind::NumberOrBool => "a number",
            ValueKind::String => "a string",
            ValueKind::UriReference => "a URI-reference string",
            ValueKind::Bool => "a boolean",
            ValueKind::Array => "an array",
            ValueKind::Any => "a JSON value",
        }
    }

    /// Whether `v` has the JSON shape of this kind (for the scalar kinds a
    /// [`Parsed::Raw`] keyword may take; the others are checked where they are parsed).
    pub(crate) fn admits(self, v: &Value) -> bool {
        match self {
            ValueKind::Count => count(v).is_some(),
            ValueKind::Number => v.is_number(),
            ValueKind::PositiveNumber => v.as_f64().is_some_and(|f| f > 0.0),
            ValueKind::NumberOrBool => v.is_number() || v.is_boolean(),
            ValueKind::String | ValueKind::UriReference => v.is_string(),
            ValueKind::Bool => v.is_boolean(),
            ValueKind::Array => v.is_array(),
            ValueKind::Object
            | ValueKind::NamesMap
            | ValueKind::SchemaOrNamesMap
            | ValueKind::SchemaMap => v.is_object(),
            ValueKind::Names => v.as_array().is_some_and(|a| a.iter().all(Value::is_string)),
            ValueKind::TypeNames => v.is_string() || v.is_array(),
            ValueKind::Schema => v.is_object() || v.is_boolean(),
            ValueKind::SchemaArray | ValueKind::SchemaOrSchemaArray => {
                v.is_array() || (self == ValueKind::SchemaOrSchemaArray && v.is_object())
            }
            ValueKind::Any => true,
        }
    }
}

/// A non-negative integer value (an integral float below 2^64 counts).
pub(crate) fn count(v: &Value) -> Option<u64> {
    let n = v.as_number()?;
    if let Some(u) = n.as_u64() {
        return Some(u);
    }
    match n.as_f64() {
        Some(f) if f >= 0.0 && f.fract() == 0.0 && f < 1.8e19 => Some(f as u64),
        _ => None,
    }
}

/// What a keyword does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Role {
    /// Applies subschemas to the instance or its parts (lowered to checks).
    Applicator,
    /// Asserts something of the instance itself (lowered to checks; `envgen diff`
    /// reports a change of its value).
    Assertion,
    /// Describes; never changes validity.
    Annotation,
    /// Identifies schemas or holds definitions (`$id`, `$anchor`, `$defs`, ...).
    Core,
}

/// Where the parsed value of a keyword is kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Parsed {
    /// In its own field of `Keywords`, read by `parse.rs` (the types of `ir::lower` read
    /// these).
    Field,
    /// In `Keywords::raw`, parsed by its row alone: checked against its kind (a wrong
    /// kind is an error naming the keyword's location). Assertions only.
    Raw,
    /// Not kept (used by scanning or linking only, or not used at all).
    Unread,
}

/// One keyword.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Keyword {
    /// The name.
    pub name: &'static str,
    /// The first draft it exists in.
    pub since: Draft,
    /// The last draft it exists in.
    pub until: Draft,
    /// Its vocabulary.
    pub vocab: Vocab,
    /// The kind of value it takes.
    pub kind: ValueKind,
    /// What it does.
    pub role: Role,
    /// Where its parsed value is kept.
    pub parsed: Parsed,
}

impl Keyword {
    /// Whether the keyword exists in `draft`.
    pub(crate) fn in_draft(&self, draft: Draft) -> bool {
        self.since <= draft && draft <= self.until
    }
}

use Draft::{Draft201909 as D2019, Draft202012 as D2020, Draft4 as D4, Draft6 as D6, Draft7 as D7};
use Parsed::{Field, Raw, Unread};
use Role::{Annotation, Applicator, Assertion, Core};
use ValueKind as K;

const fn row(
    name: &'static str,
    (since, until): (Draft, Draft),
    vocab: Vocab,
    kind: ValueKind,
    role: Role,
    parsed: Parsed,
) -> Keyword {
    Keyword {
        name,
        since,
        until,
        vocab,
        kind,
        role,
        parsed,
    }
}

/// Every draft.
const ALL: (Draft, Draft) = (D4, D2020);

/// Every keyword envgen knows. The order is the order `envgen diff` lists the changes of
/// one kind of constraint in (numbers, counts, texts, conditions: `diff/constraint.rs`).
#[rustfmt::skip]
pub(crate) const TABLE: &[Keyword] = &[
    // Core.
    row("$schema", ALL, Vocab::Core, K::UriReference, Core, Unread),
    row("id", (D4, D4), Vocab::Core, K::UriReference, Core, Unread),
    row("$id", (D6, D2020), Vocab::Core, K::UriReference, Core, Unread),
    row("$anchor", (D2019, D2020), Vocab::Core, K::String, Core, Unread),
    row("$dynamicAnchor", (D2020, D2020), Vocab::Core, K::String, Core, Unread),
    row("$recursiveAnchor", (D2019, D2019), Vocab::Core, K::Bool, Core, Unread),
    row("$vocabulary", (D2019, D2020), Vocab::Core, K::Object, Core, Unread),
    row("$comment", (D7, D2020), Vocab::Core, K::String, Annotation, Unread),
    row("$ref", ALL, Vocab::Core, K::UriReference, Applicator, Field),
    row("$dynamicRef", (D2020, D2020), Vocab::Core, K::UriReference, Applicator, Field),
    row("$recursiveRef", (D2019, D2019), Vocab::Core, K::UriReference, Applicator, Field),
    // Both spellings are containers in every draft in practice.
    row("definitions", ALL, Vocab::Core, K::SchemaMap, Core, Field),
    row("$defs", ALL, Vocab::Core, K::SchemaMap, Core, Field),
    // Unevaluated.
    row("unevaluatedProperties", (D2019, D2020), Vocab::Unevaluated, K::Schema, Applicator, Field),
    row("unevaluatedItems", (D2019, D2020), Vocab::Unevaluated, K::Schema, Applicator, Field),
    // Validation: any instance.
    row("type", ALL, Vocab::Validation, K::TypeNames, Assertion, Field),
    row("enum", ALL, Vocab::Validation, K::Array, Assertion, Field),
    row("const", (D6, D2020), Vocab::Validation, K::Any, Assertion, Field),
    // Validation: numbers.
    row("minimum", ALL, Vocab::Validation, K::Number, Assertion, Field),
    row("exclusiveMinimum", ALL, Vocab::Validation, K::NumberOrBool, Assertion, Field),
    row("maximum", ALL, Vocab::Validation, K::Number, Assertion, Field),
    row("exclusiveMaximum", ALL, Vocab::Validation, K::NumberOrBool, Assertion, Field),
    row("multipleOf", ALL, Vocab::Validation, K::PositiveNumber, Assertion, Raw),
    // Validation: strings.
    row("minLength", ALL, Vocab::Validation, K::Count, Assertion, Raw),
    row("maxLength", ALL, Vocab::Validation, K::Count, Assertion, Raw),
    row("pattern", ALL, Vocab::Validation, K::String, Assertion, Raw),
    // An annotation unless the options assert formats; lowered to a check either way.
    row("format", ALL, Vocab::Format, K::String, Assertion, Raw),
    // Arrays.
    row("items", ALL, Vocab::Applicator, K::SchemaOrSchemaArray, Applicator, Field),
    row("additionalItems", (D4, D2019), Vocab::Applicator, K::Schema, Applicator, Field),
    row("prefixItems", (D2020, D2020), Vocab::Applicator, K::SchemaArray, Applicator, Field),
    row("contains", (D6, D2020), Vocab::Applicator, K::Schema, Applicator, Field),
    row("minContains", (D2019, D2020), Vocab::Validation, K::Count, Assertion, Raw),
    row("maxContains", (D2019, D2020), Vocab::Validation, K::Count, Assertion, Raw),
    row("minItems", ALL, Vocab::Validation, K::Count, Assertion, Raw),
    row("maxItems", ALL, Vocab::Validation, K::Count, Assertion, Raw),
    row("uniqueItems", ALL, Vocab::Validation, K::Bool, Assertion, Raw),
    // Objects.
    row("properties", ALL, Vocab::Applicator, K::SchemaMap, Applicator, Field),
    row("required", ALL, Vocab::Validation, K::Names, Assertion, Field),
    row("additionalProperties", ALL, Vocab::Applicator, K::Schema, Applicator, Field),
    row("patternProperties", ALL, Vocab::Applicator, K::SchemaMap, Applicator, Field),
    row("propertyNames", (D6, D2020), Vocab::Applicator, K::Schema, Applicator, Field),
    row("minProperties", ALL, Vocab::Validation, K::Count, Assertion, Raw),
    row("maxProperties", ALL, Vocab::Validation, K::Count, Assertion, Raw),
    row("dependencies", (D4, D7), Vocab::Applicator, K::SchemaOrNamesMap, Applicator, Field),
    row("dependentRequired", (D2019, D2020), Vocab::Validation, K::NamesMap, Assertion, Field),
    row("dependentSchemas", (D2019, D2020), Vocab::Applicator, K::SchemaMap, Applicator, Field),
    // In-place applicators.
    row("allOf", ALL, Vocab::Applicator, K::SchemaArray, Applicator, Field),
    row("anyOf", ALL, Vocab::Applicator, K::SchemaArray, Applicator, Field),
    row("oneOf", ALL, Vocab::Applicator, K::SchemaArray, Applicator, Field),
    row("not", ALL, Vocab::Applicator, K::Schema, Applicator, Field),
    row("if", (D7, D2020), Vocab::Applicator, K::Schema, Applicator, Field),
    row("then", (D7, D2020), Vocab::Applicator, K::Schema, Applicator, Field),
    row("else", (D7, D2020), Vocab::Applicator, K::Schema, Applicator, Field),
    // Meta-data. `deprecated` (2019-09) is read in every draft: real-world draft-07
    // schemas use it.
    row("title", ALL, Vocab::MetaData, K::String, Annotation, Field),
    row("description", ALL, Vocab::MetaData, K::String, Annotation, Field),
    row("default", ALL, Vocab::MetaData, K::Any, Annotation, Field),
    row("deprecated", ALL, Vocab::MetaData, K::Bool, Annotation, Field),
    row("readOnly", (D7, D2020), Vocab::MetaData, K::Bool, Annotation, Unread),
    row("writeOnly", (D7, D2020), Vocab::MetaData, K::Bool, Annotation, Unread),
    row("examples", (D6, D2020), Vocab::MetaData, K::Array, Annotation, Unread),
    // Content.
    row("contentEncoding", (D7, D2020), Vocab::Content, K::String, Annotation, Unread),
    row("contentMediaType", (D7, D2020), Vocab::Content, K::String, Annotation, Unread),
    row("contentSchema", (D2019, D2020), Vocab::Content, K::Schema, Annotation, Unread),
];

/// The row of keyword `name`.
pub(crate) fn get(name: &str) -> Option<&'static Keyword> {
    TABLE.iter().find(|k| k.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_raw_keywords_are_assertions_holding_no_schemas() {
        let mut names: Vec<&str> = TABLE.iter().map(|k| k.name).collect();
        names.sort_unstable();
        let len = names.len();
        names.dedup();
        assert_eq!(names.len(), len, "a keyword has two rows");
        for k in TABLE {
            assert!(k.since <= k.until, "`{}`: empty draft range", k.name);
            assert!(
                !(k.parsed == Parsed::Raw && k.kind.holds_schemas()),
                "`{}`: a keyword holding subschemas needs its own field",
                k.name
            );
            assert!(
                k.parsed != Parsed::Raw || k.role == Assertion,
                "`{}`: only assertions are parsed by their kind (an annotation of the wrong \
                 kind would be an error)",
                k.name
            );
        }
    }

    #[test]
    fn vocabularies_are_recognized_by_their_uris() {
        let v19 = "https://json-schema.org/draft/2019-09/vocab/";
        let v20 = "https://json-schema.org/draft/2020-12/vocab/";
        assert!(Vocab::Unevaluated.declared_by(&format!("{v19}applicator")));
        assert!(!Vocab::Unevaluated.declared_by(&format!("{v20}applicator")));
        assert!(Vocab::Format.declared_by(&format!("{v20}format-assertion")));
        assert!(Vocab::Validation.declared_by(&format!("{v20}validation")));
        assert!(!Vocab::Validation.declared_by(&format!("{v20}meta-data")));
    }

    #[test]
    fn raw_keywords_are_kept_when_of_their_kind_in_their_drafts() {
        let root = |schema: Value| {
            let mut set = crate::load::SchemaSet::new();
            let (_, root) = set.add_test_schema(schema);
            set.node(root)
                .keywords()
                .cloned()
                .expect("an object schema")
        };
        let k = root(serde_json::json!({
            "minLength": 2, "maxItems": 3.0, "multipleOf": 0.5, "uniqueItems": true
        }));
        assert_eq!(k.count("minLength"), Some(2));
        assert_eq!(
            k.raw.get("maxItems"),
            Some(&Value::from(3u64)),
            "an integral float count is kept as the integer"
        );
        assert_eq!(k.number("multipleOf").and_then(|n| n.as_f64()), Some(0.5));
        assert!(k.flag("uniqueItems"));
        assert_eq!(k.count("maxLength"), None);
        let k = root(serde_json::json!({
            "$schema": "http://json-schema.org/draft-07/schema#",
            "minContains": 2
        }));
        assert!(k.raw.is_empty(), "`minContains` is not a draft-07 keyword");
    }
}
