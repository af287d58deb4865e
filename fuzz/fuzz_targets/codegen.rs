//! (a) Codegen on arbitrary schema text: never a panic; either a located error or Rust
//! source that parses (`syn::parse_file`). An error the emitter marks `internal:` (its own
//! tokens did not parse) is a finding too.
#![no_main]

use envgen_codegen::{generate_source, Settings};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for settings in [Settings::new(), Settings::new().validators_only()] {
        match generate_source("fuzz.json", text, &settings) {
            Ok(code) => {
                if let Err(e) = syn::parse_file(&code) {
                    panic!("generated code does not parse: {e}\n{code}");
                }
            }
            Err(e) => {
                assert!(!e.file.is_empty(), "error without a file: {e}");
                assert!(
                    e.pointer.is_empty() || e.pointer.starts_with('/'),
                    "error pointer is not a JSON pointer: {e}"
                );
                assert!(!e.message.starts_with("internal"), "internal error: {e}");
            }
        }
    }
});
