//! Message templates: the text of an error, with holes a backend fills from what it holds
//! (the shown instance, a count, a key), so every backend words a failure the same way.
//! The standard wordings are made here ([`required`], [`count`], ...), for the lowering
//! and for a backend that checks a check is worded the standard way (the `Value`
//! validators' tables then name the wording instead of spelling it out).

use super::{Cmp, Counted};
use crate::load::JsonType;

/// What fills a hole of a [`Message`]: what a check computes as it runs. The runtime's
/// `__private::plan::Arg`, which a table's messages name, has these and three more, the
/// shorthands of its shared wordings for what an op holds (its name, word and bound),
/// which the plan spells out in the text; `emit/validate/table.rs` maps one to the other.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Arg {
    /// The instance, shown as JSON (`validate::show`), at most 60 characters.
    Instance,
    /// A count the check computed (items, properties, matching items or branches).
    Count,
    /// The object key being checked, shown as a JSON string.
    Key,
    /// The first index of a pair (`uniqueItems`).
    First,
    /// The second index of a pair (`uniqueItems`).
    Second,
}

/// A message: literal pieces around holes. `pieces` has one more element than `args`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Message {
    /// The literal text before, between and after the holes.
    pub pieces: Vec<String>,
    /// What fills each hole, in order.
    pub args: Vec<Arg>,
}

impl Message {
    /// A message with no hole.
    pub(crate) fn text(s: impl Into<String>) -> Message {
        Message {
            pieces: vec![s.into()],
            args: Vec::new(),
        }
    }

    /// A message of literal text and holes, in order.
    pub(crate) fn parts(parts: &[Part<'_>]) -> Message {
        let mut pieces = vec![String::new()];
        let mut args = Vec::new();
        for p in parts {
            match p {
                Part::Text(t) => {
                    if let Some(last) = pieces.last_mut() {
                        last.push_str(t);
                    }
                }
                Part::Hole(a) => {
                    args.push(*a);
                    pieces.push(String::new());
                }
            }
        }
        Message { pieces, args }
    }

    /// `<instance> <rest>`: the common form.
    pub(crate) fn instance(rest: &str) -> Message {
        Message::parts(&[Part::Hole(Arg::Instance), Part::Text(rest)])
    }

    /// The template as a `format!` string (braces of the text escaped).
    pub(crate) fn format_string(&self) -> String {
        let escaped: Vec<String> = self
            .pieces
            .iter()
            .map(|p| p.replace('{', "{{").replace('}', "}}"))
            .collect();
        escaped.join("{}")
    }

    /// The text when the message has no hole.
    pub(crate) fn fixed(&self) -> Option<&str> {
        match (self.args.is_empty(), self.pieces.first()) {
            (true, Some(p)) => Some(p),
            _ => None,
        }
    }
}

/// A part of a message under construction.
pub(crate) enum Part<'s> {
    /// Literal text.
    Text(&'s str),
    /// A hole.
    Hole(Arg),
}

/// The JSON text of `s`, at most 80 characters (`...` marks a cut).
pub(crate) fn short(s: &str) -> String {
    if s.chars().count() <= 80 {
        s.to_owned()
    } else {
        let cut: String = s.chars().take(77).collect();
        format!("{cut}...")
    }
}

/// The JSON text of a string, for messages.
pub(crate) fn json(s: &str) -> String {
    serde_json::Value::from(s).to_string()
}

/// `type`: the instance is none of `types`.
pub(crate) fn not_of_type(types: &[JsonType]) -> Message {
    let names: Vec<String> = types.iter().map(|t| format!("\"{}\"", t.name())).collect();
    let expected = match names.as_slice() {
        [one] => format!(" is not of type {one}"),
        _ => format!(" is not of any of the types {}", names.join(", ")),
    };
    Message::instance(&expected)
}

/// `required`: `name` is missing.
pub(crate) fn required(name: &str) -> Message {
    Message::text(format!("missing required property {}", json(name)))
}

/// `pattern`: the instance does not match `pattern`.
pub(crate) fn pattern(pattern: &str) -> Message {
    Message::instance(&format!(" does not match the pattern {}", json(pattern)))
}

/// `format`: the instance is not a valid `format`.
pub(crate) fn format(format: &str) -> Message {
    Message::instance(&format!(" is not a valid {format}"))
}

/// A count of `what` against the bound `n` of `keyword` (`minLength`, `maxItems`, ...).
pub(crate) fn count(what: Counted, cmp: Cmp, n: u64, keyword: &str) -> Message {
    let least = cmp == Cmp::Min;
    match what {
        Counted::Chars => {
            let than = if least { "shorter" } else { "longer" };
            let plural = if n == 1 { "" } else { "s" };
            Message::instance(&format!(" is {than} than {n} character{plural}"))
        }
        Counted::Items | Counted::Properties => {
            let (noun, unit) = match what {
                Counted::Items => ("array", "items"),
                _ => ("object", "properties"),
            };
            let than = if least { "fewer" } else { "more" };
            counted(
                &format!("the {noun} has "),
                &format!(" {unit}, {than} than {keyword} {n}"),
            )
        }
    }
}

/// `<before><count><after>`.
pub(crate) fn counted(before: &str, after: &str) -> Message {
    Message::parts(&[
        Part::Text(before),
        Part::Hole(Arg::Count),
        Part::Text(after),
    ])
}

/// `uniqueItems`: the pair of equal items.
pub(crate) fn not_unique() -> Message {
    Message::parts(&[
        Part::Text("items "),
        Part::Hole(Arg::First),
        Part::Text(" and "),
        Part::Hole(Arg::Second),
        Part::Text(" of the array are equal"),
    ])
}

/// `additionalProperties: false`: the key is not allowed.
pub(crate) fn not_allowed() -> Message {
    Message::parts(&[
        Part::Text("property "),
        Part::Hole(Arg::Key),
        Part::Text(" is not allowed"),
    ])
}

/// `anyOf`: no branch matches.
pub(crate) fn no_any_of() -> Message {
    Message::instance(" matches none of the `anyOf` alternatives")
}

/// `oneOf`: no branch matches.
pub(crate) fn no_one_of() -> Message {
    Message::instance(" matches none of the `oneOf` alternatives")
}

/// `oneOf`: several branches match.
pub(crate) fn many_of_one_of() -> Message {
    Message::parts(&[
        Part::Hole(Arg::Instance),
        Part::Text(" matches "),
        Part::Hole(Arg::Count),
        Part::Text(" of the `oneOf` alternatives; exactly one must match"),
    ])
}

/// `not`: the instance matches the `not` schema.
pub(crate) fn not() -> Message {
    Message::instance(" must not match the `not` schema")
}
