//! Reading one value in flight. A declared property's value is read by its type's own
//! deserializer ([`Read::field`]), as serde reads it; when that fails within a session,
//! [`read`] decides what the failure means ([`super::judge`]). Whole-schema mapped types
//! and arrays of them are read through [`Capture`]: a seed driven through
//! `deserialize_any`, so that a value its Rust type cannot take is checked by the schema
//! before the type sees it, item by item.

use super::kinds::{number_kind, Kinds, ARRAY, BOOL, NULL, OBJECT, STRING};
use super::{
    active, check, forget, locating, note, note_value, notes, raise, raised_whole, union_failed,
    up, Mute, PathSeg, Reading, Spec,
};
use crate::__private::de::Lenient;
use crate::__private::scalar::Scalar;
use serde::de::value::{MapAccessDeserializer, SeqAccessDeserializer};
use serde::de::{self, Deserialize, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::Value;
use std::fmt;
use std::marker::PhantomData;

/// How [`super::field`] reads a declared property: `PhantomData::<T>` reads a `T` as its
/// type reads it, [`OrNull`] keeps `null` apart as `None` (the `Option` of a nullable
/// field), and wraps either in [`super::Mapped`] for a whole-schema mapped type. The trait is not
/// meant to be implemented elsewhere.
pub trait Read<'de>: DeserializeSeed<'de> + Sized {
    /// How the items of an array value are read ([`ItemMode`]).
    type Items: ItemMode;
    /// Whether `null` is taken whatever the kinds say (the `Option` of a nullable field).
    const TAKES_NULL: bool = false;
    /// Whether an error raised inside an item of the array read is located at the item
    /// (read through the capture, which adds its index); otherwise an error raised inside
    /// an array is judged at the array (`inflight::judge`).
    const LOCATES_ITEMS: bool = false;
    /// The value read for a JSON `null`.
    fn null<E: de::Error>(self) -> Result<Self::Value, E>;

    /// The value read by its type's own deserializer from `d` (a whole-schema mapping,
    /// [`Spec::mapped`]), `null` included.
    fn own<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        self.deserialize(d)
    }

    /// How a property's value with `spec` is read: by its type's own deserializer (what
    /// the type cannot take is judged once the read failed, `inflight::judge`), so that no
    /// deserializer is compiled for the type but the document's. [`super::Mapped`] and
    /// [`super::MappedItems`] read through [`Read::capture`] instead.
    #[inline]
    fn field<D: Deserializer<'de>>(self, spec: &Spec, d: D) -> Result<Self::Value, D::Error> {
        debug_assert!(
            !spec.mapped,
            "a mapped value is read through `inflight::Mapped`"
        );
        self.own(d)
    }

    /// How the capture reads the value with `spec`: driven through `deserialize_any`, so
    /// that a value of a kind the type does not hold, or out of its range, is checked by
    /// the schema. [`super::Mapped`] reads a whole-schema mapped type instead, so the code for
    /// that (which reads the type from a `Value`) is compiled only for those types.
    #[inline]
    fn capture<D: Deserializer<'de>>(self, spec: &Spec, d: D) -> Result<Self::Value, D::Error> {
        debug_assert!(
            !spec.mapped,
            "a mapped value is read through `inflight::Mapped`"
        );
        d.deserialize_any(Capture { seed: self, spec })
    }
}

/// How an array's items are read with their spec, decided by the array's reader (its
/// [`Read::Items`]), so that the code for mapped items is compiled only where generated
/// code names it.
pub trait ItemMode {
    /// The item read by `seed` from `d`, checked in flight with `spec`.
    fn item<'de, T: DeserializeSeed<'de>, D: Deserializer<'de>>(
        seed: T,
        spec: &Spec,
        d: D,
    ) -> Result<T::Value, D::Error>;
}

/// Items of any type but a whole-schema mapped one: through `deserialize_any` (mapped
/// items: [`super::mapped::MappedMode`]).
pub struct PlainMode;

