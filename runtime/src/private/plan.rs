//! The `Value` validators' checks as data. A generated node validator is a static table of
//! [`Op`]s, one per check of the node's validation plan, in the plan's order, run by
//! [`run`]. The code that runs a check is compiled once, here, not once per schema node in
//! every generated crate.
//!
//! Each op does what envgen-codegen's straight-line rendering of the same check does
//! (`emit/validate/checks.rs`): the same test, the same message, and the same
//! stop-or-go-on after a failure (at the first failure unless every error is collected
//! and nothing is speculating). Generated code keeps the straight-line form for the
//! nodes valid documents run (the typed checks' callees and their leaves) and for checks
//! that need the dynamic scope or the annotations of `unevaluated*`.

use crate::validate::{duplicate, show, show_str, Cx, NodeFn};
use serde_json::{Map, Value};
use std::cmp::Ordering;
use std::sync::LazyLock;

use super::inflight::Kinds;
use super::num;
pub use super::num::Bound;
use super::regex::{self, Regex};

/// A compiled pattern, as generated code holds it.
pub type Re = LazyLock<Option<Regex>>;

/// What fills a hole of a message.
#[derive(Debug, Clone, Copy)]
pub enum Arg {
    /// The instance, shown as JSON ([`show`]; a number as it prints).
    Instance,
    /// The count the check took.
    Count,
    /// The key being checked, shown as a JSON string.
    Key,
    /// The first index of a pair (`uniqueItems`).
    First,
    /// The second index of a pair.
    Second,
}

/// A message's wording: its literal text around holes (one more piece than holes), and
/// what fills each hole.
#[derive(Debug, Clone, Copy)]
pub struct Msg {
    /// The message's literal text, around the holes.
    pub pieces: &'static [&'static str],
    /// What fills each hole.
    pub args: &'static [Arg],
}

impl Msg {
    /// `pieces` around the holes `args`.
    pub const fn new(pieces: &'static [&'static str], args: &'static [Arg]) -> Self {
        Msg { pieces, args }
    }
}

/// The wordings most checks share, named so that a generated table fits an op on a line.
/// Generated code uses one only where the plan's wording is exactly it.
pub mod msg {
    use super::{Arg, Msg};

    /// `type: "object"`.
    pub const NOT_OBJECT: Msg = Msg::new(&["", " is not of type \"object\""], &[Arg::Instance]);
    /// `type: "array"`.
    pub const NOT_ARRAY: Msg = Msg::new(&["", " is not of type \"array\""], &[Arg::Instance]);
    /// `type: "string"`.
    pub const NOT_STRING: Msg = Msg::new(&["", " is not of type \"string\""], &[Arg::Instance]);
    /// `type: "number"`.
    pub const NOT_NUMBER: Msg = Msg::new(&["", " is not of type \"number\""], &[Arg::Instance]);
    /// `type: "integer"`.
    pub const NOT_INTEGER: Msg = Msg::new(&["", " is not of type \"integer\""], &[Arg::Instance]);
    /// `type: "boolean"`.
    pub const NOT_BOOLEAN: Msg = Msg::new(&["", " is not of type \"boolean\""], &[Arg::Instance]);
    /// `type: "null"`.
    pub const NOT_NULL: Msg = Msg::new(&["", " is not of type \"null\""], &[Arg::Instance]);
    /// `additionalProperties: false`.
    pub const NOT_ALLOWED: Msg = Msg::new(&["property ", " is not allowed"], &[Arg::Key]);
}

/// A failure a check records: its keyword, schema location, and message (the `pieces`
/// around the holes `args`; one more piece than holes).
#[derive(Debug)]
pub struct Fail {
    /// The keyword reported.
    pub keyword: &'static str,
    /// The keyword's schema location; with `below`, relative to the node being run.
    pub at: &'static str,
    /// Whether `at` is below the schema location of the node being run ([`run`]).
    pub below: bool,
    /// The message's literal text, around the holes.
    pub pieces: &'static [&'static str],
    /// What fills each hole.
    pub args: &'static [Arg],
}

