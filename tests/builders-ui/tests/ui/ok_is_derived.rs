// ResponseEnvelope's `ok` is derived from the exit code (ResponseEnvelope spec): there is no setter.
use envgen_builders_ui::response_envelope::ResponseEnvelope;

fn main() {
    let _ = ResponseEnvelope::<serde_json::Value>::builder().ok(true);
}
