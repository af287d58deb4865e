//! The ops ([`Op`], one per kind of check of the plan) and the interpreter: [`run`](fn@run)
//! walks a node's table, each op doing what envgen-codegen's straight-line rendering of the
//! same check does (`emit/validate/checks.rs`). A new kind of check is a variant here and
//! its arm in `Op::apply`, beside it.

use super::fail::{Fail, Fill};
use super::ops::{kind, Additional, Bound, Cmp, Counted, Limit, Lit, PatternEntry};
use super::Re;
use crate::__private::inflight::Kinds;
use crate::__private::{num, regex};
use crate::validate::{duplicate, Cx, NodeFn};
use serde_json::{Map, Number, Value};
use std::cmp::Ordering;

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

/// Runs the checks of the node at schema location `at` on `v`: whether it is valid.
/// Failures are recorded in `cx` (those located [`Fail::below`](super::Fail::below) the
/// node, below `at`); it returns at the first failure unless every error is being
/// collected.
pub fn run<'v>(v: &'v Value, cx: &mut Cx<'v>, at: &'static str, ops: &[Op]) -> bool {
    let outer = cx.enter_node(at);
    let mut valid = true;
    for op in ops {
        if !op.apply(v, cx, &mut valid) {
            valid = false;
            break;
        }
    }
    cx.enter_node(outer);
    valid
}

/// A nested validator failed (it recorded its errors): the instance is invalid; whether
/// to go on.
#[inline]
fn failed(cx: &Cx<'_>, valid: &mut bool) -> bool {
    *valid = false;
    cx.keep_going()
}

/// Whether the `kind` bits allow `v`.
fn kind_ok(kinds: Kinds, v: &Value) -> bool {
    let bit = match v {
        Value::Null => kind::NULL,
        Value::Bool(_) => kind::BOOL,
        Value::Object(_) => kind::OBJECT,
        Value::Array(_) => kind::ARRAY,
        Value::String(_) => kind::STRING,
        Value::Number(n) => {
            if kinds & kind::NUMBER != 0 || (kinds & kind::INTEGER != 0 && num::is_integer(n)) {
                return true;
            }
            0
        }
    };
    kinds & bit != 0
}

impl Lit {
    /// Whether `v` equals the literal.
    fn eq(&self, v: &Value) -> bool {
        match self {
            Lit::Null => v.is_null(),
            Lit::Bool(b) => v.as_bool() == Some(*b),
            Lit::Str(s) => v.as_str() == Some(*s),
            Lit::Num(b) => {
                matches!(v, Value::Number(n) if num::compare(n, *b) == Ordering::Equal)
            }
            Lit::Json(j) => crate::json::json_eq(v, j),
        }
    }
}

impl Cmp {
    /// Whether the number `n` fails the bound (`Cmp::Min.rejects(n, Bound::U(1))`: `n`
    /// is below 1).
    #[inline]
    pub fn rejects(self, n: &Number, bound: Bound) -> bool {
        self.fails(num::compare(n, bound))
    }

    /// Whether `o` (the instance against the bound) fails.
    #[inline]
    fn fails(self, o: Ordering) -> bool {
        match self {
            Cmp::Min => o == Ordering::Less,
            Cmp::Max => o == Ordering::Greater,
            Cmp::ExclusiveMin => o != Ordering::Greater,
            Cmp::ExclusiveMax => o != Ordering::Less,
        }
    }

    /// Whether the count `n` fails the count bound `limit`.
    fn count_fails(self, n: u64, limit: u64) -> bool {
        match self {
            Cmp::Min | Cmp::ExclusiveMin => n < limit,
            Cmp::Max | Cmp::ExclusiveMax => n > limit,
        }
    }
}

