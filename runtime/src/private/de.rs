//! Deserialization helpers used by generated `Deserialize` impls.
//!
//! Generated deserializers raise their errors through the functions here, so that every
//! message has one wording, and [`locate_error`] can name the keyword that failed.

use super::pointer_at::pointer_at;
use crate::__private::inflight::Locating;
use crate::error::{ValidationError, ValidationErrors};
use crate::json::push_token;
use crate::validate::{Cx, Options};
use indexmap::IndexMap;
use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use std::borrow::Cow;
use std::fmt;
use std::marker::PhantomData;

/// A map key, borrowed from the input when it has no escapes. Reading one records where
/// it stands (`inflight::key_read`), so that a property's value that
/// fails can be found again in the text.
#[derive(Debug)]
pub struct Key<'de>(pub Cow<'de, str>);

impl Key<'_> {
    /// The key text.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The key as an owned `String`.
    pub fn into_owned(self) -> String {
        self.0.into_owned()
    }
}

impl<'de> Deserialize<'de> for Key<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct KeyVisitor;
        impl<'de> Visitor<'de> for KeyVisitor {
            type Value = Key<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a property name")
            }
            fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Key<'de>, E> {
                crate::__private::inflight::key_read(Some(v));
                Ok(Key(Cow::Borrowed(v)))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Key<'de>, E> {
                crate::__private::inflight::key_read(None);
                Ok(Key(Cow::Owned(v.to_owned())))
            }
            fn visit_string<E: de::Error>(self, v: String) -> Result<Key<'de>, E> {
                crate::__private::inflight::key_read(None);
                Ok(Key(Cow::Owned(v)))
            }
        }
        d.deserialize_str(KeyVisitor)
    }
}

/// A generated struct's reading of its JSON object: the body of its serde visitor's
/// `visit_map`, with the visitor itself written once here ([`read_map`]).
pub trait ReadMap<'de>: Sized {
    /// What the visitor expects, for serde's "invalid type" errors (`"a Config object"`).
    const EXPECTING: &'static str;

    /// Reads the object's entries.
    fn read_map<A: MapAccess<'de>>(map: A) -> Result<Self, A::Error>;
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

fn quoted(name: &str) -> String {
    serde_json::to_string(name).unwrap_or_else(|_| format!("{name:?}"))
}

/// Error for a required property that is absent.
pub fn missing_property<E: de::Error>(name: &str) -> E {
    E::custom(format_args!("missing required property {}", quoted(name)))
}

/// Error for a property that `additionalProperties: false` forbids.
pub fn property_not_allowed<E: de::Error>(name: &str) -> E {
    E::custom(format_args!("property {} is not allowed", quoted(name)))
}

/// Error for a property that appears twice in one object.
pub fn duplicate_property<E: de::Error>(name: &str) -> E {
    E::custom(format_args!("duplicate property {}", quoted(name)))
}

/// Fails with [`duplicate_property`] when `slot` already holds the property `name`: the
/// check a generated visitor makes before reading a declared property's value.
#[inline]
pub fn once<T, E: de::Error>(slot: &Option<T>, name: &str) -> Result<(), E> {
    match slot {
        Some(_) => Err(duplicate_property(name)),
        None => Ok(()),
    }
}

/// A declared property in one call: [`duplicate_property`] when `slot` is already
/// filled, else the next value into `slot`.
#[inline]
pub fn field<'de, A, T>(map: &mut A, slot: &mut Option<T>, name: &str) -> Result<(), A::Error>
where
    A: de::MapAccess<'de>,
    T: de::Deserialize<'de>,
{
    once(slot, name)?;
    *slot = Some(map.next_value()?);
    Ok(())
}

/// The value of a required property `name` once the object is read, or
/// [`missing_property`] when it was absent.
#[inline]
pub fn required<T, E: de::Error>(slot: Option<T>, name: &str) -> Result<T, E> {
    match slot {
        Some(v) => Ok(v),
        None => Err(missing_property(name)),
    }
}

