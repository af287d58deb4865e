//! Generates `deploy_request.rs` (types, serde impls, validators) and `pets.rs` (one type
//! per `components/schemas` entry of an OpenAPI document in YAML) into `OUT_DIR`.

fn main() {
    envgen_codegen::Config::new()
        .schema("schemas/deploy-request.json")
        .schema("schemas/pets.yaml")
        .compile_or_exit();
}
