//! The impls of a validating newtype of a string or a number (the validating-newtypes
//! setting, docs/type-mapping.md, "Constrained strings and numbers"), written once here
//! instead of in every generated module.

/// Implements a validating newtype `Name(String)`: `new`, `as_str`, `into_inner`,
/// `Deref<Target = str>`, `AsRef<str>`, `Borrow<str>`, `Display`, `FromStr`,
/// `TryFrom<&str>`, `TryFrom<String>`, `From<Name> for String`, `Serialize` (the bare
/// string) and `Deserialize` (a string, then the check `new` makes). Every way
/// of making one checks the string with the type's own `validate`, so a value always
/// satisfies its schema.
#[doc(hidden)]
#[macro_export]
macro_rules! __envgen_validated_string {
    ($name:ident) => {
        impl $name {
            /// Checks `value` against the schema; the value, or the schema's errors.
            pub fn new(
                value: impl ::core::convert::Into<::std::string::String>,
            ) -> ::core::result::Result<Self, $crate::ValidationErrors> {
                let value = Self(value.into());
                value.validate()?;
                ::core::result::Result::Ok(value)
            }

            /// The string.
            pub fn as_str(&self) -> &str {
                &self.0
            }

            /// The string, unwrapped.
            pub fn into_inner(self) -> ::std::string::String {
                self.0
            }
        }

        impl ::core::ops::Deref for $name {
            type Target = str;

            fn deref(&self) -> &str {
                &self.0
            }
        }

        impl ::core::convert::AsRef<str> for $name {
            fn as_ref(&self) -> &str {
                &self.0
            }
        }

        impl ::core::borrow::Borrow<str> for $name {
            fn borrow(&self) -> &str {
                &self.0
            }
        }

        impl ::core::fmt::Display for $name {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl ::core::str::FromStr for $name {
            type Err = $crate::ValidationErrors;

            fn from_str(value: &str) -> ::core::result::Result<Self, $crate::ValidationErrors> {
                Self::new(value)
            }
        }

        impl ::core::convert::TryFrom<&str> for $name {
            type Error = $crate::ValidationErrors;

            fn try_from(value: &str) -> ::core::result::Result<Self, $crate::ValidationErrors> {
                Self::new(value)
            }
        }

        impl ::core::convert::TryFrom<::std::string::String> for $name {
            type Error = $crate::ValidationErrors;

            fn try_from(
                value: ::std::string::String,
            ) -> ::core::result::Result<Self, $crate::ValidationErrors> {
                Self::new(value)
            }
        }

        impl ::core::convert::From<$name> for ::std::string::String {
            fn from(value: $name) -> Self {
                value.0
            }
        }

        impl ::serde::Serialize for $name {
            fn serialize<S: ::serde::Serializer>(
                &self,
                serializer: S,
            ) -> ::core::result::Result<S::Ok, S::Error> {
                serializer.serialize_str(&self.0)
            }
        }

        impl<'de> ::serde::Deserialize<'de> for $name {
            fn deserialize<D: ::serde::Deserializer<'de>>(
                deserializer: D,
            ) -> ::core::result::Result<Self, D::Error> {
                let value = <::std::string::String as ::serde::Deserialize<'de>>::deserialize(
                    deserializer,
                )?;
                Self::new(value).map_err(<D::Error as ::serde::de::Error>::custom)
            }
        }
    };
}

#[doc(hidden)]
pub use crate::__envgen_validated_string as validated_string;

/// How a number newtype's value is read and written: as a field of its type is (an
/// integer through [`Lenient`](super::de::Lenient), so `8080.0` reads as `8080`; an `f64`
/// written through [`Compact`](super::ser::Compact), so an integral value has no `.0`).
pub trait NumberRepr: Copy + Sized {
    /// Writes the value.
    fn write<S: serde::Serializer>(self, serializer: S) -> Result<S::Ok, S::Error>;
    /// Reads a value.
    fn read<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error>;
}

macro_rules! integer_repr {
    ($($t:ty),*) => {$(
        impl NumberRepr for $t {
            fn write<S: serde::Serializer>(self, serializer: S) -> Result<S::Ok, S::Error> {
                serde::Serialize::serialize(&self, serializer)
            }
            fn read<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                <super::de::Lenient<$t> as serde::Deserialize<'de>>::deserialize(deserializer)
                    .map(|l| l.0)
            }
        }
    )*};
}

