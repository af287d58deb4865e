//! One value of a document read again, by its location, when an in-flight error is
//! taken: the value a union's failure shows (see `union_failed`), or the property value a
//! failure is judged by (see `judge`).
//! The value's text is found by scanning bytes (`span_at`: the values before it are
//! skipped by their brackets and quotes, nothing is parsed or built), the value itself is
//! written straight into its shown form (compact JSON, as `validate::show` renders a
//! `Value`: at most 60 characters) without building a `Value`, and the read stops as soon
//! as that is written: what follows in the document is never parsed. An array or object
//! whose shown bytes are already compact JSON as `serde_json` writes it (whitespace aside)
//! is copied from the text (`shown_verbatim`); any other is transcoded by `serde_json`.

use super::PathSeg;
use crate::__private::pointer_at::{key_text, scalar_end, string_end};
use crate::validate::{show, Limited};
use serde::de::{self, DeserializeSeed, Deserializer, MapAccess};
use serde::de::{SeqAccess, Visitor};
use serde_json::Value;
use std::fmt;
use std::io::Write;

/// Where a read took the name of one property of a path: the address and length of the
/// name's text ([`super::key_read`]), and the index in the path (outermost segment first)
/// of the segment it names. The value can then be found from that property on, not from
/// the start of the document; a name that does not stand in the input (a buffered
/// copy's) is not used.
pub(super) type Anchor = ((usize, usize), usize);

/// The value at `path` (outermost segment first) of the JSON text `input`, shown as
/// `validate::show` shows it; `None` when no value stands there.
pub(super) fn shown_at(
    input: &str,
    path: &[&PathSeg],
    anchors: &[Option<Anchor>],
) -> Option<String> {
    let text = span_at(input, path, anchors)?;
    if let Some(shown) = shown_verbatim(text) {
        return Some(shown);
    }
    let mut found = None;
    // The read ends with an error as soon as the value is written; `found` says whether
    // it was.
    let _ = serde_json::Deserializer::from_str(text).deserialize_any(Show { found: &mut found });
    found
}

/// The shown form of the array or object `text` read from its bytes, when they are, as far
/// as the form shows and with the whitespace between tokens left out, what `serde_json`
/// writes for the value: strings without escapes, integers of at most 18 digits (not
/// `-0`), `true`, `false`, `null`. `None` when anything shown would be written otherwise
/// (an escape, a fraction or exponent, a longer integer): the caller transcodes. Agents'
/// documents are mostly written compact by `serde_json` itself, so this is the usual case,
/// and it builds nothing but the string shown.
fn shown_verbatim(text: &str) -> Option<String> {
    let b = text.as_bytes();
    if !matches!(b.first(), Some(b'{' | b'[')) {
        return None;
    }
    // Takes what `show` shows, and refuses more once it has it.
    let mut shown = Limited::default();
    let mut i = 0;
    while i < b.len() {
        let start = i;
        match b[i] {
            b' ' | b'\t' | b'\n' | b'\r' => {
                i += 1;
                continue;
            }
            b'{' | b'}' | b'[' | b']' | b',' | b':' => i += 1,
            b'"' => {
                i += 1;
                loop {
                    match *b.get(i)? {
                        b'"' => break,
                        b'\\' | 0..=0x1f => return None,
                        _ => i += 1,
                    }
                }
                i += 1;
            }
            b't' | b'f' | b'n' => {
                let word: &[u8] = [&b"true"[..], b"false", b"null"]
                    .into_iter()
                    .find(|w| b[i..].starts_with(w))?;
                i += word.len();
            }
            b'-' | b'0'..=b'9' => {
                let digits = usize::from(b[i] == b'-');
                i += digits;
                while b.get(i).is_some_and(u8::is_ascii_digit) {
                    i += 1;
                }
                let n = i - start - digits;
                let plain = (1..=18).contains(&n) && (b[start + digits] != b'0' || n == 1);
                if !plain
                    || (digits == 1 && b[start + 1] == b'0')
                    || matches!(b.get(i), Some(b'.' | b'e' | b'E'))
                {
                    return None;
                }
            }
            _ => return None,
        }
        if shown.write_all(&b[start..i]).is_err() {
            break;
        }
    }
    Some(shown.shown())
}

