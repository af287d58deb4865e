//! Load: JSON documents → a linked graph of schema [`Node`]s.
//!
//! No I/O happens here. The build layer ([`crate::Config`]) reads files, adds them with
//! [`SchemaSet::add_document`], asks [`SchemaSet::missing_resources`] which referenced
//! documents are still absent, adds those, and finally calls [`SchemaSet::link`].

pub mod draft;
pub mod node;
mod parse;
pub mod pointer;
mod position;
mod scan;

pub use draft::Draft;
pub use node::{Body, DocId, JsonType, Keywords, Loc, Node, NodeId, Ref};

use crate::error::{Error, Result};
use crate::uri;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

/// One JSON document holding schemas.
#[derive(Debug, Clone)]
pub struct Document {
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
}

/// A set of schema documents and the schema nodes parsed from them.
#[derive(Debug, Clone, Default)]
pub struct SchemaSet {
    docs: Vec<Document>,
    default_draft: Draft,
    /// Absolute resource URI (no fragment) → where the resource's root is.
    resources: BTreeMap<String, Loc>,
    /// `resource#anchor` → the anchored schema.
    anchors: BTreeMap<String, Loc>,
    /// Every schema position found by scanning → (base URI, draft).
    positions: BTreeMap<Loc, (String, Draft)>,
    /// Every `$ref` found by scanning: where, and the absolute URI it names.
    refs: Vec<(Loc, String)>,
    nodes: Vec<Node>,
    by_loc: BTreeMap<Loc, NodeId>,
    linked: bool,
}

impl SchemaSet {
    /// An empty set; schemas without `$schema` follow `Draft::default()` (2020-12).
    pub fn new() -> Self {
        SchemaSet::default()
    }

    /// Sets the draft for documents without `$schema`.
    pub fn with_default_draft(mut self, draft: Draft) -> Self {
        self.default_draft = draft;
        self
    }

    /// Parses `text` as a schema document and adds it. `display` names it in errors;
    /// `uri` is its absolute retrieval URI, the base for its relative references.
    pub fn add_document(&mut self, display: &str, uri: &str, text: &str) -> Result<DocId> {
        if text.trim().is_empty() {
            return Err(Error::new(
                display,
                "",
                "the schema file is empty; expected a JSON object or boolean",
            ));
        }
        let value: Value = serde_json::from_str(text).map_err(|e| {
            let mut err = Error::new(display, "", format!("invalid JSON: {}", strip_position(&e)));
            if e.line() > 0 {
                err.position = Some((e.line(), e.column()));
            }
            err
        })?;
        self.add_value(display, uri, value, Some(text.to_owned()))
    }

    /// Adds an already-parsed schema document.
    pub fn add_value(
        &mut self,
        display: &str,
        uri: &str,
        value: Value,
        text: Option<String>,
    ) -> Result<DocId> {
        if !matches!(value, Value::Object(_) | Value::Bool(_)) {
            return Err(Error::new(
                display,
                "",
                format!(
                    "a schema must be a JSON object or boolean, found {}",
                    describe(&value)
                ),
            ));
        }
        let (resource, _) = uri::split_fragment(uri);
        if self.docs.iter().any(|d| d.uri == resource) {
            return Err(Error::new(
                display,
                "",
                format!("document `{resource}` was added twice"),
            ));
        }
        let draft = match value.get("$schema") {
            Some(Value::String(s)) => Draft::from_uri(s).unwrap_or(self.default_draft),
            Some(other) => {
                return Err(Error::new(
                    display,
                    "/$schema",
                    format!("`$schema` must be a URI string, found {}", describe(other)),
                ))
            }
            None => self.default_draft,
        };
        let doc = DocId(self.docs.len());
        self.docs.push(Document {
            display: display.to_owned(),
            uri: resource.to_owned(),
            value,
            text,
            draft,
        });
        self.linked = false;
        scan::scan_document(self, doc)?;
        Ok(doc)
    }

    /// The absolute URIs of documents that `$ref`s name but that are not in the set yet.
    /// Sorted, without duplicates.
    pub fn missing_resources(&self) -> Vec<String> {
        let mut out = BTreeSet::new();
        for (_, abs) in &self.refs {
            let (res, _) = uri::split_fragment(abs);
            if !self.resources.contains_key(res) {
                out.insert(res.to_owned());
            }
        }
        out.into_iter().collect()
    }

    /// Parses every schema reachable from the documents and resolves every `$ref`.
    /// Fails with a located error on a malformed schema or an unresolvable reference.
    pub fn link(&mut self) -> Result<()> {
        for i in 0..self.docs.len() {
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
        self.linked = true;
        Ok(())
    }

    /// Whether [`SchemaSet::link`] ran after the last document was added.
    pub fn is_linked(&self) -> bool {
        self.linked
    }

    /// The documents, in the order they were added.
    pub fn documents(&self) -> &[Document] {
        &self.docs
    }

    /// One document.
    pub fn document(&self, doc: DocId) -> &Document {
        &self.docs[doc.0]
    }

    /// The node at the root of a document (after [`SchemaSet::link`]).
    pub fn root(&self, doc: DocId) -> Option<NodeId> {
        self.by_loc
            .get(&Loc {
                doc,
                pointer: String::new(),
            })
            .copied()
    }

    /// One node.
    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id.0]
    }

    /// All nodes, indexed by [`NodeId`].
    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// The node at a location, if one was parsed there.
    pub fn node_at(&self, loc: &Loc) -> Option<NodeId> {
        self.by_loc.get(loc).copied()
    }

    /// An error located at `pointer` in `doc`, with line and column when known.
    pub fn error_at(&self, doc: DocId, pointer: &str, message: impl Into<String>) -> Error {
        let d = &self.docs[doc.0];
        let mut e = Error::new(d.display.clone(), pointer, message);
        if let Some(text) = &d.text {
            e.position = position::locate(text, pointer);
        }
        e
    }

    /// An error located at a node.
    pub fn error_at_node(&self, id: NodeId, suffix: &str, message: impl Into<String>) -> Error {
        let loc = &self.nodes[id.0].loc;
        self.error_at(loc.doc, &format!("{}{}", loc.pointer, suffix), message)
    }

    /// `file#pointer` of a node, for messages and docs.
    pub fn location_of(&self, id: NodeId) -> String {
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

    /// Resolves an absolute reference URI to a location.
    fn resolve_uri(&self, absolute: &str) -> std::result::Result<Loc, String> {
        let (resource, fragment) = uri::split_fragment(absolute);
        let root = self
            .resources
            .get(resource)
            .ok_or_else(|| {
                let shown = resource.strip_prefix("envgen-memory:///").unwrap_or(resource);
                format!("the document `{shown}` is not loaded (envgen fetches nothing; map it to a local file)")
            })?;
        if fragment.is_empty() {
            return Ok(root.clone());
        }
        let fragment = uri::percent_decode(fragment);
        if fragment.starts_with('/') {
            let pointer = format!("{}{}", root.pointer, fragment);
            let doc = &self.docs[root.doc.0];
            if pointer::get(&doc.value, &pointer).is_none() {
                return Err(format!("nothing at `#{fragment}` in `{}`", doc.display));
            }
            Ok(Loc {
                doc: root.doc,
                pointer,
            })
        } else {
            self.anchors
                .get(&format!("{resource}#{fragment}"))
                .cloned()
                .ok_or_else(|| {
                    format!(
                        "no anchor `{fragment}` in `{}`",
                        self.docs[root.doc.0].display
                    )
                })
        }
    }
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
