//! The context generated validators run in: where in the instance they are, what they
//! found, and whether to go on after a failure.

use crate::error::{ValidationError, ValidationErrors};
use crate::json::push_token;
use serde_json::{Map, Value};

/// A generated validator for one schema node: checks a value, recording failures in the
/// context, and says whether it is valid.
pub type NodeFn = for<'v> fn(&'v Value, &mut Cx<'v>) -> bool;

/// How deep `$ref`s may nest before validation stops with an error instead of risking
/// the stack (recursive schemas on deep instances, or `$ref` cycles that consume nothing).
pub const MAX_DEPTH: u32 = 192;

/// Validation options.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Options {
    /// Collect every error instead of stopping at the first.
    pub all_errors: bool,
    /// Assert `format` (otherwise it is an annotation).
    pub formats: bool,
}

impl Options {
    /// Stop at the first error; formats not asserted.
    pub const fn new() -> Self {
        Options {
            all_errors: false,
            formats: false,
        }
    }

    /// Collect every error.
    pub const fn all_errors(mut self, yes: bool) -> Self {
        self.all_errors = yes;
        self
    }

    /// Assert `format`.
    pub const fn formats(mut self, yes: bool) -> Self {
        self.formats = yes;
        self
    }
}

/// The message of the `$ref` depth guard.
fn too_deep() -> String {
    format!("validation nests more than {MAX_DEPTH} `$ref`s deep; the instance or the schema recursion is too deep")
}

#[derive(Debug, Clone, Copy)]
enum Seg<'v> {
    Key(&'v str),
    Index(usize),
}

/// The state of one validation run.
#[derive(Debug)]
pub struct Cx<'v> {
    options: Options,
    path: Vec<Seg<'v>>,
    errors: Vec<ValidationError>,
    silent: u32,
    depth: u32,
    /// The dynamic scope: the resources that declare dynamic anchors, in the order
    /// validation first entered them (only the first entry of a resource matters).
    scope: Vec<u32>,
    /// The schema location of the table node being run (`__private::plan::run`), which
    /// a failure located relative to its node ([`Self::fail_below`]) is joined to.
    node_at: &'static str,
}

impl<'v> Cx<'v> {
    /// A context at the instance root.
    pub fn new(options: Options) -> Self {
        Cx {
            options,
            path: Vec::new(),
            errors: Vec::new(),
            silent: 0,
            depth: 0,
            scope: Vec::new(),
            node_at: "",
        }
    }

    /// A context for a value that is not borrowed from the instance (a property name, or
    /// a typed value rendered as JSON), located at this context's current position once
    /// [absorbed](Cx::absorb): its errors are located relative to that position until
    /// then, so that a check that passes builds no pointer.
    pub fn sub<'w>(&self) -> Cx<'w> {
        Cx {
            options: self.options,
            path: Vec::new(),
            errors: Vec::new(),
            silent: self.silent,
            depth: self.depth,
            scope: self.scope.clone(),
            node_at: self.node_at,
        }
    }

    /// Takes over the errors of a [`Cx::sub`] context, locating them at this context's
    /// current position.
    pub fn absorb(&mut self, other: Cx<'_>) {
        if other.errors.is_empty() {
            return;
        }
        let here = self.pointer();
        for mut e in other.errors {
            e.instance_path.insert_str(0, &here);
            self.errors.push(e);
        }
    }

    /// Whether `format` is asserted.
    #[inline]
    pub fn formats(&self) -> bool {
        self.options.formats
    }

    /// Descends into a property.
    #[inline]
    pub fn push_key(&mut self, key: &'v str) {
        self.path.push(Seg::Key(key));
    }

    /// Descends into an array item.
    #[inline]
    pub fn push_index(&mut self, index: usize) {
        self.path.push(Seg::Index(index));
    }

    /// Comes back up one level.
    #[inline]
    pub fn pop(&mut self) {
        self.path.pop();
    }

    /// Runs `check` one level down, at property `key`; returns its verdict. One call in
    /// generated code instead of push, check, pop.
    #[inline(always)]
    pub fn at_key(&mut self, key: &'v str, check: impl FnOnce(&mut Self) -> bool) -> bool {
        self.push_key(key);
        let ok = check(self);
        self.pop();
        ok
    }

    /// Runs `check` one level down, at array item `index`; returns its verdict.
    #[inline(always)]
    pub fn at_index(&mut self, index: usize, check: impl FnOnce(&mut Self) -> bool) -> bool {
        self.push_index(index);
        let ok = check(self);
        self.pop();
        ok
    }

