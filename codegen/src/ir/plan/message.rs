//! Message templates: the text of an error, with holes a backend fills from what it holds
//! (the shown instance, a count, a key), so every backend words a failure the same way.

/// What fills a hole of a [`Message`].
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
