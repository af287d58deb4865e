//! The typed API of `schemas/api/config.json` as a user calls it: schema defaults through
//! accessors and builders, `Default`, string enums as strings, unions from their variants.
//! Every round trip stays exact: a default is never written into a parsed value.

use crate::api::config::*;
use crate::api::derive_default;
use std::str::FromStr;

fn round_trip(text: &str) -> Config {
    let parsed = Config::from_json_str(text).expect("valid");
    let back = serde_json::to_string(&parsed).expect("serializes");
    assert_eq!(back, text, "the round trip writes back what was read");
    parsed
}

#[test]
fn absent_fields_read_their_schema_default_and_are_written_back_absent() {
    let c = round_trip(r#"{"name":"api"}"#);
    assert_eq!(c.port, None);
    assert_eq!(c.port(), 8080u16);
    assert_eq!(c.retries(), 3i64);
    assert_eq!(c.offset(), -2i64);
    assert_eq!(c.ratio(), 0.5f64);
    assert!(!c.verbose());
    assert_eq!(c.mode(), ConfigMode::Fast);
    assert_eq!(c.label(), "none");
    assert_eq!(c.tags(), &[] as &[String]);
    assert_eq!(c.note(), Some("n/a"));
    assert_eq!(c.parent(), None);
    assert_eq!(c.level(), Level::Low);
    assert_eq!(c.color(), Color::Blue);
    // `clone` would shadow `Clone::clone`: the accessor takes another name.
    assert_eq!(c.clone_or_default(), 1);
    // ...and a field of that name takes the next free one.
    assert_eq!(c.clone_or_default_2(), 2);
    assert_eq!(c.clone().name, "api");
}

#[test]
fn present_fields_win_over_the_default_and_null_stays_null() {
    let c = round_trip(
        r#"{"name":"api","port":9000,"mode":"2x","label":"x","tags":["a"],"note":null,"parent":7,"level":"deep","color":"red","clone":5}"#,
    );
    assert_eq!(c.port(), 9000);
    assert_eq!(c.mode(), ConfigMode::V2x);
    assert_eq!(c.label(), "x");
    assert_eq!(c.tags(), ["a".to_owned()]);
    // `null` is the document's value, not an absence: no default.
    assert_eq!(c.note, Some(None));
    assert_eq!(c.note(), None);
    assert_eq!(c.parent(), Some(7));
    assert_eq!(c.level(), Level::Other("deep".to_owned()));
    assert_eq!(c.color(), Color::Red);
    assert_eq!(c.clone_or_default(), 5);
}

#[test]
fn a_default_the_type_cannot_hold_gets_no_accessor() {
    // `odd_default`'s default is a string on an integer: the field is there, and the
    // crate compiles without an accessor for it (calling one would not compile).
    let c = round_trip(r#"{"name":"api","odd_default":4}"#);
    assert_eq!(c.odd_default, Some(4));
}

#[test]
fn builders_fill_defaults_and_validate() {
    let built = Config::builder().name("api").build().expect("valid");
    assert_eq!(built.port, Some(8080));
    assert_eq!(built.mode, Some(ConfigMode::Fast));
    assert_eq!(built.label.as_deref(), Some("none"));
    assert_eq!(built.tags, Some(vec![]));
    assert_eq!(built.note, Some(Some("n/a".to_owned())));
    assert_eq!(built.parent, Some(None));
    assert_eq!(built.level, Some(Level::Low));
    assert_eq!(
        built.odd_default, None,
        "a default the type cannot hold is not filled"
    );
    let json = serde_json::to_value(&built).expect("serializes");
    assert_eq!(json["port"], 8080);
    assert_eq!(json["mode"], "fast");
    assert_eq!(json["parent"], serde_json::Value::Null);
    // A value set wins over the default.
    let set = Config::builder()
        .name("api")
        .port(1u16)
        .mode(ConfigMode::Slow)
        .build()
        .expect("valid");
    assert_eq!((set.port(), set.mode()), (1, ConfigMode::Slow));
}

#[test]
fn default_is_implemented_where_every_field_takes_a_value() {
    // All fields optional: derived; it is the empty object.
    let item = ConfigItemsItem::default();
    assert_eq!(serde_json::to_string(&item).expect("serializes"), "{}");
    // A required field with a schema default: written, with the default.
    let limits = Limits::default();
    assert_eq!(limits.max, 10);
    assert_eq!(limits.min, None);
    assert_eq!(
        serde_json::to_string(&limits).expect("serializes"),
        r#"{"max":10}"#
    );
    // Enums whose schema names a default variant.
    assert_eq!(ConfigMode::default(), ConfigMode::Fast);
    assert_eq!(Level::default(), Level::Low);
    // With `Default` asked for on every type, the module compiles (it is part of this
    // crate) and the same types have it.
    assert_eq!(
        derive_default::ConfigMode::default(),
        derive_default::ConfigMode::Fast
    );
    assert_eq!(derive_default::Limits::default().max, 10);
}

/// `T: Default`, at compile time.
fn has_default<T: Default>() {}

#[test]
fn default_is_a_trait_bound_users_can_name() {
    has_default::<ConfigItemsItem>();
    has_default::<Limits>();
    has_default::<ConfigMode>();
    has_default::<derive_default::ConfigItemsItem>();
}

#[test]
fn string_enums_are_strings() {
    for (v, s) in [
        (ConfigMode::Fast, "fast"),
        (ConfigMode::Slow, "slow"),
        (ConfigMode::MyMode, "my-mode"),
        (ConfigMode::V2x, "2x"),
    ] {
        assert_eq!(v.as_str(), s);
        assert_eq!(v.to_string(), s);
        assert_eq!(ConfigMode::from_str(s), Ok(v));
        assert_eq!(ConfigMode::try_from(s), Ok(v));
        assert_eq!(ConfigMode::try_from(s.to_owned()), Ok(v));
        assert_eq!(s.parse::<ConfigMode>(), Ok(v));
        // The same string serde reads and writes.
        assert_eq!(serde_json::to_value(v).expect("serializes"), s);
    }
    let err = "quick".parse::<ConfigMode>().expect_err("not a value");
    assert_eq!(err.to_string(), "\"quick\" is not a value of ConfigMode");
    assert_eq!((err.type_name(), err.value()), ("ConfigMode", "quick"));
    // An unknown string in a document is still the located `enum` error.
    let e = Config::from_json_str(r#"{"name":"api","mode":"quick"}"#).expect_err("invalid");
    assert_eq!(e.errors()[0].instance_path, "/mode");
    assert_eq!(e.errors()[0].keyword, "enum");
    // `as_str` is `const`.
    const FAST: &str = ConfigMode::Fast.as_str();
    assert_eq!(FAST, "fast");
}

#[test]
fn integer_enums_are_integers() {
    for (v, i) in [
        (ConfigBlockSize::V512, 512),
        (ConfigBlockSize::V1024, 1024),
        (ConfigBlockSize::V4096, 4096),
    ] {
        assert_eq!(i64::from(v), i);
        assert_eq!(ConfigBlockSize::try_from(i), Ok(v));
        // The same integer serde reads and writes.
        assert_eq!(serde_json::to_value(v).expect("serializes"), i);
        let c = round_trip(&format!(r#"{{"name":"api","block_size":{i}}}"#));
        assert_eq!(c.block_size, Some(v));
    }
    let err = ConfigBlockSize::try_from(513).expect_err("not a value");
    assert_eq!(err.to_string(), "513 is not a value of ConfigBlockSize");
    assert_eq!((err.type_name(), err.value()), ("ConfigBlockSize", "513"));
    assert_eq!(ConfigShift::try_from(-1).map(i64::from), Ok(-1));
    assert!(ConfigShift::try_from(2).is_err());
    // An unlisted integer in a document is still the located `enum` error.
    let e = Config::from_json_str(r#"{"name":"api","shift":2}"#).expect_err("invalid");
    assert_eq!(e.errors()[0].instance_path, "/shift");
    assert_eq!(e.errors()[0].keyword, "enum");
}

#[test]
fn a_catch_all_enum_takes_every_string_and_keeps_listed_ones_as_their_variant() {
    assert_eq!(Level::from("low"), Level::Low);
    assert_eq!(Level::from("low".to_owned()), Level::Low);
    assert_eq!(Level::from("deep"), Level::Other("deep".to_owned()));
    assert_eq!(Level::from_str("high"), Ok(Level::High));
    // `TryFrom<&str>` and `TryFrom<String>` come with the infallible `From`s.
    fn try_both<T: for<'a> TryFrom<&'a str> + TryFrom<String>>() {}
    try_both::<Level>();
    try_both::<ConfigMode>();
    for s in ["low", "high", "deep"] {
        let l = Level::from(s);
        assert_eq!(l.as_str(), s);
        assert_eq!(l.to_string(), s);
        let json = serde_json::to_string(&l).expect("serializes");
        assert_eq!(json, format!("\"{s}\""));
        let c = round_trip(&format!(r#"{{"name":"api","level":{json}}}"#));
        assert_eq!(c.level, Some(l));
    }
    // What the catch-all holds is still checked by `validate` (the pattern).
    let bad = Config::builder()
        .name("api")
        .level("Not Lower")
        .build()
        .expect_err("pattern");
    assert_eq!(bad.errors()[0].instance_path, "/level");
}

#[test]
fn unions_convert_from_each_variant() {
    let by_name: Target = "db".to_owned().into();
    assert_eq!(by_name, Target::String("db".to_owned()));
    let by_port = Target::from(5432i64);
    assert_eq!(by_port, Target::Integer(5432));
    let address = Address::builder().host("db").build().expect("valid");
    let by_address = Target::from(address.clone());
    assert_eq!(by_address, Target::Address(address));
    let c = Config::builder()
        .name("api")
        .target(Target::from(5432i64))
        .build()
        .expect("valid");
    assert_eq!(
        serde_json::to_value(&c).expect("serializes")["target"],
        5432
    );
}

#[test]
fn a_union_of_scalars_shows_the_value_it_holds() {
    // Every variant holds a value with `Display`: the union shows that value, unquoted.
    assert_eq!(ConfigBudget::from(5u64).to_string(), "5");
    assert_eq!(ConfigBudget::from("max".to_owned()).to_string(), "max");
    assert_eq!(ConfigBudget::from(false).to_string(), "false");
    let c = round_trip(r#"{"name":"api","budget":"max"}"#);
    assert_eq!(c.budget.map(|b| b.to_string()).as_deref(), Some("max"));
    // `Target` holds an `Address` (a struct) too: no `Display`.
    fn shows<T: std::fmt::Display>() {}
    shows::<ConfigBudget>();
}

#[test]
fn integers_take_the_narrowest_type_their_bounds_prove() {
    let c = Config::builder()
        .name("api")
        .port(65535u16)
        .percent(100u8)
        .delta(-10i8)
        .wide(5_000_000_000u64)
        .open(255u8)
        .merged(-40000i32)
        .build()
        .expect("valid");
    // The field types, pinned: these assignments do not compile if a width changes.
    let _: Option<u16> = c.port;
    let _: Option<i64> = c.retries;
    let _: Option<u8> = c.percent;
    let _: Option<i8> = c.delta;
    let _: Option<u64> = c.wide;
    let _: Option<u8> = c.open;
    let _: Option<i32> = c.merged;
    let text = serde_json::to_string(&c).expect("serializes");
    assert_eq!(Config::from_json_str(&text).expect("valid"), c);
    // `2.0` is an integer, in a narrow type too; the round trip writes it as read
    // (integral floats are written as integers, as for `i64`).
    let c = Config::from_json_str(r#"{"name":"api","percent":2.0}"#).expect("valid");
    assert_eq!(c.percent, Some(2));
}

#[test]
fn a_value_beyond_a_narrow_type_is_the_schema_s_error() {
    for (doc, path, keyword) in [
        (r#"{"name":"api","port":70000}"#, "/port", "maximum"),
        (r#"{"name":"api","port":0}"#, "/port", "minimum"),
        (r#"{"name":"api","percent":256}"#, "/percent", "maximum"),
        (r#"{"name":"api","percent":-1}"#, "/percent", "minimum"),
        (r#"{"name":"api","delta":-129}"#, "/delta", "minimum"),
        (r#"{"name":"api","open":256}"#, "/open", "exclusiveMaximum"),
        (r#"{"name":"api","merged":1e10}"#, "/merged", "maximum"),
        (r#"{"name":"api","percent":1.5}"#, "/percent", "type"),
    ] {
        let e = Config::from_json_str(doc).expect_err(doc);
        let first = &e.errors()[0];
        assert_eq!(
            (first.instance_path.as_str(), first.keyword.as_str()),
            (path, keyword),
            "{doc}: {e:#}"
        );
        // All errors, too (the other reading path).
        let all = Config::from_json_str_with(doc, &envgen_runtime::Options::new().all_errors(true))
            .expect_err(doc);
        assert!(
            all.errors()
                .iter()
                .any(|x| x.instance_path == path && x.keyword == keyword),
            "{doc}: {all:#}"
        );
    }
}

#[test]
fn integer_formats_narrow_only_when_mapped_and_then_refuse_what_the_type_cannot_hold() {
    use crate::api::int_formats;
    // By default a format alone changes nothing: `int32` is an annotation.
    let c = Config::from_json_str(r#"{"name":"api","retries":3000000000}"#).expect("valid");
    assert_eq!(c.retries, Some(3_000_000_000i64));
    // Mapped, the field is the Rust type asked for...
    let m = int_formats::Config::from_json_str(r#"{"name":"api","retries":-5,"port":80}"#)
        .expect("valid");
    let (_, _): (Option<i32>, Option<u16>) = (m.retries, m.port);
    // ...and a value it cannot hold is refused though the schema accepts it: a `format`
    // error at the value, naming the mapped type.
    let e = int_formats::Config::from_json_str(r#"{"name":"api","retries":3000000000}"#)
        .expect_err("beyond i32");
    let first = &e.errors()[0];
    assert_eq!(
        (first.instance_path.as_str(), first.keyword.as_str()),
        ("/retries", "format"),
        "{e:#}"
    );
    assert!(crate::api::config::validate_value(
        &serde_json::json!({"name": "api", "retries": 3_000_000_000u64})
    )
    .is_ok());
}
