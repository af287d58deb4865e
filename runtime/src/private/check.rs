//! Parse-and-validate entry points used by generated constructors (the trait they
//! implement is [`crate::Document`]).

use super::probe::{self, Probed};
use crate::error::{ValidationError, ValidationErrors};
use crate::validate::{Cx, Options};
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;

pub use crate::validate::NodeFn;

/// Parses `input` as `T` and validates it against `node`.
///
/// The typed parse runs first; a document that fails it is parsed again as a
/// `serde_json::Value` and validated, so that the errors are the schema's (keyword and
/// schema location), not the parser's.
pub fn from_json_str<T>(input: &str, options: &Options, node: NodeFn) -> Result<T, ValidationErrors>
where
    T: DeserializeOwned + Serialize,
{
    match serde_json::from_str::<T>(input) {
        Ok(t) => {
            value(&t, options, node)?;
            Ok(t)
        }
        Err(_) => Err(slow_path::<T>(input, options, node)),
    }
}

thread_local! {
    static SLOW_PATHS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// How many documents this thread has validated the two-pass way (parsed a second time as
/// a `Value` after the typed parse failed): for tests that pin which failures are
/// reported in flight.
#[doc(hidden)]
pub fn slow_paths() -> u64 {
    SLOW_PATHS.with(std::cell::Cell::get)
}

fn slow_path<T: DeserializeOwned>(
    input: &str,
    options: &Options,
    node: NodeFn,
) -> ValidationErrors {
    slow(input, options, node, crate::__private::de::parse_only::<T>)
}

/// The slow path, compiled once rather than once per type: the document parsed as a
/// `Value` and validated by `node`; when the schema accepts it, the value the type
/// (whose parse is `parse`) could not hold, located.
fn slow(
    input: &str,
    options: &Options,
    node: NodeFn,
    parse: fn(&str) -> Result<(), serde_json::Error>,
) -> ValidationErrors {
    // Valid for the schema, but not representable by the generated type: only where a
    // type is narrowed on purpose (integers beyond i64/u64).
    schema_errors(input, options, node)
        .unwrap_or_else(|| crate::__private::de::narrowed_by(input, options, parse))
}

/// What a typed parse of `input` that failed with `error` (in `session`, when one ran)
/// reports: the errors raised in flight that `error` stands for, else [`slow`]'s.
fn failed(
    session: Option<crate::__private::inflight::Session>,
    error: &serde_json::Error,
    input: &str,
    options: &Options,
    node: NodeFn,
    parse: fn(&str) -> Result<(), serde_json::Error>,
) -> ValidationErrors {
    if let Some(errors) = session.and_then(|session| session.take(error, input)) {
        return errors;
    }
    slow(input, options, node, parse)
}

/// The slow path's part that does not depend on the type (compiled once): the errors of
/// `input` parsed as a `Value` and validated by `node`; `None` when the schema accepts it.
fn schema_errors(input: &str, options: &Options, node: NodeFn) -> Option<ValidationErrors> {
    SLOW_PATHS.with(|n| n.set(n.get() + 1));
    let v: Value = match serde_json::from_str(input) {
        Ok(v) => v,
        Err(e) => return Some(crate::__private::de::locate_error(input, &e)),
    };
    let mut cx = Cx::new(*options);
    node(&v, &mut cx);
    cx.finish().err()
}

/// A generated typed check: validates a value of a generated type without converting it.
pub type TypedFn<T> = for<'v> fn(&'v T, &mut Cx<'v>) -> bool;

/// Parses `input` as `T` and validates the typed value with `check`; a document that does
/// not parse as `T` gets its errors from the `Value` validator `node`.
pub fn from_json_str_typed<T>(
    input: &str,
    options: &Options,
    node: NodeFn,
    check: TypedFn<T>,
) -> Result<T, ValidationErrors>
where
    T: DeserializeOwned,
{
    from_json_str_inflight(input, options, node, check, false)
}

/// [`from_json_str_typed`], with schema errors reported while parsing (see
/// [`crate::__private::inflight`]): a document the parse rejects is not parsed a second time when the
/// generated deserializers could name the error themselves. `direct` is whether errors
/// inside the root value are the root schema's (`false` when the root is a `oneOf`,
/// `anyOf`, `not` or `if`); when collecting all errors, the slow path is always taken.
pub fn from_json_str_inflight<T>(
    input: &str,
    options: &Options,
    node: NodeFn,
    check: TypedFn<T>,
    direct: bool,
) -> Result<T, ValidationErrors>
where
    T: DeserializeOwned,
{
    from_json_str_inflight_with(input, options, node, check, direct, true)
}

/// [`from_json_str_inflight`] for a type whose typed check may have nothing left to do
/// once a parse with the session on has succeeded: `after` is `false` when every check it
/// makes was made in flight (a string's `pattern` and length, `inflight::Text`; a `null`
/// or scalar `Value` payload, `inflight::payload`; codegen decides, per type). The typed
/// check still runs after a parse without a session (an enum's, all errors wanted) and
/// after one whose reads refused a string (the typed check reports it, as without this).
#[inline]
pub fn from_json_str_inflight_with<T>(
    input: &str,
    options: &Options,
    node: NodeFn,
    check: TypedFn<T>,
    direct: bool,
    after: bool,
) -> Result<T, ValidationErrors>
where
    T: DeserializeOwned,
{
    let mut session = session(options, direct);
    // `serde_json::from_str`, spelled out so that the parsed value is checked where it
    // was read and then moved into the result, not through `from_str`'s result and a
    // binding first (a generated struct can be hundreds of bytes; each move copies it).
    let mut de = serde_json::Deserializer::from_str(input);
    let parsed = T::deserialize(&mut de);
    if let Ok(t) = &parsed {
        if let Err(e) = de.end() {
            let parse = crate::__private::de::parse_only::<T>;
            return Err(failed(session, &e, input, options, node, parse));
        }
        // Skipped only after a parse with the session on that refused no string.
        let checked = session.take().is_some_and(|s| !s.refused_text());
        if after || !checked {
            typed(t, options, check)?;
        }
    }
    match parsed {
        Ok(t) => Ok(t),
        Err(e) => Err(failed(
            session,
            &e,
            input,
            options,
            node,
            crate::__private::de::parse_only::<T>,
        )),
    }
}

/// Whether a generic payload `T` is held as a `Value` (`serde_json::Value`, the default),
/// which the in-flight read checks (`inflight::payload`); a payload of any other type is
/// checked by the typed check after the parse.
#[inline]
pub fn untyped<T: 'static>() -> bool {
    std::any::TypeId::of::<T>() == std::any::TypeId::of::<serde_json::Value>()
}

