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
//! * a property's value is read by its type's own deserializer, as serde reads it; when
//!   that fails (a string where a boolean belongs, `-5` for a `u64` with `minimum: 0`, an
//!   item of an array), the error is judged where the property was read (`judge`): the
//!   property's value is found again in the input from where its key stands, parsed as a
//!   `Value` (only that value) and checked by the property's own `Value` validator, which
//!   names the keyword. This happens once the error is taken, so a failure that a union
//!   swallows costs nothing;
//! * a missing required property and a property `additionalProperties: false` rejects
//!   are reported directly, with the message the `Value` validator gives;
//! * as the error unwinds, each level adds its property name or array index, so the
//!   error ends up located at its full instance pointer;
//! * an error inside a union's alternative becomes the union's own error at the union's
//!   value when it implies the union fails ([`Spec::union`]; the value is shown by reading
//!   it again from the input when the error is taken), and a buffered union none of whose
//!   alternatives takes the value reports its own node's errors on it ([`unmatched`]).
//!
//! Only errors known to be the schema's are reported this way. When they cannot be found
//! (a value the property's schema accepts but the Rust type cannot hold, a property named
//! with an escape, a duplicate key, a JSON syntax error), the error travels as serde's,
//! and the caller falls back to the two-pass path. The record is known by the first bytes
//! of the message of the error that carries it: a marker with a sequence number for an
//! error raised in flight, the failure's own (with its position) for a judged one; a
//! stale record (one a buffered `oneOf` swallowed while trying alternatives) is never
//! reported: its marker differs, and a judged value read from a buffered copy is not
//! found in the input.
//!
//! Outside a session (a plain `serde_json::from_str::<T>`), generated deserializers
//! behave exactly as serde's: nothing is recorded, and errors keep serde's wording.

mod capture;
mod kinds;
mod mapped;
mod marker;
mod seek;

pub use kinds::{Kinds, ARRAY, BOOL, INTEGER, NULL, NUMBER, OBJECT, STRING, UNSIGNED};

use crate::error::{ValidationError, ValidationErrors};
use crate::json::push_token;
use crate::validate::{show_str, Cx, NodeFn, Options};
use capture::{read, Seg};
pub use capture::{ItemMode, OrNull, PlainMode, Read};
pub use mapped::{EitherMode, Mapped, MappedItems, MappedMode};
use marker::{itoa, Head, Marker};
use serde::de::{self, Deserialize, DeserializeSeed, MapAccess};
use serde_json::Value;
use std::cell::{Cell, RefCell};
use std::fmt;
use std::marker::PhantomData;

enum PathSeg {
    Key(&'static str),
    OwnedKey(String),
    Index(usize),
}

struct Pending {
    /// The first bytes of the message of the error that carries this: a marker's, for an
    /// error raised in flight ([`raise`]); the failure's own, for one [`judge`] kept. The
    /// error is known by them (a stale record, one a buffered union swallowed, is not).
    head: Head,
    /// The path from the failing value up to the document root, innermost first.
    up: Vec<PathSeg>,
    /// The innermost and the outermost segment of [`Pending::up`] whose names a read took
    /// ([`judge`]): where each name stands, and the length of `up` once it was pushed. The
    /// value is found again from the first of them whose name stands in the input
    /// ([`seek::Anchor`]), not from the document's start. Not a list: kept on the stack.
    anchors: [Option<((usize, usize), usize)>; 2],
    /// Errors with instance paths relative to the failing value.
    errors: Vec<ValidationError>,
    /// The message pieces of the one error a union's failure stands for, to be joined
    /// with the failing value shown (`validate::show`): the value is read again from the
    /// input, at the error's location, only once the error is taken.
    shown: Option<&'static [&'static str]>,
    /// Raised by [`unmatched`]: the errors of the value's own schema node, at the value.
    whole: bool,
    /// Raised by [`payload`] for a typed payload its own `Deserialize` refused: the schema
    /// node of the payload. When the error is taken, the value at its location is read
    /// again; a scalar this node finds errors in is reported with them (as the untyped
    /// reader reports it in flight), anything else leaves the error to the slow path.
    payload: Option<NodeFn>,
    /// Raised by [`judge`]: the property whose value is checked by its spec's validator
    /// when the error is taken (its errors are the error's).
    recheck: Option<Recheck>,
    /// A [`Pending::recheck`] a union's failure replaced ([`union_failed`]): the union
    /// fails only if that value has errors, so the error stands only then (else the type
    /// was narrower than the schema inside the union, and the slow path decides).
    condition: Option<Recheck>,
}