impl ItemMode for PlainMode {
    #[inline]
    fn item<'de, T: DeserializeSeed<'de>, D: Deserializer<'de>>(
        seed: T,
        spec: &Spec,
        d: D,
    ) -> Result<T::Value, D::Error> {
        debug_assert!(
            !spec.mapped,
            "mapped items are read through `inflight::MappedItems`"
        );
        d.deserialize_any(Capture {
            seed: Element(seed),
            spec,
        })
    }
}

/// `T` or `null` (held as `Option<T>`), as [`super::field`] reads a nullable property.
pub struct OrNull<T>(PhantomData<T>);

impl<T> OrNull<T> {
    /// The reader.
    #[inline]
    pub const fn new() -> Self {
        OrNull(PhantomData)
    }
}

impl<T> Default for OrNull<T> {
    fn default() -> Self {
        Self::new()
    }
}

impl<'de, T: Deserialize<'de>> DeserializeSeed<'de> for OrNull<T> {
    type Value = Option<T>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Option<T>, D::Error> {
        T::deserialize(d).map(Some)
    }
}

/// A reader `S` whose value is unwrapped once read ([`Unwrap`]): `Unwrapped(PhantomData::<
/// Lenient<T>>)` reads a `T` as `PhantomData::<Lenient<T>>` reads a `Lenient<T>`
/// (JSON-Schema integers, `de::Lenient`), and `Unwrapped(OrNull::<Lenient<T>>::new())` an
/// `Option<T>`. Every step of the read is `S`'s.
pub struct Unwrapped<S>(pub S);

/// A value read through a wrapper, and what it holds: `de::Lenient<T>` holds a `T`, and
/// `Option<de::Lenient<T>>` an `Option<T>`.
pub trait Unwrap {
    /// What the wrapper holds.
    type Inner;
    /// The value held.
    fn unwrap(self) -> Self::Inner;
}

impl<T> Unwrap for Lenient<T> {
    type Inner = T;
    #[inline]
    fn unwrap(self) -> T {
        self.0
    }
}

impl<T> Unwrap for Option<Lenient<T>> {
    type Inner = Option<T>;
    #[inline]
    fn unwrap(self) -> Option<T> {
        self.map(|lenient| lenient.0)
    }
}

impl<'de, S: DeserializeSeed<'de>> DeserializeSeed<'de> for Unwrapped<S>
where
    S::Value: Unwrap,
{
    type Value = <S::Value as Unwrap>::Inner;
    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        self.0.deserialize(d).map(Unwrap::unwrap)
    }
}

impl<'de, S: Read<'de>> Read<'de> for Unwrapped<S>
where
    S::Value: Unwrap,
{
    type Items = S::Items;
    const TAKES_NULL: bool = S::TAKES_NULL;
    const LOCATES_ITEMS: bool = S::LOCATES_ITEMS;

    fn null<E: de::Error>(self) -> Result<Self::Value, E> {
        self.0.null().map(Unwrap::unwrap)
    }

    fn own<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        self.0.own(d).map(Unwrap::unwrap)
    }

    #[inline]
    fn field<D: Deserializer<'de>>(self, spec: &Spec, d: D) -> Result<Self::Value, D::Error> {
        self.0.field(spec, d).map(Unwrap::unwrap)
    }

    #[inline]
    fn capture<D: Deserializer<'de>>(self, spec: &Spec, d: D) -> Result<Self::Value, D::Error> {
        self.0.capture(spec, d).map(Unwrap::unwrap)
    }
}

/// Drives `seed` through `deserialize_any`, checking a value it cannot take with the
/// schema's validator.
struct Capture<'s, S> {
    seed: S,
    spec: &'s Spec,
}

impl<'de, T: Deserialize<'de>> Read<'de> for PhantomData<T> {
    type Items = PlainMode;
    fn null<E: de::Error>(self) -> Result<T, E> {
        T::deserialize(Scalar::Null.de::<E>())
    }
}

impl<'de, T: Deserialize<'de>> Read<'de> for OrNull<T> {
    type Items = PlainMode;
    const TAKES_NULL: bool = true;
    fn null<E: de::Error>(self) -> Result<Option<T>, E> {
        Ok(None)
    }
    fn own<D: Deserializer<'de>>(self, d: D) -> Result<Option<T>, D::Error> {
        Option::<T>::deserialize(d)
    }
}

