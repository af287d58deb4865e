//! Load: JSON documents → a linked graph of schema [`Node`]s.
//!
//! No I/O happens here. The build layer ([`crate::Config`]) reads files, adds them with
//! [`SchemaSet::add_document`], asks [`SchemaSet::missing_resources`] which referenced
//! documents are still absent, adds those, and finally calls [`SchemaSet::link`].

mod cycles;
pub mod draft;
mod dynamic;
pub(crate) mod keywords;
pub mod metaschemas;
pub mod node;
mod openapi;
mod openapi_schemas;
mod parse;
pub mod pointer;
mod position;
pub(crate) use position::locate;
mod reference;
mod scan;
mod vocabulary;
mod yaml;

pub use draft::Draft;
pub use node::{Body, DocId, DynamicRef, JsonType, Keywords, Loc, Node, NodeId};

use crate::error::{Error, Result};
use crate::uri;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

/// One JSON document holding schemas.
#[derive(Debug, Clone)]
pub struct SourceDocument {
    /// How errors name the document (a path as the user wrote it, or a URI).
    pub display: String,
    /// Its absolute retrieval URI (`file:///…`, or a URI the user mapped).
    pub uri: String,
    /// The parsed JSON.
    pub value: Value,
    /// The source text, kept to turn pointers into line and column.
    pub text: Option<String>,
    /// The draft of its root.
    pub draft: Draft,
    /// The syntax the text was read as.
    pub syntax: Syntax,
    /// For an OpenAPI document, its `openapi` version: its schemas are the entries of
    /// `components/schemas` and the schemas written inline elsewhere, and its root
    /// asserts nothing.
    pub openapi: Option<String>,
    /// For an OpenAPI document, the schemas that get types (components first).
    pub(crate) openapi_schemas: Vec<openapi::NamedSchema>,
    /// Where each value starts, for a YAML document (a JSON text is scanned instead).
    yaml_positions: Option<yaml::Positions>,
}

/// The syntax a schema document is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Syntax {
    /// JSON.
    Json,
    /// YAML 1.2 (a `.yaml` or `.yml` name, or text that is not JSON but is a YAML mapping).
    Yaml,
}

impl SourceDocument {
    /// The 1-based line and column of the value at `pointer`, or of its nearest ancestor
    /// that has one (a pointer to nothing, such as a setting naming a missing schema).
    pub fn position(&self, pointer: &str) -> Option<(usize, usize)> {
        let mut at = pointer;
        loop {
            let found = match (&self.yaml_positions, &self.text) {
                (Some(positions), _) => positions.get(at).copied(),
                (None, Some(text)) => position::locate(text, at),
                (None, None) => return None,
            };
            if found.is_some() {
                return found;
            }
            at = &at[..at.rfind('/')?];
        }
    }
}

/// Whether a document named `name` (a path or URI) is YAML by its extension.
fn yaml_by_name(name: &str) -> bool {
    let name = name
        .split(['#', '?'])
        .next()
        .unwrap_or(name)
        .to_ascii_lowercase();
    name.ends_with(".yaml") || name.ends_with(".yml")
}

/// A set of schema documents and the schema nodes parsed from them.
#[derive(Debug, Clone, Default)]
pub struct SchemaSet {
    docs: Vec<SourceDocument>,
    default_draft: Draft,
    /// Absolute resource URI (no fragment) → where the resource's root is.
    resources: BTreeMap<String, Loc>,
    /// `resource#anchor` → the anchored schema.
    anchors: BTreeMap<String, Loc>,
    /// `resource#name` → the schema declaring `$dynamicAnchor: name` (2020-12).
    dynamic_anchors: BTreeMap<String, Loc>,
    /// Resource → its root, for resources whose root says `$recursiveAnchor: true`
    /// (2019-09).
    recursive_anchors: BTreeMap<String, Loc>,
    /// `$schema`s naming no known draft (custom metaschemas): where → the metaschema's
    /// resource URI.
    custom_meta: BTreeMap<Loc, String>,
    /// Documents added only as metaschemas (read for `$vocabulary`, not parsed as
    /// schemas unless a `$ref` names them).
    meta_only: BTreeSet<DocId>,
    /// Every schema position found by scanning → (base URI, draft).
    positions: BTreeMap<Loc, (String, Draft)>,
    /// Every `$ref` found by scanning: where, and the absolute URI it names.
    refs: Vec<(Loc, String)>,
    nodes: Vec<Node>,
    by_loc: BTreeMap<Loc, NodeId>,
    linked: bool,
    refs_by_name: bool,
    /// Memo of [`crate::ir::shape`]'s reference chains: node → the node the chain of pure
    /// `$ref`s from it ends at (filled lazily; the set is immutable once linked).
    chain_ends: std::cell::RefCell<BTreeMap<NodeId, NodeId>>,
}

