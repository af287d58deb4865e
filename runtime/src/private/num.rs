//! Exact number comparisons for `minimum`, `maximum`, `exclusive*` and `multipleOf`.
//!
//! JSON numbers are decimals; comparing them through `f64` alone would misjudge large
//! integers, and `multipleOf` through floating-point division misjudges decimals
//! (`0.0075` is a multiple of `0.0001`). Integers are compared as integers, integers
//! against floats exactly, and `multipleOf` is decided in decimal arithmetic on each
//! number's shortest round-trip representation.

use serde_json::Number;
use std::cmp::Ordering;

/// A schema's numeric bound, in the representation the schema wrote.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Bound {
    /// A non-negative integer.
    U(u64),
    /// A negative integer.
    I(i64),
    /// A number with a fraction or exponent.
    F(f64),
}

impl std::fmt::Display for Bound {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Bound::U(u) => write!(f, "{u}"),
            Bound::I(i) => write!(f, "{i}"),
            Bound::F(x) => write!(
                f,
                "{}",
                Number::from_f64(*x).map_or_else(|| x.to_string(), |n| n.to_string())
            ),
        }
    }
}

enum N {
    Int(i128),
    Float(f64),
}

fn of(n: &Number) -> N {
    if let Some(u) = n.as_u64() {
        N::Int(i128::from(u))
    } else if let Some(i) = n.as_i64() {
        N::Int(i128::from(i))
    } else {
        N::Float(n.as_f64().unwrap_or(0.0))
    }
}

fn of_bound(b: Bound) -> N {
    match b {
        Bound::U(u) => N::Int(i128::from(u)),
        Bound::I(i) => N::Int(i128::from(i)),
        Bound::F(f) => N::Float(f),
    }
}

fn cmp_int_float(i: i128, f: f64) -> Ordering {
    if f.is_nan() {
        return Ordering::Equal;
    }
    // 2^127 bounds i128; anything beyond is beyond every i128.
    if f >= 1.7e38 {
        return Ordering::Less;
    }
    if f <= -1.7e38 {
        return Ordering::Greater;
    }
    let t = f.trunc();
    // |t| < 2^127: the cast is exact for integral floats in range.
    let ti = t as i128;
    match i.cmp(&ti) {
        Ordering::Equal => {
            if f > t {
                Ordering::Less
            } else if f < t {
                Ordering::Greater
            } else {
                Ordering::Equal
            }
        }
        o => o,
    }
}

fn cmp(a: N, b: N) -> Ordering {
    match (a, b) {
        (N::Int(x), N::Int(y)) => x.cmp(&y),
        (N::Int(x), N::Float(y)) => cmp_int_float(x, y),
        (N::Float(x), N::Int(y)) => cmp_int_float(y, x).reverse(),
        (N::Float(x), N::Float(y)) => x.partial_cmp(&y).unwrap_or(Ordering::Equal),
    }
}

/// Compares an instance number with a bound.
pub fn compare(n: &Number, b: Bound) -> Ordering {
    cmp(of(n), of_bound(b))
}

/// Compares a typed `u64` with a bound.
pub fn compare_u64(n: u64, b: Bound) -> Ordering {
    cmp(N::Int(i128::from(n)), of_bound(b))
}

/// Compares a typed `i64` with a bound.
pub fn compare_i64(n: i64, b: Bound) -> Ordering {
    cmp(N::Int(i128::from(n)), of_bound(b))
}

/// Compares a typed `f64` with a bound.
pub fn compare_f64(n: f64, b: Bound) -> Ordering {
    cmp(N::Float(n), of_bound(b))
}

/// Whether a number is an integer by value (`1.0` is).
pub fn is_integer(n: &Number) -> bool {
    n.is_u64()
        || n.is_i64()
        || n.as_f64()
            .is_some_and(|f| f.is_finite() && f.fract() == 0.0)
}

/// A decimal `mantissa × 10^exp` (sign dropped: divisibility ignores it).
fn decimal(repr: &str) -> Option<(u128, i64)> {
    let s = repr.trim_start_matches('-');
    let (mant, exp) = match s.find(['e', 'E']) {
        Some(i) => (&s[..i], s[i + 1..].parse::<i64>().ok()?),
        None => (s, 0),
    };
    let (int, frac) = match mant.find('.') {
        Some(i) => (&mant[..i], &mant[i + 1..]),
        None => (mant, ""),
    };
    let digits = format!("{int}{frac}");
    let digits = digits.trim_start_matches('0');
    let mut m: u128 = 0;
    for c in digits.chars() {
        m = m
            .checked_mul(10)?
            .checked_add(u128::from(c.to_digit(10)?))?;
    }
    Some((m, exp - frac.len() as i64))
}

