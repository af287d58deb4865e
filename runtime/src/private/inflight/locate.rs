//! Reading again a document the schema accepts but the type refused ([`Locating`]): the
//! value that fits the schema but not its Rust type is noted, from the properties whose
//! reads failed, with the schema location its spec names.

use super::session::{new_failure, Recheck, NOTED};
use super::{check, seek, PathSeg, Session, Spec};
use crate::error::ValidationErrors;
use crate::validate::{NodeFn, Options};
use serde_json::Value;
use std::cell::{Cell, RefCell};

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
    pub(super) static LOCATING: Cell<bool> = const { Cell::new(false) };
    pub(super) static NARROWED: RefCell<Option<Narrowed>> = const { RefCell::new(None) };
    pub(super) static NOTES: Cell<u64> = const { Cell::new(0) };
    pub(super) static FAILED_AT: RefCell<Vec<Failed>> = const { RefCell::new(Vec::new()) };
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
        new_failure();
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
        new_failure();
    }
}

/// Whether a [`Locating`] read is running on this thread.
pub(super) fn locating() -> bool {
    LOCATING.with(Cell::get)
}

/// Notes, while [`Locating`], that the value read with `spec` (`value`, when a scalar)
/// fits the schema but not the Rust type. The last note wins: the failure that ends the
/// parse is the last one read. A scalar is noted when it is a number (what [`Spec::narrow`]
/// locates); a string a mapped format's parse refuses inside a union is not.
pub(super) fn note(spec: &Spec, value: Option<Value>) {
    if locating() && (spec.mapped || value.as_ref().is_some_and(Value::is_number)) {
        set_narrowed(spec, value);
    }
}

/// Notes, while [`Locating`], that a value of a typed map (whose values' spec is `spec`)
/// failed with nothing read within it noted: the map's own deserializer read it.
pub(super) fn note_value(spec: &Spec) {
    if locating() {
        set_narrowed(spec, None);
    }
}

/// Sets the narrowed value of a [`Locating`] read (a value the schema accepts but the Rust
/// type could not take), at the place the read is in.
pub(super) fn set_narrowed(spec: &Spec, value: Option<Value>) {
    set_narrowed_at(spec, value, None);
}

/// [`set_narrowed`] at `pointer`, when the value's place is known from the text.
pub(super) fn set_narrowed_at(spec: &Spec, value: Option<Value>, pointer: Option<String>) {
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
pub(super) fn notes() -> u64 {
    NOTES.with(Cell::get)
}

/// A property whose read failed while [`Locating`] ([`failed_at`]).
pub(super) struct Failed {
    /// Where its key stands, and its spec.
    at: Recheck,
    /// Its name (to find it inside a buffered copy's value, whose key is not in the input).
    name: String,
}

/// Notes, while [`Locating`], that reading the property `seg`, whose key stands at `key`,
/// with `spec` failed; the enclosing properties the same failure unwinds through are not
/// noted again (until [`new_failure`]).
pub(super) fn failed_at(spec: &Spec, seg: &PathSeg, key: (usize, usize)) {
    let name = match seg {
        PathSeg::Key(k) => (*k).to_owned(),
        PathSeg::OwnedKey(k) => k.clone(),
        PathSeg::Index(_) => return,
    };
    if NOTED.with(|n| n.replace(true)) {
        return;
    }
    FAILED_AT.with(|f| {
        f.borrow_mut().push(Failed {
            at: Recheck { key, spec: *spec },
            name,
        });
    });
}

/// The errors of the properties that failed while [`Locating`] (the outermost first), by
/// their specs' validators: a format-mapped type's parse is in them, which the schema's
/// own validation does not assert when formats are not asserted. Only a property whose
/// name stands in the input is checked (one read from a buffered copy is not found).
pub(super) fn judged(input: &str, failed: &[Failed]) -> Option<ValidationErrors> {
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
pub(super) fn note_innermost(input: &str, error: &serde_json::Error, failed: &[Failed]) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::__private::inflight::{swallowed, STRING};
    use crate::validate::Cx;

    fn accept(_: &Value, _: &mut Cx<'_>) -> bool {
        true
    }

    fn names() -> Vec<String> {
        FAILED_AT.with(|f| f.borrow().iter().map(|f| f.name.clone()).collect())
    }

    #[test]
    fn a_failure_is_noted_at_its_innermost_property_only() {
        let spec = Spec::of(accept, STRING, true);
        let _locating = Locating::start(&Options::new());
        // One failure unwinding through `b`, then `a`: noted at `b`.
        failed_at(&spec, &PathSeg::Key("b"), (0, 0));
        failed_at(&spec, &PathSeg::Key("a"), (0, 0));
        assert_eq!(names(), ["b"]);
        // Swallowed (a buffered union's alternative): the next failure is noted anew.
        swallowed();
        failed_at(&spec, &PathSeg::Key("c"), (0, 0));
        failed_at(&spec, &PathSeg::Key("d"), (0, 0));
        assert_eq!(names(), ["b", "c"]);
        // Replaced by an error built from it: the properties above note the new one.
        new_failure();
        failed_at(&spec, &PathSeg::Key("e"), (0, 0));
        assert_eq!(names(), ["b", "c", "e"]);
    }
}
