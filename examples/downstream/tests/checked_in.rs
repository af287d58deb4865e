//! Checked-in mode: `src/generated/release_note.rs` is generated code kept in the source
//! tree. This test fails when it is stale (the schema or envgen changed) and says how to
//! regenerate it: `ENVGEN_BLESS=1 cargo test -p envgen-example-downstream`.

#[test]
fn checked_in_code_is_fresh() {
    let config = envgen_codegen::Config::new().schema("schemas/release-note.json");
    if let Err(e) = config.ensure_checked_in("src/generated") {
        panic!("{e}");
    }
}
