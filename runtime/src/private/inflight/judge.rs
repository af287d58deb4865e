//! What a failed read means: a failure is judged where its property was read, and the
//! error is carried up, gaining its location, to [`super::Session::take`].

use super::capture::Seg;
use super::locate::failed_at;
use super::session::{key_at, MUTED};
use super::{active, kinds, locating, set_pending, PathSeg, Recheck, Rule, Spec, PENDING};
use crate::error::ValidationError;

/// What [`capture::read`] notes before a property's value is read, and undoes after: where
/// the property's key stands in the input, and whether errors inside build no words (as
/// [`Mute`] does; a [`Session`] restores the count when it ends, should a read unwind).
#[derive(Clone, Copy)]
pub(super) struct Reading {
    at: (usize, usize),
    muted: bool,
}

impl Reading {
    /// Notes the read of a value of `spec` (whose errors inside are replaced above it
    /// when [`Spec::replaces_inner`] says so).
    #[inline]
    pub(super) fn start(spec: &Spec, locates_items: bool) -> Self {
        let at = key_at();
        let muted = spec.replaces_inner(locates_items) && active();
        if muted {
            MUTED.with(|m| m.set(m.get() + 1));
        }
        Reading { at, muted }
    }

    /// The value was read.
    #[inline]
    pub(super) fn end(self) {
        if self.muted {
            MUTED.with(|m| m.set(m.get().saturating_sub(1)));
        }
    }

    /// The read failed: judged at the property `seg` ([`judge`]).
    #[cold]
    #[inline(never)]
    pub(super) fn failed(self, spec: &Spec, locates_items: bool, seg: Seg<'_>) {
        self.end();
        judge(spec, locates_items, seg, self.at);
    }
}

/// Whether the error being raised is [`unmatched`]'s, raised at the value just read.
pub(super) fn raised_whole() -> bool {
    PENDING.with(|p| {
        p.borrow()
            .as_ref()
            .is_some_and(|pending| pending.whole && pending.up.is_empty())
    })
}

/// An error raised inside a value stands for its union's failure (`rule`), at the value:
/// the error recorded so far is replaced by the union's, located at the value.
pub(super) fn union_failed(rule: &'static Rule) {
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

pub(super) fn up(seg: PathSeg) {
    PENDING.with(|p| {
        if let Some(pending) = p.borrow_mut().as_mut() {
            pending.up.push(seg);
        }
    });
}

/// [`up`] through the property whose name a read took at `key` (an anchor the value may
/// be found again from, [`Pending::anchors`]).
pub(super) fn up_through(seg: PathSeg, key: (usize, usize)) {
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

/// What the failure of reading a property (`seg`, whose key stands at `key` in
/// the input) with `spec` means, within a session, recorded for [`Session::take`].
/// Compiled once (not per type), and only reached on failure.
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
pub(super) fn judge(spec: &Spec, locates_items: bool, seg: Seg<'_>, key: (usize, usize)) {
    if !active() {
        return;
    }
    // A failure about the text itself (not JSON, nesting too deep) is judged as any
    // other: what is recorded for it is never taken, since [`Session::take`] takes only
    // serde_json's `Data` errors (`Error::classify`), and the document then goes the slow
    // way, whose parse reports the broken text.
    let seg = match seg {
        Seg::Key(k) => PathSeg::Key(k),
        Seg::Owned(k) => PathSeg::OwnedKey(k.to_owned()),
    };
    if is_raised() {
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
        failed_at(spec, &seg, key);
        return;
    }
    // The error goes on as it is (it already has its position), with a record.
    set_pending(Vec::new());
    PENDING.with(|p| {
        if let Some(pending) = p.borrow_mut().as_mut() {
            pending.recheck = Some(Recheck { key, spec: *spec });
        }
    });
    up_through(seg, key);
}

/// Whether the failure being judged is one a record describes: raised in flight, or
/// judged already below (a record exists only while its error unwinds, see
/// [`super::session::Pending`]).
pub(super) fn is_raised() -> bool {
    PENDING.with(|p| p.borrow().is_some())
}
