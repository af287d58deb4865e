//! What generated deserializers call: the readers of a property's value, the errors
//! of a struct's own keywords (`required`, `additionalProperties`), and the specs.

use super::capture::{read, read_into, Seg};
use super::kinds::{self, Kinds};
use super::{active, check, forget, locating, muted, raise, up, OrNull, PathSeg, Read, PENDING};
use crate::error::ValidationError;
use crate::validate::{show_str, NodeFn};
use serde::de::{self, Deserialize, DeserializeSeed, MapAccess};
use serde_json::Value;
use std::marker::PhantomData;

/// A read whose errors are not the schema's as they stand (an alternative of a `oneOf`,
/// a value in a map): an error raised in flight inside it is dropped, so the caller takes
/// the slow path.
#[inline]
pub fn opaque<T, E>(result: Result<T, E>) -> Result<T, E> {
    if result.is_err() {
        forget();
    }
    result
}

/// The error of a buffered union none of whose alternatives took `value`: within a
/// session, the errors `node` (the union's own schema node) finds in the value, raised in
/// flight; otherwise, or when the schema accepts the value (a type narrower than the
/// schema), `fallback`. A property read with [`Spec::whole`] keeps these errors, so a
/// union of objects is not validated by a second parse of the document.
pub fn unmatched<E: de::Error>(value: &Value, node: NodeFn, fallback: impl FnOnce() -> E) -> E {
    if !active() {
        return fallback();
    }
    match check(value, node) {
        Some(errors) => {
            let e = raise(errors);
            PENDING.with(|p| {
                if let Some(pending) = p.borrow_mut().as_mut() {
                    pending.whole = true;
                }
            });
            e
        }
        None => fallback(),
    }
}

/// A failure as the schema's validation plan words it: the keyword, its schema location,
/// and the message's literal pieces around the value shown (a single piece when the
/// message names no value). Generated code passes the same words the `Value` validator
/// reports.
#[derive(Debug, Clone, Copy)]
pub struct Rule {
    /// The keyword (`required`, `additionalProperties`).
    pub keyword: &'static str,
    /// The keyword's schema location.
    pub schema_path: &'static str,
    /// The message's pieces; the shown value goes between the first two.
    pub message: &'static [&'static str],
}

impl Rule {
    /// The message, with `shown` between its pieces.
    fn message(&self, shown: &str) -> String {
        self.message.join(shown)
    }

    /// This rule's error, with `shown()` as the value shown; under a [`Mute`], the
    /// failure alone (nothing is shown or worded).
    fn raise<E: de::Error>(&self, shown: impl FnOnce() -> String) -> E {
        if muted() {
            return raise(Vec::new());
        }
        raise(vec![ValidationError::new(
            "",
            self.keyword,
            self.schema_path,
            self.message(&shown()),
        )])
    }
}

/// A required property is absent: `rule`'s error (`required`), raised in flight within a
/// session, and serde's "missing property" otherwise.
pub fn missing<E: de::Error>(name: &str, rule: &Rule) -> E {
    if !active() {
        return crate::__private::de::missing_property(name);
    }
    rule.raise(String::new)
}

/// The value of a required property `name` once the object is read, or [`missing`]'s
/// error when it was absent.
#[inline]
pub fn required<T, E: de::Error>(slot: Option<T>, name: &str, rule: &Rule) -> Result<T, E> {
    match slot {
        Some(v) => Ok(v),
        None => Err(missing(name, rule)),
    }
}

/// A property `additionalProperties: false` rejects: `rule`'s error, with the key shown,
/// raised in flight within a session, and serde's "not allowed" otherwise.
pub fn not_allowed<E: de::Error>(name: &str, rule: &Rule) -> E {
    if !active() {
        return crate::__private::de::property_not_allowed(name);
    }
    rule.raise(|| show_str(name))
}

