//! The validation plan: for every schema node, the ordered checks it needs, as data.
//!
//! Keyword semantics are decided here, once: which keywords of a node apply, in which
//! order, on which JSON kind, with which schema location and which message. The three
//! emit backends render a plan and decide nothing about keywords:
//!
//! * `emit::validate`, against a `&serde_json::Value`;
//! * `emit::typed_check`, against the typed value a generated type holds;
//! * `emit::inflight`, while deserializing.
//!
//! A plan holds no tokens. What the Rust type already guarantees is data too
//! ([`Check::implied_by`]): a typed backend skips such a check, it never compares emitted
//! code. A new keyword is a row of the keyword table (`load/keywords.rs`) and its lowering
//! in [`lower`], to an existing [`Test`] or a new one; a new one also needs its runtime op
//! (`plan/run.rs` in envgen-runtime) and the arm writing it (`emit/validate/table.rs`).
//! The other backends render it when they are given an arm, and hand it to the table
//! until then (ARCHITECTURE.md, "Adding an assertion keyword").

mod annotations;
mod lower;
pub(crate) mod message;
mod nothing;
mod null;

pub(crate) use annotations::{Annotations, InPlace};

pub(crate) use lower::Test;
pub(crate) use message::{Arg, Message};

use crate::error::Result;
use crate::ir::Ty;
use crate::load::{DocId, DynamicRef, JsonType, NodeId, SchemaSet};

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

/// The plan of one schema node.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum NodePlan {
    /// The schema is `true`: every instance is valid.
    Any,
    /// The schema is `false`: no instance is valid.
    Nothing(Failure),
    /// A schema object: its checks, in evaluation order (none when it asserts nothing).
    Checks(Vec<Check>),
}

impl NodePlan {
    /// The checks of a schema object (none for `true` and `false`).
    pub(crate) fn checks(&self) -> &[Check] {
        match self {
            NodePlan::Checks(c) => c,
            _ => &[],
        }
    }
}

/// Where a check's keyword stands: the keyword and its schema location
/// (`#/pointer/keyword`, prefixed with the file for nodes of other documents).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Site {
    /// The keyword reported (`minimum`, `required`, ...).
    pub keyword: &'static str,
    /// The keyword's schema location.
    pub at: String,
}

/// A failure a check reports itself: where, and with which message.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Failure {
    /// The keyword and its location.
    pub site: Site,
    /// The message template.
    pub message: Message,
}

/// One check of a node.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Check {
    /// The keyword and its location (for applicators that only delegate, where the
    /// errors of the subschema are located).
    pub site: Site,
    /// What is checked.
    pub test: Test,
}

/// The data of a check, shared with the runtime that runs the generated tables (one
/// definition: `envgen_runtime::__private::plan`). `Cmp` and `Counted` are the runtime's as
/// they are; the others hold the plan's failure templates, pattern sources and node ids
/// where a table holds its failures, compiled patterns and validators.
pub(crate) use envgen_runtime::__private::plan::{Cmp, Counted};

/// A count's bound inside a compound check (`minContains`, `maxContains`).
pub(crate) type Limit = envgen_runtime::__private::plan::Limit<Failure>;

/// One `patternProperties` entry: the ECMA-262 pattern and its subschema (`None` when it
/// is `true`: the pattern only marks keys as matched).
pub(crate) type PatternEntry = envgen_runtime::__private::plan::PatternEntry<String, NodeId>;

/// `additionalProperties` of an object check: `Deny` for `false`, else the schema the
/// values of undeclared, unmatched keys must match.
pub(crate) type Additional = envgen_runtime::__private::plan::Additional<Failure, NodeId>;

/// The entry-wise object keywords, evaluated in one pass over the entries.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Entries {
    /// The `patternProperties` entries, in document order.
    pub patterns: Vec<PatternEntry>,
    /// The declared property names (keys `additionalProperties` does not apply to).
    pub declared: Vec<String>,
    /// `additionalProperties`, unless it is absent or `true`.
    pub additional: Option<Additional>,
}

impl Entries {
    /// Whether pattern matches must be tracked (for `additionalProperties`).
    pub(crate) fn tracks_matches(&self) -> bool {
        self.additional.is_some() && !self.patterns.is_empty()
    }
}

/// The JSON kinds a check applies to (it passes on any other).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Applies {
    /// Every instance.
    Any,
    /// Numbers.
    Number,
    /// Strings.
    String,
    /// Arrays.
    Array,
    /// Objects.
    Object,
}

