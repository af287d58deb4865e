//! The failure steps of a generated validator, as macros so that the early `return`
//! is the validator's own: [`fail!`] records an error, [`failed!`] follows a nested check
//! that recorded one, [`ensure!`] runs a nested check and follows it when it fails, and
//! [`fail_if!`] records an error when a condition holds.

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
/// and `text(text)` is a message with no hole.
#[doc(hidden)]
#[macro_export]
macro_rules! __envgen_fail {
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

pub use crate::__envgen_ensure as ensure;
pub use crate::__envgen_fail as fail;
pub use crate::__envgen_fail_if as fail_if;
pub use crate::__envgen_failed as failed;
