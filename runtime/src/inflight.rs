//! Schema errors raised while deserializing, so that a rejected document is parsed once.
//!
//! `from_json_str` parses straight into the generated type. When that parse fails, the
//! caller wants the failure as the schema sees it (instance pointer, keyword, schema
//! location), not as serde words it. Without this module the input would be parsed a
//! second time, as a `serde_json::Value`, and validated: two parses where an interpreted
//! validator does one.
//!
//! Instead, within a [`Session`], generated deserializers report schema errors in flight:
//!
//! * a field value of the wrong kind or out of range (a string where a boolean belongs,
//!   `-5` for a `u64` with `minimum: 0`) is turned into a `Value` (only that value) and
//!   checked by the field's own `Value` validator, which names the keyword;
//! * a missing required property and a property `additionalProperties: false` rejects
//!   are reported directly, with the message the `Value` validator gives;
//! * as the error unwinds, each level adds its property name or array index, so the
//!   error ends up located at its full instance pointer.
//!
//! Only errors known to be the schema's are reported this way. When the generated code
//! cannot be sure (a field reached through `oneOf`/`anyOf`/`not`/`if`, a value the
//! field's schema accepts but the Rust type cannot hold, a duplicate key, a JSON syntax
//! error), the error travels as serde's, and the caller falls back to the two-pass path.
//! The error a marker carries is matched by a sequence number, so a stale in-flight error
//! (one a buffered `oneOf` swallowed while trying alternatives) is never reported.
//!
//! Outside a session (a plain `serde_json::from_str::<T>`), generated deserializers
//! behave exactly as serde's: nothing is recorded, and errors keep serde's wording.

