//! The `Value` validators' checks as data. A generated node validator is a static table of
//! [`Op`]s, one per check of the node's validation plan, in the plan's order, run by
//! [`run`](fn@run). The code that runs a check is compiled once, here, not once per schema node in
//! every generated crate.
//!
//! Each op does what envgen-codegen's straight-line rendering of the same check does
//! (`emit/validate/checks.rs`): the same test, the same message, and the same
//! stop-or-go-on after a failure (at the first failure unless every error is collected
//! and nothing is speculating). Generated code keeps the straight-line form for the
//! nodes valid documents run (the typed checks' callees and their leaves) and for checks
//! that need the dynamic scope or the annotations of `unevaluated*`.
//!
//! A generated `validators` module imports this module whole, and its tables read like the
//! schema: [`node!`] writes a node's function, an [`Op`] is one check, with constructors
//! for the shapes the plan words the standard way ([`IS_STRING`], `Op::min_items(1)`,
//! [`required!`], [`closed!`]), [`msg`] holds the wordings they share, and [`Re`] is a
//! `pattern`, compiled on first use. The validators written as code find their failure
//! steps here too ([`fail_at!`], [`any_of!`], [`one_of!`]).

mod fail;
mod ops;
mod run;
mod shapes;

pub use super::regex::Re;
pub use fail::{msg, Arg, Fail, Msg};
pub use ops::{kind, Additional, Bound, Cmp, Counted, Limit, Lit, PatternEntry};
pub use run::{format_fails, run, Op};
pub use shapes::{
    IS_ARRAY, IS_BOOLEAN, IS_INTEGER, IS_NULL, IS_NUMBER, IS_OBJECT, IS_STRING, UNIQUE_ITEMS,
};

/// What the validators written as code call beside: the failure steps (`fail!`,
/// `fail_at!`, `failed!`, `any_of!`, `one_of!`), how a value is shown in a message,
/// `multipleOf`.
pub use super::failure::{any_of, fail, fail_at, failed, one_of};
pub use super::num::multiple_of;
pub use crate::validate::{show, show_str};

pub use crate::__envgen_closed as closed;
pub use crate::__envgen_node as node;
pub use crate::__envgen_required as required;
pub use crate::__envgen_strings as strings;

/// In a generated `validators` module: the validator function `name` of the schema node
/// at schema location `at`, which [`run`](fn@run)s its table of [`Op`]s:
///
/// * `node!(n1, "#/properties/name", [IS_STRING])`: the ops written inline;
/// * `node!(n7, "#/properties/branding", N7)`: the ops in a `static N7: &[Op]` beside it;
/// * `node!(n5, true)`: a node every instance passes (a `true` schema, or one that
///   asserts nothing).
#[doc(hidden)]
#[macro_export]
macro_rules! __envgen_node {
    ($name:ident, true) => {
        pub(super) fn $name<'v>(_: &'v ::serde_json::Value, _: &mut $crate::Cx<'v>) -> bool {
            true
        }
    };
    ($name:ident, $at:expr, [$($op:expr),* $(,)?]) => {
        pub(super) fn $name<'v>(v: &'v ::serde_json::Value, cx: &mut $crate::Cx<'v>) -> bool {
            static OPS: &[$crate::__private::plan::Op] = &[$($op),*];
            $crate::__private::plan::run(v, cx, $at, OPS)
        }
    };
    ($name:ident, $at:expr, $ops:expr) => {
        pub(super) fn $name<'v>(v: &'v ::serde_json::Value, cx: &mut $crate::Cx<'v>) -> bool {
            $crate::__private::plan::run(v, cx, $at, $ops)
        }
    };
}

/// `required!["a", "b"]`: the op checking the `required` names in turn
/// ([`Op::required`]), written as a list that wraps like text.
#[doc(hidden)]
#[macro_export]
macro_rules! __envgen_required {
    ($($name:literal),* $(,)?) => {
        $crate::__private::plan::Op::required(&[$($name),*])
    };
}

/// `closed!["a", "b"]`: `additionalProperties: false` with the declared names `a` and `b`
/// ([`Op::closed`]), written as a list that wraps like text.
#[doc(hidden)]
#[macro_export]
macro_rules! __envgen_closed {
    ($($name:literal),* $(,)?) => {
        $crate::__private::plan::Op::closed(&[$($name),*])
    };
}

/// `strings!["a", "b"]`: `&["a", "b"]`, written as a list that wraps like text (the strings
/// of a long `enum`).
#[doc(hidden)]
#[macro_export]
macro_rules! __envgen_strings {
    ($($s:literal),* $(,)?) => {
        &[$($s),*]
    };
}

#[cfg(test)]
mod tests;