/// A property's value to check once the error is taken: where its key stands in the
/// input ([`key_at`]) and its spec.
struct Recheck {
    key: (usize, usize),
    spec: Spec,
}

thread_local! {
    static ACTIVE: Cell<u32> = const { Cell::new(0) };
    static OPTIONS: Cell<Options> = const { Cell::new(Options::new()) };
    static SEQ: Cell<u64> = const { Cell::new(0) };
    static PENDING: RefCell<Option<Pending>> = const { RefCell::new(None) };
    static MUTED: Cell<u32> = const { Cell::new(0) };
    static KEY_AT: Cell<(usize, usize)> = const { Cell::new((0, 0)) };
}

/// Records where the property name just read stands: the address and length of its text
/// when it is borrowed from the input (it has no escapes), else nothing. The address is
/// only ever compared with the input's, never read through.
#[inline]
pub(crate) fn key_read(key: Option<&str>) {
    let at = key.map_or((0, 0), |k| (k.as_ptr() as usize, k.len()));
    KEY_AT.with(|c| c.set(at));
}

/// Where the last property name read stands ([`key_read`]).
#[inline]
fn key_at() -> (usize, usize) {
    KEY_AT.with(Cell::get)
}

/// While alive, an error raised in flight stands only for a failure: the value it is
/// raised in is one whose errors are replaced (by its union's) or dropped (for the slow
/// path) on the way up, so no message, pointer or location is built for it.
pub(super) struct Mute(());

impl Mute {
    pub(super) fn new() -> Self {
        MUTED.with(|m| m.set(m.get() + 1));
        Mute(())
    }
}

impl Drop for Mute {
    fn drop(&mut self) {
        MUTED.with(|m| m.set(m.get().saturating_sub(1)));
    }
}

/// What [`capture::read`] notes before a property's value is read, and undoes after: where
/// the property's key stands in the input, and whether errors inside build no words (as
/// [`Mute`] does; a [`Session`] restores the count when it ends, should a read unwind).
#[derive(Clone, Copy)]
struct Reading {
    at: (usize, usize),
    muted: bool,
}

impl Reading {
    /// Notes the read of a value of `spec` (whose errors inside are replaced above it
    /// when [`Spec::replaces_inner`] says so).
    #[inline]
    fn start(spec: &Spec, locates_items: bool) -> Self {
        let at = key_at();
        let muted = spec.replaces_inner(locates_items) && active();
        if muted {
            MUTED.with(|m| m.set(m.get() + 1));
        }
        Reading { at, muted }
    }

    /// The value was read.
    #[inline]
    fn end(self) {
        if self.muted {
            MUTED.with(|m| m.set(m.get().saturating_sub(1)));
        }
    }

    /// The read failed with `error`: judged at the property `seg` ([`judge`]).
    #[cold]
    #[inline(never)]
    fn failed(self, spec: &Spec, locates_items: bool, seg: Seg<'_>, error: &dyn fmt::Display) {
        self.end();
        judge(spec, locates_items, seg, self.at, error);
    }
}

fn muted() -> bool {
    MUTED.with(|m| m.get() > 0)
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
    /// The mute count at the start, restored at the end.
    muted: u32,
}

impl Session {
    /// Starts a session with `options`.
    pub fn start(options: &Options) -> Session {
        let outer = OPTIONS.with(|o| o.replace(*options));
        ACTIVE.with(|a| a.set(a.get() + 1));
        clear_pending();
        let muted = MUTED.with(Cell::get);
        Session { outer, muted }
    }

