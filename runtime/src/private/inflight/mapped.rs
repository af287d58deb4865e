//! Whole-schema mapped types (`x-rust-type`, a type mapping) read in flight: the type reads
//! itself, after (in a session) the document's own value passed the schema. Generated code
//! names these readers ([`Mapped`], [`MappedItems`]) only for such types, so the reading of
//! a type from a `Value` that this needs is compiled only for them.

use super::capture::{Element, ItemMode, PlainMode, Read};
use super::{active, check, forget, new_failure, note, set_pending, swallowed, Spec, RAISED};
use crate::__private::scalar::Scalar;
use serde::de::{self, DeserializeSeed, Deserializer};
use serde_json::Value;

/// A whole-schema mapped type's reader (`Mapped(PhantomData::<T>)`,
/// `Mapped(OrNull::<T>::new())`), for a value whose spec is [`Spec::mapped`]: the type
/// reads itself, after (in a session) the document's own value passed the schema.
pub struct Mapped<S>(pub S);

/// The seed and the reader the wrapper `$wrapper` stands for: its inner reader's, with
/// `$items` as the items' mode and its own items (`Read`'s methods and constants) where it
/// differs.
macro_rules! wrapped_reader {
    ($wrapper:ident, $items:ty, { $($own:item)* }) => {
        impl<'de, S: Read<'de>> DeserializeSeed<'de> for $wrapper<S> {
            type Value = S::Value;
            fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<S::Value, D::Error> {
                self.0.deserialize(d)
            }
        }

        impl<'de, S: Read<'de>> Read<'de> for $wrapper<S> {
            type Items = $items;
            const TAKES_NULL: bool = S::TAKES_NULL;
            fn null<E: de::Error>(self) -> Result<S::Value, E> {
                self.0.null()
            }
            fn own<D: Deserializer<'de>>(self, d: D) -> Result<S::Value, D::Error> {
                self.0.own(d)
            }
            $($own)*
        }
    };
}

wrapped_reader!(Mapped, S::Items, {
    fn capture<D: Deserializer<'de>>(self, spec: &Spec, d: D) -> Result<S::Value, D::Error> {
        mapped(self.0, spec, d)
    }
    fn field<D: Deserializer<'de>>(self, spec: &Spec, d: D) -> Result<S::Value, D::Error> {
        mapped(self.0, spec, d)
    }
});

/// The reader of an array whose items are of a whole-schema mapped type
/// (`MappedItems(PhantomData::<Vec<T>>)`, or of an `OrNull`): its items are read as
/// [`Mapped`] reads a value.
pub struct MappedItems<S>(pub S);

wrapped_reader!(MappedItems, MappedMode, {
    const LOCATES_ITEMS: bool = true;
    fn field<D: Deserializer<'de>>(self, spec: &Spec, d: D) -> Result<S::Value, D::Error> {
        // Each item is read as `Mapped` reads a value: through the capture.
        self.capture(spec, d)
    }
});

/// Items of a whole-schema mapped type ([`MappedItems`]).
pub struct MappedMode;

impl ItemMode for MappedMode {
    fn item<'de, T: DeserializeSeed<'de>, D: Deserializer<'de>>(
        seed: T,
        spec: &Spec,
        d: D,
    ) -> Result<T::Value, D::Error> {
        mapped(Element(seed), spec, d)
    }
}

/// The items of an array inside an array, whose reader generated code does not name:
/// mapped or not, as their spec says.
pub struct EitherMode;

impl ItemMode for EitherMode {
    fn item<'de, T: DeserializeSeed<'de>, D: Deserializer<'de>>(
        seed: T,
        spec: &Spec,
        d: D,
    ) -> Result<T::Value, D::Error> {
        if spec.mapped {
            return MappedMode::item(seed, spec, d);
        }
        PlainMode::item(seed, spec, d)
    }
}

/// An item of an array, as the capture drives it; the items of an
/// array inside it (whose reader generated code does not name) mapped or not, as their spec
/// says.
impl<'de, T: DeserializeSeed<'de>> Read<'de> for Element<T> {
    /// An array inside an array: generated code names only the outer one's reader.
    type Items = EitherMode;
    fn null<E: de::Error>(self) -> Result<T::Value, E> {
        self.0.deserialize(Scalar::Null.de::<E>())
    }
}

/// A mapped type reads itself; what it raises is not known to be the schema's.
pub(super) fn mapped<'de, S: Read<'de>, D: Deserializer<'de>>(
    seed: S,
    spec: &Spec,
    d: D,
) -> Result<S::Value, D::Error> {
    if !active() {
        let result = seed.own(d);
        if result.is_err() {
            mapped_failed(spec);
        }
        return result;
    }
    // In a session the document's own value is checked first: a hand-written type may
    // drop or normalize what its schema refuses (a key that `additionalProperties: false`
    // forbids), so checking its output would not do. Both run within the read of the
    // value, so that a failure is placed at it.
    let mut seed = Some(seed);
    let mut read = None;
    crate::__private::payload::Then(&mut |value: Value| {
        if let Some(errors) = check(&value, spec.node) {
            set_pending(errors);
            return Err(RAISED.to_owned());
        }
        let seed = seed.take().ok_or("the value was read twice")?;
        match seed.own(value) {
            Ok(value) => {
                // A hand-written type may swallow errors of generated types it holds (a
                // serde `untagged` enum): none is unwinding once it has read its value.
                swallowed();
                read = Some(value);
                Ok(())
            }
            Err(e) => {
                mapped_failed(spec);
                Err(e.to_string())
            }
        }
    })
    .deserialize(d)?;
    read.ok_or_else(|| de::Error::custom("the value was not read"))
}

/// A mapped type's own read failed: what it raised is not known to be the schema's.
fn mapped_failed(spec: &Spec) {
    forget();
    new_failure();
    note(spec, None);
}
