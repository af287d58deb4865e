//! One value of a document read again, by its location: the value a union's failure shows
//! in its message (see `union_failed`), read only when the error is taken. The values
//! before it are skipped (`IgnoredAny`: nothing is built), and the read stops right
//! after it: what follows in the document is never parsed.

use super::Seg;
use serde::de::{self, Deserialize, DeserializeSeed, Deserializer, IgnoredAny, MapAccess};
use serde::de::{SeqAccess, Visitor};
use serde_json::Value;
use std::fmt;

/// The value at `path` (outermost segment first) of the JSON text `input`; `None` when
/// no value stands there.
pub(super) fn value_at(input: &str, path: &[&Seg]) -> Option<Value> {
    let mut found = None;
    let mut de = serde_json::Deserializer::from_str(input);
    // The seek ends with an error as soon as the value is read (or cannot be reached);
    // `found` says which.
    let _ = Seek {
        path,
        found: &mut found,
    }
    .deserialize(&mut de);
    found
}

struct Seek<'p, 's> {
    path: &'p [&'p Seg],
    found: &'s mut Option<Value>,
}

impl<'de> DeserializeSeed<'de> for Seek<'_, '_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        match self.path.split_first() {
            None => {
                *self.found = Some(Value::deserialize(d)?);
                Err(de::Error::custom("found"))
            }
            Some((seg, rest)) => d.deserialize_any(Step {
                seg,
                rest,
                found: self.found,
            }),
        }
    }
}

/// One segment of the path: the object member or array item it names.
struct Step<'p, 's> {
    seg: &'p Seg,
    rest: &'p [&'p Seg],
    found: &'s mut Option<Value>,
}

fn off_path<E: de::Error>() -> E {
    de::Error::custom("no value stands at the error's location")
}

impl<'de> Visitor<'de> for Step<'_, '_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the object or array on the error's path")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let want: &str = match self.seg {
            Seg::Key(k) => k,
            Seg::OwnedKey(k) => k,
            Seg::Index(_) => return Err(off_path()),
        };
        while let Some(key) = map.next_key::<crate::de::Key<'de>>()? {
            if key.as_str() == want {
                return map.next_value_seed(Seek {
                    path: self.rest,
                    found: self.found,
                });
            }
            map.next_value::<IgnoredAny>()?;
        }
        Err(off_path())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let Seg::Index(index) = self.seg else {
            return Err(off_path());
        };
        for _ in 0..*index {
            if seq.next_element::<IgnoredAny>()?.is_none() {
                return Err(off_path());
            }
        }
        seq.next_element_seed(Seek {
            path: self.rest,
            found: self.found,
        })?
        .ok_or_else(off_path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(input: &str, path: &[Seg]) -> Option<Value> {
        let refs: Vec<&Seg> = path.iter().collect();
        value_at(input, &refs)
    }

    #[test]
    fn finds_the_value_at_a_path_of_keys_and_indices() {
        let doc = r#"{"a": [1, {"b\u0022": {"c": [true, 2.50]}}], "z": 3}"#;
        let path = [Seg::Key("a"), Seg::Index(1), Seg::OwnedKey("b\"".into())];
        assert_eq!(
            at(doc, &path),
            serde_json::from_str(r#"{"c": [true, 2.50]}"#).ok()
        );
        assert_eq!(at(doc, &[]), serde_json::from_str(doc).ok());
        assert_eq!(at(doc, &[Seg::Key("z")]), Some(Value::from(3)));
    }

    #[test]
    fn stops_after_the_value_and_ignores_what_follows() {
        // Broken JSON after the value is never read.
        assert_eq!(
            at(r#"{"a": {"x": 1}, "b": ]]]"#, &[Seg::Key("a")]),
            serde_json::from_str(r#"{"x": 1}"#).ok()
        );
    }

    #[test]
    fn a_path_that_leads_nowhere_is_none() {
        let doc = r#"{"a": [1, 2]}"#;
        assert_eq!(at(doc, &[Seg::Key("b")]), None);
        assert_eq!(at(doc, &[Seg::Key("a"), Seg::Index(2)]), None);
        assert_eq!(at(doc, &[Seg::Key("a"), Seg::Key("0")]), None);
        assert_eq!(at(doc, &[Seg::Index(0)]), None);
        assert_eq!(at("[1", &[Seg::Index(3)]), None);
    }
}
