//! Helpers on schema nodes and JSON values.

use serde_json::{Map, Number, Value};

/// The `required` keys of a schema node.
pub(super) fn required(o: &Map<String, Value>) -> Vec<&str> {
    o.get("required")
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default()
}

/// The `required` keys of a schema (owned).
pub(super) fn schema_required(s: &Value) -> Vec<String> {
    s.as_object()
        .map(|o| required(o).into_iter().map(str::to_owned).collect())
        .unwrap_or_default()
}

/// Whether a schema only narrows another (no `type`, `$ref`, structure or branches).
pub(super) fn refines_only(s: &Value) -> bool {
    s.as_object().is_some_and(|o| {
        !o.keys().any(|k| {
            matches!(
                k.as_str(),
                "type"
                    | "$ref"
                    | "properties"
                    | "items"
                    | "prefixItems"
                    | "anyOf"
                    | "oneOf"
                    | "allOf"
                    | "additionalProperties"
                    | "patternProperties"
                    | "format"
            )
        })
    })
}

/// Whether `v` is of JSON Schema type `t`.
pub(super) fn kind_is(v: &Value, t: &str) -> bool {
    match (t, v) {
        ("null", Value::Null) | ("boolean", Value::Bool(_)) | ("string", Value::String(_)) => true,
        ("array", Value::Array(_))
        | ("object", Value::Object(_))
        | ("number", Value::Number(_)) => true,
        ("integer", Value::Number(n)) => n.as_f64().is_some_and(|f| f.fract() == 0.0),
        _ => false,
    }
}

/// `base` with the keys of `top` set to `top`'s values (`top` replaces a non-object).
pub(super) fn overlay(base: Value, top: Value) -> Value {
    match (base, top) {
        (Value::Object(mut b), Value::Object(t)) => {
            for (k, v) in t {
                b.insert(k, v);
            }
            Value::Object(b)
        }
        (b, Value::Null) => b,
        (_, t) => t,
    }
}

/// Whether `v` satisfies a simple `if` (`properties` with `const`/`enum`, `required`,
/// nested); `None` when the `if` uses other keywords.
pub(super) fn holds(v: &Value, if_schema: &Value) -> Option<bool> {
    let i = if_schema.as_object()?;
    if i.keys().any(|k| {
        !matches!(
            k.as_str(),
            "properties" | "required" | "const" | "enum" | "$comment" | "description" | "title"
        )
    }) {
        return None;
    }
    if let Some(c) = i.get("const") {
        return Some(c == v);
    }
    if let Some(e) = i.get("enum").and_then(Value::as_array) {
        return Some(e.contains(v));
    }
    let Value::Object(m) = v else {
        return Some(true);
    };
    for k in schema_required(if_schema) {
        if !m.contains_key(&k) {
            return Some(false);
        }
    }
    if let Some(p) = i.get("properties").and_then(Value::as_object) {
        for (k, ps) in p {
            if let Some(x) = m.get(k) {
                if !holds(x, ps)? {
                    return Some(false);
                }
            }
        }
    }
    Some(true)
}

/// An integer written `n.0` (other values as they are).
pub(super) fn as_float(v: &Value) -> Value {
    match v.as_i64() {
        Some(n) if n.unsigned_abs() <= 1 << 53 => {
            Number::from_f64(n as f64).map_or(v.clone(), Value::Number)
        }
        _ => v.clone(),
    }
}

/// A value none of `pinned` is, of the first one's kind.
pub(super) fn different(pinned: &[Value]) -> Value {
    let first = pinned.first().cloned().unwrap_or(Value::Null);
    let candidates: Vec<Value> = match &first {
        Value::String(s) => vec![
            Value::String(format!("{s}-other")),
            Value::String("xyz".into()),
        ],
        Value::Bool(b) => vec![Value::Bool(!b)],
        Value::Number(n) => vec![
            Value::from(n.as_i64().unwrap_or(0).wrapping_add(1)),
            Value::from(-1),
        ],
        _ => vec![Value::String("xyz".into())],
    };
    candidates
        .into_iter()
        .find(|c| !pinned.contains(c))
        .unwrap_or(Value::Null)
}

/// The literal start of a pattern anchored with `^` (escaped characters unescaped).
pub(super) fn literal_prefix(pattern: &str) -> String {
    let Some(body) = pattern.strip_prefix('^') else {
        return String::new();
    };
    let mut out = String::new();
    let mut chars = body.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some(e) if !e.is_ascii_alphanumeric() => out.push(e),
                _ => break,
            },
            c if c.is_alphanumeric() || "-_/:@#=,".contains(c) => {
                // A quantifier or alternation after it makes it optional: stop before it.
                if matches!(chars.peek(), Some('?' | '*' | '{' | '|')) {
                    break;
                }
                out.push(c);
            }
            _ => break,
        }
    }
    out
}

/// The JSON type a schema without `type` implies by its keywords, if any.
pub(super) fn implied(o: &Map<String, Value>) -> Option<&'static str> {
    let has = |k: &str| o.contains_key(k);
    if has("properties")
        || has("required")
        || has("additionalProperties")
        || has("patternProperties")
    {
        Some("object")
    } else if has("items") || has("prefixItems") {
        Some("array")
    } else if has("minLength") || has("maxLength") || has("pattern") || has("format") {
        Some("string")
    } else if has("minimum") || has("maximum") || has("multipleOf") {
        Some("number")
    } else {
        None
    }
}

/// A key that a simple `patternProperties` pattern likely matches: its literal prefix
/// after `^`, then `a`.
pub(super) fn key_for(pattern: &str) -> String {
    let body = pattern.strip_prefix('^').unwrap_or(pattern);
    let mut key: String = body
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect();
    key.push('a');
    key
}

/// Two generated values combined (`allOf`): objects merge, the first's keys winning;
/// otherwise the first stands.
pub(super) fn merge(a: Value, b: Value) -> Value {
    match (a, b) {
        (Value::Object(mut x), Value::Object(y)) => {
            for (k, v) in y {
                x.entry(k).or_insert(v);
            }
            Value::Object(x)
        }
        (a, _) => a,
    }
}

/// Two values of a steered document combined: objects merge at every depth, the first's
/// values winning where both hold something other than an object.
pub(super) fn deep_merge(a: Value, b: Value) -> Value {
    match (a, b) {
        (Value::Object(mut x), Value::Object(y)) => {
            for (k, v) in y {
                let merged = match x.shift_remove(&k) {
                    Some(mine) => deep_merge(mine, v),
                    None => v,
                };
                x.insert(k, merged);
            }
            Value::Object(x)
        }
        (Value::Null, b) => b,
        (a, _) => a,
    }
}
