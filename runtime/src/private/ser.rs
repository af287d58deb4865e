//! Serialization helpers used by generated `Serialize` impls.

use indexmap::IndexMap;
use serde::ser::{Serialize, SerializeMap, SerializeSeq, Serializer};

/// An optional property's entry: written when the field holds a value, left out when it
/// is `None` (absent in the document).
#[inline]
pub fn optional<M: SerializeMap, T: Serialize>(
    map: &mut M,
    key: &str,
    value: Option<T>,
) -> Result<(), M::Error> {
    match value {
        Some(v) => map.serialize_entry(key, &v),
        None => Ok(()),
    }
}

/// A generated struct's writing of its JSON object: the entries, with the map opened and
/// closed once here ([`serialize_map!`](crate::__private::ser::serialize_map)).
pub trait WriteMap {
    /// Writes the object's entries into `map`.
    fn write<M: SerializeMap>(&self, map: &mut M) -> Result<(), M::Error>;
}

/// Serializes a `T` as a JSON object of the entries its [`WriteMap`] impl writes: a
/// generated struct's whole `Serialize::serialize`.
#[inline]
pub fn write_map<T: WriteMap + ?Sized, S: Serializer>(value: &T, s: S) -> Result<S::Ok, S::Error> {
    let mut map = s.serialize_map(None)?;
    value.write(&mut map)?;
    map.end()
}

/// The `Serialize` impl of a generated struct without generic parameters, through its
/// [`WriteMap`] impl: `serialize_map!(Name);`.
#[doc(hidden)]
#[macro_export]
macro_rules! __envgen_serialize_map {
    ($name:ident) => {
        impl ::serde::Serialize for $name {
            fn serialize<S: ::serde::Serializer>(
                &self,
                serializer: S,
            ) -> ::core::result::Result<S::Ok, S::Error> {
                $crate::__private::ser::write_map(self, serializer)
            }
        }
    };
}

pub use crate::__envgen_serialize_map as serialize_map;

/// The `Serialize` impl of a generated union without generic parameters whose every
/// variant holds a value serialized as it is: `serialize_union!(Name { A, B })` writes the
/// variant's value.
#[doc(hidden)]
#[macro_export]
macro_rules! __envgen_serialize_union {
    ($name:ident { $($variant:ident),* $(,)? }) => {
        impl ::serde::Serialize for $name {
            fn serialize<S: ::serde::Serializer>(
                &self,
                serializer: S,
            ) -> ::core::result::Result<S::Ok, S::Error> {
                match self {
                    $(Self::$variant(value) => ::serde::Serialize::serialize(value, serializer),)*
                }
            }
        }
    };
}

pub use crate::__envgen_serialize_union as serialize_union;

/// Serializes numbers so that integral `f64` values print as integers (`150`, not
/// `150.0`), which keeps round trips of JSON `number` fields byte-stable. Wraps `f64`,
/// and `Option`, `Vec`, `Box` and string-keyed maps of things it wraps.
pub struct Compact<'a, T: ?Sized>(pub &'a T);

/// Largest integer below which every integral `f64` is exact.
const EXACT: f64 = 9_007_199_254_740_992.0;

impl Serialize for Compact<'_, f64> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let v = *self.0;
        if v.fract() == 0.0 && v.abs() < EXACT {
            if v == 0.0 && v.is_sign_negative() {
                return s.serialize_f64(v);
            }
            // Exact: |v| < 2^53, so the cast is lossless.
            s.serialize_i64(v as i64)
        } else {
            s.serialize_f64(v)
        }
    }
}

impl<T> Serialize for Compact<'_, Option<T>>
where
    for<'b> Compact<'b, T>: Serialize,
{
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            Some(v) => s.serialize_some(&Compact(v)),
            None => s.serialize_none(),
        }
    }
}

impl<T> Serialize for Compact<'_, Box<T>>
where
    for<'b> Compact<'b, T>: Serialize,
{
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        Compact(&**self.0).serialize(s)
    }
}

impl<T> Serialize for Compact<'_, Vec<T>>
where
    for<'b> Compact<'b, T>: Serialize,
{
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.0.len()))?;
        for v in self.0 {
            seq.serialize_element(&Compact(v))?;
        }
        seq.end()
    }
}

impl<T> Serialize for Compact<'_, IndexMap<String, T>>
where
    for<'b> Compact<'b, T>: Serialize,
{
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in self.0 {
            map.serialize_entry(k, &Compact(v))?;
        }
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ser<T: Serialize>(v: T) -> String {
        serde_json::to_string(&v).unwrap_or_default()
    }

    #[test]
    fn integral_floats_print_as_integers() {
        assert_eq!(ser(Compact(&150.0_f64)), "150");
        assert_eq!(ser(Compact(&-3.0_f64)), "-3");
        assert_eq!(ser(Compact(&12.5_f64)), "12.5");
        assert_eq!(ser(Compact(&1e300_f64)), "1e+300");
        assert_eq!(ser(Compact(&Some(2.0_f64))), "2");
        assert_eq!(ser(Compact(&vec![1.0_f64, 1.5])), "[1,1.5]");
        let mut m = IndexMap::new();
        m.insert("a".to_owned(), 4.0_f64);
        assert_eq!(ser(Compact(&m)), r#"{"a":4}"#);
    }
}
