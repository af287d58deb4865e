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

/// Implements a validating newtype of a number, `Name(T)` (`integer` for a Rust integer
/// type, `number` for `f64`): `new`, `get`, `into_inner`, `Deref<Target = T>`,
/// `AsRef<T>`, `Display`, `FromStr` (Rust's number syntax, then the check),
/// `TryFrom<T>`, `From<Name> for T`, `Serialize` (the bare number, written as a field of
/// `T` is) and `Deserialize` (a number as a field of `T` reads it, then the check `new`
/// makes). Every way of making one checks the value with the type's own `validate`, so a
/// value always satisfies its schema.
#[doc(hidden)]
#[macro_export]
macro_rules! __envgen_validated_number {
    ($name:ident, integer $t:ty) => {
        $crate::__private::validated_number!(@common $name, $t);

        impl ::serde::Serialize for $name {
            fn serialize<S: ::serde::Serializer>(
                &self,
                serializer: S,
            ) -> ::core::result::Result<S::Ok, S::Error> {
                ::serde::Serialize::serialize(&self.0, serializer)
            }
        }

        impl<'de> ::serde::Deserialize<'de> for $name {
            fn deserialize<D: ::serde::Deserializer<'de>>(
                deserializer: D,
            ) -> ::core::result::Result<Self, D::Error> {
                // A JSON-Schema integer: `8080.0` reads as `8080`, as for a field of `$t`.
                let value =
                    <$crate::__private::de::Lenient<$t> as ::serde::Deserialize<'de>>::deserialize(
                        deserializer,
                    )?
                    .0;
                Self::new(value).map_err(<D::Error as ::serde::de::Error>::custom)
            }
        }
    };
    ($name:ident, number $t:ty) => {
        $crate::__private::validated_number!(@common $name, $t);

        impl ::serde::Serialize for $name {
            fn serialize<S: ::serde::Serializer>(
                &self,
                serializer: S,
            ) -> ::core::result::Result<S::Ok, S::Error> {
                // As a field of `f64` is written: an integral value without `.0`.
                ::serde::Serialize::serialize(&$crate::__private::ser::Compact(&self.0), serializer)
            }
        }

        impl<'de> ::serde::Deserialize<'de> for $name {
            fn deserialize<D: ::serde::Deserializer<'de>>(
                deserializer: D,
            ) -> ::core::result::Result<Self, D::Error> {
                let value = <$t as ::serde::Deserialize<'de>>::deserialize(deserializer)?;
                Self::new(value).map_err(<D::Error as ::serde::de::Error>::custom)
            }
        }
    };
    (@common $name:ident, $t:ty) => {
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
    };
}

#[doc(hidden)]
pub use crate::__envgen_validated_number as validated_number;
