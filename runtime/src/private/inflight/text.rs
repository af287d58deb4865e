//! A string property whose schema asks no more of it than a `pattern`, a `minLength` and a
//! `maxLength` ([`Text`]): within a session, the string is checked as soon as it is read,
//! and a string the rule refuses is noted (`session::refuse_text`). The parse goes on as
//! before; a struct whose typed check asks nothing else checks nothing after a parse that
//! noted nothing (`check::from_json_str_inflight_with`), and after one that did, the typed
//! check runs and reports the error as it always did.
//!
//! Outside a session (a plain `serde_json::from_str::<T>`, a builder) nothing is checked
//! here: the string is read as serde reads it, and `validate()` checks it.

use super::capture::{PlainMode, Read};
use super::{active, refuse_text, Spec};
use crate::__private::regex::{self, Re};
use crate::__private::scalar::Scalar;
use serde::de::{self, Deserialize, DeserializeSeed, Deserializer};

/// What a string property's schema asks of it: a `pattern` and bounds on its length in
/// characters (code points, as `minLength` counts them). Generated code holds one in a
/// `static` per distinct rule (`Text::new(Some(Re::new("^\\d+$")), 1, None)`) and reads
/// the property with `de::Fields::text`.
#[derive(Debug)]
pub struct Text {
    pattern: Option<Re>,
    min: u64,
    max: Option<u64>,
}

impl Text {
    /// The rule: the string matches `pattern` (if any) and has `min` to `max` characters.
    pub const fn new(pattern: Option<Re>, min: u64, max: Option<u64>) -> Text {
        Text { pattern, min, max }
    }

    /// Whether `s` satisfies the rule, decided as the typed check decides it (the same
    /// character count, the same compiled pattern).
    #[inline]
    pub fn passes(&self, s: &str) -> bool {
        if self.min > 0 || self.max.is_some() {
            let len = s.chars().count() as u64;
            if len < self.min || self.max.is_some_and(|max| len > max) {
                return false;
            }
        }
        self.pattern
            .as_ref()
            .is_none_or(|re| regex::is_match(re, s))
    }
}

impl<'de> DeserializeSeed<'de> for &Text {
    type Value = String;
    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<String, D::Error> {
        String::deserialize(d)
    }
}

impl<'de> Read<'de> for &Text {
    type Items = PlainMode;

    fn null<E: de::Error>(self) -> Result<String, E> {
        String::deserialize(Scalar::Null.de::<E>())
    }

    /// The string; within a session, one the rule refuses is noted
    /// (`session::refuse_text`).
    #[inline]
    fn field<D: Deserializer<'de>>(self, _: &Spec, d: D) -> Result<String, D::Error> {
        let s = String::deserialize(d)?;
        if active() && !self.passes(&s) {
            refuse_text();
        }
        Ok(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DOTTED: &str = "^\\d+\\.\\d+$";

    #[test]
    fn a_rule_decides_as_the_keywords_do() {
        let version = Text::new(Some(Re::new(DOTTED)), 0, None);
        assert!(version.passes("1.0"));
        assert!(!version.passes("1.0.0"));
        assert!(!version.passes("v1"));
        let short = Text::new(None, 2, Some(3));
        assert!(!short.passes("a"));
        assert!(short.passes("ab"));
        // Characters, not bytes: three code points in six bytes.
        assert!(short.passes("äöü"));
        assert!(!short.passes("äöüß"));
        let both = Text::new(Some(Re::new(DOTTED)), 4, None);
        assert!(!both.passes("1.0"), "long enough is asked too");
        assert!(both.passes("10.25"));
    }

    #[test]
    fn a_session_notes_a_refused_string_which_is_read_as_it_is() {
        use crate::__private::inflight::Session;
        use crate::Options;
        let rule = Text::new(Some(Re::new(DOTTED)), 0, None);
        let spec = Spec::of(|_, _| true, super::super::STRING, true);
        let read = |text: &str| {
            let mut de = serde_json::Deserializer::from_str(text);
            Read::field(&rule, &spec, &mut de).ok()
        };
        // Outside a session: read as serde reads it, noted nowhere.
        assert_eq!(read("\"1.0.0\"").as_deref(), Some("1.0.0"));
        let outer = Session::start(&Options::new());
        assert!(
            !outer.refused_text(),
            "a session starts with nothing refused"
        );
        assert_eq!(read("\"1.0\"").as_deref(), Some("1.0"));
        assert!(!outer.refused_text());
        {
            let inner = Session::start(&Options::new());
            assert_eq!(read("\"2\"").as_deref(), Some("2"));
            assert!(inner.refused_text());
        }
        assert!(
            !outer.refused_text(),
            "an inner session's refusal is its own"
        );
        assert_eq!(read("\"1.0.0\"").as_deref(), Some("1.0.0"));
        assert!(outer.refused_text());
        drop(outer);
        assert!(!Session::start(&Options::new()).refused_text());
    }
}
