//! How messages show values: compact JSON cut at 60 characters, and the JSON type name
//! and pairwise-distinct helpers the validators share.

use serde_json::Value;

/// A short rendering of a value for messages: compact JSON, cut at 60 characters.
pub fn show(v: &Value) -> String {
    match v {
        Value::Null => return String::from("null"),
        Value::Bool(b) => return String::from(if *b { "true" } else { "false" }),
        Value::Number(n) => return n.to_string(),
        Value::String(s) => {
            if let Some(plain) = show_plain_str(s) {
                return plain;
            }
        }
        Value::Array(_) | Value::Object(_) => {}
    }
    // Serializes only as far as the 60 characters shown: every nesting level writes at
    // least one byte before descending, so neither a huge nor a 100,000-deep value is
    // walked (a full `to_string` would be O(size) and recurse once per level).
    let mut w = Limited::default();
    let _ = serde_json::to_writer(&mut w, v);
    w.shown()
}

/// A writer of compact JSON that takes only as much as [`show`] shows (61 characters, or
/// the whole value when it is shorter), and refuses further writes, which stops the
/// serializer writing into it.
pub(crate) struct Limited {
    bytes: Vec<u8>,
    /// The characters in `bytes` (its bytes that do not continue a UTF-8 sequence).
    chars: usize,
}

impl Default for Limited {
    fn default() -> Self {
        Limited {
            bytes: Vec::with_capacity(96),
            chars: 0,
        }
    }
}

impl Limited {
    /// What was written, as [`show`] renders it: cut at 60 characters.
    pub(crate) fn shown(&self) -> String {
        let s = String::from_utf8_lossy(&self.bytes);
        if self.chars <= 60 {
            return s.into_owned();
        }
        let end = s.char_indices().nth(57).map_or(s.len(), |(i, _)| i);
        let mut cut = String::with_capacity(end + 3);
        cut.push_str(&s[..end]);
        cut.push_str("...");
        cut
    }
}

impl std::io::Write for Limited {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if self.chars > 60 {
            return Err(std::io::Error::other("enough"));
        }
        self.chars += buf.iter().filter(|&&b| b & 0xC0 != 0x80).count();
        self.bytes.extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// A short rendering of a string instance.
pub fn show_str(s: &str) -> String {
    match show_plain_str(s) {
        Some(plain) => plain,
        None => show(&Value::String(s.to_owned())),
    }
}

/// [`show`] of a typed value, through its JSON form (evaluated only when a message is
/// built).
pub fn show_ser<T: serde::Serialize + ?Sized>(t: &T) -> String {
    match serde_json::to_value(t) {
        Ok(v) => show(&v),
        Err(_) => String::from("the value"),
    }
}

/// `"s"` for a short string that JSON writes as it is (no quote, backslash or control
/// character); `None` otherwise.
fn show_plain_str(s: &str) -> Option<String> {
    if s.len() > 58 || s.bytes().any(|b| b == b'"' || b == b'\\' || b < 0x20) {
        return None;
    }
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    out.push_str(s);
    out.push('"');
    Some(out)
}

/// The JSON type name of a value, as `type` names it.
pub fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(n) if crate::__private::num::is_integer(n) => "integer",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

/// Whether the items of an array are pairwise distinct (JSON equality, numbers by
/// value); on a duplicate, the two indices.
pub fn duplicate(items: &[Value]) -> Option<(usize, usize)> {
    for i in 0..items.len() {
        for j in i + 1..items.len() {
            if crate::json::json_eq(&items[i], &items[j]) {
                return Some((i, j));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn show_is_short_and_does_not_walk_deep_or_huge_values() {
        assert_eq!(
            show(&serde_json::json!({"a": [1, "x"]})),
            r#"{"a":[1,"x"]}"#
        );
        let long = Value::String("é".repeat(500));
        let s = show(&long);
        assert_eq!(s.chars().count(), 60);
        assert!(s.starts_with("\"éé") && s.ends_with("..."), "{s}");
        // 100,000 levels: a full serialization would overflow this thread's stack.
        let mut v = Value::Null;
        for _ in 0..100_000 {
            v = Value::Array(vec![v]);
        }
        let s = show(&v);
        assert_eq!(s, format!("{}...", "[".repeat(57)));
        // `Value`'s drop recurses too; leak it.
        std::mem::forget(v);
    }

    /// `show` writes only what it shows, and shows what cutting the whole compact JSON
    /// at 60 characters would: at every length around the cut, in one- to four-byte
    /// characters.
    #[test]
    fn show_equals_cutting_the_whole_text() {
        fn naive(v: &Value) -> String {
            let s = v.to_string();
            if s.chars().count() <= 60 {
                s
            } else {
                format!("{}...", s.chars().take(57).collect::<String>())
            }
        }
        for ch in ["a", "é", "€", "😀", r"\"] {
            for n in 50..70 {
                for v in [
                    serde_json::json!({ "k": ch.repeat(n) }),
                    serde_json::json!([ch.repeat(n / 2), ch.repeat(n / 2), 1]),
                    Value::String(ch.repeat(n)),
                ] {
                    assert_eq!(show(&v), naive(&v), "{v}");
                }
            }
        }
    }
}