impl Fail {
    /// A failure of `keyword` at schema location `at`, worded by `pieces` around the
    /// holes `args`.
    pub const fn new(
        keyword: &'static str,
        at: &'static str,
        pieces: &'static [&'static str],
        args: &'static [Arg],
    ) -> Self {
        Fail {
            keyword,
            at,
            below: false,
            pieces,
            args,
        }
    }

    /// A failure of `keyword` at the keyword itself in the node being run
    /// (`{node}/{keyword}`), worded by `msg`.
    pub const fn kw(keyword: &'static str, msg: Msg) -> Self {
        Fail::below(keyword, keyword, msg)
    }

    /// A failure of `keyword` at `rel` below the node being run (`{node}/{rel}`).
    pub const fn below(keyword: &'static str, rel: &'static str, msg: Msg) -> Self {
        Fail {
            keyword,
            at: rel,
            below: true,
            pieces: msg.pieces,
            args: msg.args,
        }
    }
}

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
#[derive(Debug, Clone, Copy)]
pub enum Cmp {
    /// Below the bound.
    Min,
    /// Above the bound.
    Max,
    /// At or below the bound (numbers).
    ExclusiveMin,
    /// At or above the bound (numbers).
    ExclusiveMax,
}

/// What a count is taken of.
#[derive(Debug, Clone, Copy)]
pub enum Counted {
    /// Characters of a string.
    Chars,
    /// Items of an array.
    Items,
    /// Properties of an object.
    Properties,
}

/// A bound on the count of `contains` matches.
#[derive(Debug)]
pub struct Limit {
    /// The bound.
    pub limit: u64,
    /// Its failure.
    pub fail: Fail,
}

/// One `patternProperties` entry.
#[derive(Debug)]
pub struct PatternEntry {
    /// The compiled pattern.
    pub re: &'static Re,
    /// The values' validator; `None` for a `true` schema (the pattern only marks keys
    /// as matched).
    pub node: Option<NodeFn>,
}

/// `additionalProperties`.
#[derive(Debug)]
pub enum Additional {
    /// `false`: an undeclared, unmatched key fails.
    Deny(Fail),
    /// The validator of undeclared, unmatched keys' values.
    Schema(NodeFn),
}

/// One check of a node (the plan's `Test`, with its data).
#[derive(Debug)]
pub enum Op {
    /// `$ref` (its schema location, for the depth guard, and its target).
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
    /// One `required` name.
    Required(&'static str, Fail),
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
/// Failures are recorded in `cx` (those located [`Fail::below`] the node, below `at`); it
/// returns at the first failure unless every error is being collected.
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

/// What fills a message's holes.
struct Fill<'a> {
    v: &'a Value,
    count: usize,
    key: &'a str,
    pair: (usize, usize),
}

impl<'a> Fill<'a> {
    fn of(v: &'a Value) -> Self {
        Fill {
            v,
            count: 0,
            key: "",
            pair: (0, 0),
        }
    }

    fn count(v: &'a Value, count: usize) -> Self {
        Fill {
            count,
            ..Fill::of(v)
        }
    }
}

impl Fail {
    /// The message, its holes filled (as the generated code's `format!` or `join` fills
    /// them).
    fn text(&self, fill: &Fill<'_>) -> String {
        use std::fmt::Write as _;
        let shown = self
            .args
            .iter()
            .any(|a| matches!(a, Arg::Instance))
            .then(|| show(fill.v));
        let len: usize = self.pieces.iter().map(|p| p.len()).sum();
        let mut s = String::with_capacity(len + shown.as_ref().map_or(16, |t| t.len() + 16));
        for (i, piece) in self.pieces.iter().enumerate() {
            s.push_str(piece);
            let Some(arg) = self.args.get(i) else {
                continue;
            };
            // Writing to a `String` cannot fail.
            let _ = match arg {
                Arg::Instance => {
                    s.push_str(shown.as_deref().unwrap_or_default());
                    Ok(())
                }
                Arg::Count => write!(s, "{}", fill.count),
                Arg::Key => {
                    s.push_str(&show_str(fill.key));
                    Ok(())
                }
                Arg::First => write!(s, "{}", fill.pair.0),
                Arg::Second => write!(s, "{}", fill.pair.1),
            };
        }
        s
    }

