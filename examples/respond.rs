//! A tiny CLI whose every command result goes through `envgen::response::respond`.
//!
//! ```sh
//! cargo run --example respond -- deploy prod              # success, exit 0
//! cargo run --example respond -- deploy prodution         # ARG_ERROR, exit 3
//! cargo run --example respond -- deploys list             # truncated page, exit 0
//! cargo run --example respond -- status --etag abc        # cache hit, exit 0
//! cargo run --example respond -- user create --name alice # REDIRECTED, exit 13
//! ```
//!
//! It prints exactly one envelope line on stdout and exits with the envelope's exit code.

use envgen::response::{ExitCode, Failure, Outcome, Responder, Response, Success};
use envgen::response_envelope::{ErrorDetailPhase, Redirect, RedirectReason};
use serde_json::{json, Value};

const ENVIRONMENTS: [&str; 3] = ["prod", "staging", "dev"];

/// The command handlers: they return an outcome and never build an envelope.
fn handle(args: &[&str]) -> Outcome<Value> {
    match args {
        ["deploy", env] if ENVIRONMENTS.contains(env) => {
            Ok(json!({ "id": "deploy-42", "status": "complete", "target": env }).into())
        }
        ["deploy", env] => Err(Failure::arg_error(
            "INVALID_ENVIRONMENT",
            format!("Unknown target environment '{env}'"),
        )
        .phase(ErrorDetailPhase::Validation)
        .suggestion("Valid environments: prod, staging, dev")),
        ["deploys", "list"] => Ok(Success::truncated(
            json!([{ "id": "deploy-40" }, { "id": "deploy-41" }]),
            Some("eyJvZmZzZXQiOjJ9".into()),
        )),
        ["status", "--etag", _] => Ok(Success::not_modified()),
        ["user", "create", "--name", name] => Err(Failure::redirected(
            "COMMAND_RENAMED",
            "'tool user create' was renamed in v2.0",
            Redirect {
                command: format!("tool users add --name {name}"),
                permanent: true,
                reason: Some(RedirectReason::Renamed),
            },
        )),
        _ => Err(Failure::arg_error("UNKNOWN_COMMAND", "Unknown command")
            .phase(ErrorDetailPhase::Validation)
            .suggestion("Commands: deploy <env>, deploys list, status --etag <tag>, user create --name <name>")),
    }
}

/// The framework: start the timer, dispatch, build the envelope.
pub fn run(args: &[&str]) -> Response<Value> {
    let responder = Responder::start().schema_version(1, 0);
    responder.respond(handle(args))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let code = run(&args)
        .emit()
        .unwrap_or(ExitCode::GENERAL_ERROR.as_i32());
    std::process::exit(code);
}
