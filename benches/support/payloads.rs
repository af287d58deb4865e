//! Typed payloads of the per-kind bench (`benches/errors.rs`): the `data` of the
//! documents `tests/support/src/mutations.rs` writes, as a consumer that knows its command
//! declares it (plain serde structs; every member of the generated payloads is a field,
//! so nothing is skipped). `ResponseEnvelope<Page>` and `ToolResponse<Listing>` read them
//! typed, instead of as a `serde_json::Value`.

use serde::{Deserialize, Serialize};

/// One listed object (`items` / `entries`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Item {
    /// `item-<run>-<index>`.
    pub id: String,
    /// A display name.
    pub name: String,
    /// A size in bytes.
    pub size: u64,
    /// A score, in eighths.
    pub score: f64,
    /// Whether the item is active.
    pub active: bool,
    /// 0–3 tags.
    pub tags: Vec<String>,
    /// The owner.
    pub owner: Owner,
}

/// An item's owner.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Owner {
    /// The login.
    pub login: String,
    /// The numeric id.
    pub id: u64,
}

/// A ResponseEnvelope's `data` on success: a page of items.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Page {
    /// The items.
    pub items: Vec<Item>,
    /// Their number.
    pub total: u64,
}

/// A ToolResponse's `data`: a listing.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Listing {
    /// The entries.
    pub entries: Vec<Item>,
    /// Their number.
    pub count: u64,
}
