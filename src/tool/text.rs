//! The `text` summary (ToolResponse spec, section 4): what was done and with what result;
//! the state when the status is `partial`; the next step when it is `partial` or `error`.
//!
//! ```
//! use envgen::tool::{status::Facts, text::Summary};
//!
//! let text = Summary::new("Found 100 matches for 'TODO' in 'src/'")
//!     .truncated_to(100, "matches")
//!     .compose(&Facts::new().truncated(true), None);
//! assert_eq!(
//!     text,
//!     "Found 100 matches for 'TODO' in 'src/'. (Results truncated to first 100 matches.) \
//!      Try increasing 'limit' or narrowing the 'path'."
//! );
//! ```

use super::error_code::ToolFailure;
use super::status::{Facts, PartialReason};

/// Composes a `text` from the action, the facts and the failure. State notes and next
/// steps default to the ToolResponse spec's wording for each reason; [`Summary::state`]
/// and [`Summary::next_step`] replace the defaults.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Summary {
    action: String,
    states: Vec<String>,
    next_steps: Vec<String>,
    truncated_to: Option<(usize, String)>,
}

impl Summary {
    /// Starts from the action and its result, e.g. `"Listed 20 entries in 'src'"`; a
    /// final period is added when it has no closing punctuation.
    pub fn new(action: impl Into<String>) -> Self {
        Self {
            action: action.into(),
            ..Self::default()
        }
    }

    /// Names the limit of a truncation, giving the state
    /// `(Results truncated to first <count> <noun>.)`.
    pub fn truncated_to(mut self, count: usize, noun: impl Into<String>) -> Self {
        self.truncated_to = Some((count, noun.into()));
        self
    }

    /// Adds a state note, used instead of the default notes (shown when `partial`).
    pub fn state(mut self, note: impl Into<String>) -> Self {
        self.states.push(note.into());
        self
    }

    /// Adds a next step, used instead of the default steps (shown when `partial` or
    /// `error`, and also when `success` if given).
    pub fn next_step(mut self, step: impl Into<String>) -> Self {
        self.next_steps.push(step.into());
        self
    }

    /// The text: action; then, if `failure` is set, `Error <CODE>: <message>` and the next
    /// step (the code's default, see [`super::error_code::ErrorCode::next_step`]);
    /// otherwise, when the facts make the run `partial`, the state of each reason and the
    /// next steps.
    pub fn compose(&self, facts: &Facts, failure: Option<&ToolFailure>) -> String {
        let mut parts = vec![sentence(&self.action)];
        if let Some(failure) = failure {
            parts.push(sentence(&format!(
                "Error {}: {}",
                failure.code, failure.message
            )));
            parts.extend(self.steps_or(|| vec![failure.code.next_step().to_owned()]));
        } else {
            let reasons = facts.partial_reasons();
            if !reasons.is_empty() {
                if self.states.is_empty() {
                    parts.extend(reasons.iter().map(|r| self.default_state(r)));
                } else {
                    parts.extend(self.states.iter().cloned());
                }
            }
            if reasons.is_empty() {
                parts.extend(self.next_steps.iter().cloned());
            } else {
                parts.extend(self.steps_or(|| {
                    let mut steps: Vec<String> = Vec::new();
                    for step in reasons.iter().map(default_next_step) {
                        if !steps.iter().any(|s| s == step) {
                            steps.push(step.to_owned());
                        }
                    }
                    steps
                }));
            }
        }
        parts.retain(|p| !p.is_empty());
        parts.join(" ")
    }

    fn steps_or(&self, default: impl FnOnce() -> Vec<String>) -> Vec<String> {
        if self.next_steps.is_empty() {
            default()
        } else {
            self.next_steps.clone()
        }
    }

    fn default_state(&self, reason: &PartialReason) -> String {
        match reason {
            PartialReason::Truncated => match &self.truncated_to {
                Some((count, noun)) => format!("(Results truncated to first {count} {noun}.)"),
                None => "(Results truncated.)".to_owned(),
            },
            PartialReason::Fallback(strategy) => format!(
                "(Used the '{strategy}' fallback strategy; results may be slower or less complete.)"
            ),
            PartialReason::DryRun => "(Dry-run only, no actual write performed.)".to_owned(),
            PartialReason::PartialFailure(n) => {
                let items = if *n == 1 { "item" } else { "items" };
                format!("({n} {items} failed; see data.failed_items.)")
            }
        }
    }
}

