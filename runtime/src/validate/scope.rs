//! A location one level down for the rest of a block: what a generated check that runs
//! several statements on one property or item holds instead of a closure.

use super::Cx;
use std::ops::{Deref, DerefMut};

/// The context one level down, at a property or an array item, until dropped. Generated
/// checks shadow their context with it (`let cx = &mut cx.key_scope("name");`), so the
/// statements after it run at that location; dropping it, at the end of the block or on an
/// early `return`, comes back up, as [`Cx::at_key`] does after its closure.
#[derive(Debug)]
pub struct Scope<'c, 'v> {
    cx: &'c mut Cx<'v>,
}

impl<'v> Cx<'v> {
    /// Descends into property `key` until the returned scope is dropped.
    #[inline(always)]
    pub fn key_scope(&mut self, key: &'v str) -> Scope<'_, 'v> {
        self.push_key(key);
        Scope { cx: self }
    }

    /// Descends into array item `index` until the returned scope is dropped.
    #[inline(always)]
    pub fn index_scope(&mut self, index: usize) -> Scope<'_, 'v> {
        self.push_index(index);
        Scope { cx: self }
    }
}

impl<'v> Deref for Scope<'_, 'v> {
    type Target = Cx<'v>;

    #[inline(always)]
    fn deref(&self) -> &Cx<'v> {
        self.cx
    }
}

impl<'v> DerefMut for Scope<'_, 'v> {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut Cx<'v> {
        self.cx
    }
}

impl Drop for Scope<'_, '_> {
    #[inline(always)]
    fn drop(&mut self) {
        self.cx.pop();
    }
}

#[cfg(test)]
mod tests {
    use crate::validate::{Cx, Options};

    fn fails_inside(cx: &mut Cx<'_>) -> bool {
        let cx = &mut cx.key_scope("a");
        let cx = &mut cx.index_scope(2);
        if !cx.fail("const", "#/const", String::new) {
            return false;
        }
        true
    }

    #[test]
    fn a_scope_locates_what_fails_in_it_and_comes_back_up_on_return() {
        let mut cx = Cx::new(Options::new());
        cx.push_key("outer");
        assert!(!fails_inside(&mut cx));
        assert!(!cx.fail("type", "#/type", String::new));
        let pointers: Vec<&str> = cx
            .errors()
            .iter()
            .map(|e| e.instance_path.as_str())
            .collect();
        assert_eq!(pointers, ["/outer/a/2", "/outer"]);
    }
}
