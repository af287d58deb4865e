//! [`RustTypes`]: the Rust types decided for one schema document, for callers that need
//! them apart from their tokens (the root type's name, or the stages timed one by one).

use crate::error::{Error, Result};
use crate::ir::{self, Ty};
use crate::load::{DocId, SchemaSet};
use crate::settings::Settings;
use crate::settings_errors;
use proc_macro2::TokenStream;

/// The Rust types envgen decides for one document of a linked [`SchemaSet`] (names,
/// fields, variants, generic parameters), before any tokens are emitted.
/// [`generate`](crate::generate) is [`RustTypes::lower`] followed by [`RustTypes::emit`].
#[derive(Debug)]
pub struct RustTypes {
    pub(crate) module: ir::Module,
}

impl RustTypes {
    /// Lowers document `doc` of a linked set with `settings`, checking the settings
    /// against the schema as [`generate`](crate::generate) does.
    pub fn lower(set: &SchemaSet, doc: DocId, settings: &Settings) -> Result<RustTypes> {
        ready(set, doc, settings)?;
        let module = ir::lower(set, doc, settings)?;
        settings_errors::after(settings, set, doc, &module)?;
        Ok(RustTypes { module })
    }

    /// The root type's Rust name, when the root schema is a named type (not, say, a bare
    /// `String` or `Vec<…>`).
    pub fn root_name(&self) -> Option<&str> {
        match &self.module.root {
            Ty::Named(id) => Some(&self.module.get(*id).name),
            _ => None,
        }
    }

    /// The root type's generic parameters (empty when it has none or is not named).
    pub fn root_generics(&self) -> &[String] {
        match &self.module.root {
            Ty::Named(id) => &self.module.get(*id).generics,
            _ => &[],
        }
    }

    /// The tokens of these types, as [`generate`](crate::generate) returns them; `set`,
    /// `doc` and `settings` must be the ones they were lowered from.
    pub fn emit(&self, set: &SchemaSet, doc: DocId, settings: &Settings) -> Result<TokenStream> {
        crate::emit::emit(set, doc, Some(&self.module), settings)
    }
}

/// What every entry point checks before lowering: the set is linked, and the settings
/// fit the schema.
pub(crate) fn ready(set: &SchemaSet, doc: DocId, settings: &Settings) -> Result<()> {
    if !set.is_linked() {
        return Err(Error::new(
            set.document(doc).display.clone(),
            "",
            "schema set is not linked; call SchemaSet::link first",
        ));
    }
    settings_errors::before(settings, set, doc)
}

/// The Rust field name envgen gives a JSON property name: `snake_case`, with a Rust
/// keyword suffixed (`type` → `type_`).
pub fn rust_field_name(json: &str) -> String {
    ir::naming::snake(json)
}
