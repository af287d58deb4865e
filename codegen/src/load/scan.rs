//! The first pass over a document: base URIs, `$id` resources, anchors and `$ref`s.
//!
//! Only values in schema positions (the values of the keywords whose kind in the keyword
//! table holds subschemas) are scanned, so an `$id` inside `const`, `enum` or an unknown
//! keyword is data, as the specification says.

use super::draft::Draft;
use super::keywords::{self, ValueKind};
use super::node::{DocId, Loc};
use super::pointer;
use super::reference;
use super::SchemaSet;
use crate::error::Result;
use crate::uri;
use serde_json::Value;

/// Scans document `doc` of `set`.
pub(crate) fn scan_document(set: &mut SchemaSet, doc: DocId) -> Result<()> {
    // The document is read while the set's tables are written: it is moved out for the
    // scan and back whatever the outcome, so that no subschema is copied to be read.
    let value = std::mem::take(&mut set.docs[doc.0].value);
    let scanned = scan(set, doc, &value);
    set.docs[doc.0].value = value;
    scanned
}

/// [`scan_document`], with the document's value `root` held apart from `set`.
fn scan(set: &mut SchemaSet, doc: DocId, root: &Value) -> Result<()> {
    let d = &set.docs[doc.0];
    let root_uri = d.uri.clone();
    let draft = d.draft;
    set.resources.insert(
        root_uri.clone(),
        Loc {
            doc,
            pointer: String::new(),
        },
    );
    // Explicit stack: deep schemas cannot overflow the call stack.
    let mut stack: Vec<(String, String, Draft)> = vec![(String::new(), root_uri, draft)];
    while let Some((ptr, base, draft)) = stack.pop() {
        let Some(value) = pointer::get(root, &ptr) else {
            continue;
        };
        let Value::Object(obj) = value else {
            set.positions.insert(
                Loc {
                    doc,
                    pointer: ptr.clone(),
                },
                (base, draft),
            );
            continue;
        };
        let mut draft = draft;
        if let Some(Value::String(s)) = obj.get("$schema") {
            if let Some(d) = Draft::from_uri(s) {
                draft = d;
            } else {
                let meta = uri::resolve(&base, s);
                set.custom_meta.insert(
                    Loc {
                        doc,
                        pointer: ptr.clone(),
                    },
                    uri::split_fragment(&meta).0.to_owned(),
                );
            }
        }
        let has_ref = obj.contains_key("$ref");
        let ignore_siblings = has_ref && draft.ref_overrides_siblings();
        let mut base = base;
        if !ignore_siblings {
            base = identify(set, doc, &ptr, obj, draft, base)?;
            anchors(set, doc, &ptr, obj, draft, &base)?;
        }
        set.positions.insert(
            Loc {
                doc,
                pointer: ptr.clone(),
            },
            (base.clone(), draft),
        );
        for key in ["$ref", "$dynamicRef", "$recursiveRef"] {
            if let Some(Value::String(r)) = obj.get(key) {
                set.refs.push((
                    Loc {
                        doc,
                        pointer: ptr.clone(),
                    },
                    uri::resolve(&base, r),
                ));
            }
        }
        let children = children(set, doc, &ptr, obj);
        for c in children.into_iter().rev() {
            stack.push((c, base.clone(), draft));
        }
    }
    Ok(())
}

/// A schema's `$id` (`id` in draft 4): a new base for what it holds, a resource it claims
/// (an error when another schema claims it already), and the anchor a fragment declares.
/// The base its subschemas resolve against.
fn identify(
    set: &mut SchemaSet,
    doc: DocId,
    ptr: &str,
    obj: &serde_json::Map<String, Value>,
    draft: Draft,
    base: String,
) -> Result<String> {
    let mut base = base;
    if let Some(Value::String(id)) = obj.get(draft.id_keyword()) {
        let resolved = uri::resolve(&base, id);
        let (res, frag) = uri::split_fragment(&resolved);
        if id.starts_with('#') {
            // Draft ≤ 7 plain-name fragment: an anchor in the current resource.
            if draft <= Draft::Draft7 && !frag.is_empty() {
                set.anchors.insert(
                    format!("{res}#{frag}"),
                    Loc {
                        doc,
                        pointer: ptr.to_owned(),
                    },
                );
            }
        } else {
            base = res.to_owned();
            let loc = Loc {
                doc,
                pointer: ptr.to_owned(),
            };
            // `$id: "other.json#name"` (drafts 6–7) also declares an anchor; only a
            // plain `$id` claims the resource for itself.
            let claimed = set.resources.get(&base).filter(|_| frag.is_empty());
            if let Some(first) = claimed {
                if *first != loc {
                    let first = format!("{}#{}", set.docs[first.doc.0].display, first.pointer);
                    return Err(set
                        .error_at(doc, &pointer::join(ptr, draft.id_keyword()), format!(
                            "`{}` {id:?} names the resource `{base}`, which the schema at `{first}` already names; expected each `{}` to be unique",
                            draft.id_keyword(), draft.id_keyword()
                        ))
                        .with_help(format!("give one of the two schemas a different `{}`, or remove it", draft.id_keyword())));
                }
            }
            if frag.is_empty() {
                set.resources.insert(base.clone(), loc.clone());
            } else {
                set.resources.entry(base.clone()).or_insert(loc.clone());
            }
            if !frag.is_empty() && !frag.starts_with('/') {
                set.anchors.insert(format!("{base}#{frag}"), loc);
            }
        }
    }
    Ok(base)
}

