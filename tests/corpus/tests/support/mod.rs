//! Test support for the corpus test.

pub mod instances;