    /// The schema errors `error` (the failure of a parse run in this session on
    /// `input`) stands for, with their full instance pointers; `None` when it is not one
    /// the generated code reported in flight (the caller then validates the document the
    /// slow way).
    pub fn take(&self, error: &serde_json::Error, input: &str) -> Option<ValidationErrors> {
        if error.classify() != serde_json::error::Category::Data {
            return None;
        }
        let pending = PENDING.with(|p| p.borrow_mut().take())?;
        // serde_json's message is the custom message, then " at line L column C": only
        // its start is read.
        if !Head::of(error).bytes().starts_with(pending.head.bytes()) {
            return None;
        }
        let mut prefix = String::new();
        for seg in pending.up.iter().rev() {
            match seg {
                PathSeg::Key(k) => push_token(&mut prefix, k),
                PathSeg::OwnedKey(k) => push_token(&mut prefix, k),
                PathSeg::Index(i) => push_token(&mut prefix, itoa(*i, &mut [0; 20])),
            }
        }
        let mut errors = pending.errors;
        if let Some(condition) = pending.condition {
            let (_, value) = seek::value_after_key(input, condition.key)?;
            if accepts(&value, condition.spec.node) {
                return None;
            }
        }
        if let Some(recheck) = pending.recheck {
            // A property's value, checked by its spec's validator.
            let (_, value) = seek::value_after_key(input, recheck.key)?;
            match check(&value, recheck.spec.node) {
                Some(found) => errors = found,
                // The schema accepts it: the type is narrower than the schema there.
                None => return None,
            }
        }
        // The anchors, by their index in the path outermost first.
        let anchors = pending
            .anchors
            .map(|a| a.map(|(key, depth)| (key, pending.up.len().saturating_sub(depth))));
        if let Some(node) = pending.payload {
            // A typed payload refused by its own type: a scalar the schema refuses too.
            let at: Vec<&PathSeg> = pending.up.iter().rev().collect();
            let value = seek::scalar_at(input, &at, &anchors)?;
            errors = check(&value, node)?;
        }
        if let Some(pieces) = pending.shown {
            // A union failed as a whole at this location: its message shows the value.
            let at: Vec<&PathSeg> = pending.up.iter().rev().collect();
            let shown = seek::shown_at(input, &at, &anchors)?;
            let first = errors.first_mut()?;
            first.message = pieces.join(&shown);
        }
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
        clear_pending();
        MUTED.with(|m| m.set(self.muted));
    }
}

/// Drops the pending record, if any. Not `take()`: moving the whole `Option<Pending>` out
/// costs a copy of it at the start and end of every session, though it is mostly `None`.
#[inline]
fn clear_pending() {
    PENDING.with(|p| {
        let mut p = p.borrow_mut();
        if p.is_some() {
            *p = None;
        }
    });
}

/// Records `errors` (relative to the value being deserialized) and returns the serde
/// error that carries them up.
fn raise<E: de::Error>(errors: Vec<ValidationError>) -> E {
    E::custom(set_pending_raised(errors))
}

/// [`raise`]'s record: the marker the error's message must start with.
fn set_pending_raised(errors: Vec<ValidationError>) -> Marker {
    let seq = SEQ.with(|s| {
        let n = s.get().wrapping_add(1);
        s.set(n);
        n
    });
    let marker = Marker(seq);
    set_pending(Head::of(&marker), errors);
    marker
}

/// Sets the pending record: `errors`, for the error whose message starts with `head`.
fn set_pending(head: Head, errors: Vec<ValidationError>) {
    PENDING.with(|p| {
        *p.borrow_mut() = Some(Pending {
            head,
            up: Vec::new(),
            anchors: [None; 2],
            errors,
            shown: None,
            whole: false,
            payload: None,
            recheck: None,
            condition: None,
        })
    });
}

