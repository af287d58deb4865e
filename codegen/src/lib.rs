//! envgen's code generator: JSON Schema → Rust types with lossless serde impls.
//!
//! The pipeline has three stages, each its own module, and does no I/O:
//!
//! 1. load: JSON documents → a linked graph of schema nodes ([`SchemaSet`]);
//! 2. ir: the graph → Rust decisions (names, types, presence, docs) ([`RustTypes`]);
//! 3. emit: the IR → tokens (`quote!`) → formatted source (prettyplease, [`render`]).
//!
//! [`generate`] runs stages 2 and 3 on a linked [`SchemaSet`]. Reading files, resolving
//! cross-file references from disk, writing `OUT_DIR` and printing `rerun-if-changed`
//! belong to the build layer, [`Config`], in the style of `prost_build::Config`.
#![deny(missing_docs)]

#[macro_use]
mod macros;

pub mod builtin;
mod checked_in;
mod config;
pub mod diff;
pub(crate) mod emit;
mod error;
pub(crate) mod ir;
#[cfg(test)]
mod keyword_table_tests;
pub(crate) mod load;
mod rust_types;
mod settings;
mod settings_errors;
#[cfg(feature = "insta")]
pub mod snapshot;
mod uri;

pub use config::{write_if_changed, Config, Generated, SchemaConfig, SchemaSource};
pub use emit::render;
pub use error::{Details, Error, ErrorKind, Result};
pub use load::metaschemas;
pub use load::{DocId, Draft, SchemaSet, SourceDocument, Syntax, MAX_NESTING};
pub use rust_types::{rust_field_name, RustTypes};
pub use settings::{
    BuilderInput, DerivedField, GenericProperty, Invariant, SchemarsDerive, Settings,
};

use proc_macro2::TokenStream;

/// The 1-based line and column where the value at the JSON pointer `pointer` starts in the
/// JSON text `text`; `None` when no value stands there or the text is not JSON. Schema
/// errors are located this way; `envgen validate` locates a document's errors with it.
pub fn position_of(text: &str, pointer: &str) -> Option<(usize, usize)> {
    load::locate(text, pointer)
}

/// Generates the Rust tokens for the root schema of document `doc` in a linked set.
pub fn generate(set: &SchemaSet, doc: DocId, settings: &Settings) -> Result<TokenStream> {
    let mut tokens = emit::Tokens::default();
    generate_into(set, doc, settings, &mut tokens)?;
    Ok(tokens.finish())
}

/// [`generate`], printed (with the `@generated` header naming `source_name`) as the
/// tokens are emitted, so that the whole module's tokens are never held at once.
pub(crate) fn generate_printed(
    set: &SchemaSet,
    doc: load::DocId,
    settings: &Settings,
    source_name: &str,
) -> Result<String> {
    let mut printer = emit::Printer::new(source_name);
    generate_into(set, doc, settings, &mut printer)?;
    Ok(printer.finish())
}

fn generate_into(
    set: &SchemaSet,
    doc: load::DocId,
    settings: &Settings,
    sink: &mut dyn emit::Sink,
) -> Result<()> {
    let module = if settings.types {
        Some(RustTypes::lower(set, doc, settings)?.module)
    } else {
        rust_types::ready(set, doc, settings)?;
        None
    };
    emit::emit_into(set, doc, module.as_ref(), settings, sink)
}

/// Generates formatted Rust source (with the `@generated` header) for one schema given as
/// text: a convenience for single-file schemas without cross-file references (other than
/// to the built-in metaschemas, [`metaschemas`]).
///
/// Runs on a thread of its own with a large stack (256 MiB), so deep schemas generate
/// whatever the caller's stack.
pub fn generate_source(display: &str, text: &str, settings: &Settings) -> Result<String> {
    load::on_generator_stack(|| generate_source_here(display, text, settings))
}

fn generate_source_here(display: &str, text: &str, settings: &Settings) -> Result<String> {
    let mut set = SchemaSet::new();
    let uri = format!("envgen-memory:///{}", display.trim_start_matches('/'));
    let doc = set.add_document(display, &uri, text)?;
    config::add_missing(&mut set, |set, m| set.add_builtin_metaschema(m))?;
    // A reference to another document fails here, located at its `$ref`.
    set.link()?;
    generate_printed(
        &set,
        doc,
        settings,
        settings.source_name.as_deref().unwrap_or(display),
    )
}
