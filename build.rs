// Generates the four envelope modules into OUT_DIR (see codegen/src/builtin.rs for their
// settings). Writes only changed files; reruns only when a schema changes.
fn main() {
    envgen_codegen::builtin::envelopes(env!("CARGO_MANIFEST_DIR")).compile_or_exit();
}
