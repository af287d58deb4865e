//! The generator and validators against their oracles and limits: the `jsonschema`
//! differential, the interpreter's gaps, limits, fuzz regressions, the goldens, and the
//! house rules (layers, sizes).
//!
//! One test binary for these modules (each was a binary of its own): one link, one
//! process, the helpers compiled once.

mod fuzz_regressions;
mod goldens;
mod interpreter_gaps;
mod keyword_files;
mod layers;
mod limits;
mod oracle;
