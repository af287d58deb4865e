//! Duplicate object keys in JSON text, which a parse into `serde_json::Value` hides (the
//! last one wins): the checkers that read raw text report them.

use crate::runtime::json::push_token;
use serde::de::{DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use std::collections::BTreeSet;
use std::fmt;

/// Every key that appears more than once in the same object of `text`, as (the instance
/// pointer of the repeated member, the key), in document order. Empty when `text` is not
/// JSON (the caller reports that).
pub fn duplicate_keys(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut de = serde_json::Deserializer::from_str(text);
    let _ = DuplicateWalk {
        path: String::new(),
        out: &mut out,
    }
    .deserialize(&mut de);
    out
}

/// Walks one JSON value at `path`, recording repeated keys.
struct DuplicateWalk<'a> {
    path: String,
    out: &'a mut Vec<(String, String)>,
}

impl<'de> DeserializeSeed<'de> for DuplicateWalk<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for DuplicateWalk<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E>(self, _: bool) -> Result<(), E> {
        Ok(())
    }

    fn visit_i64<E>(self, _: i64) -> Result<(), E> {
        Ok(())
    }

    fn visit_u64<E>(self, _: u64) -> Result<(), E> {
        Ok(())
    }

    fn visit_f64<E>(self, _: f64) -> Result<(), E> {
        Ok(())
    }

    fn visit_str<E>(self, _: &str) -> Result<(), E> {
        Ok(())
    }

    fn visit_unit<E>(self) -> Result<(), E> {
        Ok(())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let DuplicateWalk { path, out } = self;
        let mut i = 0usize;
        loop {
            let mut item = path.clone();
            push_token(&mut item, &i.to_string());
            let seed = DuplicateWalk {
                path: item,
                out: &mut *out,
            };
            if seq.next_element_seed(seed)?.is_none() {
                return Ok(());
            }
            i += 1;
        }
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let DuplicateWalk { path, out } = self;
        let mut seen = BTreeSet::new();
        while let Some(key) = map.next_key::<String>()? {
            let mut member = path.clone();
            push_token(&mut member, &key);
            if !seen.insert(key.clone()) {
                out.push((member.clone(), key));
            }
            map.next_value_seed(DuplicateWalk {
                path: member,
                out: &mut *out,
            })?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::duplicate_keys;

    #[test]
    fn finds_repeated_keys_at_every_depth_with_their_pointers() {
        assert!(duplicate_keys(r#"{"a":1,"b":[{"c":2}]}"#).is_empty());
        assert_eq!(
            duplicate_keys(r#"{"a":1,"b":[{"c":2,"c":3}],"a":4,"x/y":0,"x/y":1}"#),
            vec![
                ("/b/0/c".to_owned(), "c".to_owned()),
                ("/a".to_owned(), "a".to_owned()),
                ("/x~1y".to_owned(), "x/y".to_owned()),
            ]
        );
        assert!(duplicate_keys("not json").is_empty());
    }
}
