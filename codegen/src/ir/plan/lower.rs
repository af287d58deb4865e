//! What a check tests ([`Test`], with what each test applies to, evaluates and lets
//! `envgen diff` compare) and the lowering of one schema node's keywords to its checks:
//! with its child `apply.rs` (the in-place applicators and the unevaluated keywords), the only place
//! that decides which keywords apply, in which order, and how their failures are worded.
//! A new assertion keyword is lowered here, as a new [`Test`] variant or an existing one.
use super::message::{self, json, short};
use super::{
    Additional, Applies, Check, Cmp, Constraint, Counted, Entries, Failure, Limit, Measure,
    Message, NodePlan, Site,
};
use crate::load::{Body, DocId, Draft, JsonType, Keywords, NodeId, SchemaSet};
use serde_json::{Number, Value};

/// What a check tests: the condition as data.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Test {
    /// `$ref`: the target's checks, one reference level deeper.
    Ref(NodeId),
    /// `type`.
    Type(Vec<JsonType>, Message),
    /// `enum`.
    Enum(Vec<Value>, Message),
    /// `const`.
    Const(Value, Message),
    /// `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum` (numbers).
    Bound(Cmp, Number, Message),
    /// `multipleOf` (numbers).
    MultipleOf(Number, Message),
    /// `minLength`/`maxLength`, `minItems`/`maxItems`, `minProperties`/`maxProperties`.
    Count(Counted, Cmp, u64, Message),
    /// `pattern` (strings).
    Pattern(String, Message),
    /// `format` (strings; asserted when the options say so).
    Format(String, Message),
    /// `uniqueItems: true` (arrays).
    UniqueItems(Message),
    /// One `prefixItems` entry (arrays): the item at the index.
    PrefixItem(usize, NodeId),
    /// `items` (arrays): every item from the index on.
    Items(usize, NodeId),
    /// `contains` with `minContains`/`maxContains` (arrays): a count of matching items.
    Contains {
        /// The `contains` schema.
        node: NodeId,
        /// The least count, unless 0.
        min: Option<Limit>,
        /// The greatest count.
        max: Option<Limit>,
    },
    /// One name of `required` (objects).
    Required(String, Message),
    /// One dependency of `dependentRequired` (objects): when the first name is present,
    /// the second must be.
    DependentRequired(String, String, Message),
    /// One entry of `properties` (objects), unless its schema is `true`.
    Property(String, NodeId),
    /// `patternProperties` and `additionalProperties` (objects).
    Entries(Entries),
    /// `propertyNames` (objects), unless it is `true`.
    PropertyNames(NodeId),
    /// One entry of `dependentSchemas` (objects): when the name is present, the schema
    /// applies to the whole instance.
    DependentSchema(String, NodeId),
    /// One `allOf` branch.
    AllOf(NodeId),
    /// `anyOf`: at least one branch.
    AnyOf(Vec<NodeId>, Message),
    /// `oneOf`: exactly one branch (`none` when no branch matches, `many` otherwise).
    OneOf {
        /// The branches.
        branches: Vec<NodeId>,
        /// The message when no branch matches.
        none: Message,
        /// The message when several do.
        many: Message,
    },
    /// `not`.
    Not(NodeId, Message),
    /// `$dynamicRef` or `$recursiveRef` whose target depends on the dynamic scope: the
    /// node of the outermost candidate resource the scope holds, else `target`.
    DynamicRef {
        /// The static target.
        target: NodeId,
        /// (dynamic resource index, anchored node), by resource.
        candidates: Vec<(u32, NodeId)>,
    },
    /// `unevaluatedProperties` (objects), unless it is `true`: every property no
    /// subschema that passed evaluated.
    UnevaluatedProperties(Additional),
    /// `unevaluatedItems` (arrays), unless it is `true`: every item no subschema that
    /// passed evaluated.
    UnevaluatedItems(Additional),
    /// `if` with `then` and/or `else`.
    IfThenElse {
        /// `if`.
        cond: NodeId,
        /// `then`.
        then: Option<NodeId>,
        /// `else`.
        else_: Option<NodeId>,
    },
}