    /// Checks the value of an object entry with `check`, at its key.
    #[inline(always)]
    pub fn entry(
        &mut self,
        key: &'v str,
        value: &'v Value,
        check: impl FnOnce(&'v Value, &mut Self) -> bool,
    ) -> bool {
        self.push_key(key);
        let ok = check(value, self);
        self.pop();
        ok
    }

    /// Checks the property `name` of `m` with `check` when `m` has it (true when it does
    /// not).
    #[inline(always)]
    pub fn property(
        &mut self,
        m: &'v Map<String, Value>,
        name: &str,
        check: impl FnOnce(&'v Value, &mut Self) -> bool,
    ) -> bool {
        match m.get_key_value(name) {
            Some((key, value)) => self.entry(key, value, check),
            None => true,
        }
    }

    /// The current instance location as a JSON pointer.
    pub fn pointer(&self) -> String {
        let mut s = String::new();
        for seg in &self.path {
            match seg {
                Seg::Key(k) => push_token(&mut s, k),
                Seg::Index(i) => push_token(&mut s, &i.to_string()),
            }
        }
        s
    }

    /// Records a failure of `keyword` (at `schema_path`) at the current location, unless
    /// speculating. Returns whether validation should go on: only when collecting all
    /// errors and not speculating.
    #[inline]
    pub fn fail(
        &mut self,
        keyword: &'static str,
        schema_path: &'static str,
        message: impl FnOnce() -> String,
    ) -> bool {
        if self.silent == 0 {
            self.record(keyword, schema_path, message());
        }
        self.keep_going()
    }

    /// [`Self::fail`] with the message `pieces` joined around `v` shown (as [`show`]
    /// shows it): the message as data, not a closure (see `__private::fail!`).
    #[doc(hidden)]
    pub fn fail_shown(
        &mut self,
        keyword: &'static str,
        schema_path: &'static str,
        pieces: &[&str],
        v: &Value,
    ) -> bool {
        if self.silent == 0 {
            self.record(keyword, schema_path, pieces.join(&show(v)));
        }
        self.keep_going()
    }

    /// [`Self::fail`] with the message `pieces` joined around `key` shown as a JSON
    /// string ([`show_str`]).
    #[doc(hidden)]
    pub fn fail_key(
        &mut self,
        keyword: &'static str,
        schema_path: &'static str,
        pieces: &[&str],
        key: &str,
    ) -> bool {
        if self.silent == 0 {
            self.record(keyword, schema_path, pieces.join(&show_str(key)));
        }
        self.keep_going()
    }

    /// [`Self::fail`] with a message that names no value.
    #[doc(hidden)]
    pub fn fail_text(
        &mut self,
        keyword: &'static str,
        schema_path: &'static str,
        text: &'static str,
    ) -> bool {
        if self.silent == 0 {
            self.record(keyword, schema_path, text.to_owned());
        }
        self.keep_going()
    }

    /// [`Self::fail`] of a keyword of the schema node at `base`, located at
    /// `{base}/{keyword}` (joined only when the error is recorded): generated code names
    /// its node's location once, not in every failure.
    #[doc(hidden)]
    pub fn fail_at(
        &mut self,
        keyword: &'static str,
        base: &'static str,
        message: impl FnOnce() -> String,
    ) -> bool {
        if self.silent == 0 {
            self.record_at(keyword, base, message());
        }
        self.keep_going()
    }

    /// [`Self::fail_shown`] at `{base}/{keyword}` ([`Self::fail_at`]).
    #[doc(hidden)]
    pub fn fail_shown_at(
        &mut self,
        keyword: &'static str,
        base: &'static str,
        pieces: &[&str],
        v: &Value,
    ) -> bool {
        if self.silent == 0 {
            self.record_at(keyword, base, pieces.join(&show(v)));
        }
        self.keep_going()
    }

    /// [`Self::fail_key`] at `{base}/{keyword}` ([`Self::fail_at`]).
    #[doc(hidden)]
    pub fn fail_key_at(
        &mut self,
        keyword: &'static str,
        base: &'static str,
        pieces: &[&str],
        key: &str,
    ) -> bool {
        if self.silent == 0 {
            self.record_at(keyword, base, pieces.join(&show_str(key)));
        }
        self.keep_going()
    }

    /// [`Self::fail_text`] at `{base}/{keyword}` ([`Self::fail_at`]).
    #[doc(hidden)]
    pub fn fail_text_at(
        &mut self,
        keyword: &'static str,
        base: &'static str,
        text: &'static str,
    ) -> bool {
        if self.silent == 0 {
            self.record_at(keyword, base, text.to_owned());
        }
        self.keep_going()
    }

    /// The record of the `…_at` failures: the location joined here, on the cold path.
    fn record_at(&mut self, keyword: &'static str, base: &'static str, message: String) {
        let at = format!("{base}/{keyword}");
        let e = ValidationError::new(self.pointer(), keyword, at, message);
        self.errors.push(e);
    }

    /// [`Self::fail`]'s record, apart from the message closure so that it is compiled
    /// once, not once per generated call.
    fn record(&mut self, keyword: &'static str, schema_path: &'static str, message: String) {
        let e = ValidationError::new(self.pointer(), keyword, schema_path, message);
        self.errors.push(e);
    }

    /// Whether to go on after a failure found by a nested validator (which already
    /// recorded it).
    #[inline]
    pub fn keep_going(&self) -> bool {
        self.options.all_errors && self.silent == 0
    }

    /// [`Self::fail`] at `rel` below the schema location of the table node being run
    /// (`{node}/{rel}`), which is joined only when the error is recorded.
    #[doc(hidden)]
    pub fn fail_below(
        &mut self,
        keyword: &'static str,
        rel: &'static str,
        message: impl FnOnce() -> String,
    ) -> bool {
        if self.silent == 0 {
            let at = format!("{}/{rel}", self.node_at);
            let e = ValidationError::new(self.pointer(), keyword, at, message());
            self.errors.push(e);
        }
        self.keep_going()
    }

    /// Makes `at` the schema location of the table node being run, returning the one it
    /// replaces (`__private::plan::run` restores it).
    #[doc(hidden)]
    #[inline]
    pub fn enter_node(&mut self, at: &'static str) -> &'static str {
        std::mem::replace(&mut self.node_at, at)
    }

    /// Runs `f` without recording errors (for `anyOf`, `oneOf`, `not`, `if`), returning
    /// its verdict.
    #[inline]
    pub fn speculate(&mut self, f: impl FnOnce(&mut Self) -> bool) -> bool {
        // A speculative check stops at its first failure, possibly deep inside the
        // instance: the location and `$ref` depth it leaves behind are restored here.
        let (len, depth) = (self.path.len(), self.depth);
        self.silent += 1;
        let ok = f(self);
        self.silent -= 1;
        self.path.truncate(len);
        self.depth = depth;
        ok
    }

    /// Enters a `$ref`; `false` (with an error recorded) when nesting is too deep.
    #[inline]
    pub fn enter(&mut self, schema_path: &'static str) -> bool {
        if self.depth >= MAX_DEPTH {
            self.fail("depth", schema_path, too_deep);
            return false;
        }
        self.depth += 1;
        true
    }

    /// [`Self::enter`] for a `$ref` at `rel` below the schema location of the table node
    /// being run (`{node}/{rel}`, joined only when the depth guard refuses).
    #[doc(hidden)]
    #[inline]
    pub fn enter_below(&mut self, rel: &'static str) -> bool {
        if self.depth >= MAX_DEPTH {
            self.fail_below("depth", rel, too_deep);
            return false;
        }
        self.depth += 1;
        true
    }

    /// Runs `check` one `$ref` level deeper ([`Self::enter`], then [`Self::leave`]);
    /// `false` when the depth guard refuses.
    #[inline(always)]
    pub fn nested(
        &mut self,
        schema_path: &'static str,
        check: impl FnOnce(&mut Self) -> bool,
    ) -> bool {
        if !self.enter(schema_path) {
            return false;
        }
        let ok = check(self);
        self.leave();
        ok
    }

    /// Runs `check` inside the schema resource `resource` (an index the generated code
    /// assigns to each resource declaring a dynamic anchor): the resource joins the
    /// dynamic scope unless it is there already.
    #[inline]
    pub fn in_resource(&mut self, resource: u32, check: impl FnOnce(&mut Self) -> bool) -> bool {
        if self.scope.contains(&resource) {
            return check(self);
        }
        self.scope.push(resource);
        let ok = check(self);
        self.scope.pop();
        ok
    }

    /// For a `$dynamicRef` (or `$recursiveRef`): the position in `candidates` (resource
    /// indices) of the outermost resource of the dynamic scope among them.
    pub fn outermost(&self, candidates: &[u32]) -> Option<usize> {
        self.scope
            .iter()
            .find_map(|r| candidates.iter().position(|c| c == r))
    }

    /// Leaves a `$ref`.
    #[inline]
    pub fn leave(&mut self) {
        self.depth -= 1;
    }

    /// The errors found so far.
    pub fn errors(&self) -> &[ValidationError] {
        &self.errors
    }

    /// Ends the run: `Ok` when nothing failed.
    pub fn finish(self) -> Result<(), ValidationErrors> {
        if self.errors.is_empty() {
            Ok(())
        } else {
            let mut out = ValidationErrors::new();
            for e in self.errors {
                out.push(e);
            }
            Err(out)
        }
    }
}

/// The properties and items of one instance that subschemas which passed have evaluated,
/// for `unevaluatedProperties` and `unevaluatedItems`.
#[derive(Debug, Default)]
pub struct Evaluated<'v> {
    all_keys: bool,
    keys: Vec<&'v str>,
    all_items: bool,
    prefix: usize,
    items: Vec<usize>,
}

impl<'v> Evaluated<'v> {
    /// Marks the property `key` evaluated.
    #[inline]
    pub fn key(&mut self, key: &'v str) {
        if !self.all_keys && !self.keys.contains(&key) {
            self.keys.push(key);
        }
    }

    /// Marks every property evaluated.
    #[inline]
    pub fn all_keys(&mut self) {
        self.all_keys = true;
    }

    /// Whether the property `key` was evaluated.
    #[inline]
    pub fn has_key(&self, key: &str) -> bool {
        self.all_keys || self.keys.contains(&key)
    }

    /// Marks the items below `len` evaluated.
    #[inline]
    pub fn prefix(&mut self, len: usize) {
        self.prefix = self.prefix.max(len);
    }

    /// Marks the item at `index` evaluated.
    #[inline]
    pub fn item(&mut self, index: usize) {
        if !self.all_items && index >= self.prefix && !self.items.contains(&index) {
            self.items.push(index);
        }
    }

    /// Marks every item evaluated.
    #[inline]
    pub fn all_items(&mut self) {
        self.all_items = true;
    }

    /// Whether the item at `index` was evaluated.
    #[inline]
    pub fn has_item(&self, index: usize) -> bool {
        self.all_items || index < self.prefix || self.items.contains(&index)
    }
}

/// `null`, for checking a typed `None` against its schema.
pub static NULL: Value = Value::Null;

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

    #[test]
    fn first_error_mode_stops_and_all_errors_mode_goes_on() {
        let mut cx = Cx::new(Options::new());
        cx.push_key("a");
        assert!(!cx.fail("minimum", "#/minimum", || "m".to_owned()));
        cx.pop();
        let e = cx.finish().err().unwrap_or_default();
        assert_eq!(e.first().map(|e| e.instance_path.as_str()), Some("/a"));

        let mut cx = Cx::new(Options::new().all_errors(true));
        assert!(cx.fail("type", "#/type", String::new));
        assert!(!cx.speculate(|cx| cx.fail("type", "#/type", String::new)));
        assert_eq!(cx.errors().len(), 1, "speculation records nothing");
    }

    #[test]
    fn speculation_restores_the_location_and_depth_it_leaves_behind() {
        let mut cx = Cx::new(Options::new());
        cx.push_key("outer");
        // A failed `if` that returned early, inside a property and a `$ref`.
        assert!(!cx.speculate(|cx| {
            cx.push_key("success");
            let _ = cx.enter("#/if");
            let _ = cx.fail("const", "#/if/properties/success/const", String::new);
            false
        }));
        assert!(!cx.fail("required", "#/then/required", || "m".to_owned()));
        let e = cx.finish().err().unwrap_or_default();
        assert_eq!(e.first().map(|e| e.instance_path.as_str()), Some("/outer"));
    }

    #[test]
    fn depth_is_bounded() {
        let mut cx = Cx::new(Options::new());
        for _ in 0..MAX_DEPTH {
            assert!(cx.enter("#"));
        }
        assert!(!cx.enter("#"));
        assert_eq!(cx.errors().len(), 1);
    }

    #[test]
    fn sub_contexts_are_located() {
        let mut cx = Cx::new(Options::new().all_errors(true));
        cx.push_key("k/1");
        cx.push_index(3);
        let mut sub = cx.sub();
        sub.push_key("x");
        sub.fail("const", "#", String::new);
        cx.absorb(sub);
        assert_eq!(cx.errors()[0].instance_path, "/k~11/3/x");
        assert_eq!(
            duplicate(&[Value::from(1), Value::from(2), Value::from(1.0)]),
            Some((0, 2))
        );
    }
}
