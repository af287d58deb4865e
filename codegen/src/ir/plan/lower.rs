//! Lowering one schema node's keywords to its checks: the only place that decides which
//! keywords apply, in which order, and how their failures are worded.

use super::message::{short, Arg, Part};
use super::{
    Additional, Check, Cmp, Counted, Entries, Failure, Limit, Message, NodePlan, PatternEntry,
    Site, Test,
};
use crate::load::{Body, DocId, Draft, DynamicRef, Keywords, NodeId, SchemaSet};
use serde_json::Number;

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

/// The JSON text of a string, for messages.
fn json(s: &str) -> String {
    serde_json::Value::from(s).to_string()
}

struct Lowering<'a> {
    set: &'a SchemaSet,
    root_doc: DocId,
    id: NodeId,
    out: Vec<Check>,
}

impl Lowering<'_> {
    fn site(&self, keyword: &'static str) -> Site {
        Site {
            keyword,
            at: location(self.set, self.root_doc, self.id, keyword),
        }
    }

    fn fail(&self, keyword: &'static str, message: Message) -> Failure {
        Failure {
            site: self.site(keyword),
            message,
        }
    }

    fn push(&mut self, keyword: &'static str, test: Test) {
        let site = self.site(keyword);
        self.out.push(Check { site, test });
    }

    fn is_true(&self, id: NodeId) -> bool {
        matches!(self.set.node(id).body, Body::Bool(true))
    }
}

/// The candidates of a dynamic reference, by the index of their resource in `resources`
/// (the dynamic-scope resources); empty when the reference behaves as a `$ref`.
pub(super) fn candidates(resources: &[String], d: &DynamicRef) -> Vec<(u32, NodeId)> {
    d.candidates
        .iter()
        .filter_map(|(base, n)| {
            let i = resources.binary_search(base).ok()?;
            Some((u32::try_from(i).ok()?, *n))
        })
        .collect()
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
        let candidates = candidates(resources, d);
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
    applicators(&mut l, k);
    unevaluated(&mut l, k);
    NodePlan::Checks(l.out)
}

/// `unevaluatedItems` and `unevaluatedProperties`, after every other keyword (their
/// outcome depends on what the others evaluated).
fn unevaluated(l: &mut Lowering<'_>, k: &Keywords) {
    let items = ("unevaluatedItems", "item ", Arg::First);
    if let Some(a) = unevaluated_one(l, k.unevaluated_items, items) {
        l.push("unevaluatedItems", Test::UnevaluatedItems(a));
    }
    let properties = ("unevaluatedProperties", "property ", Arg::Key);
    if let Some(a) = unevaluated_one(l, k.unevaluated_properties, properties) {
        l.push("unevaluatedProperties", Test::UnevaluatedProperties(a));
    }
}

/// One of the unevaluated keywords (`keyword`, naming what it rejects as `what` followed by
/// `shown`), unless it is absent or `true`: its failure when it is `false`, else its schema.
fn unevaluated_one(
    l: &mut Lowering<'_>,
    u: Option<NodeId>,
    (keyword, what, shown): (&'static str, &'static str, Arg),
) -> Option<Additional> {
    let u = u.filter(|u| !l.is_true(*u))?;
    Some(match l.set.node(u).body {
        Body::Bool(false) => Additional::Deny(l.fail(
            keyword,
            Message::parts(&[
                Part::Text(what),
                Part::Hole(shown),
                Part::Text(" is not allowed: no subschema evaluated it"),
            ]),
        )),
        _ => Additional::Schema(u),
    })
}

fn literals(l: &mut Lowering<'_>, k: &Keywords) {
    if let Some(types) = &k.types {
        let names: Vec<String> = types.iter().map(|t| format!("\"{}\"", t.name())).collect();
        let expected = if names.len() == 1 {
            format!(" is not of type {}", names[0])
        } else {
            format!(" is not of any of the types {}", names.join(", "))
        };
        l.push(
            "type",
            Test::Type(types.clone(), Message::instance(&expected)),
        );
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
    if let Some(m) = &k.multiple_of {
        let msg = Message::instance(&format!(" is not a multiple of {m}"));
        l.push("multipleOf", Test::MultipleOf(m.clone(), msg));
    }
}

fn plural(n: u64) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

fn strings(l: &mut Lowering<'_>, k: &Keywords) {
    counts(l, Counted::Chars, k.min_length, k.max_length);
    if let Some(p) = &k.pattern {
        let m = Message::instance(&format!(" does not match the pattern {}", json(p)));
        l.push("pattern", Test::Pattern(p.clone(), m));
    }
    if let Some(f) = &k.format {
        let m = Message::instance(&format!(" is not a valid {f}"));
        l.push("format", Test::Format(f.clone(), m));
    }
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
        let least = cmp == Cmp::Min;
        let m = match what {
            Counted::Chars => {
                let than = if least { "shorter" } else { "longer" };
                Message::instance(&format!(" is {than} than {n} character{}", plural(n)))
            }
            Counted::Items | Counted::Properties => {
                let (noun, unit) = match what {
                    Counted::Items => ("array", "items"),
                    _ => ("object", "properties"),
                };
                let than = if least { "fewer" } else { "more" };
                counted(
                    &format!("the {noun} has "),
                    &format!(" {unit}, {than} than {kw} {n}"),
                )
            }
        };
        l.push(kw, Test::Count(what, cmp, n, m));
    }
}