impl Test {
    /// The JSON kind the check applies to.
    pub(crate) fn applies(&self) -> Applies {
        match self {
            Test::Bound(..) | Test::MultipleOf(..) => Applies::Number,
            Test::Count(Counted::Chars, ..) | Test::Pattern(..) | Test::Format(..) => {
                Applies::String
            }
            Test::Count(Counted::Items, ..)
            | Test::UniqueItems(_)
            | Test::PrefixItem(..)
            | Test::Items(..)
            | Test::Contains { .. }
            | Test::UnevaluatedItems(_) => Applies::Array,
            Test::Count(Counted::Properties, ..)
            | Test::Required(..)
            | Test::DependentRequired(..)
            | Test::Property(..)
            | Test::Entries(_)
            | Test::PropertyNames(_)
            | Test::DependentSchema(..)
            | Test::UnevaluatedProperties(_) => Applies::Object,
            Test::Ref(_)
            | Test::Type(..)
            | Test::Enum(..)
            | Test::Const(..)
            | Test::AllOf(_)
            | Test::AnyOf(..)
            | Test::OneOf { .. }
            | Test::Not(..)
            | Test::IfThenElse { .. }
            | Test::DynamicRef { .. } => Applies::Any,
        }
    }

    /// Whether an error raised below the check may be one a different branch would not
    /// raise (`anyOf`, `oneOf`, `not`, `if`): the check's outcome is not a conjunction.
    pub(crate) fn is_disjunctive(&self) -> bool {
        matches!(
            self,
            Test::AnyOf(..)
                | Test::OneOf { .. }
                | Test::Not(..)
                | Test::IfThenElse { .. }
                | Test::DynamicRef { .. }
        )
    }

    /// The constraints `envgen diff` compares for a check of `keyword` testing this. An
    /// assertion describes its value here, so a new assertion is diffed without touching
    /// `diff`; applicators (compared through the types their subschemas become) and the
    /// assertions the generated type itself carries (`type`, `enum`, `const`, `required`:
    /// the diff compares types, variants and required fields) have none.
    pub(crate) fn constraints(&self, keyword: &'static str) -> Vec<Constraint> {
        let one = |keyword, key: String, measure| {
            vec![Constraint {
                keyword,
                key,
                measure,
            }]
        };
        match self {
            Test::Bound(cmp, n, _) => n.as_f64().map_or_else(Vec::new, |value| {
                let lower = matches!(cmp, Cmp::Min | Cmp::ExclusiveMin);
                one(keyword, String::new(), Measure::Number { lower, value })
            }),
            Test::MultipleOf(n, _) => n.as_f64().map_or_else(Vec::new, |m| {
                one(keyword, String::new(), Measure::Multiple(m))
            }),
            Test::Count(_, cmp, value, _) => {
                let lower = matches!(cmp, Cmp::Min | Cmp::ExclusiveMin);
                let value = *value;
                one(keyword, String::new(), Measure::Count { lower, value })
            }
            Test::Pattern(p, _) | Test::Format(p, _) => {
                one(keyword, String::new(), Measure::Text(p.clone()))
            }
            Test::UniqueItems(_) => {
                let (on, off) = ("true".to_owned(), "false");
                one(keyword, String::new(), Measure::Flag { on, off })
            }
            Test::DependentRequired(name, dep, _) => {
                let on = format!("{name:?} requires {dep:?}");
                one(
                    keyword,
                    format!("{name}\u{0}{dep}"),
                    Measure::Flag { on, off: "none" },
                )
            }
            Test::Contains { min, max, .. } => {
                let mut out = Vec::new();
                // An explicit `minContains` only: the least count `contains` implies
                // comes with the applicator.
                let min = min
                    .as_ref()
                    .filter(|l| l.fail.site.keyword == "minContains");
                for (limit, lower) in [(min, true), (max.as_ref(), false)] {
                    if let Some(l) = limit {
                        out.push(Constraint {
                            keyword: l.fail.site.keyword,
                            key: String::new(),
                            measure: Measure::Count {
                                lower,
                                value: l.limit,
                            },
                        });
                    }
                }
                out
            }
            Test::Type(..) | Test::Enum(..) | Test::Const(..) | Test::Required(..) => Vec::new(),
            Test::Ref(_)
            | Test::PrefixItem(..)
            | Test::Items(..)
            | Test::Property(..)
            | Test::Entries(_)
            | Test::PropertyNames(_)
            | Test::DependentSchema(..)
            | Test::AllOf(_)
            | Test::AnyOf(..)
            | Test::OneOf { .. }
            | Test::Not(..)
            | Test::DynamicRef { .. }
            | Test::UnevaluatedProperties(_)
            | Test::UnevaluatedItems(_)
            | Test::IfThenElse { .. } => Vec::new(),
        }
    }

