//! The parse and validate entry points of a generated type, written once here instead of
//! in every generated module: `from_json_str`, `from_json_str_with`, `validate`,
//! `validate_with` and the [`crate::Document`] impl that forwards to them.

/// Implements a generated type's entry points.
///
/// `document!(Name, validators::n0, check_n0, true, ASSERT_FORMATS)`, with validators: the
/// inherent `from_json_str`/`from_json_str_with` (parse with in-flight validation, through
/// the node's `Value` validator and the type's typed check `check_n0`; `true` when errors
/// raised inside the value are its schema's own, as in a struct), `validate`/
/// `validate_with` (the typed check), and [`crate::Document`]. `ASSERT_FORMATS` is the
/// module's default for asserting `format`. `document!(Name, n0, check_n0, true)` is the
/// same in a generated module, whose validators are `validators::n0` and whose default is
/// its `ASSERT_FORMATS` (both named where the macro is called).
/// `document!(Name, n0, check_n0, true, checked_in_flight)` is that form for a type whose
/// typed check has nothing left to check once a parse with the in-flight session has
/// succeeded (`check::from_json_str_inflight_with`); `validate` still runs it.
///
/// `document!(Name)`, without validators: `from_json_str`, a serde parse whose failure is
/// located.
///
/// The entry points are `#[inline]`: like serde's generic `Deserialize` impls, the reader
/// they instantiate is compiled in the crate that calls them, and only for the types it
/// calls them on.
#[doc(hidden)]
#[macro_export]
macro_rules! __envgen_document {
    ($name:ident) => {
        impl $name {
            #[doc = concat!(" Parses a JSON document as a [`", stringify!($name), "`]; a failure names the instance pointer and keyword.")]
            #[inline]
            pub fn from_json_str(
                input: &str,
            ) -> ::core::result::Result<Self, $crate::ValidationErrors> {
                $crate::from_json_str(input)
            }
        }
    };
    (@impl $name:ident, $node:path, $entry:ident, $direct:literal, $formats:path, $after:literal) => {
        impl $name {
            #[doc = concat!(" Parses and validates a JSON document as a [`", stringify!($name), "`]. A failure names the instance")]
            #[doc = " pointer, the keyword and the schema location."]
            #[inline]
            pub fn from_json_str(
                input: &str,
            ) -> ::core::result::Result<Self, $crate::ValidationErrors> {
                Self::from_json_str_with(input, &$crate::Options::new().formats($formats))
            }

            /// [`Self::from_json_str`] with explicit options.
            #[inline]
            pub fn from_json_str_with(
                input: &str,
                options: &$crate::Options,
            ) -> ::core::result::Result<Self, $crate::ValidationErrors> {
                $crate::__private::check::from_json_str_inflight_with(
                    input,
                    options,
                    $node,
                    Self::$entry,
                    $direct,
                    $after,
                )
            }

            /// Checks a value built in code against its schema, stopping at the first error.
            #[inline]
            pub fn validate(&self) -> ::core::result::Result<(), $crate::ValidationErrors> {
                self.validate_with(&$crate::Options::new().formats($formats))
            }

            /// [`Self::validate`] with explicit options.
            #[inline]
            pub fn validate_with(
                &self,
                options: &$crate::Options,
            ) -> ::core::result::Result<(), $crate::ValidationErrors> {
                $crate::__private::check::typed(self, options, Self::$entry)
            }
        }

        impl $crate::Document for $name {
            #[inline]
            fn from_json_str_with(
                input: &str,
                options: &$crate::Options,
            ) -> ::core::result::Result<Self, $crate::ValidationErrors> {
                Self::from_json_str_with(input, options)
            }

            #[inline]
            fn validate_with(
                &self,
                options: &$crate::Options,
            ) -> ::core::result::Result<(), $crate::ValidationErrors> {
                Self::validate_with(self, options)
            }
        }
    };
    ($name:ident, $node:ident, $entry:ident, $direct:literal, checked_in_flight) => {
        $crate::__private::document!(
            @impl $name, validators::$node, $entry, $direct, ASSERT_FORMATS, false
        );
    };
    ($name:ident, $node:ident, $entry:ident, $direct:literal) => {
        $crate::__private::document!($name, validators::$node, $entry, $direct, ASSERT_FORMATS);
    };
    ($name:ident, $node:path, $entry:ident, $direct:literal, $formats:path) => {
        $crate::__private::document!(@impl $name, $node, $entry, $direct, $formats, true);
    };
}

pub use crate::__envgen_document as document;
