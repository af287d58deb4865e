//! The goldens are usable types, not just compilable text.

use envgen_goldens::response_envelope::ResponseEnvelope;

#[test]
fn goldens_parse_a_document() {
    let doc = r#"{"ok":true,"data":{"id":1},"error":null,"warnings":[],"meta":{"duration_ms":3}}"#;
    let env = ResponseEnvelope::<serde_json::Value>::from_json_str(doc)
        .unwrap_or_else(|e| panic!("a valid envelope failed: {e}"));
    assert_eq!(
        serde_json::to_string(&env).ok().as_deref(),
        Some(doc),
        "the round trip is exact"
    );
}
