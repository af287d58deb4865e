//! A failed typed parse as a located `ValidationError`: its instance pointer from the
//! error's position, its keyword from the message, and the slow path for a document the
//! schema accepts but the type cannot hold.

use crate::__private::inflight::Locating;
use crate::__private::pointer_at::pointer_at;
use crate::error::{ValidationError, ValidationErrors};
use crate::json::push_token;
use crate::validate::{Cx, Options};
use serde::de;

/// The located error for `error`, the failure of a parse of `input`: its instance
/// pointer is found from the error's position (`pointer_at`), so the input is not
/// parsed again. Call it only on the error path.
pub fn locate_error(input: &str, error: &serde_json::Error) -> ValidationErrors {
    let pointer = pointer_at(input, error.line(), error.column());
    ValidationErrors::single(from_serde_error(pointer, error))
}

/// The error for a document the schema accepts (with `options`) but the generated type
/// cannot hold. The deliberate cases are an integer beyond the Rust integer a
/// `{"type": "integer"}` is generated as (docs/decisions.md, "Integers") and a value the
/// Rust type of a type mapping refuses (docs/type-mapping.md). Otherwise the document was
/// parsed with a type narrower than the root (the `…Object` inside a nullable root's
/// newtype, say), or envgen has a defect; the message says both rather than pass it off as
/// the schema's verdict.
///
/// The document is read again in a session that locates the failure
/// ([`crate::__private::inflight`]): a mapped format's parse is reported as the `format`
/// error it stands for (raised in flight, or found by the noted spec's validator for a
/// map's value); otherwise the error is a `type` error at the value, whose schema
/// location is where the generated deserializer read it: the `type` keyword that allows
/// the integer, or the node a whole-schema mapping replaces. A value read where no schema
/// location is known (the root value itself, say) is located at the root `#`.
pub fn narrowed<T: de::DeserializeOwned>(input: &str, options: &Options) -> ValidationErrors {
    narrowed_by(input, options, parse_only::<T>)
}

/// `input` parsed as `T`, the value dropped: what the slow path needs of the type, as a
/// function pointer, so that the path itself is compiled once.
pub fn parse_only<T: de::DeserializeOwned>(input: &str) -> Result<(), serde_json::Error> {
    serde_json::from_str::<T>(input).map(drop)
}

/// [`narrowed`] with the typed parse `parse` ([`parse_only`]).
pub fn narrowed_by(
    input: &str,
    options: &Options,
    parse: fn(&str) -> Result<(), serde_json::Error>,
) -> ValidationErrors {
    let locating = Locating::start(options);
    // The same reader as the first parse: no `Deserialize` impl is compiled again for it.
    match parse(input) {
        Err(e) => narrowed_error(input, options, locating, &e),
        Ok(_) => ValidationErrors::single(ValidationError::new(
            "",
            "syntax",
            "",
            "document could not be parsed (inconsistent parser result)",
        )),
    }
}

