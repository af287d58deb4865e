//! The compatibility matrix: each kind of change, breaking or compatible, for producers
//! (who write documents, and build them with the generated types) and consumers (who read
//! documents, with the generated types of the version they were built with).
//!
//! A change is breaking for a side when either
//! * **on the wire**: a document that side exchanges is valid under one version and
//!   invalid under the other (producers: a document valid under OLD is rejected by NEW;
//!   consumers: a document valid under NEW is rejected by a reader built on OLD), or
//! * **in the Rust API**: code that side wrote against the old generated types no
//!   longer compiles against the new ones (a type, field or variant it names is gone or
//!   has another type). Additions are not API breaks: producers build values with
//!   builders or `..Default::default()`, not exhaustive struct literals. Exhaustive
//!   `match`es on enums are consumer code, so a new variant breaks consumers.
//!
//! `docs/decisions.md` has the same matrix as a table.

use super::constraint::Movement;
use super::kind::{ChangeKind, Verdict};

const OK: Verdict = Verdict {
    breaking: false,
    reason: "",
};

const fn breaks(reason: &'static str) -> Verdict {
    Verdict {
        breaking: true,
        reason,
    }
}

/// (producers, consumers) for a kind of change.
pub fn impact(kind: &ChangeKind) -> (Verdict, Verdict) {
    use ChangeKind::*;
    match kind {
        TypeAdded => (OK, OK),
        TypeRemoved => (
            breaks("code naming the type no longer compiles"),
            breaks("code naming the type no longer compiles"),
        ),
        TypeChanged => (
            breaks("the type has another shape; code building it no longer compiles"),
            breaks("the type has another shape; code reading it no longer compiles"),
        ),
        RootChanged => (
            breaks("the root type has another name"),
            breaks("the root type has another name"),
        ),
        FieldAdded {
            required,
            old_denies_unknown,
        } => (
            if *required {
                breaks("documents written to the old schema lack the field")
            } else {
                OK
            },
            if *old_denies_unknown {
                breaks("readers built on the old schema reject the new property (additionalProperties: false)")
            } else {
                OK
            },
        ),
        FieldRemoved => (
            breaks("code setting the field no longer compiles"),
            breaks("code reading the field no longer compiles"),
        ),
        FieldTypeChanged => (
            breaks("the field's type changed"),
            breaks("the field's type changed"),
        ),
        FieldNowRequired => (
            breaks("documents written to the old schema may lack the field"),
            breaks("the field is no longer an Option; code reading it no longer compiles"),
        ),
        FieldNowOptional => (
            breaks("the field is now an Option; code setting it no longer compiles"),
            breaks("readers built on the old schema require the field, new documents may omit it"),
        ),
        FieldNowNullable => (
            breaks("the field's Rust type gains an Option; code setting it no longer compiles"),
            breaks("readers built on the old schema reject null"),
        ),
        FieldNoLongerNullable => (
            breaks("documents written to the old schema may hold null"),
            breaks("the field's Rust type loses an Option; code reading it no longer compiles"),
        ),
        VariantAdded => (
            OK,
            breaks("readers built on the old schema reject the new value, and exhaustive matches miss it"),
        ),
        VariantRemoved => (
            breaks("documents written to the old schema may use the removed value"),
            breaks("match arms naming the removed variant no longer compile"),
        ),
        VariantChanged => (
            breaks("the variant's value or payload changed"),
            breaks("the variant's value or payload changed"),
        ),
        ExtraChanged { old_deny, new_deny } => match (old_deny, new_deny) {
            (false, true) => (
                breaks("documents written to the old schema may carry undeclared properties"),
                breaks("the `extra` map is gone; code reading it no longer compiles"),
            ),
            (true, false) => (
                OK,
                breaks("readers built on the old schema reject undeclared properties"),
            ),
            _ => (
                breaks("undeclared properties have another type"),
                breaks("undeclared properties have another type"),
            ),
        },
        Constraint { movement, .. } => match movement {
            Movement::Narrowed => (
                breaks("documents written to the old schema may violate the narrower constraint"),
                OK,
            ),
            Movement::Widened => (
                OK,
                breaks("readers built on the old schema reject values the wider constraint allows"),
            ),
            Movement::Changed => (
                breaks("documents written to the old schema may violate the new constraint"),
                breaks("readers built on the old schema may reject newly valid values"),
            ),
        },
    }
}
