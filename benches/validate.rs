//! Validation throughput, all baselines measured in the same run (see BENCHMARKS.md).
//!
//! For each workload, the same documents go through:
//! * `serde_struct`: a hand-written `#[derive(Deserialize)]` struct, no validation (the
//!   parse-only limit);
//! * `jsonschema_is_valid`: parse to `serde_json::Value`, then the `jsonschema` crate's
//!   `is_valid`;
//! * `jsonschema_first_error`: parse to `Value`, then `validate` (first error, with path);
//! * `naive_value_then_typed`: parse to `Value`, envgen's `validate_value`, then
//!   `from_value` (the two-pass design envgen avoids);
//! * `envgen_from_json_str`: envgen's generated `from_json_str` (parse + typed checks).
//!
//! Workloads: 10,000 ResponseEnvelope documents (valid; and invalid, one broken rule
//! each), the same for ToolResponse, 200 Meminit documents, and one cmdhelp document of
//! 300 commands.

use envgen_test_support::mutations;
use envgen_test_support::rng;

#[path = "support/engines.rs"]
mod engines;

#[path = "support/hand.rs"]
mod hand;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use engines::{envgen_first_error, jsonschema_first_error};
use rng::Rng;
use serde_json::{json, Value};
use std::hint::black_box;

fn schema(path: &str) -> Value {
    let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    serde_json::from_str(&std::fs::read_to_string(p).unwrap_or_default()).unwrap_or_default()
}

fn response_envelope(c: &mut Criterion) {
    use envgen::response_envelope::{validate_value, ResponseEnvelope};
    let oracle = jsonschema::options()
        .should_validate_formats(false)
        .build(&schema("schemas/response-envelope.json"))
        .unwrap_or_else(|e| panic!("{e}"));
    for (label, invalid) in [("valid", false), ("invalid", true)] {
        let documents = mutations::timed_envelopes(10_000, invalid);
        // Sanity: every engine gives the expected verdict on every document.
        for d in &documents {
            let v: Value = serde_json::from_str(d).unwrap_or_default();
            assert_eq!(oracle.is_valid(&v), !invalid);
            assert_eq!(
                ResponseEnvelope::<Value>::from_json_str(d).is_ok(),
                !invalid,
                "{d}"
            );
        }
        let mut g = c.benchmark_group(format!("response_envelope_{label}"));
        g.throughput(Throughput::Elements(documents.len() as u64));
        g.sample_size(20);
        if !invalid {
            g.bench_function("serde_struct", |b| {
                b.iter(|| {
                    for d in &documents {
                        black_box(serde_json::from_str::<hand::HandEnvelope>(d).is_ok());
                    }
                })
            });
        }
        g.bench_function("jsonschema_is_valid", |b| {
            b.iter(|| {
                for d in &documents {
                    let v: Value = serde_json::from_str(d).unwrap_or_default();
                    black_box(oracle.is_valid(&v));
                }
            })
        });
        jsonschema_first_error(&mut g, &documents, &oracle);
        g.bench_function("naive_value_then_typed", |b| {
            b.iter(|| {
                for d in &documents {
                    let v: Value = serde_json::from_str(d).unwrap_or_default();
                    let ok = validate_value(&v).is_ok()
                        && serde_json::from_value::<ResponseEnvelope>(v).is_ok();
                    black_box(ok);
                }
            })
        });
        envgen_first_error::<ResponseEnvelope<Value>>(&mut g, &documents);
        g.finish();
    }
}

fn meminit(c: &mut Criterion) {
    use envgen::meminit::MeminitEnvelope;
    let oracle = jsonschema::options()
        .should_validate_formats(false)
        .build(&schema("schemas/meminit-output-envelope.json"))
        .unwrap_or_else(|e| panic!("{e}"));
    let mut rng = Rng(7);
    let documents: Vec<String> = (0..200)
        .map(|i| {
            let issues: Vec<Value> = (0..rng.below_u64(20))
                .map(|j| json!({"code": "SCHEMA_INVALID", "message": format!("Missing field {j}"), "path": format!("docs/{i}/{j}.md"), "line": j, "severity": "error"}))
                .collect();
            json!({"output_schema_version": "1.0", "success": true, "command": "check", "run_id": format!("20260218-{i:06x}"),
                   "timestamp": "2026-02-18T14:30:45Z", "root": "/repo",
                   "data": {"files_checked": 42, "files_passed": 41, "files_failed": 1},
                   "warnings": issues.clone(), "violations": issues, "advice": [{"message": "Run fix", "code": "FIX"}]})
            .to_string()
        })
        .collect();
    for d in &documents {
        let v: Value = serde_json::from_str(d).unwrap_or_default();
        assert!(oracle.is_valid(&v));
        assert!(MeminitEnvelope::<Value>::from_json_str(d).is_ok());
    }
    let mut g = c.benchmark_group("meminit_valid");
    g.throughput(Throughput::Elements(documents.len() as u64));
    g.bench_function("serde_value_only", |b| {
        b.iter(|| {
            for d in &documents {
                black_box(serde_json::from_str::<Value>(d).is_ok());
            }
        })
    });
    g.bench_function("jsonschema_is_valid", |b| {
        b.iter(|| {
            for d in &documents {
                let v: Value = serde_json::from_str(d).unwrap_or_default();
                black_box(oracle.is_valid(&v));
            }
        })
    });
    g.bench_function("envgen_from_json_str", |b| {
        b.iter(|| {
            for d in &documents {
                black_box(MeminitEnvelope::<Value>::from_json_str(d).is_ok());
            }
        })
    });
    g.finish();
}

