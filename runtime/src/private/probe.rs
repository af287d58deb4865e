//! The JSON kind of a typed value's JSON form, found without building it.
//!
//! A typed generic payload (`ResponseEnvelope<Page>`) has no typed check of its own: its
//! schema node is checked through its JSON form (`check::fallback`, a
//! `serde_json::to_value`). Most payload nodes ask for no more than a JSON kind (`data`
//! is an object), and some also about a few named properties of an object. [`probe`]
//! serializes the value into nothing: it reports the kind `serde_json::to_value` would
//! give the value, and whether an object has one of the named properties, allocating
//! nothing. Where it cannot be sure that `to_value` would succeed and give that kind (a
//! map key `to_value` refuses, a number out of range, an error of the value's own
//! `Serialize`, `serde_json`'s private number and raw-value tokens), it gives up, and
//! the caller takes the `to_value` path, which then reports what it always reported.

use super::inflight::{Kinds, ARRAY, BOOL, INTEGER, NULL, NUMBER, OBJECT, STRING};
use serde::ser::{self, Impossible, Serialize, Serializer};
use serde_json::Value;
use std::fmt;

/// What [`probe`] found: the kind of the JSON form, and whether it is an object with one
/// of the named properties.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Probed {
    /// One kind bit: [`INTEGER`] for an integer written as one, [`NUMBER`] for any other
    /// number (a float, even an integral one).
    pub kind: Kinds,
    /// An object with a key of the list [`probe`] was given.
    pub named: bool,
}

/// The kind of `t`'s JSON form (as `serde_json::to_value(t)` builds it) and whether it is
/// an object with a key among `keys`; `None` when that cannot be told for sure without
/// `to_value` (which may fail on the value).
pub(crate) fn probe<T: Serialize + ?Sized>(t: &T, keys: &[&str]) -> Option<Probed> {
    let mut named = false;
    let kind = t
        .serialize(Probe {
            keys,
            named: &mut named,
        })
        .ok()?;
    Some(Probed { kind, named })
}

/// What [`probe`] reports for a value that is already a `Value` (its own JSON form): the
/// kind bit, and whether it is an object with a key among `keys`.
pub(crate) fn probe_value(v: &Value, keys: &[&str]) -> Probed {
    Probed {
        kind: value_kind(v),
        named: v
            .as_object()
            .is_some_and(|m| keys.iter().any(|k| m.contains_key(*k))),
    }
}

/// The kind bit of a `Value`, as [`probe`] reports it for a value whose JSON form it is.
pub(crate) fn value_kind(v: &Value) -> Kinds {
    match v {
        Value::Null => NULL,
        Value::Bool(_) => BOOL,
        Value::Number(n) if n.is_f64() => NUMBER,
        Value::Number(_) => INTEGER,
        Value::String(_) => STRING,
        Value::Array(_) => ARRAY,
        Value::Object(_) => OBJECT,
    }
}

/// The probe gave up: the caller asks `to_value`.
#[derive(Debug)]
pub(crate) struct GiveUp;

impl fmt::Display for GiveUp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the value's JSON form is not known without building it")
    }
}

impl std::error::Error for GiveUp {}

impl ser::Error for GiveUp {
    fn custom<M: fmt::Display>(_: M) -> Self {
        GiveUp
    }
}

/// `serde_json`'s private struct names (its arbitrary-precision number and raw value),
/// which `to_value` does not build as the objects they look like.
fn private_token(name: &str) -> bool {
    name.starts_with("$serde_json::private::")
}

/// A serializer into nothing that returns the kind of what it is given. `keys` are looked
/// for among the keys of a top-level object; nested values are probed with none.
struct Probe<'a, 'k> {
    keys: &'k [&'k str],
    named: &'a mut bool,
}

/// Probes a nested value (its kind does not matter; only that `to_value` takes it).
fn nested<T: Serialize + ?Sized>(t: &T) -> Result<(), GiveUp> {
    let mut named = false;
    t.serialize(Probe {
        keys: &[],
        named: &mut named,
    })
    .map(drop)
}

/// A finite float is a number; `to_value` writes any other as `null`.
fn float_kind(finite: bool) -> Kinds {
    if finite {
        NUMBER
    } else {
        NULL
    }
}

