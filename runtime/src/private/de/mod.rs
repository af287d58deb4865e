//! Deserialization helpers used by generated `Deserialize` impls.
//!
//! Generated deserializers raise their errors through the functions here, so that every
//! message has one wording, and [`locate_error`] can name the keyword that failed.

mod fields;
mod lenient;
mod located;
mod read_map;

pub use fields::{Fields, LenientOrNullSlot, LenientSlot};
pub use lenient::Lenient;
pub(crate) use located::find_unique;
pub use located::{from_serde_error, locate_error, narrowed, narrowed_by, parse_only};
pub use read_map::{deserialize_boxed, deserialize_map, read_map, ReadMap};

use serde::de::{self, Deserialize, Deserializer, Visitor};
use std::borrow::Cow;
use std::fmt;
use std::marker::PhantomData;

/// A map key, borrowed from the input when it has no escapes. Reading one records where
/// it stands (`inflight::key_read`), so that a property's value that
/// fails can be found again in the text.
#[derive(Debug)]
pub struct Key<'de>(pub Cow<'de, str>);

impl Key<'_> {
    /// The key text.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The key as an owned `String`.
    pub fn into_owned(self) -> String {
        self.0.into_owned()
    }
}

impl std::ops::Deref for Key<'_> {
    type Target = str;

    #[inline]
    fn deref(&self) -> &str {
        &self.0
    }
}

impl<'de> Deserialize<'de> for Key<'de> {
    // Not inlined into serde_json's key reader: inlined, a valid ResponseEnvelope document
    // took 100-140 more instructions (callgrind, `scripts/instructions.py`, kind `timed`).
    #[inline(never)]
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct KeyVisitor;
        impl<'de> Visitor<'de> for KeyVisitor {
            type Value = Key<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a property name")
            }
            fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Key<'de>, E> {
                crate::__private::inflight::key_read(Some(v));
                Ok(Key(Cow::Borrowed(v)))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Key<'de>, E> {
                crate::__private::inflight::key_read(None);
                Ok(Key(Cow::Owned(v.to_owned())))
            }
            fn visit_string<E: de::Error>(self, v: String) -> Result<Key<'de>, E> {
                crate::__private::inflight::key_read(None);
                Ok(Key(Cow::Owned(v)))
            }
        }
        d.deserialize_str(KeyVisitor)
    }
}

/// `name` as a JSON string, as the messages show a property's name.
pub(crate) fn quoted(name: &str) -> String {
    serde_json::to_string(name).unwrap_or_else(|_| format!("{name:?}"))
}

/// Appends [`quoted`]`(name)` to `out`: a name with nothing to escape is copied between
/// quotes as it is, without serde_json's writer.
pub(crate) fn push_quoted(out: &mut String, name: &str) {
    if name.bytes().all(|b| b >= 0x20 && b != b'"' && b != b'\\') {
        out.reserve(name.len() + 2);
        out.push('"');
        out.push_str(name);
        out.push('"');
    } else {
        out.push_str(&quoted(name));
    }
}

/// The `Deserialize` of an enum of no variants (a schema that accepts no value): the value
/// is read past, then refused, so the error stands where the value ends.
pub fn uninhabited<'de, D: Deserializer<'de>, T>(d: D) -> Result<T, D::Error> {
    d.deserialize_ignored_any(de::IgnoredAny)?;
    Err(de::Error::custom(
        "no value is allowed here (the schema accepts none)",
    ))
}

/// The serde impls of a generated enum of no variants (a schema that accepts no value):
/// `uninhabited!(Name);`. `Serialize` has no value to write; `Deserialize` refuses every
/// value ([`uninhabited`](fn@uninhabited)).
#[doc(hidden)]
#[macro_export]
macro_rules! __envgen_uninhabited {
    ($name:ident) => {
        impl ::serde::Serialize for $name {
            fn serialize<S: ::serde::Serializer>(
                &self,
                _: S,
            ) -> ::core::result::Result<S::Ok, S::Error> {
                match *self {}
            }
        }
        impl<'de> ::serde::Deserialize<'de> for $name {
            fn deserialize<D: ::serde::Deserializer<'de>>(
                deserializer: D,
            ) -> ::core::result::Result<Self, D::Error> {
                $crate::__private::de::uninhabited(deserializer)
            }
        }
    };
}

