//! Value constraints of one schema (bounds, lengths, counts, pattern, format) and how a
//! change to them moves the set of valid documents: narrower, wider, or neither.

use crate::load::Keywords;
use serde_json::Number;

/// The constraints the diff compares. Absent means unconstrained.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Constraints {
    /// `minimum` / `exclusiveMinimum`, `maximum` / `exclusiveMaximum`, `multipleOf`.
    pub numbers: Vec<(&'static str, Option<f64>)>,
    /// `minLength`, `maxLength`, `minItems`, `maxItems`, `minProperties`, `maxProperties`.
    pub counts: Vec<(&'static str, Option<u64>)>,
    /// `pattern`.
    pub pattern: Option<String>,
    /// `format`.
    pub format: Option<String>,
    /// `uniqueItems`.
    pub unique_items: bool,
}

/// How one constraint changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Movement {
    /// Fewer documents are valid.
    Narrowed,
    /// More documents are valid.
    Widened,
    /// Some valid documents became invalid and others valid (e.g. a new `pattern`).
    Changed,
}

/// One constraint change: keyword, old and new value as shown, and its movement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConstraintChange {
    /// The keyword.
    pub keyword: &'static str,
    /// The old value (`none` when absent).
    pub old: String,
    /// The new value.
    pub new: String,
    /// Narrowed, widened or changed.
    pub movement: Movement,
}

fn num(n: &Option<Number>) -> Option<f64> {
    n.as_ref().and_then(Number::as_f64)
}

impl Constraints {
    /// The constraints of a parsed schema.
    pub fn of(k: &Keywords) -> Constraints {
        Constraints {
            numbers: vec![
                ("minimum", num(&k.minimum)),
                ("exclusiveMinimum", num(&k.exclusive_minimum)),
                ("maximum", num(&k.maximum)),
                ("exclusiveMaximum", num(&k.exclusive_maximum)),
                ("multipleOf", num(&k.multiple_of)),
            ],
            counts: vec![
                ("minLength", k.min_length),
                ("maxLength", k.max_length),
                ("minItems", k.min_items),
                ("maxItems", k.max_items),
                ("minProperties", k.min_properties),
                ("maxProperties", k.max_properties),
            ],
            pattern: k.pattern.clone(),
            format: k.format.clone(),
            unique_items: k.unique_items,
        }
    }

    /// The changes from `self` (old) to `new`, in a fixed keyword order.
    pub fn changes(&self, new: &Constraints) -> Vec<ConstraintChange> {
        let mut out = Vec::new();
        for kw in [
            "minimum",
            "exclusiveMinimum",
            "maximum",
            "exclusiveMaximum",
            "multipleOf",
        ] {
            let (a, b) = (lookup(&self.numbers, kw), lookup(&new.numbers, kw));
            let movement = match (a, b) {
                _ if a == b => continue,
                (Some(x), Some(y)) if kw == "multipleOf" => {
                    // Every multiple of y is a multiple of x when y is a multiple of x.
                    if is_multiple(y, x) {
                        Movement::Narrowed
                    } else if is_multiple(x, y) {
                        Movement::Widened
                    } else {
                        Movement::Changed
                    }
                }
                _ => bound_movement(a, b, kw.contains("inimum")),
            };
            out.push(ConstraintChange::new(kw, a, b, movement));
        }
        for kw in [
            "minLength",
            "maxLength",
            "minItems",
            "maxItems",
            "minProperties",
            "maxProperties",
        ] {
            let (a, b) = (lookup(&self.counts, kw), lookup(&new.counts, kw));
            let lower_bound = kw.starts_with("min");
            // `min*: 0` and absent mean the same.
            if a == b || (lower_bound && a.unwrap_or(0) == b.unwrap_or(0)) {
                continue;
            }
            out.push(ConstraintChange::new(
                kw,
                a,
                b,
                bound_movement(a, b, lower_bound),
            ));
        }
        for (kw, a, b) in [
            ("pattern", &self.pattern, &new.pattern),
            ("format", &self.format, &new.format),
        ] {
            if a == b {
                continue;
            }
            let movement = match (a, b) {
                (None, Some(_)) => Movement::Narrowed,
                (Some(_), None) => Movement::Widened,
                _ => Movement::Changed,
            };
            out.push(ConstraintChange {
                keyword: kw,
                old: show_str(a),
                new: show_str(b),
                movement,
            });
        }
        if self.unique_items != new.unique_items {
            out.push(ConstraintChange {
                keyword: "uniqueItems",
                old: self.unique_items.to_string(),
                new: new.unique_items.to_string(),
                movement: if new.unique_items {
                    Movement::Narrowed
                } else {
                    Movement::Widened
                },
            });
        }
        out
    }
}