impl<'a, 'k> Serializer for Probe<'a, 'k> {
    type Ok = Kinds;
    type Error = GiveUp;
    type SerializeSeq = Items;
    type SerializeTuple = Items;
    type SerializeTupleStruct = Items;
    type SerializeTupleVariant = Items;
    type SerializeMap = Entries<'a, 'k>;
    type SerializeStruct = Entries<'a, 'k>;
    type SerializeStructVariant = Entries<'a, 'k>;

    fn serialize_bool(self, _: bool) -> Result<Kinds, GiveUp> {
        Ok(BOOL)
    }
    fn serialize_i8(self, _: i8) -> Result<Kinds, GiveUp> {
        Ok(INTEGER)
    }
    fn serialize_i16(self, _: i16) -> Result<Kinds, GiveUp> {
        Ok(INTEGER)
    }
    fn serialize_i32(self, _: i32) -> Result<Kinds, GiveUp> {
        Ok(INTEGER)
    }
    fn serialize_i64(self, _: i64) -> Result<Kinds, GiveUp> {
        Ok(INTEGER)
    }
    fn serialize_i128(self, v: i128) -> Result<Kinds, GiveUp> {
        // `to_value` takes what fits an `i64` or a `u64`.
        if i64::try_from(v).is_ok() || u64::try_from(v).is_ok() {
            Ok(INTEGER)
        } else {
            Err(GiveUp)
        }
    }
    fn serialize_u8(self, _: u8) -> Result<Kinds, GiveUp> {
        Ok(INTEGER)
    }
    fn serialize_u16(self, _: u16) -> Result<Kinds, GiveUp> {
        Ok(INTEGER)
    }
    fn serialize_u32(self, _: u32) -> Result<Kinds, GiveUp> {
        Ok(INTEGER)
    }
    fn serialize_u64(self, _: u64) -> Result<Kinds, GiveUp> {
        Ok(INTEGER)
    }
    fn serialize_u128(self, v: u128) -> Result<Kinds, GiveUp> {
        if u64::try_from(v).is_ok() {
            Ok(INTEGER)
        } else {
            Err(GiveUp)
        }
    }
    fn serialize_f32(self, v: f32) -> Result<Kinds, GiveUp> {
        Ok(float_kind(v.is_finite()))
    }
    fn serialize_f64(self, v: f64) -> Result<Kinds, GiveUp> {
        Ok(float_kind(v.is_finite()))
    }
    fn serialize_char(self, _: char) -> Result<Kinds, GiveUp> {
        Ok(STRING)
    }
    fn serialize_str(self, _: &str) -> Result<Kinds, GiveUp> {
        Ok(STRING)
    }
    fn serialize_bytes(self, _: &[u8]) -> Result<Kinds, GiveUp> {
        Ok(ARRAY)
    }
    fn serialize_none(self) -> Result<Kinds, GiveUp> {
        Ok(NULL)
    }
    fn serialize_some<T: Serialize + ?Sized>(self, v: &T) -> Result<Kinds, GiveUp> {
        v.serialize(self)
    }
    fn serialize_unit(self) -> Result<Kinds, GiveUp> {
        Ok(NULL)
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<Kinds, GiveUp> {
        Ok(NULL)
    }
    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
    ) -> Result<Kinds, GiveUp> {
        Ok(STRING)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        name: &'static str,
        v: &T,
    ) -> Result<Kinds, GiveUp> {
        if private_token(name) {
            return Err(GiveUp);
        }
        v.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        v: &T,
    ) -> Result<Kinds, GiveUp> {
        // `{variant: value}`.
        *self.named = self.keys.contains(&variant);
        nested(v)?;
        Ok(OBJECT)
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Items, GiveUp> {
        Ok(Items(ARRAY))
    }
    fn serialize_tuple(self, _: usize) -> Result<Items, GiveUp> {
        Ok(Items(ARRAY))
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Items, GiveUp> {
        Ok(Items(ARRAY))
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> Result<Items, GiveUp> {
        // `{variant: [items…]}`.
        *self.named = self.keys.contains(&variant);
        Ok(Items(OBJECT))
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Entries<'a, 'k>, GiveUp> {
        Ok(Entries {
            keys: self.keys,
            named: self.named,
        })
    }
    fn serialize_struct(self, name: &'static str, _: usize) -> Result<Entries<'a, 'k>, GiveUp> {
        if private_token(name) {
            return Err(GiveUp);
        }
        Ok(Entries {
            keys: self.keys,
            named: self.named,
        })
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> Result<Entries<'a, 'k>, GiveUp> {
        // `{variant: {fields…}}`: the fields are one level down.
        *self.named = self.keys.contains(&variant);
        Ok(Entries {
            keys: &[],
            named: self.named,
        })
    }
}

/// The items of an array (or a tuple variant's): each must be taken by `to_value`.
struct Items(Kinds);

impl Items {
    fn item<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), GiveUp> {
        nested(v)
    }
}

impl ser::SerializeSeq for Items {
    type Ok = Kinds;
    type Error = GiveUp;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), GiveUp> {
        self.item(v)
    }
    fn end(self) -> Result<Kinds, GiveUp> {
        Ok(self.0)
    }
}

impl ser::SerializeTuple for Items {
    type Ok = Kinds;
    type Error = GiveUp;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), GiveUp> {
        self.item(v)
    }
    fn end(self) -> Result<Kinds, GiveUp> {
        Ok(self.0)
    }
}

impl ser::SerializeTupleStruct for Items {
    type Ok = Kinds;
    type Error = GiveUp;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), GiveUp> {
        self.item(v)
    }
    fn end(self) -> Result<Kinds, GiveUp> {
        Ok(self.0)
    }
}

impl ser::SerializeTupleVariant for Items {
    type Ok = Kinds;
    type Error = GiveUp;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), GiveUp> {
        self.item(v)
    }
    fn end(self) -> Result<Kinds, GiveUp> {
        Ok(self.0)
    }
}