pub use crate::__envgen_uninhabited as uninhabited;

/// Error for a required property that is absent.
pub fn missing_property<E: de::Error>(name: &str) -> E {
    E::custom(format_args!("missing required property {}", quoted(name)))
}

/// Error for a property that `additionalProperties: false` forbids.
pub fn property_not_allowed<E: de::Error>(name: &str) -> E {
    E::custom(format_args!("property {} is not allowed", quoted(name)))
}

/// Error for a property that appears twice in one object.
pub fn duplicate_property<E: de::Error>(name: &str) -> E {
    E::custom(format_args!("duplicate property {}", quoted(name)))
}

/// Fails with [`duplicate_property`] when `slot` already holds the property `name`: the
/// check a generated visitor makes before reading a declared property's value.
#[inline]
pub fn once<T, E: de::Error>(slot: &Option<T>, name: &str) -> Result<(), E> {
    match slot {
        Some(_) => Err(duplicate_property(name)),
        None => Ok(()),
    }
}

/// A declared property in one call: [`duplicate_property`] when `slot` is already
/// filled, else the next value into `slot`.
#[inline]
pub fn field<'de, A, T>(map: &mut A, slot: &mut Option<T>, name: &str) -> Result<(), A::Error>
where
    A: de::MapAccess<'de>,
    T: de::Deserialize<'de>,
{
    once(slot, name)?;
    *slot = Some(map.next_value()?);
    Ok(())
}

/// An undeclared property's value, kept in `extra` (the struct's `extra` map) under `key`,
/// or [`duplicate_property`] when `extra` holds `key` already. The value is read before.
#[inline]
pub fn keep<M: Extra<V>, V, E: de::Error>(extra: &mut M, value: V, key: Key<'_>) -> Result<(), E> {
    if extra.holds(&key) {
        return Err(duplicate_property(&key));
    }
    extra.put(key.into_owned(), value);
    Ok(())
}

/// A map of a struct's undeclared properties (`serde_json::Map`, `IndexMap`), as
/// [`keep`] fills it.
pub trait Extra<V> {
    /// Whether it holds `key`.
    fn holds(&self, key: &str) -> bool;
    /// Inserts `value` under `key`.
    fn put(&mut self, key: String, value: V);
}

impl Extra<serde_json::Value> for serde_json::Map<String, serde_json::Value> {
    #[inline]
    fn holds(&self, key: &str) -> bool {
        self.contains_key(key)
    }
    #[inline]
    fn put(&mut self, key: String, value: serde_json::Value) {
        self.insert(key, value);
    }
}

impl<V> Extra<V> for indexmap::IndexMap<String, V> {
    #[inline]
    fn holds(&self, key: &str) -> bool {
        self.contains_key(key)
    }
    #[inline]
    fn put(&mut self, key: String, value: V) {
        self.insert(key, value);
    }
}

/// The value of a required property `name` once the object is read, or
/// [`missing_property`] when it was absent.
#[inline]
pub fn required<T, E: de::Error>(slot: Option<T>, name: &str) -> Result<T, E> {
    match slot {
        Some(v) => Ok(v),
        None => Err(missing_property(name)),
    }
}

/// A type whose deserializer can build its value straight into a heap box. Generated
/// structs estimated large implement it: their visitor yields `Box<Self>`, so the generic
/// frames a value passes through while it is read (serde_json's, the in-flight checks')
/// hold a pointer rather than the value. In a debug build, where each frame keeps a slot
/// for every temporary, that keeps a parse of large nested structs within a thread's
/// default 2 MiB stack.
pub trait DeserializeBoxed<'de>: Sized {
    /// Reads a value into a new box.
    fn deserialize_boxed<D: Deserializer<'de>>(deserializer: D) -> Result<Box<Self>, D::Error>;
}