use crate::error::{ValidationError, ValidationErrors};
use crate::json::push_token;
use crate::validate::{show_str, Cx, NodeFn, Options};
use serde::de::value::{
    BoolDeserializer, BorrowedStrDeserializer, F64Deserializer, I64Deserializer,
    MapAccessDeserializer, SeqAccessDeserializer, StrDeserializer, U64Deserializer,
    UnitDeserializer,
};
use serde::de::{self, Deserialize, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::Value;
use std::cell::{Cell, RefCell};
use std::fmt;
use std::marker::PhantomData;

/// JSON kinds a Rust type can hold, as a bit set ([`NULL`] | [`BOOL`] | …); an
/// integer type has [`INTEGER`] (and [`UNSIGNED`]) where other numbers have [`NUMBER`].
pub type Kinds = u8;
/// `null`.
pub const NULL: Kinds = 1;
/// `true` / `false`.
pub const BOOL: Kinds = 2;
/// Numbers.
pub const NUMBER: Kinds = 4;
/// Strings.
pub const STRING: Kinds = 8;
/// Arrays.
pub const ARRAY: Kinds = 16;
/// Objects.
pub const OBJECT: Kinds = 32;
/// Integers only (a number the type holds must be integral): with [`NUMBER`] unset.
pub const INTEGER: Kinds = 64;
/// Non-negative numbers only (with [`INTEGER`]).
pub const UNSIGNED: Kinds = 128;

/// Whether a number the type cannot hold is known before trying: a fraction for an
/// integer type, a negative number for an unsigned one.
#[inline]
fn number_out_of_kind(kinds: Kinds, negative: bool, fraction: bool) -> bool {
    if kinds & NUMBER != 0 {
        return false;
    }
    if kinds & INTEGER == 0 {
        return true;
    }
    fraction || (negative && kinds & UNSIGNED != 0)
}

enum Seg {
    Key(&'static str),
    OwnedKey(String),
    Index(usize),
}

struct Pending {
    seq: u64,
    /// The path from the failing value up to the document root, innermost first.
    up: Vec<Seg>,
    /// Errors with instance paths relative to the failing value.
    errors: Vec<ValidationError>,
}

thread_local! {
    static ACTIVE: Cell<u32> = const { Cell::new(0) };
    static OPTIONS: Cell<Options> = const { Cell::new(Options::new()) };
    static SEQ: Cell<u64> = const { Cell::new(0) };
    static PENDING: RefCell<Option<Pending>> = const { RefCell::new(None) };
}

/// Whether generated deserializers on this thread report schema errors in flight.
#[inline]
pub fn active() -> bool {
    ACTIVE.with(|a| a.get() > 0)
}

/// Turns in-flight reporting on for the current thread until dropped (see the module
/// docs). Sessions nest; the options decide whether `format` is asserted when a value is
/// checked in flight.
#[must_use = "the session ends when this guard is dropped"]
pub struct Session {
    outer: Options,
}

impl Session {
    /// Starts a session with `options`.
    pub fn start(options: &Options) -> Session {
        let outer = OPTIONS.with(|o| o.replace(*options));
        ACTIVE.with(|a| a.set(a.get() + 1));
        PENDING.with(|p| p.borrow_mut().take());
        Session { outer }
    }

    /// The schema errors `error` (the failure of a parse run in this session) stands for,
    /// with their full instance pointers; `None` when it is not one the generated code
    /// reported in flight (the caller then validates the document the slow way).
    pub fn take(&self, error: &serde_json::Error) -> Option<ValidationErrors> {
        if error.classify() != serde_json::error::Category::Data {
            return None;
        }
        let pending = PENDING.with(|p| p.borrow_mut().take())?;
        // serde_json's message is the custom message, then " at line L column C": only
        // its start is read.
        let mut head = Head::new();
        let _ = fmt::write(&mut head, format_args!("{error}"));
        if marker_of(&head.buf[..head.len]) != Some(pending.seq) {
            return None;
        }
        let mut prefix = String::new();
        for seg in pending.up.iter().rev() {
            match seg {
                Seg::Key(k) => push_token(&mut prefix, k),
                Seg::OwnedKey(k) => push_token(&mut prefix, k),
                Seg::Index(i) => push_token(&mut prefix, itoa(*i, &mut [0; 20])),
            }
        }
        let mut errors = pending.errors;
        if !prefix.is_empty() {
            for e in &mut errors {
                e.instance_path.insert_str(0, &prefix);
            }
        }
        (!errors.is_empty()).then(|| ValidationErrors::from(errors))
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        ACTIVE.with(|a| a.set(a.get().saturating_sub(1)));
        OPTIONS.with(|o| o.set(self.outer));
        PENDING.with(|p| p.borrow_mut().take());
    }
}

/// The message of an error raised in flight: `envgen in-flight error N`.
struct Marker(u64);

const MARKER: &str = "envgen in-flight error ";

impl fmt::Display for Marker {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Sixteen hex digits, written at once (no integer formatting on this path).
        let mut buf = [0u8; MARKER.len() + 16];
        buf[..MARKER.len()].copy_from_slice(MARKER.as_bytes());
        for (i, b) in buf[MARKER.len()..].iter_mut().enumerate() {
            let nibble = (self.0 >> (60 - 4 * i)) & 0xf;
            *b = b"0123456789abcdef"[nibble as usize];
        }
        f.write_str(std::str::from_utf8(&buf).unwrap_or(MARKER))
    }
}

/// The first bytes of a message, on the stack: writing stops (with an error) once full.
struct Head {
    // The marker and its 16 digits: the formatting of the rest (" at line L column C") stops
    // at its first write.
    buf: [u8; MARKER.len() + 16],
    len: usize,
}

impl Head {
    fn new() -> Self {
        Head {
            buf: [0; MARKER.len() + 16],
            len: 0,
        }
    }
}

impl fmt::Write for Head {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let room = self.buf.len() - self.len;
        let n = s.len().min(room);
        self.buf[self.len..self.len + n].copy_from_slice(&s.as_bytes()[..n]);
        self.len += n;
        if n < s.len() {
            Err(fmt::Error)
        } else {
            Ok(())
        }
    }
}

/// `i` in decimal, in `buf`.
fn itoa(mut i: usize, buf: &mut [u8; 20]) -> &str {
    let mut at = buf.len();
    loop {
        at -= 1;
        buf[at] = b'0' + (i % 10) as u8;
        i /= 10;
        if i == 0 {
            break;
        }
    }
    std::str::from_utf8(&buf[at..]).unwrap_or_default()
}

