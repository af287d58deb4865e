//! The kinds of change `envgen diff` reports, and the verdict on one side. A leaf of
//! `diff`: the change itself (`change`) and the matrix (`classify`) both use it.

use super::constraint::Movement;

/// What changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChangeKind {
    /// A named type appeared.
    TypeAdded,
    /// A named type disappeared (or was renamed).
    TypeRemoved,
    /// A type is now a different kind (struct, enum, alias) or aliases another type.
    TypeChanged,
    /// The root type's name changed.
    RootChanged,
    /// A field appeared.
    FieldAdded {
        /// It is required.
        required: bool,
        /// The old struct rejected undeclared properties.
        old_denies_unknown: bool,
    },
    /// A field disappeared.
    FieldRemoved,
    /// A field's value type changed.
    FieldTypeChanged,
    /// A field became required.
    FieldNowRequired,
    /// A field became optional.
    FieldNowOptional,
    /// A field now allows `null`.
    FieldNowNullable,
    /// A field no longer allows `null`.
    FieldNoLongerNullable,
    /// A variant (an enum value or a `oneOf`/`anyOf` branch) appeared: the enum widened.
    VariantAdded,
    /// A variant disappeared: the enum narrowed.
    VariantRemoved,
    /// A variant's literal or payload changed.
    VariantChanged,
    /// Undeclared properties are treated differently (`additionalProperties`).
    ExtraChanged {
        /// The old struct rejected them.
        old_deny: bool,
        /// The new struct rejects them.
        new_deny: bool,
    },
    /// A constraint (bound, length, count, pattern, format) changed.
    Constraint {
        /// The keyword.
        keyword: &'static str,
        /// Narrowed, widened or changed.
        movement: Movement,
    },
}

impl ChangeKind {
    /// A short stable name (`field-added`, …), used as `change` in JSON output.
    pub fn code(&self) -> &'static str {
        match self {
            ChangeKind::TypeAdded => "type-added",
            ChangeKind::TypeRemoved => "type-removed",
            ChangeKind::TypeChanged => "type-changed",
            ChangeKind::RootChanged => "root-changed",
            ChangeKind::FieldAdded { required: true, .. } => "required-field-added",
            ChangeKind::FieldAdded { .. } => "optional-field-added",
            ChangeKind::FieldRemoved => "field-removed",
            ChangeKind::FieldTypeChanged => "field-type-changed",
            ChangeKind::FieldNowRequired => "field-now-required",
            ChangeKind::FieldNowOptional => "field-now-optional",
            ChangeKind::FieldNowNullable => "field-now-nullable",
            ChangeKind::FieldNoLongerNullable => "field-no-longer-nullable",
            ChangeKind::VariantAdded => "variant-added",
            ChangeKind::VariantRemoved => "variant-removed",
            ChangeKind::VariantChanged => "variant-changed",
            ChangeKind::ExtraChanged { .. } => "additional-properties-changed",
            ChangeKind::Constraint {
                movement: Movement::Narrowed,
                ..
            } => "constraint-narrowed",
            ChangeKind::Constraint {
                movement: Movement::Widened,
                ..
            } => "constraint-widened",
            ChangeKind::Constraint { .. } => "constraint-changed",
        }
    }
}

/// Whether a change breaks one side, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    /// Breaking for this side.
    pub breaking: bool,
    /// Why (empty when compatible for an obvious reason).
    pub reason: &'static str,
}
