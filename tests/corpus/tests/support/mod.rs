//! Test support for the corpus test.

#[path = "../../../support/instances.rs"]
pub mod instances;
pub mod shared;
