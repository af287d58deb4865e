//! The interpreter against hand-written tables.
use super::*;
use crate::validate::{Cx, Options};
use serde_json::{json, Value};

fn never<'v>(_: &'v Value, _: &mut Cx<'v>) -> bool {
    false
}

/// The errors of `ops` on `v`, as (pointer, keyword, message), and the verdict.
fn errors(ops: &[Op], v: &Value, all: bool) -> (bool, Vec<(String, String, String)>) {
    let mut cx = Cx::new(Options::new().all_errors(all));
    let ok = run(v, &mut cx, "#", ops);
    let e = cx
        .errors()
        .iter()
        .map(|e| {
            let e = e.clone();
            (e.instance_path, e.keyword, e.message)
        })
        .collect();
    (ok, e)
}

const REQUIRED: [Op; 1] = [required!["a", "b"]];

const INNER: [Op; 1] = [Op::Type(kind::STRING, Fail::kw("type", msg::NOT_STRING))];

fn inner<'v>(v: &'v Value, cx: &mut Cx<'v>) -> bool {
    run(v, cx, "#/$defs/name", &INNER)
}

#[test]
fn a_failure_below_its_node_is_located_at_the_node_being_run() {
    const OUTER: [Op; 2] = [
        Op::Property("name", inner),
        Op::Required(
            &["id"],
            Fail::kw("required", Msg::new(&["missing id"], &[])),
        ),
    ];
    let v = json!({"name": 1});
    let mut cx = Cx::new(Options::new().all_errors(true));
    assert!(!run(&v, &mut cx, "#/$defs/thing", &OUTER));
    let got: Vec<(&str, &str, &str)> = cx
        .errors()
        .iter()
        .map(|e| {
            (
                e.instance_path.as_str(),
                e.keyword.as_str(),
                e.schema_path.as_str(),
            )
        })
        .collect();
    // The nested node's location, then the outer one's again once the nested run
    // returned.
    assert_eq!(
        got,
        [
            ("/name", "type", "#/$defs/name/type"),
            ("", "required", "#/$defs/thing/required"),
        ]
    );
    assert_eq!(cx.errors()[0].message, "1 is not of type \"string\"");
}

#[test]
fn stops_at_the_first_failure_unless_every_error_is_collected() {
    let (ok, first) = errors(&REQUIRED, &json!({}), false);
    assert!(!ok);
    assert_eq!(first.len(), 1, "{first:?}");
    let (ok, all) = errors(&REQUIRED, &json!({}), true);
    assert!(!ok);
    assert_eq!(all.len(), 2, "{all:?}");
    assert_eq!(
        errors(&REQUIRED, &json!({"a": 1, "b": 2}), false),
        (true, vec![])
    );
    // Object checks pass on other kinds.
    assert_eq!(errors(&REQUIRED, &json!("x"), false), (true, vec![]));
}

#[test]
fn holes_are_filled_as_the_generated_code_fills_them() {
    let count = [Op::Count(
        Counted::Chars,
        Cmp::Min,
        3,
        Fail::new(
            "minLength",
            "#/minLength",
            Msg::new(&["", " has ", " characters"], &[Arg::Instance, Arg::Count]),
        ),
    )];
    assert_eq!(
        errors(&count, &json!("é"), false).1,
        vec![(
            "".into(),
            "minLength".into(),
            "\"é\" has 1 characters".into()
        )]
    );
    let bound = [Op::Bound(
        Cmp::ExclusiveMax,
        Bound::F(1.5),
        Fail::new(
            "exclusiveMaximum",
            "#/exclusiveMaximum",
            Msg::new(&["", " is too big"], &[Arg::Instance]),
        ),
    )];
    assert_eq!(errors(&bound, &json!(1.5), false).1[0].2, "1.5 is too big");
    assert!(errors(&bound, &json!(1.25), false).0);
    let unique = [Op::UniqueItems(Fail::new(
        "uniqueItems",
        "#/uniqueItems",
        Msg::new(
            &["items ", " and ", " are equal"],
            &[Arg::First, Arg::Second],
        ),
    ))];
    assert_eq!(
        errors(&unique, &json!([1, 2, 1.0]), false).1[0].2,
        "items 0 and 2 are equal"
    );
}

