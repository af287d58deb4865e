//! The thread's in-flight state: whether a session is on, the pending record of the
//! error being raised, the mute count, where the last key stands, and, while a
//! document is read again to locate a narrowed value, the notes of that read.

use super::{seek, Spec};
use crate::error::{ValidationError, ValidationErrors};
use crate::json::push_token;
use crate::validate::{Cx, NodeFn, Options};
use serde::de;
use serde_json::Value;
use std::cell::{Cell, RefCell};

pub(super) enum PathSeg {
    Key(&'static str),
    OwnedKey(String),
    Index(usize),
}

/// The record of the schema error being raised or unwound. It exists only while that
/// error unwinds: it is set when the error is raised (or a failure judged), and dropped
/// when the session takes it, when a read swallows the error ([`swallowed`]) or when the
/// error stops being the schema's ([`forget`]). So an error is known by the record
/// alone, never by its message.
pub(super) struct Pending {
    /// The path from the failing value up to the document root, innermost first.
    pub(super) up: Vec<PathSeg>,
    /// The innermost and the outermost segment of [`Pending::up`] whose names a read took
    /// ([`judge`]): where each name stands, and the length of `up` once it was pushed. The
    /// value is found again from the first of them whose name stands in the input
    /// ([`seek::Anchor`]), not from the document's start. Not a list: kept on the stack.
    pub(super) anchors: [Option<((usize, usize), usize)>; 2],
    /// Errors with instance paths relative to the failing value.
    pub(super) errors: Vec<ValidationError>,
    /// The message pieces of the one error a union's failure stands for, to be joined
    /// with the failing value shown (`validate::show`): the value is read again from the
    /// input, at the error's location, only once the error is taken.
    pub(super) shown: Option<&'static [&'static str]>,
    /// Raised by [`unmatched`]: the errors of the value's own schema node, at the value.
    pub(super) whole: bool,
    /// Raised by [`payload`] for a typed payload its own `Deserialize` refused: the schema
    /// node of the payload. When the error is taken, the value at its location is read
    /// again; a scalar this node finds errors in is reported with them (as the untyped
    /// reader reports it in flight), anything else leaves the error to the slow path.
    pub(super) payload: Option<NodeFn>,
    /// Raised by [`judge`]: the property whose value is checked by its spec's validator
    /// when the error is taken (its errors are the error's).
    pub(super) recheck: Option<Recheck>,
    /// A [`Pending::recheck`] a union's failure replaced ([`union_failed`]): the union
    /// fails only if that value has errors, so the error stands only then (else the type
    /// was narrower than the schema inside the union, and the slow path decides).
    pub(super) condition: Option<Recheck>,
}

/// A property's value to check once the error is taken: where its key stands in the
/// input ([`key_at`]) and its spec.
pub(super) struct Recheck {
    pub(super) key: (usize, usize),
    pub(super) spec: Spec,
}

thread_local! {
    pub(super) static ACTIVE: Cell<u32> = const { Cell::new(0) };
    pub(super) static OPTIONS: Cell<Options> = const { Cell::new(Options::new()) };
    pub(super) static PENDING: RefCell<Option<Pending>> = const { RefCell::new(None) };
    pub(super) static MUTED: Cell<u32> = const { Cell::new(0) };
    pub(super) static KEY_AT: Cell<(usize, usize)> = const { Cell::new((0, 0)) };
    /// While a [`super::Locating`] read runs: whether the failure unwinding now was noted
    /// (`locate::failed_at`) at its innermost property, so that the properties it unwinds
    /// through are not noted again.
    pub(super) static NOTED: Cell<bool> = const { Cell::new(false) };
    /// Whether a read of the session refused a string (`text.rs`): its typed check then
    /// runs after the parse.
    pub(super) static REFUSED_TEXT: Cell<bool> = const { Cell::new(false) };
}

/// A read refused a string its rule refuses ([`super::Text`]): the typed check runs after
/// the parse ([`Session::refused_text`]).
#[cold]
#[inline(never)]
pub(super) fn refuse_text() {
    REFUSED_TEXT.with(|r| r.set(true));
}

