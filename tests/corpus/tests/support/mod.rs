//! Test support for the corpus test.

pub use envgen_test_support::instances;
pub mod shared;
