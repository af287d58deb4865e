//! Decoding unions: by the JSON kind of the value ([`ReadAny`], the one visitor of every
//! union whose alternatives differ by kind), and, for alternatives that share a JSON
//! kind, by buffering the value and trying each alternative ([`buffer`]), or, for a
//! tagged union, by reading the object up to its tag and dispatching on it ([`tagged`]),
//! which buffers only the entries before the tag (none when the tag comes first).

use crate::__private::de::{no_alternative, Key};
use crate::__private::inflight;
use crate::__private::scalar::Scalar;
use crate::validate::NodeFn;
use serde::de::value::{
    BorrowedStrDeserializer, MapAccessDeserializer, SeqAccessDeserializer, StringDeserializer,
};
use serde::de::{
    self, Deserialize, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Unexpected, Visitor,
};
use serde_json::Value;
use std::borrow::Cow;
use std::cell::Cell;
use std::fmt;
use std::marker::PhantomData;

/// A union decoded by the JSON kind of its value: what its serde visitor does with each
/// kind, as associated functions, the visitor itself written once here ([`read_any`]).
/// A kind the union does not take keeps the default, serde's "invalid type" error
/// expecting [`ReadAny::EXPECTING`], as a visitor without that method gives.
pub trait ReadAny<'de>: Sized {
    /// What the visitor expects, for serde's "invalid type" errors.
    const EXPECTING: &'static str;

    /// A boolean.
    fn visit_bool<E: de::Error>(value: bool) -> Result<Self, E> {
        Err(invalid::<Self, E>(Unexpected::Bool(value)))
    }

    /// A number: `Scalar::U64` (a non-negative integer), `Scalar::I64` (a negative
    /// one) or `Scalar::F64`, as serde's `visit_u64`, `visit_i64` and `visit_f64` are
    /// called.
    fn visit_number<E: de::Error>(value: Scalar<'de, '_>) -> Result<Self, E> {
        Err(invalid::<Self, E>(value.unexpected()))
    }

    /// A string.
    fn visit_str<E: de::Error>(value: &str) -> Result<Self, E> {
        Err(invalid::<Self, E>(Unexpected::Str(value)))
    }

    /// `null`.
    fn visit_unit<E: de::Error>() -> Result<Self, E> {
        Err(invalid::<Self, E>(Unexpected::Unit))
    }

    /// An array.
    fn visit_seq<A: SeqAccess<'de>>(seq: A) -> Result<Self, A::Error> {
        let _ = seq;
        Err(invalid::<Self, A::Error>(Unexpected::Seq))
    }

    /// An object.
    fn visit_map<A: MapAccess<'de>>(map: A) -> Result<Self, A::Error> {
        let _ = map;
        Err(invalid::<Self, A::Error>(Unexpected::Map))
    }
}

/// serde's "invalid type" error for `unexpected`, expecting what `T` expects.
fn invalid<'de, T: ReadAny<'de>, E: de::Error>(unexpected: Unexpected<'_>) -> E {
    E::invalid_type(unexpected, &AnyVisitor::<T>(PhantomData))
}

/// Deserializes a `T` through its [`ReadAny`] impl, driven by `deserialize_any`: a
/// union's whole `Deserialize::deserialize`.
#[inline]
pub fn read_any<'de, T: ReadAny<'de>, D: Deserializer<'de>>(d: D) -> Result<T, D::Error> {
    d.deserialize_any(AnyVisitor::<T>(PhantomData))
}

struct AnyVisitor<T>(PhantomData<fn() -> T>);

impl<'de, T: ReadAny<'de>> Visitor<'de> for AnyVisitor<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(T::EXPECTING)
    }

    #[inline]
    fn visit_bool<E: de::Error>(self, v: bool) -> Result<T, E> {
        T::visit_bool(v)
    }

    #[inline]
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<T, E> {
        T::visit_number(Scalar::I64(v))
    }

    #[inline]
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<T, E> {
        T::visit_number(Scalar::U64(v))
    }

    #[inline]
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<T, E> {
        T::visit_number(Scalar::F64(v))
    }

    #[inline]
    fn visit_str<E: de::Error>(self, v: &str) -> Result<T, E> {
        T::visit_str(v)
    }

    #[inline]
    fn visit_unit<E: de::Error>(self) -> Result<T, E> {
        T::visit_unit()
    }

    #[inline]
    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<T, A::Error> {
        T::visit_seq(seq)
    }

    #[inline]
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<T, A::Error> {
        T::visit_map(map)
    }
}

/// The `Deserialize` impl of a union decoded by the JSON kind of its value, through its
/// [`ReadAny`] impl: `deserialize_any!(Name);`.
#[doc(hidden)]
#[macro_export]
macro_rules! __envgen_deserialize_any {
    ($name:ident) => {
        impl<'de> ::serde::Deserialize<'de> for $name {
            fn deserialize<D: ::serde::Deserializer<'de>>(
                deserializer: D,
            ) -> ::core::result::Result<Self, D::Error> {
                $crate::__private::union::read_any(deserializer)
            }
        }
    };
}

