//! The constructors generated tables use for the common shapes of an [`Op`]: each implies
//! its keyword, a failure located at that keyword in the node being run
//! (`{node}/{keyword}`) and the plan's standard wording, and generated code uses one only
//! where the plan says exactly that.

use super::fail::{msg, Arg, Fail, Msg};
use super::ops::{kind, Additional, Bound, Cmp, Counted, Lit, PatternEntry};
use super::run::Op;
use super::Re;
use crate::__private::inflight::Kinds;
use crate::validate::NodeFn;

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