#[test]
fn lengths_count_characters_not_bytes() {
    let fail = |kw| {
        Fail::new(
            kw,
            "#",
            Msg::new(&["", " has ", ""], &[Arg::Instance, Arg::Count]),
        )
    };
    let min = |n| [Op::Count(Counted::Chars, Cmp::Min, n, fail("minLength"))];
    let max = |n| [Op::Count(Counted::Chars, Cmp::Max, n, fail("maxLength"))];
    // (string, characters): one-, two-, three- and four-byte characters.
    for (s, chars) in [
        ("", 0),
        ("ab", 2),
        ("éé", 2),
        ("€€€", 3),
        ("😀", 1),
        ("a😀é", 3),
    ] {
        let v = json!(s);
        for limit in 0..=s.len() as u64 + 1 {
            assert_eq!(
                errors(&min(limit), &v, false).0,
                chars >= limit,
                "{s:?} min {limit}"
            );
            assert_eq!(
                errors(&max(limit), &v, false).0,
                chars <= limit,
                "{s:?} max {limit}"
            );
        }
    }
    // A failure reports the character count.
    assert_eq!(errors(&max(1), &json!("éé"), false).1[0].2, "\"éé\" has 2");
}

static RE_X: Re = Re::new("^x-");

static DENY: [Op; 1] = [Op::Entries {
    patterns: &[PatternEntry {
        pattern: &RE_X,
        node: None,
    }],
    declared: &["a"],
    additional: Some(Additional::Deny(Fail::new(
        "additionalProperties",
        "#/additionalProperties",
        Msg::new(&["property ", " is not allowed"], &[Arg::Key]),
    ))),
}];

static PATTERN: [Op; 1] = [Op::Entries {
    patterns: &[PatternEntry {
        pattern: &RE_X,
        node: Some(never),
    }],
    declared: &[],
    additional: None,
}];

#[test]
fn entries_skip_declared_and_matched_keys_and_name_the_others() {
    let v = json!({"a": 1, "x-y": 2, "b": 3, "c\"": 4});
    let (ok, e) = errors(&DENY, &v, true);
    assert!(!ok);
    let messages: Vec<&str> = e.iter().map(|e| e.2.as_str()).collect();
    assert_eq!(
        messages,
        [
            "property \"b\" is not allowed",
            "property \"c\\\"\" is not allowed"
        ]
    );
    // A pattern's schema checks the value at its key.
    let (ok, e) = errors(&PATTERN, &v, false);
    assert!(
        !ok && e.is_empty(),
        "the nested validator records its own errors"
    );
    assert!(errors(&PATTERN, &json!({"y": 1}), false).0);
}

#[test]
fn enum_finds_strings_by_search_and_other_members_by_value() {
    let fail = Fail::new(
        "enum",
        "#/enum",
        Msg::new(&["", " is not one of the values"], &[Arg::Instance]),
    );
    let ops = [Op::Enum(
        &["a", "m", "z"],
        &[Lit::Num(Bound::U(1)), Lit::Null],
        fail,
    )];
    for ok in [json!("a"), json!("m"), json!("z"), json!(1.0), json!(null)] {
        assert!(errors(&ops, &ok, false).0, "{ok}");
    }
    for bad in [json!("b"), json!(2), json!(false), json!(["a"])] {
        assert!(!errors(&ops, &bad, false).0, "{bad}");
    }
}

#[test]
fn one_of_counts_every_branch() {
    fn yes<'v>(_: &'v Value, _: &mut Cx<'v>) -> bool {
        true
    }
    let none = Fail::new(
        "oneOf",
        "#/oneOf",
        Msg::new(&["none of ", ""], &[Arg::Count]),
    );
    let many = Fail::new("oneOf", "#/oneOf", Msg::new(&["", " match"], &[Arg::Count]));
    let ops = [Op::OneOf(&[yes, never, yes, yes], none, many)];
    assert_eq!(errors(&ops, &json!(0), false).1[0].2, "3 match");
    let none = Fail::new(
        "oneOf",
        "#/oneOf",
        Msg::new(&["none of ", ""], &[Arg::Count]),
    );
    let many = Fail::new("oneOf", "#/oneOf", Msg::new(&["", " match"], &[Arg::Count]));
    let ops = [Op::OneOf(&[never, yes], none, many)];
    assert!(errors(&ops, &json!(0), false).0);
}

fn yes<'v>(_: &'v Value, _: &mut Cx<'v>) -> bool {
    true
}

fn is_string<'v>(v: &'v Value, cx: &mut Cx<'v>) -> bool {
    static OPS: [Op; 1] = [Op::Type(
        kind::STRING,
        Fail::new(
            "type",
            "#/t",
            Msg::new(&["", " is not a string"], &[Arg::Instance]),
        ),
    )];
    run(v, cx, "#", &OPS)
}

