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
//! and the caller falls back to the two-pass path. An error is known by its record, not
//! by its message: a record exists only while the error it describes unwinds. It is set
//! where the error is raised (or a failure judged), and dropped where the error is taken,
//! where a read swallows it (a buffered union's alternative that fails, and a hand-written
//! mapped type or typed payload once it has read its value, which may have swallowed
//! errors of generated types it holds: [`swallowed`]) and where the error stops being the
//! schema's ([`opaque`]); serde_json itself never swallows an error a visitor returns. The session tells a syntax error
//! from a data error by `serde_json::Error::classify`. A judged value read from a
//! buffered copy is not found in the input (its key's text is not the input's), and the
//! caller then takes the two-pass path.
//!
//! Outside a session (a plain `serde_json::from_str::<T>`), generated deserializers
//! behave exactly as serde's: nothing is recorded, and errors keep serde's wording.

mod api;
mod capture;
mod judge;
mod kinds;
mod locate;
mod mapped;
mod seek;
mod session;
mod text;

pub use api::{
    extra_value, field, merged, missing, missing_at, not_allowed, not_allowed_at, nullable, opaque,
    payload, read_with, required, unmatched, value, Rule, Spec,
};
pub use capture::{ItemMode, OrNull, PlainMode, Read, Unwrap, Unwrapped};
pub use kinds::{Kinds, ARRAY, BOOL, INTEGER, NULL, NUMBER, OBJECT, STRING, UNSIGNED};
pub(crate) use locate::Locating;
pub use mapped::{EitherMode, Mapped, MappedItems, MappedMode};
pub use session::{active, swallowed, Session};
pub(crate) use session::{key_read, new_failure};
pub use text::Text;

// What the child modules share, named from here (`super::…`).
use judge::{raised_whole, union_failed, up, Reading};
use locate::{locating, note, note_value, notes};
use session::{
    check, forget, muted, raise, refuse_text, set_pending, Mute, PathSeg, Recheck, PENDING, RAISED,
};
