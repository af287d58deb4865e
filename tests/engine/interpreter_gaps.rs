//! The ResponseEnvelope spec's interpreter, two rules made exact: the retry limit counts
//! one command's failures (not one `error.code` across commands), and REDIRECTED (13)
//! without a replacement command is escalated instead of retried.

use envgen::response::{Action, Escalation, Interpreter};
use std::time::Duration;

const RATE: &str = r#"{"ok":false,"data":null,"error":{"code":"RATE_LIMIT_EXCEEDED","message":"API rate limit reached","retryable":true,"retry_after":30},"warnings":[],"meta":{"duration_ms":6}}"#;

fn retry() -> Action {
    Action::Retry {
        after: Duration::from_secs(30),
    }
}

#[test]
fn retry_limit_counts_per_command_and_error_code() {
    let mut agent = Interpreter::new();
    // Three commands hitting the same rate limit: each is a first failure.
    for command in ["tool a", "tool b", "tool c", "tool a"] {
        assert_eq!(
            agent.interpret(command, 11, RATE).action,
            retry(),
            "{command}"
        );
    }
    // The same command three more times: the fourth failure in a row escalates.
    let mut agent = Interpreter::new();
    for _ in 0..3 {
        assert_eq!(agent.interpret("tool a", 11, RATE).action, retry());
    }
    assert_eq!(
        agent.interpret("tool a", 11, RATE).action,
        Action::Escalate(Escalation::RetryLimit {
            code: "RATE_LIMIT_EXCEEDED".into()
        })
    );
}

#[test]
fn redirected_without_a_redirect_is_escalated_not_retried() {
    for error in [
        r#"{"code":"COMMAND_RENAMED","message":"moved","retryable":true}"#,
        r#"{"code":"COMMAND_RENAMED","message":"moved","retryable":true,"redirect":{"permanent":true}}"#,
    ] {
        let doc = format!(
            r#"{{"ok":false,"data":null,"error":{error},"warnings":[],"meta":{{"duration_ms":2}}}}"#
        );
        let d = Interpreter::new().interpret("tool user create", 13, &doc);
        assert_eq!(
            d.action,
            Action::Escalate(Escalation::RedirectWithoutCommand),
            "{error}"
        );
    }
    // with the replacement, the redirect is followed as before
    let doc = r#"{"ok":false,"data":null,"error":{"code":"COMMAND_RENAMED","message":"moved","retryable":true,"redirect":{"command":"tool users add","permanent":false}},"warnings":[],"meta":{"duration_ms":2}}"#;
    assert_eq!(
        Interpreter::new()
            .interpret("tool user create", 13, doc)
            .action,
        Action::FollowRedirect {
            command: "tool users add".into(),
            permanent: false
        }
    );
}
