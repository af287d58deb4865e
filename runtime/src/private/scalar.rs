//! One deserializer for every JSON scalar a generated reader hands on: `null`, a
//! boolean, a number or a string, read already.
//!
//! Where a visitor has read a scalar and a value's own type must now take it (an in-flight
//! check's field, a union's alternative), the value is handed on through [`Scalar`]: one
//! deserializer type for all of them, so each generated `Deserialize` impl is compiled
//! once for it, not once for each of serde's `BoolDeserializer`, `I64Deserializer`,
//! `StrDeserializer`, … . It behaves as the deserializer of `serde::de::value` for the
//! same scalar.

use serde::de::value::{BorrowedStrDeserializer, StrDeserializer};
use serde::de::{self, Deserializer, Visitor};
use serde_json::Value;
use std::marker::PhantomData;

/// A scalar JSON value read already; `'de` is the input's lifetime (a borrowed string),
/// `'a` a transient string's.
#[derive(Clone, Copy, Debug)]
pub enum Scalar<'de, 'a> {
    /// `null`.
    Null,
    /// A boolean.
    Bool(bool),
    /// A negative integer (or any integer serde reads as `i64`).
    I64(i64),
    /// A non-negative integer.
    U64(u64),
    /// A number with a fraction or an exponent.
    F64(f64),
    /// A string borrowed from the input.
    Borrowed(&'de str),
    /// A string that lives only as long as the visitor call.
    Str(&'a str),
}

impl<'de, 'a> Scalar<'de, 'a> {
    /// The deserializer of this value, with error type `E`.
    #[inline]
    pub fn de<E>(self) -> ScalarDeserializer<'de, 'a, E> {
        ScalarDeserializer {
            value: self,
            error: PhantomData,
        }
    }

    /// A `T` read from this value (a union's alternative taking the number a visitor was
    /// given).
    #[inline]
    pub fn read<T: de::Deserialize<'de>, E: de::Error>(self) -> Result<T, E> {
        T::deserialize(self.de::<E>())
    }

    /// The value as a `serde_json::Value`.
    pub fn to_value(self) -> Value {
        match self {
            Scalar::Null => Value::Null,
            Scalar::Bool(b) => Value::Bool(b),
            Scalar::I64(n) => Value::from(n),
            Scalar::U64(n) => Value::from(n),
            Scalar::F64(n) => Value::from(n),
            Scalar::Borrowed(s) | Scalar::Str(s) => Value::from(s),
        }
    }

    /// serde's name for the value, for an "invalid type" error.
    pub fn unexpected(&self) -> de::Unexpected<'_> {
        match *self {
            Scalar::Null => de::Unexpected::Unit,
            Scalar::Bool(b) => de::Unexpected::Bool(b),
            Scalar::I64(n) => de::Unexpected::Signed(n),
            Scalar::U64(n) => de::Unexpected::Unsigned(n),
            Scalar::F64(n) => de::Unexpected::Float(n),
            Scalar::Borrowed(s) | Scalar::Str(s) => de::Unexpected::Str(s),
        }
    }
}

/// The deserializer of a [`Scalar`] ([`Scalar::de`]).
pub struct ScalarDeserializer<'de, 'a, E> {
    value: Scalar<'de, 'a>,
    error: PhantomData<E>,
}

impl<'de, E: de::Error> Deserializer<'de> for ScalarDeserializer<'de, '_, E> {
    type Error = E;