    /// The subschemas the check evaluates.
    pub(crate) fn subschemas(&self) -> Vec<NodeId> {
        match self {
            Test::Ref(n)
            | Test::PrefixItem(_, n)
            | Test::Items(_, n)
            | Test::Property(_, n)
            | Test::PropertyNames(n)
            | Test::DependentSchema(_, n)
            | Test::AllOf(n)
            | Test::Not(n, _) => vec![*n],
            Test::Contains { node, .. } => vec![*node],
            Test::Entries(e) => {
                let mut out: Vec<NodeId> = e.patterns.iter().filter_map(|p| p.node).collect();
                if let Some(Additional::Schema(a)) = &e.additional {
                    out.push(*a);
                }
                out
            }
            Test::AnyOf(b, _) | Test::OneOf { branches: b, .. } => b.clone(),
            Test::DynamicRef { target, candidates } => {
                let mut out = vec![*target];
                out.extend(candidates.iter().map(|(_, n)| *n));
                out
            }
            Test::UnevaluatedProperties(a) | Test::UnevaluatedItems(a) => match a {
                Additional::Schema(n) => vec![*n],
                Additional::Deny(_) => Vec::new(),
            },
            Test::IfThenElse { cond, then, else_ } => {
                let mut out = vec![*cond];
                out.extend(then);
                out.extend(else_);
                out
            }
            Test::Type(..)
            | Test::Enum(..)
            | Test::Const(..)
            | Test::Bound(..)
            | Test::MultipleOf(..)
            | Test::Count(..)
            | Test::Pattern(..)
            | Test::Format(..)
            | Test::UniqueItems(_)
            | Test::Required(..)
            | Test::DependentRequired(..) => Vec::new(),
        }
    }
}

/// The schema location of a keyword, as `#/pointer/keyword` (prefixed with the file for
/// nodes in other documents than `root_doc`).
pub(super) fn location(set: &SchemaSet, root_doc: DocId, id: NodeId, keyword: &str) -> String {
    let node = set.node(id);
    let ptr = if keyword.is_empty() {
        node.loc.pointer.clone()
    } else {
        crate::load::pointer::join(&node.loc.pointer, keyword)
    };
    if node.loc.doc == root_doc {
        format!("#{ptr}")
    } else {
        format!("{}#{ptr}", set.document(node.loc.doc).display)
    }
}

pub(super) struct Lowering<'a> {
    pub(super) set: &'a SchemaSet,
    pub(super) root_doc: DocId,
    pub(super) id: NodeId,
    pub(super) out: Vec<Check>,
}

impl Lowering<'_> {
    pub(super) fn site(&self, keyword: &'static str) -> Site {
        Site {
            keyword,
            at: location(self.set, self.root_doc, self.id, keyword),
        }
    }

    pub(super) fn fail(&self, keyword: &'static str, message: Message) -> Failure {
        Failure {
            site: self.site(keyword),
            message,
        }
    }

    pub(super) fn push(&mut self, keyword: &'static str, test: Test) {
        let site = self.site(keyword);
        self.out.push(Check { site, test });
    }

    pub(super) fn is_true(&self, id: NodeId) -> bool {
        matches!(self.set.node(id).body, Body::Bool(true))
    }
}

