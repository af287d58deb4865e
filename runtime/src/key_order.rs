//! [`KeyOrder`]: the order in which a parsed JSON object gave its keys, kept by structs
//! generated with `Settings::preserve_key_order(true)` so that serializing them writes the
//! keys in the document's order instead of the schema's.

use core::cmp::Ordering;
use core::hash::{Hash, Hasher};

/// One key of a parsed object, in the order the document gave it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeySlot {
    /// A declared property: its index in the struct's fields (schema order).
    Field(usize),
    /// The next key of the struct's `extra` map (which keeps document order itself).
    Extra,
}

/// Marks an extra key in the compact slot list (no struct has this many fields).
const EXTRA: u32 = u32::MAX;

/// The order in which a parsed document gave an object's keys: declared properties by
/// field index, undeclared ones as "the next key of `extra`".
///
/// A struct generated with `Settings::preserve_key_order(true)` carries one in its
/// `key_order` field. Its deserializer records the order; its serializer writes the
/// recorded keys first, in that order (a field set to `None` since is skipped), then any
/// key the record does not hold (a field set after parsing, an extra inserted) in schema
/// order, then the remaining extras. A value built by a builder or a struct literal has an
/// empty record (`KeyOrder::default()`) and serializes in schema order.
///
/// It is presentation, not content: equality, ordering and hashing ignore it, so two
/// values that differ only in key order compare equal.
#[derive(Clone, Default)]
pub struct KeyOrder {
    slots: Vec<u32>,
}

impl KeyOrder {
    /// An empty record: the struct serializes in schema order.
    pub const fn new() -> Self {
        KeyOrder { slots: Vec::new() }
    }

    /// Records that the document gave declared field `index` next (generated deserializers
    /// call this).
    pub fn push_field(&mut self, index: usize) {
        // A struct with 2^32 - 1 fields cannot be generated; clamp rather than wrap.
        let index = u32::try_from(index).unwrap_or(EXTRA - 1).min(EXTRA - 1);
        self.slots.push(index);
    }

    /// Records that the document gave an undeclared key next, kept in `extra` (generated
    /// deserializers call this).
    pub fn push_extra(&mut self) {
        self.slots.push(EXTRA);
    }

    /// Whether nothing was recorded (the struct serializes in schema order).
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// How many keys were recorded.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Forgets the recorded order: the struct then serializes in schema order.
    pub fn clear(&mut self) {
        self.slots.clear();
    }

    /// The recorded keys, in document order.
    pub fn slots(&self) -> impl Iterator<Item = KeySlot> + '_ {
        self.slots.iter().map(|&s| {
            if s == EXTRA {
                KeySlot::Extra
            } else {
                // `u32` always fits `usize` on the targets serde_json supports (≥ 32 bits).
                KeySlot::Field(s as usize)
            }
        })
    }
}

impl core::fmt::Debug for KeyOrder {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_list().entries(self.slots()).finish()
    }
}

/// Always equal: key order is presentation, not content.
impl PartialEq for KeyOrder {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for KeyOrder {}

/// Always equal, consistent with [`PartialEq`].
impl PartialOrd for KeyOrder {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// Always equal, consistent with [`PartialEq`].
impl Ord for KeyOrder {
    fn cmp(&self, _: &Self) -> Ordering {
        Ordering::Equal
    }
}

/// Hashes nothing, consistent with [`PartialEq`].
impl Hash for KeyOrder {
    fn hash<H: Hasher>(&self, _: &mut H) {}
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::hash_map::DefaultHasher;

    #[test]
    fn records_fields_and_extras_in_order() {
        let mut k = KeyOrder::new();
        assert!(k.is_empty());
        k.push_field(2);
        k.push_extra();
        k.push_field(0);
        assert_eq!(k.len(), 3);
        assert_eq!(
            k.slots().collect::<Vec<_>>(),
            [KeySlot::Field(2), KeySlot::Extra, KeySlot::Field(0)]
        );
        assert_eq!(format!("{k:?}"), "[Field(2), Extra, Field(0)]");
        k.clear();
        assert!(k.is_empty());
    }

    #[test]
    fn a_huge_index_is_never_taken_for_an_extra() {
        let mut k = KeyOrder::new();
        k.push_field(usize::MAX);
        assert!(matches!(k.slots().next(), Some(KeySlot::Field(_))));
    }

    #[test]
    fn equality_ordering_and_hashing_ignore_the_order() {
        let mut a = KeyOrder::new();
        a.push_field(1);
        let b = KeyOrder::new();
        assert_eq!(a, b);
        assert_eq!(a.cmp(&b), Ordering::Equal);
        let hash = |k: &KeyOrder| {
            let mut h = DefaultHasher::new();
            k.hash(&mut h);
            h.finish()
        };
        assert_eq!(hash(&a), hash(&b));
    }
}