/// [`narrowed`] once the typed read failed (`error`, at `path`): the part that does not
/// depend on the type, compiled once rather than once per generated type.
fn narrowed_error(
    input: &str,
    options: &Options,
    locating: Locating,
    error: &serde_json::Error,
) -> ValidationErrors {
    let (first, noted) = {
        if let Some(errors) = locating.take(error, input) {
            return errors;
        }
        let pointer = pointer_at(input, error.line(), error.column());
        (
            from_serde_error(pointer, error),
            locating.narrowed(input, error),
        )
    };
    drop(locating);
    if first.keyword == "syntax" {
        return ValidationErrors::single(first);
    }
    let mut first = first;
    // The value's pointer, when the note found it from the property that failed.
    if let Some(pointer) = noted.as_ref().and_then(|n| n.pointer.clone()) {
        first.instance_path = pointer;
    }
    let mut value = serde_json::from_str::<serde_json::Value>(input)
        .ok()
        .and_then(|v| v.pointer(&first.instance_path).cloned());
    // A value read from a buffered copy (a union's alternative) fails where the union
    // stands: a number noted inside it is found in it by value, when it is there once.
    if let (Some(n), Some(v)) = (&noted, &value) {
        if let Some(inner) = n.value.as_ref().filter(|nv| *nv != v) {
            if let Some(rel) = find_once(v, inner) {
                first.instance_path.push_str(&rel);
                value = Some(inner.clone());
            }
        }
    }
    let wide_integer = value.as_ref().is_some_and(is_wide_integer);
    // The note is the failure's when it is the value found at the error's location (a
    // note left by an alternative tried before is about another value).
    let noted = noted.filter(|n| n.value.is_none() || n.value == value);
    if let (Some(n), Some(v)) = (&noted, &value) {
        // A map's value the map read itself: its spec's validator has the mapped format's
        // parse, if that is what refused it.
        let mut cx = Cx::new(*options);
        (n.node)(v, &mut cx);
        if let Err(errors) = cx.finish() {
            let at = &first.instance_path;
            return errors
                .into_iter()
                .map(|mut e| {
                    e.instance_path.insert_str(0, at);
                    e
                })
                .collect::<Vec<_>>()
                .into();
        }
    }
    let message = if noted.as_ref().is_some_and(|n| n.mapped) {
        format!(
            "the schema accepts this value, but the Rust type it is mapped to cannot hold \
             it ({}); a type mapping (`x-rust-type`, `map_type`) accepts what its type \
             accepts",
            first.message
        )
    } else if wide_integer {
        format!(
            "the schema accepts this integer, but the generated Rust type cannot hold it ({}); \
             envgen generates `integer` as i64/u64, so integers beyond their range are refused",
            first.message
        )
    } else {
        format!(
            "the schema accepts this value, but this Rust type cannot hold it ({}); the \
             module's root type, with its default type parameters, holds every document the \
             schema accepts, so parse with it (if that is what parsed this, this is an \
             envgen defect: please report it with the schema)",
            first.message
        )
    };
    let schema_path = noted
        .map(|n| n.at)
        .filter(|at| !at.is_empty())
        .unwrap_or("#");
    ValidationErrors::single(ValidationError::new(
        first.instance_path,
        "type",
        schema_path,
        message,
    ))
}

/// The pointer (relative to `v`) of the one value inside `v` equal to `needle`; `None`
/// when there is none or more than one.
fn find_once(v: &serde_json::Value, needle: &serde_json::Value) -> Option<String> {
    find_unique(v, |_, x| x == needle)
}

/// The pointer (relative to `v`) of the one value strictly inside `v` that `matches`
/// (given the member name it is reached by, `None` for an array's item, and the value);
/// `None` when there is none or more than one. A match is not searched inside.
pub(crate) fn find_unique(
    v: &serde_json::Value,
    matches: impl Fn(Option<&str>, &serde_json::Value) -> bool,
) -> Option<String> {
    let mut found = Vec::new();
    let mut stack = vec![(String::new(), v)];
    while let Some((at, v)) = stack.pop() {
        let mut inside = |p: String, name: Option<&str>, item| {
            if matches(name, item) {
                found.push(p);
            } else {
                stack.push((p, item));
            }
        };
        match v {
            serde_json::Value::Array(items) => {
                for (i, item) in items.iter().enumerate() {
                    let mut p = at.clone();
                    push_token(&mut p, &i.to_string());
                    inside(p, None, item);
                }
            }
            serde_json::Value::Object(map) => {
                for (k, item) in map {
                    let mut p = at.clone();
                    push_token(&mut p, k);
                    inside(p, Some(k), item);
                }
            }
            _ => {}
        }
    }
    match found.len() {
        1 => found.pop(),
        _ => None,
    }
}

/// Whether `v` is an integer (in value) outside `i64`: beyond what an unbounded
/// `integer` is generated as (a `u64` field takes the rest of `u64`'s range).
fn is_wide_integer(v: &serde_json::Value) -> bool {
    match v {
        serde_json::Value::Number(n) => {
            n.as_i64().is_none()
                && (n.is_u64()
                    || n.as_f64()
                        .is_some_and(|f| f.is_finite() && f.fract() == 0.0))
        }
        _ => false,
    }
}

/// Converts a `serde_json` error raised at `pointer` into a [`ValidationError`], naming the
/// keyword from the message wording of this module and of serde.
pub fn from_serde_error(pointer: String, e: &serde_json::Error) -> ValidationError {
    let full = e.to_string();
    let suffix = format!(" at line {} column {}", e.line(), e.column());
    let message = full.strip_suffix(&suffix).unwrap_or(&full).to_owned();
    let keyword = match e.classify() {
        serde_json::error::Category::Syntax | serde_json::error::Category::Eof => "syntax",
        serde_json::error::Category::Io => "io",
        serde_json::error::Category::Data => keyword_of(&message),
    };
    let message = if keyword == "syntax" && e.line() > 0 {
        format!(
            "{message} (line {}, column {})",
            e.line(),
            e.column().max(1)
        )
    } else {
        message
    };
    ValidationError::new(pointer, keyword, "", message)
}

