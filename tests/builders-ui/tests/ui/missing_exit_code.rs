// Everything but the exit code `ok` is derived from.
use envgen_builders_ui::response_envelope::{ResponseEnvelope, ResponseMeta};

fn main() {
    let meta = ResponseMeta::builder().duration_ms(3).build().unwrap();
    let _ = ResponseEnvelope::<serde_json::Value>::builder()
        .data(serde_json::json!({"id": 1}))
        .error_null()
        .warnings(Vec::<String>::new())
        .meta(meta)
        .build();
}
