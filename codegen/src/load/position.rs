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
}