/// A required property `name` of the object schema at `at` is absent: the error of
/// `{at}/required`, worded as the plan words it (`missing required property "name"`),
/// raised in flight within a session, and serde's "missing property" otherwise.
#[cold]
pub fn missing_at<E: de::Error>(name: &str, at: &str) -> E {
    if !active() {
        return crate::__private::de::missing_property(name);
    }
    if muted() {
        return raise(Vec::new());
    }
    // Concatenated, not `format!`ed: this is the path every invalid document of a kind
    // takes, and the formatting machinery cost several times as much.
    let mut message = String::from("missing required property ");
    crate::__private::de::push_quoted(&mut message, name);
    raise(vec![ValidationError::new(
        "",
        "required",
        [at, "/required"].concat(),
        message,
    )])
}

/// A property the object schema at `at` does not allow (`additionalProperties: false`):
/// the error of `{at}/additionalProperties`, with the key shown, raised in flight within
/// a session, and serde's "not allowed" otherwise.
#[cold]
pub fn not_allowed_at<E: de::Error>(name: &str, at: &str) -> E {
    if !active() {
        return crate::__private::de::property_not_allowed(name);
    }
    if muted() {
        return raise(Vec::new());
    }
    raise(vec![ValidationError::new(
        "",
        "additionalProperties",
        [at, "/additionalProperties"].concat(),
        ["property ", &show_str(name), " is not allowed"].concat(),
    )])
}

/// How a value is checked in flight: the validator of its schema node, the JSON kinds its
/// Rust type holds, whether errors raised inside it (by nested generated types) are the
/// schema's (`false` under `oneOf`, `anyOf`, `not` or `if`), and the same for the items
/// of an array.
#[derive(Clone, Copy)]
pub struct Spec {
    /// The property a declared field's spec reads ([`Spec::field`]; empty for any other
    /// value): the key [`field`] adds to an error's location, and names in a duplicate's.
    pub key: &'static str,
    /// The `Value` validator of the value's schema node.
    pub node: NodeFn,
    /// The JSON kinds the Rust type holds (with [`ARRAY`](super::ARRAY), an error raised inside the
    /// value may come from an item, whose index no deserializer added: it is judged at
    /// the value, see `judge`).
    pub kinds: Kinds,
    /// The schema location named when the value fits the schema but not the Rust type
    /// (an integer beyond the Rust integer, a value a mapped type refuses): the `type`
    /// keyword that allows the integer, or the node a whole-schema mapping replaces; empty
    /// when the type narrows nothing there (the root `#` is named).
    pub narrow: &'static str,
    /// Whether the type is a whole-schema mapping (`x-rust-type`, a type mapping): it is
    /// read by its own deserializer, never driven through `deserialize_any`.
    pub mapped: bool,
    /// Whether errors from nested generated deserializers can be reported as they are.
    pub direct: bool,
    /// The spec of an array's items (a typed map's values), when the schema gives one
    /// for all: it locates a value the schema accepts but the type refuses inside the
    /// array (the map), and reads the items of whole-schema mapped types
    /// ([`MappedItems`](super::MappedItems)).
    pub items: Option<&'static Spec>,
    /// For a value under a `oneOf`/`anyOf` of which only the alternative its Rust type
    /// comes from can hold it: that union's failure. An error raised inside the value
    /// then means the value fails the union as a whole, and is reported as this rule's
    /// error at the value (the `Value` validator's error), in flight.
    pub union: Option<&'static Rule>,
    /// Whether the value's type is a union decoded from a buffered `Value` whose schema
    /// node is this one: the errors it raises about the whole value ([`unmatched`]) are
    /// this node's, and stand even when `direct` is `false`.
    pub whole: bool,
}

impl Spec {
    /// A spec with its node, kinds and `direct`, and nothing else: the type narrows
    /// nothing, is no mapping, and has no items' spec, union rule or whole-union read.
    /// Generated code sets the other fields by struct update (`Spec { items: Some(&S1),
    /// ..Spec::of(n2, ARRAY, false) }`).
    pub const fn of(node: NodeFn, kinds: Kinds, direct: bool) -> Spec {
        Spec {
            key: "",
            node,
            kinds,
            narrow: "",
            mapped: false,
            direct,
            items: None,
            union: None,
            whole: false,
        }
    }

