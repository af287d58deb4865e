//! Snapshot review for crates that generate code with envgen (feature `insta`): after a
//! schema edit, `cargo insta test` shows what changed in the generated API and in the
//! example documents' round trips, and `cargo insta review` accepts it.
//!
//! From a test of the crate that owns the schemas:
//!
//! ```ignore
//! #[test]
//! fn generated_code() {
//!     // One snapshot per schema: `snapshots/<test file>__<module>.snap`.
//!     envgen_codegen::assert_generated_snapshots!(
//!         envgen_codegen::Config::new().schema("schemas/deploy-request.json")
//!     );
//! }
//!
//! #[test]
//! fn documents_round_trip() {
//!     // One snapshot per document.
//!     insta::glob!("documents/*.json", |path| {
//!         let text = std::fs::read_to_string(path).unwrap();
//!         insta::assert_snapshot!(envgen_codegen::snapshot::round_trip(
//!             &text,
//!             DeployRequest::from_json_str,
//!         ));
//!     });
//! }
//! ```
//!
//! A root type with type parameters (a `$dynamicRef` to a placeholder makes one, and so
//! does `Settings::generic`) is named as a type, which takes the parameters' defaults:
//! `<ApiDescription>::from_json_str`; or with them chosen:
//! `JobResult::<Rollout>::from_json_str`. Written `ApiDescription::from_json_str`, the
//! parameters are left to inference, which has nothing to choose from (error E0283).
//!
//! Build scripts do not pay for this: the `insta` feature is for dev-dependencies.

use std::fmt::Display;

/// insta, for [`crate::assert_generated_snapshots!`] (which expands in the caller's
/// test, so that insta files the snapshots beside that test).
#[doc(hidden)]
pub use insta as __insta;

/// A document's round trip through a generated type, as text to snapshot: `parse` is the
/// type's checked parse (`T::from_json_str`, or `<T>::from_json_str` when `T` has type
/// parameters, for their defaults). An accepted document gives `accepted`, whether
/// serializing it again gives back the same JSON (`identical`, or `changed` and how), and
/// the serialized form, pretty-printed; a rejected one gives its errors in their alternate
/// `Display` form (`{:#}`), which for envgen's `ValidationErrors` is one line per error:
/// instance pointer, message, keyword and schema location.
pub fn round_trip<T, E>(text: &str, parse: impl FnOnce(&str) -> Result<T, E>) -> String
where
    T: serde::Serialize,
    E: Display,
{
    let value = match parse(text) {
        Ok(value) => value,
        Err(errors) => return format!("rejected\n{errors:#}\n"),
    };
    let back = match serde_json::to_value(&value) {
        Ok(back) => back,
        Err(e) => return format!("accepted, but it does not serialize: {e}\n"),
    };
    // serde_json's `preserve_order` (on wherever envgen is used: envgen-runtime enables
    // it) keeps each object's key order, so equal compact texts mean the same keys in the
    // same order; equal values with different texts mean another key order.
    let verdict = match serde_json::from_str::<serde_json::Value>(text) {
        Ok(original)
            if serde_json::to_string(&original).ok() == serde_json::to_string(&back).ok() =>
        {
            "identical".to_owned()
        }
        Ok(original) if original == back => {
            "changed: the same JSON, keys in another order".to_owned()
        }
        Ok(_) => "changed: the serialized JSON differs from the document".to_owned(),
        Err(e) => format!("changed: the document is not JSON ({e})"),
    };
    let pretty = serde_json::to_string_pretty(&back).unwrap_or_else(|e| e.to_string());
    format!("accepted; round trip: {verdict}\n{pretty}\n")
}

/// Snapshots the generated code of every schema of a [`crate::Config`], one insta
/// snapshot per module, named after the module. Expands in the calling test, so the
/// snapshots sit beside it (`tests/snapshots/`); a schema envgen refuses fails the test
/// with the located error.
#[macro_export]
macro_rules! assert_generated_snapshots {
    ($config:expr) => {{
        let config: &$crate::Config = &$config;
        match config.generate() {
            Ok(generated) => {
                for g in generated {
                    $crate::snapshot::__insta::assert_snapshot!(g.module.clone(), g.code);
                }
            }
            Err(e) => panic!("envgen: {e}"),
        }
    }};
}

#[cfg(test)]
mod tests {
    use super::round_trip;

    #[derive(serde::Serialize)]
    struct Pair {
        b: u8,
        a: u8,
    }

    fn parse(text: &str) -> Result<Pair, String> {
        let v: serde_json::Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
        let field = |k: &str| {
            v.get(k)
                .and_then(serde_json::Value::as_u64)
                .and_then(|n| u8::try_from(n).ok())
                .ok_or_else(|| format!("/{k}: not a small integer (type at #/properties/{k})"))
        };
        Ok(Pair {
            b: field("b")?,
            a: field("a")?,
        })
    }

    #[test]
    fn reports_identical_reordered_changed_and_rejected() {
        assert_eq!(
            round_trip(r#"{"b":1,"a":2}"#, parse),
            "accepted; round trip: identical\n{\n  \"b\": 1,\n  \"a\": 2\n}\n"
        );
        assert!(round_trip(r#"{"a":2,"b":1}"#, parse)
            .starts_with("accepted; round trip: changed: the same JSON, keys in another order\n"));
        assert!(round_trip(r#"{"a":2,"b":1,"c":3}"#, parse)
            .starts_with("accepted; round trip: changed: the serialized JSON differs"));
        assert_eq!(
            round_trip(r#"{"a":2,"b":"x"}"#, parse),
            "rejected\n/b: not a small integer (type at #/properties/b)\n"
        );
    }
}
