//! The failure steps of a generated validator, as macros so that the early `return`
//! is the validator's own: [`fail!`] records an error, [`fail_at!`] one at a keyword of
//! the node (its location named once), [`failed!`] follows a nested check that recorded
//! one, [`ensure!`] runs a nested check and follows it when it fails, [`fail_if!`]
//! records an error when a condition holds, and [`any_of!`] and [`one_of!`] are the
//! standard unions.

/// In a generated validator (a `fn … -> bool` with a `valid` flag and a context `cx`):
/// marks the instance invalid after a nested check failed (and recorded its error), and
/// returns `false` unless every error is being collected.
#[doc(hidden)]
#[macro_export]
macro_rules! __envgen_failed {
    ($valid:ident, $cx:ident) => {{
        $valid = false;
        if !$cx.keep_going() {
            return false;
        }
    }};
}

/// In a generated validator: runs the nested check `ok` (a boolean expression that records
/// its own errors) and, when it fails, does what [`failed!`] does: marks the instance
/// invalid and returns `false` unless every error is being collected.
/// `ensure!(valid, cx, check)` is `if !check { failed!(valid, cx); }` in one statement.
#[doc(hidden)]
#[macro_export]
macro_rules! __envgen_ensure {
    ($valid:ident, $cx:ident, $ok:expr) => {{
        if !$ok {
            $valid = false;
            if !$cx.keep_going() {
                return false;
            }
        }
    }};
}

/// In a generated validator: [`fail!`] when `condition` holds.
/// `fail_if!(condition, valid, cx, …)` is `if condition { fail!(valid, cx, …); }` in one
/// statement.
#[doc(hidden)]
#[macro_export]
macro_rules! __envgen_fail_if {
    ($condition:expr, $valid:ident, $cx:ident, $($failure:tt)*) => {{
        if $condition {
            $crate::__private::fail!($valid, $cx, $($failure)*);
        }
    }};
}

/// In a generated validator: records a failure of `keyword` (schema location
/// `schema_path`, message built by `message` only when it is recorded), marks the instance
/// invalid, and returns `false` unless every error is being collected.
///
/// Generated validators word most messages as data, so that no closure is compiled per
/// message: `shown_value(pieces, v)` joins the pieces around the value `v` shown
/// ([`crate::Cx::fail_shown`]), `shown_key(pieces, key)` around the key shown as a JSON string,
/// and `text(text)` is a message with no hole; `shown(v, rest)` is the value shown, then
/// `rest`, and the pieces may be written as an array (`shown_value(["", " is odd"], v)`).
#[doc(hidden)]
#[macro_export]
macro_rules! __envgen_fail {
    ($valid:ident, $cx:ident, $keyword:expr, $schema_path:expr, shown($value:expr, $rest:expr)) => {{
        $valid = false;
        if !$cx.fail_shown($keyword, $schema_path, &["", $rest], $value) {
            return false;
        }
    }};
    ($valid:ident, $cx:ident, $keyword:expr, $schema_path:expr, shown_value([$($piece:expr),+], $value:expr)) => {{
        $valid = false;
        if !$cx.fail_shown($keyword, $schema_path, &[$($piece),+], $value) {
            return false;
        }
    }};
    ($valid:ident, $cx:ident, $keyword:expr, $schema_path:expr, shown_key([$($piece:expr),+], $key:expr)) => {{
        $valid = false;
        if !$cx.fail_key($keyword, $schema_path, &[$($piece),+], $key) {
            return false;
        }
    }};
    ($valid:ident, $cx:ident, $keyword:expr, $schema_path:expr, shown_value($pieces:expr, $value:expr)) => {{
        $valid = false;
        if !$cx.fail_shown($keyword, $schema_path, $pieces, $value) {
            return false;
        }
    }};
    ($valid:ident, $cx:ident, $keyword:expr, $schema_path:expr, shown_key($pieces:expr, $key:expr)) => {{
        $valid = false;
        if !$cx.fail_key($keyword, $schema_path, $pieces, $key) {
            return false;
        }
    }};
    ($valid:ident, $cx:ident, $keyword:expr, $schema_path:expr, text($text:expr)) => {{
        $valid = false;
        if !$cx.fail_text($keyword, $schema_path, $text) {
            return false;
        }
    }};
    ($valid:ident, $cx:ident, $keyword:expr, $schema_path:expr, $message:expr) => {{
        $valid = false;
        if !$cx.fail($keyword, $schema_path, $message) {
            return false;
        }
    }};
}