impl ConstraintChange {
    /// The change of bound `keyword` from `old` to `new`, shown with [`show`].
    fn new<T: std::fmt::Display>(
        keyword: &'static str,
        old: Option<T>,
        new: Option<T>,
        movement: Movement,
    ) -> Self {
        ConstraintChange {
            keyword,
            old: show(old),
            new: show(new),
            movement,
        }
    }
}

/// The value of keyword `kw` in a constraint list (`None` when absent or not listed).
fn lookup<T: Copy>(list: &[(&'static str, Option<T>)], kw: &str) -> Option<T> {
    list.iter().find(|(k, _)| *k == kw).and_then(|(_, v)| *v)
}

/// How moving a bound from `old` to `new` (which differ) moves the valid set: adding a
/// bound, raising a lower one or lowering an upper one narrows it.
fn bound_movement<T: PartialOrd>(old: Option<T>, new: Option<T>, lower_bound: bool) -> Movement {
    match (old, new) {
        (None, _) => Movement::Narrowed,
        (Some(_), None) => Movement::Widened,
        (Some(x), Some(y)) if (y > x) == lower_bound => Movement::Narrowed,
        (Some(_), Some(_)) => Movement::Widened,
    }
}

fn is_multiple(a: f64, b: f64) -> bool {
    b != 0.0 && (a / b).fract() == 0.0
}

fn show<T: std::fmt::Display>(v: Option<T>) -> String {
    v.map_or_else(|| "none".to_owned(), |v| v.to_string())
}

fn show_str(v: &Option<String>) -> String {
    v.as_ref()
        .map_or_else(|| "none".to_owned(), |s| format!("{s:?}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(f: impl FnOnce(&mut Keywords)) -> Constraints {
        let mut k = Keywords::default();
        f(&mut k);
        Constraints::of(&k)
    }

    #[test]
    fn bounds_move_the_right_way() {
        let a = with(|k| k.minimum = Some(1.into()));
        let b = with(|k| k.minimum = Some(5.into()));
        assert_eq!(a.changes(&b)[0].movement, Movement::Narrowed);
        assert_eq!(b.changes(&a)[0].movement, Movement::Widened);
        let a = with(|k| k.max_length = Some(10));
        let b = with(|k| k.max_length = Some(5));
        assert_eq!(a.changes(&b)[0].movement, Movement::Narrowed);
        assert_eq!(
            with(|_| {}).changes(&a)[0].movement,
            Movement::Narrowed,
            "adding a maximum narrows"
        );
        assert!(with(|k| k.min_items = Some(0))
            .changes(&with(|_| {}))
            .is_empty());
        let p1 = with(|k| k.pattern = Some("^a".into()));
        let p2 = with(|k| k.pattern = Some("^b".into()));
        assert_eq!(p1.changes(&p2)[0].movement, Movement::Changed);
        let m2 = with(|k| k.multiple_of = Some(2.into()));
        let m4 = with(|k| k.multiple_of = Some(4.into()));
        let m3 = with(|k| k.multiple_of = Some(3.into()));
        assert_eq!(m2.changes(&m4)[0].movement, Movement::Narrowed);
        assert_eq!(m4.changes(&m2)[0].movement, Movement::Widened);
        assert_eq!(m2.changes(&m3)[0].movement, Movement::Changed);
    }
}
