//! `required` and `additionalProperties: false`, raised by the struct itself, worded by
//! the runtime when the plan words them the standard way.

use super::Inflight;
use crate::emit::rust_ty::ModuleCx;
use crate::ir::plan::{Additional, Arg, Entries, Failure, Message, Site, Test};
use crate::load::NodeId;
use proc_macro2::TokenStream;
use quote::quote;

impl Inflight<'_> {
    /// The `required` check of `name` at the node `struct_node` leads to, with its
    /// message.
    pub(super) fn required_check(
        &self,
        struct_node: NodeId,
        name: &str,
    ) -> Option<(Site, Message)> {
        self.plan_of(struct_node)
            .checks()
            .iter()
            .find_map(|c| match &c.test {
                Test::Required(n, m) if n == name => Some((c.site.clone(), m.clone())),
                _ => None,
            })
    }

    /// The failure that closes the struct at `struct_node` to undeclared properties:
    /// `additionalProperties: false` (with no `patternProperties`), or
    /// `unevaluatedProperties: false` over `allOf`/`$ref` (the type holds every property a
    /// branch evaluates).
    pub(super) fn deny(&self, struct_node: NodeId) -> Option<Failure> {
        match self.entries(struct_node) {
            Some(Entries {
                patterns,
                additional: Some(Additional::Deny(f)),
                ..
            }) if patterns.is_empty() => return Some(f),
            Some(_) => return None,
            None => {}
        }
        self.plan_of(struct_node)
            .checks()
            .iter()
            .find_map(|c| match &c.test {
                Test::UnevaluatedProperties(Additional::Deny(f)) => Some(f.clone()),
                _ => None,
            })
    }

    /// The schema location of the struct schema at `struct_node` that its reader names
    /// once, as `AT`, when its `required` or `additionalProperties` failures are worded as
    /// the runtime words them from the property's name (`map.required(f_name, "name",
    /// AT)`, `map.not_allowed(&key, AT)`): the location the keyword's follows.
    pub(crate) fn object_at(&self, struct_node: NodeId) -> Option<String> {
        let required = self
            .plan_of(struct_node)
            .checks()
            .iter()
            .find_map(|c| match &c.test {
                Test::Required(name, m) => standard_required(&c.site, name, m).map(str::to_owned),
                _ => None,
            });
        required.or_else(|| {
            let f = self.deny(struct_node)?;
            standard_denial(&f).map(str::to_owned)
        })
    }

    /// The error for a missing required property `name` of the struct at `struct_node`
    /// (whose reader names its schema location `at`, [`Self::object_at`]).
    pub(crate) fn missing(
        &self,
        cx: &ModuleCx<'_>,
        struct_node: NodeId,
        name: &str,
        at: Option<&str>,
    ) -> TokenStream {
        let rt = &cx.rt;
        let key = crate::emit::tokens::lit(name);
        match self.required_check(struct_node, name) {
            Some((site, m)) if at.is_some() && standard_required(&site, name, &m) == at => {
                quote!(map.missing(#key, AT))
            }
            Some((site, m)) => {
                let rule = crate::emit::failure::rule(rt, &site, &m);
                quote!(#rt::__private::inflight::missing(#key, #rule))
            }
            None => quote!(#rt::__private::de::missing_property(#key)),
        }
    }

    /// The value of the required field held in `local` (of the struct at `struct_node`,
    /// property `name`) once the object is read; a missing one is [`Self::missing`]'s error.
    pub(crate) fn required(
        &self,
        cx: &ModuleCx<'_>,
        struct_node: NodeId,
        name: &str,
        local: &proc_macro2::Ident,
        at: Option<&str>,
    ) -> TokenStream {
        let rt = &cx.rt;
        let key = crate::emit::tokens::lit(name);
        match self.required_check(struct_node, name) {
            Some((site, m)) if at.is_some() && standard_required(&site, name, &m) == at => {
                quote!(map.required(#local, #key, AT)?)
            }
            Some((site, m)) => {
                let rule = crate::emit::failure::rule(rt, &site, &m);
                quote!(#rt::__private::inflight::required(#local, #key, #rule)?)
            }
            None => quote!(#rt::__private::de::required(#local, #key)?),
        }
    }

    /// The error for an undeclared property the struct at `struct_node` does not allow
    /// (whose reader names its schema location `at`, [`Self::object_at`]).
    pub(crate) fn not_allowed(
        &self,
        cx: &ModuleCx<'_>,
        struct_node: NodeId,
        at: Option<&str>,
    ) -> TokenStream {
        let rt = &cx.rt;
        match self.deny(struct_node) {
            Some(f) if at.is_some() && standard_denial(&f) == at => {
                quote!(map.not_allowed(&key, AT))
            }
            Some(f) => {
                let rule = crate::emit::failure::rule(rt, &f.site, &f.message);
                quote!(#rt::__private::inflight::not_allowed(&key, #rule))
            }
            None => quote!(#rt::__private::de::property_not_allowed(&key)),
        }
    }
}

/// The schema location of the object schema whose `required` check of `name` fails at
/// `site` with `m`, when the runtime words that failure itself (`inflight::missing_at`):
/// the keyword `required` at `{at}/required`, and the message the plan gives it.
pub(super) fn standard_required<'s>(site: &'s Site, name: &str, m: &Message) -> Option<&'s str> {
    let quoted = serde_json::to_string(name).ok()?;
    let worded = m.fixed() == Some(format!("missing required property {quoted}").as_str());
    (site.keyword == "required" && worded)
        .then(|| site.at.strip_suffix("/required"))
        .flatten()
}

/// The schema location of the object schema whose `additionalProperties: false` fails
/// with `f`, when the runtime words that failure itself (`inflight::not_allowed_at`): the
/// keyword `additionalProperties` at `{at}/additionalProperties`, and the message
/// `property "…" is not allowed`.
pub(super) fn standard_denial(f: &Failure) -> Option<&str> {
    let worded =
        f.message.pieces == ["property ", " is not allowed"] && f.message.args == [Arg::Key];
    (f.site.keyword == "additionalProperties" && worded)
        .then(|| f.site.at.strip_suffix("/additionalProperties"))
        .flatten()
}
