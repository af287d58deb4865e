//! The contracts' prose rules that no schema holds (`envgen::rules`), one module per
//! contract, and their coverage.
//!
//! One test binary for these modules (each was a binary of its own): one link, one
//! process, the helpers compiled once.

mod rules;
mod rules_cmdhelp;
mod rules_coverage;
mod rules_meminit;
mod rules_response;
mod rules_tool;
