//! One schema, its keywords parsed and checked, subschemas as [`NodeId`]s.

use super::draft::Draft;
use serde_json::{Number, Value};

/// Index of a schema node in a [`SchemaSet`](super::SchemaSet).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct NodeId(pub usize);

/// Index of a document in a [`SchemaSet`](super::SchemaSet).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct DocId(pub usize);

/// Where a schema node is: which document, which JSON pointer.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Loc {
    /// The document.
    pub doc: DocId,
    /// JSON pointer of the node in the document.
    pub pointer: String,
}

/// The JSON types of JSON Schema's `type` keyword.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum JsonType {
    /// `null`
    Null,
    /// `boolean`
    Boolean,
    /// `object`
    Object,
    /// `array`
    Array,
    /// `number`
    Number,
    /// `string`
    String,
    /// `integer`
    Integer,
}

impl JsonType {
    /// Parses a `type` name.
    pub fn from_name(s: &str) -> Option<JsonType> {
        Some(match s {
            "null" => JsonType::Null,
            "boolean" => JsonType::Boolean,
            "object" => JsonType::Object,
            "array" => JsonType::Array,
            "number" => JsonType::Number,
            "string" => JsonType::String,
            "integer" => JsonType::Integer,
            _ => return None,
        })
    }

    /// The `type` name.
    pub fn name(self) -> &'static str {
        match self {
            JsonType::Null => "null",
            JsonType::Boolean => "boolean",
            JsonType::Object => "object",
            JsonType::Array => "array",
            JsonType::Number => "number",
            JsonType::String => "string",
            JsonType::Integer => "integer",
        }
    }

    /// The JSON type of a value (`integer` for integral numbers).
    pub fn of(v: &Value) -> JsonType {
        match v {
            Value::Null => JsonType::Null,
            Value::Bool(_) => JsonType::Boolean,
            Value::Number(n) => {
                if n.is_i64() || n.is_u64() || n.as_f64().is_some_and(|f| f.fract() == 0.0) {
                    JsonType::Integer
                } else {
                    JsonType::Number
                }
            }
            Value::String(_) => JsonType::String,
            Value::Array(_) => JsonType::Array,
            Value::Object(_) => JsonType::Object,
        }
    }
}

/// A `$ref` (or `$dynamicRef`-free reference) and its target.
#[derive(Debug, Clone, PartialEq)]
pub struct Ref {
    /// The reference as written.
    pub raw: String,
    /// The reference resolved against the base URI in effect.
    pub absolute: String,
    /// The node it points at, once linked.
    pub target: Option<NodeId>,
}

/// `$dynamicRef` (2020-12) or `$recursiveRef` (2019-09), resolved as far as the schema
/// alone allows.
#[derive(Debug, Clone, PartialEq)]
pub struct DynamicRef {
    /// `$dynamicRef` or `$recursiveRef`.
    pub keyword: &'static str,
    /// The reference as written.
    pub raw: String,
    /// The node it resolves to statically (as a `$ref` would).
    pub target: NodeId,
    /// When the static target declares the dynamic anchor the reference names (for
    /// `$recursiveRef`: `$recursiveAnchor: true`), every resource declaring that anchor, by
    /// base URI, with the anchored node: the outermost of them in the dynamic scope is
    /// the one used. Empty when the reference behaves as a `$ref`.
    pub candidates: Vec<(String, NodeId)>,
}

