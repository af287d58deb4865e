//! JSON pointer → line and column in the source text, for error messages.
//!
//! A small JSON scanner walks the text along the pointer's tokens; it assumes the text is
//! valid JSON (it was parsed before) and returns `None` rather than guessing otherwise.

use super::pointer;

/// The 1-based line and column where the value at `pointer` starts in `text`.
pub(crate) fn locate(text: &str, ptr: &str) -> Option<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut i = skip_ws(bytes, 0);
    for token in pointer::tokens(ptr) {
        i = skip_ws(bytes, i);
        match bytes.get(i)? {
            b'{' => {
                i += 1;
                loop {
                    i = skip_ws(bytes, i);
                    if *bytes.get(i)? == b'}' {
                        return None;
                    }
                    let (key, after) = read_string(text, i)?;
                    i = skip_ws(bytes, after);
                    if *bytes.get(i)? != b':' {
                        return None;
                    }
                    i = skip_ws(bytes, i + 1);
                    if key == token {
                        break;
                    }
                    i = skip_value(bytes, i)?;
                    i = skip_ws(bytes, i);
                    if *bytes.get(i)? == b',' {
                        i += 1;
                    }
                }
            }
            b'[' => {
                let want: usize = token.parse().ok()?;
                i += 1;
                for _ in 0..want {
                    i = skip_ws(bytes, i);
                    i = skip_value(bytes, i)?;
                    i = skip_ws(bytes, i);
                    if *bytes.get(i)? != b',' {
                        return None;
                    }
                    i += 1;
                }
                i = skip_ws(bytes, i);
            }
            _ => return None,
        }
    }
    let before = &text[..i.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    Some((line, col))
}

/// Where the text first nests arrays and objects deeper than `limit`: the pointer and the
/// 1-based line and column of the first value that opens level `limit + 1`. `None` when it
/// stays within the limit (or is not JSON this scanner follows; the parser reports that).
/// Iterative: any depth is scanned in constant stack.
pub(crate) fn too_deep(text: &str, limit: usize) -> Option<(String, (usize, usize))> {
    let b = text.as_bytes();
    // One entry per open container: for an object the last key read, for an array the
    // index of the current element.
    enum Open {
        Object(Option<String>),
        Array(usize),
    }
    let mut open: Vec<Open> = Vec::new();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'"' => {
                let (s, after) = read_string(text, i)?;
                let j = skip_ws(b, after);
                if b.get(j) == Some(&b':') {
                    if let Some(Open::Object(key)) = open.last_mut() {
                        *key = Some(s);
                    }
                }
                i = after;
                continue;
            }
            c @ (b'{' | b'[') => {
                if open.len() == limit {
                    let mut ptr = String::new();
                    for o in &open {
                        let token = match o {
                            Open::Object(key) => key.clone().unwrap_or_default(),
                            Open::Array(n) => n.to_string(),
                        };
                        ptr = pointer::join(&ptr, &token);
                    }
                    let before = &text[..i];
                    let line = before.matches('\n').count() + 1;
                    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
                    return Some((ptr, (line, col)));
                }
                open.push(if c == b'{' {
                    Open::Object(None)
                } else {
                    Open::Array(0)
                });
            }
            b'}' | b']' => {
                open.pop();
            }
            b',' => {
                if let Some(Open::Array(n)) = open.last_mut() {
                    *n += 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

fn skip_ws(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && matches!(b[i], b' ' | b'\t' | b'\n' | b'\r') {
        i += 1;
    }
    i
}

fn read_string(text: &str, i: usize) -> Option<(String, usize)> {
    let b = text.as_bytes();
    if *b.get(i)? != b'"' {
        return None;
    }
    let mut j = i + 1;
    while j < b.len() {
        match b[j] {
            b'\\' => j += 2,
            b'"' => {
                let s: String = serde_json::from_str(&text[i..=j]).ok()?;
                return Some((s, j + 1));
            }
            _ => j += 1,
        }
    }
    None
}

fn skip_value(b: &[u8], i: usize) -> Option<usize> {
    match *b.get(i)? {
        b'"' => {
            let mut j = i + 1;
            while j < b.len() {
                match b[j] {
                    b'\\' => j += 2,
                    b'"' => return Some(j + 1),
                    _ => j += 1,
                }
            }
            None
        }
        b'{' | b'[' => {
            let mut depth = 0usize;
            let mut j = i;
            while j < b.len() {
                match b[j] {
                    b'"' => {
                        j = skip_value(b, j)?;
                        continue;
                    }
                    b'{' | b'[' => depth += 1,
                    b'}' | b']' => {
                        depth -= 1;
                        if depth == 0 {
                            return Some(j + 1);
                        }
                    }
                    _ => {}
                }
                j += 1;
            }
            None
        }
        _ => {
            let mut j = i;
            while j < b.len() && !matches!(b[j], b',' | b'}' | b']' | b' ' | b'\t' | b'\n' | b'\r')
            {
                j += 1;
            }
            Some(j)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_nested_values() {
        let text =
            "{\n  \"a\": 1,\n  \"b/c\": {\n    \"d\": [true, \"x\\\"y\", {\"e\": null}]\n  }\n}";
        assert_eq!(locate(text, ""), Some((1, 1)));
        assert_eq!(locate(text, "/a"), Some((2, 8)));
        assert_eq!(locate(text, "/b~1c/d/2/e"), Some((4, 31)));
        assert_eq!(locate(text, "/b~1c/d/1"), Some((4, 17)));
        assert_eq!(locate(text, "/nope"), None);
    }

    #[test]
    fn finds_the_first_value_past_a_nesting_limit() {
        let text = "{\"a\": [1, {\"b\": {}}],\n \"c\": {\"d~/\": [[]]}}";
        assert_eq!(too_deep(text, 4), None);
        // Level 4 opens first at `/a/1/b` (line 1), then at `/c/d~0~1/0` (line 2).
        assert_eq!(too_deep(text, 3), Some(("/a/1/b".to_owned(), (1, 17))));
        let text = "{\"a\": [1, 2],\n \"c\": {\"d~/\": [[]]}}";
        assert_eq!(too_deep(text, 3), Some(("/c/d~0~1/0".to_owned(), (2, 16))));
        assert_eq!(too_deep("[", 0), Some((String::new(), (1, 1))));
    }
}
