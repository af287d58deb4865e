//! How a table op words and locates its failure: [`Fail`], its [`Msg`] and the holes
//! ([`Arg`]) the op fills when, and only when, the failure is recorded.

use crate::validate::{show, show_str, Cx};
use serde_json::Value;

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
    /// The name the op checks (a `required` property, a pattern's source), as a JSON
    /// string, in full.
    Name,
    /// The name the op checks as it is (a `format`).
    Word,
    /// The op's bound (`minLength`, `maxItems`, ...).
    Limit,
}

/// A message's wording.
#[derive(Debug, Clone, Copy)]
pub enum Msg {
    /// Literal text around holes (one more piece than holes), and what fills each hole.
    Parts(&'static [&'static str], &'static [Arg]),
    /// The instance shown, then the text: the form most messages take.
    Shown(&'static str),
}

impl Msg {
    /// `pieces` around the holes `args`.
    pub const fn new(pieces: &'static [&'static str], args: &'static [Arg]) -> Self {
        Msg::Parts(pieces, args)
    }
}

/// The wordings most checks share, named so that a generated table fits an op on a line.
/// Generated code uses one only where the plan's wording is exactly it.
pub mod msg {
    use super::{Arg, Msg};

    /// `type: "object"`.
    pub const NOT_OBJECT: Msg = Msg::Shown(" is not of type \"object\"");
    /// `type: "array"`.
    pub const NOT_ARRAY: Msg = Msg::Shown(" is not of type \"array\"");
    /// `type: "string"`.
    pub const NOT_STRING: Msg = Msg::Shown(" is not of type \"string\"");
    /// `type: "number"`.
    pub const NOT_NUMBER: Msg = Msg::Shown(" is not of type \"number\"");
    /// `type: "integer"`.
    pub const NOT_INTEGER: Msg = Msg::Shown(" is not of type \"integer\"");
    /// `type: "boolean"`.
    pub const NOT_BOOLEAN: Msg = Msg::Shown(" is not of type \"boolean\"");
    /// `type: "null"`.
    pub const NOT_NULL: Msg = Msg::Shown(" is not of type \"null\"");
    /// `additionalProperties: false`.
    pub const NOT_ALLOWED: Msg = Msg::new(&["property ", " is not allowed"], &[Arg::Key]);
    /// `required`: the missing name.
    pub const REQUIRED: Msg = Msg::new(&["missing required property ", ""], &[Arg::Name]);
    /// `pattern`: the pattern's source.
    pub const NO_MATCH: Msg = Msg::new(
        &["", " does not match the pattern ", ""],
        &[Arg::Instance, Arg::Name],
    );
    /// `format`: the format's name.
    pub const NOT_FORMAT: Msg =
        Msg::new(&["", " is not a valid ", ""], &[Arg::Instance, Arg::Word]);
    /// `uniqueItems: true`.
    pub const NOT_UNIQUE: Msg = Msg::new(
        &["items ", " and ", " of the array are equal"],
        &[Arg::First, Arg::Second],
    );
    /// `anyOf`.
    pub const NO_ANY_OF: Msg = Msg::Shown(" matches none of the `anyOf` alternatives");
    /// `oneOf`, when no branch matches.
    pub const NO_ONE_OF: Msg = Msg::Shown(" matches none of the `oneOf` alternatives");
    /// `oneOf`, when several branches match.
    pub const MANY_OF_ONE_OF: Msg = Msg::new(
        &[
            "",
            " matches ",
            " of the `oneOf` alternatives; exactly one must match",
        ],
        &[Arg::Instance, Arg::Count],
    );
    /// `not`.
    pub const NOT: Msg = Msg::Shown(" must not match the `not` schema");
}

/// A failure a check records: its keyword, schema location, and message.
#[derive(Debug)]
pub struct Fail {
    /// The keyword reported.
    pub keyword: &'static str,
    /// The keyword's schema location; with `below`, relative to the node being run.
    pub at: &'static str,
    /// Whether `at` is below the schema location of the node being run
    /// ([`run`](fn@super::run)).
    pub below: bool,
    /// The wording.
    pub msg: Msg,
}

impl Fail {
    /// A failure of `keyword` at schema location `at`, worded by `msg`.
    pub const fn new(keyword: &'static str, at: &'static str, msg: Msg) -> Self {
        Fail {
            keyword,
            at,
            below: false,
            msg,
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
            msg,
        }
    }
}

/// What fills a message's holes.
pub(super) struct Fill<'a> {
    pub(super) v: &'a Value,
    pub(super) count: usize,
    pub(super) key: &'a str,
    pub(super) pair: (usize, usize),
    pub(super) name: &'a str,
    pub(super) limit: u64,
}

impl<'a> Fill<'a> {
    pub(super) fn of(v: &'a Value) -> Self {
        Fill {
            v,
            count: 0,
            key: "",
            pair: (0, 0),
            name: "",
            limit: 0,
        }
    }

    pub(super) fn count(v: &'a Value, count: usize) -> Self {
        Fill {
            count,
            ..Fill::of(v)
        }
    }

    pub(super) fn name(v: &'a Value, name: &'a str) -> Self {
        Fill {
            name,
            ..Fill::of(v)
        }
    }
}

impl Fail {
    /// The message, its holes filled (as the generated code's `format!` or `join` fills
    /// them).
    fn text(&self, fill: &Fill<'_>) -> String {
        use std::fmt::Write as _;
        let (pieces, args): (&[&str], &[Arg]) = match self.msg {
            Msg::Parts(pieces, args) => (pieces, args),
            Msg::Shown(rest) => {
                let mut s = show(fill.v);
                s.push_str(rest);
                return s;
            }
        };
        let shown = args
            .iter()
            .any(|a| matches!(a, Arg::Instance))
            .then(|| show(fill.v));
        let len: usize = pieces.iter().map(|p| p.len()).sum();
        let mut s = String::with_capacity(len + shown.as_ref().map_or(16, |t| t.len() + 16));
        for (i, piece) in pieces.iter().enumerate() {
            s.push_str(piece);
            let Some(arg) = args.get(i) else {
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
                Arg::Name => write!(s, "{}", Value::from(fill.name)),
                Arg::Word => {
                    s.push_str(fill.name);
                    Ok(())
                }
                Arg::Limit => write!(s, "{}", fill.limit),
            };
        }
        s
    }

    /// Records the failure: the instance is invalid; whether to go on.
    #[inline]
    pub(super) fn record(&self, cx: &mut Cx<'_>, valid: &mut bool, fill: &Fill<'_>) -> bool {
        *valid = false;
        if self.below {
            cx.fail_below(self.keyword, self.at, || self.text(fill))
        } else {
            cx.fail(self.keyword, self.at, || self.text(fill))
        }
    }
}