impl<'de, S: Read<'de>> DeserializeSeed<'de> for Capture<'_, S> {
    type Value = S::Value;
    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<S::Value, D::Error> {
        self.seed.capture(self.spec, d)
    }
}

/// What [`Capture`] does with a scalar of JSON kind `kind` (none when it is known not to
/// fit) before its type reads it: the decision does not depend on the type, so it is
/// compiled once.
enum Verdict {
    /// Let the type read it (a failure is then judged by [`refused`]).
    Read,
    /// Outside a session, a JSON kind the type does not hold at all: serde's "invalid
    /// type", even where serde would take it (`serde_json::Map` reads `null` as an empty
    /// map), so that the typed parse never changes a value.
    Refuse,
    /// The schema refuses it: these errors, raised in flight.
    Raise(Vec<crate::error::ValidationError>),
}

#[inline]
fn verdict(spec: &Spec, kind: Kinds, value: Scalar<'_, '_>) -> Verdict {
    if kind != 0 && spec.kinds & kind != 0 {
        // The kind the type holds: errors are rare (a number out of range).
        return Verdict::Read;
    }
    unheld_verdict(spec, kind, value)
}

/// [`verdict`] for a kind the type does not hold (the rare case, not inlined).
fn unheld_verdict(spec: &Spec, kind: Kinds, value: Scalar<'_, '_>) -> Verdict {
    if !active() {
        // A type whose kinds are unknown (a format-mapped value) decides itself.
        return if kind != 0 && spec.kinds != 0 {
            Verdict::Refuse
        } else {
            Verdict::Read
        };
    }
    // A kind the type does not hold: the schema names the error; should it accept the
    // value, the type decides.
    match check(&value.to_value(), spec.node) {
        Some(errors) => Verdict::Raise(errors),
        None => Verdict::Read,
    }
}

/// The errors to raise instead of the type's own failure to read `value`: within a
/// session, the schema's, when it refuses the value; when it accepts it, the type is
/// narrower than the schema here: the value is noted, and the slow path decides.
fn refused(spec: &Spec, value: Scalar<'_, '_>) -> Option<Vec<crate::error::ValidationError>> {
    if !active() {
        return None;
    }
    let value = value.to_value();
    match check(&value, spec.node) {
        Some(errors) => Some(errors),
        None => {
            note(spec, Some(value));
            None
        }
    }
}

impl<'de, S: Read<'de>> Visitor<'de> for Capture<'_, S> {
    type Value = S::Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    #[inline]
    fn visit_bool<E: de::Error>(self, v: bool) -> Result<S::Value, E> {
        self.read_scalar(BOOL, Scalar::Bool(v))
    }

    #[inline]
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<S::Value, E> {
        let kind = number_kind(self.spec.kinds, v < 0, false);
        self.read_scalar(kind, Scalar::I64(v))
    }

    #[inline]
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<S::Value, E> {
        let kind = number_kind(self.spec.kinds, false, false);
        self.read_scalar(kind, Scalar::U64(v))
    }

    #[inline]
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<S::Value, E> {
        let kind = number_kind(self.spec.kinds, v < 0.0, v.fract() != 0.0);
        self.read_scalar(kind, Scalar::F64(v))
    }

    #[inline]
    fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<S::Value, E> {
        self.read_scalar(STRING, Scalar::Borrowed(v))
    }

    #[inline]
    fn visit_str<E: de::Error>(self, v: &str) -> Result<S::Value, E> {
        self.read_scalar(STRING, Scalar::Str(v))
    }

