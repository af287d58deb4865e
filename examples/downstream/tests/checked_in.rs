//! Checked-in mode: `src/generated/*.rs` is generated code kept in the source tree. This
//! test fails when it is stale (a schema, the settings or envgen changed) and says how to
//! regenerate it: `ENVGEN_BLESS=1 cargo test -p envgen-example-downstream`.

mod support;

#[test]
fn checked_in_code_is_fresh() {
    if let Err(e) = support::release_note().ensure_checked_in("src/generated") {
        panic!("{e}");
    }
}

/// Root types with a type parameter are checked in like any other.
#[test]
fn checked_in_generic_roots_are_fresh() {
    if let Err(e) = support::generic_roots().ensure_checked_in("src/generated") {
        panic!("{e}");
    }
}