/// The sequence number of an in-flight error's message (its first bytes), if it is one.
fn marker_of(message: &[u8]) -> Option<u64> {
    let digits = message.strip_prefix(MARKER.as_bytes())?.get(..16)?;
    digits.iter().try_fold(0u64, |n, &d| {
        let v = (d as char).to_digit(16)?;
        Some(n << 4 | u64::from(v))
    })
}

/// Records `errors` (relative to the value being deserialized) and returns the serde
/// error that carries them up.
fn raise<E: de::Error>(errors: Vec<ValidationError>) -> E {
    let seq = SEQ.with(|s| {
        let n = s.get().wrapping_add(1);
        s.set(n);
        n
    });
    PENDING.with(|p| {
        *p.borrow_mut() = Some(Pending {
            seq,
            up: Vec::new(),
            errors,
        })
    });
    // The message only has to identify the error: it is replaced by the recorded errors,
    // and is only ever seen inside a session.
    E::custom(Marker(seq))
}

/// Checks `value` (a value the Rust type could not hold) with its schema's validator: the
/// errors it finds are raised in flight; when it finds none, `fallback` is returned
/// unchanged (the type is narrower than the schema here, and the slow path decides).
fn check_value<E: de::Error>(value: &Value, node: NodeFn, fallback: impl FnOnce() -> E) -> E {
    match check(value, node) {
        Some(errors) => raise(errors),
        None => fallback(),
    }
}

/// The errors `node` finds in `value`, if any.
fn check(value: &Value, node: NodeFn) -> Option<Vec<ValidationError>> {
    let mut cx = Cx::new(OPTIONS.with(Cell::get));
    node(value, &mut cx);
    cx.finish().err().map(|errors| errors.into_iter().collect())
}

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

fn forget() {
    PENDING.with(|p| p.borrow_mut().take());
}

fn up(seg: Seg) {
    PENDING.with(|p| {
        if let Some(pending) = p.borrow_mut().as_mut() {
            pending.up.push(seg);
        }
    });
}

/// A required property is absent: the `required` error at `schema_path`, raised in
/// flight within a session, and serde's "missing property" otherwise.
pub fn missing<E: de::Error>(name: &str, schema_path: &'static str) -> E {
    if !active() {
        return crate::de::missing_property(name);
    }
    let quoted = serde_json::to_string(name).unwrap_or_else(|_| format!("{name:?}"));
    raise(vec![ValidationError::new(
        "",
        "required",
        schema_path,
        format!("missing required property {quoted}"),
    )])
}

/// The value of a required property `name` once the object is read, or [`missing`]'s
/// error when it was absent.
#[inline]
pub fn required<T, E: de::Error>(
    slot: Option<T>,
    name: &str,
    schema_path: &'static str,
) -> Result<T, E> {
    match slot {
        Some(v) => Ok(v),
        None => Err(missing(name, schema_path)),
    }
}

/// A property `additionalProperties: false` rejects: the error at `schema_path`, raised
/// in flight within a session, and serde's "not allowed" otherwise.
pub fn not_allowed<E: de::Error>(name: &str, schema_path: &'static str) -> E {
    if !active() {
        return crate::de::property_not_allowed(name);
    }
    raise(vec![ValidationError::new(
        "",
        "additionalProperties",
        schema_path,
        format!("property {} is not allowed", show_str(name)),
    )])
}

/// How a value is checked in flight: the validator of its schema node, the JSON kinds its
/// Rust type holds, whether errors raised inside it (by nested generated types) are the
/// schema's (`false` under `oneOf`, `anyOf`, `not` or `if`), and the same for the items
/// of an array.
#[derive(Clone, Copy)]
pub struct Spec {
    /// The `Value` validator of the value's schema node.
    pub node: NodeFn,
    /// The JSON kinds the Rust type holds.
    pub kinds: Kinds,
    /// Whether errors from nested generated deserializers can be reported as they are.
    pub direct: bool,
    /// The same for the items of an array value, when they are checked in flight.
    pub items: Option<&'static Spec>,
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
    read(map, PhantomData::<T>, spec, || Seg::Key(key))
}

