//! Constrained strings and numbers as validating newtypes (`Settings::validating_newtypes`,
//! docs/type-mapping.md, "Constrained strings and numbers"), through the generated API of
//! `schemas/api/newtypes.json`: every way of making one checks the schema, reading one is
//! reading a `&str` or the number, and a round trip gives back the document.

use crate::api::newtypes::{
    Account, AccountAliasesItem, AccountName, AccountNick, AccountPort, AccountRatio, AccountStep,
    Handle,
};
use serde_json::json;
use std::collections::BTreeSet;
use std::str::FromStr;

/// The keyword of the first error of `r`.
fn keyword<T: std::fmt::Debug>(r: Result<T, envgen_runtime::ValidationErrors>) -> String {
    r.expect_err("refused")
        .first()
        .map(|e| e.keyword.clone())
        .unwrap_or_default()
}

#[test]
fn every_way_of_making_one_checks_the_schema() {
    let name = AccountName::new("api").expect("a lowercase name");
    assert_eq!(name.as_str(), "api");
    assert_eq!(keyword(AccountName::new("API")), "pattern");
    assert_eq!(keyword(AccountName::new("")), "minLength");
    assert_eq!(keyword(AccountName::from_str("x1")), "pattern");
    assert_eq!(keyword("Ab".parse::<AccountName>()), "pattern");
    assert_eq!(keyword(AccountName::try_from("a b")), "pattern");
    assert_eq!(keyword(AccountName::try_from(String::new())), "minLength");
    assert_eq!(
        AccountName::try_from("ok".to_owned()),
        AccountName::new("ok")
    );
    // A definition is a newtype too, with its own schema.
    assert!(Handle::new("@api").is_ok());
    assert_eq!(keyword(Handle::new("api")), "pattern");
    assert_eq!(keyword(AccountNick::new("ninechars")), "maxLength");
    assert_eq!(keyword(AccountAliasesItem::new("a")), "minLength");
    // serde's own path checks as well: a newtype never holds what its schema refuses.
    let bad = serde_json::from_value::<AccountName>(json!("API"));
    assert!(bad.is_err(), "{bad:?}");
    let good: AccountName = serde_json::from_value(json!("api")).expect("deserializes");
    assert_eq!(good, name);
}

#[test]
fn a_newtype_reads_as_its_string() {
    let name = AccountName::new("api").expect("valid");
    let s: &str = &name;
    assert_eq!(s, "api");
    assert_eq!(name.len(), 3, "Deref<Target = str>");
    assert_eq!(name.to_string(), "api");
    assert_eq!(AsRef::<str>::as_ref(&name), "api");
    // Ordered and hashed as its string, so it keys a map or a set.
    let set: BTreeSet<AccountName> = ["b", "a"]
        .into_iter()
        .map(|s| AccountName::new(s).expect("valid"))
        .collect();
    assert!(set.contains("a"), "Borrow<str>");
    assert_eq!(String::from(name.clone()), "api");
    assert_eq!(name.into_inner(), "api");
}

#[test]
fn documents_round_trip_and_refuse_at_the_field() {
    let doc = json!({"name": "api", "handle": "@api", "nick": null, "aliases": ["ab"], "note": "", "code": "XY"});
    let text = doc.to_string();
    let account = Account::from_json_str(&text).expect("valid");
    assert_eq!(account.name.as_str(), "api");
    assert_eq!(account.handle.as_str(), "@api");
    assert_eq!(account.nick, Some(None), "null is kept apart from absent");
    assert_eq!(serde_json::to_value(&account).expect("serializes"), doc);
    // The typed parse reports the schema's error at the field, as for a `String` field.
    for (bad, at, kw) in [
        (json!({"name": "API", "handle": "@a"}), "/name", "pattern"),
        (json!({"name": "a", "handle": "a"}), "/handle", "pattern"),
        (
            json!({"name": "a", "handle": "@a", "aliases": ["ok", "x"]}),
            "/aliases/1",
            "minLength",
        ),
        (
            json!({"name": "a", "handle": "@a", "nick": "ninechars"}),
            "/nick",
            "maxLength",
        ),
    ] {
        let e = Account::from_json_str(&bad.to_string()).expect_err("refused");
        let first = e
            .first()
            .map(|e| (e.instance_path.as_str(), e.keyword.as_str()));
        assert_eq!(first, Some((at, kw)), "{bad}");
    }
}

