//! Reading one value in flight: a seed driven through `deserialize_any`, so that a value
//! its Rust type cannot take is checked by the schema, and the items of an array.

use super::kinds::{number_kind, Kinds, ARRAY, BOOL, NULL, OBJECT, STRING};
use super::{
    active, check, forget, locating, note, note_value, notes, raise, raised_whole,
    record_raised, union_failed, up, Mute, PathSeg, Spec,
};
use serde::de::value::{
    BoolDeserializer, BorrowedStrDeserializer, F64Deserializer, I64Deserializer,
    MapAccessDeserializer, SeqAccessDeserializer, StrDeserializer, U64Deserializer,
    UnitDeserializer,
};
use serde::de::{self, Deserialize, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::Value;
use std::fmt;
use std::marker::PhantomData;

/// How [`super::field`] reads a declared property: `PhantomData::<T>` reads a `T` as its
/// type reads it, [`OrNull`] keeps `null` apart as `None` (the `Option` of a nullable
/// field). Generated code names one of the two; the trait is not meant to be implemented
/// elsewhere.
pub trait Read<'de>: DeserializeSeed<'de> {
    /// Whether `null` is taken whatever the kinds say (the `Option` of a nullable field).
    const TAKES_NULL: bool = false;
    /// The value read for a JSON `null`.
    fn null<E: de::Error>(self) -> Result<Self::Value, E>;

    /// The value read by its type's own deserializer from `d` (a whole-schema mapping,
    /// [`Spec::mapped`]), `null` included.
    fn own<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        self.deserialize(d)
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

/// Drives `seed` through `deserialize_any`, checking a value it cannot take with the
/// schema's validator.
struct Capture<'s, S> {
    seed: S,
    spec: &'s Spec,
}

impl<'de, T: Deserialize<'de>> Read<'de> for PhantomData<T> {
    fn null<E: de::Error>(self) -> Result<T, E> {
        T::deserialize(UnitDeserializer::<E>::new())
    }
}

impl<'de, T: Deserialize<'de>> Read<'de> for OrNull<T> {
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
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<S::Value, D::Error> {
        if self.spec.mapped {
            // A mapped type reads itself; what it raises is not known to be the schema's.
            let spec = self.spec;
            if !active() {
                return self.seed.own(d).inspect_err(|_| {
                    forget();
                    note(spec, None);
                });
            }
            // In a session the document's own value is checked first: a hand-written type
            // may drop or normalize what its schema refuses (a key that
            // `additionalProperties: false` forbids), so checking its output would not do.
            // Both run within the read of the value, so that a failure is placed at it.
            let seed = self.seed;
            return crate::__private::payload::Then(move |value: Value| {
                if let Some(errors) = check(&value, spec.node) {
                    return Err(record_raised(errors).to_string());
                }
                seed.own(value).map_err(|e| {
                    forget();
                    note(spec, None);
                    e.to_string()
                })
            })
            .deserialize(d);
        }
        d.deserialize_any(self)
    }
}

impl<'s, S> Capture<'s, S> {
    /// A scalar `value` the type does not hold (`ok` is `false`), or could not take
    /// (`result` failed): checked by the schema.
    fn scalar<T, E: de::Error>(
        spec: &Spec,
        kind: Kinds,
        make: impl FnOnce() -> Value,
        result: impl FnOnce() -> Result<T, E>,
    ) -> Result<T, E> {
        if kind != 0 && spec.kinds & kind != 0 {
            // The kind the type holds: errors are rare (a number out of range). The schema
            // names the error; should it accept the value, the type is narrower than the
            // schema here, and the slow path decides.
            return result().map_err(|e| {
                if !active() {
                    return e;
                }
                let value = make();
                match check(&value, spec.node) {
                    Some(errors) => raise(errors),
                    None => {
                        note(spec, Some(value));
                        e
                    }
                }
            });
        }
        if !active() {
            // Outside a session, serde's own error; a JSON kind the type does not hold at
            // all is refused even where serde would take it (`serde_json::Map` reads
            // `null` as an empty map), so that the typed parse never changes a value. A
            // type whose kinds are unknown (a format-mapped value) decides itself.
            if kind != 0 && spec.kinds != 0 {
                let shown = make();
                return Err(E::invalid_type(
                    unexpected(&shown),
                    &"a value of the schema's type",
                ));
            }
            return result();
        }
        // A kind the type does not hold: the schema names the error; should it accept the
        // value, the type decides.
        let value = make();
        match check(&value, spec.node) {
            Some(errors) => Err(raise(errors)),
            None => result().inspect_err(|_| note(spec, Some(value))),
        }
    }
}

