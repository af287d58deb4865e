//! The `Value` backend: one validator function per reachable schema node, for the node's
//! [plan](crate::ir::plan) over a `&serde_json::Value`, in one of two forms:
//!
//! * a static table of the runtime's `plan::Op`s, run by `plan::run`, the interpreter
//!   compiled once in the runtime ([`table`]): most nodes, which run only on an error or
//!   through `validate_value`;
//! * straight-line Rust ([`checks`]): the nodes the typed checks call on every valid
//!   document and the leaves they call ([`Validators::keep_as_code`]), and the nodes a
//!   table cannot hold (`$dynamicRef`, `unevaluated*`, a resource of the dynamic scope).
//!
//! Each node function returns whether the instance is valid. Failures are recorded in the
//! runtime [`Cx`](envgen_runtime::Cx) with the instance pointer, the keyword, the schema
//! location and the message the plan words; in first-error mode (and while speculating
//! inside `anyOf`, `oneOf`, `not` and `if`) a function returns at the first failure.
//!
//! The module imports the runtime's `plan` items whole: its `node!` writes a table node's
//! function, and the code form's failure steps (`fail_at!`, `any_of!`, ...) are there too,
//! so the module reads short (ARCHITECTURE.md, "The `Value` validators as generated").

mod annotations;
mod checks;
mod table;

use super::tokens::{fn_name, lit, value_tokens};
use super::Prepared;
use crate::error::Result;
use crate::ir::plan::{Applies, NodePlan, Plan, Test};
use crate::load::NodeId;
use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

/// Everything the validators of one module need.
pub(crate) struct Validators<'a> {
    plan: &'a Plan<'a>,
    rt: TokenStream,
    regexes: BTreeMap<String, usize>,
    statics: Vec<TokenStream>,
    /// Functions called by the node being emitted.
    callees: BTreeSet<NodeId>,
    /// Annotation functions (`unevaluated*`) called by the node being emitted.
    ann_callees: BTreeSet<NodeId>,
    /// Nodes a valid document's check reaches ([`Self::keep_as_code`]): rendered as code.
    hot: BTreeSet<NodeId>,
    /// Whether the function being emitted uses the runtime's `plan` items (`node!`, a
    /// table), and whether it is code over `Value` and `Cx`.
    uses: Uses,
    /// What the emitted functions use, together (the module's imports).
    used: Uses,
    /// The schema location of the node being written as code, and whether a failure
    /// was located against it (`at`).
    base: String,
    at_used: bool,
}

/// What a validator function's code uses, so that the module imports only that.
#[derive(Debug, Clone, Copy, Default)]
struct Uses {
    /// The runtime's `plan` items: `node!`, a table, a compiled pattern (`Re`).
    plan: bool,
    /// `Value` and `Cx`: code over the instance.
    code: bool,
}

impl<'a> Validators<'a> {
    pub(crate) fn new(plan: &'a Plan<'a>, rt: TokenStream) -> Self {
        Validators {
            plan,
            rt,
            regexes: BTreeMap::new(),
            statics: Vec::new(),
            callees: BTreeSet::new(),
            ann_callees: BTreeSet::new(),
            hot: BTreeSet::new(),
            uses: Uses::default(),
            used: Uses::default(),
            base: String::new(),
            at_used: false,
        }
    }