/// How `envgen diff` measures an assertion's value, to tell whether a change of it
/// narrows or widens the valid set.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Measure {
    /// A bound on a number; `lower` for a least value.
    Number {
        /// A least value (`minimum`, `exclusiveMinimum`).
        lower: bool,
        /// The bound.
        value: f64,
    },
    /// A divisor (`multipleOf`).
    Multiple(f64),
    /// A bound on a count; `lower` for a least count.
    Count {
        /// A least count (`minLength`, `minItems`, ...).
        lower: bool,
        /// The bound.
        value: u64,
    },
    /// A text whose change moves the valid set in no known direction (`pattern`).
    Text(String),
    /// The JSON of an applicator's subschemas (`not`, `if`/`then`/`else`, `contains`,
    /// ...), keys sorted: adding one narrows, removing one widens, any other change moves
    /// the valid set in no known direction. Set by the diff, which reads the documents.
    Subschema(String),
    /// A condition that holds or not (`uniqueItems`, one `dependentRequired` pair).
    Flag {
        /// How it is shown when it holds.
        on: String,
        /// How it is shown when it does not.
        off: &'static str,
    },
}

impl Check {
    /// The constraints `envgen diff` compares for this check ([`Test::constraints`]).
    pub(crate) fn constraints(&self) -> Vec<Constraint> {
        self.test.constraints(self.site.keyword)
    }
}

/// One constraint of a node as `envgen diff` compares it: the keyword, what in it the
/// value is about (a property pair of `dependentRequired`, else empty), and the value.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Constraint {
    /// The keyword.
    pub keyword: &'static str,
    /// What the value is about within the keyword.
    pub key: String,
    /// The value.
    pub measure: Measure,
}

impl Check {
    /// Whether every value of the Rust type `ty` passes the check, so a typed backend
    /// leaves it out. Decided from the type and the check's data alone.
    pub(crate) fn implied_by(&self, ty: &Ty) -> bool {
        match (&self.test, ty) {
            (Test::Type(types, _), _) => match kind_of(ty) {
                Some(kind) => {
                    types.contains(&kind)
                        || (kind == JsonType::Integer && types.contains(&JsonType::Number))
                }
                None => false,
            },
            // An integer type's own range: a `u64` is never below 0, a `u8` never above 255.
            (Test::Bound(cmp, b, _), Ty::Int(i)) => {
                let (min, max) = i.range();
                let exact = b
                    .as_i64()
                    .map(i128::from)
                    .or_else(|| b.as_u64().map(i128::from));
                match exact {
                    Some(v) => match cmp {
                        Cmp::Min => v <= min,
                        Cmp::ExclusiveMin => v < min,
                        Cmp::Max => v >= max,
                        Cmp::ExclusiveMax => v > max,
                    },
                    // A fractional bound is compared as an `f64`, only with a range end
                    // `f64` holds exactly (so `9223372036854775806.5`, which rounds to
                    // 2^63, never passes for `i64::MAX`).
                    None => {
                        let held =
                            |v: i128| v.unsigned_abs() <= 1 << 53 || v == i128::from(i64::MIN);
                        b.as_f64().is_some_and(|f| match cmp {
                            Cmp::Min => held(min) && f <= min as f64,
                            Cmp::ExclusiveMin => held(min) && f < min as f64,
                            Cmp::Max => held(max) && f >= max as f64,
                            Cmp::ExclusiveMax => held(max) && f > max as f64,
                        })
                    }
                }
            }
            _ => false,
        }
    }
}

/// The JSON type every value of a scalar Rust type has.
pub(crate) fn kind_of(ty: &Ty) -> Option<JsonType> {
    match ty {
        Ty::String => Some(JsonType::String),
        Ty::Bool => Some(JsonType::Boolean),
        Ty::Int(_) => Some(JsonType::Integer),
        Ty::F64 => Some(JsonType::Number),
        _ => None,
    }
}

/// Whether a `$dynamicRef` or `$recursiveRef` of the set resolves through the dynamic
/// scope (its static target declares the anchor it names).
pub(crate) fn is_dynamic(set: &SchemaSet) -> bool {
    set.nodes().iter().any(|n| {
        n.keywords()
            .and_then(|k| k.dynamic_ref.as_ref())
            .is_some_and(|d| !d.candidates.is_empty())
    })
}

/// The plans of one module's schema nodes, lowered once each, on first use.
pub(crate) struct Plan<'a> {
    set: &'a SchemaSet,
    root_doc: DocId,
    /// The resources a dynamic scope tracks, by index ([`SchemaSet::dynamic_resources`]).
    resources: Vec<String>,
    nodes: RefCell<BTreeMap<NodeId, Rc<NodePlan>>>,
    annotations: RefCell<BTreeMap<NodeId, Rc<Annotations>>>,
}