const FAIL: Fail = Fail::new("k", "#/k", Msg::new(&["failed"], &[]));

/// Each applicator's verdict on a value that passes and one that fails it; the
/// nested validator's error lands at the instance location the op steps to.
#[test]
fn applicators_step_where_the_schema_says() {
    let cases: Vec<(Op, Value, Value, &str)> = vec![
        (Op::Ref("$ref", is_string), json!("a"), json!(1), ""),
        (Op::AllOf(is_string), json!("a"), json!(1), ""),
        (
            Op::PrefixItem(1, is_string),
            json!([1, "a"]),
            json!(["a", 1]),
            "/1",
        ),
        (
            Op::Items(1, is_string),
            json!([1, "a", "b"]),
            json!([1, "a", 2]),
            "/2",
        ),
        (
            Op::Property("p", is_string),
            json!({"p": "a"}),
            json!({"p": 1}),
            "/p",
        ),
        (Op::PropertyNames(never), json!({}), json!({"x": 1}), ""),
        (
            Op::DependentSchema("a", is_string),
            json!({"b": 1}),
            json!({"a": 1}),
            "",
        ),
        (
            Op::DependentRequired("a", "b", FAIL),
            json!({"b": 1}),
            json!({"a": 1}),
            "",
        ),
        (
            Op::AnyOf(&[never, is_string], FAIL),
            json!("a"),
            json!(1),
            "",
        ),
        (Op::Not(is_string, FAIL), json!(1), json!("a"), ""),
        (
            Op::If(is_string, Some(never), Some(yes)),
            json!(1),
            json!("a"),
            "",
        ),
        (
            Op::If(is_string, None, Some(never)),
            json!("a"),
            json!(1),
            "",
        ),
        (
            Op::Contains(
                is_string,
                Some(Limit {
                    limit: 2,
                    fail: FAIL,
                }),
                None,
            ),
            json!([1, "a", "b"]),
            json!([1, "a"]),
            "",
        ),
        (
            Op::Contains(
                is_string,
                None,
                Some(Limit {
                    limit: 1,
                    fail: FAIL,
                }),
            ),
            json!([1, "a"]),
            json!(["a", "b"]),
            "",
        ),
        (Op::Const(Lit::Str("a"), FAIL), json!("a"), json!("b"), ""),
        (
            Op::MultipleOf(Bound::F(0.5), FAIL),
            json!(1.5),
            json!(1.25),
            "",
        ),
        (
            Op::Format("date", FAIL),
            json!("2026-11-26"),
            json!("2026-13-01"),
            "",
        ),
        (Op::Pattern(&RE_X, FAIL), json!("x-1"), json!("y-x-"), ""),
        (Op::Type(kind::INTEGER, FAIL), json!(2.0), json!(2.5), ""),
        (
            Op::Count(Counted::Items, Cmp::Max, 1, FAIL),
            json!([1]),
            json!([1, 2]),
            "",
        ),
        (Op::UniqueItems(FAIL), json!([1, "1"]), json!([1, 1.0]), ""),
        (
            Op::Required(&["a"], FAIL),
            json!({"a": null}),
            json!({"b": 1}),
            "",
        ),
        (Op::Enum(&["a"], &[], FAIL), json!("a"), json!("b"), ""),
    ];
    for (op, pass, fail, at) in cases {
        let ops = [op];
        let (ok, errors_on_pass) = {
            let mut cx = Cx::new(Options::new().formats(true));
            let ok = run(&pass, &mut cx, "#", &ops);
            (ok, cx.errors().len())
        };
        assert!(ok && errors_on_pass == 0, "{:?} on {pass}", ops[0]);
        let mut cx = Cx::new(Options::new().formats(true));
        assert!(!run(&fail, &mut cx, "#", &ops), "{:?} on {fail}", ops[0]);
        let pointers: Vec<&str> = cx
            .errors()
            .iter()
            .map(|e| e.instance_path.as_str())
            .collect();
        if at.is_empty() {
            assert!(
                pointers.iter().all(|p| p.is_empty()),
                "{:?}: {pointers:?}",
                ops[0]
            );
        } else {
            assert_eq!(pointers, [at], "{:?} on {fail}", ops[0]);
        }
    }
}

