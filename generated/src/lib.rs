//! The golden snapshots of envgen's generated code, compiled.
//!
//! `tests/engine/goldens.rs` (in the root crate) keeps `snapshots/<module>.snap` equal to what
//! the generator emits for each built-in schema; this crate compiles those very files
//! under `#![deny(warnings)]` (and the workspace's `clippy -D warnings`), so a golden
//! that a reviewer accepts with `cargo insta review` is also warning-free Rust.
#![deny(warnings)]
#![deny(missing_docs)]

/// Golden of `schemas/response-envelope.json`.
#[allow(missing_docs)] // an undocumented schema property has no doc
pub mod response_envelope {
    include!(concat!(env!("OUT_DIR"), "/response_envelope.rs"));
}

/// Golden of `schemas/tool-response.json`.
#[allow(missing_docs)] // an undocumented schema property has no doc
pub mod tool_response {
    include!(concat!(env!("OUT_DIR"), "/tool_response.rs"));
}

/// Golden of `schemas/cmdhelp.schema.json`.
#[allow(missing_docs)] // an undocumented schema property has no doc
pub mod cmdhelp {
    include!(concat!(env!("OUT_DIR"), "/cmdhelp.rs"));
}

/// Golden of `schemas/meminit-output-envelope.json`.
#[allow(missing_docs)] // an undocumented schema property has no doc
pub mod meminit {
    include!(concat!(env!("OUT_DIR"), "/meminit.rs"));
}

/// Golden of `schemas/tool-data/ls.json`.
#[allow(missing_docs)] // an undocumented schema property has no doc
pub mod tool_data_ls {
    include!(concat!(env!("OUT_DIR"), "/tool_data_ls.rs"));
}

/// Golden of `schemas/tool-data/glob.json`.
#[allow(missing_docs)] // an undocumented schema property has no doc
pub mod tool_data_glob {
    include!(concat!(env!("OUT_DIR"), "/tool_data_glob.rs"));
}

/// Golden of `schemas/tool-data/grep.json`.
#[allow(missing_docs)] // an undocumented schema property has no doc
pub mod tool_data_grep {
    include!(concat!(env!("OUT_DIR"), "/tool_data_grep.rs"));
}

/// Golden of `schemas/tool-data/read.json`.
#[allow(missing_docs)] // an undocumented schema property has no doc
pub mod tool_data_read {
    include!(concat!(env!("OUT_DIR"), "/tool_data_read.rs"));
}

/// Golden of `schemas/tool-data/write.json`.
#[allow(missing_docs)] // an undocumented schema property has no doc
pub mod tool_data_write {
    include!(concat!(env!("OUT_DIR"), "/tool_data_write.rs"));
}

/// Golden of `schemas/tool-data/truncation.json`.
#[allow(missing_docs)] // an undocumented schema property has no doc
pub mod tool_data_truncation {
    include!(concat!(env!("OUT_DIR"), "/tool_data_truncation.rs"));
}

/// Golden of `schemas/meminit/check.json`.
#[allow(missing_docs)] // an undocumented schema property has no doc
pub mod meminit_data_check {
    include!(concat!(env!("OUT_DIR"), "/meminit_data_check.rs"));
}

/// Golden of `schemas/meminit/fix.json`.
#[allow(missing_docs)] // an undocumented schema property has no doc
pub mod meminit_data_fix {
    include!(concat!(env!("OUT_DIR"), "/meminit_data_fix.rs"));
}

/// Golden of `schemas/meminit/scan.json`.
#[allow(missing_docs)] // an undocumented schema property has no doc
pub mod meminit_data_scan {
    include!(concat!(env!("OUT_DIR"), "/meminit_data_scan.rs"));
}

/// Golden of `schemas/meminit/new.json`.
#[allow(missing_docs)] // an undocumented schema property has no doc
pub mod meminit_data_new {
    include!(concat!(env!("OUT_DIR"), "/meminit_data_new.rs"));
}

/// Golden of `schemas/meminit/index.json`.
#[allow(missing_docs)] // an undocumented schema property has no doc
pub mod meminit_data_index {
    include!(concat!(env!("OUT_DIR"), "/meminit_data_index.rs"));
}

/// Golden of `schemas/meminit/resolve.json`.
#[allow(missing_docs)] // an undocumented schema property has no doc
pub mod meminit_data_resolve {
    include!(concat!(env!("OUT_DIR"), "/meminit_data_resolve.rs"));
}

/// Golden of `schemas/meminit/identify.json`.
#[allow(missing_docs)] // an undocumented schema property has no doc
pub mod meminit_data_identify {
    include!(concat!(env!("OUT_DIR"), "/meminit_data_identify.rs"));
}

/// Golden of `schemas/meminit/link.json`.
#[allow(missing_docs)] // an undocumented schema property has no doc
pub mod meminit_data_link {
    include!(concat!(env!("OUT_DIR"), "/meminit_data_link.rs"));
}

/// Golden of `schemas/meminit/doctor.json`.
#[allow(missing_docs)] // an undocumented schema property has no doc
pub mod meminit_data_doctor {
    include!(concat!(env!("OUT_DIR"), "/meminit_data_doctor.rs"));
}

/// Golden of `schemas/meminit/context.json`.
#[allow(missing_docs)] // an undocumented schema property has no doc
pub mod meminit_data_context {
    include!(concat!(env!("OUT_DIR"), "/meminit_data_context.rs"));
}

/// Golden of `schemas/response-envelope.json` with `Settings::validators(false)` (`envgen --no-validators`).
#[allow(missing_docs)] // an undocumented schema property has no doc
pub mod types_only_response_envelope {
    include!(concat!(env!("OUT_DIR"), "/types_only_response_envelope.rs"));
}

/// Golden of `schemas/tool-response.json` with `Settings::validators(false)` (`envgen --no-validators`).
#[allow(missing_docs)] // an undocumented schema property has no doc
pub mod types_only_tool_response {
    include!(concat!(env!("OUT_DIR"), "/types_only_tool_response.rs"));
}

/// Golden of `schemas/cmdhelp.schema.json` with `Settings::validators(false)` (`envgen --no-validators`).
#[allow(missing_docs)] // an undocumented schema property has no doc
pub mod types_only_cmdhelp {
    include!(concat!(env!("OUT_DIR"), "/types_only_cmdhelp.rs"));
}

/// Golden of `schemas/meminit-output-envelope.json` with `Settings::validators(false)` (`envgen --no-validators`).
#[allow(missing_docs)] // an undocumented schema property has no doc
pub mod types_only_meminit {
    include!(concat!(env!("OUT_DIR"), "/types_only_meminit.rs"));
}

/// Golden of `schemas/cmdhelp.schema.json` with `Settings::preserve_key_order(true)` (`envgen --preserve-key-order`).
#[allow(missing_docs)] // an undocumented schema property has no doc
pub mod key_order_cmdhelp {
    include!(concat!(env!("OUT_DIR"), "/key_order_cmdhelp.rs"));
}