/// How a deserializer message is recognized: by its start, its end, or a part of it.
enum Says {
    Starts(&'static str),
    Ends(&'static str),
    Has(&'static str),
}

/// The keyword each kind of deserializer message stands for, the first match winning.
const KEYWORDS: [(Says, &str); 11] = [
    (Says::Starts("missing required property"), "required"),
    (Says::Starts("missing field"), "required"),
    (Says::Ends("is not allowed"), "additionalProperties"),
    (Says::Starts("unknown field"), "additionalProperties"),
    (Says::Starts("duplicate"), "syntax"),
    (Says::Has("the `oneOf`"), "oneOf"),
    (Says::Has("the `anyOf`"), "anyOf"),
    (Says::Has("`enum` allows"), "enum"),
    (Says::Starts("unknown variant"), "enum"),
    (Says::Has("`const` allows"), "const"),
    (Says::Starts("recursion limit"), "depth"),
];

/// The keyword a deserializer message stands for (`type` when none is recognized).
fn keyword_of(message: &str) -> &'static str {
    let says = |s: &Says| match *s {
        Says::Starts(t) => message.starts_with(t),
        Says::Ends(t) => message.ends_with(t),
        Says::Has(t) => message.contains(t),
    };
    KEYWORDS
        .iter()
        .find(|(s, _)| says(s))
        .map_or("type", |(_, keyword)| keyword)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::__private::de::Lenient;
    use indexmap::IndexMap;

    #[test]
    fn wide_integers_are_the_integers_beyond_i64() {
        let wide = |t: &str| is_wide_integer(&serde_json::from_str(t).expect("JSON"));
        for t in [
            "9223372036854775808",
            "18446744073709551616",
            "1e30",
            "-1e19",
        ] {
            assert!(wide(t), "{t}");
        }
        for t in [
            "9223372036854775807",
            "-9223372036854775808",
            "1.5",
            "\"1\"",
            "null",
        ] {
            assert!(!wide(t), "{t}");
        }
    }

    #[test]
    fn a_narrowed_value_that_is_no_wide_integer_is_reported_as_a_defect() {
        // `u8` stands for a generated type that cannot hold a value its schema accepts.
        let e = narrowed::<Vec<u8>>("[1, 300]", &Options::new());
        let first = e.first().expect("an error");
        assert_eq!(
            (first.instance_path.as_str(), first.keyword.as_str()),
            ("/1", "type")
        );
        assert!(first.message.contains("envgen defect"), "{first}");
        let e = narrowed::<Vec<i64>>("[1, 9223372036854775808]", &Options::new());
        let first = e.first().expect("an error");
        assert_eq!(first.instance_path, "/1");
        assert!(first.message.contains("i64/u64"), "{first}");
    }

    #[test]
    fn a_value_is_found_inside_another_only_when_it_is_there_once() {
        let v: serde_json::Value =
            serde_json::from_str(r#"{"a": [1, {"b/c": 1e30}], "d": 2, "e": 2}"#).expect("JSON");
        let find = |t: &str| find_once(&v, &serde_json::from_str(t).expect("JSON"));
        assert_eq!(find("1e30").as_deref(), Some("/a/1/b~1c"));
        assert_eq!(find("1").as_deref(), Some("/a/0"));
        assert_eq!(find("2"), None, "twice");
        assert_eq!(find("3"), None, "absent");
        assert_eq!(find_once(&v, &v), None, "the value itself adds nothing");
    }

    #[test]
    fn located_errors_name_pointer_and_keyword() {
        let errs =
            crate::from_json_str::<IndexMap<String, Vec<Lenient<u64>>>>(r#"{"a/b": [1, -1]}"#)
                .err()
                .unwrap_or_default();
        let e = errs
            .first()
            .cloned()
            .unwrap_or_else(|| ValidationError::new("", "", "", ""));
        assert_eq!(e.instance_path, "/a~1b/1");
        assert_eq!(e.keyword, "type");
        let errs = crate::from_json_str::<Vec<u64>>("[1,")
            .err()
            .unwrap_or_default();
        assert_eq!(errs.first().map(|e| e.keyword.as_str()), Some("syntax"));
        let errs = crate::from_json_str::<Vec<u64>>("[1] x")
            .err()
            .unwrap_or_default();
        assert_eq!(errs.first().map(|e| e.keyword.as_str()), Some("syntax"));
    }
}
