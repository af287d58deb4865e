//! Invalid documents by kind of error, shared by the per-kind benchmark
//! (`benches/errors.rs`) and the test that every kind is reported in flight
//! (`tests/envelopes/errors_inflight.rs`). Each kind breaks exactly one rule of a valid
//! document of its contract; the valid documents carry realistic `data` payloads (lists of
//! 0–8 objects).

use crate::rng::Rng;
use serde_json::{json, Value};

/// The three contracts the kinds are written for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Contract {
    /// `schemas/response-envelope.json`.
    ResponseEnvelope,
    /// `schemas/tool-response.json`.
    ToolResponse,
    /// `schemas/meminit-output-envelope.json`.
    Meminit,
}

impl Contract {
    /// All three, in a fixed order.
    pub const ALL: [Contract; 3] = [
        Contract::ResponseEnvelope,
        Contract::ToolResponse,
        Contract::Meminit,
    ];

    /// The name the benchmark groups use.
    pub fn name(self) -> &'static str {
        match self {
            Contract::ResponseEnvelope => "response_envelope",
            Contract::ToolResponse => "tool_response",
            Contract::Meminit => "meminit",
        }
    }

    /// The schema file, relative to the workspace root.
    pub fn schema_file(self) -> &'static str {
        match self {
            Contract::ResponseEnvelope => "schemas/response-envelope.json",
            Contract::ToolResponse => "schemas/tool-response.json",
            Contract::Meminit => "schemas/meminit-output-envelope.json",
        }
    }

    /// `jsonschema`'s validator of the contract's schema (formats not asserted), the
    /// baseline of the bench and the oracle of the test.
    pub fn oracle(self) -> jsonschema::Validator {
        let p = crate::shared::root().join(self.schema_file());
        let text = std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{p:?}: {e}"));
        let schema: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{p:?}: {e}"));
        jsonschema::options()
            .should_validate_formats(false)
            .build(&schema)
            .unwrap_or_else(|e| panic!("{p:?}: {e}"))
    }

    /// The kinds of error written for this contract.
    pub fn kinds(self) -> &'static [Kind] {
        match self {
            Contract::ResponseEnvelope => RESPONSE_ENVELOPE,
            Contract::ToolResponse => TOOL_RESPONSE,
            Contract::Meminit => MEMINIT,
        }
    }
}

/// Which valid document a kind starts from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Base {
    /// A successful run (no error object).
    Success,
    /// A failed run (with an error object).
    Failure,
    /// Either, in turn.
    Any,
}

/// One kind of error: its name, the rule it breaks, and the mutation.
pub struct Kind {
    /// A stable name (`error_extra_key`), used as the benchmark's group name.
    pub name: &'static str,
    /// The rule broken, in words (for the BENCHMARKS.md table).
    pub rule: &'static str,
    /// The valid document it starts from.
    pub base: Base,
    /// Breaks the rule in a valid document.
    pub apply: fn(&mut Value),
}

fn obj(v: &mut Value) -> &mut serde_json::Map<String, Value> {
    match v {
        Value::Object(m) => m,
        _ => panic!("a mutation met a non-object"),
    }
}

fn remove(v: &mut Value, key: &str) {
    obj(v).shift_remove(key);
}

/// `count` valid documents of `contract` on `base`, then `kind` applied to each.
pub fn invalid(contract: Contract, kind: &Kind, count: usize, seed: u64) -> Vec<String> {
    let mut rng = Rng(seed | 1);
    (0..count)
        .map(|i| {
            let failure = match kind.base {
                Base::Success => false,
                Base::Failure => true,
                Base::Any => i % 2 == 1,
            };
            let mut doc = valid_one(contract, &mut rng, i as u64, failure);
            (kind.apply)(&mut doc);
            doc.to_string()
        })
        .collect()
}

/// `count` valid documents of `contract`, successes and failures in turn (one in four a
/// failure).
pub fn valid(contract: Contract, count: usize, seed: u64) -> Vec<String> {
    let mut rng = Rng(seed | 1);
    (0..count)
        .map(|i| valid_one(contract, &mut rng, i as u64, i % 4 == 3).to_string())
        .collect()
}

/// The `data` member of each of `documents` that has one, as JSON text (what the benches
/// time a `data` alone on).
pub fn data_members(documents: &[String]) -> Vec<String> {
    documents
        .iter()
        .filter_map(|d| {
            serde_json::from_str::<Value>(d)
                .ok()?
                .get("data")
                .map(Value::to_string)
        })
        .collect()
}