pub use crate::__envgen_deserialize_any as deserialize_any;

/// A `T` read from a string a visitor was given (a union's alternative).
#[inline]
pub fn from_str<'de, T: Deserialize<'de>, E: de::Error>(value: &str) -> Result<T, E> {
    T::deserialize(Scalar::Str(value).de::<E>())
}

/// A `T` read from a boolean a visitor was given.
#[inline]
pub fn from_bool<'de, T: Deserialize<'de>, E: de::Error>(value: bool) -> Result<T, E> {
    T::deserialize(Scalar::Bool(value).de::<E>())
}

/// A `T` read from `null`, as a visitor was given it.
#[inline]
pub fn from_null<'de, T: Deserialize<'de>, E: de::Error>() -> Result<T, E> {
    T::deserialize(Scalar::Null.de::<E>())
}

/// A `T` read from the array a visitor was given.
#[inline]
pub fn from_seq<'de, T: Deserialize<'de>, A: SeqAccess<'de>>(seq: A) -> Result<T, A::Error> {
    T::deserialize(SeqAccessDeserializer::new(seq))
}

/// A `T` read from the object a visitor was given.
#[inline]
pub fn from_map<'de, T: Deserialize<'de>, A: MapAccess<'de>>(map: A) -> Result<T, A::Error> {
    T::deserialize(MapAccessDeserializer::new(map))
}

thread_local! {
    static BUFFERED: Cell<u64> = const { Cell::new(0) };
}

fn count_buffered(n: u64) {
    BUFFERED.with(|b| b.set(b.get() + n));
}

/// How many values this thread has buffered as `serde_json::Value`s to decode unions
/// (whole values by [`buffer`], entries before a tag by [`tagged`]): for tests that pin
/// which unions decode without buffering.
#[doc(hidden)]
pub fn buffered() -> u64 {
    BUFFERED.with(Cell::get)
}

/// The error of a buffered union none of whose alternatives took `value`
/// (`inflight::unmatched`): within a session, the errors of `node`, the union's own schema
/// node, raised in flight; otherwise, or when the schema accepts the value, the
/// deserializer's "matches no alternative of the `keyword` of `type_name`"
/// (`de::no_alternative`).
pub fn unmatched<T, E: de::Error>(
    value: &Value,
    node: NodeFn,
    type_name: &str,
    keyword: &str,
) -> Result<T, E> {
    Err(inflight::unmatched(value, node, || {
        no_alternative(type_name, keyword, "the value")
    }))
}

/// One alternative of a buffered union tried on its value: the value read, or `None`
/// when the alternative does not take it. The error is swallowed, and with it what the
/// alternative raised in flight ([`inflight::swallowed`]).
#[inline]
pub fn attempt<T, E>(result: Result<T, E>) -> Option<T> {
    match result {
        Ok(t) => Some(t),
        Err(_) => {
            inflight::swallowed();
            None
        }
    }
}

/// The whole value, buffered to try a union's alternatives one by one.
pub fn buffer<'de, D: Deserializer<'de>>(d: D) -> Result<Value, D::Error> {
    count_buffered(1);
    Value::deserialize(d)
}

/// Reads a tagged union's object from `map` up to its tag property `tag`, and returns
/// which of `tags` its value is (`None` when the tag is absent or none of them; a tag
/// that is not a string is an error), with the object to decode the chosen alternative from: [`Tagged`] replays the
/// entries read so far, then reads on from `map`. Entries before the tag are buffered;
/// when the tag comes first, nothing is.
pub fn tagged<'de, A: MapAccess<'de>>(
    mut map: A,
    tag: &str,
    tags: &[&str],
) -> Result<(Option<usize>, Tagged<'de, A>), A::Error> {
    let mut before = Vec::new();
    while let Some(key) = map.next_key::<Key<'de>>()? {
        if key.as_str() == tag {
            // Every alternative pins the tag to a string: any other value matches none,
            // and fails here as serde words it.
            let value = map.next_value::<Key<'de>>()?;
            let index = tags.iter().position(|t| *t == value.as_str());
            let tagged = Tagged {
                before: before.into_iter(),
                tag: Some((key.0, Replay::Str(value.0))),
                rest: Some(map),
                value: None,
            };
            return Ok((index, tagged));
        }
        count_buffered(1);
        before.push((key.0, Replay::Value(map.next_value::<Value>()?)));
    }
    let tagged = Tagged {
        before: before.into_iter(),
        tag: None,
        rest: None,
        value: None,
    };
    Ok((None, tagged))
}