/// [`value`] for an undeclared property (`additionalProperties: {…}`), named at run time.
#[inline]
pub fn extra_value<'de, A, T>(map: &mut A, key: &str, spec: &Spec) -> Result<T, A::Error>
where
    A: MapAccess<'de>,
    T: Deserialize<'de>,
{
    read(map, PhantomData::<T>, spec, || {
        Seg::OwnedKey(key.to_owned())
    })
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
    read(map, Nullable(PhantomData::<T>), spec, || Seg::Key(key))
}

/// A declared property in one call: [`crate::de::duplicate_property`] when `slot` is
/// already filled, else [`value`] into `slot`.
#[inline]
pub fn field<'de, A, T>(
    map: &mut A,
    slot: &mut Option<T>,
    key: &'static str,
    spec: &Spec,
) -> Result<(), A::Error>
where
    A: MapAccess<'de>,
    T: Deserialize<'de>,
{
    crate::de::once(slot, key)?;
    *slot = Some(value(map, key, spec)?);
    Ok(())
}

/// [`field`] for a property whose value may be `null` ([`nullable`]).
#[inline]
pub fn nullable_field<'de, A, T>(
    map: &mut A,
    slot: &mut Option<Option<T>>,
    key: &'static str,
    spec: &Spec,
) -> Result<(), A::Error>
where
    A: MapAccess<'de>,
    T: Deserialize<'de>,
{
    crate::de::once(slot, key)?;
    *slot = Some(nullable(map, key, spec)?);
    Ok(())
}

/// A property's value through [`Capture`]; a failure adds the property (`seg`) to the
/// in-flight error's location.
#[inline]
fn read<'de, A, S>(
    map: &mut A,
    seed: S,
    spec: &Spec,
    seg: impl FnOnce() -> Seg,
) -> Result<S::Value, A::Error>
where
    A: MapAccess<'de>,
    S: Null<'de>,
{
    map.next_value_seed(Capture { seed, spec })
        .inspect_err(|_| up(seg()))
}

/// `T` or `null`, as a seed [`Capture`] can drive.
struct Nullable<T>(PhantomData<T>);

impl<'de, T: Deserialize<'de>> DeserializeSeed<'de> for Nullable<T> {
    type Value = Option<T>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Option<T>, D::Error> {
        T::deserialize(d).map(Some)
    }
}

/// The kind bit a number stands for in [`Capture::scalar`]: one the type's kinds have,
/// unless the number is known not to fit (then none).
#[inline]
fn number_kind(kinds: Kinds, negative: bool, fraction: bool) -> Kinds {
    if number_out_of_kind(kinds, negative, fraction) {
        0
    } else {
        kinds & (NUMBER | INTEGER)
    }
}

/// Drives `seed` through `deserialize_any`, checking a value it cannot take with the
/// schema's validator.
struct Capture<'s, S> {
    seed: S,
    spec: &'s Spec,
}

trait Null<'de>: DeserializeSeed<'de> {
    /// Whether `null` is taken whatever the kinds say (the `Option` of a nullable field).
    const TAKES_NULL: bool = false;
    fn null<E: de::Error>(self) -> Result<Self::Value, E>;
}

impl<'de, T: Deserialize<'de>> Null<'de> for PhantomData<T> {
    fn null<E: de::Error>(self) -> Result<T, E> {
        T::deserialize(UnitDeserializer::<E>::new())
    }
}

impl<'de, T: Deserialize<'de>> Null<'de> for Nullable<T> {
    const TAKES_NULL: bool = true;
    fn null<E: de::Error>(self) -> Result<Option<T>, E> {
        Ok(None)
    }
}