/// The value at `path` of the JSON text `input`, when it is a scalar (`null`, a boolean,
/// a number or a string): the `Value` `serde_json` reads there. `None` for an array or an
/// object (not read at all), or when no valid value stands there.
pub(super) fn scalar_at(
    input: &str,
    path: &[&PathSeg],
    anchors: &[Option<Anchor>],
) -> Option<Value> {
    let text = span_at(input, path, anchors)?;
    if text.starts_with(['[', '{']) {
        return None;
    }
    serde_json::from_str(text).ok()
}

/// The text of the value at `path` (outermost segment first) of the JSON text `input`,
/// found by scanning its bytes; `None` when no value stands there. The text up to the
/// value is one a parse has read already, so it is JSON. The scan starts at the value of
/// the first of `anchors` whose name stands in the input, and skips nothing before it;
/// without one, at the document's start, and a member named twice is found at its first
/// occurrence.
fn span_at<'a>(input: &'a str, path: &[&PathSeg], anchors: &[Option<Anchor>]) -> Option<&'a str> {
    let b = input.as_bytes();
    let anchored = anchors
        .iter()
        .flatten()
        .find_map(|&(key, at)| Some((value_start(input, key)?, path.get(at + 1..)?)));
    let (mut i, path) = anchored.unwrap_or((skip_ws(b, 0), path));
    for seg in path {
        match (seg, *b.get(i)?) {
            (PathSeg::Key(_) | PathSeg::OwnedKey(_), b'{') => {
                let want: &str = match seg {
                    PathSeg::Key(k) => k,
                    PathSeg::OwnedKey(k) => k,
                    PathSeg::Index(_) => return None,
                };
                i = skip_ws(b, i + 1);
                loop {
                    if *b.get(i)? != b'"' {
                        return None;
                    }
                    let end = string_end(b, i);
                    let raw = input.get(i + 1..end)?;
                    let found = if raw.contains('\\') {
                        key_text(input.get(i..=end)?) == want
                    } else {
                        raw == want
                    };
                    i = skip_ws(b, end + 1);
                    if *b.get(i)? != b':' {
                        return None;
                    }
                    i = skip_ws(b, i + 1);
                    if found {
                        break;
                    }
                    i = skip_ws(b, value_end(b, i)?);
                    if *b.get(i)? != b',' {
                        return None;
                    }
                    i = skip_ws(b, i + 1);
                }
            }
            (PathSeg::Index(n), b'[') => {
                i = skip_ws(b, i + 1);
                for _ in 0..*n {
                    i = skip_ws(b, value_end(b, i)?);
                    if *b.get(i)? != b',' {
                        return None;
                    }
                    i = skip_ws(b, i + 1);
                }
            }
            _ => return None,
        }
    }
    input.get(i..value_end(b, i)?)
}

/// The value of the property whose name stands at `key` in `input` (the address and
/// length of the name's text without its quotes, as [`super::key_read`] took them from
/// the text being read): the offset its value starts at, and the value. `None` when the
/// name is not in `input` (it was read from a buffered copy) or no value follows it.
pub(super) fn value_after_key(input: &str, key: (usize, usize)) -> Option<(usize, Value)> {
    let at = value_start(input, key)?;
    let end = value_end(input.as_bytes(), at)?;
    let value = serde_json::from_str(input.get(at..end)?).ok()?;
    Some((at, value))
}

/// The offset the value of the property whose name stands at `key` starts at (see
/// [`value_after_key`]); `None` when the name is not in `input`.
fn value_start(input: &str, key: (usize, usize)) -> Option<usize> {
    let (addr, len) = key;
    let start = addr.checked_sub(input.as_ptr() as usize)?;
    let b = input.as_bytes();
    if b.get(start.checked_sub(1)?) != Some(&b'"') {
        return None;
    }
    let close = start.checked_add(len)?;
    if b.get(close) != Some(&b'"') {
        return None;
    }
    let colon = skip_ws(b, close + 1);
    if b.get(colon) != Some(&b':') {
        return None;
    }
    Some(skip_ws(b, colon + 1))
}

