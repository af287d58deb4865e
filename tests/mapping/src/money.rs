//! Hand-written types that definitions of `schemas/mapped.json` are mapped to.

use serde::{Deserialize, Serialize};

/// An amount of money (`/definitions/Money`, by its `x-rust-type`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Money {
    /// Whole cents.
    pub cents: u64,
    /// An ISO 4217 code.
    pub currency: String,
}

/// A code (`/definitions/Code`, by typify's object form of `x-rust-type`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Code(pub String);

/// A label (`/definitions/Label`, mapped by pointer, overriding its `x-rust-type`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Label(pub String);

/// A step (`/definitions/Step`, by its `x-rust-type`): a generated `inflight::Step` when the
/// object is one, any object otherwise. serde's `untagged` tries the generated type first
/// and swallows its error when it is not one.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Step {
    /// A step of `schemas/inflight.json`.
    Strict(crate::inflight::Step),
    /// Any other object.
    Loose(serde_json::Map<String, serde_json::Value>),
}
