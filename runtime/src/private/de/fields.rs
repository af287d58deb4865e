//! The reads a generated struct makes of its object's entries, as methods of the map it
//! reads ([`Fields`]), so that each declared property is one short call:
//! `"name" => map.plain(&mut f_name, &validators::S0)?,`.

use super::{once, Key, Lenient};
use crate::__private::inflight::{self, OrNull, Read, Spec, Text, Unwrapped};
use serde::de::{Deserialize, DeserializeSeed, MapAccess};
use std::marker::PhantomData;

/// A `MapAccess` as a generated struct's [`ReadMap`](super::ReadMap) impl reads it: the
/// value of the key just read into its field's slot (a duplicate key is
/// [`duplicate_property`](super::duplicate_property)'s error), and the errors of the
/// object's own `required` and `additionalProperties`. Every `MapAccess` has these
/// methods; the ones taking a `Spec` check the value in flight (`inflight::field`), the
/// property being the spec's ([`Spec::field`]).
pub trait Fields<'de>: MapAccess<'de> + Sized {
    /// The next property name, as a [`Key`] (borrowed from the input when it has no
    /// escapes): `next_key::<de::Key>()`.
    #[inline]
    fn next_name(&mut self) -> Result<Option<Key<'de>>, Self::Error> {
        self.next_key::<Key<'de>>()
    }

    /// The value of property `key`, read as its type reads it (no in-flight check), into
    /// `slot`.
    #[inline]
    fn field<T: Deserialize<'de>>(
        &mut self,
        slot: &mut Option<T>,
        key: &str,
    ) -> Result<(), Self::Error> {
        once(slot, key)?;
        *slot = Some(self.next_value()?);
        Ok(())
    }

    /// The value of property `key`, read by `seed` (untyped JSON: `payload::AnyValue`,
    /// `payload::Payload`), into `slot`.
    #[inline]
    fn seed<S: DeserializeSeed<'de>>(
        &mut self,
        slot: &mut Option<S::Value>,
        key: &str,
        seed: S,
    ) -> Result<(), Self::Error> {
        once(slot, key)?;
        *slot = Some(self.next_value_seed(seed)?);
        Ok(())
    }

    /// The value of the spec's property, read by its type's own deserializer and checked
    /// in flight, into `slot`.
    // `inline(always)` in optimized builds only (the readers D131 measured); `inline` in debug ones.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn plain<T: Deserialize<'de>>(
        &mut self,
        slot: &mut Option<T>,
        spec: &Spec,
    ) -> Result<(), Self::Error> {
        inflight::field(self, slot, PhantomData, spec)
    }

    /// [`Fields::plain`] for a property whose value may be `null` (held as `Option<T>`).
    // `inline(always)` in optimized builds only (the readers D131 measured); `inline` in debug ones.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn or_null<T: Deserialize<'de>>(
        &mut self,
        slot: &mut Option<Option<T>>,
        spec: &Spec,
    ) -> Result<(), Self::Error> {
        inflight::field(self, slot, OrNull::new(), spec)
    }

    /// [`Fields::plain`] for a string property whose schema asks no more than `rule` (a
    /// `pattern`, a length): within a session the string is checked as soon as it is read,
    /// and one the rule refuses is noted (`inflight::Text`).
    // `inline(always)` in optimized builds only (the readers D131 measured); `inline` in debug ones.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn text(
        &mut self,
        slot: &mut Option<String>,
        rule: &'static Text,
        spec: &Spec,
    ) -> Result<(), Self::Error> {
        inflight::field(self, slot, rule, spec)
    }

    /// [`Fields::plain`] for a value holding JSON-Schema integers, read through
    /// [`Lenient`] (the slot is an `Option<T>`: [`LenientSlot`]).
    // `inline(always)` in optimized builds only (the readers D131 measured); `inline` in debug ones.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn lenient<S: LenientSlot<'de>>(
        &mut self,
        slot: &mut S,
        spec: &Spec,
    ) -> Result<(), Self::Error> {
        slot.fill(self, spec)
    }

    /// [`Fields::lenient`] for a property whose value may be `null` (the slot is an
    /// `Option<Option<T>>`: [`LenientOrNullSlot`]).
    #[inline]
    fn lenient_or_null<S: LenientOrNullSlot<'de>>(
        &mut self,
        slot: &mut S,
        spec: &Spec,
    ) -> Result<(), Self::Error> {
        slot.fill_or_null(self, spec)
    }

    /// [`Fields::plain`] with the reader `how` (`inflight::Mapped` for a whole-schema
    /// mapped type, `inflight::MappedItems` for an array of them).
    #[inline]
    fn read<S: Read<'de>>(
        &mut self,
        slot: &mut Option<S::Value>,
        how: S,
        spec: &Spec,
    ) -> Result<(), Self::Error> {
        inflight::field(self, slot, how, spec)
    }

    /// The value of the spec's property, merged from an `allOf` member, read by `how`
    /// (`inflight::merged`: opaque, but located at the member's property while a value
    /// the type cannot hold is located), into `slot`.
    #[inline]
    fn merged<S: Read<'de>>(
        &mut self,
        slot: &mut Option<S::Value>,
        how: S,
        spec: &Spec,
    ) -> Result<(), Self::Error> {
        once(slot, spec.key)?;
        *slot = Some(inflight::merged(self, how, spec.key, spec)?);
        Ok(())
    }

    /// The value of the required property `name` of the object schema at `at`, once the
    /// object is read, or [`Fields::missing`]'s error when it was absent.
    #[inline]
    fn required<T>(&self, slot: Option<T>, name: &str, at: &str) -> Result<T, Self::Error> {
        match slot {
            Some(v) => Ok(v),
            None => Err(self.missing(name, at)),
        }
    }

    /// The error of the required property `name` of the object schema at `at`, absent:
    /// `{at}/required`'s, raised in flight within a session (`inflight::missing_at`).
    fn missing(&self, name: &str, at: &str) -> Self::Error {
        inflight::missing_at(name, at)
    }

    /// The error of the property `name`, which the object schema at `at` does not allow:
    /// `{at}/additionalProperties`'s, raised in flight within a session
    /// (`inflight::not_allowed_at`).
    fn not_allowed(&self, name: &str, at: &str) -> Self::Error {
        inflight::not_allowed_at(name, at)
    }
}

