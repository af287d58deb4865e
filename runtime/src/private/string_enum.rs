//! The string conversions of a generated enum of strings, written once here instead of in
//! every generated module: `as_str`, `Display`, `FromStr`, `TryFrom<&str>` and
//! `TryFrom<String>` (docs/type-mapping.md, "Defaults and conversions").

/// Implements the string conversions of a generated enum of strings.
///
/// `string_enum!(Name { Variant = "text", ... })` for an enum whose every variant is a
/// string literal: `as_str` (`const`, `&'static str`), `Display`, and `FromStr`,
/// `TryFrom<&str>`, `TryFrom<String>` failing with [`crate::ParseEnumError`] on a string
/// the schema does not list.
///
/// `string_enum!(Name { Variant = "text", ...; Other })` for one with a catch-all
/// `Other(String)`: `as_str`, `Display`, and `From<&str>`, `From<String>` and `FromStr`
/// (`Infallible`), which turn a listed string into its own variant, never `Other`.
///
/// `string_enum!(Name { Variant = "text", ... } serde("expecting", "enum"))` (and the
/// same with `; Other`) also
/// implements `Serialize` (the string) and `Deserialize` (a string through `FromStr`; any
/// other string is [`crate::__private::de::no_literal`]'s error for the `enum` keyword,
/// and serde's "expected" text is `expecting`).
#[doc(hidden)]
#[macro_export]
macro_rules! __envgen_string_enum {
    (@serde $name:ident, $expecting:literal, $keyword:literal) => {
        impl ::serde::Serialize for $name {
            fn serialize<S: ::serde::Serializer>(
                &self,
                serializer: S,
            ) -> ::core::result::Result<S::Ok, S::Error> {
                serializer.serialize_str(self.as_str())
            }
        }

        impl<'de> ::serde::Deserialize<'de> for $name {
            fn deserialize<D: ::serde::Deserializer<'de>>(
                deserializer: D,
            ) -> ::core::result::Result<Self, D::Error> {
                $crate::__private::de::string_enum(
                    deserializer,
                    $expecting,
                    ::core::stringify!($name),
                    $keyword,
                )
            }
        }
    };
    ($name:ident { $($variant:ident = $text:literal),* $(,)? } serde($expecting:literal, $keyword:literal)) => {
        $crate::__envgen_string_enum!($name { $($variant = $text),* });

        $crate::__envgen_string_enum!(@serde $name, $expecting, $keyword);
    };
    ($name:ident { $($variant:ident = $text:literal),* $(,)? }) => {
        impl $name {
            /// The string this value is in JSON.
            pub const fn as_str(&self) -> &'static str {
                match self {
                    $(Self::$variant => $text,)*
                }
            }
        }

        impl ::core::fmt::Display for $name {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl ::core::str::FromStr for $name {
            type Err = $crate::ParseEnumError;

            fn from_str(value: &str) -> ::core::result::Result<Self, $crate::ParseEnumError> {
                match value {
                    $($text => ::core::result::Result::Ok(Self::$variant),)*
                    _ => ::core::result::Result::Err($crate::ParseEnumError::new(
                        ::core::stringify!($name),
                        value,
                    )),
                }
            }
        }

        impl ::core::convert::TryFrom<&str> for $name {
            type Error = $crate::ParseEnumError;

            fn try_from(value: &str) -> ::core::result::Result<Self, $crate::ParseEnumError> {
                value.parse()
            }
        }

        impl ::core::convert::TryFrom<::std::string::String> for $name {
            type Error = $crate::ParseEnumError;

            fn try_from(
                value: ::std::string::String,
            ) -> ::core::result::Result<Self, $crate::ParseEnumError> {
                value.parse()
            }
        }
    };
    ($name:ident { $($variant:ident = $text:literal),* ; $other:ident } serde($expecting:literal, $keyword:literal)) => {
        $crate::__envgen_string_enum!($name { $($variant = $text),* ; $other });

        $crate::__envgen_string_enum!(@serde $name, $expecting, $keyword);
    };
    ($name:ident { $($variant:ident = $text:literal),* ; $other:ident }) => {
        impl $name {
            /// The string this value is in JSON.
            pub fn as_str(&self) -> &str {
                match self {
                    $(Self::$variant => $text,)*
                    Self::$other(value) => value,
                }
            }
        }

        impl ::core::fmt::Display for $name {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl ::core::str::FromStr for $name {
            type Err = ::core::convert::Infallible;

            fn from_str(value: &str) -> ::core::result::Result<Self, ::core::convert::Infallible> {
                ::core::result::Result::Ok(Self::from(value))
            }
        }

        impl ::core::convert::From<&str> for $name {
            fn from(value: &str) -> Self {
                match value {
                    $($text => Self::$variant,)*
                    _ => Self::$other(::std::borrow::ToOwned::to_owned(value)),
                }
            }
        }

        impl ::core::convert::From<::std::string::String> for $name {
            fn from(value: ::std::string::String) -> Self {
                match value.as_str() {
                    $($text => Self::$variant,)*
                    _ => Self::$other(value),
                }
            }
        }
    };
}

pub use crate::__envgen_string_enum as string_enum;

#[cfg(test)]
mod tests {
    #[derive(Debug, Clone, Copy, PartialEq)]
    enum Mode {
        Fast,
        MyMode,
    }
    crate::__private::string_enum!(Mode { Fast = "fast", MyMode = "my-mode" });

    #[derive(Debug, Clone, PartialEq)]
    enum Level {
        Low,
        Other(String),
    }
    crate::__private::string_enum!(Level { Low = "low"; Other });

    #[test]
    fn a_string_enum_converts_both_ways() {
        assert_eq!(Mode::MyMode.as_str(), "my-mode");
        assert_eq!(Mode::Fast.to_string(), "fast");
        assert_eq!("my-mode".parse::<Mode>(), Ok(Mode::MyMode));
        assert_eq!(Mode::try_from("fast".to_owned()), Ok(Mode::Fast));
        let e = Mode::try_from("slow").expect_err("not listed");
        assert_eq!(e.to_string(), "\"slow\" is not a value of Mode");
    }

    #[test]
    fn a_catch_all_takes_every_other_string() {
        assert_eq!(Level::from("low"), Level::Low);
        assert_eq!(Level::from("low".to_owned()), Level::Low);
        assert_eq!(Level::from("deep"), Level::Other("deep".to_owned()));
        assert_eq!(Level::Other("deep".to_owned()).as_str(), "deep");
        assert_eq!(Level::Low.to_string(), "low");
        assert_eq!("x".parse::<Level>(), Ok(Level::Other("x".to_owned())));
    }
}
