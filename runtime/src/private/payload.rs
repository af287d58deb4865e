//! Reading untyped JSON (`serde_json::Value`) for generated types: the same value
//! `Value`'s own `Deserialize` builds, with every array and object allocated once, at its
//! final size.
//!
//! `serde_json` learns an array's or object's length only at its end, so its `Value`
//! reader grows each container as entries arrive: a `Vec` reallocates at 4, 8, 16…
//! elements, an object's index map rehashes at 4, 8, 16… keys. [`AnyValue`] collects the
//! entries of the containers being read on one scratch stack (kept by the thread between
//! reads), then moves each container's entries into an allocation of exactly their
//! number. The result is the same `Value`, entry for entry and in document order (a
//! duplicate key keeps its first position and its last value, as `serde_json` does).
//!
//! Generated deserializers read a `serde_json::Value` property, an undeclared property
//! kept whole, and a generic payload parameter (`ResponseEnvelope<T = Value>`) through
//! this module ([`AnyValue`], [`Payload`]).

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Number, Value};
use std::any::Any;
use std::cell::Cell;
use std::fmt;
use std::marker::PhantomData;

/// The entries of the containers being read, innermost last.
#[derive(Default)]
struct Scratch {
    items: Vec<Value>,
    entries: Vec<(String, Value)>,
}

/// The scratch stack a thread keeps between reads, up to this many entries of capacity
/// (a larger one, grown by one large document, is freed rather than kept).
const KEEP: usize = 4096;

thread_local! {
    static SCRATCH: Cell<Scratch> = const {
        Cell::new(Scratch {
            items: Vec::new(),
            entries: Vec::new(),
        })
    };
}

/// A seed that reads any JSON value into a `serde_json::Value`, each container allocated
/// at its final size (see the [module docs](self)).
#[derive(Clone, Copy, Debug, Default)]
pub struct AnyValue;

impl<'de> DeserializeSeed<'de> for AnyValue {
    type Value = Value;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        let mut scratch = SCRATCH.with(Cell::take);
        let result = d.deserialize_any(Build(&mut scratch));
        // After an error the stack still holds the entries read so far.
        scratch.items.clear();
        scratch.entries.clear();
        if scratch.items.capacity() <= KEEP && scratch.entries.capacity() <= KEEP {
            SCRATCH.with(|s| s.set(scratch));
        }
        result
    }
}

/// A seed that reads any JSON value as [`AnyValue`] reads it and hands it to its function,
/// within the deserializer's own call for the value: an error the function returns is
/// placed (by `serde_json`) at the value's last byte, where
/// [`super::de::locate_error`] finds the value again, as for an error raised while reading
/// it. The function is a trait object, so the reader is compiled once per deserializer,
/// not once per caller.
pub(crate) struct Then<'f>(pub(crate) &'f mut dyn FnMut(Value) -> Result<(), String>);

impl<'de> DeserializeSeed<'de> for Then<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        let mut scratch = SCRATCH.with(Cell::take);
        let result = d.deserialize_any(ThenVisitor {
            build: Build(&mut scratch),
            then: self.0,
        });
        scratch.items.clear();
        scratch.entries.clear();
        if scratch.items.capacity() <= KEEP && scratch.entries.capacity() <= KEEP {
            SCRATCH.with(|s| s.set(scratch));
        }
        result
    }
}

/// [`Then`]'s visitor: [`Build`]'s, then the function.
struct ThenVisitor<'s, 'f> {
    build: Build<'s>,
    then: &'f mut dyn FnMut(Value) -> Result<(), String>,
}

impl ThenVisitor<'_, '_> {
    fn then<E: de::Error>(
        then: &mut dyn FnMut(Value) -> Result<(), String>,
        value: Result<Value, E>,
    ) -> Result<(), E> {
        then(value?).map_err(E::custom)
    }
}

/// `visit_x(args) => Build::visit_x(args)`, then the function.
macro_rules! then_visit {
    ($($method:ident($($arg:ident: $ty:ty),*);)*) => {$(
        fn $method<E: de::Error>(self, $($arg: $ty),*) -> Result<(), E> {
            Self::then(self.then, self.build.$method($($arg),*))
        }
    )*};
}

