//! The ResponseEnvelope and ToolResponse goldens (`generated/snapshots`), compiled for the
//! compile-fail tests of their builders (`tests/builders_ui.rs`).

#![deny(warnings)]
#![deny(missing_docs)]

#[allow(missing_docs)] // an undocumented schema property has no doc
pub mod response_envelope {
    include!(concat!(env!("OUT_DIR"), "/response_envelope.rs"));
}

#[allow(missing_docs)] // an undocumented schema property has no doc
pub mod tool_response {
    include!(concat!(env!("OUT_DIR"), "/tool_response.rs"));
}
