//! The instance pointer of a `serde_json` error, found from the error's position alone.
//!
//! A failed parse is located without parsing it again under a path-tracking deserializer
//! (`serde_path_to_error`): that would compile every generated `Deserialize` impl once
//! more for the wrapped reader, on the error path only. Instead the JSON text is scanned,
//! without building anything, up to the byte the error's line and column name, and the
//! pointer is the innermost value that contains that byte.
//!
//! `serde_json` places an error at the last byte it consumed (an error a visitor raises:
//! the value's last byte; a missing property: the object's closing brace) or at the byte
//! it could not take (a syntax error). The innermost value containing that byte is the
//! value being read when the error was raised: what a path-tracking deserializer names.
//! A byte of an object's key, or between values, belongs to the enclosing object or
//! array.

use crate::json::push_token;

/// What a container expects next.
#[derive(Clone, Copy, PartialEq)]
enum Expect {
    /// A member's key (or the end of the object).
    Key,
    /// The `:` after a key.
    Colon,
    /// A value (or, in an array, the end of the array).
    Value,
    /// A `,` or the end of the container.
    Comma,
}

/// An open container (or the document itself, the bottom frame).
struct Frame {
    /// Whether it is an array (else an object; the document's frame holds one value).
    array: bool,
    expect: Expect,
    /// The key of the member being read (objects).
    key: String,
    /// The index of the item being read (arrays).
    index: usize,
    /// The length of the pointer up to this container.
    depth_len: usize,
}

/// The pointer of the innermost value of `input` that contains the byte at `line` and
/// `column` (as `serde_json::Error` reports them: 1-based lines, the column of the last
/// byte consumed); the root (`""`) when the position names no byte.
pub(crate) fn pointer_at(input: &str, line: usize, column: usize) -> String {
    match byte_at(input, line, column) {
        Some(at) => pointer_of_byte(input, at),
        None => String::new(),
    }
}

/// The pointer of the innermost value of `input` that contains the byte at offset `at`
/// (a value's first byte names that value).
pub(crate) fn pointer_of_byte(input: &str, at: usize) -> String {
    let bytes = input.as_bytes();
    let mut pointer = String::new();
    let mut stack = vec![Frame {
        array: false,
        expect: Expect::Value,
        key: String::new(),
        index: 0,
        depth_len: 0,
    }];
    let mut i = 0;
    while i < bytes.len() && i <= at {
        let b = bytes[i];
        if b.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let nested = stack.len() > 1;
        let Some(top) = stack.last_mut() else {
            break;
        };
        match (top.expect, b) {
            (Expect::Key, b'"') => {
                let end = string_end(bytes, i);
                if at <= end {
                    break;
                }
                top.key = key_text(&input[i..=end]);
                top.expect = Expect::Colon;
                i = end + 1;
            }
            (Expect::Colon, b':') => {
                top.expect = Expect::Value;
                i += 1;
            }
            (Expect::Comma, b',') => {
                if top.array {
                    top.index += 1;
                    top.expect = Expect::Value;
                } else {
                    top.expect = Expect::Key;
                }
                i += 1;
            }
            (Expect::Key | Expect::Comma, b'}') | (Expect::Value | Expect::Comma, b']')
                if nested && (b == b']') == top.array =>
            {
                if i == at {
                    break;
                }
                stack.pop();
                if let Some(parent) = stack.last_mut() {
                    pointer.truncate(parent.depth_len);
                    parent.expect = Expect::Comma;
                }
                i += 1;
            }
            (Expect::Value, _) => {
                // The value of the member or item being read starts here.
                let outer = pointer.len();
                if nested {
                    if top.array {
                        push_token(&mut pointer, &top.index.to_string());
                    } else {
                        push_token(&mut pointer, &top.key);
                    }
                }
                if b == b'{' || b == b'[' {
                    if i == at {
                        return pointer;
                    }
                    top.expect = Expect::Comma;
                    let depth_len = pointer.len();
                    stack.push(Frame {
                        array: b == b'[',
                        expect: if b == b'[' {
                            Expect::Value
                        } else {
                            Expect::Key
                        },
                        key: String::new(),
                        index: 0,
                        depth_len,
                    });
                    i += 1;
                    continue;
                }
                let end = if b == b'"' {
                    string_end(bytes, i)
                } else {
                    scalar_end(bytes, i)
                };
                if at <= end {
                    return pointer;
                }
                pointer.truncate(outer);
                top.expect = Expect::Comma;
                i = end + 1;
            }
            // A byte the grammar does not allow here: the error is at the container.
            _ => break,
        }
    }
    pointer
}