fn valid_one(contract: Contract, rng: &mut Rng, i: u64, failure: bool) -> Value {
    match contract {
        Contract::ResponseEnvelope => envelope(rng, i, failure),
        Contract::ToolResponse => tool(rng, i, failure),
        Contract::Meminit => meminit(rng, i, failure),
    }
}

/// A realistic payload: a list of 0–8 objects.
fn items(rng: &mut Rng, i: u64) -> Vec<Value> {
    let tags = ["alpha", "beta", "gamma"];
    (0..rng.below(9))
        .map(|j| {
            json!({
                "id": format!("item-{i}-{j}"),
                "name": format!("Item {j} of run {i}"),
                "size": rng.below_u64(1 << 20),
                "score": rng.below_u64(1000) as f64 / 8.0,
                "active": rng.below(2) == 0,
                "tags": &tags[..rng.below(4)],
                "owner": {"login": format!("user{}", rng.below(50)), "id": rng.below_u64(100_000)}
            })
        })
        .collect()
}

/// A ResponseEnvelope's `meta` for run `i` (also `benches/validate.rs`'s).
pub fn envelope_meta(rng: &mut Rng, i: u64) -> Value {
    let mut meta = json!({"duration_ms": rng.below_u64(5000), "request_id": format!("req_{i:06}")});
    if rng.below(2) == 0 {
        meta["schema_version"] = json!("1.0");
    }
    if rng.below(5) == 0 {
        meta["truncated"] = json!(true);
        meta["cursor"] = json!(format!("c{i}"));
    }
    meta
}

/// A failed ResponseEnvelope's `error`: a rate limit (also `benches/validate.rs`'s).
pub fn rate_limited(rng: &mut Rng) -> Value {
    json!({
        "code": "RATE_LIMIT_EXCEEDED",
        "message": "API rate limit reached",
        "retryable": true,
        "retry_after": rng.below_u64(60),
        "phase": "execution",
        "suggestion": "Wait and retry."
    })
}

fn envelope(rng: &mut Rng, i: u64, failure: bool) -> Value {
    let meta = envelope_meta(rng, i);
    if failure {
        json!({
            "ok": false,
            "data": null,
            "error": rate_limited(rng),
            "warnings": [],
            "meta": meta,
        })
    } else {
        let items = items(rng, i);
        let total = items.len();
        json!({
            "ok": true,
            "data": {"items": items, "total": total},
            "error": null,
            "warnings": if rng.below(3) == 0 { json!(["flag --x is deprecated"]) } else { json!([]) },
            "meta": meta,
        })
    }
}

/// The kinds of error of a ResponseEnvelope (17).
pub const RESPONSE_ENVELOPE: &[Kind] = &[
    Kind {
        name: "error_extra_key",
        rule: "an unknown key inside `error`",
        base: Base::Failure,
        apply: |v| v["error"]["surprise"] = json!(true),
    },
    Kind {
        name: "error_phase_enum",
        rule: "`error.phase` not in its enum",
        base: Base::Failure,
        apply: |v| v["error"]["phase"] = json!("deploy"),
    },
    Kind {
        name: "error_retry_after_fraction",
        rule: "`error.retry_after` = 3.5",
        base: Base::Failure,
        apply: |v| v["error"]["retry_after"] = json!(3.5),
    },
    Kind {
        name: "error_retry_after_negative",
        rule: "`error.retry_after` < 0",
        base: Base::Failure,
        apply: |v| v["error"]["retry_after"] = json!(-1),
    },
    Kind {
        name: "error_redirect_bad",
        rule: "`error.redirect` without `permanent`",
        base: Base::Failure,
        apply: |v| v["error"]["redirect"] = json!({"command": "tool deploy --env prod"}),
    },
    Kind {
        name: "error_missing_code",
        rule: "`error` without `code`",
        base: Base::Failure,
        apply: |v| remove(&mut v["error"], "code"),
    },
    Kind {
        name: "error_code_not_string",
        rule: "`error.code` a number",
        base: Base::Failure,
        apply: |v| v["error"]["code"] = json!(429),
    },
    Kind {
        name: "error_not_object",
        rule: "`error` a string",
        base: Base::Failure,
        apply: |v| v["error"] = json!("rate limited"),
    },
    Kind {
        name: "missing_error",
        rule: "no `error` key",
        base: Base::Success,
        apply: |v| remove(v, "error"),
    },
    Kind {
        name: "meta_duration_negative",
        rule: "`meta.duration_ms` < 0",
        base: Base::Any,
        apply: |v| v["meta"]["duration_ms"] = json!(-5),
    },
    Kind {
        name: "meta_schema_version_pattern",
        rule: "`meta.schema_version` against its pattern",
        base: Base::Any,
        apply: |v| v["meta"]["schema_version"] = json!("1.0.0"),
    },
    Kind {
        name: "meta_missing",
        rule: "no `meta` key",
        base: Base::Any,
        apply: |v| remove(v, "meta"),
    },
    Kind {
        name: "warnings_null",
        rule: "`warnings: null`",
        base: Base::Any,
        apply: |v| v["warnings"] = Value::Null,
    },
    Kind {
        name: "warning_not_string",
        rule: "a non-string warning",
        base: Base::Any,
        apply: |v| v["warnings"] = json!(["ok", 1]),
    },
    Kind {
        name: "top_level_extra_key",
        rule: "an unknown top-level key",
        base: Base::Any,
        apply: |v| v["surprise"] = json!(1),
    },
    Kind {
        name: "ok_not_boolean",
        rule: "`ok` a string",
        base: Base::Any,
        apply: |v| v["ok"] = json!("yes"),
    },
    Kind {
        name: "data_string",
        rule: "`data` a string",
        base: Base::Success,
        apply: |v| v["data"] = json!("not an object"),
    },
];

