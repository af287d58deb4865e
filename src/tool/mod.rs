//! The ToolResponse runtime (the ToolResponse spec): everything a tool or the framework
//! needs to produce responses that keep the ToolResponse spec's rules, on top of the
//! generated [`ToolResponse<D>`](crate::tool_response::ToolResponse) and the typed
//! payloads in [`crate::tool_data`].
//!
//! | ToolResponse spec section | module |
//! |---|---|
//! | 3.1–3.3 status semantics | [`status`] (facts → status, rule check), [`respond`] (constructors) |
//! | 3.3 error codes | [`error_code`] |
//! | 4 `text` minimum | [`text`] |
//! | 1.1 `context`, sandbox | [`context`] |
//! | 2 framework truncation | [`truncate`] |
//! | 3.3 legacy `"error": "Error: ..."` | [`legacy`] |
//! | 2 tool kind → payload type | [`kind`] ([`ToolKind`]), [`payload`] ([`parse`], [`ToolPayload`]) |
//! | every rule, on a received response | [`check()`] (rule table in [`mod@check`]) |
//!
//! ```
//! use envgen::tool::{respond, status::Facts, text::Summary};
//! use envgen::tool_data::ls::{Entry, EntryType, LsData};
//! use envgen::tool_response::ToolResponseStatus;
//!
//! let data = LsData {
//!     entries: vec![Entry { path: "src/main.py".into(), type_: EntryType::File, extra: Default::default() }],
//!     truncated: Some(true),
//!     fallback: None,
//!     failed_items: None,
//!     extra: Default::default(),
//! };
//! let text = Summary::new("Listed 1 entry in 'src'").compose(&Facts::new().truncated(true), None);
//! let response = respond::result(data, text, respond::stats(3.0), respond::root_context(serde_json::json!({"path": "src"})));
//! assert_eq!(response.status, ToolResponseStatus::Partial);
//! ```

pub mod check;
pub mod context;
pub mod error_code;
pub mod kind;
pub mod legacy;
pub mod payload;
pub mod respond;
pub mod status;
pub mod text;
pub mod truncate;

pub use check::{check, check_as};
pub use context::ProjectRoot;
pub use error_code::{ErrorCode, ToolFailure};
pub use kind::ToolKind;
pub use payload::{parse, parse_as, AnyToolResponse, ToolPayload};
pub use status::{Facts, ToolData};
pub use text::Summary;
pub use truncate::{Limits, Observation, ObservationTruncator};