    #[inline]
    fn visit_unit<E: de::Error>(self) -> Result<S::Value, E> {
        if S::TAKES_NULL {
            return self.seed.null();
        }
        self.read_scalar(NULL, Scalar::Null)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<S::Value, A::Error> {
        if !self.holds(ARRAY) {
            let value = Value::deserialize(SeqAccessDeserializer::new(seq))?;
            return Err(unheld(self.spec, &value, de::Unexpected::Seq));
        }
        let items = Items::<_, S::Items> {
            inner: seq,
            index: 0,
            spec: self.spec.items,
            mode: PhantomData,
        };
        self.nested(SeqAccessDeserializer::new(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<S::Value, A::Error> {
        if !self.holds(OBJECT) {
            let value = Value::deserialize(MapAccessDeserializer::new(map))?;
            return Err(unheld(self.spec, &value, de::Unexpected::Map));
        }
        // A typed map's values are read by the map's own deserializer: a failure inside
        // that nothing read within noted stands for a value that fits the schema but not
        // its type (`Spec::items`: the values' spec).
        let values = if locating() { self.spec.items } else { None };
        let before = if values.is_some() { notes() } else { 0 };
        let result = self.nested(MapAccessDeserializer::new(map));
        if result.is_err() {
            map_failed(values, before);
        }
        result
    }
}

impl<'de, S: Read<'de>> Capture<'_, S> {
    /// A scalar of JSON kind `kind` (none when it is known not to fit), read by the seed
    /// through the one [`ScalarDeserializer`](crate::__private::scalar::ScalarDeserializer) when the schema (or, outside a session, the
    /// type's kinds) allow it.
    #[inline]
    fn read_scalar<E: de::Error>(self, kind: Kinds, value: Scalar<'de, '_>) -> Result<S::Value, E> {
        let spec = self.spec;
        match verdict(spec, kind, value) {
            Verdict::Read => match self.seed.deserialize(value.de::<E>()) {
                Ok(v) => Ok(v),
                Err(e) => Err(match refused(spec, value) {
                    Some(errors) => raise(errors),
                    None => e,
                }),
            },
            Verdict::Refuse => Err(E::invalid_type(
                value.unexpected(),
                &"a value of the schema's type",
            )),
            Verdict::Raise(errors) => Err(raise(errors)),
        }
    }

    /// Whether a value of JSON kind `kind` (an array or an object) is read as the type
    /// reads it: the type holds that kind, or no session checks it.
    fn holds(&self, kind: Kinds) -> bool {
        self.spec.kinds & kind != 0 || !active()
    }

    /// An array or object the type holds: errors raised inside it stand only when they
    /// are the schema's (`direct`), or for the failure of the union above it (`union`),
    /// or are the union's own errors about the whole value (`whole`).
    fn nested<D: Deserializer<'de>>(self, d: D) -> Result<S::Value, D::Error> {
        let spec = self.spec;
        // Errors inside that are replaced or dropped below build no words.
        let _mute = (spec.union.is_some() || !(spec.direct || spec.whole)).then(Mute::new);
        let result = self.seed.deserialize(d);
        if result.is_err() {
            nested_failed(spec);
        }
        result
    }
}

/// The error for an array or object (`value`, `unexpected`) of a kind the type does not
/// hold, in a session: the schema's errors, raised in flight, when it refuses the value;
/// when it accepts it, the type is narrower than the schema here and cannot hold it
/// either: serde's "invalid type" (the slow path then locates and words it). Not read by
/// the type: that would compile its `Deserialize` impl for one more reader.
fn unheld<E: de::Error>(spec: &Spec, value: &Value, unexpected: de::Unexpected<'_>) -> E {
    match check(value, spec.node) {
        Some(errors) => raise(errors),
        None => E::invalid_type(unexpected, &"a value of the schema's type"),
    }
}

// What a failure means once it has unwound to the reader: the same for every type, so
// these are compiled once (no closure per type).

/// A typed map (whose values' spec is `values` while locating) failed with `before` notes
/// made before it: with nothing read within it noted, the map's own deserializer refused
/// a value.
fn map_failed(values: Option<&Spec>, before: u64) {
    if let Some(values) = values {
        if notes() == before {
            note_value(values);
        }
    }
}

/// An array or object read with `spec` failed inside.
fn nested_failed(spec: &Spec) {
    match spec.union {
        Some(rule) => union_failed(rule),
        None if !(spec.direct || spec.whole && raised_whole()) => forget(),
        None => {}
    }
}

/// The items of an array: each is checked in flight when the array's schema gives one
/// schema for all items; a failure inside one adds its index on the way up.
struct Items<'s, A, M> {
    inner: A,
    index: usize,
    spec: Option<&'s Spec>,
    mode: PhantomData<M>,
}

/// An item's seed with its spec, read as the array's [`ItemMode`] `M` reads it.
struct Item<'s, T, M> {
    seed: T,
    spec: &'s Spec,
    mode: PhantomData<M>,
}

