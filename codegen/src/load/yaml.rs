//! YAML 1.2 schema documents → JSON values, with the line and column of every value.
//!
//! The text goes through yaml-rust2's event parser (a YAML 1.2 parser in safe Rust, kept
//! up; docs/decisions.md says why this one) and the events are folded into a
//! [`serde_json::Value`] with an explicit stack, so nesting costs no native stack. Plain
//! scalars are resolved by the YAML 1.2 core schema (`null`, `true`, `12`, `0x1f`, `1.5e3`,
//! `.inf`, else a string); quoted and block scalars are strings. What JSON cannot hold is a
//! located error: a second document, a key that is not a scalar, a duplicate key, `.nan`
//! and `.inf`, a tag outside the core schema. Aliases are expanded (an alias is a copy of
//! its anchor's value), up to [`MAX_VALUES`] values in all.

use super::pointer;
use serde_json::{Map, Number, Value};
use std::collections::BTreeMap;
use yaml_rust2::parser::{Event, MarkedEventReceiver, Parser, Tag};
use yaml_rust2::scanner::{Marker, TScalarStyle};

/// The most values a YAML document may expand to (aliases included): far above real
/// schemas, and a bound on what a document of nested aliases ("billion laughs") costs.
pub(crate) const MAX_VALUES: usize = 10_000_000;

/// Where each value of a YAML document starts: JSON pointer → 1-based line and column.
pub(crate) type Positions = BTreeMap<String, (usize, usize)>;

/// A YAML document that is not a JSON value: the message, the pointer of the value it is
/// about (empty for the document), and the 1-based line and column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct YamlError {
    pub message: String,
    pub pointer: String,
    pub position: (usize, usize),
}

/// Parses `text` as one YAML 1.2 document: the value, and where each of its values starts.
pub(crate) fn parse(text: &str, max_nesting: usize) -> Result<(Value, Positions), YamlError> {
    let mut events = Events::default();
    let mut parser = Parser::new_from_str(text);
    parser.load(&mut events, true).map_err(|e| {
        let mark = e.marker();
        YamlError {
            message: format!("invalid YAML: {}", e.info()),
            pointer: String::new(),
            position: (mark.line(), mark.col() + 1),
        }
    })?;
    Builder::new(max_nesting).build(events.0)
}

/// Every event with where it starts.
#[derive(Default)]
struct Events(Vec<(Event, Marker)>);

impl MarkedEventReceiver for Events {
    fn on_event(&mut self, ev: Event, mark: Marker) {
        self.0.push((ev, mark));
    }
}

/// A sequence or mapping being read.
enum Open {
    Seq {
        items: Vec<Value>,
        pointer: String,
        anchor: usize,
    },
    Map {
        map: Map<String, Value>,
        pointer: String,
        anchor: usize,
        /// The key read, waiting for its value.
        key: Option<String>,
        /// Where the mapping was said to start (a block mapping's start event is at its
        /// first key's colon; the first key moves it back).
        start: usize,
    },
}

struct Builder {
    max_nesting: usize,
    open: Vec<Open>,
    anchors: BTreeMap<usize, Value>,
    positions: Positions,
    root: Option<Value>,
    values: usize,
}

fn at(mark: &Marker) -> (usize, usize) {
    (mark.line(), mark.col() + 1)
}

impl Builder {
    fn new(max_nesting: usize) -> Self {
        Builder {
            max_nesting,
            open: Vec::new(),
            anchors: BTreeMap::new(),
            positions: Positions::new(),
            root: None,
            values: 0,
        }
    }

    fn error(&self, message: impl Into<String>, pointer: String, mark: &Marker) -> YamlError {
        YamlError {
            message: message.into(),
            pointer,
            position: at(mark),
        }
    }

