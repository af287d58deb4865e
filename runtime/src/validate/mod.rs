//! The context generated validators run in: where in the instance they are, what they
//! found, and whether to go on after a failure.

use crate::error::{ValidationError, ValidationErrors};
use crate::json::push_token;
use path::{Path, Seg};
use serde_json::{Map, Value};

mod evaluated;
mod path;
mod scope;
mod show;

pub use evaluated::Evaluated;
pub use scope::Scope;
pub(crate) use show::Limited;
pub use show::{duplicate, show, show_ser, show_str, type_name};

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

/// The state of one validation run.
#[derive(Debug)]
pub struct Cx<'v> {
    options: Options,
    path: Path<'v>,
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
            path: Path::new(),
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
            path: Path::new(),
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

    /// Runs `check` on `value`, one level down at property `key`; returns its verdict.
    /// [`Self::at_key`] for a check that is a function of the value, passed as it is
    /// (`cx.at("name", &self.name, Name::check)`).
    #[inline(always)]
    pub fn at<T: ?Sized>(
        &mut self,
        key: &'v str,
        value: &'v T,
        check: impl FnOnce(&'v T, &mut Self) -> bool,
    ) -> bool {
        self.at_key(key, |cx| check(value, cx))
    }

    /// [`Self::at`] for an optional property: `true` when it is absent
    /// (`cx.at_opt("name", self.name.as_ref(), Name::check)`).
    #[inline(always)]
    pub fn at_opt<T: ?Sized>(
        &mut self,
        key: &'v str,
        value: Option<&'v T>,
        check: impl FnOnce(&'v T, &mut Self) -> bool,
    ) -> bool {
        match value {
            Some(value) => self.at(key, value, check),
            None => true,
        }
    }

    /// Runs `check` on each item, one level down at its index: the items' verdict, stopping
    /// at the first that fails unless every error is collected.
    #[inline(always)]
    pub fn items<T>(
        &mut self,
        items: &'v [T],
        mut check: impl FnMut(&'v T, &mut Self) -> bool,
    ) -> bool {
        let mut valid = true;
        for (i, item) in items.iter().enumerate() {
            if !self.at_index(i, |cx| check(item, cx)) {
                valid = false;
                if !self.keep_going() {
                    return false;
                }
            }
        }
        valid
    }

    /// Runs `check` on each entry's value, one level down at its key: the entries'
    /// verdict, stopping at the first that fails unless every error is collected.
    #[inline(always)]
    pub fn entries<T: 'v>(
        &mut self,
        entries: impl IntoIterator<Item = (&'v String, &'v T)>,
        mut check: impl FnMut(&'v T, &mut Self) -> bool,
    ) -> bool {
        let mut valid = true;
        for (key, value) in entries {
            if !self.at_key(key, |cx| check(value, cx)) {
                valid = false;
                if !self.keep_going() {
                    return false;
                }
            }
        }
        valid
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
        for seg in self.path.iter() {
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

    /// [`Self::finish`] without giving up the context: a caller that owns the context on
    /// its stack does not copy it into the call.
    #[inline]
    pub(crate) fn verdict(&mut self) -> Result<(), ValidationErrors> {
        if self.errors.is_empty() {
            Ok(())
        } else {
            Err(collect(std::mem::take(&mut self.errors)))
        }
    }

    /// Ends the run: `Ok` when nothing failed.
    #[inline]
    pub fn finish(self) -> Result<(), ValidationErrors> {
        // Inline, so that a passing run does not copy the context into a call.
        if self.errors.is_empty() {
            Ok(())
        } else {
            Err(collect(self.errors))
        }
    }
}

/// The errors of a run that failed ([`Cx::finish`]).
#[cold]
fn collect(errors: Vec<ValidationError>) -> ValidationErrors {
    let mut out = ValidationErrors::new();
    for e in errors {
        out.push(e);
    }
    out
}

/// `null`, for checking a typed `None` against its schema.
pub static NULL: Value = Value::Null;

#[cfg(test)]
mod tests {
    use super::*;

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