/// The plan of node `id` (`resources`: the dynamic-scope resources, by index).
pub(super) fn node(set: &SchemaSet, root_doc: DocId, resources: &[String], id: NodeId) -> NodePlan {
    let k = match &set.node(id).body {
        Body::Bool(true) => return NodePlan::Any,
        Body::Bool(false) => {
            return NodePlan::Nothing(Failure {
                site: Site {
                    keyword: "false",
                    at: location(set, root_doc, id, ""),
                },
                message: Message::text("no value is allowed here (the schema is `false`)"),
            })
        }
        Body::Object(k) => k,
    };
    let mut l = Lowering {
        set,
        root_doc,
        id,
        out: Vec::new(),
    };
    if let Some(t) = k.ref_.as_ref().and_then(|r| r.target) {
        l.push("$ref", Test::Ref(t));
    }
    if let Some(d) = &k.dynamic_ref {
        let candidates = super::candidates(resources, d);
        if candidates.is_empty() {
            l.push(d.keyword, Test::Ref(d.target));
        } else {
            l.push(
                d.keyword,
                Test::DynamicRef {
                    target: d.target,
                    candidates,
                },
            );
        }
    }
    literals(&mut l, k);
    numbers(&mut l, k);
    strings(&mut l, k);
    arrays(&mut l, k);
    objects(&mut l, k);
    apply::applicators(&mut l, k);
    apply::unevaluated(&mut l, k);
    NodePlan::Checks(l.out)
}

fn literals(l: &mut Lowering<'_>, k: &Keywords) {
    if let Some(types) = &k.types {
        let m = message::not_of_type(types);
        l.push("type", Test::Type(types.clone(), m));
    }
    if let Some(values) = &k.enum_ {
        let m = Message::instance(&format!(
            " is not one of {}",
            short(&serde_json::Value::Array(values.clone()).to_string())
        ));
        l.push("enum", Test::Enum(values.clone(), m));
    }
    if let Some(c) = &k.const_ {
        let m = Message::instance(&format!(" is not the constant {}", short(&c.to_string())));
        l.push("const", Test::Const(c.clone(), m));
    }
}