    /// The `validators` module's imports, once its functions are emitted: the types of
    /// a node function written as code, and the runtime's `plan` items (`node!`, the ops,
    /// `Re`) when a node is a table or a pattern is compiled.
    pub(crate) fn prelude(&self) -> TokenStream {
        let rt = &self.rt;
        let code = self.used.code.then(|| {
            quote! {
                use #rt::Cx;
                use ::serde_json::Value;
            }
        });
        let plan = (self.used.plan || !self.regexes.is_empty())
            .then(|| quote!(use #rt::__private::plan::*;));
        quote!(#code #plan)
    }

    /// Renders as code, not as tables, the nodes `calls` names (the typed checks' calls,
    /// which run on every valid document: an untyped payload's schema, a `oneOf` the
    /// types do not hold) and the leaves they call (nodes that call no other): a check
    /// of a kind, a bound or a literal, compiled inline where the interpreter would
    /// dispatch. The rest runs on an error, through `validate_value`, or deeper in a
    /// value no type holds, where a smaller crate is worth the interpreter's cost.
    pub(crate) fn keep_as_code(&mut self, calls: &BTreeSet<NodeId>) {
        let leaf = |id: NodeId| {
            self.plan
                .node(id)
                .checks()
                .iter()
                .all(|c| c.test.subschemas().is_empty())
        };
        let mut hot = calls.clone();
        for id in calls {
            for c in self.plan.node(*id).checks() {
                hot.extend(c.test.subschemas().into_iter().filter(|s| leaf(*s)));
            }
        }
        self.hot = hot;
    }

    /// The plan the validators render.
    pub(crate) fn plan(&self) -> &'a Plan<'a> {
        self.plan
    }

    /// A call site of a node's validator (recorded, so only called functions are emitted).
    pub(crate) fn call(&mut self, id: NodeId) -> proc_macro2::Ident {
        self.callees.insert(id);
        fn_name(id)
    }

    /// The compiled regex `static` for `pattern` (checked to be ECMA-262 first; the error
    /// names the node and `keyword`).
    pub(crate) fn regex(
        &mut self,
        id: NodeId,
        keyword: &str,
        pattern: &str,
    ) -> Result<proc_macro2::Ident> {
        if let Some(i) = self.regexes.get(pattern) {
            return Ok(format_ident!("RE_{}", i));
        }
        self.plan.check_pattern(id, keyword, pattern)?;
        let i = self.regexes.len();
        self.regexes.insert(pattern.to_owned(), i);
        let name = format_ident!("RE_{}", i);
        let p = lit(pattern);
        self.statics.push(quote! {
            pub(super) static #name: Re = Re::new(#p);
        });
        Ok(name)
    }

    /// An expression testing whether `v` (a `&Value`) equals a literal JSON value.
    fn literal_eq(&mut self, v: &TokenStream, l: &Value) -> TokenStream {
        let rt = self.rt.clone();
        match l {
            Value::Null => quote!(#v.is_null()),
            Value::Bool(b) => quote!(#v.as_bool() == Some(#b)),
            Value::String(s) => {
                let s = lit(s);
                quote!(#v.as_str() == Some(#s))
            }
            Value::Number(n) => {
                let b = super::failure::bound(n);
                quote!(matches!(#v, Value::Number(n)
                    if #rt::__private::num::compare(n, #rt::__private::num::#b) == ::core::cmp::Ordering::Equal))
            }
            Value::Array(_) | Value::Object(_) => {
                let name = self.composite(l);
                quote!(#rt::json::json_eq(#v, &#name))
            }
        }
    }

    /// The `static` holding a composite literal (an array or object), built on first use.
    fn composite(&mut self, l: &Value) -> proc_macro2::Ident {
        let i = self.statics.len();
        let name = format_ident!("LIT_{}", i);
        let value = value_tokens(l);
        self.statics.push(quote! {
            static #name: ::std::sync::LazyLock<::serde_json::Value> =
                ::std::sync::LazyLock::new(|| #value);
        });
        name
    }

    /// Node functions referenced from outside (typed checks), to keep as roots.
    pub(crate) fn take_external_calls(&mut self) -> BTreeSet<NodeId> {
        std::mem::take(&mut self.callees)
    }

    /// The validator functions for every node reachable from `roots`, and the statics
    /// (compiled regexes, composite literals) they use: the items, in output order. Each
    /// function is handed to `prepare` as it is built, and kept in the form it returns.
    pub(crate) fn emit(
        &mut self,
        roots: &[NodeId],
        prepare: &mut dyn FnMut(TokenStream) -> Result<Prepared>,
    ) -> Result<Vec<Prepared>> {
        // (false, node): validator; (true, node): annotation function.
        type Key = (bool, NodeId);
        let mut bodies: BTreeMap<Key, (Prepared, BTreeSet<Key>, Uses)> = BTreeMap::new();
        self.take_callees();
        for id in self.plan.reachable(roots) {
            let f = prepare(self.node_fn(id)?)?;
            let uses = std::mem::take(&mut self.uses);
            bodies.insert((false, id), (f, self.take_callees(), uses));
        }
        // Only functions called from a root, transitively (annotation functions, and the
        // validators only they call, are generated on the way).
        let mut keep: BTreeSet<Key> = BTreeSet::new();
        let mut stack: Vec<Key> = roots.iter().map(|id| (false, *id)).collect();
        while let Some(key) = stack.pop() {
            if !keep.insert(key) {
                continue;
            }
            if let std::collections::btree_map::Entry::Vacant(slot) = bodies.entry(key) {
                let f = if key.0 {
                    self.ann_fn(key.1)?
                } else {
                    self.node_fn(key.1)?
                };
                let callees = self.take_callees();
                let uses = std::mem::take(&mut self.uses);
                slot.insert((prepare(f)?, callees, uses));
            }
            if let Some((_, callees, uses)) = bodies.get(&key) {
                stack.extend(callees.iter().copied());
                self.used.plan |= uses.plan;
                self.used.code |= uses.code;
            }
        }
        // Moved, not interpolated: `quote!` would copy every token.
        let mut items: Vec<Prepared> = std::mem::take(&mut self.statics)
            .into_iter()
            .map(Prepared::Tokens)
            .collect();
        items.extend(
            bodies
                .into_iter()
                .filter(|(key, _)| keep.contains(key))
                .map(|(_, (f, _, _))| f),
        );
        Ok(items)
    }

    /// The functions the last emitted function calls (and forgets them).
    fn take_callees(&mut self) -> BTreeSet<(bool, NodeId)> {
        let n = std::mem::take(&mut self.callees);
        let e = std::mem::take(&mut self.ann_callees);
        n.into_iter()
            .map(|id| (false, id))
            .chain(e.into_iter().map(|id| (true, id)))
            .collect()
    }

    fn node_fn(&mut self, id: NodeId) -> Result<TokenStream> {
        let name = fn_name(id);
        // Every instance passes: the runtime's `node!` writes the function.
        let always = quote!(node!(#name, true););
        let plan = self.plan.node(id);
        let checks = match &*plan {
            NodePlan::Any => {
                self.uses.plan = true;
                return Ok(always);
            }
            NodePlan::Nothing(f) => {
                self.uses.code = true;
                let kw = lit(f.site.keyword);
                let sp = lit(&f.site.at);
                let msg = super::failure::message(&f.message, |_| quote!(v));
                return Ok(quote! {
                    pub(super) fn #name<'v>(_: &'v Value, cx: &mut Cx<'v>) -> bool {
                        cx.fail(#kw, #sp, || #msg);
                        false
                    }
                });
            }
            NodePlan::Checks(c) => c,
        };
        // As data, run by the runtime's interpreter, unless valid documents run the node
        // (and every check has a code form) or a check needs the dynamic scope or the
        // annotations.
        let base = self.plan.at(id, "");
        let as_code =
            self.hot.contains(&id) && checks.iter().all(|c| checks::has_code_form(&c.test));
        if !as_code && self.plan.scope_of(id).is_none() && table::holds(checks, &base) {
            self.uses.plan = true;
            return self.table_fn(id, checks);
        }
        // Consecutive checks on one JSON kind share one `if let` on the instance.
        self.base = base;
        self.at_used = false;
        let mut out = Vec::new();
        let mut i = 0;
        while i < checks.len() {
            let applies = checks[i].test.applies();
            let mut group = Vec::new();
            if applies == Applies::String
                && checks[i..]
                    .iter()
                    .take_while(|c| c.test.applies() == applies)
                    .any(|c| matches!(c.test, Test::Count(..)))
            {
                group.push(quote!(let len = s.chars().count();));
            }
            while i < checks.len() && checks[i].test.applies() == applies {
                group.extend(self.check(id, &checks[i], applies)?);
                i += 1;
            }
            if group.is_empty() {
                continue;
            }
            out.push(match applies {
                Applies::Any => quote!(#(#group)*),
                Applies::Number => quote!(if let Value::Number(n) = v { #(#group)* }),
                Applies::String => quote!(if let Value::String(s) = v { #(#group)* }),
                Applies::Array => quote!(if let Value::Array(a) = v { #(#group)* }),
                Applies::Object => quote!(if let Value::Object(m) = v { #(#group)* }),
            });
        }
        if out.is_empty() {
            self.uses.plan = true;
            return Ok(always);
        }
        self.uses.code = true;
        self.uses.plan = true;
        let at = if self.at_used {
            let base = lit(&self.base);
            quote!(let at = #base;)
        } else {
            TokenStream::new()
        };
        let body = quote! {
            let mut valid = true;
            #at
            #(#out)*
            valid
        };
        // Entering a resource that declares dynamic anchors puts it in the dynamic scope.
        let body = match self.plan.scope_of(id) {
            Some(r) => quote!(cx.in_resource(#r, |cx| { #body })),
            None => body,
        };
        Ok(quote! {
            pub(super) fn #name<'v>(v: &'v Value, cx: &mut Cx<'v>) -> bool {
                #body
            }
        })
    }
}
