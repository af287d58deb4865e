//! `run_id` (section 4.3): one unique identifier per invocation, in the style of the
//! spec's examples, `YYYYMMDD-xxxxxx` (the UTC date, six lower-case hex digits).
//!
//! [`RunIdSource`] is the seam: [`ProcessRunIds`] (the default) draws from one
//! process-wide [`RunIds`] generator; [`FixedRunId`] or any `Fn() -> String` replaces it
//! in tests.
//!
//! Uniqueness: a [`RunIds`] generator maps its counter through a bijection of the 24-bit
//! suffix space (a random odd multiplier and offset), so its first 16,777,216 ids are
//! distinct, whatever the date. Across processes the offset and multiplier are random, so
//! two runs on the same day collide with probability 2^-24 per pair: six hex digits are
//! what the spec's style allows.

use super::Timestamp;
use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::OnceLock;
use std::time::SystemTime;

/// Where run ids come from.
pub trait RunIdSource {
    /// A new run id.
    fn next_run_id(&self) -> String;
}

impl<F: Fn() -> String> RunIdSource for F {
    fn next_run_id(&self) -> String {
        self()
    }
}

/// Always the same id: for tests and reproducible output.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FixedRunId(pub String);

impl RunIdSource for FixedRunId {
    fn next_run_id(&self) -> String {
        self.0.clone()
    }
}

/// A generator of distinct `YYYYMMDD-xxxxxx` ids.
#[derive(Debug)]
pub struct RunIds {
    counter: AtomicU32,
    multiplier: u32,
    offset: u32,
    clock: fn() -> SystemTime,
}

const SUFFIX_MASK: u32 = 0x00ff_ffff;

impl RunIds {
    /// A generator with a random permutation of the suffixes, dated by the system clock.
    pub fn new() -> RunIds {
        let mut h = RandomState::new().build_hasher();
        h.write_u128(
            SystemTime::now()
                .duration_since(SystemTime::UNIX_EPOCH)
                .map(|d| d.as_nanos())
                .unwrap_or(0),
        );
        h.write_u32(std::process::id());
        RunIds::seeded(h.finish())
    }

    /// A generator whose suffix sequence is fixed by `seed` (still dated by the clock).
    pub fn seeded(seed: u64) -> RunIds {
        // Low 32 bits: the offset; high: the multiplier, forced odd (a bijection mod 2^24).
        RunIds {
            counter: AtomicU32::new(0),
            multiplier: ((seed >> 32) as u32 | 1) & SUFFIX_MASK,
            offset: seed as u32 & SUFFIX_MASK,
            clock: SystemTime::now,
        }
    }

    /// The same generator, dated by `clock` instead of the system clock.
    pub fn with_clock(mut self, clock: fn() -> SystemTime) -> RunIds {
        self.clock = clock;
        self
    }
}

impl Default for RunIds {
    fn default() -> Self {
        RunIds::new()
    }
}

impl RunIdSource for RunIds {
    fn next_run_id(&self) -> String {
        let n = self.counter.fetch_add(1, Ordering::Relaxed);
        let suffix = n.wrapping_mul(self.multiplier).wrapping_add(self.offset) & SUFFIX_MASK;
        let date = Timestamp::from_system_time((self.clock)()).compact_date();
        format!("{date}-{suffix:06x}")
    }
}

/// The process-wide generator: every `next_run_id` in one process is distinct.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ProcessRunIds;

impl RunIdSource for ProcessRunIds {
    fn next_run_id(&self) -> String {
        static GLOBAL: OnceLock<RunIds> = OnceLock::new();
        GLOBAL.get_or_init(RunIds::new).next_run_id()
    }
}

/// Whether `id` has the spec's example style `YYYYMMDD-xxxxxx` (lower-case hex). The
/// contract itself only asks for a string; this is for generators and tests.
pub fn is_spec_style(id: &str) -> bool {
    let b = id.as_bytes();
    b.len() == 15
        && b[..8].iter().all(u8::is_ascii_digit)
        && b[8] == b'-'
        && b[9..]
            .iter()
            .all(|c| c.is_ascii_digit() || (b'a'..=b'f').contains(c))
}
