//! Running a binary (the `envgen` CLI, an example) the way a user's shell would: arguments,
//! a working directory and optional standard input, its output captured.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// Runs `exe` with `args` in `dir`, writing `stdin` to its standard input (none: an empty,
/// closed input), and waits for it.
pub fn run(exe: &str, dir: &Path, args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut child = Command::new(exe)
        .args(args)
        .current_dir(dir)
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {exe}: {e}"));
    if let (Some(input), Some(mut pipe)) = (stdin, child.stdin.take()) {
        // A child that exits without reading its input closes the pipe: not an error here.
        let _ = pipe.write_all(input);
    }
    child
        .wait_with_output()
        .unwrap_or_else(|e| panic!("{exe} did not finish: {e}"))
}

/// The standard output, as text (invalid UTF-8 replaced).
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// The standard error, as text (invalid UTF-8 replaced).
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The exit code; -1 when a signal ended the process.
pub fn code(o: &Output) -> i32 {
    o.status.code().unwrap_or(-1)
}
