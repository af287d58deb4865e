//! What envgen's tests and benches share (a dev-dependency of the workspace's crates; never
//! published):
//!
//! * [`shared`]: the `../shared` data beside the repository, or a loud skip (a failure
//!   under `ENVGEN_REQUIRE_SHARED=1`, as `.ci/run` sets);
//! * [`scratch`]: a fresh directory per test, removed when it ends;
//! * [`cli`]: running a binary with arguments and standard input;
//! * [`rng`]: the seeded generator of the property tests and benches;
//! * [`mutations`]: invalid envelope documents by kind of error;
//! * [`instances`]: schema-guided documents (random, and one per branch);
//! * [`gitlike`]: a git-like clap tree for the cmdhelp tests.

pub mod cli;
pub mod gitlike;
pub mod instances;
pub mod mutations;
pub mod rng;
pub mod scratch;
pub mod shared;
