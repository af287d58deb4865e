//! The `envgen` binary end to end: generation, `validate`, `fmt`, `diff`, `help`,
//! `--crate` scaffolds, hostile input, and the README's example checker.
//!
//! One test binary for these modules (each was a binary of its own): one link, one
//! process, the helpers compiled once.

mod cli;
mod cli_fmt;
mod cli_help;
mod diff;
mod hostile;
mod readme_check;
mod scaffold;

use std::path::Path;
use std::process::Output;

/// The repository root: the directory the binary runs in, where relative paths resolve.
fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Runs the `envgen` binary in the repository root, with `stdin` as its standard input.
fn envgen(args: &[&str], stdin: Option<&[u8]>) -> Output {
    envgen_test_support::cli::run(env!("CARGO_BIN_EXE_envgen"), root(), args, stdin)
}

/// Runs the CLI's logic in this process (`envgen::cli::run`, what `main` calls):
/// (exit code, stdout, stderr).
fn envgen_in_process(args: &[&str]) -> (i32, String, String) {
    let mut out = Vec::new();
    let mut err = Vec::new();
    let mut argv = vec!["envgen"];
    argv.extend_from_slice(args);
    let code = envgen::cli::run(
        argv,
        &mut envgen::cli::Io {
            out: &mut out,
            err: &mut err,
        },
    );
    (
        code,
        String::from_utf8_lossy(&out).into_owned(),
        String::from_utf8_lossy(&err).into_owned(),
    )
}