    fn build(mut self, events: Vec<(Event, Marker)>) -> Result<(Value, Positions), YamlError> {
        let mut documents = 0;
        for (event, mark) in events {
            match event {
                Event::DocumentStart => {
                    documents += 1;
                    if documents > 1 {
                        return Err(self.error(
                            "a schema file holds one YAML document; a second one starts here",
                            String::new(),
                            &mark,
                        ));
                    }
                }
                Event::Scalar(text, style, anchor, tag) => {
                    if self.awaits_key() {
                        self.key(text, &mark)?;
                        continue;
                    }
                    let pointer = self.next_pointer();
                    let value = scalar(&text, style, tag.as_ref())
                        .map_err(|m| self.error(m, pointer.clone(), &mark))?;
                    self.positions.insert(pointer, at(&mark));
                    self.place(value, anchor, &mark)?;
                }
                Event::Alias(id) => {
                    let Some(value) = self.anchors.get(&id).cloned() else {
                        return Err(self.error(
                            "an alias to an anchor that is not defined before it",
                            self.next_pointer(),
                            &mark,
                        ));
                    };
                    if self.awaits_key() {
                        match value {
                            Value::String(key) => self.key(key, &mark)?,
                            _ => {
                                return Err(self.error(
                                    "a mapping key must be a string or another scalar",
                                    self.next_pointer(),
                                    &mark,
                                ))
                            }
                        }
                        continue;
                    }
                    self.values += count(&value);
                    let pointer = self.next_pointer();
                    if self.values > MAX_VALUES {
                        return Err(self.error(
                            format!("aliases expand the document past {MAX_VALUES} values"),
                            pointer,
                            &mark,
                        ));
                    }
                    self.positions.insert(pointer, at(&mark));
                    self.place(value, 0, &mark)?;
                }
                Event::SequenceStart(anchor, tag) => {
                    self.open_collection(true, anchor, tag.as_ref(), &mark)?;
                }
                Event::MappingStart(anchor, tag) => {
                    self.open_collection(false, anchor, tag.as_ref(), &mark)?;
                }
                Event::SequenceEnd | Event::MappingEnd => self.close(&mark)?,
                Event::Nothing | Event::StreamStart | Event::StreamEnd | Event::DocumentEnd => {}
            }
        }
        let Some(root) = self.root else {
            return Err(YamlError {
                message: "the schema file holds no YAML document; expected a mapping (a schema object) or a boolean".to_owned(),
                pointer: String::new(),
                position: (1, 1),
            });
        };
        Ok((root, self.positions))
    }

    /// Opens a sequence (`seq`) or a mapping.
    fn open_collection(
        &mut self,
        seq: bool,
        anchor: usize,
        tag: Option<&Tag>,
        mark: &Marker,
    ) -> Result<(), YamlError> {
        if let Some(tag) = tag.filter(|t| !core_collection_tag(t)) {
            return Err(self.error(
                format!(
                    "the tag `{}` has no JSON meaning (only the YAML core schema's tags do)",
                    shown(tag)
                ),
                self.next_pointer(),
                mark,
            ));
        }
        if self.awaits_key() {
            return Err(self.error(
                "a mapping key must be a string or another scalar",
                self.next_pointer(),
                mark,
            ));
        }
        let pointer = self.next_pointer();
        if self.open.len() >= self.max_nesting {
            return Err(self.error(
                format!(
                    "the schema nests arrays and objects more than {} levels deep here",
                    self.max_nesting
                ),
                pointer,
                mark,
            ));
        }
        self.positions.insert(pointer.clone(), at(mark));
        self.open.push(if seq {
            Open::Seq {
                items: Vec::new(),
                pointer,
                anchor,
            }
        } else {
            Open::Map {
                map: Map::new(),
                pointer,
                anchor,
                key: None,
                start: mark.index(),
            }
        });
        Ok(())
    }

    fn close(&mut self, mark: &Marker) -> Result<(), YamlError> {
        let (value, anchor) = match self.open.pop() {
            Some(Open::Seq { items, anchor, .. }) => (Value::Array(items), anchor),
            Some(Open::Map { map, anchor, .. }) => (Value::Object(map), anchor),
            None => return Ok(()),
        };
        self.place(value, anchor, mark)
    }

    fn awaits_key(&self) -> bool {
        matches!(self.open.last(), Some(Open::Map { key: None, .. }))
    }