/// A field value read through [`DeserializeBoxed`]: what a generated visitor holds for a
/// large struct field until the object is read, then unboxes into the struct.
pub struct Boxed<T>(pub Box<T>);

impl<'de, T: DeserializeBoxed<'de>> Deserialize<'de> for Boxed<T> {
    #[inline]
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        T::deserialize_boxed(d).map(Boxed)
    }
}

impl<T> Boxed<T> {
    /// The value, out of its box.
    #[inline]
    pub fn into_inner(self) -> T {
        *self.0
    }
}

/// The value of a struct read into a heap box, boxed: the last expression of the
/// `read_map` of `Box<Self>` (`de::boxed(Name { … })`).
#[inline]
pub fn boxed<T, E>(value: T) -> Result<Box<T>, E> {
    Ok(Box::new(value))
}

/// Error for a value outside a closed set of literals (`enum` or `const`).
pub fn no_literal<E: de::Error>(type_name: &str, keyword: &str) -> E {
    E::custom(format_args!(
        "value is not one of the values `{keyword}` allows for {type_name}"
    ))
}

/// Deserializes a generated enum of strings through its `FromStr`: a string it does not
/// list is [`no_literal`]'s error (`type_name`, `keyword`), any other JSON kind serde's
/// "invalid type" error, expecting `expecting` (`__private::string_enum!`).
pub fn string_enum<'de, T, D>(
    d: D,
    expecting: &'static str,
    type_name: &'static str,
    keyword: &'static str,
) -> Result<T, D::Error>
where
    T: std::str::FromStr,
    D: Deserializer<'de>,
{
    struct StrVisitor<T> {
        expecting: &'static str,
        type_name: &'static str,
        keyword: &'static str,
        of: PhantomData<fn() -> T>,
    }
    impl<T: std::str::FromStr> Visitor<'_> for StrVisitor<T> {
        type Value = T;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str(self.expecting)
        }
        fn visit_str<E: de::Error>(self, value: &str) -> Result<T, E> {
            T::from_str(value).map_err(|_| no_literal(self.type_name, self.keyword))
        }
    }
    d.deserialize_str(StrVisitor {
        expecting,
        type_name,
        keyword,
        of: PhantomData,
    })
}

/// Error for a value that matches no alternative of a `oneOf` / `anyOf` / type union.
pub fn no_alternative<E: de::Error>(type_name: &str, keyword: &str, found: &str) -> E {
    E::custom(format_args!(
        "{found} matches no alternative of the `{keyword}` of {type_name}"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A type that can only be read through its box: `Boxed` must use `deserialize_boxed`.
    struct OnlyBoxed(String);

    impl<'de> DeserializeBoxed<'de> for OnlyBoxed {
        fn deserialize_boxed<D: Deserializer<'de>>(d: D) -> Result<Box<Self>, D::Error> {
            String::deserialize(d).map(|s| Box::new(OnlyBoxed(s)))
        }
    }

    #[test]
    fn boxed_reads_through_deserialize_boxed() {
        let v: Boxed<OnlyBoxed> = serde_json::from_str(r#""x""#).expect("a string");
        assert_eq!(v.into_inner().0, "x");
        let e = serde_json::from_str::<Boxed<OnlyBoxed>>("1")
            .err()
            .expect("not a string");
        assert!(e.to_string().contains("invalid type"), "{e}");
    }

    #[test]
    fn push_quoted_is_quoted() {
        for name in [
            "error",
            "",
            "a b",
            "é/ü",
            "\u{7f}",
            "q\"uote",
            "back\\slash",
            "tab\t",
            "nul\u{0}",
        ] {
            let mut out = String::from("x");
            push_quoted(&mut out, name);
            assert_eq!(out, format!("x{}", quoted(name)), "{name:?}");
        }
    }
}