/// The in-flight session of a parse ([`from_json_str_inflight`]): only when errors inside
/// the root value are the root schema's and the first error is wanted. Not generic, so
/// not compiled once per entry point.
fn session(options: &Options, direct: bool) -> Option<crate::__private::inflight::Session> {
    (direct && !options.all_errors).then(|| crate::__private::inflight::Session::start(options))
}

/// Validates a typed value with its generated check.
pub fn typed<T>(t: &T, options: &Options, check: TypedFn<T>) -> Result<(), ValidationErrors> {
    let mut cx = Cx::new(*options);
    check(t, &mut cx);
    cx.verdict()
}

/// Checks a part of a typed value that has no typed check through its JSON form, with the
/// `Value` validator of its schema node; errors land at the current location.
pub fn fallback<T: Serialize + ?Sized>(t: &T, cx: &mut Cx<'_>, node: NodeFn) -> bool {
    match serde_json::to_value(t) {
        Ok(v) => {
            let mut sub = cx.sub();
            let ok = node(&v, &mut sub);
            cx.absorb(sub);
            ok
        }
        Err(e) => {
            cx.fail("serialize", "", || {
                format!("the value cannot be represented as JSON: {e}")
            });
            false
        }
    }
}

/// Checks a generic parameter's value: a `serde_json::Value` (the default parameter) is
/// validated in place; any other type through its JSON form, like [`fallback`].
pub fn generic<'v, T: Serialize + 'static>(t: &'v T, cx: &mut Cx<'v>, node: NodeFn) -> bool {
    // The value lives as long as the context's borrows: no sub-context (and no pointer
    // string built up front) is needed.
    if let Some(v) = (t as &dyn std::any::Any).downcast_ref::<Value>() {
        return node(v, cx);
    }
    fallback(t, cx, node)
}

/// [`generic`] for a node that asks no more of the value than a JSON kind and, of an
/// object, about a few named properties (the generated check passes both from the
/// validation plan): the node surely passes a value whose JSON form is of a kind in `pass`
/// ([`crate::__private::inflight::Kinds`]; `INTEGER` for an integer, `NUMBER` for any
/// number) and, when it is an object, has none of the properties `keys`. Such a value is
/// not written to a `Value` (the kind is found by a serializer into nothing), nor walked
/// by the node when it is a `Value` already; any other is checked as [`generic`] checks
/// it, so the errors are the node's, as they were.
pub fn generic_kinds<'v, T: Serialize + 'static>(
    t: &'v T,
    cx: &mut Cx<'v>,
    node: NodeFn,
    pass: crate::__private::inflight::Kinds,
    keys: &'static [&'static str],
) -> bool {
    let passes = |p: Probed| p.kind & pass != 0 && !p.named;
    if let Some(v) = (t as &dyn std::any::Any).downcast_ref::<Value>() {
        return passes(probe::probe_value(v, keys)) || node(v, cx);
    }
    match probe::probe(t, keys) {
        Some(p) if passes(p) => true,
        _ => fallback(t, cx, node),
    }
}

