//! `format` predicates: UUIDs, JSON pointers and regular expressions (RFC 9562, RFC 6901, ECMA-262).

/// `uuid`: RFC 9562 string form `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx` (hex digits in
/// either case; any version and variant).
pub fn is_uuid(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 36
        && b.iter().enumerate().all(|(i, c)| match i {
            8 | 13 | 18 | 23 => *c == b'-',
            _ => c.is_ascii_hexdigit(),
        })
}

/// `json-pointer`: RFC 6901 JSON Pointer (empty, or `/`-prefixed reference tokens in
/// which `~` is always followed by `0` or `1`).
pub fn is_json_pointer(s: &str) -> bool {
    s.is_empty() || (s.starts_with('/') && tildes_escaped(s))
}

pub(super) fn tildes_escaped(s: &str) -> bool {
    let b = s.as_bytes();
    b.iter()
        .enumerate()
        .all(|(i, c)| *c != b'~' || matches!(b.get(i + 1), Some(b'0' | b'1')))
}

/// `relative-json-pointer`: a non-negative integer (no leading zeros) followed by `#` or
/// a [JSON pointer](is_json_pointer).
pub fn is_relative_json_pointer(s: &str) -> bool {
    let digits = s.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || (digits > 1 && s.starts_with('0')) {
        return false;
    }
    let rest = &s[digits..];
    rest == "#" || is_json_pointer(rest)
}

/// `regex`: an ECMA-262 regular expression, as accepted by `regress` with the `u`
/// (Unicode) flag.
pub fn is_regex(s: &str) -> bool {
    regress::Regex::with_flags(s, "u").is_ok()
}