fn cmdhelp(c: &mut Criterion) {
    use envgen::cmdhelp::Cmdhelp;
    let oracle = jsonschema::options()
        .should_validate_formats(false)
        .build(&schema("schemas/cmdhelp.schema.json"))
        .unwrap_or_else(|e| panic!("{e}"));
    let mut commands = serde_json::Map::new();
    for i in 0..300 {
        commands.insert(
            format!("group{} cmd{i}", i % 20),
            json!({
                "summary": format!("Command {i}"),
                "args": [{"name": "target", "type": "path", "required": true}],
                "flags": {
                    "format": {"type": "enum", "enum": ["json", "md", 3], "default": "json"},
                    "verify": {"type": "bool", "negate_flag": "--no-verify"},
                    "tag": {"type": "string", "repeatable": true},
                    "ref": {"type": "x-ref-spec", "enum_source": "dynamic:tool ref list"}
                },
                "exit_codes": {"0": "ok", "3": {"when": "bad arguments", "recovery": "fix them"}},
                "examples": [{"cmd": format!("tool group{} cmd{i} ./x", i % 20), "note": "example"}],
                "stability": "stable"
            }),
        );
    }
    let doc = json!({"cmdhelp_version": "0.1", "binary": "tool", "version": "1.2.3",
                     "global_flags": {"workspace": {"type": "path"}}, "commands": commands})
    .to_string();
    let v: Value = serde_json::from_str(&doc).unwrap_or_default();
    assert!(oracle.is_valid(&v));
    assert!(Cmdhelp::from_json_str(&doc).is_ok());
    let mut g = c.benchmark_group("cmdhelp_300_commands");
    g.throughput(Throughput::Bytes(doc.len() as u64));
    g.bench_function(BenchmarkId::new("serde_value_only", 300), |b| {
        b.iter(|| black_box(serde_json::from_str::<Value>(&doc).is_ok()))
    });
    g.bench_function(BenchmarkId::new("jsonschema_is_valid", 300), |b| {
        b.iter(|| {
            let v: Value = serde_json::from_str(&doc).unwrap_or_default();
            black_box(oracle.is_valid(&v))
        })
    });
    g.bench_function(BenchmarkId::new("envgen_from_json_str", 300), |b| {
        b.iter(|| black_box(Cmdhelp::from_json_str(&doc).is_ok()))
    });
    g.finish();
}

fn tool_envelope(rng: &mut Rng, i: u64) -> Value {
    let status = ["success", "partial", "error"][rng.below_u64(3) as usize];
    let mut doc = json!({
        "status": status,
        "data": {"entries": [format!("src/file{i}.rs"), "README.md"], "count": 2},
        "text": format!("Listed 2 entries in src (run {i})."),
        "stats": {"time_ms": rng.below_u64(900), "bytes": rng.below_u64(1 << 20), "source": "fs"},
        "context": {"cwd": "src", "params_input": {"path": "src", "depth": 1}, "truncation_skip": false}
    });
    if status == "error" {
        doc["error"] = json!({"code": "NOT_FOUND", "message": format!("no such path: p{i}")});
    } else if rng.below_u64(2) == 0 {
        doc["error"] = Value::Null;
    }
    doc
}

/// Breaks exactly one rule of a valid ToolResponse.
fn break_tool(rng: &mut Rng, mut v: Value) -> Value {
    match rng.below_u64(6) {
        0 => v["stats"]["time_ms"] = json!(-1),
        1 => v["status"] = json!("done"),
        2 => v["surprise"] = json!(true),
        3 => v["stats"]["bytes"] = json!([1]),
        4 => {
            v["status"] = json!("error");
            if let Some(m) = v.as_object_mut() {
                m.shift_remove("error");
            }
        }
        _ => v["context"] = json!({"cwd": "src"}),
    }
    v
}

fn tool_response(c: &mut Criterion) {
    use envgen::tool_response::ToolResponse;
    let oracle = jsonschema::options()
        .should_validate_formats(false)
        .build(&schema("schemas/tool-response.json"))
        .unwrap_or_else(|e| panic!("{e}"));
    for (label, invalid) in [("valid", false), ("invalid", true)] {
        let mut rng = Rng(0x7001_5EED_0000_0001);
        let documents: Vec<String> = (0..10_000)
            .map(|i| {
                let d = tool_envelope(&mut rng, i);
                let d = if invalid { break_tool(&mut rng, d) } else { d };
                d.to_string()
            })
            .collect();
        for d in &documents {
            let v: Value = serde_json::from_str(d).unwrap_or_default();
            assert_eq!(oracle.is_valid(&v), !invalid, "{d}");
            assert_eq!(
                ToolResponse::<Value>::from_json_str(d).is_ok(),
                !invalid,
                "{d}"
            );
        }
        let mut g = c.benchmark_group(format!("tool_response_{label}"));
        g.throughput(Throughput::Elements(documents.len() as u64));
        g.sample_size(20);
        g.bench_function("serde_value_only", |b| {
            b.iter(|| {
                for d in &documents {
                    black_box(serde_json::from_str::<Value>(d).is_ok());
                }
            })
        });
        jsonschema_first_error(&mut g, &documents, &oracle);
        envgen_first_error::<ToolResponse<Value>>(&mut g, &documents);
        g.finish();
    }
}

criterion_group!(benches, response_envelope, tool_response, meminit, cmdhelp);
criterion_main!(benches);