impl SchemaSet {
    /// An empty set; schemas without `$schema` follow `Draft::default()` (2020-12).
    pub fn new() -> Self {
        SchemaSet::default()
    }

    setters! {
        /// Resolves a local `$ref` whose JSON pointer leads nowhere by its last segment, when
        /// exactly one schema of that name sits under the document's `definitions`, `$defs`
        /// or `components/schemas` (`#/components/schemas/Foo` → `#/definitions/Foo`). Off by
        /// default: JSON Schema has no such rule. It is what typify does, and some
        /// OpenAPI-derived schemas rely on it.
        with_refs_by_name(yes: bool) => refs_by_name = yes;

        /// Sets the draft for documents without `$schema`.
        with_default_draft(draft: Draft) => default_draft = draft;
    }

    /// Parses `text` as a schema document and adds it. `display` names it in errors;
    /// `uri` is its absolute retrieval URI, the base for its relative references.
    ///
    /// A document whose name or URI ends in `.yaml` or `.yml` is read as YAML 1.2; any
    /// other as JSON, and as YAML when it is not JSON but is a YAML mapping (a document
    /// named `.json` is always JSON).
    pub fn add_document(&mut self, display: &str, uri: &str, text: &str) -> Result<DocId> {
        if yaml_by_name(display) || yaml_by_name(uri) {
            let parsed = yaml::parse(text, MAX_NESTING).map_err(|e| {
                let mut err = Error::new(display, e.pointer.as_str(), e.message);
                err.position = Some(e.position);
                err
            })?;
            return self.add_yaml(display, uri, text, parsed);
        }
        match self.add_json(display, uri, text) {
            Err(e) if e.message.starts_with("invalid JSON") && !display.ends_with(".json") => {
                // Text that starts like JSON keeps its JSON error.
                let first = text.trim_start_matches('\u{feff}').trim_start();
                if first.starts_with(['{', '[']) {
                    return Err(e);
                }
                match yaml::parse(text, MAX_NESTING) {
                    Ok(parsed @ (Value::Object(_), _)) => self.add_yaml(display, uri, text, parsed),
                    _ => Err(e),
                }
            }
            other => other,
        }
    }

    /// Adds a document read as YAML (`parsed`: its value and positions).
    fn add_yaml(
        &mut self,
        display: &str,
        uri: &str,
        text: &str,
        (value, positions): (Value, yaml::Positions),
    ) -> Result<DocId> {
        self.add_parsed(display, uri, value, Some(text.to_owned()), Some(positions))
    }

    fn add_json(&mut self, display: &str, uri: &str, text: &str) -> Result<DocId> {
        if text.trim().is_empty() {
            let mut err = Error::new(
                display,
                "",
                "the schema file is empty; expected a JSON object or boolean",
            );
            err.position = Some((1, 1));
            return Err(err);
        }
        if let Some((pointer, position)) = position::too_deep(text, MAX_NESTING) {
            let mut err = Error::new(display, pointer, nesting_message());
            err.position = Some(position);
            return Err(err.with_help(NESTING_HELP));
        }
        let value: Value = parse_json(text).map_err(|e| {
            let mut err = Error::new(display, "", format!("invalid JSON: {}", strip_position(&e)));
            if e.line() > 0 {
                // serde_json reports column 0 at the start of a line (for example at an
                // unexpected end of file); columns here are 1-based.
                err.position = Some((e.line(), e.column().max(1)));
            }
            err
        })?;
        self.add_value(display, uri, value, Some(text.to_owned()))
    }

    /// Adds an already-parsed schema document; `text` is its JSON source, if any.
    pub fn add_value(
        &mut self,
        display: &str,
        uri: &str,
        value: Value,
        text: Option<String>,
    ) -> Result<DocId> {
        self.add_parsed(display, uri, value, text, None)
    }