integer_repr!(u8, u16, u32, u64, i8, i16, i32, i64);

impl NumberRepr for f64 {
    fn write<S: serde::Serializer>(self, serializer: S) -> Result<S::Ok, S::Error> {
        serde::Serialize::serialize(&super::ser::Compact(&self), serializer)
    }
    fn read<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        <f64 as serde::Deserialize<'de>>::deserialize(deserializer)
    }
}

/// Implements a validating newtype of a number, `Name(T)` (`T` a Rust integer type or
/// `f64`, a [`NumberRepr`]): `new`, `get`, `into_inner`, `Deref<Target = T>`, `AsRef<T>`,
/// `Display`, `FromStr` (Rust's number syntax, then the check), `TryFrom<T>`,
/// `From<Name> for T`, `Serialize` (the bare number, written as a field of `T` is) and
/// `Deserialize` (a number as a field of `T` reads it, then the check `new` makes). Every
/// way of making one checks the value with the type's own `validate`, so a value always
/// satisfies its schema.
#[doc(hidden)]
#[macro_export]
macro_rules! __envgen_validated_number {
    ($name:ident, $t:ty) => {
        impl $name {
            /// Checks `value` against the schema; the value, or the schema's errors.
            pub fn new(value: $t) -> ::core::result::Result<Self, $crate::ValidationErrors> {
                let value = Self(value);
                value.validate()?;
                ::core::result::Result::Ok(value)
            }

            /// The number.
            pub fn get(self) -> $t {
                self.0
            }

            /// The number, unwrapped (the same as [`Self::get`]).
            pub fn into_inner(self) -> $t {
                self.0
            }
        }

        impl ::core::ops::Deref for $name {
            type Target = $t;

            fn deref(&self) -> &$t {
                &self.0
            }
        }

        impl ::core::convert::AsRef<$t> for $name {
            fn as_ref(&self) -> &$t {
                &self.0
            }
        }

        impl ::core::fmt::Display for $name {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                ::core::fmt::Display::fmt(&self.0, f)
            }
        }

        impl ::core::str::FromStr for $name {
            type Err = $crate::ValidationErrors;

            /// Rust's syntax of the number type (`"8080"`), then the schema's check; a
            /// text that is no such number is a `type` error.
            fn from_str(value: &str) -> ::core::result::Result<Self, $crate::ValidationErrors> {
                match value.parse::<$t>() {
                    ::core::result::Result::Ok(v) => Self::new(v),
                    ::core::result::Result::Err(_) => ::core::result::Result::Err(
                        $crate::ValidationErrors::single($crate::ValidationError::new(
                            "",
                            "type",
                            "",
                            ::std::format!(
                                "{value:?} is not a number of type {}",
                                ::core::stringify!($t)
                            ),
                        )),
                    ),
                }
            }
        }

        impl ::core::convert::TryFrom<$t> for $name {
            type Error = $crate::ValidationErrors;

            fn try_from(value: $t) -> ::core::result::Result<Self, $crate::ValidationErrors> {
                Self::new(value)
            }
        }

        impl ::core::convert::From<$name> for $t {
            fn from(value: $name) -> Self {
                value.0
            }
        }

        impl ::serde::Serialize for $name {
            fn serialize<S: ::serde::Serializer>(
                &self,
                serializer: S,
            ) -> ::core::result::Result<S::Ok, S::Error> {
                $crate::__private::newtype::NumberRepr::write(self.0, serializer)
            }
        }

        impl<'de> ::serde::Deserialize<'de> for $name {
            fn deserialize<D: ::serde::Deserializer<'de>>(
                deserializer: D,
            ) -> ::core::result::Result<Self, D::Error> {
                let value = <$t as $crate::__private::newtype::NumberRepr>::read(deserializer)?;
                Self::new(value).map_err(<D::Error as ::serde::de::Error>::custom)
            }
        }
    };
}

#[doc(hidden)]
pub use crate::__envgen_validated_number as validated_number;