/// A new failure starts unwinding: the one before was swallowed, or replaced by another
/// error built from it (whose record, if any, goes on with it). A [`super::Locating`] read
/// notes the new failure's innermost property.
pub(crate) fn new_failure() {
    NOTED.with(|n| n.set(false));
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
pub(super) fn key_at() -> (usize, usize) {
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

pub(super) fn muted() -> bool {
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
    /// Whether the enclosing session's reads had refused a string, restored at the end.
    refused_text: bool,
}

impl Session {
    /// Starts a session with `options`.
    pub fn start(options: &Options) -> Session {
        let outer = OPTIONS.with(|o| o.replace(*options));
        ACTIVE.with(|a| a.set(a.get() + 1));
        clear_pending();
        let muted = MUTED.with(Cell::get);
        let refused_text = REFUSED_TEXT.with(|r| r.replace(false));
        Session {
            outer,
            muted,
            refused_text,
        }
    }

    /// Whether a read of this session refused a string its schema's `pattern` or length
    /// refuses (`inflight::Text`), which only the typed check after the parse reports.
    #[inline]
    pub fn refused_text(&self) -> bool {
        REFUSED_TEXT.with(Cell::get)
    }

    /// The schema errors `error` (the failure of a parse run in this session on
    /// `input`) stands for, with their full instance pointers; `None` when it is not one
    /// the generated code reported in flight (the caller then validates the document the
    /// slow way).
    pub fn take(&self, error: &serde_json::Error, input: &str) -> Option<ValidationErrors> {
        if error.classify() != serde_json::error::Category::Data {
            return None;
        }
        // The record is the error's: one exists only while the error it describes
        // unwinds (every read that swallows an error drops it, see `swallowed`).
        let pending = PENDING.with(|p| p.borrow_mut().take())?;
        let mut prefix = String::new();
        for seg in pending.up.iter().rev() {
            match seg {
                PathSeg::Key(k) => push_token(&mut prefix, k),
                PathSeg::OwnedKey(k) => push_token(&mut prefix, k),
                PathSeg::Index(i) => push_token(&mut prefix, &i.to_string()),
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
        REFUSED_TEXT.with(|r| r.set(self.refused_text));
    }
}

/// Drops the pending record, if any. Not `take()`: moving the whole `Option<Pending>` out
/// costs a copy of it at the start and end of every session, though it is mostly `None`.
#[inline]
pub(super) fn clear_pending() {
    PENDING.with(|p| {
        let mut p = p.borrow_mut();
        if p.is_some() {
            *p = None;
        }
    });
}

/// The message of an error raised in flight. Nothing reads it: the error is known by
/// the pending record that describes it ([`Pending`]), not by its words. It is seen only
/// if a caller other than the session's parse catches the error.
pub(super) const RAISED: &str = "a schema error, reported by the in-flight session";

/// Records `errors` (relative to the value being deserialized) and returns the serde
/// error that carries them up.
pub(super) fn raise<E: de::Error>(errors: Vec<ValidationError>) -> E {
    set_pending(errors);
    E::custom(RAISED)
}

/// Sets the pending record: `errors`, for the error about to be raised or being unwound.
pub(super) fn set_pending(errors: Vec<ValidationError>) {
    PENDING.with(|p| {
        *p.borrow_mut() = Some(Pending {
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

/// The errors `node` finds in `value`, if any.
pub(super) fn check(value: &Value, node: NodeFn) -> Option<Vec<ValidationError>> {
    if muted() {
        // Only the verdict is wanted (see `Mute`).
        return (!accepts(value, node)).then(Vec::new);
    }
    let mut cx = Cx::new(OPTIONS.with(Cell::get));
    node(value, &mut cx);
    cx.finish().err().map(|errors| errors.into_iter().collect())
}

/// Whether `node` accepts `value`: the verdict alone, no error worded.
pub(super) fn accepts(value: &Value, node: NodeFn) -> bool {
    Cx::new(OPTIONS.with(Cell::get)).speculate(|cx| node(value, cx))
}

/// The error being unwound (if any) is not the schema's as it stands: its record is
/// dropped, and the error goes on as serde's.
pub(super) fn forget() {
    clear_pending();
}

/// The error of a read was swallowed (a buffered union's alternative that did not take
/// the value; a hand-written type that read its value, maybe trying generated types
/// first): its record, if any, is dropped, so that a record exists only while the
/// error it describes unwinds, which is how [`Session::take`] and `judge` know it.
#[inline]
pub fn swallowed() {
    clear_pending();
    new_failure();
}