impl<'de> Visitor<'de> for ThenVisitor<'_, '_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any valid JSON value")
    }

    then_visit! {
        visit_bool(v: bool);
        visit_i64(v: i64);
        visit_u64(v: u64);
        visit_i128(v: i128);
        visit_u128(v: u128);
        visit_f64(v: f64);
        visit_str(v: &str);
        visit_string(v: String);
        visit_none();
        visit_unit();
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        Self::then(self.then, self.build.visit_some(d))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<(), A::Error> {
        Self::then(self.then, self.build.visit_seq(seq))
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<(), A::Error> {
        Self::then(self.then, self.build.visit_map(map))
    }
}

/// A seed for a generic payload `T` (a generated type's parameter): when `T` is
/// `serde_json::Value` (the parameters' default), read as [`AnyValue`] reads; any other
/// type by its own `Deserialize`.
pub struct Payload<T>(PhantomData<fn() -> T>);

impl<T> Payload<T> {
    /// The seed.
    #[inline]
    pub const fn new() -> Self {
        Payload(PhantomData)
    }
}

impl<T> Default for Payload<T> {
    fn default() -> Self {
        Self::new()
    }
}

impl<'de, T: de::Deserialize<'de> + 'static> DeserializeSeed<'de> for Payload<T> {
    type Value = T;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<T, D::Error> {
        let mut slot: Option<T> = None;
        if let Some(value) = (&mut slot as &mut dyn Any).downcast_mut::<Option<Value>>() {
            *value = Some(AnyValue.deserialize(d)?);
            return slot.ok_or_else(|| de::Error::custom("the payload was not read"));
        }
        let value = T::deserialize(d)?;
        // The caller's type may swallow errors of generated types it holds (a serde
        // `untagged` enum): none is unwinding once it has read its value.
        crate::__private::inflight::swallowed();
        Ok(value)
    }
}

/// A seed for `Option<S::Value>`: `null` is `None`, anything else `seed`'s value.
pub struct NullableSeed<S>(pub S);

impl<'de, S: DeserializeSeed<'de>> DeserializeSeed<'de> for NullableSeed<S> {
    type Value = Option<S::Value>;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_option(self)
    }
}

impl<'de, S: DeserializeSeed<'de>> Visitor<'de> for NullableSeed<S> {
    type Value = Option<S::Value>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value or null")
    }
    fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }
    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        self.0.deserialize(d).map(Some)
    }
}

/// The key `serde_json` (with its `arbitrary_precision` feature) reads a number as: a
/// one-entry map from this key to the number's digits.
const NUMBER_TOKEN: &str = "$serde_json::private::Number";

/// Reads one value, its containers' entries stacked on the scratch.
struct Build<'s>(&'s mut Scratch);

