//! The official metaschemas, built in: a fixed table from canonical URI to the text
//! published at json-schema.org (vendored in `codegen/metaschemas/`, where a README says
//! where each file came from).
//!
//! The build layer ([`crate::Config`]) resolves a reference to a document that is neither
//! loaded nor mapped by the user through this table before it gives up, so
//! `{"$ref": "https://json-schema.org/draft/2020-12/schema"}` works offline. A user's own
//! mapping (`--map`, [`crate::Config::map`], the resources of
//! [`crate::Config::load_in_memory`]) is asked first and wins.

/// One built-in metaschema.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Metaschema {
    /// Its canonical URI: its own `$id` (or `id`) without the empty fragment, for example
    /// `http://json-schema.org/draft-07/schema` or
    /// `https://json-schema.org/draft/2020-12/meta/core`.
    pub uri: &'static str,
    /// The JSON text, byte for byte as published.
    pub text: &'static str,
}

macro_rules! metaschemas {
    ($($scheme:literal $host:literal $path:literal),* $(,)?) => {
        /// Every built-in metaschema, sorted by canonical URI: drafts 4, 6 and 7, the
        /// 2019-09 and 2020-12 metaschemas with their vocabulary metaschemas (`…/meta/…`),
        /// and the OpenAPI 3.1 and 3.2 dialects and OAS base vocabularies
        /// (`https://spec.openapis.org/oas/3.1/dialect/base`, dated ones beside them).
        pub const ALL: &[Metaschema] = &[$(Metaschema {
            uri: concat!($scheme, "://", $host, "/", $path),
            text: include_str!(concat!("../../metaschemas/", $path)),
        }),*];
    };
}

metaschemas! {
    "http" "json-schema.org" "draft-04/schema",
    "http" "json-schema.org" "draft-06/schema",
    "http" "json-schema.org" "draft-07/schema",
    "https" "json-schema.org" "draft/2019-09/meta/applicator",
    "https" "json-schema.org" "draft/2019-09/meta/content",
    "https" "json-schema.org" "draft/2019-09/meta/core",
    "https" "json-schema.org" "draft/2019-09/meta/format",
    "https" "json-schema.org" "draft/2019-09/meta/meta-data",
    "https" "json-schema.org" "draft/2019-09/meta/validation",
    "https" "json-schema.org" "draft/2019-09/schema",
    "https" "json-schema.org" "draft/2020-12/meta/applicator",
    "https" "json-schema.org" "draft/2020-12/meta/content",
    "https" "json-schema.org" "draft/2020-12/meta/core",
    "https" "json-schema.org" "draft/2020-12/meta/format-annotation",
    "https" "json-schema.org" "draft/2020-12/meta/meta-data",
    "https" "json-schema.org" "draft/2020-12/meta/unevaluated",
    "https" "json-schema.org" "draft/2020-12/meta/validation",
    "https" "json-schema.org" "draft/2020-12/schema",
    "https" "spec.openapis.org" "oas/3.1/dialect/2024-11-10",
    "https" "spec.openapis.org" "oas/3.1/dialect/base",
    "https" "spec.openapis.org" "oas/3.1/meta/2024-11-10",
    "https" "spec.openapis.org" "oas/3.1/meta/base",
    "https" "spec.openapis.org" "oas/3.2/dialect/2025-09-17",
    "https" "spec.openapis.org" "oas/3.2/dialect/base",
    "https" "spec.openapis.org" "oas/3.2/meta/2025-09-17",
    "https" "spec.openapis.org" "oas/3.2/meta/base",
}

/// The built-in metaschema a URI names, if any. `http://` and `https://` name the same
/// metaschema, and an empty fragment (a trailing `#`) is ignored:
/// `https://json-schema.org/draft-07/schema#` finds draft 7's.
pub fn lookup(uri: &str) -> Option<&'static Metaschema> {
    let uri = uri.strip_suffix('#').unwrap_or(uri);
    let rest = uri
        .strip_prefix("https://")
        .or_else(|| uri.strip_prefix("http://"))?;
    ALL.iter()
        .find(|m| m.uri.split_once("://").map(|(_, r)| r) == Some(rest))
}

/// Whether `uri` names one of OpenAPI's own Schema Object dialects (3.1 or 3.2, base or
/// dated): JSON Schema 2020-12 with the OAS base vocabulary, whose keywords
/// (`discriminator`, `xml`, `externalDocs`, `example`) are annotations to envgen.
pub fn is_openapi_dialect(uri: &str) -> bool {
    lookup(uri).is_some_and(|m| {
        m.uri.starts_with("https://spec.openapis.org/oas/") && m.uri.contains("/dialect/")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each entry's text is JSON whose `$id` (`id` in draft 4) is its canonical URI.
    #[test]
    fn table_names_each_document_by_its_own_id() {
        assert_eq!(ALL.len(), 26);
        for m in ALL {
            let v: serde_json::Value = serde_json::from_str(m.text).unwrap();
            let id = v
                .get("$id")
                .or_else(|| v.get("id"))
                .and_then(|i| i.as_str())
                .unwrap();
            assert_eq!(id.trim_end_matches('#'), m.uri, "{}", m.uri);
        }
        let uris: Vec<&str> = ALL.iter().map(|m| m.uri).collect();
        let mut sorted = uris.clone();
        sorted.sort_unstable();
        assert_eq!(uris, sorted);
    }

    #[test]
    fn both_schemes_and_an_empty_fragment_resolve() {
        let d7 = "http://json-schema.org/draft-07/schema";
        for spelling in [
            "http://json-schema.org/draft-07/schema",
            "http://json-schema.org/draft-07/schema#",
            "https://json-schema.org/draft-07/schema",
            "https://json-schema.org/draft-07/schema#",
        ] {
            assert_eq!(lookup(spelling).map(|m| m.uri), Some(d7), "{spelling}");
        }
        assert_eq!(
            lookup("http://json-schema.org/draft/2020-12/meta/core").map(|m| m.uri),
            Some("https://json-schema.org/draft/2020-12/meta/core")
        );
        assert!(lookup("https://json-schema.org/draft-05/schema").is_none());
        assert!(lookup("https://example.com/draft-07/schema").is_none());
        assert!(lookup("https://json-schema.org/draft-07/schema#/definitions").is_none());
        assert_eq!(
            lookup("https://spec.openapis.org/oas/3.1/dialect/2024-11-10").map(|m| m.uri),
            Some("https://spec.openapis.org/oas/3.1/dialect/2024-11-10")
        );
        assert!(lookup("https://spec.openapis.org/oas/3.1/dialect/2099-01-01").is_none());
    }

    #[test]
    fn openapi_dialects_are_told_from_their_vocabularies() {
        for d in [
            "https://spec.openapis.org/oas/3.1/dialect/base",
            "https://spec.openapis.org/oas/3.1/dialect/2024-11-10",
            "https://spec.openapis.org/oas/3.2/dialect/2025-09-17",
            "https://spec.openapis.org/oas/3.2/dialect/base",
        ] {
            assert!(is_openapi_dialect(d), "{d}");
        }
        for not in [
            "https://spec.openapis.org/oas/3.1/meta/base",
            "https://json-schema.org/draft/2020-12/schema",
            "https://spec.openapis.org/oas/3.3/dialect/WORK-IN-PROGRESS",
        ] {
            assert!(!is_openapi_dialect(not), "{not}");
        }
    }
}