    fn key(&mut self, key: String, mark: &Marker) -> Result<(), YamlError> {
        let Some(Open::Map {
            map,
            pointer,
            key: slot,
            start,
            ..
        }) = self.open.last_mut()
        else {
            return Ok(());
        };
        if map.is_empty() && mark.index() < *start {
            *start = mark.index();
            self.positions.insert(pointer.clone(), at(mark));
        }
        if map.contains_key(&key) {
            let pointer = format!("{pointer}/{}", pointer::escape(&key));
            return Err(self.error(
                format!("the key {key:?} appears twice in this mapping"),
                pointer,
                mark,
            ));
        }
        *slot = Some(key);
        Ok(())
    }

    /// The pointer of the value read next.
    fn next_pointer(&self) -> String {
        match self.open.last() {
            None => String::new(),
            Some(Open::Seq { items, pointer, .. }) => format!("{pointer}/{}", items.len()),
            Some(Open::Map { pointer, key, .. }) => {
                format!(
                    "{pointer}/{}",
                    pointer::escape(key.as_deref().unwrap_or(""))
                )
            }
        }
    }

    fn place(&mut self, value: Value, anchor: usize, mark: &Marker) -> Result<(), YamlError> {
        self.values += 1;
        if self.values > MAX_VALUES {
            return Err(self.error(
                format!("the document holds more than {MAX_VALUES} values"),
                self.next_pointer(),
                mark,
            ));
        }
        if anchor > 0 {
            self.anchors.insert(anchor, value.clone());
        }
        match self.open.last_mut() {
            None => self.root = Some(value),
            Some(Open::Seq { items, .. }) => items.push(value),
            Some(Open::Map { map, key, .. }) => {
                if let Some(k) = key.take() {
                    map.insert(k, value);
                }
            }
        }
        Ok(())
    }
}

fn core_collection_tag(tag: &Tag) -> bool {
    matches!(core_suffix(tag), Some("seq" | "map")) || non_specific(tag)
}

/// The non-specific tag `!`: the value is what it would be untagged, a string if a scalar.
fn non_specific(tag: &Tag) -> bool {
    matches!(
        (tag.handle.as_str(), tag.suffix.as_str()),
        ("", "!") | ("!", "")
    )
}

/// The core-schema type a tag names (`!!str` → `str`), if it is one.
fn core_suffix(tag: &Tag) -> Option<&str> {
    (tag.handle == "tag:yaml.org,2002:" || tag.handle == "!!").then_some(tag.suffix.as_str())
}

fn shown(tag: &Tag) -> String {
    format!("{}{}", tag.handle, tag.suffix)
}

/// The number of values in `value` (itself included).
fn count(value: &Value) -> usize {
    let mut n = 0;
    let mut stack = vec![value];
    while let Some(v) = stack.pop() {
        n += 1;
        match v {
            Value::Array(a) => stack.extend(a),
            Value::Object(o) => stack.extend(o.values()),
            _ => {}
        }
    }
    n
}

/// A scalar as JSON: by its tag if it has one, else by the YAML 1.2 core schema when it
/// is plain, else a string.
fn scalar(text: &str, style: TScalarStyle, tag: Option<&Tag>) -> Result<Value, String> {
    if let Some(tag) = tag {
        let wrong =
            |what: &str| format!("{text:?} is not {what}, as its tag `{}` says", shown(tag));
        return match core_suffix(tag) {
            Some("str") => Ok(Value::String(text.to_owned())),
            Some("null") => is_null(text)
                .then_some(Value::Null)
                .ok_or_else(|| wrong("null")),
            Some("bool") => boolean(text)
                .map(Value::Bool)
                .ok_or_else(|| wrong("a boolean")),
            Some("int") => integer(text).ok_or_else(|| wrong("an integer"))?,
            Some("float") => match integer(text) {
                Some(n) => n,
                None => float(text).ok_or_else(|| wrong("a number"))?,
            },
            _ if non_specific(tag) => Ok(Value::String(text.to_owned())),
            _ => Err(format!(
                "the tag `{}` has no JSON meaning (only the YAML core schema's tags do)",
                shown(tag)
            )),
        };
    }
    if style != TScalarStyle::Plain {
        return Ok(Value::String(text.to_owned()));
    }
    if is_null(text) {
        return Ok(Value::Null);
    }
    if let Some(b) = boolean(text) {
        return Ok(Value::Bool(b));
    }
    if let Some(n) = integer(text) {
        return n;
    }
    if let Some(n) = float(text) {
        return n;
    }
    Ok(Value::String(text.to_owned()))
}