/// A tagged union's object, as [`tagged`] left it: the entries before the tag, the tag,
/// then the rest of the underlying map.
pub struct Tagged<'de, A> {
    before: std::vec::IntoIter<(Cow<'de, str>, Replay<'de>)>,
    tag: Option<(Cow<'de, str>, Replay<'de>)>,
    rest: Option<A>,
    /// The value of the key just replayed.
    value: Option<Replay<'de>>,
}

/// A value read before it is decoded: the tag's string as it was read (borrowed from the
/// input when it has no escapes, so a tag first costs no allocation), or an entry before
/// the tag as a `serde_json::Value`.
enum Replay<'de> {
    Str(Cow<'de, str>),
    Value(Value),
}

impl<'de, A: MapAccess<'de>> MapAccess<'de> for Tagged<'de, A> {
    type Error = A::Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, A::Error> {
        let replayed = match self.before.next() {
            Some(entry) => Some(entry),
            None => self.tag.take(),
        };
        match replayed {
            Some((key, value)) => {
                self.value = Some(value);
                key_from(key, seed).map(Some)
            }
            None => match &mut self.rest {
                Some(rest) => rest.next_key_seed(seed),
                None => Ok(None),
            },
        }
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, A::Error> {
        match (self.value.take(), &mut self.rest) {
            (Some(Replay::Str(s)), _) => key_from(s, seed),
            (Some(Replay::Value(value)), _) => seed.deserialize(value).map_err(|e| {
                inflight::new_failure();
                de::Error::custom(e)
            }),
            (None, Some(rest)) => rest.next_value_seed(seed),
            (None, None) => Err(de::Error::custom("a value was read with no key before it")),
        }
    }
}

/// `seed` applied to a string read earlier (a replayed key, or the tag's value).
fn key_from<'de, K: DeserializeSeed<'de>, E: de::Error>(
    key: Cow<'de, str>,
    seed: K,
) -> Result<K::Value, E> {
    match key {
        Cow::Borrowed(k) => seed.deserialize(BorrowedStrDeserializer::<E>::new(k)),
        Cow::Owned(k) => seed.deserialize(StringDeserializer::<E>::new(k)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::de::value::MapAccessDeserializer;
    use serde::de::Visitor;
    use std::fmt;

    /// What [`read`] gives back: the tag index, the entries in the order they are
    /// replayed, and how many values were buffered.
    type Read = (Option<usize>, Vec<(String, Value)>, u64);

    /// Reads an object through [`tagged`].
    fn read(text: &str) -> Result<Read, String> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Read;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
                let before = buffered();
                let (index, tagged) = tagged(map, "kind", &["ls", "grep"])?;
                let counted = buffered() - before;
                let entries = indexmap::IndexMap::<String, Value>::deserialize(
                    MapAccessDeserializer::new(tagged),
                )?;
                Ok((index, entries.into_iter().collect(), counted))
            }
        }
        let mut de = serde_json::Deserializer::from_str(text);
        de.deserialize_map(V).map_err(|e| e.to_string())
    }

    fn entries(text: &str) -> Vec<(String, Value)> {
        let v: indexmap::IndexMap<String, Value> = serde_json::from_str(text).unwrap_or_default();
        v.into_iter().collect()
    }

    #[test]
    fn a_tag_first_is_dispatched_with_nothing_buffered() {
        let doc = r#"{"kind": "grep", "pattern": "x", "n": [1, 2]}"#;
        assert_eq!(read(doc), Ok((Some(1), entries(doc), 0)));
    }

    #[test]
    fn entries_before_the_tag_are_buffered_and_replayed_in_order() {
        let doc = r#"{"pattern": "x", "n\u0041": [1, 2], "kind": "ls", "z": null}"#;
        assert_eq!(read(doc), Ok((Some(0), entries(doc), 2)));
    }

    #[test]
    fn an_absent_or_unknown_tag_selects_nothing() {
        for doc in [
            r#"{"pattern": "x"}"#,
            r#"{"kind": "find", "a": 1}"#,
            r#"{"kind": "l\u0073"}"#,
            r#"{}"#,
        ] {
            let (index, replayed, _) = read(doc).unwrap_or_else(|e| panic!("{doc}: {e}"));
            let expected = if doc.contains("u0073") { Some(0) } else { None };
            assert_eq!((index, replayed), (expected, entries(doc)), "{doc}");
        }
    }

    #[test]
    fn a_tag_that_is_not_a_string_is_an_error() {
        assert!(read(r#"{"kind": 3}"#).is_err());
        assert!(read(r#"{"a": 1, "kind": ["ls"]}"#).is_err());
    }

    #[test]
    fn buffer_counts_what_it_buffers() {
        let before = buffered();
        let mut de = serde_json::Deserializer::from_str("[1]");
        assert_eq!(buffer(&mut de).ok(), Some(serde_json::json!([1])));
        assert_eq!(buffered() - before, 1);
    }
}
