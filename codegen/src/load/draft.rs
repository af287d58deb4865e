//! JSON Schema drafts, detected from `$schema`.

/// A JSON Schema draft.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Draft {
    /// Draft 4.
    Draft4,
    /// Draft 6.
    Draft6,
    /// Draft 7.
    Draft7,
    /// Draft 2019-09.
    Draft201909,
    /// Draft 2020-12.
    Draft202012,
}

impl Draft {
    /// The draft a `$schema` URI names, if it names one envgen knows: a draft's own
    /// metaschema, or one of OpenAPI 3.1's and 3.2's Schema Object dialects
    /// (`https://spec.openapis.org/oas/3.1/dialect/base`, and the dated ones), which are
    /// draft 2020-12 with OpenAPI's annotation keywords.
    pub fn from_uri(uri: &str) -> Option<Draft> {
        let u = uri.trim_end_matches('#').trim_end_matches('/');
        let u = u
            .strip_prefix("https://")
            .or_else(|| u.strip_prefix("http://"))
            .unwrap_or(u);
        match u {
            "json-schema.org/draft-04/schema" => Some(Draft::Draft4),
            "json-schema.org/draft-06/schema" => Some(Draft::Draft6),
            "json-schema.org/draft-07/schema" => Some(Draft::Draft7),
            "json-schema.org/draft/2019-09/schema" => Some(Draft::Draft201909),
            "json-schema.org/draft/2020-12/schema" => Some(Draft::Draft202012),
            _ if super::metaschemas::is_openapi_dialect(uri) => Some(Draft::Draft202012),
            _ => None,
        }
    }

    /// Parses a draft name as the CLI's `--draft` takes it (`4`, `6`, `7`, `2019-09`,
    /// `2020-12`, optionally prefixed `draft-` / `draft`).
    pub fn from_name(name: &str) -> Option<Draft> {
        let n = name
            .trim()
            .trim_start_matches("draft")
            .trim_start_matches('-')
            .trim_start_matches('0');
        match n {
            "4" => Some(Draft::Draft4),
            "6" => Some(Draft::Draft6),
            "7" => Some(Draft::Draft7),
            "2019-09" => Some(Draft::Draft201909),
            "2020-12" => Some(Draft::Draft202012),
            _ => None,
        }
    }

    /// The draft's name, as `--draft` takes it.
    pub fn name(self) -> &'static str {
        match self {
            Draft::Draft4 => "4",
            Draft::Draft6 => "6",
            Draft::Draft7 => "7",
            Draft::Draft201909 => "2019-09",
            Draft::Draft202012 => "2020-12",
        }
    }

    /// Whether `$ref` makes its sibling keywords ignored (drafts 4 to 7).
    pub fn ref_overrides_siblings(self) -> bool {
        self <= Draft::Draft7
    }

    /// Whether `items` may be an array of schemas (tuple form), with `additionalItems`.
    pub fn items_array_form(self) -> bool {
        self <= Draft::Draft201909
    }

    /// The keyword holding a schema's identifier.
    pub fn id_keyword(self) -> &'static str {
        if self == Draft::Draft4 {
            "id"
        } else {
            "$id"
        }
    }
}

impl Default for Draft {
    /// Draft 2020-12, the current draft, for a schema without `$schema`.
    fn default() -> Self {
        Draft::Draft202012
    }
}
