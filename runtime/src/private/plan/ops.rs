//! The data of a table's ops: the enum [`Op`](super::Op) and how each runs are in `run.rs`,
//! the constructors generated tables use for the common shapes in `shapes.rs`.
//!
//! The data types of a check ([`Cmp`], [`Counted`], [`Limit`], [`PatternEntry`],
//! [`Additional`]) are defined here once: envgen-codegen's validation plan holds the same
//! types, with its own failures, patterns and schema nodes in place of the type
//! parameters (a failure template, a pattern's source, a node id).

use super::fail::{msg, Fail};
use super::Re;
use crate::validate::NodeFn;
use serde_json::Value;
use std::sync::LazyLock;

pub use crate::__private::num::Bound;

/// JSON kinds, as the bits of [`Op::Type`](super::Op::Type): the bit set the in-flight specs use
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