/// The entries of an object: each key must be one `to_value` takes, and is looked for
/// among `keys`; each value must be taken by `to_value`.
struct Entries<'a, 'k> {
    keys: &'k [&'k str],
    named: &'a mut bool,
}

impl Entries<'_, '_> {
    fn field<T: Serialize + ?Sized>(&mut self, key: &str, v: &T) -> Result<(), GiveUp> {
        if self.keys.contains(&key) {
            *self.named = true;
        }
        nested(v)
    }
}

impl ser::SerializeMap for Entries<'_, '_> {
    type Ok = Kinds;
    type Error = GiveUp;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), GiveUp> {
        if key.serialize(Key { keys: self.keys })? {
            *self.named = true;
        }
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), GiveUp> {
        nested(v)
    }
    fn end(self) -> Result<Kinds, GiveUp> {
        Ok(OBJECT)
    }
}

impl ser::SerializeStruct for Entries<'_, '_> {
    type Ok = Kinds;
    type Error = GiveUp;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        v: &T,
    ) -> Result<(), GiveUp> {
        self.field(key, v)
    }
    fn end(self) -> Result<Kinds, GiveUp> {
        Ok(OBJECT)
    }
}

impl ser::SerializeStructVariant for Entries<'_, '_> {
    type Ok = Kinds;
    type Error = GiveUp;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        v: &T,
    ) -> Result<(), GiveUp> {
        self.field(key, v)
    }
    fn end(self) -> Result<Kinds, GiveUp> {
        Ok(OBJECT)
    }
}

/// A map key: whether it is one of `keys`. Takes the keys `serde_json`'s `to_value` takes
/// (strings, chars, unit variants, newtypes of those, booleans, integers, finite floats);
/// a key other than a string, char or unit variant is compared as its text only when
/// there are no `keys` to compare (otherwise the probe gives up).
struct Key<'k> {
    keys: &'k [&'k str],
}

impl Key<'_> {
    /// A key `to_value` writes as a number's or boolean's text.
    fn other(self) -> Result<bool, GiveUp> {
        if self.keys.is_empty() {
            Ok(false)
        } else {
            Err(GiveUp)
        }
    }
}