    /// Records the failure: the instance is invalid; whether to go on.
    #[inline]
    fn record(&self, cx: &mut Cx<'_>, valid: &mut bool, fill: &Fill<'_>) -> bool {
        *valid = false;
        if self.below {
            cx.fail_below(self.keyword, self.at, || self.text(fill))
        } else {
            cx.fail(self.keyword, self.at, || self.text(fill))
        }
    }
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
    /// Whether `o` (the instance against the bound) fails.
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
            (Op::Ref(at, f), _) => {
                if !cx.enter(at) {
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
                let n = match (counted, v) {
                    (Counted::Chars, Value::String(s)) => {
                        // A string has between a quarter of its UTF-8 bytes (rounded up)
                        // and all of them as characters: when both ends pass, so does
                        // the count, which is then not taken (a string under `maxLength`
                        // bytes, or with `minLength` four-byte characters at least).
                        let (fewest, most) = (s.len().div_ceil(4) as u64, s.len() as u64);
                        if !cmp.count_fails(fewest, *limit) && !cmp.count_fails(most, *limit) {
                            return true;
                        }
                        s.chars().count()
                    }
                    (Counted::Items, Value::Array(a)) => a.len(),
                    (Counted::Properties, Value::Object(m)) => m.len(),
                    _ => return true,
                };
                !cmp.count_fails(n as u64, *limit) || fail.record(cx, valid, &Fill::count(v, n))
            }
            (Op::Pattern(re, fail), Value::String(s)) => {
                regex::is_match(re, s) || fail.record(cx, valid, &Fill::of(v))
            }
            (Op::Format(name, fail), Value::String(s)) => {
                !(cx.formats() && super::format::check(name, s) == Some(false))
                    || fail.record(cx, valid, &Fill::of(v))
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
                let count = a
                    .iter()
                    .filter(|item| cx.speculate(|cx| f(item, cx)))
                    .count();
                let bounds = [(Cmp::Min, min), (Cmp::Max, max)];
                for (cmp, l) in bounds {
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
            (Op::Required(name, fail), Value::Object(m)) => {
                m.contains_key(*name) || fail.record(cx, valid, &Fill::of(v))
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
            (Op::PropertyNames(f), Value::Object(m)) => {
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
            (Op::DependentSchema(name, f), Value::Object(m)) => {
                !m.contains_key(*name) || f(v, cx) || failed(cx, valid)
            }
            (Op::AllOf(f), _) => f(v, cx) || failed(cx, valid),
            (Op::AnyOf(branches, fail), _) => {
                branches.iter().any(|f| cx.speculate(|cx| f(v, cx)))
                    || fail.record(cx, valid, &Fill::of(v))
            }
            (Op::OneOf(branches, none, many), _) => {
                // Every branch is tried: the count is reported.
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
            if regex::is_match(p.re, key) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validate::Options;
    use serde_json::json;

    fn never<'v>(_: &'v Value, _: &mut Cx<'v>) -> bool {
        false
    }

    /// The errors of `ops` on `v`, as (pointer, keyword, message), and the verdict.
    fn errors(ops: &[Op], v: &Value, all: bool) -> (bool, Vec<(String, String, String)>) {
        let mut cx = Cx::new(Options::new().all_errors(all));
        let ok = run(v, &mut cx, "#", ops);
        let e = cx
            .errors()
            .iter()
            .map(|e| {
                let e = e.clone();
                (e.instance_path, e.keyword, e.message)
            })
            .collect();
        (ok, e)
    }

    const REQUIRED: [Op; 2] = [
        Op::Required(
            "a",
            Fail::new("required", "#/required", &["missing a"], &[]),
        ),
        Op::Required(
            "b",
            Fail::new("required", "#/required", &["missing b"], &[]),
        ),
    ];

    const INNER: [Op; 1] = [Op::Type(kind::STRING, Fail::kw("type", msg::NOT_STRING))];

    fn inner<'v>(v: &'v Value, cx: &mut Cx<'v>) -> bool {
        run(v, cx, "#/$defs/name", &INNER)
    }

    #[test]
    fn a_failure_below_its_node_is_located_at_the_node_being_run() {
        const OUTER: [Op; 2] = [
            Op::Property("name", inner),
            Op::Required("id", Fail::kw("required", Msg::new(&["missing id"], &[]))),
        ];
        let v = json!({"name": 1});
        let mut cx = Cx::new(Options::new().all_errors(true));
        assert!(!run(&v, &mut cx, "#/$defs/thing", &OUTER));
        let got: Vec<(&str, &str, &str)> = cx
            .errors()
            .iter()
            .map(|e| {
                (
                    e.instance_path.as_str(),
                    e.keyword.as_str(),
                    e.schema_path.as_str(),
                )
            })
            .collect();
        // The nested node's location, then the outer one's again once the nested run
        // returned.
        assert_eq!(
            got,
            [
                ("/name", "type", "#/$defs/name/type"),
                ("", "required", "#/$defs/thing/required"),
            ]
        );
        assert_eq!(cx.errors()[0].message, "1 is not of type \"string\"");
    }

    #[test]
    fn stops_at_the_first_failure_unless_every_error_is_collected() {
        let (ok, first) = errors(&REQUIRED, &json!({}), false);
        assert!(!ok);
        assert_eq!(first.len(), 1, "{first:?}");
        let (ok, all) = errors(&REQUIRED, &json!({}), true);
        assert!(!ok);
        assert_eq!(all.len(), 2, "{all:?}");
        assert_eq!(
            errors(&REQUIRED, &json!({"a": 1, "b": 2}), false),
            (true, vec![])
        );
        // Object checks pass on other kinds.
        assert_eq!(errors(&REQUIRED, &json!("x"), false), (true, vec![]));
    }

    #[test]
    fn holes_are_filled_as_the_generated_code_fills_them() {
        let count = [Op::Count(
            Counted::Chars,
            Cmp::Min,
            3,
            Fail::new(
                "minLength",
                "#/minLength",
                &["", " has ", " characters"],
                &[Arg::Instance, Arg::Count],
            ),
        )];
        assert_eq!(
            errors(&count, &json!("é"), false).1,
            vec![(
                "".into(),
                "minLength".into(),
                "\"é\" has 1 characters".into()
            )]
        );
        let bound = [Op::Bound(
            Cmp::ExclusiveMax,
            Bound::F(1.5),
            Fail::new(
                "exclusiveMaximum",
                "#/exclusiveMaximum",
                &["", " is too big"],
                &[Arg::Instance],
            ),
        )];
        assert_eq!(errors(&bound, &json!(1.5), false).1[0].2, "1.5 is too big");
        assert!(errors(&bound, &json!(1.25), false).0);
        let unique = [Op::UniqueItems(Fail::new(
            "uniqueItems",
            "#/uniqueItems",
            &["items ", " and ", " are equal"],
            &[Arg::First, Arg::Second],
        ))];
        assert_eq!(
            errors(&unique, &json!([1, 2, 1.0]), false).1[0].2,
            "items 0 and 2 are equal"
        );
    }

    #[test]
    fn lengths_count_characters_not_bytes() {
        let fail = |kw| Fail::new(kw, "#", &["", " has ", ""], &[Arg::Instance, Arg::Count]);
        let min = |n| [Op::Count(Counted::Chars, Cmp::Min, n, fail("minLength"))];
        let max = |n| [Op::Count(Counted::Chars, Cmp::Max, n, fail("maxLength"))];
        // (string, characters): one-, two-, three- and four-byte characters.
        for (s, chars) in [
            ("", 0),
            ("ab", 2),
            ("éé", 2),
            ("€€€", 3),
            ("😀", 1),
            ("a😀é", 3),
        ] {
            let v = json!(s);
            for limit in 0..=s.len() as u64 + 1 {
                assert_eq!(
                    errors(&min(limit), &v, false).0,
                    chars >= limit,
                    "{s:?} min {limit}"
                );
                assert_eq!(
                    errors(&max(limit), &v, false).0,
                    chars <= limit,
                    "{s:?} max {limit}"
                );
            }
        }
        // A failure reports the character count.
        assert_eq!(errors(&max(1), &json!("éé"), false).1[0].2, "\"éé\" has 2");
    }

    static RE_X: Re = LazyLock::new(|| regex::compile("^x-"));

    static DENY: [Op; 1] = [Op::Entries {
        patterns: &[PatternEntry {
            re: &RE_X,
            node: None,
        }],
        declared: &["a"],
        additional: Some(Additional::Deny(Fail::new(
            "additionalProperties",
            "#/additionalProperties",
            &["property ", " is not allowed"],
            &[Arg::Key],
        ))),
    }];

    static PATTERN: [Op; 1] = [Op::Entries {
        patterns: &[PatternEntry {
            re: &RE_X,
            node: Some(never),
        }],
        declared: &[],
        additional: None,
    }];

    #[test]
    fn entries_skip_declared_and_matched_keys_and_name_the_others() {
        let v = json!({"a": 1, "x-y": 2, "b": 3, "c\"": 4});
        let (ok, e) = errors(&DENY, &v, true);
        assert!(!ok);
        let messages: Vec<&str> = e.iter().map(|e| e.2.as_str()).collect();
        assert_eq!(
            messages,
            [
                "property \"b\" is not allowed",
                "property \"c\\\"\" is not allowed"
            ]
        );
        // A pattern's schema checks the value at its key.
        let (ok, e) = errors(&PATTERN, &v, false);
        assert!(
            !ok && e.is_empty(),
            "the nested validator records its own errors"
        );
        assert!(errors(&PATTERN, &json!({"y": 1}), false).0);
    }

    #[test]
    fn enum_finds_strings_by_search_and_other_members_by_value() {
        let fail = Fail::new(
            "enum",
            "#/enum",
            &["", " is not one of the values"],
            &[Arg::Instance],
        );
        let ops = [Op::Enum(
            &["a", "m", "z"],
            &[Lit::Num(Bound::U(1)), Lit::Null],
            fail,
        )];
        for ok in [json!("a"), json!("m"), json!("z"), json!(1.0), json!(null)] {
            assert!(errors(&ops, &ok, false).0, "{ok}");
        }
        for bad in [json!("b"), json!(2), json!(false), json!(["a"])] {
            assert!(!errors(&ops, &bad, false).0, "{bad}");
        }
    }

    #[test]
    fn one_of_counts_every_branch() {
        fn yes<'v>(_: &'v Value, _: &mut Cx<'v>) -> bool {
            true
        }
        let none = Fail::new("oneOf", "#/oneOf", &["none of ", ""], &[Arg::Count]);
        let many = Fail::new("oneOf", "#/oneOf", &["", " match"], &[Arg::Count]);
        let ops = [Op::OneOf(&[yes, never, yes, yes], none, many)];
        assert_eq!(errors(&ops, &json!(0), false).1[0].2, "3 match");
        let none = Fail::new("oneOf", "#/oneOf", &["none of ", ""], &[Arg::Count]);
        let many = Fail::new("oneOf", "#/oneOf", &["", " match"], &[Arg::Count]);
        let ops = [Op::OneOf(&[never, yes], none, many)];
        assert!(errors(&ops, &json!(0), false).0);
    }

    fn yes<'v>(_: &'v Value, _: &mut Cx<'v>) -> bool {
        true
    }

    fn is_string<'v>(v: &'v Value, cx: &mut Cx<'v>) -> bool {
        static OPS: [Op; 1] = [Op::Type(
            kind::STRING,
            Fail::new("type", "#/t", &["", " is not a string"], &[Arg::Instance]),
        )];
        run(v, cx, "#", &OPS)
    }

    const FAIL: Fail = Fail::new("k", "#/k", &["failed"], &[]);

    /// Each applicator's verdict on a value that passes and one that fails it; the
    /// nested validator's error lands at the instance location the op steps to.
    #[test]
    fn applicators_step_where_the_schema_says() {
        let cases: Vec<(Op, Value, Value, &str)> = vec![
            (Op::Ref("#/$ref", is_string), json!("a"), json!(1), ""),
            (Op::AllOf(is_string), json!("a"), json!(1), ""),
            (
                Op::PrefixItem(1, is_string),
                json!([1, "a"]),
                json!(["a", 1]),
                "/1",
            ),
            (
                Op::Items(1, is_string),
                json!([1, "a", "b"]),
                json!([1, "a", 2]),
                "/2",
            ),
            (
                Op::Property("p", is_string),
                json!({"p": "a"}),
                json!({"p": 1}),
                "/p",
            ),
            (Op::PropertyNames(never), json!({}), json!({"x": 1}), ""),
            (
                Op::DependentSchema("a", is_string),
                json!({"b": 1}),
                json!({"a": 1}),
                "",
            ),
            (
                Op::DependentRequired("a", "b", FAIL),
                json!({"b": 1}),
                json!({"a": 1}),
                "",
            ),
            (
                Op::AnyOf(&[never, is_string], FAIL),
                json!("a"),
                json!(1),
                "",
            ),
            (Op::Not(is_string, FAIL), json!(1), json!("a"), ""),
            (
                Op::If(is_string, Some(never), Some(yes)),
                json!(1),
                json!("a"),
                "",
            ),
            (
                Op::If(is_string, None, Some(never)),
                json!("a"),
                json!(1),
                "",
            ),
            (
                Op::Contains(
                    is_string,
                    Some(Limit {
                        limit: 2,
                        fail: FAIL,
                    }),
                    None,
                ),
                json!([1, "a", "b"]),
                json!([1, "a"]),
                "",
            ),
            (
                Op::Contains(
                    is_string,
                    None,
                    Some(Limit {
                        limit: 1,
                        fail: FAIL,
                    }),
                ),
                json!([1, "a"]),
                json!(["a", "b"]),
                "",
            ),
            (Op::Const(Lit::Str("a"), FAIL), json!("a"), json!("b"), ""),
            (
                Op::MultipleOf(Bound::F(0.5), FAIL),
                json!(1.5),
                json!(1.25),
                "",
            ),
            (
                Op::Format("date", FAIL),
                json!("2026-11-26"),
                json!("2026-13-01"),
                "",
            ),
            (Op::Pattern(&RE_X, FAIL), json!("x-1"), json!("y-x-"), ""),
            (Op::Type(kind::INTEGER, FAIL), json!(2.0), json!(2.5), ""),
            (
                Op::Count(Counted::Items, Cmp::Max, 1, FAIL),
                json!([1]),
                json!([1, 2]),
                "",
            ),
            (Op::UniqueItems(FAIL), json!([1, "1"]), json!([1, 1.0]), ""),
            (
                Op::Required("a", FAIL),
                json!({"a": null}),
                json!({"b": 1}),
                "",
            ),
            (Op::Enum(&["a"], &[], FAIL), json!("a"), json!("b"), ""),
        ];
        for (op, pass, fail, at) in cases {
            let ops = [op];
            let (ok, errors_on_pass) = {
                let mut cx = Cx::new(Options::new().formats(true));
                let ok = run(&pass, &mut cx, "#", &ops);
                (ok, cx.errors().len())
            };
            assert!(ok && errors_on_pass == 0, "{:?} on {pass}", ops[0]);
            let mut cx = Cx::new(Options::new().formats(true));
            assert!(!run(&fail, &mut cx, "#", &ops), "{:?} on {fail}", ops[0]);
            let pointers: Vec<&str> = cx
                .errors()
                .iter()
                .map(|e| e.instance_path.as_str())
                .collect();
            if at.is_empty() {
                assert!(
                    pointers.iter().all(|p| p.is_empty()),
                    "{:?}: {pointers:?}",
                    ops[0]
                );
            } else {
                assert_eq!(pointers, [at], "{:?} on {fail}", ops[0]);
            }
        }
    }
}
