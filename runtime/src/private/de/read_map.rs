//! The one visitor of every generated struct: a struct's reading of its object is its
//! [`ReadMap`] impl, and its `Deserialize` impl calls [`read_map`].

use super::Fields;
use serde::de::{Deserializer, MapAccess, Visitor};
use std::fmt;
use std::marker::PhantomData;

/// A generated struct's reading of its JSON object: the body of its serde visitor's
/// `visit_map`, with the visitor itself written once here ([`read_map`]). A struct read
/// into a heap box (`DeserializeBoxed`) implements it for `Box<Self>`.
pub trait ReadMap<'de>: Sized {
    /// What the visitor expects, for serde's "invalid type" errors (`"a Config object"`).
    const EXPECTING: &'static str;

    /// Reads the object's entries, through the methods [`Fields`] gives the map.
    fn read_map<A: Fields<'de>>(map: A) -> Result<Self, A::Error>;
}

/// Deserializes a `T` from a JSON object through its [`ReadMap`] impl: a generated
/// struct's whole `Deserialize::deserialize`.
#[inline]
pub fn read_map<'de, T: ReadMap<'de>, D: Deserializer<'de>>(d: D) -> Result<T, D::Error> {
    d.deserialize_map(MapVisitor::<T>(PhantomData))
}

struct MapVisitor<T>(PhantomData<fn() -> T>);

impl<'de, T: ReadMap<'de>> Visitor<'de> for MapVisitor<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(T::EXPECTING)
    }

    #[inline]
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<T, A::Error> {
        T::read_map(map)
    }
}

/// The `Deserialize` impl of a generated struct without generic parameters, through its
/// [`ReadMap`] impl: `deserialize_map!(Name);`.
#[doc(hidden)]
#[macro_export]
macro_rules! __envgen_deserialize_map {
    ($name:ident) => {
        impl<'de> ::serde::Deserialize<'de> for $name {
            fn deserialize<D: ::serde::Deserializer<'de>>(
                deserializer: D,
            ) -> ::core::result::Result<Self, D::Error> {
                $crate::__private::de::read_map(deserializer)
            }
        }
    };
}

pub use crate::__envgen_deserialize_map as deserialize_map;

/// The `Deserialize` and `DeserializeBoxed` impls of a generated struct without generic
/// parameters that is read into a heap box, through the [`ReadMap`] impl of `Box<Name>`:
/// `deserialize_boxed!(Name);`. `Deserialize` unboxes the value once, at the outermost
/// frame; a field holding the struct reads it boxed (`de::Boxed`).
#[doc(hidden)]
#[macro_export]
macro_rules! __envgen_deserialize_boxed {
    ($name:ident) => {
        impl<'de> ::serde::Deserialize<'de> for $name {
            fn deserialize<D: ::serde::Deserializer<'de>>(
                deserializer: D,
            ) -> ::core::result::Result<Self, D::Error> {
                $crate::__private::de::read_map::<::std::boxed::Box<Self>, D>(deserializer)
                    .map(|boxed| *boxed)
            }
        }
        impl<'de> $crate::__private::de::DeserializeBoxed<'de> for $name {
            fn deserialize_boxed<D: ::serde::Deserializer<'de>>(
                deserializer: D,
            ) -> ::core::result::Result<::std::boxed::Box<Self>, D::Error> {
                $crate::__private::de::read_map(deserializer)
            }
        }
    };
}

pub use crate::__envgen_deserialize_boxed as deserialize_boxed;
