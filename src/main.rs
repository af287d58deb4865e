//! The `envgen` binary: everything lives in the library (`envgen::cli`).
fn main() {
    std::process::exit(envgen::cli::main());
}
