//! JSON helpers: value equality as JSON Schema defines it, and JSON pointers.

use serde_json::{Number, Value};

/// JSON equality as JSON Schema's `const`, `enum` and `uniqueItems` define it: numbers are
/// equal when their mathematical values are (`1` equals `1.0`), objects ignore key order.
pub fn json_eq(a: &Value, b: &Value) -> bool {
    equal_by(a, b, number_eq)
}

/// Equality for checking a lossless round trip: [`json_eq`], except that a number read as
/// a float is compared bit for bit with the other one read as `f64` (`1.0` equals `1`, but
/// `-0.0` does not equal `0`, and no float equals its neighbour). Key order is not compared.
pub fn json_identical(a: &Value, b: &Value) -> bool {
    equal_by(a, b, number_identical)
}

/// Structural equality, objects in any key order, numbers compared by `numbers` (generic,
/// so each caller gets its own monomorphic copy: no indirect call per number).
fn equal_by<F: Fn(&Number, &Number) -> bool + Copy>(a: &Value, b: &Value, numbers: F) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => numbers(x, y),
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| equal_by(p, q, numbers))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.get(k).is_some_and(|w| equal_by(v, w, numbers)))
        }
        _ => a == b,
    }
}

fn number_eq(x: &Number, y: &Number) -> bool {
    if let (Some(a), Some(b)) = (x.as_i64(), y.as_i64()) {
        return a == b;
    }
    if let (Some(a), Some(b)) = (x.as_u64(), y.as_u64()) {
        return a == b;
    }
    match (x.as_f64(), y.as_f64()) {
        (Some(a), Some(b)) => a == b,
        _ => false,
    }
}

fn number_identical(x: &Number, y: &Number) -> bool {
    if x.is_f64() || y.is_f64() {
        matches!((x.as_f64(), y.as_f64()), (Some(p), Some(q)) if p.to_bits() == q.to_bits())
    } else {
        number_eq(x, y)
    }
}

/// Escapes one reference token for a JSON pointer (`~` → `~0`, `/` → `~1`).
pub fn escape_token(token: &str) -> String {
    if !token.contains(['~', '/']) {
        return token.to_owned();
    }
    token.replace('~', "~0").replace('/', "~1")
}

/// Appends a reference token to a JSON pointer.
pub fn push_token(pointer: &mut String, token: &str) {
    pointer.push('/');
    if token.bytes().any(|b| b == b'~' || b == b'/') {
        pointer.push_str(&escape_token(token));
    } else {
        pointer.push_str(token);
    }
}

/// Finds the first location where two JSON values differ, as a JSON pointer, with numbers
/// compared by value. `None` when they are equal.
pub fn first_difference(a: &Value, b: &Value) -> Option<String> {
    let mut path = String::new();
    if diff_at(a, b, &mut path) {
        Some(path)
    } else {
        None
    }
}

fn diff_at(a: &Value, b: &Value, path: &mut String) -> bool {
    match (a, b) {
        (Value::Array(x), Value::Array(y)) => {
            for (i, (p, q)) in x.iter().zip(y).enumerate() {
                let len = path.len();
                push_token(path, &i.to_string());
                if diff_at(p, q, path) {
                    return true;
                }
                path.truncate(len);
            }
            if x.len() != y.len() {
                push_token(path, &x.len().min(y.len()).to_string());
                return true;
            }
            false
        }
        (Value::Object(x), Value::Object(y)) => {
            for (k, v) in x {
                let len = path.len();
                push_token(path, k);
                match y.get(k) {
                    Some(w) => {
                        if diff_at(v, w, path) {
                            return true;
                        }
                    }
                    None => return true,
                }
                path.truncate(len);
            }
            for k in y.keys() {
                if !x.contains_key(k) {
                    push_token(path, k);
                    return true;
                }
            }
            false
        }
        _ => !json_eq(a, b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn identical_compares_floats_bit_for_bit() {
        let f = |t: &str| -> Value { serde_json::from_str(t).expect("JSON") };
        assert!(json_identical(
            &f(r#"{"a": [1.0, 2]}"#),
            &f(r#"{"a": [1, 2]}"#)
        ));
        assert!(json_identical(
            &f(r#"{"b": 1, "a": 0.5}"#),
            &f(r#"{"a": 0.5, "b": 1}"#)
        ));
        assert!(!json_identical(
            &f("0.10565837550000001"),
            &f("0.1056583755")
        ));
        assert!(!json_identical(&f("-0.0"), &f("0")));
        assert!(!json_identical(&f("[1]"), &f("[1, 2]")));
        assert!(json_eq(&f("-0.0"), &f("0")));
    }

    #[test]
    fn numbers_compare_by_value() {
        assert!(json_eq(&json!(1), &json!(1.0)));
        assert!(json_eq(&json!([1, {"a": 2.0}]), &json!([1.0, {"a": 2}])));
        assert!(!json_eq(&json!(1), &json!(1.5)));
        assert!(!json_eq(&json!(-1), &json!(u64::MAX)));
        assert!(!json_eq(&json!("1"), &json!(1)));
    }

    #[test]
    fn first_difference_names_the_pointer() {
        let a = json!({"a": {"b/c": [1, 2]}});
        let b = json!({"a": {"b/c": [1, 3]}});
        assert_eq!(first_difference(&a, &b).as_deref(), Some("/a/b~1c/1"));
        assert_eq!(first_difference(&a, &a), None);
        let c = json!({"a": {"b/c": [1, 2]}, "x": null});
        assert_eq!(first_difference(&a, &c).as_deref(), Some("/x"));
        assert_eq!(
            first_difference(&json!([1]), &json!([1, 2])).as_deref(),
            Some("/1")
        );
    }
}
