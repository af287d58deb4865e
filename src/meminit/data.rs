//! The typed `data` payloads, one per command (section 8), generated from
//! `schemas/meminit/<command>.json`: `envgen::meminit::data::<command>::<Command>Data`.
//! Each holds at least the section 8 fields; other keys land in `extra`.
//! `MeminitEnvelope<data::check::CheckData>` is a typed `check` result;
//! [`super::parse`] picks the type from `command`.

/// `CheckData`: `files_checked`, `files_passed`, `files_failed` (integers) (`meminit check`).
#[allow(missing_docs)] // an undocumented schema property has no doc
pub mod check {
    include!(concat!(env!("OUT_DIR"), "/meminit_data_check.rs"));
}

/// `FixData`: `fixed`, `remaining` (integers), `dry_run` (boolean) (`meminit fix`).
#[allow(missing_docs)] // an undocumented schema property has no doc
pub mod fix {
    include!(concat!(env!("OUT_DIR"), "/meminit_data_fix.rs"));
}

/// `ScanData`: `report` (object) (`meminit scan`).
#[allow(missing_docs)] // an undocumented schema property has no doc
pub mod scan {
    include!(concat!(env!("OUT_DIR"), "/meminit_data_scan.rs"));
}

/// `NewData`: `document_id`, `path`, `type`, `title` (strings) (`meminit new`).
#[allow(missing_docs)] // an undocumented schema property has no doc
pub mod new {
    include!(concat!(env!("OUT_DIR"), "/meminit_data_new.rs"));
}

/// `IndexData`: `index_path` (string), `document_count` (integer) (`meminit index`).
#[allow(missing_docs)] // an undocumented schema property has no doc
pub mod index {
    include!(concat!(env!("OUT_DIR"), "/meminit_data_index.rs"));
}

/// `ResolveData`: `document_id`, `path` (strings) (`meminit resolve`).
#[allow(missing_docs)] // an undocumented schema property has no doc
pub mod resolve {
    include!(concat!(env!("OUT_DIR"), "/meminit_data_resolve.rs"));
}

/// `IdentifyData`: `path`, `document_id` (strings) (`meminit identify`).
#[allow(missing_docs)] // an undocumented schema property has no doc
pub mod identify {
    include!(concat!(env!("OUT_DIR"), "/meminit_data_identify.rs"));
}

/// `LinkData`: `document_id`, `link` (strings) (`meminit link`).
#[allow(missing_docs)] // an undocumented schema property has no doc
pub mod link {
    include!(concat!(env!("OUT_DIR"), "/meminit_data_link.rs"));
}

/// `DoctorData`: `status` (string), `errors`, `warnings` (arrays) (`meminit doctor`).
#[allow(missing_docs)] // an undocumented schema property has no doc
pub mod doctor {
    include!(concat!(env!("OUT_DIR"), "/meminit_data_doctor.rs"));
}

/// `ContextData`: `repo_prefix`, `docops_version`, `docs_root`, `namespaces` (array), `schema_path`, `index_path` (`meminit context`).
#[allow(missing_docs)] // an undocumented schema property has no doc
pub mod context {
    include!(concat!(env!("OUT_DIR"), "/meminit_data_context.rs"));
}