    fn add_parsed(
        &mut self,
        display: &str,
        uri: &str,
        mut value: Value,
        text: Option<String>,
        yaml_positions: Option<yaml::Positions>,
    ) -> Result<DocId> {
        let mut source = SourceDocument {
            display: display.to_owned(),
            uri: String::new(),
            value: Value::Null,
            text,
            draft: self.default_draft,
            syntax: if yaml_positions.is_some() {
                Syntax::Yaml
            } else {
                Syntax::Json
            },
            yaml_positions,
            openapi: None,
            openapi_schemas: Vec::new(),
        };
        if !matches!(value, Value::Object(_) | Value::Bool(_)) {
            let mut err = Error::new(
                display,
                "",
                format!(
                    "a schema must be a JSON object or boolean, found {}",
                    describe(&value)
                ),
            );
            err.position = source.position("");
            return Err(err);
        }
        if let Some(pointer) = value_too_deep(&value) {
            let mut err = Error::new(display, pointer.as_str(), nesting_message());
            err.position = source.position(&pointer);
            return Err(err.with_help(NESTING_HELP));
        }
        let (resource, _) = uri::split_fragment(uri);
        if self.docs.iter().any(|d| d.uri == resource) {
            let mut err = Error::new(
                display,
                "",
                format!("document `{resource}` was added twice"),
            );
            err.position = source.position("");
            return Err(err);
        }
        let openapi = match openapi::detect(&value) {
            Some(Ok(api)) => Some(api),
            Some(Err((pointer, message))) => {
                let mut err = Error::new(display, pointer.as_str(), message);
                err.position = source.position(&pointer);
                return Err(err);
            }
            None => None,
        };
        if let Some(api) = &openapi {
            source.openapi_schemas = openapi::prepare(&mut value, api);
        }
        let draft = match value.get("$schema") {
            _ if openapi.is_some() => openapi.as_ref().map_or(self.default_draft, |a| a.draft),
            Some(Value::String(s)) => Draft::from_uri(s).unwrap_or(self.default_draft),
            Some(other) => {
                let mut err = Error::new(
                    display,
                    "/$schema",
                    format!("`$schema` must be a URI string, found {}", describe(other)),
                )
                .with_help("write the draft's URI, for example `\"$schema\": \"http://json-schema.org/draft-07/schema#\"`, or leave `$schema` out and pass `--draft`");
                err.position = source.position("/$schema");
                return Err(err);
            }
            None => self.default_draft,
        };
        let doc = DocId(self.docs.len());
        source.openapi = openapi.map(|a| a.version);
        source.uri = resource.to_owned();
        source.value = value;
        source.draft = draft;
        self.docs.push(source);
        self.linked = false;
        if self.custom_meta.values().any(|m| m == resource)
            && !self
                .refs
                .iter()
                .any(|(_, a)| uri::split_fragment(a).0 == resource)
        {
            self.meta_only.insert(doc);
        }
        scan::scan_document(self, doc)?;
        Ok(doc)
    }

    /// The absolute URIs of documents that `$ref`s name but that are not in the set yet.
    /// Sorted, without duplicates.
    pub fn missing_resources(&self) -> Vec<String> {
        let mut out = BTreeSet::new();
        for abs in self
            .refs
            .iter()
            .map(|(_, a)| a)
            .chain(self.custom_meta.values())
        {
            let (res, _) = uri::split_fragment(abs);
            if !self.resources.contains_key(res) {
                out.insert(res.to_owned());
            }
        }
        out.into_iter().collect()
    }

    /// Adds the built-in metaschema that `uri` (an absolute URI without fragment, as
    /// [`SchemaSet::missing_resources`] lists them) names, if [`metaschemas::lookup`] knows
    /// it, and says whether it did. The document is added once, under its canonical URI;
    /// another spelling of it (`http` for `https`) then names the same document. When a
    /// document claiming the canonical URI is in the set already (a user's own copy), the
    /// other spelling names that document instead.
    pub fn add_builtin_metaschema(&mut self, uri: &str) -> Result<bool> {
        let Some(meta) = metaschemas::lookup(uri) else {
            return Ok(false);
        };
        if !self.resources.contains_key(meta.uri) {
            self.add_document(meta.uri, meta.uri, meta.text)?;
        }
        let (resource, _) = uri::split_fragment(uri);
        if let Some(root) = self.resources.get(meta.uri).cloned() {
            self.resources.entry(resource.to_owned()).or_insert(root);
        }
        Ok(true)
    }