fn tool(rng: &mut Rng, i: u64, failure: bool) -> Value {
    let entries = items(rng, i);
    let count = entries.len();
    let status = if failure {
        "error"
    } else if rng.below(3) == 0 {
        "partial"
    } else {
        "success"
    };
    let mut doc = json!({
        "status": status,
        "data": {"entries": entries, "count": count},
        "text": format!("Listed {count} entries in src (run {i})."),
        "stats": {"time_ms": rng.below_u64(900), "bytes": rng.below_u64(1 << 20), "source": "fs"},
        "context": {"cwd": "src", "params_input": {"path": "src", "depth": 1}, "truncation_skip": false}
    });
    if failure {
        doc["error"] = json!({"code": "NOT_FOUND", "message": format!("no such path: p{i}")});
    } else if rng.below(2) == 0 {
        doc["error"] = Value::Null;
    }
    doc
}

/// The kinds of error of a ToolResponse (10).
pub const TOOL_RESPONSE: &[Kind] = &[
    Kind {
        name: "status_enum",
        rule: "`status` not in its enum",
        base: Base::Any,
        apply: |v| v["status"] = json!("done"),
    },
    Kind {
        name: "top_level_extra_key",
        rule: "an unknown top-level key",
        base: Base::Any,
        apply: |v| v["surprise"] = json!(true),
    },
    Kind {
        name: "stats_time_negative",
        rule: "`stats.time_ms` < 0",
        base: Base::Any,
        apply: |v| v["stats"]["time_ms"] = json!(-1),
    },
    Kind {
        name: "stats_extra_not_scalar",
        rule: "a non-scalar extra stat",
        base: Base::Any,
        apply: |v| v["stats"]["files"] = json!([1, 2]),
    },
    Kind {
        name: "error_status_without_error",
        rule: "`status: error` without `error` (the schema's `if`/`then`)",
        base: Base::Failure,
        apply: |v| remove(v, "error"),
    },
    Kind {
        name: "context_missing_params_input",
        rule: "`context` without `params_input`",
        base: Base::Any,
        apply: |v| remove(&mut v["context"], "params_input"),
    },
    Kind {
        name: "error_extra_key",
        rule: "an unknown key inside `error`",
        base: Base::Failure,
        apply: |v| v["error"]["surprise"] = json!(1),
    },
    Kind {
        name: "error_code_empty",
        rule: "`error.code` empty (`minLength: 1`)",
        base: Base::Failure,
        apply: |v| v["error"]["code"] = json!(""),
    },
    Kind {
        name: "text_not_string",
        rule: "`text` a number",
        base: Base::Any,
        apply: |v| v["text"] = json!(42),
    },
    Kind {
        name: "data_null",
        rule: "`data: null`",
        base: Base::Any,
        apply: |v| v["data"] = Value::Null,
    },
];

