//! Helpers shared by the tests of this crate.

use envgen_runtime::ValidationErrors;

/// (instance path, keyword, schema path) of each error.
pub(crate) fn triples(e: &ValidationErrors) -> Vec<(String, String, String)> {
    e.errors()
        .iter()
        .map(|e| {
            (
                e.instance_path.clone(),
                e.keyword.clone(),
                e.schema_path.clone(),
            )
        })
        .collect()
}