impl Op {
    /// Runs the check on `v`; `false` to stop (the node is then invalid).
    fn apply<'v>(&self, v: &'v Value, cx: &mut Cx<'v>, valid: &mut bool) -> bool {
        match (self, v) {
            (Op::Ref(rel, f), _) => {
                if !cx.enter_below(rel) {
                    return false;
                }
                let ok = f(v, cx);
                cx.leave();
                ok || failed(cx, valid)
            }
            (Op::Type(kinds, fail), _) => {
                kind_ok(*kinds, v) || fail.record(cx, valid, &Fill::of(v))
            }
            (Op::Enum(strings, others, fail), _) => {
                let found = match v.as_str() {
                    Some(s) if strings.binary_search(&s).is_ok() => true,
                    _ => others.iter().any(|l| l.eq(v)),
                };
                found || fail.record(cx, valid, &Fill::of(v))
            }
            (Op::Const(l, fail), _) => l.eq(v) || fail.record(cx, valid, &Fill::of(v)),
            (Op::Bound(cmp, b, fail), Value::Number(n)) => {
                !cmp.fails(num::compare(n, *b)) || fail.record(cx, valid, &Fill::of(v))
            }
            (Op::MultipleOf(b, fail), Value::Number(n)) => {
                num::multiple_of(n, *b) || fail.record(cx, valid, &Fill::of(v))
            }
            (Op::Count(counted, cmp, limit, fail), _) => {
                count(v, cx, valid, *counted, *cmp, *limit, fail)
            }
            (Op::Pattern(re, fail), Value::String(s)) => {
                regex::is_match(re, s) || fail.record(cx, valid, &Fill::name(v, re.source()))
            }
            (Op::Format(name, fail), Value::String(s)) => {
                !(cx.formats() && crate::__private::format::check(name, s) == Some(false))
                    || fail.record(cx, valid, &Fill::name(v, name))
            }
            (Op::UniqueItems(fail), Value::Array(a)) => match duplicate(a) {
                Some(pair) => fail.record(
                    cx,
                    valid,
                    &Fill {
                        pair,
                        ..Fill::of(v)
                    },
                ),
                None => true,
            },
            (Op::PrefixItem(i, f), Value::Array(a)) => match a.get(*i) {
                Some(item) => cx.at_index(*i, |cx| f(item, cx)) || failed(cx, valid),
                None => true,
            },
            (Op::Items(skip, f), Value::Array(a)) => {
                for (i, item) in a.iter().enumerate().skip(*skip) {
                    if !cx.at_index(i, |cx| f(item, cx)) && !failed(cx, valid) {
                        return false;
                    }
                }
                true
            }
            (Op::Contains(f, min, max), Value::Array(a)) => {
                contains(v, a, cx, valid, *f, [min.as_ref(), max.as_ref()])
            }
            (Op::Required(names, fail), Value::Object(m)) => {
                for name in *names {
                    if !m.contains_key(*name) && !fail.record(cx, valid, &Fill::name(v, name)) {
                        return false;
                    }
                }
                true
            }
            (Op::DependentRequired(name, dep, fail), Value::Object(m)) => {
                !m.contains_key(*name)
                    || m.contains_key(*dep)
                    || fail.record(cx, valid, &Fill::of(v))
            }
            (Op::Property(name, f), Value::Object(m)) => {
                cx.property(m, name, f) || failed(cx, valid)
            }
            (
                Op::Entries {
                    patterns,
                    declared,
                    additional,
                },
                Value::Object(m),
            ) => entries(v, m, cx, valid, patterns, declared, additional.as_ref()),
            (Op::PropertyNames(f), Value::Object(m)) => property_names(m, cx, valid, *f),
            (Op::DependentSchema(name, f), Value::Object(m)) => {
                !m.contains_key(*name) || f(v, cx) || failed(cx, valid)
            }
            (Op::AllOf(f), _) => f(v, cx) || failed(cx, valid),
            (Op::AnyOf(branches, fail), _) => {
                branches.iter().any(|f| cx.speculate(|cx| f(v, cx)))
                    || fail.record(cx, valid, &Fill::of(v))
            }
            (Op::OneOf(branches, none, many), _) => one_of(v, cx, valid, branches, none, many),
            (Op::Not(f, fail), _) => {
                !cx.speculate(|cx| f(v, cx)) || fail.record(cx, valid, &Fill::of(v))
            }
            (Op::If(cond, then, else_), _) => {
                let branch = if cx.speculate(|cx| cond(v, cx)) {
                    then
                } else {
                    else_
                };
                match branch {
                    Some(f) => f(v, cx) || failed(cx, valid),
                    None => true,
                }
            }
            // A check of another kind of value passes.
            _ => true,
        }
    }
}

