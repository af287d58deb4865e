//! The code generator's integration tests, one module per concern: located errors for bad
//! schemas (`errors.rs`, the table in `bad_schemas/`), hostile and oversized schemas,
//! formats by draft, references by name, the metaschemas, OpenAPI and YAML documents,
//! tuples and the type-mapping rules, and the wide SchemaStore set (`corpus_wide.rs`).
//!
//! One test binary for these modules (each was a binary of its own): one link, the helpers
//! compiled once. `determinism.rs` stays a binary of its own: it changes the process's
//! working directory.

mod corpus_wide;
mod errors;
mod formats_by_draft;
mod hostile;
mod limits;
mod metaschemas;
mod openapi;
mod refs_by_name;
mod tuples;
mod type_mapping;
mod yaml;