impl<'de, S: Null<'de>> DeserializeSeed<'de> for Capture<'_, S> {
    type Value = S::Value;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<S::Value, D::Error> {
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
            // The kind the type holds: errors are rare (a number out of range).
            return result().map_err(|e| {
                if active() {
                    check_value(&make(), spec.node, || e)
                } else {
                    e
                }
            });
        }
        if !active() {
            // Outside a session, serde's own error.
            return result();
        }
        // A kind the type does not hold: the schema names the error; should it accept the
        // value, the type decides.
        match check(&make(), spec.node) {
            Some(errors) => Err(raise(errors)),
            None => result(),
        }
    }
}

impl<'de, S: Null<'de>> Visitor<'de> for Capture<'_, S> {
    type Value = S::Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<S::Value, E> {
        let seed = self.seed;
        Self::scalar(
            self.spec,
            BOOL,
            || Value::Bool(v),
            || seed.deserialize(BoolDeserializer::new(v)),
        )
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<S::Value, E> {
        let seed = self.seed;
        let kind = number_kind(self.spec.kinds, v < 0, false);
        Self::scalar(
            self.spec,
            kind,
            || Value::from(v),
            || seed.deserialize(I64Deserializer::new(v)),
        )
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<S::Value, E> {
        let seed = self.seed;
        let kind = number_kind(self.spec.kinds, false, false);
        Self::scalar(
            self.spec,
            kind,
            || Value::from(v),
            || seed.deserialize(U64Deserializer::new(v)),
        )
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<S::Value, E> {
        let seed = self.seed;
        let kind = number_kind(self.spec.kinds, v < 0.0, v.fract() != 0.0);
        Self::scalar(
            self.spec,
            kind,
            || Value::from(v),
            || seed.deserialize(F64Deserializer::new(v)),
        )
    }

    fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<S::Value, E> {
        let seed = self.seed;
        Self::scalar(
            self.spec,
            STRING,
            || Value::from(v),
            || seed.deserialize(BorrowedStrDeserializer::new(v)),
        )
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<S::Value, E> {
        let seed = self.seed;
        Self::scalar(
            self.spec,
            STRING,
            || Value::from(v),
            || seed.deserialize(StrDeserializer::new(v)),
        )
    }

    fn visit_unit<E: de::Error>(self) -> Result<S::Value, E> {
        let seed = self.seed;
        if S::TAKES_NULL {
            return seed.null();
        }
        Self::scalar(self.spec, NULL, || Value::Null, || seed.null())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<S::Value, A::Error> {
        if self.spec.kinds & ARRAY == 0 && active() {
            let value = Value::deserialize(SeqAccessDeserializer::new(seq))?;
            return self.unheld(value);
        }
        let items = Items {
            inner: seq,
            index: 0,
            spec: self.spec.items,
        };
        self.nested(SeqAccessDeserializer::new(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<S::Value, A::Error> {
        if self.spec.kinds & OBJECT == 0 && active() {
            let value = Value::deserialize(MapAccessDeserializer::new(map))?;
            return self.unheld(value);
        }
        self.nested(MapAccessDeserializer::new(map))
    }
}

impl<'de, S: Null<'de>> Capture<'_, S> {
    /// An array or object of a kind the type does not hold, read as `value`: the schema
    /// names the error; should it accept the value, the type decides.
    fn unheld<E: de::Error>(self, value: Value) -> Result<S::Value, E> {
        match check(&value, self.spec.node) {
            Some(errors) => Err(raise(errors)),
            None => self.seed.deserialize(value).map_err(de::Error::custom),
        }
    }

    /// An array or object the type holds: errors raised inside it stand only when they
    /// are the schema's (`direct`).
    fn nested<D: Deserializer<'de>>(self, d: D) -> Result<S::Value, D::Error> {
        let direct = self.spec.direct;
        self.seed.deserialize(d).inspect_err(|_| {
            if !direct {
                forget();
            }
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
                Some(_) => up(Seg::Index(index)),
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

impl<'de, T: DeserializeSeed<'de>> Null<'de> for Element<T> {
    fn null<E: de::Error>(self) -> Result<T::Value, E> {
        self.0.deserialize(UnitDeserializer::<E>::new())
    }
}
