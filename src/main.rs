//! The `envgen` binary: everything lives in the library (`envgen::cli`).

/// Generation allocates and frees millions of small token trees; mimalloc does that
/// faster than the system allocator (BENCHMARKS.md, "Hostile schemas").
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    std::process::exit(envgen::cli::main());
}
