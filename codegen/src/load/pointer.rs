//! JSON pointers (RFC 6901) over `serde_json::Value`.

use serde_json::Value;

/// Escapes a reference token (`~` → `~0`, `/` → `~1`).
pub fn escape(token: &str) -> String {
    token.replace('~', "~0").replace('/', "~1")
}

/// Unescapes a reference token.
pub fn unescape(token: &str) -> String {
    token.replace("~1", "/").replace("~0", "~")
}

/// Appends a token to a pointer.
pub fn join(pointer: &str, token: &str) -> String {
    let mut s = String::with_capacity(pointer.len() + token.len() + 1);
    s.push_str(pointer);
    s.push('/');
    s.push_str(&escape(token));
    s
}

/// The reference tokens of a pointer, unescaped. `""` has none.
pub fn tokens(pointer: &str) -> Vec<String> {
    if pointer.is_empty() {
        return Vec::new();
    }
    pointer
        .strip_prefix('/')
        .unwrap_or(pointer)
        .split('/')
        .map(unescape)
        .collect()
}

/// The value at `pointer`, if there is one.
pub fn get<'a>(root: &'a Value, pointer: &str) -> Option<&'a Value> {
    if pointer.is_empty() {
        return Some(root);
    }
    if !pointer.starts_with('/') {
        return None;
    }
    let mut cur = root;
    for t in tokens(pointer) {
        cur = match cur {
            Value::Object(m) => m.get(&t)?,
            Value::Array(a) => {
                if t.len() > 1 && t.starts_with('0') {
                    return None;
                }
                a.get(t.parse::<usize>().ok()?)?
            }
            _ => return None,
        };
    }
    Some(cur)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn escapes_round_trip() {
        let v = json!({"a/b": {"c~d": [10, 20]}});
        let p = join(&join("", "a/b"), "c~d");
        assert_eq!(p, "/a~1b/c~0d");
        assert_eq!(get(&v, &join(&p, "1")), Some(&json!(20)));
        assert_eq!(get(&v, "/a~1b/c~0d/01"), None);
        assert_eq!(tokens(&p), vec!["a/b".to_owned(), "c~d".to_owned()]);
    }
}