    /// Parses every schema reachable from the documents and resolves every `$ref`.
    /// Fails with a located error on a malformed schema or an unresolvable reference.
    pub fn link(&mut self) -> Result<()> {
        for i in 0..self.docs.len() {
            // A metaschema is a schema only if another document refers to it.
            if self.meta_only.contains(&DocId(i))
                && !self.refs.iter().any(|(from, a)| {
                    from.doc.0 != i
                        && self
                            .resources
                            .get(uri::split_fragment(a).0)
                            .is_some_and(|l| l.doc.0 == i)
                })
            {
                continue;
            }
            self.node_for(&Loc {
                doc: DocId(i),
                pointer: String::new(),
            });
        }
        let mut done = 0;
        // Nodes are parsed in allocation order; parsing allocates children and ref targets.
        while done < self.nodes.len() {
            parse::parse_pending(self, NodeId(done))?;
            done += 1;
        }
        cycles::drop_self_conjuncts(self);
        cycles::refuse(self)?;
        self.linked = true;
        Ok(())
    }

    /// Whether [`SchemaSet::link`] ran after the last document was added.
    pub fn is_linked(&self) -> bool {
        self.linked
    }

    /// The documents, in the order they were added.
    pub fn documents(&self) -> &[SourceDocument] {
        &self.docs
    }

    /// One document.
    pub fn document(&self, doc: DocId) -> &SourceDocument {
        &self.docs[doc.0]
    }

    /// The node at the root of a document (after [`SchemaSet::link`]).
    pub(crate) fn root(&self, doc: DocId) -> Option<NodeId> {
        self.by_loc
            .get(&Loc {
                doc,
                pointer: String::new(),
            })
            .copied()
    }

