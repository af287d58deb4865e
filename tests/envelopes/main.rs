//! The four contracts' generated types and their runtime: ResponseEnvelope, ToolResponse,
//! Meminit and cmdhelp, their examples, builders, typed payloads, round trips and
//! in-flight errors.
//!
//! One test binary for these modules (each was a binary of its own): one link, one
//! process, the helpers compiled once.

mod builders;
mod cmdhelp_types;
mod errors_inflight;
mod help_examples;
mod help_from_clap;
mod help_markdown;
mod meminit_runtime;
mod response_envelope_runtime;
mod roundtrip;
mod seeds;
mod tool_producers;
mod tool_response_runtime;
mod typed_payloads;
