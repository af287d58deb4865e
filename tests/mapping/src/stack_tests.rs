//! `schemas/stack/deep.json`: structs larger than a kilobyte (`Node`, the alternatives of
//! the tagged `Shape`) nested in each other and in arrays of themselves. A deep document
//! parses on a thread with 2 MiB of stack, what `cargo test` and `std::thread::spawn` give,
//! in every mode (default with builders, `preserve_key_order`, a mapped `format`), and
//! comes back equal. These tests run in the test profile (a debug build), where the frames
//! of a generated deserializer are largest: a large struct is read into a heap box, so the
//! generic frames it passes through hold a pointer, not the struct.

use crate::stack;
use serde_json::{json, Value};

/// What `cargo test` gives each test thread.
const STACK: usize = 2 << 20;

/// Nesting depth of the documents: `Node.children[0]` this many times.
const DEPTH: usize = 48;

/// A `Node` with every string set, nesting `depth` more nodes in `children`.
fn node(depth: usize) -> Value {
    let mut map = serde_json::Map::new();
    // Document order differs from schema order (`a39` first), for the ordered module.
    for i in (0..40).rev() {
        map.insert(format!("a{i}"), json!(format!("v{depth}-{i}")));
    }
    map.insert("at".into(), json!("2024-05-06T07:08:09Z"));
    if depth > 0 {
        map.insert("children".into(), json!([node(depth - 1)]));
    }
    Value::Object(map)
}

fn document() -> Value {
    json!({
        "note": "deep",
        "shape": {"kind": "narrow", "node": node(DEPTH / 2), "other": node(2)},
        "node": node(DEPTH),
    })
}

/// Runs `parse` on a thread with [`STACK`] bytes of stack; a frame too large aborts the
/// test binary.
fn on_small_stack(parse: fn(&str) -> Result<Value, String>, text: String) -> Value {
    std::thread::Builder::new()
        .stack_size(STACK)
        .spawn(move || parse(&text))
        .expect("spawn")
        .join()
        .expect("the parse panicked")
        .unwrap_or_else(|e| panic!("the document is rejected: {e}"))
}

fn default_parse(text: &str) -> Result<Value, String> {
    let doc = stack::default::Deep::from_json_str(text).map_err(|e| e.to_string())?;
    serde_json::to_value(&doc).map_err(|e| e.to_string())
}

fn ordered_parse(text: &str) -> Result<Value, String> {
    let doc = stack::ordered::Deep::from_json_str(text).map_err(|e| e.to_string())?;
    serde_json::to_value(&doc).map_err(|e| e.to_string())
}

fn mapped_parse(text: &str) -> Result<Value, String> {
    let doc = stack::mapped::Deep::from_json_str(text).map_err(|e| e.to_string())?;
    serde_json::to_value(&doc).map_err(|e| e.to_string())
}

/// Whether every object of `a` lists its keys as the same object of `b` does.
fn same_order(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Object(a), Value::Object(b)) => {
            a.keys().eq(b.keys()) && a.values().zip(b.values()).all(|(x, y)| same_order(x, y))
        }
        (Value::Array(a), Value::Array(b)) => a.iter().zip(b).all(|(x, y)| same_order(x, y)),
        _ => true,
    }
}

#[test]
fn a_deep_document_parses_on_a_2_mib_stack_with_default_types() {
    let doc = document();
    assert_eq!(on_small_stack(default_parse, doc.to_string()), doc);
}

#[test]
fn a_deep_document_parses_on_a_2_mib_stack_with_key_order_kept() {
    let doc = document();
    let back = on_small_stack(ordered_parse, doc.to_string());
    assert_eq!(back, doc);
    assert!(same_order(&back, &doc), "key order changed: {back}");
}

#[test]
fn a_deep_document_parses_on_a_2_mib_stack_with_a_mapped_format() {
    let doc = document();
    let back = on_small_stack(mapped_parse, doc.to_string());
    // chrono writes the same instant back in its own spelling.
    assert_eq!(back["node"]["a0"], doc["node"]["a0"]);
    assert_eq!(back["node"]["at"], json!("2024-05-06T07:08:09Z"));
    assert_eq!(back["shape"]["kind"], json!("narrow"));
}

#[test]
fn errors_deep_inside_large_structs_keep_their_location() {
    let mut doc = document();
    doc["node"]["children"][0]["children"][0]["a3"] = json!(7);
    let text = doc.to_string();
    let e = stack::default::Deep::from_json_str(&text).expect_err("a3 is a number");
    let first = e.errors().first().expect("one error");
    assert_eq!(first.instance_path, "/node/children/0/children/0/a3");
    assert_eq!(first.keyword, "type");
    let e = stack::ordered::Deep::from_json_str(&text).expect_err("a3 is a number");
    let first = e.errors().first().expect("one error");
    assert_eq!(first.instance_path, "/node/children/0/children/0/a3");
    // A null where a large struct is required is refused as before.
    let e = stack::default::Deep::from_json_str(r#"{"node":null}"#).expect_err("null node");
    assert_eq!(
        e.errors().first().expect("one error").instance_path,
        "/node"
    );
}