/// A type whose deserializer can build its value straight into a heap box. Generated
/// structs estimated large implement it: their visitor yields `Box<Self>`, so the generic
/// frames a value passes through while it is read (serde_json's, the in-flight checks')
/// hold a pointer rather than the value. In a debug build, where each frame keeps a slot
/// for every temporary, that keeps a parse of large nested structs within a thread's
/// default 2 MiB stack.
pub trait DeserializeBoxed<'de>: Sized {
    /// Reads a value into a new box.
    fn deserialize_boxed<D: Deserializer<'de>>(deserializer: D) -> Result<Box<Self>, D::Error>;
}

/// A field value read through [`DeserializeBoxed`]: what a generated visitor holds for a
/// large struct field until the object is read, then unboxes into the struct.
pub struct Boxed<T>(pub Box<T>);

impl<'de, T: DeserializeBoxed<'de>> Deserialize<'de> for Boxed<T> {
    #[inline]
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        T::deserialize_boxed(d).map(Boxed)
    }
}

impl<T> Boxed<T> {
    /// The value, out of its box.
    #[inline]
    pub fn into_inner(self) -> T {
        *self.0
    }
}

/// Error for a value outside a closed set of literals (`enum` or `const`).
pub fn no_literal<E: de::Error>(type_name: &str, keyword: &str) -> E {
    E::custom(format_args!(
        "value is not one of the values `{keyword}` allows for {type_name}"
    ))
}

/// Deserializes a generated enum of strings through its `FromStr`: a string it does not
/// list is [`no_literal`]'s error (`type_name`, `keyword`), any other JSON kind serde's
/// "invalid type" error, expecting `expecting` (`__private::string_enum!`).
pub fn string_enum<'de, T, D>(
    d: D,
    expecting: &'static str,
    type_name: &'static str,
    keyword: &'static str,
) -> Result<T, D::Error>
where
    T: std::str::FromStr,
    D: Deserializer<'de>,
{
    struct StrVisitor<T> {
        expecting: &'static str,
        type_name: &'static str,
        keyword: &'static str,
        of: PhantomData<fn() -> T>,
    }
    impl<T: std::str::FromStr> Visitor<'_> for StrVisitor<T> {
        type Value = T;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str(self.expecting)
        }
        fn visit_str<E: de::Error>(self, value: &str) -> Result<T, E> {
            T::from_str(value).map_err(|_| no_literal(self.type_name, self.keyword))
        }
    }
    d.deserialize_str(StrVisitor {
        expecting,
        type_name,
        keyword,
        of: PhantomData,
    })
}

/// Error for a value that matches no alternative of a `oneOf` / `anyOf` / type union.
pub fn no_alternative<E: de::Error>(type_name: &str, keyword: &str, found: &str) -> E {
    E::custom(format_args!(
        "{found} matches no alternative of the `{keyword}` of {type_name}"
    ))
}

/// Decodes JSON-Schema integers: `1.0` counts as the integer `1` (JSON Schema defines
/// integers by value, not by spelling). Wraps `u64` and `i64`, and `Option`, `Vec`,
/// `Box` and string-keyed `IndexMap`s of things it wraps.
pub struct Lenient<T>(pub T);

struct IntVisitor<T>(PhantomData<T>);

fn float_to_int<T: TryFrom<i128>, E: de::Error>(v: f64) -> Result<T, E> {
    if v.fract() != 0.0 || !v.is_finite() {
        if crate::__private::inflight::active() {
            // In a session the failure is judged by the schema, which refuses a fraction
            // where it asks for an integer: the message is never shown, so the float is
            // not written.
            return Err(E::custom(
                "invalid type: a number with a fraction is not an integer",
            ));
        }
        return Err(E::custom(format_args!(
            "invalid type: {v} is not an integer"
        )));
    }
    if v.abs() > 1.8446744073709552e19 {
        return Err(E::custom(format_args!(
            "invalid value: integer {v} is out of range"
        )));
    }
    // |v| ≤ 2^64 and integral: representable in i128.
    T::try_from(v as i128)
        .map_err(|_| E::custom(format_args!("invalid value: integer {v} is out of range")))
}