fn meminit(rng: &mut Rng, i: u64, failure: bool) -> Value {
    let issues: Vec<Value> = (0..rng.below(9))
        .map(|j| {
            json!({"code": "SCHEMA_INVALID", "message": format!("Missing field {j}"),
                   "path": format!("docs/{i}/{j}.md"), "line": j, "severity": "error"})
        })
        .collect();
    let mut doc = json!({
        "output_schema_version": "1.0",
        "success": !failure,
        "command": "check",
        "run_id": format!("20260218-{i:06x}"),
        "timestamp": "2026-02-18T14:30:45Z",
        "root": "/repo",
        "data": {"files_checked": 42, "files_passed": 41, "files_failed": 1},
        "warnings": issues.clone(),
        "violations": issues,
        "advice": [{"message": "Run fix", "code": "FIX"}]
    });
    if failure {
        doc["data"] = json!({});
        doc["violations"] = json!([{"code": "E", "message": "broken", "path": "docs/a.md"}]);
        doc["error"] = json!({"code": "CONFIG_MISSING", "message": "no docops.config.yaml", "details": {"root": "/repo"}});
    }
    doc
}

/// The kinds of error of a Meminit envelope (8).
pub const MEMINIT: &[Kind] = &[
    Kind {
        name: "issue_missing_path",
        rule: "a violation without `path`",
        base: Base::Failure,
        apply: |v| remove(&mut v["violations"][0], "path"),
    },
    Kind {
        name: "issue_line_fraction",
        rule: "a violation's `line` = 1.5",
        base: Base::Failure,
        apply: |v| v["violations"][0]["line"] = json!(1.5),
    },
    Kind {
        name: "success_without_data",
        rule: "`success: true` without `data` (the schema's `if`/`then`)",
        base: Base::Success,
        apply: |v| remove(v, "data"),
    },
    Kind {
        name: "failure_without_error",
        rule: "`success: false` without `error` (the schema's `if`/`then`)",
        base: Base::Failure,
        apply: |v| remove(v, "error"),
    },
    Kind {
        name: "error_missing_message",
        rule: "`error` without `message`",
        base: Base::Failure,
        apply: |v| remove(&mut v["error"], "message"),
    },
    Kind {
        name: "root_not_string",
        rule: "`root` a number",
        base: Base::Any,
        apply: |v| v["root"] = json!(7),
    },
    Kind {
        name: "advice_details_not_object",
        rule: "`advice[0].details` a string",
        base: Base::Any,
        apply: |v| v["advice"][0]["details"] = json!("see docs"),
    },
    Kind {
        name: "warnings_not_array",
        rule: "`warnings` an object",
        base: Base::Any,
        apply: |v| v["warnings"] = json!({"count": 0}),
    },
];

/// A valid envelope of `benches/validate.rs`: one in four a failure (as [`envelope`]
/// writes one), the others with a small `data` object.
fn timed_envelope(rng: &mut Rng, i: u64) -> Value {
    if rng.below_u64(4) == 0 {
        return envelope(rng, i, true);
    }
    let meta = envelope_meta(rng, i);
    json!({
        "ok": true,
        "data": {"id": format!("deploy-{i}"), "status": "complete", "replicas": rng.below_u64(10), "tags": ["a", "b"]},
        "error": null,
        "warnings": if rng.below_u64(3) == 0 { json!(["flag --x is deprecated"]) } else { json!([]) },
        "meta": meta,
    })
}

/// Breaks exactly one rule of a valid envelope.
fn break_one_timed(rng: &mut Rng, mut v: Value) -> Value {
    match rng.below_u64(8) {
        0 => v["meta"]["duration_ms"] = json!(-5),
        1 => v["meta"]["schema_version"] = json!("1.0.0"),
        2 => v["surprise"] = json!(1),
        3 => v["data"] = json!("not an object"),
        4 => v["warnings"] = json!([1]),
        5 => {
            if let Some(m) = v.as_object_mut() {
                m.shift_remove("error");
            }
        }
        6 => v["ok"] = json!("yes"),
        _ => v["meta"] = json!({"request_id": "r"}),
    }
    v
}

/// The documents `benches/validate.rs` times ResponseEnvelope on (and
/// `benches/instructions.rs` counts as the `timed` kind): `n` envelopes, one in four a
/// failure, with a small `data` object; with `invalid`, each breaks exactly one rule.
pub fn timed_envelopes(n: u64, invalid: bool) -> Vec<String> {
    let mut rng = Rng(0x00C0_FFEE_1234_5678);
    (0..n)
        .map(|i| {
            let e = timed_envelope(&mut rng, i);
            let e = if invalid {
                break_one_timed(&mut rng, e)
            } else {
                e
            };
            e.to_string()
        })
        .collect()
}