/// The keywords of a schema object, as parsed by the keyword table's rules (`keywords.rs`
/// declares every keyword; this is where their values are kept). Tuple-form `items` of
/// drafts 4–2019-09 is normalized into `prefix_items` + `items`, so later stages see one
/// model for every draft.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Keywords {
    /// `$ref`.
    pub ref_: Option<Ref>,
    /// `$dynamicRef` or `$recursiveRef`.
    pub dynamic_ref: Option<DynamicRef>,
    /// `unevaluatedProperties` (2019-09 and later).
    pub unevaluated_properties: Option<NodeId>,
    /// `unevaluatedItems` (2019-09 and later).
    pub unevaluated_items: Option<NodeId>,
    /// `type`, as a set (a single name becomes a one-element list).
    pub types: Option<Vec<JsonType>>,
    /// `enum`.
    pub enum_: Option<Vec<Value>>,
    /// `const`.
    pub const_: Option<Value>,
    /// `minimum`.
    pub minimum: Option<Number>,
    /// `maximum`.
    pub maximum: Option<Number>,
    /// `exclusiveMinimum` (draft-04's boolean form is folded into this).
    pub exclusive_minimum: Option<Number>,
    /// `exclusiveMaximum` (draft-04's boolean form is folded into this).
    pub exclusive_maximum: Option<Number>,
    /// `prefixItems`, or the array form of `items`.
    pub prefix_items: Vec<NodeId>,
    /// Items after the prefix: `items` (schema form) or `additionalItems`.
    pub items: Option<NodeId>,
    /// `contains`.
    pub contains: Option<NodeId>,
    /// `properties`, in document order.
    pub properties: Vec<(String, NodeId)>,
    /// `required`.
    pub required: Vec<String>,
    /// `additionalProperties`.
    pub additional_properties: Option<NodeId>,
    /// `patternProperties`, in document order.
    pub pattern_properties: Vec<(String, NodeId)>,
    /// `propertyNames`.
    pub property_names: Option<NodeId>,
    /// `dependentRequired`, and the array form of `dependencies`.
    pub dependent_required: Vec<(String, Vec<String>)>,
    /// `dependentSchemas`, and the schema form of `dependencies`.
    pub dependent_schemas: Vec<(String, NodeId)>,
    /// `allOf`.
    pub all_of: Vec<NodeId>,
    /// `anyOf`.
    pub any_of: Vec<NodeId>,
    /// `oneOf`.
    pub one_of: Vec<NodeId>,
    /// `not`.
    pub not: Option<NodeId>,
    /// `if`.
    pub if_: Option<NodeId>,
    /// `then`.
    pub then: Option<NodeId>,
    /// `else`.
    pub else_: Option<NodeId>,
    /// `definitions` and `$defs`, in document order.
    pub definitions: Vec<(String, NodeId)>,
    /// `title`.
    pub title: Option<String>,
    /// `description`.
    pub description: Option<String>,
    /// `default`.
    pub default: Option<Value>,
    /// `deprecated`.
    pub deprecated: bool,
    /// The keywords the keyword table parses by their kind ([`Parsed::Raw`]: the counts,
    /// `multipleOf`, `uniqueItems`, `pattern`, `format`), by name: present, applying in the
    /// node's draft and vocabularies, and checked against their kind (a count is kept as an
    /// integer). Read through [`Keywords::count`], [`Keywords::number`],
    /// [`Keywords::string`] and [`Keywords::flag`].
    ///
    /// [`Parsed::Raw`]: super::keywords::Parsed::Raw
    pub raw: std::collections::BTreeMap<&'static str, Value>,
}

impl Keywords {
    /// The count `keyword` holds (`minLength`, `maxItems`, ...), when present.
    pub fn count(&self, keyword: &str) -> Option<u64> {
        self.raw.get(keyword).and_then(super::keywords::count)
    }

    /// The number `keyword` holds (`multipleOf`), when present.
    pub fn number(&self, keyword: &str) -> Option<&Number> {
        self.raw.get(keyword).and_then(Value::as_number)
    }

    /// The string `keyword` holds (`pattern`, `format`), when present.
    pub fn string(&self, keyword: &str) -> Option<&str> {
        self.raw.get(keyword).and_then(Value::as_str)
    }

    /// Whether boolean `keyword` is present and `true` (`uniqueItems`).
    pub fn flag(&self, keyword: &str) -> bool {
        self.raw
            .get(keyword)
            .and_then(Value::as_bool)
            .unwrap_or(false)
    }
}

/// A parsed schema: `true`, `false`, or an object of keywords.
#[derive(Debug, Clone, PartialEq)]
pub enum Body {
    /// A boolean schema.
    Bool(bool),
    /// A schema object.
    Object(Box<Keywords>),
}

/// One schema in a [`SchemaSet`](super::SchemaSet).
#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    /// Where it is.
    pub loc: Loc,
    /// The draft its keywords follow.
    pub draft: Draft,
    /// The base URI in effect (after its own `$id`).
    pub base: String,
    /// The keywords.
    pub body: Body,
}

impl Node {
    /// The keywords, or `None` for a boolean schema.
    pub fn keywords(&self) -> Option<&Keywords> {
        match &self.body {
            Body::Object(k) => Some(k),
            Body::Bool(_) => None,
        }
    }
}