impl<'de, S: Read<'de>> Visitor<'de> for Capture<'_, S> {
    type Value = S::Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<S::Value, E> {
        self.read_scalar(BOOL, || Value::Bool(v), BoolDeserializer::new(v))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<S::Value, E> {
        self.read_number(v < 0, false, || Value::from(v), I64Deserializer::new(v))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<S::Value, E> {
        self.read_number(false, false, || Value::from(v), U64Deserializer::new(v))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<S::Value, E> {
        self.read_number(
            v < 0.0,
            v.fract() != 0.0,
            || Value::from(v),
            F64Deserializer::new(v),
        )
    }

    fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<S::Value, E> {
        self.read_scalar(STRING, || Value::from(v), BorrowedStrDeserializer::new(v))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<S::Value, E> {
        self.read_scalar(STRING, || Value::from(v), StrDeserializer::new(v))
    }

    fn visit_unit<E: de::Error>(self) -> Result<S::Value, E> {
        let seed = self.seed;
        if S::TAKES_NULL {
            return seed.null();
        }
        Self::scalar(self.spec, NULL, || Value::Null, || seed.null())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<S::Value, A::Error> {
        if !self.holds(ARRAY) {
            return self.unheld(Value::deserialize(SeqAccessDeserializer::new(seq))?);
        }
        let items = Items {
            inner: seq,
            index: 0,
            spec: self.spec.items,
        };
        self.nested(SeqAccessDeserializer::new(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<S::Value, A::Error> {
        if !self.holds(OBJECT) {
            return self.unheld(Value::deserialize(MapAccessDeserializer::new(map))?);
        }
        // A typed map's values are read by the map's own deserializer: a failure inside
        // that nothing read within noted stands for a value that fits the schema but not
        // its type (`Spec::items`: the values' spec).
        let values = self.spec.items.filter(|_| locating());
        let before = if values.is_some() { notes() } else { 0 };
        self.nested(MapAccessDeserializer::new(map))
            .inspect_err(|_| {
                if let Some(values) = values.filter(|_| notes() == before) {
                    note_value(values);
                }
            })
    }
}

impl<'de, S: Read<'de>> Capture<'_, S> {
    /// A scalar of JSON kind `kind` (none when it is known not to fit) read through `d`,
    /// a deserializer of the value itself; `make` builds it for the schema's check.
    fn read_scalar<D: Deserializer<'de>>(
        self,
        kind: Kinds,
        make: impl FnOnce() -> Value,
        d: D,
    ) -> Result<S::Value, D::Error> {
        let seed = self.seed;
        Self::scalar(self.spec, kind, make, || seed.deserialize(d))
    }

    /// A number (`negative`, with a `fraction`) read as [`Self::read_scalar`] reads it.
    fn read_number<D: Deserializer<'de>>(
        self,
        negative: bool,
        fraction: bool,
        make: impl FnOnce() -> Value,
        d: D,
    ) -> Result<S::Value, D::Error> {
        let kind = number_kind(self.spec.kinds, negative, fraction);
        self.read_scalar(kind, make, d)
    }

    /// Whether a value of JSON kind `kind` (an array or an object) is read as the type
    /// reads it: the type holds that kind, or no session checks it.
    fn holds(&self, kind: Kinds) -> bool {
        self.spec.kinds & kind != 0 || !active()
    }

    /// An array or object of a kind the type does not hold, read as `value`: the schema
    /// names the error; should it accept the value, the type decides.
    fn unheld<E: de::Error>(self, value: Value) -> Result<S::Value, E> {
        match check(&value, self.spec.node) {
            Some(errors) => Err(raise(errors)),
            None => self.seed.deserialize(value).map_err(de::Error::custom),
        }
    }

    /// An array or object the type holds: errors raised inside it stand only when they
    /// are the schema's (`direct`), or for the failure of the union above it (`union`),
    /// or are the union's own errors about the whole value (`whole`).
    fn nested<D: Deserializer<'de>>(self, d: D) -> Result<S::Value, D::Error> {
        let spec = self.spec;
        // Errors inside that are replaced or dropped below build no words.
        let _mute = (spec.union.is_some() || !(spec.direct || spec.whole)).then(Mute::new);
        self.seed.deserialize(d).inspect_err(|_| match spec.union {
            Some(rule) => union_failed(rule),
            None if !(spec.direct || spec.whole && raised_whole()) => forget(),
            None => {}
        })
    }
}

/// The items of an array: each is checked in flight when the array's schema gives one
/// schema for all items; a failure inside one adds its index on the way up.
struct Items<'s, A> {
    inner: A,
    index: usize,
    spec: Option<&'s Spec>,
}

impl<'de, A: SeqAccess<'de>> SeqAccess<'de> for Items<'_, A> {
    type Error = A::Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, A::Error> {
        let index = self.index;
        self.index += 1;
        let result = match self.spec {
            Some(spec) => self.inner.next_element_seed(Capture {
                seed: Element(seed),
                spec,
            }),
            None => self.inner.next_element_seed(seed),
        };
        result.inspect_err(|_| {
            match self.spec {
                Some(_) => up(PathSeg::Index(index)),
                // Items read as they are: what they raise is not known to be the schema's.
                None => forget(),
            }
        })
    }

    fn size_hint(&self) -> Option<usize> {
        self.inner.size_hint()
    }
}

/// An item's seed, as [`Capture`] drives it (`null` goes to the seed as a unit).
struct Element<T>(T);

impl<'de, T: DeserializeSeed<'de>> DeserializeSeed<'de> for Element<T> {
    type Value = T::Value;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<T::Value, D::Error> {
        self.0.deserialize(d)
    }
}

impl<'de, T: DeserializeSeed<'de>> Read<'de> for Element<T> {
    fn null<E: de::Error>(self) -> Result<T::Value, E> {
        self.0.deserialize(UnitDeserializer::<E>::new())
    }
}

/// A property's value through [`Capture`]; a failure adds the property (`seg`) to the
/// in-flight error's location.
#[inline]
pub(super) fn read<'de, A, S>(
    map: &mut A,
    seed: S,
    spec: &Spec,
    seg: impl FnOnce() -> PathSeg,
) -> Result<S::Value, A::Error>
where
    A: MapAccess<'de>,
    S: Read<'de>,
{
    map.next_value_seed(Capture { seed, spec })
        .inspect_err(|_| up(seg()))
}

/// serde's name for a scalar JSON value, for an "invalid type" error.
fn unexpected(v: &Value) -> de::Unexpected<'_> {
    match v {
        Value::Null => de::Unexpected::Unit,
        Value::Bool(b) => de::Unexpected::Bool(*b),
        Value::Number(n) => match (n.as_u64(), n.as_i64()) {
            (Some(u), _) => de::Unexpected::Unsigned(u),
            (None, Some(i)) => de::Unexpected::Signed(i),
            _ => de::Unexpected::Float(n.as_f64().unwrap_or(f64::NAN)),
        },
        Value::String(s) => de::Unexpected::Str(s),
        Value::Array(_) => de::Unexpected::Seq,
        Value::Object(_) => de::Unexpected::Map,
    }
}
