//! Checked-in mode: `src/generated/release_note.rs` is generated code kept in the source
//! tree. This test fails when it is stale (the schema, the settings or envgen changed)
//! and says how to regenerate it: `ENVGEN_BLESS=1 cargo test -p envgen-example-downstream`.

mod support;

#[test]
fn checked_in_code_is_fresh() {
    if let Err(e) = support::release_note().ensure_checked_in("src/generated") {
        panic!("{e}");
    }
}