/// A value the schema accepts that its Rust type could not take, noted while a rejected
/// document is read again to locate it ([`Locating`]).
pub(crate) struct Narrowed {
    /// The schema location to report ([`Spec::narrow`]).
    pub(crate) at: &'static str,
    /// The value, when it is a scalar (to tell a stale note from the failure's).
    pub(crate) value: Option<Value>,
    /// Whether the type is a whole-schema mapping ([`Spec::mapped`]).
    pub(crate) mapped: bool,
    /// The spec's validator ([`Spec::node`]): a mapped format's parse is in it.
    pub(crate) node: NodeFn,
    /// The value's pointer, when it was found from the property that failed (the error's
    /// position may be past the value: a union decoded from a buffered copy fails once
    /// the enclosing object is read).
    pub(crate) pointer: Option<String>,
}

thread_local! {
    static LOCATING: Cell<bool> = const { Cell::new(false) };
    static NARROWED: RefCell<Option<Narrowed>> = const { RefCell::new(None) };
    static NOTES: Cell<u64> = const { Cell::new(0) };
    static FAILED_AT: RefCell<Vec<Failed>> = const { RefCell::new(Vec::new()) };
}

/// A [`Session`] for reading again a document the schema accepts but the type refused:
/// besides the errors raised in flight (a mapped format's parse), a value that fits the
/// schema but not its Rust type is noted with its spec's [`Spec::narrow`] location.
pub(crate) struct Locating {
    session: Session,
}

impl Locating {
    /// Starts locating, with `options`.
    pub(crate) fn start(options: &Options) -> Self {
        LOCATING.with(|l| l.set(true));
        NARROWED.with(|n| n.borrow_mut().take());
        FAILED_AT.with(|f| f.borrow_mut().clear());
        Locating {
            session: Session::start(options),
        }
    }

    /// The schema errors `error` stands for: those raised in flight ([`Session::take`]),
    /// else those a property the type refused has by its spec's validator, which holds
    /// the parse of a format-mapped type ([`judged`]).
    pub(crate) fn take(&self, error: &serde_json::Error, input: &str) -> Option<ValidationErrors> {
        if let Some(errors) = self.session.take(error, input) {
            return Some(errors);
        }
        FAILED_AT.with(|f| judged(input, &f.borrow()))
    }

    /// The value noted as narrowed for the failure `error` of the read of `input`, if
    /// any: found from the properties it failed ([`note_innermost`]), else the last
    /// value noted.
    pub(crate) fn narrowed(&self, input: &str, error: &serde_json::Error) -> Option<Narrowed> {
        let failed = FAILED_AT.with(|f| std::mem::take(&mut *f.borrow_mut()));
        note_innermost(input, error, &failed);
        NARROWED.with(|n| n.borrow_mut().take())
    }
}

impl Drop for Locating {
    fn drop(&mut self) {
        LOCATING.with(|l| l.set(false));
        NARROWED.with(|n| n.borrow_mut().take());
        FAILED_AT.with(|f| f.borrow_mut().clear());
    }
}

/// Whether a [`Locating`] read is running on this thread.
fn locating() -> bool {
    LOCATING.with(Cell::get)
}

/// Notes, while [`Locating`], that the value read with `spec` (`value`, when a scalar)
/// fits the schema but not the Rust type. The last note wins: the failure that ends the
/// parse is the last one read. A scalar is noted when it is a number (what [`Spec::narrow`]
/// locates); a string a mapped format's parse refuses inside a union is not.
fn note(spec: &Spec, value: Option<Value>) {
    if locating() && (spec.mapped || value.as_ref().is_some_and(Value::is_number)) {
        set_narrowed(spec, value);
    }
}

/// Notes, while [`Locating`], that a value of a typed map (whose values' spec is `spec`)
/// failed with nothing read within it noted: the map's own deserializer read it.
fn note_value(spec: &Spec) {
    if locating() {
        set_narrowed(spec, None);
    }
}

