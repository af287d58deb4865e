//! What subschemas that passed have evaluated, for `unevaluatedProperties` and
//! `unevaluatedItems`.

/// The properties and items of one instance that subschemas which passed have evaluated,
/// for `unevaluatedProperties` and `unevaluatedItems`.
#[derive(Debug, Default)]
pub struct Evaluated<'v> {
    all_keys: bool,
    keys: Vec<&'v str>,
    all_items: bool,
    prefix: usize,
    items: Vec<usize>,
}

impl<'v> Evaluated<'v> {
    /// Marks the property `key` evaluated.
    #[inline]
    pub fn key(&mut self, key: &'v str) {
        if !self.all_keys && !self.keys.contains(&key) {
            self.keys.push(key);
        }
    }

    /// Marks every property evaluated.
    #[inline]
    pub fn all_keys(&mut self) {
        self.all_keys = true;
    }

    /// Whether the property `key` was evaluated.
    #[inline]
    pub fn has_key(&self, key: &str) -> bool {
        self.all_keys || self.keys.contains(&key)
    }

    /// Marks the items below `len` evaluated.
    #[inline]
    pub fn prefix(&mut self, len: usize) {
        self.prefix = self.prefix.max(len);
    }

    /// Marks the item at `index` evaluated.
    #[inline]
    pub fn item(&mut self, index: usize) {
        if !self.all_items && index >= self.prefix && !self.items.contains(&index) {
            self.items.push(index);
        }
    }

    /// Marks every item evaluated.
    #[inline]
    pub fn all_items(&mut self) {
        self.all_items = true;
    }

    /// Whether the item at `index` was evaluated.
    #[inline]
    pub fn has_item(&self, index: usize) -> bool {
        self.all_items || index < self.prefix || self.items.contains(&index)
    }
}