impl<'de> DeserializeSeed<'de> for Build<'_> {
    type Value = Value;

    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Build<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any valid JSON value")
    }
    #[inline]
    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }
    #[inline]
    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }
    #[inline]
    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }
    fn visit_i128<E: de::Error>(self, v: i128) -> Result<Value, E> {
        Number::from_i128(v)
            .map(Value::Number)
            .ok_or_else(|| E::custom("number out of range"))
    }
    fn visit_u128<E: de::Error>(self, v: u128) -> Result<Value, E> {
        Number::from_u128(v)
            .map(Value::Number)
            .ok_or_else(|| E::custom("number out of range"))
    }
    #[inline]
    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        // As `Value` reads one: a non-finite float (which JSON cannot write) is `null`.
        Ok(Number::from_f64(v).map_or(Value::Null, Value::Number))
    }
    #[inline]
    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_owned()))
    }
    #[inline]
    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }
    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
    #[inline]
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let s = self.0;
        let start = s.items.len();
        while let Some(item) = seq.next_element_seed(Build(&mut *s))? {
            s.items.push(item);
        }
        Ok(Value::Array(s.items.drain(start..).collect()))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let s = self.0;
        let Some(first) = map.next_key::<String>()? else {
            return Ok(Value::Object(Map::new()));
        };
        if first == NUMBER_TOKEN {
            let digits: String = map.next_value()?;
            return digits
                .parse::<Number>()
                .map(Value::Number)
                .map_err(de::Error::custom);
        }
        let start = s.entries.len();
        let value = map.next_value_seed(Build(&mut *s))?;
        s.entries.push((first, value));
        while let Some(key) = map.next_key::<String>()? {
            let value = map.next_value_seed(Build(&mut *s))?;
            s.entries.push((key, value));
        }
        let mut object = Map::with_capacity(s.entries.len() - start);
        for (key, value) in s.entries.drain(start..) {
            object.insert(key, value);
        }
        Ok(Value::Object(object))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(input: &str) -> Result<Value, serde_json::Error> {
        let mut d = serde_json::Deserializer::from_str(input);
        let v = AnyValue.deserialize(&mut d)?;
        d.end()?;
        Ok(v)
    }

    const DOCUMENTS: &[&str] = &[
        "null",
        "true",
        "0",
        "-0",
        "-9223372036854775808",
        "18446744073709551615",
        "0.1",
        "-0.0",
        "1.7976931348623157e308",
        "5e-324",
        "100.0",
        r#""""#,
        r#""a\"b\\c\u00e9\ud83d\ude00\n""#,
        "[]",
        "{}",
        "[[],[[]],{}]",
        r#"{"b":1,"a":2,"c":{"z":[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17],"y":null}}"#,
        r#"{"k":1,"k":2,"j":3}"#,
        r#"{"items":[{"id":"x","tags":["a","b"],"owner":{"login":"u","id":7}}],"total":1}"#,
        r#"{"a":{"b":{"c":{"d":{"e":[{"f":[{"g":{}}]}]}}}}}"#,
    ];

    /// The same `Value` as `serde_json`'s reader, in the same key order, and the same
    /// text written back.
    #[test]
    fn reads_what_serde_json_reads() {
        for doc in DOCUMENTS {
            let ours = read(doc).unwrap();
            let theirs: Value = serde_json::from_str(doc).unwrap();
            assert_eq!(ours, theirs, "{doc}");
            assert_eq!(ours.to_string(), theirs.to_string(), "{doc}");
            if let (Value::Object(a), Value::Object(b)) = (&ours, &theirs) {
                assert!(a.keys().eq(b.keys()), "key order of {doc}");
            }
        }
    }

    /// Every container is allocated at its final size.
    #[test]
    fn containers_are_exactly_sized() {
        fn exact(v: &Value) -> bool {
            match v {
                Value::Array(items) => items.capacity() == items.len() && items.iter().all(exact),
                Value::Object(m) => m.values().all(exact),
                _ => true,
            }
        }
        let doc = r#"[[1,2,3,4,5],{"a":[1,2,3,4,5,6,7,8,9]},[{"b":[1,2,3]}]]"#;
        assert!(exact(&read(doc).unwrap()));
        let theirs: Value = serde_json::from_str(doc).unwrap();
        assert!(
            !exact(&theirs),
            "serde_json grows its arrays (this test's premise)"
        );
    }

    /// A read that fails leaves nothing on the thread's scratch stack for the next one.
    #[test]
    fn a_failed_read_leaves_the_stack_empty() {
        assert!(read(r#"{"a":[1,2,{"b":[3,4"#).is_err());
        assert!(read(r#"[1,2,{"a":1,"b":tru}]"#).is_err());
        assert_eq!(read("[5,6]").unwrap(), serde_json::json!([5, 6]));
        assert_eq!(
            read(r#"{"x":{"y":1}}"#).unwrap(),
            serde_json::json!({"x": {"y": 1}})
        );
        SCRATCH.with(|s| {
            let scratch = s.take();
            assert!(scratch.items.is_empty() && scratch.entries.is_empty());
            s.set(scratch);
        });
    }

    /// A large document's stack is not kept by the thread.
    #[test]
    fn a_large_stack_is_not_kept() {
        let doc = format!("[{}0]", "0,".repeat(KEEP * 2));
        assert_eq!(
            read(&doc).unwrap().as_array().map(Vec::len),
            Some(KEEP * 2 + 1)
        );
        SCRATCH.with(|s| {
            let scratch = s.take();
            assert!(scratch.items.capacity() <= KEEP);
            s.set(scratch);
        });
    }

    /// Errors are `serde_json`'s: the same message and position.
    #[test]
    fn errors_are_serde_jsons() {
        for doc in [r#"{"a":1,}"#, "[1,2", r#"{"a" 1}"#, "nul", "[1e400]"] {
            let ours = read(doc).unwrap_err().to_string();
            let theirs = serde_json::from_str::<Value>(doc).unwrap_err().to_string();
            assert_eq!(ours, theirs, "{doc}");
        }
    }

    /// `Payload<Value>` reads as `AnyValue`; other types by their own `Deserialize`.
    #[test]
    fn payload_reads_values_and_other_types() {
        type Point = std::collections::BTreeMap<String, i32>;
        let mut d = serde_json::Deserializer::from_str(r#"{"x":[1,2,3,4,5]}"#);
        let v = Payload::<Value>::new().deserialize(&mut d).unwrap();
        assert_eq!(v["x"].as_array().map(Vec::capacity), Some(5));
        let mut d = serde_json::Deserializer::from_str(r#"{"x":3}"#);
        let p = Payload::<Point>::new().deserialize(&mut d).unwrap();
        assert_eq!(p, Point::from([("x".to_owned(), 3)]));
        let mut d = serde_json::Deserializer::from_str(r#"{"y":"s"}"#);
        assert!(Payload::<Point>::new().deserialize(&mut d).is_err());
    }

    /// `NullableSeed` reads `null` as `None`, anything else through its seed.
    #[test]
    fn or_null_reads_null_as_none() {
        let mut d = serde_json::Deserializer::from_str("null");
        assert_eq!(NullableSeed(AnyValue).deserialize(&mut d).unwrap(), None);
        let mut d = serde_json::Deserializer::from_str("[null]");
        assert_eq!(
            NullableSeed(AnyValue).deserialize(&mut d).unwrap(),
            Some(serde_json::json!([null]))
        );
    }
}