    /// [`Spec::of`] for the value of the declared property `key`, which [`field`] reads.
    pub const fn field(key: &'static str, node: NodeFn, kinds: Kinds, direct: bool) -> Spec {
        Spec {
            key,
            ..Spec::of(node, kinds, direct)
        }
    }

    /// Whether errors raised inside a value with this spec are replaced where it is read
    /// ([`judge`]): under a union, when they are not the schema's as they stand, or inside
    /// an array's items when its reader does not locate them (`locates_items`).
    #[inline]
    pub(super) fn replaces_inner(&self, locates_items: bool) -> bool {
        self.union.is_some()
            || !(self.direct || self.whole)
            || (self.kinds & kinds::ARRAY != 0 && !locates_items)
    }
}

/// `map.next_value::<T>()` for the value of property `key`. Within a session, a value the
/// type cannot take is checked by the schema and its error raised in flight; outside one,
/// the result (and serde's wording of a failure) is `next_value`'s.
#[inline]
pub fn value<'de, A, T>(map: &mut A, key: &'static str, spec: &Spec) -> Result<T, A::Error>
where
    A: MapAccess<'de>,
    T: Deserialize<'de>,
{
    read(map, PhantomData::<T>, spec, Seg::Key(key))
}

/// [`value`] for an undeclared property (`additionalProperties: {…}`), named at run time.
#[inline]
pub fn extra_value<'de, A, T>(map: &mut A, key: &str, spec: &Spec) -> Result<T, A::Error>
where
    A: MapAccess<'de>,
    T: Deserialize<'de>,
{
    read(map, PhantomData::<T>, spec, Seg::Owned(key))
}

/// [`value`], [`nullable`] or [`extra_value`] with the reader `how` generated code
/// names: [`Mapped`](super::Mapped) for a whole-schema mapped type, [`MappedItems`](super::MappedItems) for an array of them.
#[inline]
pub fn read_with<'de, A, S>(
    map: &mut A,
    how: S,
    key: &str,
    spec: &Spec,
) -> Result<S::Value, A::Error>
where
    A: MapAccess<'de>,
    S: Read<'de>,
{
    read(map, how, spec, Seg::Owned(key))
}

/// [`value`] for a property whose value may be `null` (held as `Option<T>`).
#[inline]
pub fn nullable<'de, A, T>(
    map: &mut A,
    key: &'static str,
    spec: &Spec,
) -> Result<Option<T>, A::Error>
where
    A: MapAccess<'de>,
    T: Deserialize<'de>,
{
    read(map, OrNull::<T>::new(), spec, Seg::Key(key))
}

/// A property merged from an `allOf` member (`T`, or `Option<T>` through [`OrNull`]): its
/// errors are not reported in flight (the member's node is not the property's whole
/// schema), so it is read as [`opaque`] reads it, except while a document the schema
/// accepts is read again to locate a value its type cannot hold: then it is read as
/// [`field`] reads it with `spec` (the member's property), so that the value is noted at
/// its schema location. The schema accepts the document there, so no check fails.
#[inline]
pub fn merged<'de, A, S>(
    map: &mut A,
    how: S,
    key: &'static str,
    spec: &Spec,
) -> Result<S::Value, A::Error>
where
    A: MapAccess<'de>,
    S: Read<'de>,
{
    if locating() {
        read(map, how, spec, Seg::Key(key))
    } else {
        opaque(map.next_value_seed(Own(how)))
    }
}

/// A [`Read`] as its type's own deserializer reads the value (`null` included).
pub(super) struct Own<S>(S);

impl<'de, S: Read<'de>> DeserializeSeed<'de> for Own<S> {
    type Value = S::Value;
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<S::Value, D::Error> {
        self.0.own(d)
    }
}