macro_rules! int_visitor {
    ($t:ty, $what:literal) => {
        impl<'de> Visitor<'de> for IntVisitor<$t> {
            type Value = $t;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str($what)
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<$t, E> {
                <$t>::try_from(v).map_err(|_| {
                    E::custom(format_args!("invalid value: integer {v} is out of range"))
                })
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<$t, E> {
                <$t>::try_from(v).map_err(|_| {
                    E::custom(format_args!("invalid value: integer {v} is out of range"))
                })
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<$t, E> {
                float_to_int(v)
            }
        }

        impl<'de> Deserialize<'de> for Lenient<$t> {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                d.deserialize_any(IntVisitor::<$t>(PhantomData))
                    .map(Lenient)
            }
        }
    };
}

int_visitor!(u64, "a non-negative integer");
int_visitor!(i64, "an integer");
// Narrower integers: the schema's bounds prove every accepted value fits, so a value out
// of range is one the schema refuses, and its error is the schema's (docs/type-mapping.md).
int_visitor!(u32, "an integer from 0 to 4294967295");
int_visitor!(u16, "an integer from 0 to 65535");
int_visitor!(u8, "an integer from 0 to 255");
int_visitor!(i32, "an integer from -2147483648 to 2147483647");
int_visitor!(i16, "an integer from -32768 to 32767");
int_visitor!(i8, "an integer from -128 to 127");

impl<'de, T> Deserialize<'de> for Lenient<Option<T>>
where
    Lenient<T>: Deserialize<'de>,
{
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Option::<Lenient<T>>::deserialize(d).map(|o| Lenient(o.map(|l| l.0)))
    }
}

impl<'de, T> Deserialize<'de> for Lenient<Box<T>>
where
    Lenient<T>: Deserialize<'de>,
{
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Lenient::<T>::deserialize(d).map(|l| Lenient(Box::new(l.0)))
    }
}

impl<'de, T> Deserialize<'de> for Lenient<Vec<T>>
where
    Lenient<T>: Deserialize<'de>,
{
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_seq(Collect::<Vec<T>>(PhantomData))
            .map(Lenient)
    }
}

impl<'de, T> Deserialize<'de> for Lenient<IndexMap<String, T>>
where
    Lenient<T>: Deserialize<'de>,
{
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_map(Collect::<IndexMap<String, T>>(PhantomData))
            .map(Lenient)
    }
}

/// A collection of lenient values: what its [`Collect`] visitor expects, and how it reads
/// the one JSON kind it is made from (the other is refused as serde's visitors refuse it).
trait Collection<'de>: Sized {
    /// What the visitor expects, for serde's messages.
    const EXPECTING: &'static str;

    /// The collection from an array.
    fn from_seq<A: SeqAccess<'de>>(_seq: A, expected: &dyn de::Expected) -> Result<Self, A::Error> {
        Err(de::Error::invalid_type(de::Unexpected::Seq, expected))
    }

    /// The collection from an object.
    fn from_map<A: MapAccess<'de>>(_map: A, expected: &dyn de::Expected) -> Result<Self, A::Error> {
        Err(de::Error::invalid_type(de::Unexpected::Map, expected))
    }
}

impl<'de, T> Collection<'de> for Vec<T>
where
    Lenient<T>: Deserialize<'de>,
{
    const EXPECTING: &'static str = "an array";

    fn from_seq<A: SeqAccess<'de>>(mut seq: A, _: &dyn de::Expected) -> Result<Self, A::Error> {
        let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(1024));
        while let Some(Lenient(v)) = seq.next_element::<Lenient<T>>()? {
            out.push(v);
        }
        Ok(out)
    }
}