fn numbers(l: &mut Lowering<'_>, k: &Keywords) {
    let bounds: [(&'static str, &Option<Number>, Cmp, &str); 4] = [
        ("minimum", &k.minimum, Cmp::Min, "is less than minimum"),
        ("maximum", &k.maximum, Cmp::Max, "is greater than maximum"),
        (
            "exclusiveMinimum",
            &k.exclusive_minimum,
            Cmp::ExclusiveMin,
            "is less than or equal to exclusive minimum",
        ),
        (
            "exclusiveMaximum",
            &k.exclusive_maximum,
            Cmp::ExclusiveMax,
            "is greater than or equal to exclusive maximum",
        ),
    ];
    for (kw, value, cmp, words) in bounds {
        if let Some(b) = value {
            let m = Message::instance(&format!(" {words} {b}"));
            l.push(kw, Test::Bound(cmp, b.clone(), m));
        }
    }
    if let Some(m) = k.number("multipleOf") {
        let msg = Message::instance(&format!(" is not a multiple of {m}"));
        l.push("multipleOf", Test::MultipleOf(m.clone(), msg));
    }
}

fn strings(l: &mut Lowering<'_>, k: &Keywords) {
    counts(
        l,
        Counted::Chars,
        k.count("minLength"),
        k.count("maxLength"),
    );
    if let Some(p) = k.string("pattern") {
        l.push("pattern", Test::Pattern(p.to_owned(), message::pattern(p)));
    }
    if let Some(f) = k.string("format").filter(|f| asserts_format(l, f)) {
        l.push("format", Test::Format(f.to_owned(), message::format(f)));
    }
}

/// Whether the draft of the node being lowered defines `format` (docs/decisions.md,
/// "Formats follow the draft"): a format the draft does not define is an annotation, as
/// an unknown format is, even where envgen knows it from a later draft. An OpenAPI 3.0
/// document (a draft-04 dialect) also defines `date`.
fn asserts_format(l: &Lowering<'_>, format: &str) -> bool {
    let node = l.set.node(l.id);
    let since = match format {
        "date-time" | "email" | "hostname" | "ipv4" | "ipv6" | "uri" => Draft::Draft4,
        "uri-reference" | "uri-template" | "json-pointer" => Draft::Draft6,
        "date" if l.set.document(node.loc.doc).openapi.is_some() => Draft::Draft4,
        "date"
        | "time"
        | "idn-email"
        | "idn-hostname"
        | "iri"
        | "iri-reference"
        | "relative-json-pointer"
        | "regex" => Draft::Draft7,
        "duration" | "uuid" => Draft::Draft201909,
        // Unknown to every draft: the runtime check passes it anyway.
        _ => return true,
    };
    node.draft >= since
}

/// `minLength`/`maxLength`, `minItems`/`maxItems` or `minProperties`/`maxProperties` (a
/// least count of 0 is no check).
fn counts(l: &mut Lowering<'_>, what: Counted, min: Option<u64>, max: Option<u64>) {
    let (min_kw, max_kw) = match what {
        Counted::Chars => ("minLength", "maxLength"),
        Counted::Items => ("minItems", "maxItems"),
        Counted::Properties => ("minProperties", "maxProperties"),
    };
    for (kw, cmp, limit) in [
        (min_kw, Cmp::Min, min.filter(|m| *m > 0)),
        (max_kw, Cmp::Max, max),
    ] {
        let Some(n) = limit else { continue };
        l.push(
            kw,
            Test::Count(what, cmp, n, message::count(what, cmp, n, kw)),
        );
    }
}

fn arrays(l: &mut Lowering<'_>, k: &Keywords) {
    counts(l, Counted::Items, k.count("minItems"), k.count("maxItems"));
    if k.flag("uniqueItems") {
        l.push("uniqueItems", Test::UniqueItems(message::not_unique()));
    }
    apply::items(l, k);
    if let Some(c) = k
        .contains
        .filter(|_| k.count("minContains") != Some(0) || k.count("maxContains").is_some())
    {
        let least = k.count("minContains").unwrap_or(1);
        let min = (least > 0).then(|| {
            let kw = if k.count("minContains").is_some() {
                "minContains"
            } else {
                "contains"
            };
            let m = if least == 1 {
                Message::text("no item of the array matches the `contains` schema")
            } else {
                message::counted(
                    "",
                    &format!(
                        " items of the array match the `contains` schema, fewer than minContains {least}"
                    ),
                )
            };
            Limit {
                limit: least,
                fail: l.fail(kw, m),
            }
        });
        let max = k.count("maxContains").map(|max| Limit {
            limit: max,
            fail: l.fail(
                "maxContains",
                message::counted(
                    "",
                    &format!(
                        " items of the array match the `contains` schema, more than maxContains {max}"
                    ),
                ),
            ),
        });
        if min.is_some() || max.is_some() {
            l.push("contains", Test::Contains { node: c, min, max });
        }
    }
}

fn objects(l: &mut Lowering<'_>, k: &Keywords) {
    for name in &k.required {
        l.push(
            "required",
            Test::Required(name.clone(), message::required(name)),
        );
    }
    counts(
        l,
        Counted::Properties,
        k.count("minProperties"),
        k.count("maxProperties"),
    );
    let dep_kw = if l.set.node(l.id).draft <= Draft::Draft7 {
        "dependencies"
    } else {
        "dependentRequired"
    };
    for (name, deps) in &k.dependent_required {
        for d in deps {
            let m = Message::text(format!(
                "property {} requires property {}",
                json(name),
                json(d)
            ));
            l.push(dep_kw, Test::DependentRequired(name.clone(), d.clone(), m));
        }
    }
    apply::entries(l, k);
}

mod apply;
#[cfg(test)]
mod tests;