impl<'a> Plan<'a> {
    /// An empty plan for the module whose root document is `root_doc` (locations in
    /// other documents are prefixed with their file).
    pub(crate) fn new(set: &'a SchemaSet, root_doc: DocId) -> Self {
        Plan {
            set,
            root_doc,
            resources: if is_dynamic(set) {
                set.dynamic_resources()
            } else {
                Vec::new()
            },
            nodes: RefCell::new(BTreeMap::new()),
            annotations: RefCell::new(BTreeMap::new()),
        }
    }

    /// Whether some reference of the set depends on the dynamic scope: validation must
    /// then start at a document's root (the scope is the path from there), so typed checks
    /// and in-flight errors give way to the `Value` validators.
    pub(crate) fn is_dynamic(&self) -> bool {
        !self.resources.is_empty()
    }

    /// The index of the dynamic-scope resource node `id` belongs to, when its resource
    /// declares a dynamic anchor (entering the node then enters the resource).
    pub(crate) fn scope_of(&self, id: NodeId) -> Option<u32> {
        let base = &self.set.node(id).base;
        let i = self.resources.binary_search(base).ok()?;
        u32::try_from(i).ok()
    }

    /// What node `id` contributes to `unevaluatedProperties` and `unevaluatedItems` when
    /// it passes.
    pub(crate) fn annotations(&self, id: NodeId) -> Rc<Annotations> {
        if let Some(a) = self.annotations.borrow().get(&id) {
            return Rc::clone(a);
        }
        let a = Rc::new(annotations::of(self.set, &self.resources, id));
        self.annotations.borrow_mut().insert(id, Rc::clone(&a));
        a
    }

    /// The `properties` entries of node `id`, in document order, `true` subschemas
    /// included (the checks leave those out: they assert nothing, but they declare a
    /// property).
    pub(crate) fn properties(&self, id: NodeId) -> Vec<(String, NodeId)> {
        self.set
            .node(id)
            .keywords()
            .map(|k| k.properties.clone())
            .unwrap_or_default()
    }

    /// The schema set the plan is of.
    pub(crate) fn set(&self) -> &'a SchemaSet {
        self.set
    }

    /// The plan of node `id`.
    pub(crate) fn node(&self, id: NodeId) -> Rc<NodePlan> {
        if let Some(p) = self.nodes.borrow().get(&id) {
            return Rc::clone(p);
        }
        let p = Rc::new(lower::node(self.set, self.root_doc, &self.resources, id));
        self.nodes.borrow_mut().insert(id, Rc::clone(&p));
        p
    }

    /// The schema location of `keyword` at node `id` (the node itself when empty).
    pub(crate) fn at(&self, id: NodeId, keyword: &str) -> String {
        lower::location(self.set, self.root_doc, id, keyword)
    }

    /// Every node the plans of `roots` reach through subschemas, sorted.
    pub(crate) fn reachable(&self, roots: &[NodeId]) -> Vec<NodeId> {
        let mut seen = std::collections::BTreeSet::new();
        let mut stack: Vec<NodeId> = roots.to_vec();
        while let Some(id) = stack.pop() {
            if !seen.insert(id) {
                continue;
            }
            for c in self.node(id).checks() {
                stack.extend(c.test.subschemas());
            }
        }
        seen.into_iter().collect()
    }

    /// Checks a pattern is an ECMA-262 regular expression (with or without the `u` flag);
    /// the error names the node and keyword.
    pub(crate) fn check_pattern(&self, id: NodeId, keyword: &str, pattern: &str) -> Result<()> {
        if regress::Regex::with_flags(pattern, "u").is_ok() || regress::Regex::new(pattern).is_ok()
        {
            return Ok(());
        }
        Err(self
            .set
            .error_at_node(
                id,
                &format!("/{keyword}"),
                format!("{pattern:?} is not a valid ECMA-262 regular expression"),
            )
            .with_keyword(keyword))
    }
}

/// The candidates of a dynamic reference, by the index of their resource in `resources`
/// (the dynamic-scope resources); empty when the reference behaves as a `$ref`.
fn candidates(resources: &[String], d: &DynamicRef) -> Vec<(u32, NodeId)> {
    d.candidates
        .iter()
        .filter_map(|(base, n)| {
            let i = resources.binary_search(base).ok()?;
            Some((u32::try_from(i).ok()?, *n))
        })
        .collect()
}
