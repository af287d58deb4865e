//! JSON-Schema integers: `1.0` read as the integer `1`, in integers and in the
//! collections that hold them.

use super::Key;
use indexmap::IndexMap;
use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use std::fmt;
use std::marker::PhantomData;

/// Decodes JSON-Schema integers: `1.0` counts as the integer `1` (JSON Schema defines
/// integers by value, not by spelling). Wraps `u64` and `i64`, and `Option`, `Vec`,
/// `Box` and string-keyed `IndexMap`s of things it wraps.
pub struct Lenient<T>(pub T);

struct IntVisitor<T>(PhantomData<T>);

fn float_to_int<T: TryFrom<i128>, E: de::Error>(v: f64) -> Result<T, E> {
    if v.fract() != 0.0 || !v.is_finite() {
        if crate::__private::inflight::active() {
            // In a session the failure is judged by the schema, which refuses a fraction
            // where it asks for an integer: the message is never shown, so the float is
            // not written.
            return Err(E::custom(
                "invalid type: a number with a fraction is not an integer",
            ));
        }
        return Err(E::custom(format_args!(
            "invalid type: {v} is not an integer"
        )));
    }
    if v.abs() > 1.8446744073709552e19 {
        return Err(E::custom(format_args!(
            "invalid value: integer {v} is out of range"
        )));
    }
    // |v| ≤ 2^64 and integral: representable in i128.
    T::try_from(v as i128)
        .map_err(|_| E::custom(format_args!("invalid value: integer {v} is out of range")))
}

macro_rules! int_visitor {
    ($t:ty, $what:literal) => {
        impl<'de> Visitor<'de> for IntVisitor<$t> {
            type Value = $t;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str($what)
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<$t, E> {
                <$t>::try_from(v).map_err(|_| {
                    E::custom(format_args!("invalid value: integer {v} is out of range"))
                })
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<$t, E> {
                <$t>::try_from(v).map_err(|_| {
                    E::custom(format_args!("invalid value: integer {v} is out of range"))
                })
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<$t, E> {
                float_to_int(v)
            }
        }

        impl<'de> Deserialize<'de> for Lenient<$t> {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                d.deserialize_any(IntVisitor::<$t>(PhantomData))
                    .map(Lenient)
            }
        }
    };
}

int_visitor!(u64, "a non-negative integer");
int_visitor!(i64, "an integer");
// Narrower integers: the schema's bounds prove every accepted value fits, so a value out
// of range is one the schema refuses, and its error is the schema's (docs/type-mapping.md).
int_visitor!(u32, "an integer from 0 to 4294967295");
int_visitor!(u16, "an integer from 0 to 65535");
int_visitor!(u8, "an integer from 0 to 255");
int_visitor!(i32, "an integer from -2147483648 to 2147483647");
int_visitor!(i16, "an integer from -32768 to 32767");
int_visitor!(i8, "an integer from -128 to 127");

impl<'de, T> Deserialize<'de> for Lenient<Option<T>>
where
    Lenient<T>: Deserialize<'de>,
{
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Option::<Lenient<T>>::deserialize(d).map(|o| Lenient(o.map(|l| l.0)))
    }
}

impl<'de, T> Deserialize<'de> for Lenient<Box<T>>
where
    Lenient<T>: Deserialize<'de>,
{
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Lenient::<T>::deserialize(d).map(|l| Lenient(Box::new(l.0)))
    }
}

impl<'de, T> Deserialize<'de> for Lenient<Vec<T>>
where
    Lenient<T>: Deserialize<'de>,
{
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_seq(Collect::<Vec<T>>(PhantomData))
            .map(Lenient)
    }
}

impl<'de, T> Deserialize<'de> for Lenient<IndexMap<String, T>>
where
    Lenient<T>: Deserialize<'de>,
{
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_map(Collect::<IndexMap<String, T>>(PhantomData))
            .map(Lenient)
    }
}

