//! Generates `deploy_request.rs` (types, serde impls, validators) and `pets.rs` (one type
//! per `components/schemas` entry of an OpenAPI document in YAML) into `OUT_DIR`; and, with
//! `ENVGEN_BLESS=1`, regenerates the checked-in modules of `src/generated/` before the
//! crate compiles (`tests/checked_in.rs` checks that they are fresh).

#[path = "tests/support/mod.rs"]
mod support;

fn main() {
    envgen_codegen::Config::new()
        .schema("schemas/deploy-request.json")
        .schema("schemas/pets.yaml")
        .compile_or_exit();
    // Checked-in mode's build-script half: it works even when the checked-in code no
    // longer compiles (an envgen upgrade), where the test's bless cannot run.
    for config in [support::release_note(), support::generic_roots()] {
        if let Err(e) = config.bless_checked_in("src/generated") {
            eprintln!("error: envgen: {e}");
            std::process::exit(1);
        }
    }
}