/// In a generated validator: [`fail!`] for a keyword of the schema node at `base`,
/// located at `{base}/{keyword}` and joined only when the failure is recorded (the node
/// names its location once). The message forms are `fail!`'s, the pieces written as an
/// array (`shown_key(["property ", " is not allowed"], key)`), and `shown(v, rest)`: the
/// value `v` shown, then `rest`.
#[doc(hidden)]
#[macro_export]
macro_rules! __envgen_fail_at {
    ($valid:ident, $cx:ident, $base:expr, $keyword:expr, shown($value:expr, $rest:expr)) => {{
        $valid = false;
        if !$cx.fail_shown_at($keyword, $base, &["", $rest], $value) {
            return false;
        }
    }};
    ($valid:ident, $cx:ident, $base:expr, $keyword:expr, shown_value([$($piece:expr),+], $value:expr)) => {{
        $valid = false;
        if !$cx.fail_shown_at($keyword, $base, &[$($piece),+], $value) {
            return false;
        }
    }};
    ($valid:ident, $cx:ident, $base:expr, $keyword:expr, shown_key([$($piece:expr),+], $key:expr)) => {{
        $valid = false;
        if !$cx.fail_key_at($keyword, $base, &[$($piece),+], $key) {
            return false;
        }
    }};
    ($valid:ident, $cx:ident, $base:expr, $keyword:expr, text($text:expr)) => {{
        $valid = false;
        if !$cx.fail_text_at($keyword, $base, $text) {
            return false;
        }
    }};
    ($valid:ident, $cx:ident, $base:expr, $keyword:expr, $message:expr) => {{
        $valid = false;
        if !$cx.fail_at($keyword, $base, $message) {
            return false;
        }
    }};
}

/// In a generated validator: `anyOf` over the validators `branches` of `v`, each tried
/// silently; when none matches, a failure at `{base}/anyOf` with the standard wording
/// ([`fail_at!`]).
#[doc(hidden)]
#[macro_export]
macro_rules! __envgen_any_of {
    ($valid:ident, $cx:ident, $v:ident, $base:expr, [$($branch:expr),+ $(,)?]) => {
        let any_of: bool = $($cx.speculate(|$cx| $branch($v, $cx)))||+;
        if !any_of {
            $crate::__private::fail_at!(
                $valid,
                $cx,
                $base,
                "anyOf",
                shown($v, " matches none of the `anyOf` alternatives")
            );
        }
    };
}

/// In a generated validator: `oneOf` over the validators `branches` of `v`, each tried
/// silently and all of them counted; unless exactly one matches, a failure at
/// `{base}/oneOf` with the standard wordings ([`fail_at!`]).
#[doc(hidden)]
#[macro_export]
macro_rules! __envgen_one_of {
    ($valid:ident, $cx:ident, $v:ident, $base:expr, [$($branch:expr),+ $(,)?]) => {
        let matches = [$($cx.speculate(|$cx| $branch($v, $cx))),+]
            .iter()
            .filter(|m| **m)
            .count();
        if matches != 1 {
            $crate::__private::fail_at!($valid, $cx, $base, "oneOf", || if matches == 0 {
                format!(
                    "{} matches none of the `oneOf` alternatives",
                    $crate::__private::show($v)
                )
            } else {
                format!(
                    "{} matches {} of the `oneOf` alternatives; exactly one must match",
                    $crate::__private::show($v),
                    matches
                )
            });
        }
    };
}
pub use crate::__envgen_any_of as any_of;
pub use crate::__envgen_ensure as ensure;
pub use crate::__envgen_fail as fail;
pub use crate::__envgen_fail_at as fail_at;
pub use crate::__envgen_fail_if as fail_if;
pub use crate::__envgen_failed as failed;
pub use crate::__envgen_one_of as one_of;
