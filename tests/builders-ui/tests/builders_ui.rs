//! Compile-fail tests of the generated builders: a missing required field, a missing
//! builder input, and setting a derived field do not compile. The compiler's messages are
//! kept in `tests/ui/*.stderr` (refresh with `TRYBUILD=overwrite cargo test -p
//! envgen-builders-ui --test builders_ui`, then review the diff).

#[test]
fn builder_typestate() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
}