impl<'de, A: MapAccess<'de>> Fields<'de> for A {}

/// The slot of a field holding JSON-Schema integers, `Option<T>` where `Lenient<T>` reads a
/// `T`, as [`Fields::lenient`] fills it. (The slot's type, not a bound on `T`, is what the
/// method asks for: `T` is then known from the slot when the bound is checked, and the
/// compiler does not search `Lenient`'s recursive impls with `T` unknown.)
pub trait LenientSlot<'de> {
    /// Reads the spec's property into the slot, in flight.
    fn fill<A: MapAccess<'de>>(&mut self, map: &mut A, spec: &Spec) -> Result<(), A::Error>;
}

impl<'de, T> LenientSlot<'de> for Option<T>
where
    Lenient<T>: Deserialize<'de>,
{
    #[inline]
    fn fill<A: MapAccess<'de>>(&mut self, map: &mut A, spec: &Spec) -> Result<(), A::Error> {
        inflight::field(map, self, Unwrapped(PhantomData::<Lenient<T>>), spec)
    }
}

/// [`LenientSlot`] for a property whose value may be `null`: `Option<Option<T>>`, as
/// [`Fields::lenient_or_null`] fills it.
pub trait LenientOrNullSlot<'de> {
    /// Reads the spec's property into the slot, in flight, `null` as `Some(None)`.
    fn fill_or_null<A: MapAccess<'de>>(&mut self, map: &mut A, spec: &Spec)
        -> Result<(), A::Error>;
}

impl<'de, T> LenientOrNullSlot<'de> for Option<Option<T>>
where
    Lenient<T>: Deserialize<'de>,
{
    #[inline]
    fn fill_or_null<A: MapAccess<'de>>(
        &mut self,
        map: &mut A,
        spec: &Spec,
    ) -> Result<(), A::Error> {
        inflight::field(map, self, Unwrapped(OrNull::<Lenient<T>>::new()), spec)
    }
}