/// A count (`minLength`, `maxItems`, `minProperties`, ...) of `v` against `limit`:
/// whether it passes (or `v` is not what is counted), else whether to go on after
/// recording `fail`.
#[inline]
fn count<'v>(
    v: &'v Value,
    cx: &mut Cx<'v>,
    valid: &mut bool,
    counted: Counted,
    cmp: Cmp,
    limit: u64,
    fail: &Fail,
) -> bool {
    let n = match (counted, v) {
        (Counted::Chars, Value::String(s)) => {
            // A string has between a quarter of its UTF-8 bytes (rounded up) and all of
            // them as characters: when both ends pass, so does the count, which is then
            // not taken (a string under `maxLength` bytes, or with `minLength` four-byte
            // characters at least).
            let (fewest, most) = (s.len().div_ceil(4) as u64, s.len() as u64);
            if !cmp.count_fails(fewest, limit) && !cmp.count_fails(most, limit) {
                return true;
            }
            s.chars().count()
        }
        (Counted::Items, Value::Array(a)) => a.len(),
        (Counted::Properties, Value::Object(m)) => m.len(),
        _ => return true,
    };
    !cmp.count_fails(n as u64, limit) || {
        let fill = Fill {
            limit,
            ..Fill::count(v, n)
        };
        fail.record(cx, valid, &fill)
    }
}

/// `contains` over the items `a` of `v`, with `minContains` and `maxContains` (`bounds`,
/// in that order): whether to go on.
fn contains<'v>(
    v: &'v Value,
    a: &'v [Value],
    cx: &mut Cx<'v>,
    valid: &mut bool,
    f: NodeFn,
    bounds: [Option<&Limit>; 2],
) -> bool {
    let count = a
        .iter()
        .filter(|item| cx.speculate(|cx| f(item, cx)))
        .count();
    for (cmp, l) in [Cmp::Min, Cmp::Max].into_iter().zip(bounds) {
        if let Some(l) = l {
            if cmp.count_fails(count as u64, l.limit)
                && !l.fail.record(cx, valid, &Fill::count(v, count))
            {
                return false;
            }
        }
    }
    true
}

/// `propertyNames` over the keys of `m`, each checked as a string: whether to go on.
fn property_names<'v>(
    m: &'v Map<String, Value>,
    cx: &mut Cx<'v>,
    valid: &mut bool,
    f: NodeFn,
) -> bool {
    for key in m.keys() {
        let name = Value::String(key.clone());
        let mut sub = cx.sub();
        let ok = f(&name, &mut sub);
        cx.absorb(sub);
        if !ok && !failed(cx, valid) {
            return false;
        }
    }
    true
}

/// `oneOf` on `v`: every branch is tried and the count reported (`none` when no branch
/// matches, `many` when several do); whether to go on.
fn one_of<'v>(
    v: &'v Value,
    cx: &mut Cx<'v>,
    valid: &mut bool,
    branches: &[NodeFn],
    none: &Fail,
    many: &Fail,
) -> bool {
    let matches = branches
        .iter()
        .filter(|f| cx.speculate(|cx| f(v, cx)))
        .count();
    match matches {
        1 => true,
        0 => none.record(cx, valid, &Fill::count(v, 0)),
        n => many.record(cx, valid, &Fill::count(v, n)),
    }
}

/// `patternProperties` and `additionalProperties` over the entries of `m` (the object
/// `v`), in one pass.
fn entries<'v>(
    v: &'v Value,
    m: &'v Map<String, Value>,
    cx: &mut Cx<'v>,
    valid: &mut bool,
    patterns: &[PatternEntry],
    declared: &[&str],
    additional: Option<&Additional>,
) -> bool {
    for (key, value) in m {
        let mut matched = false;
        for p in patterns {
            if regex::is_match(p.pattern, key) {
                matched = true;
                if let Some(f) = p.node {
                    if !cx.entry(key, value, f) && !failed(cx, valid) {
                        return false;
                    }
                }
            }
        }
        if matched || declared.contains(&key.as_str()) {
            continue;
        }
        let go_on = match additional {
            Some(Additional::Deny(fail)) => fail.record(cx, valid, &Fill { key, ..Fill::of(v) }),
            Some(Additional::Schema(f)) => cx.entry(key, value, f) || failed(cx, valid),
            None => true,
        };
        if !go_on {
            return false;
        }
    }
    true
}

/// Whether `s` is known not to be a valid `name` (`format`; an unknown format passes).
#[inline]
pub fn format_fails(name: &str, s: &str) -> bool {
    crate::__private::format::check(name, s) == Some(false)
}