impl Serializer for Key<'_> {
    type Ok = bool;
    type Error = GiveUp;
    type SerializeSeq = Impossible<bool, GiveUp>;
    type SerializeTuple = Impossible<bool, GiveUp>;
    type SerializeTupleStruct = Impossible<bool, GiveUp>;
    type SerializeTupleVariant = Impossible<bool, GiveUp>;
    type SerializeMap = Impossible<bool, GiveUp>;
    type SerializeStruct = Impossible<bool, GiveUp>;
    type SerializeStructVariant = Impossible<bool, GiveUp>;

    fn serialize_bool(self, _: bool) -> Result<bool, GiveUp> {
        self.other()
    }
    fn serialize_i8(self, _: i8) -> Result<bool, GiveUp> {
        self.other()
    }
    fn serialize_i16(self, _: i16) -> Result<bool, GiveUp> {
        self.other()
    }
    fn serialize_i32(self, _: i32) -> Result<bool, GiveUp> {
        self.other()
    }
    fn serialize_i64(self, _: i64) -> Result<bool, GiveUp> {
        self.other()
    }
    fn serialize_i128(self, _: i128) -> Result<bool, GiveUp> {
        self.other()
    }
    fn serialize_u8(self, _: u8) -> Result<bool, GiveUp> {
        self.other()
    }
    fn serialize_u16(self, _: u16) -> Result<bool, GiveUp> {
        self.other()
    }
    fn serialize_u32(self, _: u32) -> Result<bool, GiveUp> {
        self.other()
    }
    fn serialize_u64(self, _: u64) -> Result<bool, GiveUp> {
        self.other()
    }
    fn serialize_u128(self, _: u128) -> Result<bool, GiveUp> {
        self.other()
    }
    fn serialize_f32(self, v: f32) -> Result<bool, GiveUp> {
        if v.is_finite() {
            self.other()
        } else {
            Err(GiveUp)
        }
    }
    fn serialize_f64(self, v: f64) -> Result<bool, GiveUp> {
        if v.is_finite() {
            self.other()
        } else {
            Err(GiveUp)
        }
    }
    fn serialize_char(self, v: char) -> Result<bool, GiveUp> {
        self.serialize_str(v.encode_utf8(&mut [0; 4]))
    }
    fn serialize_str(self, v: &str) -> Result<bool, GiveUp> {
        Ok(self.keys.contains(&v))
    }
    fn serialize_bytes(self, _: &[u8]) -> Result<bool, GiveUp> {
        Err(GiveUp)
    }
    fn serialize_none(self) -> Result<bool, GiveUp> {
        Err(GiveUp)
    }
    fn serialize_some<T: Serialize + ?Sized>(self, _: &T) -> Result<bool, GiveUp> {
        Err(GiveUp)
    }
    fn serialize_unit(self) -> Result<bool, GiveUp> {
        Err(GiveUp)
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<bool, GiveUp> {
        Err(GiveUp)
    }
    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
    ) -> Result<bool, GiveUp> {
        self.serialize_str(variant)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        name: &'static str,
        v: &T,
    ) -> Result<bool, GiveUp> {
        if private_token(name) {
            return Err(GiveUp);
        }
        v.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<bool, GiveUp> {
        Err(GiveUp)
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, GiveUp> {
        Err(GiveUp)
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, GiveUp> {
        Err(GiveUp)
    }
    fn serialize_tuple_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleStruct, GiveUp> {
        Err(GiveUp)
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, GiveUp> {
        Err(GiveUp)
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, GiveUp> {
        Err(GiveUp)
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeStruct, GiveUp> {
        Err(GiveUp)
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, GiveUp> {
        Err(GiveUp)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use std::collections::BTreeMap;

    /// `probe` agrees with `to_value`: the same kind, and a named key exactly when the
    /// object `to_value` builds has one; it gives up only where `to_value` fails, or on a
    /// key other than a string when it has keys to look for.
    fn agrees<T: Serialize>(t: T, keys: &[&str]) {
        let built = serde_json::to_value(&t);
        match (probe(&t, keys), &built) {
            (Some(p), Ok(v)) => {
                assert_eq!(p.kind, value_kind(v), "{v}");
                let named = v
                    .as_object()
                    .is_some_and(|m| keys.iter().any(|k| m.contains_key(*k)));
                assert_eq!(p.named, named, "{v}");
            }
            (None, Err(_)) => {}
            (p, v) => panic!("probe {p:?}, to_value {v:?}"),
        }
    }

    /// A value serialized through one `Serializer` method each (what derived impls call).
    enum Call {
        UnitStruct,
        NewtypeStruct,
        UnitVariant,
        NewtypeVariant,
        TupleVariant,
        StructVariant,
        Struct,
        TupleStruct,
    }

    impl Serialize for Call {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            use ser::{SerializeStruct, SerializeStructVariant};
            use ser::{SerializeTupleStruct, SerializeTupleVariant};
            match self {
                Call::UnitStruct => s.serialize_unit_struct("U"),
                Call::NewtypeStruct => s.serialize_newtype_struct("N", "w"),
                Call::UnitVariant => s.serialize_unit_variant("E", 0, "Unit"),
                Call::NewtypeVariant => s.serialize_newtype_variant("E", 1, "a", &1u8),
                Call::TupleVariant => {
                    let mut t = s.serialize_tuple_variant("E", 2, "Tuple", 2)?;
                    t.serialize_field(&1u8)?;
                    t.serialize_field(&2u8)?;
                    t.end()
                }
                Call::StructVariant => {
                    let mut t = s.serialize_struct_variant("E", 3, "Struct", 1)?;
                    t.serialize_field("a", &1u8)?;
                    t.end()
                }
                Call::Struct => {
                    let mut t = s.serialize_struct("S", 2)?;
                    t.serialize_field("a", &1u8)?;
                    t.serialize_field("b", &[1u8])?;
                    t.end()
                }
                Call::TupleStruct => {
                    let mut t = s.serialize_tuple_struct("T", 1)?;
                    t.serialize_field(&1u8)?;
                    t.end()
                }
            }
        }
    }

    const CALLS: [Call; 8] = [
        Call::UnitStruct,
        Call::NewtypeStruct,
        Call::UnitVariant,
        Call::NewtypeVariant,
        Call::TupleVariant,
        Call::StructVariant,
        Call::Struct,
        Call::TupleStruct,
    ];

    #[test]
    fn kinds_are_to_values() {
        for keys in [&[][..], &["a", "Struct"][..], &["Tuple"][..]] {
            agrees((), keys);
            agrees(None::<u8>, keys);
            agrees(Some(true), keys);
            agrees(-1i8, keys);
            agrees(7u64, keys);
            agrees(i128::MIN, keys);
            agrees(-5i128, keys);
            agrees(u128::MAX, keys);
            agrees(5u128, keys);
            agrees(2.0f64, keys);
            agrees(2.5f32, keys);
            agrees(f64::NAN, keys);
            agrees(f32::NEG_INFINITY, keys);
            agrees('c', keys);
            agrees("s", keys);
            agrees(vec![1u8, 2], keys);
            agrees((1u8, "x"), keys);
            for call in &CALLS {
                agrees(call, keys);
            }
            agrees(BTreeMap::from([("a", 1u8)]), keys);
            agrees(BTreeMap::from([("b", 1u8)]), keys);
            agrees(BTreeMap::from([('a', 1u8)]), keys);
            agrees(json!({"a": [1, 2.5, null], "c": {"a": 1}}), keys);
            agrees(json!([{"a": 1}]), keys);
            agrees(json!(1.0), keys);
            // Keys `to_value` refuses, at the top and nested.
            agrees(BTreeMap::from([(vec![1u8], 1u8)]), keys);
            agrees(vec![BTreeMap::from([((), 1u8)])], keys);
            agrees(vec![Some(u128::MAX)], keys);
        }
        // Keys `to_value` writes as text: compared only when there is nothing to look for.
        agrees(BTreeMap::from([(1u8, 1u8)]), &[]);
        agrees(BTreeMap::from([(true, 1u8)]), &[]);
        assert_eq!(probe(&BTreeMap::from([(1u8, 1u8)]), &["1"]), None);
        assert_eq!(
            probe(&vec![BTreeMap::from([(1u8, 1u8)])], &["1"]).map(|p| p.kind),
            Some(ARRAY)
        );
    }

    /// A named property is one of the top-level object's only.
    #[test]
    fn only_top_level_keys_are_named() {
        let nested = json!({"x": {"a": 1}});
        assert_eq!(
            probe(&nested, &["a"]),
            Some(Probed {
                kind: OBJECT,
                named: false
            })
        );
        assert!(probe(&Call::StructVariant, &["a"]).is_some_and(|p| !p.named));
        assert!(probe(&Call::StructVariant, &["Struct"]).is_some_and(|p| p.named));
        assert!(probe(&Call::Struct, &["b"]).is_some_and(|p| p.named));
    }

    /// A value whose own `Serialize` fails is given up on, as `to_value` fails on it.
    #[test]
    fn a_failing_serialize_gives_up() {
        struct Fails;
        impl Serialize for Fails {
            fn serialize<S: Serializer>(&self, _: S) -> Result<S::Ok, S::Error> {
                Err(ser::Error::custom("no"))
            }
        }
        agrees(Fails, &[]);
        agrees(vec![Fails], &[]);
        assert_eq!(probe(&vec![Fails], &[]), None);
    }
}
