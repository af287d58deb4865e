//! `$dynamicRef` (2020-12) and `$recursiveRef` (2019-09): what the schema alone decides
//! about them.
//!
//! A dynamic reference first resolves like a `$ref` (its *static target*). Only when that
//! target declares the anchor the reference names (`$dynamicAnchor` with the fragment's
//! name; for `$recursiveRef`, `$recursiveAnchor: true`) does the dynamic scope matter: the
//! reference then goes to the outermost resource of the scope that declares the same
//! anchor. The resources that could be chosen are known here, so the generated code only
//! picks one of a fixed list at run time.

use super::draft::Draft;
use super::node::{DynamicRef, Loc};
use super::{describe, pointer, reference, SchemaSet};
use crate::error::Result;
use crate::uri;
use serde_json::{Map, Value};

impl SchemaSet {
    /// The base URIs of the resources that declare a dynamic anchor (2020-12) or
    /// `$recursiveAnchor: true` (2019-09), sorted: the resources a dynamic scope tracks.
    pub fn dynamic_resources(&self) -> Vec<String> {
        let mut out: Vec<String> = self
            .dynamic_anchors
            .keys()
            .map(|k| uri::split_fragment(k).0.to_owned())
            .chain(self.recursive_anchors.keys().cloned())
            .collect();
        out.sort();
        out.dedup();
        out
    }
}

/// Parses the dynamic reference of the schema object `obj` at `loc` (node draft `draft`,
/// base URI `base`), if it has one; allocates its static target and candidates.
pub(super) fn parse(
    set: &mut SchemaSet,
    loc: &Loc,
    draft: Draft,
    base: &str,
    obj: &Map<String, Value>,
) -> Result<Option<DynamicRef>> {
    let keyword = match draft {
        Draft::Draft201909 => "$recursiveRef",
        d if d >= Draft::Draft202012 => "$dynamicRef",
        _ => return Ok(None),
    };
    let Some(raw) = obj.get(keyword) else {
        return Ok(None);
    };
    let at = pointer::join(&loc.pointer, keyword);
    let Value::String(raw) = raw else {
        return Err(set.error_at(
            loc.doc,
            &at,
            format!(
                "`{keyword}` must be a URI-reference string, found {}",
                describe(raw)
            ),
        ));
    };
    if keyword == "$recursiveRef" && raw != "#" {
        return Err(set
            .error_at(
                loc.doc,
                &at,
                format!("`$recursiveRef` must be \"#\", found {raw:?}"),
            )
            .with_help(
                "2019-09 defines `$recursiveRef` only as `\"#\"`; use `$ref` for other targets",
            ));
    }
    if let Err(why) = reference::check_syntax(raw) {
        return Err(set.error_at(loc.doc, &at, why));
    }
    let absolute = uri::resolve(base, raw);
    let target_loc = set.resolve_uri(&absolute).map_err(|why| {
        set.error_at(
            loc.doc,
            &at,
            format!("cannot resolve `{keyword}` {raw:?}: {}", why.reason()),
        )
        .with_help(why.help().replace("`$ref`", &format!("`{keyword}`")))
    })?;
    let target = set.node_for(&target_loc);
    let (resource, fragment) = uri::split_fragment(&absolute);
    let anchored: Vec<(String, Loc)> = if keyword == "$recursiveRef" {
        if set.recursive_anchors.get(resource) == Some(&target_loc) {
            set.recursive_anchors
                .iter()
                .map(|(b, l)| (b.clone(), l.clone()))
                .collect()
        } else {
            Vec::new()
        }
    } else if !fragment.is_empty()
        && !fragment.starts_with('/')
        && set.dynamic_anchors.get(&absolute) == Some(&target_loc)
    {
        let suffix = format!("#{fragment}");
        set.dynamic_anchors
            .iter()
            .filter(|(k, _)| k.ends_with(&suffix) && !k[..k.len() - suffix.len()].contains('#'))
            .map(|(k, l)| (uri::split_fragment(k).0.to_owned(), l.clone()))
            .collect()
    } else {
        Vec::new()
    };
    let mut candidates = Vec::with_capacity(anchored.len());
    for (b, l) in anchored {
        candidates.push((b, set.node_for(&l)));
    }
    Ok(Some(DynamicRef {
        keyword,
        raw: raw.clone(),
        target,
        candidates,
    }))
}
