//! Constrained strings as validating newtypes (`Settings::validating_newtypes`,
//! docs/type-mapping.md, "Constrained strings"), through the generated API of
//! `schemas/api/newtypes.json`: every way of making one checks the schema, reading one is
//! reading a `&str`, and a round trip gives back the document.

use crate::api::newtypes::{Account, AccountAliasesItem, AccountName, AccountNick, Handle};
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
        json!({"name": "api", "handle": "@api", "code": "AB"}),
        "the builder fills the schema default"
    );
    built.validate().expect("valid");
    // The default is read as the string, without restating it.
    assert_eq!(built.code(), "AB");
    let parsed = Account::from_json_str(r#"{"name": "a", "handle": "@a"}"#).expect("valid");
    assert_eq!(parsed.code, None, "what the document said");
    assert_eq!(parsed.code(), "AB", "what the schema says it means");
}
