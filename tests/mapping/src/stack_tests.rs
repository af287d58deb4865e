//! `schemas/stack/deep.json`: structs held inline in each other until the outer ones are
//! near a hundred kilobytes (`A` holds 8 `B`, `B` 8 `C`, `C` 41 strings), and `B` as the
//! alternatives of the tagged `Shape`. A document through every level parses on a thread
//! with 2 MiB of stack, what `cargo test` and `std::thread::spawn` give, in every mode
//! (default with builders, `preserve_key_order`, a mapped `format`), and comes back equal.
//! These tests run in the test profile (a debug build), where a generated deserializer's
//! frames are largest: every generic frame a value passes through keeps slots for copies
//! of it, so before large structs were read into a heap box (`de::DeserializeBoxed`) the
//! parse below needed several times the stack a thread has.

use crate::stack;
use serde_json::{json, Value};

/// What `cargo test` gives each test thread.
const STACK: usize = 2 << 20;

/// A `C` with every string set, in an order that is not the schema's.
fn c(tag: &str) -> Value {
    let mut map = serde_json::Map::new();
    for i in (0..40).rev() {
        map.insert(format!("s{i}"), json!(format!("{tag}-{i}")));
    }
    map.insert("at".into(), json!("2024-05-06T07:08:09Z"));
    Value::Object(map)
}

/// A `B` with every `C` set.
fn b(tag: &str) -> Value {
    let mut cs = serde_json::Map::new();
    for i in 0..8 {
        cs.insert(format!("c{i}"), c(&format!("{tag}.{i}")));
    }
    Value::Object(cs)
}

/// An `A` with every `B` and `C` set.
fn a(tag: &str) -> Value {
    let mut bs = serde_json::Map::new();
    for i in (0..8).rev() {
        bs.insert(format!("b{i}"), b(&format!("{tag}{i}")));
    }
    Value::Object(bs)
}

fn document() -> Value {
    json!({
        "note": "deep",
        "shape": {"kind": "narrow", "a": b("shape")},
        "a": a("root"),
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
fn large_inline_structs_parse_on_a_2_mib_stack_with_default_types() {
    let doc = document();
    assert_eq!(on_small_stack(default_parse, doc.to_string()), doc);
}

#[test]
fn large_inline_structs_parse_on_a_2_mib_stack_with_key_order_kept() {
    let doc = document();
    let back = on_small_stack(ordered_parse, doc.to_string());
    assert_eq!(back, doc);
    assert!(same_order(&back, &doc), "key order changed");
}

#[test]
fn large_inline_structs_parse_on_a_2_mib_stack_with_a_mapped_format() {
    let doc = document();
    let back = on_small_stack(mapped_parse, doc.to_string());
    assert_eq!(back["a"]["b3"]["c5"]["s7"], doc["a"]["b3"]["c5"]["s7"]);
    // chrono writes the instant back in its own spelling of the same RFC 3339 value.
    assert_eq!(back["a"]["b0"]["c0"]["at"], json!("2024-05-06T07:08:09Z"));
    assert_eq!(back["shape"]["kind"], json!("narrow"));
}

/// The first error of a rejected document, as (instance pointer, keyword), from a parse
/// on a thread with [`STACK`] bytes of stack.
fn first_error(ordered: bool, text: &str) -> (String, String) {
    let text = text.to_owned();
    std::thread::Builder::new()
        .stack_size(STACK)
        .spawn(move || {
            let errors = if ordered {
                stack::ordered::Deep::from_json_str(&text).err()
            } else {
                stack::default::Deep::from_json_str(&text).err()
            };
            let errors = errors.expect("the document is rejected");
            let first = errors.errors().first().expect("one error");
            (first.instance_path.clone(), first.keyword.to_string())
        })
        .expect("spawn")
        .join()
        .expect("the parse panicked")
}

#[test]
fn errors_inside_large_structs_keep_their_location() {
    let mut doc = document();
    doc["a"]["b2"]["c3"]["s4"] = json!(7);
    let text = doc.to_string();
    let expected = ("/a/b2/c3/s4".to_owned(), "type".to_owned());
    assert_eq!(first_error(false, &text), expected);
    assert_eq!(first_error(true, &text), expected);
    // A null where a large struct is required is refused as before.
    assert_eq!(first_error(false, r#"{"a":null}"#).0, "/a");
}
