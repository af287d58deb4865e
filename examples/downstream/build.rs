//! Generates `deploy_request.rs` (types, serde impls, validators) into `OUT_DIR`.

fn main() {
    envgen_codegen::Config::new()
        .schema("schemas/deploy-request.json")
        .compile_or_exit();
}