/// A generic payload property (`T`, `serde_json::Value` unless the caller chose a type;
/// `Option<T>` when it may be `null`), read by `seed` (`payload::Payload`). Within a
/// session, a payload held as a `Value` that is `null` or a scalar is checked by `node` (the
/// property's schema) as soon as it is read, so a payload of a kind the schema refuses
/// stops the parse there. An array or object is left to the typed check after the parse,
/// which checks every payload: a valid one is not walked twice. Errors raised inside a
/// payload of another type are not the schema's (see [`opaque`]); when such a payload's
/// own `Deserialize` refuses the value, the error is taken as the untyped reader's would
/// be: a `null` or scalar the schema refuses is reported in flight with `node`'s errors
/// (found when the error is taken, from the value read again), anything else is left to
/// the slow path. `pass` holds the kinds on which `node` surely passes (kind bits, as
/// `check::generic_kinds` takes them): a `null` or scalar of one of them is not checked.
pub fn payload<'de, A, S>(
    map: &mut A,
    seed: S,
    key: &'static str,
    node: NodeFn,
    pass: Kinds,
) -> Result<S::Value, A::Error>
where
    A: MapAccess<'de>,
    S: DeserializeSeed<'de>,
    S::Value: 'static,
{
    let value = match map.next_value_seed(seed) {
        Ok(value) => value,
        Err(e) => {
            forget();
            return Err(refused_payload::<S::Value, _>(e, key, node));
        }
    };
    if !active() {
        return Ok(value);
    }
    let any: &dyn std::any::Any = &value;
    let held = match any.downcast_ref::<Option<Value>>() {
        Some(nullable) => nullable.as_ref().or(Some(&crate::validate::NULL)),
        None => any.downcast_ref::<Value>(),
    };
    let checked = |v: &&Value| {
        !v.is_array() && !v.is_object() && crate::__private::probe::value_kind(v) & pass == 0
    };
    if let Some(v) = held.filter(checked) {
        if let Some(errors) = check(v, node) {
            let e = raise(errors);
            up(PathSeg::Key(key));
            return Err(e);
        }
    }
    Ok(value)
}

/// The error of a payload of type `T` whose read failed with `e`: within a session (not
/// muted, not locating), when `T` is a typed payload (not a `Value`, whose reader refuses
/// only bad syntax), an error raised in flight that [`Session::take`] resolves from the
/// value at its location (see [`Pending::payload`]); otherwise `e`.
pub(super) fn refused_payload<T: 'static, E: de::Error>(
    e: E,
    key: &'static str,
    node: NodeFn,
) -> E {
    use std::any::TypeId;
    let untyped = TypeId::of::<T>() == TypeId::of::<Value>()
        || TypeId::of::<T>() == TypeId::of::<Option<Value>>();
    if untyped || !active() || muted() || locating() {
        return e;
    }
    let e = raise(Vec::new());
    PENDING.with(|p| {
        if let Some(pending) = p.borrow_mut().as_mut() {
            pending.payload = Some(node);
        }
    });
    up(PathSeg::Key(key));
    e
}

/// A declared property in one call: [`crate::__private::de::duplicate_property`] when `slot` is
/// already filled, else the value read by `how` into `slot`, checked in flight as
/// [`value`] checks it; the property is the spec's ([`Spec::field`]). `how` is
/// `PhantomData::<T>` for a `T`, [`OrNull`] for a property whose value may be `null` (held
/// as `Option<T>`, as [`nullable`] reads it), [`Unwrapped`](super::Unwrapped) for a value read through
/// `de::Lenient`. Generated code calls it through `de::Fields` (`map.plain(…)`).
// `inline(always)` in optimized builds only (the readers D131 measured); `inline` in debug ones.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn field<'de, A, S>(
    map: &mut A,
    slot: &mut Option<S::Value>,
    how: S,
    spec: &Spec,
) -> Result<(), A::Error>
where
    A: MapAccess<'de>,
    S: Read<'de>,
{
    crate::__private::de::once(slot, spec.key)?;
    read_into(map, slot, how, spec, Seg::Key(spec.key))
}