    #[inline]
    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        match self.value {
            Scalar::Null => visitor.visit_unit(),
            Scalar::Bool(b) => visitor.visit_bool(b),
            Scalar::I64(n) => visitor.visit_i64(n),
            Scalar::U64(n) => visitor.visit_u64(n),
            Scalar::F64(n) => visitor.visit_f64(n),
            Scalar::Borrowed(s) => visitor.visit_borrowed_str(s),
            Scalar::Str(s) => visitor.visit_str(s),
        }
    }

    /// As `UnitDeserializer`: `null` is `None`; any other scalar is handed to the visitor
    /// as it is (as serde's scalar deserializers do).
    #[inline]
    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        match self.value {
            Scalar::Null => visitor.visit_none(),
            _ => self.deserialize_any(visitor),
        }
    }

    /// As `StrDeserializer`: a string names a unit variant.
    #[inline]
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, E> {
        match self.value {
            Scalar::Borrowed(s) => {
                BorrowedStrDeserializer::new(s).deserialize_enum(name, variants, visitor)
            }
            Scalar::Str(s) => StrDeserializer::new(s).deserialize_enum(name, variants, visitor),
            _ => self.deserialize_any(visitor),
        }
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct newtype_struct seq tuple
        tuple_struct map struct identifier ignored_any
    }
}

#[cfg(test)]
mod tests {
    use super::Scalar;
    use serde::de::value::{
        BoolDeserializer, BorrowedStrDeserializer, Error, F64Deserializer, I64Deserializer,
        StrDeserializer, U64Deserializer, UnitDeserializer,
    };
    use serde::Deserialize;
    use std::fmt::Debug;

    #[derive(Deserialize, Debug, PartialEq)]
    enum Unit {
        A,
        B,
    }

    /// `T` read from the scalar and from serde's deserializer of it agree, value or
    /// error message.
    fn same<'de, T, D>(scalar: Scalar<'de, '_>, serde: D)
    where
        T: Deserialize<'de> + Debug + PartialEq,
        D: serde::Deserializer<'de, Error = Error>,
    {
        let ours = T::deserialize(scalar.de::<Error>()).map_err(|e| e.to_string());
        let theirs = T::deserialize(serde).map_err(|e| e.to_string());
        assert_eq!(ours, theirs, "{scalar:?} as {}", std::any::type_name::<T>());
    }

    macro_rules! each_type {
        ($scalar:expr, $serde:expr) => {
            same::<Option<bool>, _>($scalar, $serde);
            same::<bool, _>($scalar, $serde);
            same::<i64, _>($scalar, $serde);
            same::<u8, _>($scalar, $serde);
            same::<f64, _>($scalar, $serde);
            same::<String, _>($scalar, $serde);
            same::<Unit, _>($scalar, $serde);
            same::<(), _>($scalar, $serde);
            same::<Vec<u8>, _>($scalar, $serde);
            same::<serde_json::Value, _>($scalar, $serde);
        };
    }

    #[test]
    fn each_scalar_reads_as_serdes_own_deserializer_of_it() {
        each_type!(Scalar::Null, UnitDeserializer::<Error>::new());
        each_type!(Scalar::Bool(true), BoolDeserializer::<Error>::new(true));
        each_type!(Scalar::I64(-3), I64Deserializer::<Error>::new(-3));
        each_type!(Scalar::U64(300), U64Deserializer::<Error>::new(300));
        each_type!(Scalar::U64(7), U64Deserializer::<Error>::new(7));
        each_type!(Scalar::F64(1.5), F64Deserializer::<Error>::new(1.5));
        each_type!(
            Scalar::Borrowed("B"),
            BorrowedStrDeserializer::<Error>::new("B")
        );
        let owned = String::from("A");
        each_type!(Scalar::Str(&owned), StrDeserializer::<Error>::new(&owned));
        each_type!(Scalar::Str("C"), StrDeserializer::<Error>::new("C"));
    }

    #[test]
    fn values_and_unexpected_name_the_scalar() {
        assert_eq!(Scalar::F64(2.5).to_value(), serde_json::json!(2.5));
        assert_eq!(Scalar::I64(-1).to_value(), serde_json::json!(-1));
        assert_eq!(Scalar::Str("x").to_value(), serde_json::json!("x"));
        assert_eq!(Scalar::Null.to_value(), serde_json::Value::Null);
        assert_eq!(
            Scalar::Bool(false).unexpected(),
            serde::de::Unexpected::Bool(false)
        );
    }
}
