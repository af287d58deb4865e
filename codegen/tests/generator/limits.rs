//! Limits on the schema side: a `$ref` chain 10,000 long, a schema nested 10,000 deep,
//! numbers past `f64` and `u64`, and a non-UTF-8 schema file give a result or a clear,
//! located error, never a stack overflow or a panic. These run on the test harness's
//! 2 MiB threads in a debug build, so an unbounded recursion per `$ref` hop or per
//! nesting level would overflow here.

use envgen_codegen::{generate_source, Config, Settings};

/// `d0 → d1 → … → d{n-1}`, each definition only a `$ref` to the next; the last a string.
fn ref_chain(n: usize) -> String {
    let mut defs = Vec::new();
    for i in 0..n - 1 {
        defs.push(format!(
            "\"d{i}\": {{\"$ref\": \"#/definitions/d{}\"}}",
            i + 1
        ));
    }
    defs.push(format!("\"d{}\": {{\"type\": \"string\"}}", n - 1));
    format!(
        "{{\"$schema\": \"http://json-schema.org/draft-07/schema#\", \"type\": \"object\", \
         \"properties\": {{\"x\": {{\"$ref\": \"#/definitions/d0\"}}}}, \"definitions\": {{{}}}}}",
        defs.join(", ")
    )
}

#[test]
fn a_ref_chain_10000_long_generates_or_fails_with_a_located_error() {
    let text = ref_chain(10_000);
    match generate_source("chain.json", &text, &Settings::new()) {
        Ok(code) => assert!(code.contains("pub struct"), "no struct generated"),
        Err(e) => {
            assert_eq!(e.file, "chain.json");
            assert!(
                e.pointer.starts_with("/definitions/") || e.pointer.starts_with("/properties/"),
                "error not located in the chain: {e}"
            );
        }
    }
}

#[test]
fn a_ref_cycle_through_10000_definitions_is_an_error_or_terminates() {
    // Like the chain, but the last definition points back to the first: no base case.
    let text = ref_chain(10_000).replace(
        "\"d9999\": {\"type\": \"string\"}",
        "\"d9999\": {\"$ref\": \"#/definitions/d0\"}",
    );
    match generate_source("cycle.json", &text, &Settings::new()) {
        Ok(code) => assert!(code.contains("pub struct")),
        Err(e) => {
            assert_eq!(e.file, "cycle.json");
            assert!(!e.message.is_empty());
        }
    }
}

#[test]
fn a_schema_nested_10000_deep_is_a_located_error_not_a_stack_overflow() {
    let depth = 10_000;
    let text = format!(
        "{}{{\"type\": \"string\"}}{}",
        "{\"type\": \"object\", \"properties\": {\"a\": ".repeat(depth),
        "}}".repeat(depth)
    );
    let e = generate_source("deep.json", &text, &Settings::new())
        .err()
        .unwrap_or_else(|| panic!("a schema nested {depth} deep generated"));
    assert_eq!(e.file, "deep.json");
    assert!(!e.message.is_empty());
}

#[test]
fn numbers_past_f64_and_u64_in_a_schema_are_located_errors_or_exact() {
    // `1e400` is not a finite f64: serde_json refuses it while parsing the schema.
    let e = generate_source(
        "big.json",
        r#"{"type": "object", "properties": {"n": {"type": "number", "maximum": 1e400}}}"#,
        &Settings::new(),
    )
    .err()
    .unwrap_or_else(|| panic!("1e400 accepted"));
    assert_eq!(e.file, "big.json");
    assert!(e.position.is_some(), "no line/column: {e}");
    // An integer bound above u64::MAX parses as a float; the schema still generates.
    let code = generate_source(
        "wide.json",
        r#"{"type": "object", "properties": {"n": {"type": "integer", "maximum": 18446744073709551616}}}"#,
        &Settings::new(),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(code.contains("pub struct"));
}

#[test]
fn a_non_utf8_schema_file_is_a_clear_error() {
    let dir = envgen_test_support::scratch::Scratch::new("limits");
    let file = dir.join("latin1.json");
    std::fs::write(&file, b"{\"title\": \"caf\xe9\", \"type\": \"string\"}")
        .unwrap_or_else(|e| panic!("{e}"));
    let e = Config::new()
        .schema(&file)
        .generate()
        .err()
        .unwrap_or_else(|| panic!("a non-UTF-8 schema generated"));
    let text = e.to_string();
    assert!(
        text.contains("latin1.json"),
        "the file is not named: {text}"
    );
    assert!(
        text.to_lowercase().contains("utf-8"),
        "UTF-8 is not named: {text}"
    );
}