/// A collection of lenient values: what its [`Collect`] visitor expects, and how it reads
/// the one JSON kind it is made from (the other is refused as serde's visitors refuse it).
trait Collection<'de>: Sized {
    /// What the visitor expects, for serde's messages.
    const EXPECTING: &'static str;

    /// The collection from an array.
    fn from_seq<A: SeqAccess<'de>>(_seq: A, expected: &dyn de::Expected) -> Result<Self, A::Error> {
        Err(de::Error::invalid_type(de::Unexpected::Seq, expected))
    }

    /// The collection from an object.
    fn from_map<A: MapAccess<'de>>(_map: A, expected: &dyn de::Expected) -> Result<Self, A::Error> {
        Err(de::Error::invalid_type(de::Unexpected::Map, expected))
    }
}

impl<'de, T> Collection<'de> for Vec<T>
where
    Lenient<T>: Deserialize<'de>,
{
    const EXPECTING: &'static str = "an array";

    fn from_seq<A: SeqAccess<'de>>(mut seq: A, _: &dyn de::Expected) -> Result<Self, A::Error> {
        let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(1024));
        while let Some(Lenient(v)) = seq.next_element::<Lenient<T>>()? {
            out.push(v);
        }
        Ok(out)
    }
}

impl<'de, T> Collection<'de> for IndexMap<String, T>
where
    Lenient<T>: Deserialize<'de>,
{
    const EXPECTING: &'static str = "an object";

    fn from_map<A: MapAccess<'de>>(mut map: A, _: &dyn de::Expected) -> Result<Self, A::Error> {
        let mut out = IndexMap::new();
        while let Some(k) = map.next_key::<Key<'de>>()? {
            let Lenient(v) = map.next_value::<Lenient<T>>()?;
            if out.insert(k.into_owned(), v).is_some() {
                return Err(<A::Error as de::Error>::custom(
                    "duplicate property in object",
                ));
            }
        }
        Ok(out)
    }
}

/// The visitor of a lenient [`Collection`] `C`.
struct Collect<C>(PhantomData<C>);

impl<'de, C: Collection<'de>> Visitor<'de> for Collect<C> {
    type Value = C;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(C::EXPECTING)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<C, A::Error> {
        C::from_seq(seq, &self)
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<C, A::Error> {
        C::from_map(map, &self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_accept_integral_floats() {
        let v: Lenient<u64> = serde_json::from_str("1.0").unwrap_or(Lenient(0));
        assert_eq!(v.0, 1);
        let v: Lenient<i64> = serde_json::from_str("-2e0").unwrap_or(Lenient(0));
        assert_eq!(v.0, -2);
        assert!(serde_json::from_str::<Lenient<u64>>("1.5").is_err());
        assert!(serde_json::from_str::<Lenient<u64>>("-1").is_err());
        assert!(serde_json::from_str::<Lenient<u64>>("18446744073709551616").is_err());
        // Narrow integers: `2.0` is an integer, and a value beyond the type is an error.
        assert_eq!(
            serde_json::from_str::<Lenient<u8>>("2.0").map(|l| l.0).ok(),
            Some(2)
        );
        assert_eq!(
            serde_json::from_str::<Lenient<i16>>("-300")
                .map(|l| l.0)
                .ok(),
            Some(-300)
        );
        assert!(serde_json::from_str::<Lenient<u8>>("256").is_err());
        assert!(serde_json::from_str::<Lenient<i8>>("-129").is_err());
        assert!(serde_json::from_str::<Lenient<u16>>("65536.0").is_err());
        assert!(serde_json::from_str::<Lenient<i64>>("1e400").is_err());
        assert!(serde_json::from_str::<Lenient<i64>>("\"1\"").is_err());
        let v: Lenient<Vec<Option<u64>>> =
            serde_json::from_str("[1.0, null, 3]").unwrap_or(Lenient(vec![]));
        assert_eq!(v.0, vec![Some(1), None, Some(3)]);
        let v: Lenient<IndexMap<String, Box<i64>>> =
            serde_json::from_str(r#"{"a": 4.0}"#).unwrap_or(Lenient(IndexMap::new()));
        assert_eq!(v.0.get("a").map(|b| **b), Some(4));
    }
}
