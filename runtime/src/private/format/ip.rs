//! `format` predicates: IP addresses (RFC 2673, RFC 4291).

use super::datetime::decimal;

/// `ipv4`: RFC 2673 dotted-quad (four decimal octets 0–255, no leading zeros).
pub fn is_ipv4(s: &str) -> bool {
    let mut parts = 0;
    for part in s.split('.') {
        parts += 1;
        let b = part.as_bytes();
        let valid = matches!(b.len(), 1..=3)
            && !(b.len() > 1 && b[0] == b'0')
            && decimal(b).is_some_and(|n| n <= 255);
        if parts > 4 || !valid {
            return false;
        }
    }
    parts == 4
}

/// `ipv6`: RFC 4291 section 2.2 text forms: eight groups of 1–4 hex digits, at most one
/// `::`, optionally ending in a dotted quad. Zone identifiers and prefixes are invalid.
pub fn is_ipv6(s: &str) -> bool {
    match s.split_once("::") {
        Some((head, tail)) => match (ipv6_groups(head, false), ipv6_groups(tail, true)) {
            (Some(h), Some(t)) => h + t <= 7,
            _ => false,
        },
        None => ipv6_groups(s, true) == Some(8),
    }
}

/// Counts the 16-bit groups of a `:`-separated run (a dotted quad counts two).
pub(super) fn ipv6_groups(s: &str, ipv4_last: bool) -> Option<usize> {
    if s.is_empty() {
        return Some(0);
    }
    let mut count = 0;
    let mut pieces = s.split(':').peekable();
    while let Some(piece) = pieces.next() {
        if count > 8 {
            return None;
        }
        let last = pieces.peek().is_none();
        if last && ipv4_last && piece.contains('.') {
            if !is_ipv4(piece) {
                return None;
            }
            count += 2;
        } else if matches!(piece.len(), 1..=4) && piece.bytes().all(|b| b.is_ascii_hexdigit()) {
            count += 1;
        } else {
            return None;
        }
    }
    Some(count)
}
