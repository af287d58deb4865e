//! (b) Each envelope's parse entry points on arbitrary bytes (non-UTF-8 included): never
//! a panic, only `Ok` or located `ValidationErrors`. Whatever parses as JSON also goes
//! through the module-level `validate_value_with`.
#![no_main]

use envgen::runtime::{Document, Options};
use libfuzzer_sys::fuzz_target;
use serde_json::Value;

fn parse<T: Document>(data: &[u8], options: &Options) {
    let slice = T::from_json_slice_with(data, options);
    if let Ok(text) = std::str::from_utf8(data) {
        let s = T::from_json_str_with(text, options);
        assert_eq!(
            slice.is_ok(),
            s.is_ok(),
            "from_json_slice and from_json_str disagree"
        );
    } else {
        assert!(slice.is_err(), "non-UTF-8 input accepted");
    }
    if let Err(e) = slice {
        assert!(e.first().is_some(), "an empty error list");
    }
}

fuzz_target!(|data: &[u8]| {
    for options in [
        Options::new(),
        Options::new().all_errors(true).formats(true),
    ] {
        parse::<envgen::response_envelope::ResponseEnvelope>(data, &options);
        parse::<envgen::tool_response::ToolResponse>(data, &options);
        parse::<envgen::cmdhelp::Cmdhelp>(data, &options);
        parse::<envgen::meminit::MeminitEnvelope>(data, &options);
        if let Ok(v) = serde_json::from_slice::<Value>(data) {
            let _ = envgen::response_envelope::validate_value_with(&v, &options);
            let _ = envgen::tool_response::validate_value_with(&v, &options);
            let _ = envgen::cmdhelp::validate_value_with(&v, &options);
            let _ = envgen::meminit::validate_value_with(&v, &options);
        }
    }
});
