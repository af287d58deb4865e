//! The ops of a table ([`Op`], one per check of the plan) and their data, with the
//! constructors generated tables use for the common shapes: each implies its keyword,
//! a failure located at that keyword in the node being run (`{node}/{keyword}`) and the
//! plan's standard wording, and generated code uses one only where the plan says exactly
//! that.
//!
//! The data types of a check ([`Cmp`], [`Counted`], [`Limit`], [`PatternEntry`],
//! [`Additional`]) are defined here once: envgen-codegen's validation plan holds the same
//! types, with its own failures, patterns and schema nodes in place of the type
//! parameters (a failure template, a pattern's source, a node id).

use super::fail::{msg, Arg, Fail, Msg};
use super::Re;
use crate::__private::inflight::Kinds;
use crate::validate::NodeFn;
use serde_json::Value;
use std::sync::LazyLock;

pub use crate::__private::num::Bound;

/// JSON kinds, as the bits of [`Op::Type`]: the bit set the in-flight specs use
/// ([`crate::__private::inflight::Kinds`]; [`kind::INTEGER`] for integral numbers only).
pub mod kind {
    pub use crate::__private::inflight::{ARRAY, BOOL, INTEGER, NULL, NUMBER, OBJECT, STRING};
}

/// A literal JSON value of `enum` or `const`.
#[derive(Debug)]
pub enum Lit {
    /// `null`.
    Null,
    /// A boolean.
    Bool(bool),
    /// A string.
    Str(&'static str),
    /// A number, equal by value.
    Num(Bound),
    /// An array or object, equal by JSON equality.
    Json(&'static LazyLock<Value>),
}

/// How a count or a number fails against its bound.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cmp {
    /// Fails below the bound (`minimum`, `minLength`, ...).
    Min,
    /// Fails above the bound (`maximum`, `maxLength`, ...).
    Max,
    /// Fails at or below the bound (`exclusiveMinimum`).
    ExclusiveMin,
    /// Fails at or above the bound (`exclusiveMaximum`).
    ExclusiveMax,
}

/// What a count is taken of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Counted {
    /// Characters of a string (`minLength`, `maxLength`).
    Chars,
    /// Items of an array (`minItems`, `maxItems`).
    Items,
    /// Properties of an object (`minProperties`, `maxProperties`).
    Properties,
}

/// A bound on the count of `contains` matches (`minContains`, `maxContains`), with its
/// failure `F` (a table's [`Fail`]; the plan's failure template in envgen-codegen).
#[derive(Debug, Clone, PartialEq)]
pub struct Limit<F = Fail> {
    /// The bound.
    pub limit: u64,
    /// Its failure.
    pub fail: F,
}

/// One `patternProperties` entry: the pattern `P` (compiled, in a table; its ECMA-262
/// source in envgen-codegen's plan) and the schema `N` of the values whose keys match
/// (a validator; a schema node).
#[derive(Debug, Clone, PartialEq)]
pub struct PatternEntry<P = &'static Re, N = NodeFn> {
    /// The pattern.
    pub pattern: P,
    /// The values' schema; `None` for a `true` schema (the pattern only marks keys as
    /// matched).
    pub node: Option<N>,
}

impl PatternEntry {
    /// The entry of pattern `re` with schema `node` (`None`: `true`).
    pub const fn new(re: &'static Re, node: Option<NodeFn>) -> Self {
        PatternEntry { pattern: re, node }
    }
}

/// `additionalProperties`, unless it is absent or `true`: its failure `F` and the schema
/// `N` of the values of undeclared, unmatched keys.
#[derive(Debug, Clone, PartialEq)]
pub enum Additional<F = Fail, N = NodeFn> {
    /// `false`: an undeclared, unmatched key fails.
    Deny(F),
    /// The schema of undeclared, unmatched keys' values.
    Schema(N),
}

impl Additional {
    /// `additionalProperties: false`, with its standard wording.
    pub const DENY: Additional =
        Additional::Deny(Fail::kw("additionalProperties", msg::NOT_ALLOWED));
}

