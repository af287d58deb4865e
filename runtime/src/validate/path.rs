//! Where in the instance a validation run is: a stack of property names and array indices
//! that keeps its first levels inline, so that a check that descends only a few levels
//! (every envelope) allocates nothing.

/// One level of the instance location.
#[derive(Debug, Clone, Copy)]
pub(super) enum Seg<'v> {
    Key(&'v str),
    Index(usize),
}

/// How many levels are kept inline before the rest goes to the heap.
const INLINE: usize = 8;

/// The location stack of a [`super::Cx`].
#[derive(Debug)]
pub(super) struct Path<'v> {
    head: [Seg<'v>; INLINE],
    len: usize,
    /// The levels below the first [`INLINE`].
    rest: Vec<Seg<'v>>,
}

impl<'v> Path<'v> {
    /// The instance root.
    #[inline]
    pub(super) const fn new() -> Self {
        Path {
            head: [Seg::Index(0); INLINE],
            len: 0,
            rest: Vec::new(),
        }
    }

    /// How many levels deep the location is.
    #[inline]
    pub(super) fn len(&self) -> usize {
        self.len
    }

    /// Descends one level.
    #[inline]
    pub(super) fn push(&mut self, seg: Seg<'v>) {
        match self.head.get_mut(self.len) {
            Some(slot) => *slot = seg,
            None => self.rest.push(seg),
        }
        self.len += 1;
    }

    /// Comes back up one level (nothing at the root).
    #[inline]
    pub(super) fn pop(&mut self) {
        if self.len > INLINE {
            self.rest.pop();
        }
        self.len = self.len.saturating_sub(1);
    }

    /// Comes back up to `len` levels deep (nothing when already there or above).
    #[inline]
    pub(super) fn truncate(&mut self, len: usize) {
        if len < self.len {
            self.rest.truncate(len.saturating_sub(INLINE));
            self.len = len;
        }
    }

    /// The levels, from the root down.
    pub(super) fn iter(&self) -> impl Iterator<Item = &Seg<'v>> {
        self.head[..self.len.min(INLINE)].iter().chain(&self.rest)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(p: &Path<'_>) -> Vec<String> {
        p.iter()
            .map(|s| match s {
                Seg::Key(k) => (*k).to_owned(),
                Seg::Index(i) => i.to_string(),
            })
            .collect()
    }

    #[test]
    fn levels_past_the_inline_ones_spill_and_come_back() {
        let names: Vec<String> = (0..20).map(|i| format!("k{i}")).collect();
        let mut p = Path::new();
        for (i, n) in names.iter().enumerate() {
            if i % 2 == 0 {
                p.push(Seg::Key(n));
            } else {
                p.push(Seg::Index(i));
            }
        }
        assert_eq!(p.len(), 20);
        let all = keys(&p);
        assert_eq!(all.len(), 20);
        assert_eq!((all[0].as_str(), all[9].as_str()), ("k0", "9"));
        assert_eq!(all[18], "k18");
        p.truncate(10);
        assert_eq!(keys(&p), all[..10]);
        p.pop();
        p.pop();
        p.pop();
        assert_eq!(keys(&p), all[..7]);
        p.push(Seg::Key("x"));
        p.push(Seg::Key("y"));
        assert_eq!(keys(&p)[7..], ["x", "y"]);
        p.truncate(0);
        p.pop();
        assert_eq!(p.len(), 0);
        assert!(keys(&p).is_empty());
        p.truncate(5);
        assert_eq!(
            p.len(),
            0,
            "truncating deeper than the location does nothing"
        );
    }
}