/// The anchors a schema declares: `$anchor`, `$dynamicAnchor` (2020-12) and
/// `$recursiveAnchor` (2019-09), each under `base`.
fn anchors(
    set: &mut SchemaSet,
    doc: DocId,
    ptr: &str,
    obj: &serde_json::Map<String, Value>,
    draft: Draft,
    base: &str,
) -> Result<()> {
    if draft >= Draft::Draft202012 {
        if let Some(Value::String(a)) = obj.get("$dynamicAnchor") {
            set.dynamic_anchors
                .entry(format!("{base}#{a}"))
                .or_insert(Loc {
                    doc,
                    pointer: ptr.to_owned(),
                });
        }
    }
    if draft == Draft::Draft201909 && obj.get("$recursiveAnchor") == Some(&Value::Bool(true)) {
        set.recursive_anchors.entry(base.to_owned()).or_insert(Loc {
            doc,
            pointer: ptr.to_owned(),
        });
    }
    for key in ["$anchor", "$dynamicAnchor"] {
        if let Some(Value::String(a)) = obj.get(key) {
            if draft >= Draft::Draft201909 && !reference::is_anchor_name(a) {
                return Err(set
                    .error_at(doc, &pointer::join(ptr, key), format!(
                        "`{key}` {a:?} is not a valid anchor name; expected a letter or `_` followed by letters, digits, `-`, `.` or `_`"
                    ))
                    .with_help("rename the anchor (and the `$ref`s to it), for example `node-1` instead of `1 node`"));
            }
            set.anchors.entry(format!("{base}#{a}")).or_insert(Loc {
                doc,
                pointer: ptr.to_owned(),
            });
        }
    }
    Ok(())
}

/// The pointers of the subschemas a schema holds, by the keyword table (and, at an OpenAPI
/// document's root, its named schemas).
fn children(
    set: &SchemaSet,
    doc: DocId,
    ptr: &str,
    obj: &serde_json::Map<String, Value>,
) -> Vec<String> {
    let mut children: Vec<String> = Vec::new();
    if ptr.is_empty() && set.docs[doc.0].openapi.is_some() {
        children.extend(
            set.docs[doc.0]
                .openapi_schemas
                .iter()
                .map(|n| n.pointer.clone()),
        );
    }
    for (key, v) in obj {
        // Schema positions by the keyword table, in every draft.
        let Some(kind) = keywords::get(key)
            .map(|k| k.kind)
            .filter(|k| k.holds_schemas())
        else {
            continue;
        };
        let at = pointer::join(ptr, key);
        match (kind, v) {
            (ValueKind::Schema, _) => children.push(at),
            (ValueKind::SchemaOrSchemaArray, Value::Array(a))
            | (ValueKind::SchemaArray, Value::Array(a)) => {
                for i in 0..a.len() {
                    children.push(pointer::join(&at, &i.to_string()));
                }
            }
            (ValueKind::SchemaOrSchemaArray, _) => children.push(at),
            (ValueKind::SchemaMap, Value::Object(m)) => {
                for name in m.keys() {
                    children.push(pointer::join(&at, name));
                }
            }
            (ValueKind::SchemaOrNamesMap, Value::Object(m)) => {
                for (name, dv) in m {
                    if !dv.is_array() {
                        children.push(pointer::join(&at, name));
                    }
                }
            }
            _ => {}
        }
    }
    children
}