fn is_null(text: &str) -> bool {
    matches!(text, "" | "~" | "null" | "Null" | "NULL")
}

fn boolean(text: &str) -> Option<bool> {
    match text {
        "true" | "True" | "TRUE" => Some(true),
        "false" | "False" | "FALSE" => Some(false),
        _ => None,
    }
}

/// A core-schema integer (`12`, `-3`, `+7`, `0o17`, `0x1F`), or `None` if `text` is not
/// one. Past `u64` and `i64` it is the nearest `f64`, as serde_json reads such a JSON
/// number.
fn integer(text: &str) -> Option<Result<Value, String>> {
    let radix = |digits: &str, radix: u32| {
        (!digits.is_empty() && digits.chars().all(|c| c.is_digit(radix)))
            .then(|| u64::from_str_radix(digits, radix))
    };
    if let Some(digits) = text.strip_prefix("0o") {
        return radix(digits, 8).map(|n| n.map(|n| Value::Number(n.into())).map_err(too_big(text)));
    }
    if let Some(digits) = text.strip_prefix("0x") {
        return radix(digits, 16)
            .map(|n| n.map(|n| Value::Number(n.into())).map_err(too_big(text)));
    }
    let unsigned = text.strip_prefix(['-', '+']).unwrap_or(text);
    if unsigned.is_empty() || !unsigned.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let number = if text.starts_with('-') {
        text.parse::<i64>().ok().map(Number::from)
    } else {
        unsigned.parse::<u64>().ok().map(Number::from)
    };
    Some(match number {
        Some(n) => Ok(Value::Number(n)),
        None => text
            .parse::<f64>()
            .ok()
            .and_then(Number::from_f64)
            .map(Value::Number)
            .ok_or_else(|| format!("the number {text} is out of range")),
    })
}

fn too_big(text: &str) -> impl FnOnce(std::num::ParseIntError) -> String + '_ {
    move |_| format!("the number {text} is out of range")
}