#[test]
fn builders_and_literals_take_checked_values() {
    let built = Account::builder()
        .name(AccountName::new("api").expect("valid"))
        .handle(Handle::new("@api").expect("valid"))
        .build()
        .expect("builds");
    assert_eq!(
        serde_json::to_value(&built).expect("serializes"),
        json!({"name": "api", "handle": "@api", "code": "AB", "port": 8080}),
        "the builder fills the schema defaults"
    );
    built.validate().expect("valid");
    // The default is read as the string, without restating it.
    assert_eq!(built.code(), "AB");
    let parsed = Account::from_json_str(r#"{"name": "a", "handle": "@a"}"#).expect("valid");
    assert_eq!(parsed.code, None, "what the document said");
    assert_eq!(parsed.code(), "AB", "what the schema says it means");
}

#[test]
fn a_constrained_number_is_a_newtype_of_its_rust_number() {
    // `1..=65535` is `u16`, and `minimum: 1` is left to check.
    let port = AccountPort::new(8080).expect("a port");
    assert_eq!((port.get(), *port, u16::from(port)), (8080, 8080, 8080));
    assert_eq!(keyword(AccountPort::new(0)), "minimum");
    assert_eq!("443".parse::<AccountPort>(), AccountPort::new(443));
    assert_eq!(keyword("0".parse::<AccountPort>()), "minimum");
    assert_eq!(keyword("http".parse::<AccountPort>()), "type");
    assert_eq!(keyword(AccountPort::try_from(0)), "minimum");
    assert_eq!(port.to_string(), "8080");
    // `Copy`, ordered and hashed as its integer.
    let ports: BTreeSet<AccountPort> = [AccountPort::new(2), AccountPort::new(1)]
        .into_iter()
        .map(|p| p.expect("valid"))
        .collect();
    assert_eq!(ports.iter().map(|p| p.get()).collect::<Vec<_>>(), [1, 2]);
    // An `f64`, `exclusiveMinimum: 0` and `maximum: 1`; an integer `multipleOf: 5`.
    assert_eq!(AccountRatio::new(0.5).map(AccountRatio::get), Ok(0.5));
    assert_eq!(keyword(AccountRatio::new(0.0)), "exclusiveMinimum");
    assert_eq!(keyword(AccountRatio::new(1.5)), "maximum");
    assert!(AccountRatio::new(0.25).expect("valid") < AccountRatio::new(0.5).expect("valid"));
    assert_eq!(AccountStep::new(-10).map(i64::from), Ok(-10));
    assert_eq!(keyword(AccountStep::new(7)), "multipleOf");
    // serde's own path checks too.
    assert!(serde_json::from_value::<AccountPort>(json!(0)).is_err());
    assert!(serde_json::from_value::<AccountPort>(json!(70000)).is_err());
    assert_eq!(
        serde_json::from_value::<AccountPort>(json!(80.0)).ok(),
        AccountPort::new(80).ok(),
        "a JSON-Schema integer, `80.0` is 80"
    );
}

#[test]
fn number_newtypes_round_trip_and_refuse_at_the_field() {
    // Bounds the Rust type already implies leave nothing to check: plain numbers.
    let doc = json!({"name": "a", "handle": "@a", "port": 443, "ratio": 1, "step": 15, "level": 255, "count": 0});
    let text = doc.to_string();
    let account = Account::from_json_str(&text).expect("valid");
    let (level, count): (Option<u8>, Option<u64>) = (account.level, account.count);
    assert_eq!((level, count), (Some(255), Some(0)));
    assert_eq!(account.port.map(AccountPort::get), Some(443));
    assert_eq!(account.ratio.map(AccountRatio::get), Some(1.0));
    // Exact: `1` is written back as `1`, not `1.0`.
    assert_eq!(serde_json::to_string(&account).expect("serializes"), text);
    // The default is the newtype's, without restating it.
    let bare = Account::from_json_str(r#"{"name": "a", "handle": "@a"}"#).expect("valid");
    assert_eq!((bare.port, bare.port().get()), (None, 8080));
    for (bad, at, kw) in [
        (
            json!({"name": "a", "handle": "@a", "port": 0}),
            "/port",
            "minimum",
        ),
        (
            json!({"name": "a", "handle": "@a", "port": 65536}),
            "/port",
            "maximum",
        ),
        (
            json!({"name": "a", "handle": "@a", "ratio": 0}),
            "/ratio",
            "exclusiveMinimum",
        ),
        (
            json!({"name": "a", "handle": "@a", "step": 3}),
            "/step",
            "multipleOf",
        ),
        (
            json!({"name": "a", "handle": "@a", "step": "5"}),
            "/step",
            "type",
        ),
    ] {
        let e = Account::from_json_str(&bad.to_string()).expect_err("refused");
        let first = e
            .first()
            .map(|e| (e.instance_path.as_str(), e.keyword.as_str()));
        assert_eq!(first, Some((at, kw)), "{bad}");
    }
}
