//! The JSON kinds a Rust type can hold, as the bit set [`super::Spec`] carries, and
//! whether a number is known not to fit them.

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

/// The kind bit a number stands for in a [`super::Spec`]'s check: one the type's kinds have,
/// unless the number is known not to fit (then none).
#[inline]
pub(super) fn number_kind(kinds: Kinds, negative: bool, fraction: bool) -> Kinds {
    if number_out_of_kind(kinds, negative, fraction) {
        0
    } else {
        kinds & (NUMBER | INTEGER)
    }
}