/// Sets the narrowed value of a [`Locating`] read (a value the schema accepts but the Rust
/// type could not take), at the place the read is in.
fn set_narrowed(spec: &Spec, value: Option<Value>) {
    set_narrowed_at(spec, value, None);
}

/// [`set_narrowed`] at `pointer`, when the value's place is known from the text.
fn set_narrowed_at(spec: &Spec, value: Option<Value>, pointer: Option<String>) {
    NOTES.with(|n| n.set(n.get().wrapping_add(1)));
    NARROWED.with(|n| {
        *n.borrow_mut() = Some(Narrowed {
            at: spec.narrow,
            value,
            mapped: spec.mapped,
            node: spec.node,
            pointer,
        })
    });
}

/// How many notes this thread has made: a read compares it before and after.
fn notes() -> u64 {
    NOTES.with(Cell::get)
}

/// The errors `node` finds in `value`, if any.
fn check(value: &Value, node: NodeFn) -> Option<Vec<ValidationError>> {
    if muted() {
        // Only the verdict is wanted (see `Mute`).
        return (!accepts(value, node)).then(Vec::new);
    }
    let mut cx = Cx::new(OPTIONS.with(Cell::get));
    node(value, &mut cx);
    cx.finish().err().map(|errors| errors.into_iter().collect())
}