/// The byte offset of `line` and `column`: the byte before the column's boundary (the
/// last one consumed), or, for column 0, the line's first byte.
fn byte_at(input: &str, line: usize, column: usize) -> Option<usize> {
    if line == 0 {
        return None;
    }
    let start = if line == 1 {
        0
    } else {
        input
            .bytes()
            .enumerate()
            .filter(|&(_, b)| b == b'\n')
            .nth(line - 2)
            .map(|(i, _)| i + 1)?
    };
    let at = (start + column).saturating_sub(1).max(start);
    (at < input.len())
        .then_some(at)
        .or(input.len().checked_sub(1))
}

/// The offset of the closing quote of the string starting at `start` (the last byte when
/// it is not closed).
pub(crate) fn string_end(bytes: &[u8], start: usize) -> usize {
    let mut i = start + 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'"' => return i,
            _ => i += 1,
        }
    }
    bytes.len().saturating_sub(1)
}

/// The offset of the last byte of the number or literal (or stray token) at `start`.
pub(crate) fn scalar_end(bytes: &[u8], start: usize) -> usize {
    let mut i = start;
    while i + 1 < bytes.len() {
        let next = bytes[i + 1];
        if next.is_ascii_whitespace() || matches!(next, b',' | b']' | b'}' | b':' | b'"') {
            break;
        }
        i += 1;
    }
    i
}

/// A key's text, its escapes decoded (`quoted` is the key with its quotes).
pub(crate) fn key_text(quoted: &str) -> String {
    if !quoted.contains('\\') {
        return quoted
            .get(1..quoted.len().saturating_sub(1))
            .unwrap_or("")
            .to_owned();
    }
    serde_json::from_str::<String>(quoted).unwrap_or_else(|_| quoted.to_owned())
}

#[cfg(test)]
mod tests {
    use super::pointer_at;
    use serde::Deserialize;

    /// The pointer `serde_json`'s error for `T` from `input` is located at.
    fn located<T: for<'de> Deserialize<'de>>(input: &str) -> String {
        let e = serde_json::from_str::<T>(input)
            .err()
            .expect("the input fails");
        pointer_at(input, e.line(), e.column())
    }

    #[derive(Deserialize, Debug)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Inner {
        n: u8,
        s: Option<String>,
    }

    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Outer {
        items: Vec<Inner>,
        #[serde(rename = "a/b~c")]
        odd: Option<bool>,
    }

    #[test]
    fn a_value_a_visitor_refuses_is_located_at_itself() {
        assert_eq!(
            located::<Outer>(r#"{"items": [{"n": 1}, {"n": 300}]}"#),
            "/items/1/n"
        );
        assert_eq!(
            located::<Outer>(r#"{"items": [{"n": 1, "s": 5}]}"#),
            "/items/0/s"
        );
        assert_eq!(
            located::<Outer>(r#"{"items": [], "a/b~c": "x"}"#),
            "/a~1b~0c"
        );
        assert_eq!(
            located::<Outer>("{\n  \"items\": [\n    {\"n\": -1}\n  ]\n}"),
            "/items/0/n"
        );
        assert_eq!(located::<Outer>(r#"{"items": 7}"#), "/items");
        assert_eq!(located::<Vec<u8>>("[1, 300]"), "/1");
        assert_eq!(located::<Vec<u8>>(r#"[1, "a\"b"]"#), "/1");
    }

    #[test]
    fn a_missing_or_unknown_property_is_located_at_its_object() {
        assert_eq!(located::<Outer>(r#"{"items": [{"s": "x"}]}"#), "/items/0");
        assert_eq!(
            located::<Outer>(r#"{"items": [{"n": 1, "zz": 2}]}"#),
            "/items/0"
        );
        assert_eq!(located::<Outer>(r#"{"a/b~c": true}"#), "");
    }

    #[test]
    fn escaped_keys_are_decoded() {
        assert_eq!(
            located::<std::collections::BTreeMap<String, u8>>(r#"{"a\"\u0041": 999}"#),
            "/a\"A"
        );
    }

    #[test]
    fn syntax_errors_are_located_where_the_text_breaks() {
        assert_eq!(located::<Outer>(r#"{"items": [{"n": 1}, x]}"#), "/items/1");
        assert_eq!(located::<Outer>(r#"{"items": [{"n": 1,]}"#), "/items/0");
        assert_eq!(located::<serde_json::Value>("[1, 2"), "/1");
        assert_eq!(located::<serde_json::Value>("[1] x"), "");
        assert_eq!(located::<serde_json::Value>(""), "");
        assert_eq!(
            located::<serde_json::Value>("{\"a\": {\"b\": [tru"),
            "/a/b/0"
        );
    }

    #[test]
    fn positions_outside_the_text_are_the_root() {
        assert_eq!(pointer_at("[1]", 0, 0), "");
        assert_eq!(pointer_at("[1]", 9, 1), "");
        assert_eq!(pointer_at("[1]", 1, 99), "");
        assert_eq!(pointer_at("", 1, 1), "");
    }
}
