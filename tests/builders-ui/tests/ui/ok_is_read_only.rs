// ResponseEnvelope's `ok` is derived (ResponseEnvelope spec): it is read with `ok()` and cannot be set.
use envgen_builders_ui::response_envelope::ResponseEnvelope;

fn main() {
    let mut env: ResponseEnvelope = ResponseEnvelope::from_json_str(
        r#"{"ok":true,"data":{},"error":null,"warnings":[],"meta":{"duration_ms":1}}"#,
    )
    .unwrap();
    assert!(env.ok());
    env.ok = false;
}