/// Whether `node` accepts `value`: the verdict alone, no error worded.
fn accepts(value: &Value, node: NodeFn) -> bool {
    Cx::new(OPTIONS.with(Cell::get)).speculate(|cx| node(value, cx))
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
    clear_pending();
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

/// Whether the error being raised is [`unmatched`]'s, raised at the value just read.
fn raised_whole() -> bool {
    PENDING.with(|p| {
        p.borrow()
            .as_ref()
            .is_some_and(|pending| pending.whole && pending.up.is_empty())
    })
}

/// An error raised inside a value stands for its union's failure (`rule`), at the value:
/// the error recorded so far is replaced by the union's, located at the value.
fn union_failed(rule: &'static Rule) {
    PENDING.with(|p| {
        if let Some(pending) = p.borrow_mut().as_mut() {
            pending.up.clear();
            pending.anchors = [None; 2];
            pending.errors = vec![ValidationError::new(
                "",
                rule.keyword,
                rule.schema_path,
                String::new(),
            )];
            pending.shown = Some(rule.message);
            pending.payload = None;
            if let Some(recheck) = pending.recheck.take() {
                pending.condition = Some(recheck);
            }
        }
    });
}

fn up(seg: PathSeg) {
    PENDING.with(|p| {
        if let Some(pending) = p.borrow_mut().as_mut() {
            pending.up.push(seg);
        }
    });
}

/// [`up`] through the property whose name a read took at `key` (an anchor the value may
/// be found again from, [`Pending::anchors`]).
fn up_through(seg: PathSeg, key: (usize, usize)) {
    PENDING.with(|p| {
        if let Some(pending) = p.borrow_mut().as_mut() {
            pending.up.push(seg);
            let anchor = Some((key, pending.up.len()));
            match &mut pending.anchors {
                [inner @ None, _] => *inner = anchor,
                [Some(_), outer] => *outer = anchor,
            }
        }
    });
}

/// What the failure `error` of reading a property (`seg`, whose key stands at `key` in
/// the input) with `spec` means, within a session; the marker of the error to raise
/// instead, if any. Compiled once (not per type), and only reached on failure.
///
/// * An error raised in flight inside the value stands when it is the schema's as it is
///   ([`Spec::direct`]) and its location is whole: not from inside an array's item (an
///   array read by its own deserializer adds no index) unless the reader located it
///   (`locates_items`). Under a union whose failure it implies ([`Spec::union`]), it
///   becomes that failure, at the value.
/// * Any other failure (serde's own: a kind or a number the type cannot take; an error
///   raised deep in an array) is judged by the property's own validator: the value is
///   found again in the input and checked when the error is taken ([`Session::take`]). If
///   the schema accepts it, the type is narrower than the schema there, and the caller
///   takes the slow path.
///
/// While [`Locating`] (the schema accepts the document), serde's error stands, and the
/// innermost property it fails is noted ([`failed_at`]): its spec names where the schema
/// allows what the type refused.
#[cold]
#[inline(never)]
fn judge(
    spec: &Spec,
    locates_items: bool,
    seg: Seg<'_>,
    key: (usize, usize),
    error: &dyn fmt::Display,
) {
    if !active() {
        return;
    }
    // The message's first bytes, on the stack: all that tells a failure apart.
    let head = Head::of(error);
    if not_data(head.bytes()) {
        // The text is not JSON, or nests too deep: no schema judges that.
        return;
    }
    let seg = match seg {
        Seg::Key(k) => PathSeg::Key(k),
        Seg::Owned(k) => PathSeg::OwnedKey(k.to_owned()),
    };
    if is_raised(head.bytes()) {
        if let Some(rule) = spec.union {
            union_failed(rule);
            up_through(seg, key);
            return;
        }
        let whole = (spec.direct || spec.whole && raised_whole())
            && (spec.kinds & kinds::ARRAY == 0 || locates_items);
        if whole || locating() {
            up_through(seg, key);
            return;
        }
    } else if locating() {
        // serde's error stands (its position locates the value); the property is noted.
        failed_at(spec, &seg, key, error.to_string());
        return;
    }
    // The error goes on as it is (it already has its position): the record is known by
    // its message.
    set_pending(head, Vec::new());
    PENDING.with(|p| {
        if let Some(pending) = p.borrow_mut().as_mut() {
            pending.recheck = Some(Recheck { key, spec: *spec });
        }
    });
    up_through(seg, key);
}

/// A property whose read failed while [`Locating`] ([`failed_at`]).
struct Failed {
    /// Where its key stands, and its spec.
    at: Recheck,
    /// Its name (to find it inside a buffered copy's value, whose key is not in the input).
    name: String,
    /// The failure's message (an enclosing property failing with the same is not noted).
    error: String,
}

/// Notes, while [`Locating`], that reading the property `seg`, whose key stands at `key`,
/// with `spec` failed with `error`; an enclosing property that the same error unwinds
/// through is not noted again.
fn failed_at(spec: &Spec, seg: &PathSeg, key: (usize, usize), text: String) {
    let name = match seg {
        PathSeg::Key(k) => (*k).to_owned(),
        PathSeg::OwnedKey(k) => k.clone(),
        PathSeg::Index(_) => return,
    };
    FAILED_AT.with(|f| {
        let mut f = f.borrow_mut();
        if f.last().is_none_or(|last| last.error != text) {
            f.push(Failed {
                at: Recheck { key, spec: *spec },
                name,
                error: text,
            });
        }
    });
}

/// The errors of the properties that failed while [`Locating`] (the outermost first), by
/// their specs' validators: a format-mapped type's parse is in them, which the schema's
/// own validation does not assert when formats are not asserted. Only a property whose
/// name stands in the input is checked (one read from a buffered copy is not found).
fn judged(input: &str, failed: &[Failed]) -> Option<ValidationErrors> {
    for f in failed.iter().rev() {
        let Some((start, value)) = seek::value_after_key(input, f.at.key) else {
            continue;
        };
        if let Some(mut errors) = check(&value, f.at.spec.node) {
            let at = crate::__private::pointer_at::pointer_of_byte(input, start);
            for e in &mut errors {
                e.instance_path.insert_str(0, &at);
            }
            return (!errors.is_empty()).then(|| ValidationErrors::from(errors));
        }
    }
    None
}

/// Notes the value the schema accepts but the type refused, from the properties the
/// failure `error` went through ([`failed_at`], innermost first). The innermost one whose
/// name stands in the input is the failure's (a read of the input that fails is never
/// resumed): when `error`'s position is inside its value, the value there, reached
/// through the items' specs (an array's, a map's values); otherwise the failure came
/// after the value was read (a union decoded from a buffered copy), and a property read
/// inside the copy before is found in the value by its name.
fn note_innermost(input: &str, error: &serde_json::Error, failed: &[Failed]) {
    let Some((index, start)) = failed
        .iter()
        .enumerate()
        .find_map(|(i, f)| seek::value_after_key(input, f.at.key).map(|(start, _)| (i, start)))
    else {
        return;
    };
    let Ok(doc) = serde_json::from_str::<Value>(input) else {
        return;
    };
    let outer = crate::__private::pointer_at::pointer_of_byte(input, start);
    let at = crate::__private::pointer_at::pointer_at(input, error.line(), error.column());
    let mut spec = &failed[index].at.spec;
    let mut pointer = outer.clone();
    match at.strip_prefix(outer.as_str()) {
        Some(below) if below.is_empty() || below.starts_with('/') => {
            // Down from the property's value to the failing one, through the items' specs.
            for _ in 0..below.matches('/').count() {
                match spec.items {
                    Some(items) => spec = items,
                    None => return,
                }
            }
            pointer = at;
        }
        _ => {
            let inside = doc.pointer(&outer);
            let found = failed[..index].iter().rev().find_map(|f| {
                let named = |name: Option<&str>, _: &Value| name == Some(f.name.as_str());
                let rel = crate::__private::de::find_unique(inside?, named)?;
                Some((f, rel))
            });
            if let Some((f, rel)) = found {
                spec = &f.at.spec;
                pointer.push_str(&rel);
            }
        }
    }
    let value = doc.pointer(&pointer).cloned();
    set_narrowed_at(spec, value, Some(pointer));
}

/// Whether the error whose message starts with `head` is the one the pending record is
/// for ([`Pending::head`]).
fn is_raised(head: &[u8]) -> bool {
    PENDING.with(|p| {
        p.borrow()
            .as_ref()
            .is_some_and(|pending| head.starts_with(pending.head.bytes()))
    })
}

/// Whether the error whose message starts with `head` is one of `serde_json`'s about the
/// text itself (its syntax, its end, its nesting), not about the value read: the messages
/// of its `Syntax` and `Eof` categories. A value's own deserializer can only raise `Data`
/// errors, and `de::Error` gives no category, so the message tells them apart.
fn not_data(head: &[u8]) -> bool {
    const SYNTAX: [&str; 20] = [
        "EOF while parsing",
        "expected `:`",
        "expected `,` or `]`",
        "expected `,` or `}`",
        "expected ident",
        "expected value",
        "expected `\"`",
        "invalid escape",
        "invalid number",
        "number out of range",
        "invalid unicode code point",
        "control character (\\u0000-\\u001F) found while parsing a string",
        "key must be a string",
        "invalid value: expected key to be a number in quotes",
        "float key must be finite",
        "lone leading surrogate in hex escape",
        "trailing comma",
        "trailing characters",
        "unexpected end of hex escape",
        "recursion limit exceeded",
    ];
    SYNTAX.iter().any(|m| head.starts_with(m.as_bytes()))
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

/// How a value is checked in flight: the validator of its schema node, the JSON kinds its
/// Rust type holds, whether errors raised inside it (by nested generated types) are the
/// schema's (`false` under `oneOf`, `anyOf`, `not` or `if`), and the same for the items
/// of an array.
#[derive(Clone, Copy)]
pub struct Spec {
    /// The `Value` validator of the value's schema node.
    pub node: NodeFn,
    /// The JSON kinds the Rust type holds (with [`ARRAY`], an error raised inside the
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
    /// ([`MappedItems`]).
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

    /// Whether errors raised inside a value with this spec are replaced where it is read
    /// ([`judge`]): under a union, when they are not the schema's as they stand, or inside
    /// an array's items when its reader does not locate them (`locates_items`).
    #[inline]
    fn replaces_inner(&self, locates_items: bool) -> bool {
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
    read(map, PhantomData::<T>, spec, capture::Seg::Key(key))
}

/// [`value`] for an undeclared property (`additionalProperties: {…}`), named at run time.
#[inline]
pub fn extra_value<'de, A, T>(map: &mut A, key: &str, spec: &Spec) -> Result<T, A::Error>
where
    A: MapAccess<'de>,
    T: Deserialize<'de>,
{
    read(map, PhantomData::<T>, spec, capture::Seg::Owned(key))
}

/// [`value`], [`nullable`] or [`extra_value`] with the reader `how` generated code
/// names: [`Mapped`] for a whole-schema mapped type, [`MappedItems`] for an array of them.
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
    read(map, how, spec, capture::Seg::Owned(key))
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
    read(map, OrNull::<T>::new(), spec, capture::Seg::Key(key))
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
        read(map, how, spec, capture::Seg::Key(key))
    } else {
        opaque(map.next_value_seed(Own(how)))
    }
}

/// A [`Read`] as its type's own deserializer reads the value (`null` included).
struct Own<S>(S);

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
/// the slow path.
pub fn payload<'de, A, S>(
    map: &mut A,
    seed: S,
    key: &'static str,
    node: NodeFn,
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
    if let Some(v) = held.filter(|v| !v.is_array() && !v.is_object()) {
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
fn refused_payload<T: 'static, E: de::Error>(e: E, key: &'static str, node: NodeFn) -> E {
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
/// [`value`] checks it. `how` is `PhantomData::<T>` for a `T`, or [`OrNull`] for a
/// property whose value may be `null` (held as `Option<T>`, as [`nullable`] reads it).
#[inline]
pub fn field<'de, A, S>(
    map: &mut A,
    slot: &mut Option<S::Value>,
    how: S,
    key: &'static str,
    spec: &Spec,
) -> Result<(), A::Error>
where
    A: MapAccess<'de>,
    S: Read<'de>,
{
    crate::__private::de::once(slot, key)?;
    *slot = Some(read(map, how, spec, capture::Seg::Key(key))?);
    Ok(())
}

/// [`field`] for a value read by its own deserializer (`how` is `PhantomData`).
#[inline]
pub fn plain<'de, A, T>(
    map: &mut A,
    slot: &mut Option<T>,
    key: &'static str,
    spec: &Spec,
) -> Result<(), A::Error>
where
    A: MapAccess<'de>,
    T: serde::Deserialize<'de>,
{
    field(map, slot, PhantomData, key, spec)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serde_json_errors_about_the_text_are_not_data() {
        let not_json = [
            "[1, 2",
            "{\"a\" 1}",
            "[1 2]",
            "{\"a\": 1 \"b\"}",
            "tru",
            "[,]",
            "\"\\x\"",
            "-",
            "1e999",
            "\"\\uD800\\u0041\"",
            "\"\u{1}\"",
            "{1: 2}",
            "[1,]",
            "1 2",
            "\"\\u12\"",
            "\"\\uDC00\"",
        ];
        for text in not_json {
            let error = serde_json::from_str::<Value>(text).expect_err(text);
            assert!(
                !matches!(error.classify(), serde_json::error::Category::Data),
                "{text}"
            );
            assert!(not_data(Head::of(&error).bytes()), "{text}: {error}");
        }
        let deep = "[".repeat(200) + &"]".repeat(200);
        let error = serde_json::from_str::<Value>(&deep).expect_err("too deep");
        assert!(not_data(Head::of(&error).bytes()), "{error}");
        // A value's own refusals are data, whatever their wording.
        for (text, error) in [
            ("\"x\"", serde_json::from_str::<bool>("\"x\"").map(|_| ())),
            ("-1", serde_json::from_str::<u8>("-1").map(|_| ())),
            ("[1]", serde_json::from_str::<(u8, u8)>("[1]").map(|_| ())),
        ] {
            let error = error.expect_err(text);
            assert!(matches!(
                error.classify(),
                serde_json::error::Category::Data
            ));
            assert!(!not_data(Head::of(&error).bytes()), "{text}: {error}");
        }
    }
}