impl<'de, T> Collection<'de> for IndexMap<String, T>
where
    Lenient<T>: Deserialize<'de>,
{
    const EXPECTING: &'static str = "an object";

    fn from_map<A: MapAccess<'de>>(mut map: A, _: &dyn de::Expected) -> Result<Self, A::Error> {
        let mut out = IndexMap::new();
        while let Some(k) = map.next_key::<Key<'de>>()? {
            let Lenient(v) = map.next_value::<Lenient<T>>()?;
            if out.insert(k.into_owned(), v).is_some() {
                return Err(<A::Error as de::Error>::custom(
                    "duplicate property in object",
                ));
            }
        }
        Ok(out)
    }
}

/// The visitor of a lenient [`Collection`] `C`.
struct Collect<C>(PhantomData<C>);

impl<'de, C: Collection<'de>> Visitor<'de> for Collect<C> {
    type Value = C;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(C::EXPECTING)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<C, A::Error> {
        C::from_seq(seq, &self)
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<C, A::Error> {
        C::from_map(map, &self)
    }
}

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

    /// A type that can only be read through its box: `Boxed` must use `deserialize_boxed`.
    struct OnlyBoxed(String);

    impl<'de> DeserializeBoxed<'de> for OnlyBoxed {
        fn deserialize_boxed<D: Deserializer<'de>>(d: D) -> Result<Box<Self>, D::Error> {
            String::deserialize(d).map(|s| Box::new(OnlyBoxed(s)))
        }
    }

    #[test]
    fn boxed_reads_through_deserialize_boxed() {
        let v: Boxed<OnlyBoxed> = serde_json::from_str(r#""x""#).expect("a string");
        assert_eq!(v.into_inner().0, "x");
        let e = serde_json::from_str::<Boxed<OnlyBoxed>>("1")
            .err()
            .expect("not a string");
        assert!(e.to_string().contains("invalid type"), "{e}");
    }

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
    fn integers_accept_integral_floats() {
        let v: Lenient<u64> = serde_json::from_str("1.0").unwrap_or(Lenient(0));
        assert_eq!(v.0, 1);
        let v: Lenient<i64> = serde_json::from_str("-2e0").unwrap_or(Lenient(0));
        assert_eq!(v.0, -2);
        assert!(serde_json::from_str::<Lenient<u64>>("1.5").is_err());
        assert!(serde_json::from_str::<Lenient<u64>>("-1").is_err());
        assert!(serde_json::from_str::<Lenient<u64>>("18446744073709551616").is_err());
        // Narrow integers: `2.0` is an integer, and a value beyond the type is an error.
        assert_eq!(
            serde_json::from_str::<Lenient<u8>>("2.0").map(|l| l.0).ok(),
            Some(2)
        );
        assert_eq!(
            serde_json::from_str::<Lenient<i16>>("-300")
                .map(|l| l.0)
                .ok(),
            Some(-300)
        );
        assert!(serde_json::from_str::<Lenient<u8>>("256").is_err());
        assert!(serde_json::from_str::<Lenient<i8>>("-129").is_err());
        assert!(serde_json::from_str::<Lenient<u16>>("65536.0").is_err());
        assert!(serde_json::from_str::<Lenient<i64>>("1e400").is_err());
        assert!(serde_json::from_str::<Lenient<i64>>("\"1\"").is_err());
        let v: Lenient<Vec<Option<u64>>> =
            serde_json::from_str("[1.0, null, 3]").unwrap_or(Lenient(vec![]));
        assert_eq!(v.0, vec![Some(1), None, Some(3)]);
        let v: Lenient<IndexMap<String, Box<i64>>> =
            serde_json::from_str(r#"{"a": 4.0}"#).unwrap_or(Lenient(IndexMap::new()));
        assert_eq!(v.0.get("a").map(|b| **b), Some(4));
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