/// The ToolResponse spec's next step for each partial reason.
fn default_next_step(reason: &PartialReason) -> &'static str {
    match reason {
        PartialReason::Truncated => "Try increasing 'limit' or narrowing the 'path'.",
        PartialReason::Fallback(_) => {
            "Results are usable; install the preferred tool for faster, complete searches."
        }
        PartialReason::DryRun => "Run again without dry-run to apply the change.",
        PartialReason::PartialFailure(_) => "Check the failed items and retry them.",
    }
}

/// Trims and ends with closing punctuation.
fn sentence(text: &str) -> String {
    let text = text.trim();
    if text.is_empty() || text.ends_with(['.', '!', '?', ')', '…', '。']) {
        text.to_owned()
    } else {
        format!("{text}.")
    }
}

/// Verbs that open a next step (section 4's examples: "Try …", "Use …", "Check …",
/// "Consider …"; and the steps this module writes). Matched as whole words, any case.
pub const NEXT_STEP_VERBS: [&str; 25] = [
    "try", "use", "run", "rerun", "re-run", "check", "retry", "read", "pass", "choose", "fix",
    "install", "increase", "narrow", "consider", "set", "specify", "provide", "call", "inspect",
    "wait", "select", "open", "remove", "add",
];

/// Chinese markers of a next step (请, 尝试, 使用, 检查, 重试, 建议, 查看, 见: "see",
/// as in 完整输出见 `FILE`), matched as substrings.
pub const NEXT_STEP_ZH: [&str; 8] = ["请", "尝试", "使用", "检查", "重试", "建议", "查看", "见"];

/// Whether `text` names a next step (section 4, part 3): it has a word of
/// [`NEXT_STEP_VERBS`] or a marker of [`NEXT_STEP_ZH`]. A heuristic: prose cannot be
/// parsed, but a next step is an instruction, and instructions start with a verb.
pub fn names_next_step(text: &str) -> bool {
    let lower = text.to_lowercase();
    lower
        .split(|c: char| !c.is_alphanumeric() && c != '-')
        .any(|w| NEXT_STEP_VERBS.contains(&w))
        || NEXT_STEP_ZH.iter().any(|m| text.contains(m))
}

/// Whether `text` states `reason` (section 2 for truncation, "must"; section 3.2's
/// suggested wording for the others): truncation with "truncat" or 截断; a fallback with
/// "fallback", 降级, 回退 or the strategy's name; a dry run with "dry", "preview",
/// "no actual write" or 预览; a partial failure with "fail" or 失败. Any case.
pub fn explains(reason: &PartialReason, text: &str) -> bool {
    let lower = text.to_lowercase();
    let any = |words: &[&str]| words.iter().any(|w| lower.contains(w));
    match reason {
        PartialReason::Truncated => any(&["truncat", "截断"]),
        PartialReason::Fallback(strategy) => {
            any(&["fallback", "降级", "回退"]) || lower.contains(&strategy.to_lowercase())
        }
        PartialReason::DryRun => any(&["dry", "preview", "no actual write", "预览"]),
        PartialReason::PartialFailure(_) => any(&["fail", "失败"]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tool::error_code::ErrorCode;

    #[test]
    fn every_next_step_this_runtime_writes_is_recognised() {
        for code in ErrorCode::STANDARD {
            assert!(names_next_step(code.next_step()), "{code}");
        }
        for reason in [
            PartialReason::Truncated,
            PartialReason::Fallback("python".into()),
            PartialReason::DryRun,
            PartialReason::PartialFailure(1),
        ] {
            assert!(names_next_step(default_next_step(&reason)), "{reason:?}");
        }
        assert!(!names_next_step("Listed 2 entries in 'src'."));
        assert!(!names_next_step(""));
        assert!(names_next_step("部分结果，请缩小范围"));
    }

    #[test]
    fn every_state_this_runtime_writes_explains_its_reason() {
        for reason in [
            PartialReason::Truncated,
            PartialReason::Fallback("python".into()),
            PartialReason::DryRun,
            PartialReason::PartialFailure(2),
        ] {
            let text = Summary::new("Did it").compose(&facts_for(&reason), None);
            assert!(explains(&reason, &text), "{reason:?}: {text}");
            assert!(!explains(&reason, "Did it."), "{reason:?}");
        }
    }

    fn facts_for(reason: &PartialReason) -> Facts {
        match reason {
            PartialReason::Truncated => Facts::new().truncated(true),
            PartialReason::Fallback(s) => Facts::new().fallback(s.clone()),
            PartialReason::DryRun => Facts::new().applied(false),
            PartialReason::PartialFailure(n) => Facts::new().failed_items(*n),
        }
    }
}