/// A core-schema float (`1.5`, `-.5`, `1e3`, `.inf`, `.nan`), or `None` if `text` is not
/// one. JSON has no infinity or NaN: those are errors.
fn float(text: &str) -> Option<Result<Value, String>> {
    let unsigned = text.strip_prefix(['-', '+']).unwrap_or(text);
    if matches!(unsigned, ".inf" | ".Inf" | ".INF") || matches!(text, ".nan" | ".NaN" | ".NAN") {
        return Some(Err(format!(
            "{text} is not a JSON number (JSON has no infinity or NaN)"
        )));
    }
    let (mantissa, exponent) = match unsigned.find(['e', 'E']) {
        Some(i) => (&unsigned[..i], Some(&unsigned[i + 1..])),
        None => (unsigned, None),
    };
    let (whole, fraction) = match mantissa.split_once('.') {
        Some((w, f)) => (w, Some(f)),
        None => (mantissa, None),
    };
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    let shaped = digits(whole)
        && fraction.is_none_or(digits)
        && !(whole.is_empty() && fraction.is_none_or(str::is_empty))
        && exponent.is_none_or(|e| {
            let e = e.strip_prefix(['-', '+']).unwrap_or(e);
            !e.is_empty() && digits(e)
        });
    if !shaped {
        return None;
    }
    Some(
        text.parse::<f64>()
            .ok()
            .and_then(Number::from_f64)
            .map(Value::Number)
            .ok_or_else(|| format!("the number {text} is out of range")),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn read(text: &str) -> Value {
        parse(text, 1000).unwrap_or_else(|e| panic!("{e:?}")).0
    }

    fn refused(text: &str) -> YamlError {
        parse(text, 1000).expect_err("refused")
    }

    #[test]
    fn plain_scalars_follow_the_core_schema() {
        let v = read(
            "a: ~\nb: null\nc: true\nd: False\ne: 12\nf: -3\ng: 0x1F\nh: 0o17\ni: 1.5\nj: -.5e1\nk: 1e3\nl: yes\nm: no\nn: on\no: 012\np: 1_000\nq: 18446744073709551616\nr:\n",
        );
        assert_eq!(
            v,
            json!({"a": null, "b": null, "c": true, "d": false, "e": 12, "f": -3, "g": 31,
                "h": 15, "i": 1.5, "j": -5.0, "k": 1000.0, "l": "yes", "m": "no", "n": "on",
                "o": 12, "p": "1_000", "q": 18446744073709551616.0, "r": null})
        );
    }

    #[test]
    fn quoted_block_and_tagged_scalars_are_strings_unless_tagged_otherwise() {
        let v = read("a: '12'\nb: \"true\"\nc: |\n  x\n  y\nd: !!str 5\ne: !!int \"7\"\nf: ! 8\ng: !!float 2\n");
        assert_eq!(
            v,
            json!({"a": "12", "b": "true", "c": "x\ny\n", "d": "5", "e": 7, "f": "8", "g": 2})
        );
    }

    #[test]
    fn keys_keep_their_order_and_scalars_as_written() {
        let v = read("z: 1\n200: ok\ntrue: yes\na: 2\n");
        let keys: Vec<&String> = v.as_object().unwrap().keys().collect();
        assert_eq!(keys, ["z", "200", "true", "a"]);
    }

    #[test]
    fn aliases_copy_their_anchor() {
        let v = read("base: &b {type: string, minLength: 1}\nname: *b\nlist: [*b]\n");
        assert_eq!(v["name"], json!({"type": "string", "minLength": 1}));
        assert_eq!(v["list"][0], v["base"]);
    }

    #[test]
    fn every_value_has_a_position() {
        let (_, at) = parse(
            "type: object\nproperties:\n  name:\n    type: string\n  tags: [a, b]\n",
            1000,
        )
        .unwrap();
        assert_eq!(at[""], (1, 1));
        assert_eq!(at["/properties"], (3, 3));
        assert_eq!(at["/properties/name/type"], (4, 11));
        assert_eq!(at["/properties/tags/1"], (5, 13));
    }

    #[test]
    fn what_json_cannot_hold_is_a_located_error() {
        let e = refused("a: 1\n---\nb: 2\n");
        assert!(e.message.contains("one YAML document"), "{e:?}");
        assert_eq!(e.position.0, 2);
        let e = refused("a: 1\nb:\n  c: 1\n  c: 2\n");
        assert_eq!(e.pointer, "/b/c");
        assert!(e.message.contains("twice"), "{e:?}");
        assert_eq!(e.position.0, 4);
        let e = refused("a:\n  - .nan\n");
        assert_eq!((e.pointer.as_str(), e.position), ("/a/0", (2, 5)));
        let e = refused("a: !custom 1\n");
        assert!(e.message.contains("`!custom`"), "{e:?}");
        assert_eq!(e.pointer, "/a");
        let e = refused("? [a, b]\n: 1\n");
        assert!(e.message.contains("key must be"), "{e:?}");
        let e = refused("a: [1, 2\n");
        assert!(e.message.starts_with("invalid YAML"), "{e:?}");
        let e = refused("# nothing but a comment\n");
        assert!(e.message.contains("no YAML document"), "{e:?}");
        let e = refused("a: !!int x\n");
        assert!(e.message.contains("not an integer"), "{e:?}");
    }

    #[test]
    fn nesting_and_aliases_are_bounded() {
        let deep = format!("{}1{}", "[".repeat(50), "]".repeat(50));
        let e = parse(&deep, 20).expect_err("too deep");
        assert!(e.message.contains("more than 20 levels"), "{e:?}");
        assert_eq!(e.pointer, "/0".repeat(20));
        // Nine levels of ten aliases each: 10^9 values if expanded.
        let mut laughs = String::from("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
        for i in 1..10 {
            let p = i - 1;
            laughs.push_str(&format!(
                "a{i}: &a{i} [*a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}]\n"
            ));
        }
        let e = parse(&laughs, 1000).expect_err("expands too far");
        assert!(e.message.contains("aliases expand"), "{e:?}");
    }
}