/// One check of a node (the plan's `Test`, with its data).
#[derive(Debug)]
pub enum Op {
    /// `$ref` (or a `$dynamicRef` that resolves statically): the keyword's location
    /// below the node being run (for the depth guard), and its target.
    Ref(&'static str, NodeFn),
    /// `type`: the kinds allowed ([`kind`] bits).
    Type(Kinds, Fail),
    /// `enum`: its strings, sorted, and its other members.
    Enum(&'static [&'static str], &'static [Lit], Fail),
    /// `const`.
    Const(Lit, Fail),
    /// `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`.
    Bound(Cmp, Bound, Fail),
    /// `multipleOf`.
    MultipleOf(Bound, Fail),
    /// `minLength`, `maxItems`, `minProperties`, ...: a count against a bound.
    Count(Counted, Cmp, u64, Fail),
    /// `pattern`.
    Pattern(&'static Re, Fail),
    /// `format` (asserted when the options say so).
    Format(&'static str, Fail),
    /// `uniqueItems: true`.
    UniqueItems(Fail),
    /// One `prefixItems` entry: the item at the index.
    PrefixItem(usize, NodeFn),
    /// `items`: every item from the index on.
    Items(usize, NodeFn),
    /// `contains`, with `minContains` and `maxContains`.
    Contains(NodeFn, Option<Limit>, Option<Limit>),
    /// `required` names, each checked in turn with the same failure.
    Required(&'static [&'static str], Fail),
    /// One `dependentRequired` pair: when the first is present, the second must be.
    DependentRequired(&'static str, &'static str, Fail),
    /// One `properties` entry.
    Property(&'static str, NodeFn),
    /// `patternProperties` and `additionalProperties` in one pass over the entries.
    Entries {
        /// The patterns that check a value or mark a key matched.
        patterns: &'static [PatternEntry],
        /// Names `additionalProperties` does not apply to.
        declared: &'static [&'static str],
        /// `additionalProperties`, unless absent or `true`.
        additional: Option<Additional>,
    },
    /// `propertyNames`.
    PropertyNames(NodeFn),
    /// One `dependentSchemas` entry.
    DependentSchema(&'static str, NodeFn),
    /// One `allOf` branch.
    AllOf(NodeFn),
    /// `anyOf`.
    AnyOf(&'static [NodeFn], Fail),
    /// `oneOf`: the branches, the failure when none matches and when several do.
    OneOf(&'static [NodeFn], Fail, Fail),
    /// `not`.
    Not(NodeFn, Fail),
    /// `if` with `then` and/or `else`.
    If(NodeFn, Option<NodeFn>, Option<NodeFn>),
}

/// `type: "object"`.
pub const IS_OBJECT: Op = Op::Type(kind::OBJECT, Fail::kw("type", msg::NOT_OBJECT));
/// `type: "array"`.
pub const IS_ARRAY: Op = Op::Type(kind::ARRAY, Fail::kw("type", msg::NOT_ARRAY));
/// `type: "string"`.
pub const IS_STRING: Op = Op::Type(kind::STRING, Fail::kw("type", msg::NOT_STRING));
/// `type: "number"`.
pub const IS_NUMBER: Op = Op::Type(kind::NUMBER, Fail::kw("type", msg::NOT_NUMBER));
/// `type: "integer"`.
pub const IS_INTEGER: Op = Op::Type(kind::INTEGER, Fail::kw("type", msg::NOT_INTEGER));
/// `type: "boolean"`.
pub const IS_BOOLEAN: Op = Op::Type(kind::BOOL, Fail::kw("type", msg::NOT_BOOLEAN));
/// `type: "null"`.
pub const IS_NULL: Op = Op::Type(kind::NULL, Fail::kw("type", msg::NOT_NULL));
/// `uniqueItems: true`.
pub const UNIQUE_ITEMS: Op = Op::UniqueItems(Fail::kw("uniqueItems", msg::NOT_UNIQUE));

/// The wording of a count: `min` for a least count, `one` for a bound of 1 (`character`,
/// not `characters`).
const fn count_msg(counted: Counted, min: bool, one: bool) -> Msg {
    const SHOWN_LIMIT: &[Arg] = &[Arg::Instance, Arg::Limit];
    const COUNT_LIMIT: &[Arg] = &[Arg::Count, Arg::Limit];
    match (counted, min) {
        (Counted::Chars, true) if one => {
            Msg::new(&["", " is shorter than ", " character"], SHOWN_LIMIT)
        }
        (Counted::Chars, true) => Msg::new(&["", " is shorter than ", " characters"], SHOWN_LIMIT),
        (Counted::Chars, false) if one => {
            Msg::new(&["", " is longer than ", " character"], SHOWN_LIMIT)
        }
        (Counted::Chars, false) => Msg::new(&["", " is longer than ", " characters"], SHOWN_LIMIT),
        (Counted::Items, true) => Msg::new(
            &["the array has ", " items, fewer than minItems ", ""],
            COUNT_LIMIT,
        ),
        (Counted::Items, false) => Msg::new(
            &["the array has ", " items, more than maxItems ", ""],
            COUNT_LIMIT,
        ),
        (Counted::Properties, true) => Msg::new(
            &[
                "the object has ",
                " properties, fewer than minProperties ",
                "",
            ],
            COUNT_LIMIT,
        ),
        (Counted::Properties, false) => Msg::new(
            &[
                "the object has ",
                " properties, more than maxProperties ",
                "",
            ],
            COUNT_LIMIT,
        ),
    }
}

/// A count against `limit`, its keyword and wording the standard ones.
const fn count(counted: Counted, cmp: Cmp, limit: u64) -> Op {
    let min = matches!(cmp, Cmp::Min | Cmp::ExclusiveMin);
    let keyword = match (counted, min) {
        (Counted::Chars, true) => "minLength",
        (Counted::Chars, false) => "maxLength",
        (Counted::Items, true) => "minItems",
        (Counted::Items, false) => "maxItems",
        (Counted::Properties, true) => "minProperties",
        (Counted::Properties, false) => "maxProperties",
    };
    let msg = count_msg(counted, min, limit == 1);
    Op::Count(counted, cmp, limit, Fail::kw(keyword, msg))
}

impl Op {
    /// `type` with several kinds, the instance shown before `rest`.
    pub const fn types(kinds: Kinds, rest: &'static str) -> Op {
        Op::Type(kinds, Fail::kw("type", Msg::Shown(rest)))
    }

    /// `enum`: its strings, sorted, and its other members; the instance shown before
    /// `rest`.
    pub const fn in_enum(
        strings: &'static [&'static str],
        others: &'static [Lit],
        rest: &'static str,
    ) -> Op {
        Op::Enum(strings, others, Fail::kw("enum", Msg::Shown(rest)))
    }

    /// `const`, the instance shown before `rest`.
    pub const fn constant(lit: Lit, rest: &'static str) -> Op {
        Op::Const(lit, Fail::kw("const", Msg::Shown(rest)))
    }

    /// `minimum` (`Cmp::Min`), `maximum`, `exclusiveMinimum` or `exclusiveMaximum`, the
    /// instance shown before `rest`.
    pub const fn bound(cmp: Cmp, bound: Bound, rest: &'static str) -> Op {
        let keyword = match cmp {
            Cmp::Min => "minimum",
            Cmp::Max => "maximum",
            Cmp::ExclusiveMin => "exclusiveMinimum",
            Cmp::ExclusiveMax => "exclusiveMaximum",
        };
        Op::Bound(cmp, bound, Fail::kw(keyword, Msg::Shown(rest)))
    }

    /// `multipleOf`, the instance shown before `rest`.
    pub const fn multiple_of(bound: Bound, rest: &'static str) -> Op {
        Op::MultipleOf(bound, Fail::kw("multipleOf", Msg::Shown(rest)))
    }

    /// `minLength`.
    pub const fn min_length(limit: u64) -> Op {
        count(Counted::Chars, Cmp::Min, limit)
    }

    /// `maxLength`.
    pub const fn max_length(limit: u64) -> Op {
        count(Counted::Chars, Cmp::Max, limit)
    }

    /// `minItems`.
    pub const fn min_items(limit: u64) -> Op {
        count(Counted::Items, Cmp::Min, limit)
    }

    /// `maxItems`.
    pub const fn max_items(limit: u64) -> Op {
        count(Counted::Items, Cmp::Max, limit)
    }

    /// `minProperties`.
    pub const fn min_properties(limit: u64) -> Op {
        count(Counted::Properties, Cmp::Min, limit)
    }

    /// `maxProperties`.
    pub const fn max_properties(limit: u64) -> Op {
        count(Counted::Properties, Cmp::Max, limit)
    }

    /// `pattern`, worded with the pattern's source.
    pub const fn pattern(re: &'static Re) -> Op {
        Op::Pattern(re, Fail::kw("pattern", msg::NO_MATCH))
    }

    /// `format`, worded with the format's name.
    pub const fn format(name: &'static str) -> Op {
        Op::Format(name, Fail::kw("format", msg::NOT_FORMAT))
    }

    /// `required`: each name in turn.
    pub const fn required(names: &'static [&'static str]) -> Op {
        Op::Required(names, Fail::kw("required", msg::REQUIRED))
    }

    /// `additionalProperties: false` with no `patternProperties`: every key but the
    /// `declared` ones fails.
    pub const fn closed(declared: &'static [&'static str]) -> Op {
        Op::entries(&[], declared, Some(Additional::DENY))
    }

    /// `patternProperties` and `additionalProperties`.
    pub const fn entries(
        patterns: &'static [PatternEntry],
        declared: &'static [&'static str],
        additional: Option<Additional>,
    ) -> Op {
        Op::Entries {
            patterns,
            declared,
            additional,
        }
    }

    /// `anyOf`.
    pub const fn any_of(branches: &'static [NodeFn]) -> Op {
        Op::AnyOf(branches, Fail::kw("anyOf", msg::NO_ANY_OF))
    }

    /// `oneOf`.
    pub const fn one_of(branches: &'static [NodeFn]) -> Op {
        let none = Fail::kw("oneOf", msg::NO_ONE_OF);
        Op::OneOf(branches, none, Fail::kw("oneOf", msg::MANY_OF_ONE_OF))
    }

    /// `not`.
    pub const fn not(node: NodeFn) -> Op {
        Op::Not(node, Fail::kw("not", msg::NOT))
    }
}