    /// One node.
    pub(crate) fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id.0]
    }

    /// All nodes, indexed by [`NodeId`].
    pub(crate) fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// The node at a location, if one was parsed there.
    pub(crate) fn node_at(&self, loc: &Loc) -> Option<NodeId> {
        self.by_loc.get(loc).copied()
    }

    /// An error located at `pointer` in `doc`, with line and column when known.
    pub fn error_at(&self, doc: DocId, pointer: &str, message: impl Into<String>) -> Error {
        let d = &self.docs[doc.0];
        let mut e = Error::new(d.display.clone(), pointer, message);
        e.position = d.position(pointer);
        e
    }

    /// An error located at a node.
    pub(crate) fn error_at_node(
        &self,
        id: NodeId,
        suffix: &str,
        message: impl Into<String>,
    ) -> Error {
        let loc = &self.nodes[id.0].loc;
        self.error_at(loc.doc, &format!("{}{}", loc.pointer, suffix), message)
    }

    /// The memoized end of the reference chain starting at `id`, if known.
    pub(crate) fn chain_end(&self, id: NodeId) -> Option<NodeId> {
        self.chain_ends.borrow().get(&id).copied()
    }

    /// Records that the reference chains from `nodes` end at `end`.
    pub(crate) fn record_chain_end(&self, nodes: impl IntoIterator<Item = NodeId>, end: NodeId) {
        let mut memo = self.chain_ends.borrow_mut();
        for n in nodes {
            memo.insert(n, end);
        }
    }

    /// `file#pointer` of a node, for messages and docs.
    pub(crate) fn location_of(&self, id: NodeId) -> String {
        let loc = &self.nodes[id.0].loc;
        format!("{}#{}", self.docs[loc.doc.0].display, loc.pointer)
    }

    /// Returns the node for a location, allocating it (to be parsed) if new.
    fn node_for(&mut self, loc: &Loc) -> NodeId {
        if let Some(id) = self.by_loc.get(loc) {
            return *id;
        }
        let (base, draft) = self.base_at(loc);
        let id = NodeId(self.nodes.len());
        self.nodes.push(Node {
            loc: loc.clone(),
            draft,
            base,
            body: Body::Bool(true),
        });
        self.by_loc.insert(loc.clone(), id);
        id
    }

    /// The base URI and draft at a location: recorded by the scan, or inherited from the
    /// nearest scanned ancestor (for `$ref`s into places that are not schema keywords).
    fn base_at(&self, loc: &Loc) -> (String, Draft) {
        if let Some(p) = self.positions.get(loc) {
            return p.clone();
        }
        let mut pointer = loc.pointer.as_str();
        while let Some(i) = pointer.rfind('/') {
            pointer = &pointer[..i];
            if let Some(p) = self.positions.get(&Loc {
                doc: loc.doc,
                pointer: pointer.to_owned(),
            }) {
                return p.clone();
            }
        }
        let d = &self.docs[loc.doc.0];
        (d.uri.clone(), d.draft)
    }

    /// With [`SchemaSet::with_refs_by_name`]: the one definition named like the last
    /// segment of a dangling pointer.
    fn by_name(&self, root: &Loc, fragment: &str) -> Option<Loc> {
        if !self.refs_by_name {
            return None;
        }
        let last = fragment.rsplit('/').next().filter(|s| !s.is_empty())?;
        let doc = &self.docs[root.doc.0];
        let hits: Vec<String> = ["/definitions", "/$defs", "/components/schemas"]
            .iter()
            .map(|container| format!("{}{container}/{last}", root.pointer))
            .filter(|p| {
                pointer::get(&doc.value, p).is_some_and(|v| v.is_object() || v.is_boolean())
            })
            .collect();
        match hits.as_slice() {
            [one] => Some(Loc {
                doc: root.doc,
                pointer: one.clone(),
            }),
            _ => None,
        }
    }

    /// Resolves an absolute reference URI to a location.
    fn resolve_uri(&self, absolute: &str) -> std::result::Result<Loc, reference::Unresolved> {
        use reference::Unresolved;
        let (resource, fragment) = uri::split_fragment(absolute);
        let root = self
            .resources
            .get(resource)
            .ok_or_else(|| Unresolved::NotLoaded {
                resource: resource.to_owned(),
            })?;
        if fragment.is_empty() {
            return Ok(root.clone());
        }
        let fragment = uri::percent_decode(fragment);
        if fragment.starts_with('/') {
            reference::check_pointer(&fragment)?;
            let pointer = format!("{}{}", root.pointer, fragment);
            let doc = &self.docs[root.doc.0];
            if pointer::get(&doc.value, &pointer).is_none() {
                if let Some(found) = self.by_name(root, &fragment) {
                    return Ok(found);
                }
                return Err(Unresolved::NothingAt(format!(
                    "nothing at `#{fragment}` in `{}`",
                    doc.display
                )));
            }
            Ok(Loc {
                doc: root.doc,
                pointer,
            })
        } else {
            reference::check_anchor_fragment(&fragment)?;
            self.anchors
                .get(&format!("{resource}#{fragment}"))
                .cloned()
                .ok_or_else(|| {
                    Unresolved::NoAnchor(format!(
                        "no anchor `{fragment}` in `{}`",
                        self.docs[root.doc.0].display
                    ))
                })
        }
    }
}

#[cfg(test)]
impl SchemaSet {
    /// For unit tests: adds `schema` as `t.json`, links the set, and returns the document
    /// and its root node. Panics on a schema that does not load: the test wrote it.
    pub(crate) fn add_test_schema(&mut self, schema: Value) -> (DocId, NodeId) {
        let doc = self
            .add_value("t.json", "mem://t.json", schema, None)
            .expect("the schema loads");
        self.link().expect("the schema links");
        let root = self.root(doc).expect("the document has a root");
        (doc, root)
    }
}

/// The deepest nesting of JSON arrays and objects a schema document may have. Real
/// schemas nest a few dozen levels (the deepest of the 541-schema wide SchemaStore set,
/// 22); the limit is far above that, and low enough that every stage of the generator,
/// several of which recurse along the schema's nesting, fits in the generator's own stack
/// (256 MiB).
/// Deeper documents are refused, before parsing, with a located error.
pub const MAX_NESTING: usize = 1000;

const NESTING_HELP: &str = "split the schema into definitions (`$defs`) that refer to each other with `$ref`; references do not count towards the nesting";

fn nesting_message() -> String {
    format!("the schema nests arrays and objects more than {MAX_NESTING} levels deep here; expected at most {MAX_NESTING} levels")
}

/// The stack the generator runs on ([`on_generator_stack`]): lowering recurses once per
/// level of schema nesting, with frames of a few KB, so a schema at [`MAX_NESTING`] needs
/// several MB, more than a test thread's 2 MiB. The memory is reserved, not committed:
/// only the pages a run touches are used.
pub const GENERATOR_STACK: usize = 256 << 20;

