//! In-flight schema errors in generated `Deserialize` impls (the decisions; the runtime
//! side is `envgen_runtime::__private::inflight`).
//!
//! A generated struct reads a property through `inflight::field` (or `value`, `nullable`)
//! when the errors its value has are known to be the schema's: the field comes from the
//! struct schema's own `properties` (not merged from an alternative), so its node's
//! validator is the property's whole schema. The runtime reads the value with its type's
//! own deserializer; when that fails, it judges the failure at the property
//! (`inflight::judge`): the value is checked by the property's validator (a spec's
//! `node`) once the error is taken. Each value's spec says what is known statically:
//!
//! * errors raised inside the value by nested generated types stand as they are (`direct`)
//!   only when nothing between them and the property is disjunctive (`oneOf`, `anyOf`,
//!   `not`, `if`) and no map holds them (a map does not add its keys to the error's
//!   location; an array's items are judged at the array); under a `oneOf`/`anyOf` whose
//!   failure they imply (`union.rs`), they stand for that failure;
//! * the JSON kinds the type holds, and a typed array's items' or map's values' spec, with
//!   which a value the schema accepts but the type refuses is located.
//!
//! A missing required property and a property `additionalProperties: false` rejects are
//! raised by the struct itself, when the struct schema's own `required` and
//! `additionalProperties` say so. Every other read is opaque: an error raised inside it
//! is dropped, and the caller validates the document the slow way. A tuple struct's read
//! is always opaque, and so are its reads of its items (`emit::de`): its errors are the
//! array keywords' (`minItems`, `prefixItems`, `items`), which the `Value` validator names.

use crate::ir::plan::Plan;
use crate::ir::Mapped;
use crate::load::{NodeId, SchemaSet};
use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};

/// A spec's fields (`envgen_runtime::__private::inflight::Spec`), one `static` per distinct value.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct SpecKey {
    /// The declared property a field's spec reads (`Spec::field`); empty for any other.
    key: String,
    node: NodeId,
    kinds: u8,
    direct: bool,
    /// The index of the items' spec.
    items: Option<usize>,
    /// The format mapping whose parse its validator adds.
    parsed: Option<Mapped>,
    /// For a union: the format mappings of its alternatives, whose parses its validator
    /// adds.
    alternatives: Vec<Mapped>,
    /// The union whose failure an error inside the value stands for.
    union: Option<UnionRule>,
    /// Whether the value's type is a buffered union of this node.
    whole: bool,
    /// Where a value the schema accepts but the type cannot hold is located.
    narrow: String,
    /// Whether the type is a whole-schema mapping, read by its own deserializer.
    mapped: bool,
}

mod fields;
mod required;
mod specs;
mod text;
mod union;

pub(crate) use text::text_rule;
use text::TextRule;
use union::UnionRule;

pub(crate) struct Inflight<'a> {
    set: &'a SchemaSet,
    plan: &'a Plan<'a>,
    used: RefCell<BTreeSet<NodeId>>,
    /// One `static` per distinct spec, by its fields, with its index.
    specs: RefCell<BTreeMap<SpecKey, usize>>,
    /// One `static` per distinct string rule (`text.rs`), with its index.
    texts: RefCell<BTreeMap<TextRule, usize>>,
}

/// How deep array items nest before their reads become opaque (far beyond real schemas;
/// a bound, so that a hostile schema's depth does not become as many specs).
const MAX_ITEMS_DEPTH: usize = 32;

impl<'a> Inflight<'a> {
    pub(crate) fn new(plan: &'a Plan<'a>) -> Self {
        Inflight {
            set: plan.set(),
            plan,
            used: RefCell::new(BTreeSet::new()),
            specs: RefCell::new(BTreeMap::new()),
            texts: RefCell::new(BTreeMap::new()),
        }
    }

    /// The schema nodes whose validators the generated deserializers call.
    pub(crate) fn used(&self) -> Vec<NodeId> {
        self.used.borrow().iter().copied().collect()
    }
}