fn skip_ws(b: &[u8], mut i: usize) -> usize {
    while b.get(i).is_some_and(u8::is_ascii_whitespace) {
        i += 1;
    }
    i
}

/// The offset just past the value that starts at `i`; `None` when no value starts there
/// or it is not closed.
fn value_end(b: &[u8], i: usize) -> Option<usize> {
    match *b.get(i)? {
        b'"' => {
            let end = string_end(b, i);
            (end > i && b.get(end) == Some(&b'"')).then_some(end + 1)
        }
        b'{' | b'[' => {
            let mut depth = 0usize;
            let mut j = i;
            while j < b.len() {
                match b[j] {
                    b'"' => j = string_end(b, j),
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
        b',' | b']' | b'}' | b':' => None,
        _ => Some(scalar_end(b, i) + 1),
    }
}

/// The value at the end of the path: a scalar is shown as `show` shows its `Value`; an
/// object or array is transcoded into a [`Limited`] writer.
struct Show<'s> {
    found: &'s mut Option<String>,
}

impl Show<'_> {
    fn scalar<E: de::Error>(self, v: Value) -> Result<(), E> {
        *self.found = Some(show(&v));
        Err(de::Error::custom("shown"))
    }

    fn composite<E: de::Error>(
        self,
        write: impl FnOnce(&mut Limited) -> Result<(), E>,
    ) -> Result<(), E> {
        let mut w = Limited::default();
        // Stops early (with an error) once the writer has taken what is shown.
        let _ = write(&mut w);
        *self.found = Some(w.shown());
        Err(de::Error::custom("shown"))
    }
}

impl<'de> Visitor<'de> for Show<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_bool<E: de::Error>(self, v: bool) -> Result<(), E> {
        self.scalar(Value::Bool(v))
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<(), E> {
        self.scalar(Value::from(v))
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<(), E> {
        self.scalar(Value::from(v))
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<(), E> {
        self.scalar(Value::from(v))
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<(), E> {
        self.scalar(Value::from(v))
    }
    fn visit_unit<E: de::Error>(self) -> Result<(), E> {
        self.scalar(Value::Null)
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<(), A::Error> {
        self.composite(|w| Transcode(w).visit_map(map))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<(), A::Error> {
        self.composite(|w| Transcode(w).visit_seq(seq))
    }
}

/// Writes the value it reads as compact JSON, exactly as `serde_json` writes the `Value`
/// it would have built (keys in document order, strings and numbers through
/// `serde_json`'s own writer); fails as soon as the writer refuses more.
struct Transcode<'w>(&'w mut Limited);

impl Transcode<'_> {
    fn put<E: de::Error>(&mut self, bytes: &[u8]) -> Result<(), E> {
        self.0
            .write_all(bytes)
            .map_err(|_| de::Error::custom("shown"))
    }

    fn json<E: de::Error, T: serde::Serialize + ?Sized>(self, v: &T) -> Result<(), E> {
        serde_json::to_writer(&mut *self.0, v).map_err(|_| de::Error::custom("shown"))
    }
}

impl<'de> DeserializeSeed<'de> for Transcode<'_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Transcode<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_bool<E: de::Error>(self, v: bool) -> Result<(), E> {
        self.json(&v)
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<(), E> {
        self.json(&v)
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<(), E> {
        self.json(&v)
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<(), E> {
        self.json(&v)
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<(), E> {
        self.json(v)
    }
    fn visit_unit<E: de::Error>(mut self) -> Result<(), E> {
        self.put(b"null")
    }
    fn visit_map<A: MapAccess<'de>>(mut self, mut map: A) -> Result<(), A::Error> {
        self.put(b"{")?;
        let mut first = true;
        while let Some(key) = map.next_key::<crate::__private::de::Key<'de>>()? {
            if !first {
                self.put(b",")?;
            }
            first = false;
            Transcode(&mut *self.0).json(key.as_str())?;
            self.put(b":")?;
            map.next_value_seed(Transcode(&mut *self.0))?;
        }
        self.put(b"}")
    }
    fn visit_seq<A: SeqAccess<'de>>(mut self, mut seq: A) -> Result<(), A::Error> {
        self.put(b"[")?;
        let mut first = true;
        while seq
            .next_element_seed(Item {
                w: &mut *self.0,
                first,
            })?
            .is_some()
        {
            first = false;
        }
        self.put(b"]")
    }
}

/// An array item: a comma unless it is the first, then the item.
struct Item<'w> {
    w: &'w mut Limited,
    first: bool,
}

impl<'de> DeserializeSeed<'de> for Item<'_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        let mut t = Transcode(self.w);
        if !self.first {
            t.put(b",")?;
        }
        t.deserialize(d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `show` of the `Value` at `path`, the way the slow path shows it.
    fn expected(input: &str, path: &[PathSeg]) -> Option<String> {
        let doc: Value = serde_json::from_str(input).ok()?;
        let mut v = &doc;
        for seg in path {
            v = match seg {
                PathSeg::Key(k) => v.get(*k)?,
                PathSeg::OwnedKey(k) => v.get(k.as_str())?,
                PathSeg::Index(i) => v.get(*i)?,
            };
        }
        Some(show(v))
    }

    fn at(input: &str, path: &[PathSeg]) -> Option<String> {
        let refs: Vec<&PathSeg> = path.iter().collect();
        shown_at(input, &refs, &[])
    }

    /// The address and length of the text of the `n`th name `name` in `input`, as a read
    /// takes it.
    fn key(input: &str, name: &str, n: usize) -> (usize, usize) {
        let quoted = format!("\"{name}\"");
        let offset = input
            .match_indices(&quoted)
            .nth(n)
            .map_or(0, |(i, _)| i + 1);
        (input.as_ptr() as usize + offset, name.len())
    }

    #[test]
    fn an_anchor_finds_the_value_from_its_property_on() {
        let doc = r#"{"a": {"x": [1, 2]}, "b": [0, {"c": "d"}], "a": {"x": 3}}"#;
        let path = [PathSeg::Key("b"), PathSeg::Index(1), PathSeg::Key("c")];
        let refs: Vec<&PathSeg> = path.iter().collect();
        let full = shown_at(doc, &refs, &[]);
        assert_eq!(full.as_deref(), Some("\"d\""));
        // From `b`'s value on, then through the rest of the path.
        assert_eq!(shown_at(doc, &refs, &[Some((key(doc, "b", 0), 0))]), full);
        // The first anchor whose name stands in the input: `c`'s, inside `b`'s value.
        let copy = String::from(r#"{"c": 0}"#);
        let anchors = [
            Some((key(&copy, "c", 0), 2)),
            None,
            Some((key(doc, "c", 0), 2)),
            Some((key(doc, "b", 0), 0)),
        ];
        assert_eq!(shown_at(doc, &refs, &anchors), full);
        // The anchor names the occurrence that was read: the second `a`, not the first.
        let a = [PathSeg::Key("a"), PathSeg::Key("x")];
        let refs: Vec<&PathSeg> = a.iter().collect();
        assert_eq!(shown_at(doc, &refs, &[]).as_deref(), Some("[1,2]"));
        assert_eq!(
            shown_at(doc, &refs, &[Some((key(doc, "a", 1), 0))]).as_deref(),
            Some("3")
        );
        assert_eq!(
            scalar_at(doc, &refs, &[Some((key(doc, "a", 1), 0))]),
            Some(Value::from(3))
        );
        // A name that is not in the input (a buffered copy's) is not used.
        let copy = String::from(r#"{"a": 0}"#);
        assert_eq!(
            shown_at(doc, &refs, &[Some((key(&copy, "a", 0), 0))]).as_deref(),
            Some("[1,2]")
        );
    }

    #[test]
    fn shows_the_value_at_a_path_of_keys_and_indices() {
        let doc = r#"{"a": [1, {"b\u0022": {"c": [true, 2.50]}}], "z": 3}"#;
        let path = [
            PathSeg::Key("a"),
            PathSeg::Index(1),
            PathSeg::OwnedKey("b\"".into()),
        ];
        assert_eq!(at(doc, &path).as_deref(), Some(r#"{"c":[true,2.5]}"#));
        assert_eq!(at(doc, &path), expected(doc, &path));
        assert_eq!(at(doc, &[]), expected(doc, &[]));
        assert_eq!(at(doc, &[PathSeg::Key("z")]).as_deref(), Some("3"));
    }

    #[test]
    fn the_scan_skips_brackets_and_quotes_inside_strings() {
        let doc = r#"{"a]": "}{\"[", "b": [{"x": "]\\"}, "[{", 7], "k\u0065y": {"v": [1, 2]}}"#;
        for path in [
            vec![PathSeg::Key("b"), PathSeg::Index(2)],
            vec![PathSeg::Key("b"), PathSeg::Index(1)],
            vec![PathSeg::Key("b"), PathSeg::Index(0), PathSeg::Key("x")],
            vec![PathSeg::Key("key"), PathSeg::Key("v")],
            vec![PathSeg::Key("a]")],
        ] {
            assert!(at(doc, &path).is_some(), "{doc}");
            assert_eq!(at(doc, &path), expected(doc, &path), "{doc}");
        }
        for missing in [
            vec![PathSeg::Key("c")],
            vec![PathSeg::Key("b"), PathSeg::Index(3)],
            vec![PathSeg::Key("b"), PathSeg::Key("x")],
            vec![PathSeg::Index(0)],
        ] {
            assert_eq!(at(doc, &missing), None, "{doc}");
        }
        assert_eq!(
            at(r#"{"a": [1, 2"#, &[PathSeg::Key("a")]),
            None,
            "not closed"
        );
    }

    #[test]
    fn shows_exactly_what_show_shows_of_the_parsed_value() {
        let long = "x".repeat(300);
        let deep = format!("{}1{}", "[".repeat(100), "]".repeat(100));
        let wide = format!(
            "[{}]",
            (0..200)
                .map(|i| i.to_string())
                .collect::<Vec<_>>()
                .join(",")
        );
        let docs = [
            r#"{}"#.to_owned(),
            r#"[]"#.to_owned(),
            r#"[[], {}, [{}]]"#.to_owned(),
            r#"{"k": null, "t": true, "f": false, "n": -0, "e": 1e2, "x": 1.0, "big": 18446744073709551616}"#.to_owned(),
            r#"{"s": "tab\there \"quoted\" \u00e9\u0001 \ud83d\ude00 end", "u": "\u2028"}"#.to_owned(),
            r#"{"code": "RATE_LIMIT_EXCEEDED", "message": "API rate limit reached", "retryable": true}"#.to_owned(),
            format!(r#"{{"long": "{long}", "after": 1}}"#),
            format!(r#"{{"{long}": 1}}"#),
            "[\"é€😀\", \"ééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééé\"]".to_owned(),
            deep,
            wide,
            r#"  { "spaced" :  [ 1 , 2 ] , "x" : { } }  "#.to_owned(),
            r#""a plain string""#.to_owned(),
            format!(r#""{long}""#),
            r#"-12.5e-3"#.to_owned(),
        ];
        for doc in &docs {
            assert_eq!(at(doc, &[]), expected(doc, &[]), "{doc}");
            let wrapped = format!(r#"{{"before": [1, {{"a": "b"}}], "v": {doc}, "after": ]]]"#);
            assert_eq!(
                at(&wrapped, &[PathSeg::Key("v")]),
                expected(doc, &[]),
                "{wrapped}"
            );
        }
    }

    #[test]
    fn the_verbatim_form_is_what_show_shows_or_nothing() {
        // Exactly 60 and 61 characters shown, multi-byte characters at the cut, integers at
        // the edge of the verbatim form, and what it leaves to the transcoder.
        let at60 = format!(r#"["{}"]"#, "a".repeat(56));
        let at61 = format!(r#"["{}"]"#, "a".repeat(57));
        let wide = format!(r#"{{"k":"{}","z":1}}"#, "é".repeat(70));
        let straddle = format!(r#"["{}😀😀😀😀😀😀"]"#, "a".repeat(52));
        let verbatim = [
            r#"{}"#.to_owned(),
            r#"[1,-2,0,-123456789012345678,123456789012345678]"#.to_owned(),
            r#"{"a" : [ true , false , null ] ,"b":{ }}"#.to_owned(),
            "{\n\t\"a\":\r\n 1 }".to_owned(),
            r#"{"é/€😀": "ünïcödé / slash"}"#.to_owned(),
            at60,
            at61,
            wide,
            straddle,
            format!(r#"[{}1]"#, "1,".repeat(40)),
            // An escape or a float after what is shown changes nothing shown.
            format!(r#"[{}"a\nb", 1.5]"#, "1,".repeat(40)),
        ];
        for doc in &verbatim {
            let v: Value = serde_json::from_str(doc).expect("JSON");
            assert_eq!(
                shown_verbatim(doc).as_deref(),
                Some(show(&v).as_str()),
                "{doc}"
            );
        }
        let transcoded = [
            r#"["a\nb"]"#,
            r#"["\u00e9"]"#,
            r#"["a\/b"]"#,
            r#"{"k\"": 1}"#,
            r#"[1.0]"#,
            r#"[1e2]"#,
            r#"[-0]"#,
            r#"[1234567890123456789]"#,
            r#"[-1234567890123456789]"#,
            r#""a string""#,
            r#"12"#,
        ];
        for doc in transcoded {
            assert_eq!(shown_verbatim(doc), None, "{doc}");
            assert_eq!(at(doc, &[]), expected(doc, &[]), "{doc}");
        }
    }

    #[test]
    fn stops_after_the_value_and_ignores_what_follows() {
        // Broken JSON after the value is never read.
        assert_eq!(
            at(r#"{"a": {"x": 1}, "b": ]]]"#, &[PathSeg::Key("a")]).as_deref(),
            Some(r#"{"x":1}"#)
        );
    }

    #[test]
    fn a_path_that_leads_nowhere_is_none() {
        let doc = r#"{"a": [1, 2]}"#;
        assert_eq!(at(doc, &[PathSeg::Key("b")]), None);
        assert_eq!(at(doc, &[PathSeg::Key("a"), PathSeg::Index(2)]), None);
        assert_eq!(at(doc, &[PathSeg::Key("a"), PathSeg::Key("0")]), None);
        assert_eq!(at(doc, &[PathSeg::Index(0)]), None);
        assert_eq!(at("[1", &[PathSeg::Index(3)]), None);
    }

    /// The address and length of `name`'s text where it stands (quoted) in `input`.
    fn key_in(input: &str, name: &str) -> (usize, usize) {
        let quoted = format!("\"{name}\"");
        let at = input.find(&quoted).expect("the key is in the input") + 1;
        (input[at..].as_ptr() as usize, name.len())
    }

    #[test]
    fn the_value_after_a_key_is_found_from_where_the_key_stands() {
        let doc = r#"{"a": [1, {"b": "}"}], "c" :  {"d": null} , "e":"x\"y", "f": -1.5e3}"#;
        let value = |name: &str| value_after_key(doc, key_in(doc, name));
        let (start, v) = value("a").expect("a");
        assert_eq!(
            (&doc[start..start + 1], v),
            ("[", serde_json::json!([1, {"b": "}"}]))
        );
        assert_eq!(
            value("c").map(|(_, v)| v),
            Some(serde_json::json!({"d": null}))
        );
        assert_eq!(value("e").map(|(_, v)| v), Some(serde_json::json!("x\"y")));
        assert_eq!(value("f").map(|(_, v)| v), Some(serde_json::json!(-1500.0)));
    }

    #[test]
    fn a_key_not_in_the_input_finds_nothing() {
        let doc = r#"{"a": 1}"#;
        // Read from another text (a buffered copy): its address is not in `doc`.
        let other = String::from(r#"{"a": 1}"#);
        assert_eq!(value_after_key(doc, key_in(&other, "a")), None);
        // An owned key (escaped) is recorded as nothing.
        assert_eq!(value_after_key(doc, (0, 0)), None);
        // An address inside the input that is not a key's text.
        let (addr, _) = key_in(doc, "a");
        assert_eq!(value_after_key(doc, (addr + 1, 1)), None);
        // A key whose value is cut off.
        let cut = r#"{"a": [1, 2"#;
        assert_eq!(value_after_key(cut, key_in(cut, "a")), None);
    }
}