fn repr_bound(b: Bound) -> String {
    b.to_string()
}

/// Whether `n` is a multiple of `m` (`m > 0`), exactly, in decimal.
pub fn multiple_of(n: &Number, m: Bound) -> bool {
    multiple_of_repr(&n.to_string(), &repr_bound(m))
}

/// [`multiple_of`] for a typed `f64`.
pub fn multiple_of_f64(n: f64, m: Bound) -> bool {
    match Number::from_f64(n) {
        Some(num) => multiple_of(&num, m),
        None => false,
    }
}

/// [`multiple_of`] for a typed integer.
pub fn multiple_of_i128(n: i128, m: Bound) -> bool {
    multiple_of_repr(&n.to_string(), &repr_bound(m))
}

fn multiple_of_repr(n: &str, m: &str) -> bool {
    let (Some((a, ea)), Some((b, eb))) = (decimal(n), decimal(m)) else {
        return float_fallback(n, m);
    };
    if a == 0 {
        return true;
    }
    if b == 0 {
        return false;
    }
    if ea >= eb {
        // a·10^(ea-eb) mod b, by repeated multiplication modulo b (b < 2^128 / 10 here).
        if b > u128::MAX / 10 {
            return float_fallback(n, m);
        }
        let mut r = a % b;
        for _ in 0..(ea - eb).min(100_000) {
            r = (r * 10) % b;
            if r == 0 {
                break;
            }
        }
        r == 0
    } else {
        // a must be divisible by b·10^(eb-ea).
        let mut d = b;
        for _ in 0..(eb - ea) {
            match d.checked_mul(10) {
                Some(x) => d = x,
                None => return false, // divisor exceeds any mantissa: a ≠ 0 cannot be a multiple
            }
        }
        a % d == 0
    }
}

fn float_fallback(n: &str, m: &str) -> bool {
    match (n.parse::<f64>(), m.parse::<f64>()) {
        (Ok(x), Ok(y)) if y != 0.0 => {
            let q = x / y;
            q.is_finite() && q.fract() == 0.0
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(v: serde_json::Value) -> Number {
        match v {
            serde_json::Value::Number(n) => n,
            _ => Number::from(0),
        }
    }

    #[test]
    fn comparisons_are_exact() {
        use serde_json::json;
        assert_eq!(compare(&n(json!(-5)), Bound::U(0)), Ordering::Less);
        assert_eq!(
            compare(&n(json!(u64::MAX)), Bound::F(1.8446744073709552e19)),
            Ordering::Less
        );
        assert_eq!(
            compare(
                &n(json!(9007199254740993_u64)),
                Bound::F(9007199254740992.0)
            ),
            Ordering::Greater
        );
        assert_eq!(compare(&n(json!(1.5)), Bound::U(1)), Ordering::Greater);
        assert_eq!(compare(&n(json!(1.0)), Bound::U(1)), Ordering::Equal);
        assert_eq!(compare_u64(3, Bound::I(-1)), Ordering::Greater);
    }

    #[test]
    fn multiple_of_is_decimal_exact() {
        use serde_json::json;
        assert!(multiple_of(&n(json!(0.0075)), Bound::F(0.0001)));
        assert!(!multiple_of(&n(json!(0.00751)), Bound::F(0.0001)));
        assert!(multiple_of(&n(json!(10)), Bound::U(2)));
        assert!(!multiple_of(&n(json!(7)), Bound::U(2)));
        assert!(multiple_of(&n(json!(4.5)), Bound::F(1.5)));
        assert!(!multiple_of(&n(json!(35)), Bound::F(1.5)));
        assert!(multiple_of(&n(json!(1e308)), Bound::F(0.5)));
        assert!(!multiple_of(&n(json!(1e-300)), Bound::F(0.3)));
        assert!(multiple_of(&n(json!(0)), Bound::F(0.3)));
        assert!(multiple_of_f64(19.99, Bound::F(0.01)));
        assert!(multiple_of_i128(-12, Bound::U(4)));
    }
}