/// The constructors' wordings and locations, as envgen-codegen's plan words them
/// (`ir/plan/message.rs`): generated tables use a constructor only for that wording.
#[test]
fn constructors_word_failures_as_the_plan_does() {
    static RE_D: Re = Re::new("^\\d+\"$");
    let cases: Vec<(Op, Value, &str, &str)> = vec![
        (IS_STRING, json!(1), "type", "1 is not of type \"string\""),
        (
            Op::types(kind::STRING | kind::NULL, " is not of any of the types"),
            json!(1),
            "type",
            "1 is not of any of the types",
        ),
        (
            required!["a", "b\"c"],
            json!({"a": 1}),
            "required",
            "missing required property \"b\\\"c\"",
        ),
        (
            Op::pattern(&RE_D),
            json!("x"),
            "pattern",
            "\"x\" does not match the pattern \"^\\\\d+\\\"$\"",
        ),
        (
            Op::format("date"),
            json!("x"),
            "format",
            "\"x\" is not a valid date",
        ),
        (
            Op::min_length(1),
            json!(""),
            "minLength",
            "\"\" is shorter than 1 character",
        ),
        (
            Op::min_length(3),
            json!("ab"),
            "minLength",
            "\"ab\" is shorter than 3 characters",
        ),
        (
            Op::max_length(1),
            json!("ab"),
            "maxLength",
            "\"ab\" is longer than 1 character",
        ),
        (
            Op::max_length(0),
            json!("a"),
            "maxLength",
            "\"a\" is longer than 0 characters",
        ),
        (
            Op::min_items(2),
            json!([1]),
            "minItems",
            "the array has 1 items, fewer than minItems 2",
        ),
        (
            Op::max_items(1),
            json!([1, 2]),
            "maxItems",
            "the array has 2 items, more than maxItems 1",
        ),
        (
            Op::min_properties(2),
            json!({"a": 1}),
            "minProperties",
            "the object has 1 properties, fewer than minProperties 2",
        ),
        (
            Op::max_properties(0),
            json!({"a": 1}),
            "maxProperties",
            "the object has 1 properties, more than maxProperties 0",
        ),
        (
            UNIQUE_ITEMS,
            json!([1, 1]),
            "uniqueItems",
            "items 0 and 1 of the array are equal",
        ),
        (
            closed!["a"],
            json!({"b": 1}),
            "additionalProperties",
            "property \"b\" is not allowed",
        ),
        (
            Op::any_of(&[never]),
            json!(1),
            "anyOf",
            "1 matches none of the `anyOf` alternatives",
        ),
        (
            Op::one_of(&[never]),
            json!(1),
            "oneOf",
            "1 matches none of the `oneOf` alternatives",
        ),
        (
            Op::one_of(&[yes, yes]),
            json!(1),
            "oneOf",
            "1 matches 2 of the `oneOf` alternatives; exactly one must match",
        ),
        (
            Op::not(yes),
            json!(1),
            "not",
            "1 must not match the `not` schema",
        ),
        (
            Op::bound(Cmp::ExclusiveMin, Bound::U(1), " is too small"),
            json!(1),
            "exclusiveMinimum",
            "1 is too small",
        ),
        (
            Op::multiple_of(Bound::U(2), " is odd"),
            json!(1),
            "multipleOf",
            "1 is odd",
        ),
        (
            Op::in_enum(&["a"], &[], " is not a"),
            json!("b"),
            "enum",
            "\"b\" is not a",
        ),
        (
            Op::constant(Lit::Null, " is not null"),
            json!(1),
            "const",
            "1 is not null",
        ),
    ];
    for (op, v, keyword, message) in cases {
        let ops = [op];
        let mut cx = Cx::new(Options::new().formats(true));
        assert!(!run(&v, &mut cx, "#/$defs/x", &ops), "{:?}", ops[0]);
        let e = &cx.errors()[0];
        assert_eq!((e.keyword.as_str(), e.message.as_str()), (keyword, message));
        assert_eq!(e.schema_path, format!("#/$defs/x/{keyword}"));
    }
}

#[test]
fn a_ref_below_its_node_is_located_there_when_too_deep() {
    fn deep<'v>(v: &'v Value, cx: &mut Cx<'v>) -> bool {
        static OPS: [Op; 1] = [Op::Ref("$ref", deep)];
        run(v, cx, "#/$defs/deep", &OPS)
    }
    let v = json!(1);
    let mut cx = Cx::new(Options::new());
    assert!(!deep(&v, &mut cx));
    let e = &cx.errors()[0];
    assert_eq!(
        (e.keyword.as_str(), e.schema_path.as_str()),
        ("depth", "#/$defs/deep/$ref")
    );
}