/// Validates a typed value against `node` (through its JSON form).
pub fn value<T: Serialize + ?Sized>(
    t: &T,
    options: &Options,
    node: NodeFn,
) -> Result<(), ValidationErrors> {
    let v = serde_json::to_value(t).map_err(|e| {
        ValidationErrors::single(ValidationError::new(
            "",
            "serialize",
            "",
            format!("the value cannot be represented as JSON: {e}"),
        ))
    })?;
    let mut cx = Cx::new(*options);
    node(&v, &mut cx);
    cx.finish()
}

/// `check` one `$ref` level deeper ([`Cx::nested`] at `schema_path`), as a function of the
/// value: how a property or item whose schema is a struct's own schema is checked, passed
/// as it is to [`Cx::at`], [`Cx::at_opt`] or [`Cx::items`]
/// (`cx.at("a", &self.a, check::nested("#/$defs/A", A::check_n1))`).
#[inline(always)]
pub fn nested<'v, T: ?Sized>(
    schema_path: &'static str,
    check: impl Fn(&'v T, &mut Cx<'v>) -> bool,
) -> impl Fn(&'v T, &mut Cx<'v>) -> bool {
    move |value, cx| cx.nested(schema_path, |cx| check(value, cx))
}

/// [`fallback`] as a function of the value: how a part with no typed check is passed as it
/// is to [`Cx::at`], [`Cx::at_opt`] or [`Cx::items`]
/// (`cx.at("a", &self.a, check::as_value(validators::n1))`).
#[inline(always)]
pub fn as_value<T: Serialize + ?Sized>(node: NodeFn) -> impl Fn(&T, &mut Cx<'_>) -> bool {
    move |value, cx| fallback(value, cx, node)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn any(_: &Value, _: &mut Cx<'_>) -> bool {
        true
    }

    fn fine(_: &Vec<u8>, _: &mut Cx<'_>) -> bool {
        true
    }

    #[test]
    fn a_document_that_is_not_json_is_refused_as_such_where_it_breaks() {
        // The typed parse stops at `300` (too wide for a `u8`) before the text ends; the
        // error reported is the broken text's, not the type's.
        for (text, pointer) in [("[1, 300", "/1"), ("[1, 300,\n 2", "/2"), ("[1, x]", "/1")] {
            let e = from_json_str_typed::<Vec<u8>>(text, &Options::new(), any, fine)
                .err()
                .unwrap_or_default();
            let first = e
                .first()
                .map(|e| (e.instance_path.as_str(), e.keyword.as_str()));
            assert_eq!(first, Some((pointer, "syntax")), "{text}: {e:?}");
        }
    }

    #[test]
    fn a_value_the_schema_accepts_but_the_type_cannot_hold_is_located() {
        let e = from_json_str_typed::<Vec<u8>>("[1,\n  300\n]", &Options::new(), any, fine)
            .err()
            .unwrap_or_default();
        let first = e
            .first()
            .map(|e| (e.instance_path.as_str(), e.keyword.as_str()));
        assert_eq!(first, Some(("/1", "type")), "{e:?}");
    }

    /// A node that fails every value it is given, with one error.
    fn refuses<'v>(_: &'v Value, cx: &mut Cx<'v>) -> bool {
        cx.fail("type", "#/type", || "refused".to_owned());
        false
    }

    /// What `generic_kinds` says of `t` against `refuses`, passing objects and nulls
    /// without a property `skip`: the verdict and how many errors the node reported.
    fn kinds_verdict<T: Serialize + 'static>(t: &T) -> (bool, usize) {
        use crate::__private::inflight::{NULL, OBJECT};
        let mut cx = Cx::new(Options::new());
        let ok = generic_kinds(t, &mut cx, refuses, NULL | OBJECT, &["skip"]);
        (ok, cx.finish().err().map_or(0, |e| e.len()))
    }

    #[test]
    fn a_value_of_a_passing_kind_is_not_given_to_the_node() {
        // The same answer for a `Value` (read in place) as for a typed value (probed).
        use serde_json::json;
        for v in [json!(null), json!({}), json!({"a": 1})] {
            assert_eq!(kinds_verdict(&v), (true, 0), "{v}");
            assert!(!kinds_verdict(&v.to_string()).0, "{v} as a string");
        }
        assert_eq!(
            kinds_verdict(&std::collections::BTreeMap::from([("a", 1)])),
            (true, 0)
        );
        // A kind not in the set, or an object with a named property, goes to the node.
        for v in [json!([]), json!(1), json!("x"), json!({"skip": 1})] {
            assert_eq!(kinds_verdict(&v), (false, 1), "{v}");
        }
        assert_eq!(kinds_verdict(&vec![1]), (false, 1));
        assert_eq!(
            kinds_verdict(&std::collections::BTreeMap::from([("skip", 1)])),
            (false, 1)
        );
    }
}