/// Runs `f` on a thread with a [`GENERATOR_STACK`]-byte stack and returns its result, so
/// that generating a deep schema does not depend on the caller's stack (a test thread's
/// 2 MiB, a build script's main thread). Runs `f` on the calling thread when no thread
/// can be started; a panic in `f` is resumed on the caller.
pub(crate) fn on_generator_stack<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    let mut f = Some(f);
    let joined = std::thread::scope(|scope| {
        let spawned = std::thread::Builder::new()
            .name("envgen-codegen".to_owned())
            .stack_size(GENERATOR_STACK)
            .spawn_scoped(scope, || f.take().map(|f| f()));
        spawned.ok().map(|handle| handle.join())
    });
    match joined {
        Some(Ok(Some(out))) => out,
        Some(Err(panic)) => std::panic::resume_unwind(panic),
        // The thread could not be started: run here.
        Some(Ok(None)) | None => match f.take() {
            Some(f) => f(),
            None => unreachable!("the generator ran but returned nothing"),
        },
    }
}

/// Parses JSON text whose nesting [`position::too_deep`] has bounded: serde_json's own
/// limit (128) is lifted, since `MAX_NESTING` replaces it.
fn parse_json(text: &str) -> serde_json::Result<Value> {
    use serde::Deserialize;
    let mut de = serde_json::Deserializer::from_str(text);
    de.disable_recursion_limit();
    let value = Value::deserialize(&mut de)?;
    de.end()?;
    Ok(value)
}

/// Where `value` nests deeper than [`MAX_NESTING`]: the pointer of the first value past it.
fn value_too_deep(value: &Value) -> Option<String> {
    let mut depths: Vec<(&Value, usize)> = vec![(value, 1)];
    let mut deepest = 0;
    while let Some((v, depth)) = depths.pop() {
        match v {
            Value::Object(o) => depths.extend(o.values().map(|c| (c, depth + 1))),
            Value::Array(a) => depths.extend(a.iter().map(|c| (c, depth + 1))),
            _ => continue,
        }
        deepest = deepest.max(depth);
    }
    if deepest <= MAX_NESTING {
        return None;
    }
    let mut stack: Vec<(&Value, String, usize)> = vec![(value, String::new(), 1)];
    while let Some((v, ptr, depth)) = stack.pop() {
        let children: Vec<(&Value, String)> = match v {
            Value::Object(o) => o.iter().map(|(k, c)| (c, pointer::join(&ptr, k))).collect(),
            Value::Array(a) => a
                .iter()
                .enumerate()
                .map(|(i, c)| (c, pointer::join(&ptr, &i.to_string())))
                .collect(),
            _ => continue,
        };
        if depth > MAX_NESTING {
            return Some(ptr);
        }
        for (c, p) in children.into_iter().rev() {
            stack.push((c, p, depth + 1));
        }
    }
    None
}

/// The bytes of schema file `display` as text; invalid UTF-8 is an error located at the
/// line and column of the first invalid byte.
pub(crate) fn utf8_text(display: &str, bytes: Vec<u8>) -> Result<String> {
    String::from_utf8(bytes).map_err(|e| {
        let valid = e.utf8_error().valid_up_to();
        let bytes = e.as_bytes();
        let before = String::from_utf8_lossy(&bytes[..valid]);
        let line = before.matches('\n').count() + 1;
        let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        let mut err = Error::new(
            display,
            "",
            format!(
                "cannot read the schema file: the byte 0x{:02X} is not valid UTF-8; expected a UTF-8 JSON document",
                bytes.get(valid).copied().unwrap_or_default()
            ),
        );
        err.position = Some((line, col));
        err.with_help("save the file as UTF-8")
    })
}

fn strip_position(e: &serde_json::Error) -> String {
    let full = e.to_string();
    let suffix = format!(" at line {} column {}", e.line(), e.column());
    full.strip_suffix(&suffix).unwrap_or(&full).to_owned()
}

/// A short description of a JSON value's kind, for messages.
pub fn describe(v: &Value) -> String {
    match v {
        Value::Null => "null".to_owned(),
        Value::Bool(b) => format!("the boolean {b}"),
        Value::Number(n) => format!("the number {n}"),
        Value::String(s) if s.len() <= 40 => format!("the string {s:?}"),
        Value::String(_) => "a string".to_owned(),
        Value::Array(_) => "an array".to_owned(),
        Value::Object(_) => "an object".to_owned(),
    }
}
