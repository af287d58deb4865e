//! An agent harness checking the documents it receives, one contract each:
//!
//! ```sh
//! cargo run --example check_received -- tool-response out.json
//! cargo run --example check_received -- meminit meminit-stdout.txt
//! cargo run --example check_received -- response-envelope stdout.json 13
//! cargo run --example check_received -- cmdhelp help.json
//! ```
//!
//! It prints one line per broken rule (`<rule id> at <pointer>: <message>`) and exits 1
//! when a MUST rule is broken. The body of [`check`] is the README's example.

use envgen::rules::{Level, Violation};

/// Every rule `text` breaks, as the contract `kind` states them.
// README: begin
pub fn check(kind: &str, text: &str, exit_code: Option<i32>) -> Result<Vec<Violation>, String> {
    use envgen::{help, meminit, response, tool};
    if kind == "meminit" {
        return Ok(meminit::check(text)); // the raw text: 9.1 and 9.2 are about the bytes
    }
    let doc: serde_json::Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
    Ok(match kind {
        "tool-response" => tool::check(&doc), // the schema first, then every prose rule
        "response-envelope" => response::check(exit_code, &doc), // with the process exit code
        "cmdhelp" => help::check(&doc),
        other => return Err(format!("unknown contract {other:?}")),
    })
}
// README: end

/// Runs the harness on `args` (`KIND FILE [EXIT_CODE]`): the lines to print and the exit
/// status.
pub fn run(args: &[String]) -> (Vec<String>, i32) {
    let [kind, file, rest @ ..] = args else {
        return (
            vec!["usage: check_received KIND FILE [EXIT_CODE]".into()],
            2,
        );
    };
    let exit_code = rest.first().and_then(|c| c.parse().ok());
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => return (vec![format!("{file}: {e}")], 2),
    };
    match check(kind, &text, exit_code) {
        Err(e) => (vec![e], 2),
        Ok(violations) => {
            let broken = violations.iter().any(|v| v.level == Level::Must);
            let lines = violations.iter().map(ToString::to_string).collect();
            (lines, i32::from(broken))
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (lines, status) = run(&args);
    for line in lines {
        println!("{line}");
    }
    std::process::exit(status);
}
