//! The keyword table: every JSON Schema keyword envgen knows, declared once.
//!
//! One [`Keyword`] row per keyword: its name, the drafts it exists in, its vocabulary, the
//! kind of value it takes, its role (applicator, assertion, annotation or core) and where
//! its parsed value is kept. The table drives loading:
//!
//! * scanning (`scan.rs`): the values of the keywords whose kind holds subschemas are
//!   schema positions (in every draft: an `$id` there is a resource, as today);
//! * parsing (`parse.rs`): a keyword is read only in the drafts the table lists and only
//!   while its vocabulary is on; a keyword kept [`Parsed::Raw`] has its value checked
//!   against its kind here and is stored in `Keywords::raw`;
//! * vocabularies (`vocabulary.rs`): when a custom metaschema's `$vocabulary` leaves a
//!   vocabulary out, every keyword of that vocabulary is dropped (core never is).
//!
//! # Adding an assertion keyword: four files
//!
//! 1. `codegen/src/load/keywords.rs`: a row in [`TABLE`] (name, drafts, vocabulary, kind,
//!    [`Role::Assertion`], [`Parsed::Raw`]). Scanning, the value-kind check, the drafts and
//!    the vocabulary follow from it; the checked value is `Keywords::raw[name]`.
//! 2. `codegen/src/ir/plan/lower.rs`: its lowering, reading `k.raw`, to an existing
//!    `Test` variant or a new one. A new variant gets its arms in `Test::applies`,
//!    `Test::subschemas` and `Test::constraints` (the value `envgen diff` compares), all
//!    in that file.
//! 3. `codegen/src/emit/validate/checks.rs`: its arm against a `&serde_json::Value`.
//! 4. `codegen/src/emit/typed_check/mod.rs`: its arm in `typed_form` (`false` until it has a
//!    typed form: the node then falls back to its `Value` validator).
//!
//! `emit/inflight` needs nothing (an in-flight read calls the node's validator, which
//! step 3 extended) and neither does `diff` (it compares what `Test::constraints`
//! describes). Steps 3 and 4 are the two exhaustive matches on `Test` outside the plan: a
//! new variant does not compile until both have their arm. A keyword lowered to an
//! existing variant (a new count, a new bound) needs steps 1 and 2 only.
//!
//! The table test (`codegen/src/keyword_table_tests.rs`) fails until the keyword lowers,
//! `envgen diff` reports a change of its value, and the JSON-Schema-Test-Suite has a case
//! for it in each draft its row lists. A keyword that needs a field of its own in
//! `Keywords` (one holding subschemas, or one `ir::lower` reads for types) adds that field
//! in `node.rs` and its read in `parse.rs`, with [`Parsed::Field`].

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
    /// In `Keywords::raw`, checked against its kind here (an annotation of the wrong
    /// kind is ignored; any other keyword's is an error).
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
    row("multipleOf", ALL, Vocab::Validation, K::PositiveNumber, Assertion, Field),
    // Validation: strings.
    row("minLength", ALL, Vocab::Validation, K::Count, Assertion, Field),
    row("maxLength", ALL, Vocab::Validation, K::Count, Assertion, Field),
    row("pattern", ALL, Vocab::Validation, K::String, Assertion, Field),
    // An annotation unless the options assert formats; lowered to a check either way.
    row("format", ALL, Vocab::Format, K::String, Assertion, Field),
    // Arrays.
    row("items", ALL, Vocab::Applicator, K::SchemaOrSchemaArray, Applicator, Field),
    row("additionalItems", (D4, D2019), Vocab::Applicator, K::Schema, Applicator, Field),
    row("prefixItems", (D2020, D2020), Vocab::Applicator, K::SchemaArray, Applicator, Field),
    row("contains", (D6, D2020), Vocab::Applicator, K::Schema, Applicator, Field),
    row("minContains", (D2019, D2020), Vocab::Validation, K::Count, Assertion, Field),
    row("maxContains", (D2019, D2020), Vocab::Validation, K::Count, Assertion, Field),
    row("minItems", ALL, Vocab::Validation, K::Count, Assertion, Field),
    row("maxItems", ALL, Vocab::Validation, K::Count, Assertion, Field),
    row("uniqueItems", ALL, Vocab::Validation, K::Bool, Assertion, Field),
    // Objects.
    row("properties", ALL, Vocab::Applicator, K::SchemaMap, Applicator, Field),
    row("required", ALL, Vocab::Validation, K::Names, Assertion, Field),
    row("additionalProperties", ALL, Vocab::Applicator, K::Schema, Applicator, Field),
    row("patternProperties", ALL, Vocab::Applicator, K::SchemaMap, Applicator, Field),
    row("propertyNames", (D6, D2020), Vocab::Applicator, K::Schema, Applicator, Field),
    row("minProperties", ALL, Vocab::Validation, K::Count, Assertion, Field),
    row("maxProperties", ALL, Vocab::Validation, K::Count, Assertion, Field),
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
    row("readOnly", (D7, D2020), Vocab::MetaData, K::Bool, Annotation, Raw),
    row("writeOnly", (D7, D2020), Vocab::MetaData, K::Bool, Annotation, Raw),
    row("examples", (D6, D2020), Vocab::MetaData, K::Array, Annotation, Unread),
    // Content.
    row("contentEncoding", (D7, D2020), Vocab::Content, K::String, Annotation, Raw),
    row("contentMediaType", (D7, D2020), Vocab::Content, K::String, Annotation, Raw),
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
    fn names_are_unique_and_raw_keywords_hold_no_schemas() {
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
        let k = root(serde_json::json!({"readOnly": true, "contentEncoding": 7}));
        assert_eq!(k.raw.get("readOnly"), Some(&Value::Bool(true)));
        assert!(
            !k.raw.contains_key("contentEncoding"),
            "an annotation of the wrong kind is ignored"
        );
        let k = root(serde_json::json!({
            "$schema": "http://json-schema.org/draft-06/schema#",
            "readOnly": true
        }));
        assert!(k.raw.is_empty(), "`readOnly` is not a draft-06 keyword");
    }
}