/// `<before><count><after>`.
fn counted(before: &str, after: &str) -> Message {
    Message::parts(&[
        Part::Text(before),
        Part::Hole(Arg::Count),
        Part::Text(after),
    ])
}

fn arrays(l: &mut Lowering<'_>, k: &Keywords) {
    counts(l, Counted::Items, k.min_items, k.max_items);
    if k.unique_items {
        let m = Message::parts(&[
            Part::Text("items "),
            Part::Hole(Arg::First),
            Part::Text(" and "),
            Part::Hole(Arg::Second),
            Part::Text(" of the array are equal"),
        ]);
        l.push("uniqueItems", Test::UniqueItems(m));
    }
    let prefix_kw = if l.set.node(l.id).draft >= Draft::Draft202012 {
        "prefixItems"
    } else {
        "items"
    };
    for (i, p) in k.prefix_items.iter().enumerate() {
        l.push(prefix_kw, Test::PrefixItem(i, *p));
    }
    if let Some(items) = k.items {
        let kw = if k.prefix_items.is_empty() || prefix_kw == "prefixItems" {
            "items"
        } else {
            "additionalItems"
        };
        l.push(kw, Test::Items(k.prefix_items.len(), items));
    }
    if let Some(c) = k
        .contains
        .filter(|_| k.min_contains != Some(0) || k.max_contains.is_some())
    {
        let least = k.min_contains.unwrap_or(1);
        let min = (least > 0).then(|| {
            let kw = if k.min_contains.is_some() {
                "minContains"
            } else {
                "contains"
            };
            let m = if least == 1 {
                Message::text("no item of the array matches the `contains` schema")
            } else {
                counted(
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
        let max = k.max_contains.map(|max| Limit {
            limit: max,
            fail: l.fail(
                "maxContains",
                counted(
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
        let m = Message::text(format!("missing required property {}", json(name)));
        l.push("required", Test::Required(name.clone(), m));
    }
    counts(l, Counted::Properties, k.min_properties, k.max_properties);
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
    for (name, p) in &k.properties {
        if !l.is_true(*p) {
            l.push("properties", Test::Property(name.clone(), *p));
        }
    }
    let additional =
        k.additional_properties
            .filter(|a| !l.is_true(*a))
            .map(|a| match l.set.node(a).body {
                Body::Bool(false) => Additional::Deny(l.fail(
                    "additionalProperties",
                    Message::parts(&[
                        Part::Text("property "),
                        Part::Hole(Arg::Key),
                        Part::Text(" is not allowed"),
                    ]),
                )),
                _ => Additional::Schema(a),
            });
    if !k.pattern_properties.is_empty() || additional.is_some() {
        let patterns = k
            .pattern_properties
            .iter()
            .map(|(pattern, p)| PatternEntry {
                pattern: pattern.clone(),
                node: (!l.is_true(*p)).then_some(*p),
            })
            .collect();
        let kw = if k.pattern_properties.is_empty() {
            "additionalProperties"
        } else {
            "patternProperties"
        };
        let entries = Entries {
            patterns,
            declared: k.properties.iter().map(|(n, _)| n.clone()).collect(),
            additional,
        };
        l.push(kw, Test::Entries(entries));
    }
    if let Some(pn) = k.property_names.filter(|pn| !l.is_true(*pn)) {
        l.push("propertyNames", Test::PropertyNames(pn));
    }
    let dep_schema_kw = if l.set.node(l.id).draft <= Draft::Draft7 {
        "dependencies"
    } else {
        "dependentSchemas"
    };
    for (name, d) in &k.dependent_schemas {
        l.push(dep_schema_kw, Test::DependentSchema(name.clone(), *d));
    }
}

fn applicators(l: &mut Lowering<'_>, k: &Keywords) {
    for s in &k.all_of {
        l.push("allOf", Test::AllOf(*s));
    }
    if !k.any_of.is_empty() {
        let m = Message::instance(" matches none of the `anyOf` alternatives");
        l.push("anyOf", Test::AnyOf(k.any_of.clone(), m));
    }
    if !k.one_of.is_empty() {
        let none = Message::instance(" matches none of the `oneOf` alternatives");
        let many = Message::parts(&[
            Part::Hole(Arg::Instance),
            Part::Text(" matches "),
            Part::Hole(Arg::Count),
            Part::Text(" of the `oneOf` alternatives; exactly one must match"),
        ]);
        l.push(
            "oneOf",
            Test::OneOf {
                branches: k.one_of.clone(),
                none,
                many,
            },
        );
    }
    if let Some(n) = k.not {
        let m = Message::instance(" must not match the `not` schema");
        l.push("not", Test::Not(n, m));
    }
    if let Some(cond) = k.if_.filter(|_| k.then.is_some() || k.else_.is_some()) {
        l.push(
            "if",
            Test::IfThenElse {
                cond,
                then: k.then,
                else_: k.else_,
            },
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load::SchemaSet;
    use serde_json::json;

    fn plan_of(schema: serde_json::Value) -> (SchemaSet, NodePlan) {
        let mut set = SchemaSet::new();
        let doc = set
            .add_value("t.json", "mem://t.json", schema, None)
            .expect("the schema loads");
        set.link().expect("the schema links");
        let root = set.root(doc).expect("the document has a root");
        let p = node(&set, doc, &set.dynamic_resources(), root);
        (set, p)
    }

    fn render(m: &Message, args: &[&str]) -> String {
        let mut out = m.pieces[0].clone();
        for (i, a) in args.iter().enumerate() {
            out.push_str(a);
            out.push_str(&m.pieces[i + 1]);
        }
        out
    }

    #[test]
    fn keywords_are_lowered_in_evaluation_order_with_their_locations() {
        let (_, p) = plan_of(json!({
            "anyOf": [{}],
            "required": ["a"],
            "maxLength": 3,
            "minimum": 1,
            "type": "object",
            "$ref": "#/$defs/x",
            "$defs": {"x": {}}
        }));
        let sites: Vec<(&str, &str)> = p
            .checks()
            .iter()
            .map(|c| (c.site.keyword, c.site.at.as_str()))
            .collect();
        assert_eq!(
            sites,
            [
                ("$ref", "#/$ref"),
                ("type", "#/type"),
                ("minimum", "#/minimum"),
                ("maxLength", "#/maxLength"),
                ("required", "#/required"),
                ("anyOf", "#/anyOf"),
            ]
        );
    }

    #[test]
    fn trivial_subschemas_and_zero_bounds_are_no_checks() {
        let (_, p) = plan_of(json!({
            "properties": {"a": true},
            "propertyNames": true,
            "minLength": 0,
            "minItems": 0,
            "minProperties": 0,
            "contains": {}, "minContains": 0,
            "if": {}
        }));
        assert_eq!(p, NodePlan::Checks(Vec::new()));
        let (_, p) = plan_of(json!(false));
        let NodePlan::Nothing(f) = p else {
            panic!("`false` is a failure");
        };
        assert_eq!((f.site.keyword, f.site.at.as_str()), ("false", "#"));
    }

    #[test]
    fn messages_name_the_schema_values() {
        let (_, p) = plan_of(json!({
            "type": ["string", "null"],
            "oneOf": [{}, {}],
            "dependentRequired": {"a": ["b"]},
            "additionalProperties": false
        }));
        let mut texts = Vec::new();
        for c in p.checks() {
            match &c.test {
                Test::Type(_, m) => texts.push(render(m, &["1"])),
                Test::OneOf { none, many, .. } => {
                    texts.push(render(none, &["1"]));
                    texts.push(render(many, &["1", "2"]));
                }
                Test::DependentRequired(_, _, m) => texts.push(render(m, &[])),
                Test::Entries(Entries {
                    additional: Some(Additional::Deny(f)),
                    ..
                }) => texts.push(render(&f.message, &["\"x\""])),
                other => panic!("unexpected check {other:?}"),
            }
        }
        assert_eq!(
            texts,
            [
                "1 is not of any of the types \"string\", \"null\"",
                "property \"a\" requires property \"b\"",
                "property \"x\" is not allowed",
                "1 matches none of the `oneOf` alternatives",
                "1 matches 2 of the `oneOf` alternatives; exactly one must match",
            ]
        );
    }

    #[test]
    fn a_message_template_escapes_braces_of_its_text() {
        let m = Message::parts(&[Part::Text("a {b} "), Part::Hole(Arg::Key), Part::Text(" }")]);
        assert_eq!(m.format_string(), "a {{b}} {} }}");
        assert_eq!(m.fixed(), None);
        assert_eq!(Message::text("x {y}").fixed(), Some("x {y}"));
    }
}
