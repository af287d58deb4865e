//! The ResponseEnvelope and ToolResponse goldens, turned back into Rust by
//! envgen-goldens' own build script (`generated/build.rs`, included).

#[path = "../../generated/build.rs"]
#[allow(dead_code)] // its `main` is envgen-goldens' build script
mod goldens;

fn main() {
    goldens::extract(
        std::path::Path::new("../../generated/snapshots"),
        |module| matches!(module, "response_envelope" | "tool_response"),
    );
}