impl<'de, T: DeserializeSeed<'de>, M: ItemMode> DeserializeSeed<'de> for Item<'_, T, M> {
    type Value = T::Value;
    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<T::Value, D::Error> {
        M::item(self.seed, self.spec, d)
    }
}

impl<'de, A: SeqAccess<'de>, M: ItemMode> SeqAccess<'de> for Items<'_, A, M> {
    type Error = A::Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, A::Error> {
        let index = self.index;
        self.index += 1;
        let result = match self.spec {
            Some(spec) => self.inner.next_element_seed(Item::<_, M> {
                seed,
                spec,
                mode: PhantomData,
            }),
            None => self.inner.next_element_seed(seed),
        };
        if result.is_err() {
            match self.spec {
                Some(_) => up(PathSeg::Index(index)),
                // Items read as they are: what they raise is not known to be the schema's.
                None => forget(),
            }
        }
        result
    }

    fn size_hint(&self) -> Option<usize> {
        self.inner.size_hint()
    }
}

/// An item's seed, as [`Capture`] drives it (`null` goes to the seed as a unit).
pub(super) struct Element<T>(pub(super) T);

impl<'de, T: DeserializeSeed<'de>> DeserializeSeed<'de> for Element<T> {
    type Value = T::Value;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<T::Value, D::Error> {
        self.0.deserialize(d)
    }
}

/// A property's value, read by [`Read::field`]; a failure within a session is judged
/// ([`super::judge`]) and adds the property (`seg`) to the in-flight error's location.
#[inline]
pub(super) fn read<'de, A, S>(
    map: &mut A,
    seed: S,
    spec: &Spec,
    seg: Seg<'_>,
) -> Result<S::Value, A::Error>
where
    A: MapAccess<'de>,
    S: Read<'de>,
{
    read_then(map, seed, spec, seg, |value| value)
}

/// [`read`] into `slot`: the value goes there as it is read, not through the return
/// value of each layer (a struct value can be hundreds of bytes).
#[inline]
pub(super) fn read_into<'de, A, S>(
    map: &mut A,
    slot: &mut Option<S::Value>,
    seed: S,
    spec: &Spec,
    seg: Seg<'_>,
) -> Result<(), A::Error>
where
    A: MapAccess<'de>,
    S: Read<'de>,
{
    read_then(map, seed, spec, seg, |value| *slot = Some(value))
}

/// [`read`], handing the value read to `then`.
#[inline(always)]
fn read_then<'de, A, S, R>(
    map: &mut A,
    seed: S,
    spec: &Spec,
    seg: Seg<'_>,
    then: impl FnOnce(S::Value) -> R,
) -> Result<R, A::Error>
where
    A: MapAccess<'de>,
    S: Read<'de>,
{
    // Where the property's key stands, and whether errors inside build no words: noted
    // before, undone after, outside this generic function (no guard to drop here).
    let reading = Reading::start(spec, S::LOCATES_ITEMS);
    match map.next_value_seed(Field { seed, spec }) {
        Ok(value) => {
            reading.end();
            Ok(then(value))
        }
        Err(e) => {
            reading.failed(spec, S::LOCATES_ITEMS, seg);
            Err(e)
        }
    }
}

/// A property's seed with its spec, read by [`Read::field`].
struct Field<'s, S> {
    seed: S,
    spec: &'s Spec,
}

impl<'de, S: Read<'de>> DeserializeSeed<'de> for Field<'_, S> {
    type Value = S::Value;
    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<S::Value, D::Error> {
        self.seed.field(self.spec, d)
    }
}

/// The property [`read`] reads: a declared one, or one named at run time.
#[derive(Clone, Copy)]
pub(super) enum Seg<'k> {
    Key(&'static str),
    Owned(&'k str),
}
