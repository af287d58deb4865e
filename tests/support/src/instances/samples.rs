//! The sample values the generator draws from: numbers, strings, pattern candidates and
//! strings of the common formats.

/// Floats whose shortest representation needs all 17 digits, and other number shapes.
pub(super) const FLOATS: &[f64] = &[
    0.105_658_375_500_000_01,
    6.411_434_336_729_626_4e-9,
    1.5,
    0.0,
    -2.25,
    1e300,
    0.1,
];
pub(super) const INTEGERS: &[i64] = &[0, 1, 7, -3, 42, 9_007_199_254_740_993, 65_535];
pub(super) const STRINGS: &[&str] = &["a", "./*.js", "x y", "ünïcode ✓", "", "42", "null"];
/// More candidates for a `pattern`, tried by steered documents after the others.
pub(super) const MORE_CANDIDATES: &[&str] = &[
    "123", "0", "a1b2", "A", "ab", "a.b.c", "1.0.0", "v1.0.0", "a:b", "abc123", "a_b_c",
];
/// Strings a steered document tries, in order, for a string without `pattern` or `format`
/// (the first outside the sibling branches' `enum` values wins).
pub(super) const OPEN_STRINGS: &[&str] = &["xyz", "other value", "a", "42"];
/// Candidates for a `pattern` (or a `patternProperties` key): the first that matches wins.
pub(super) const PATTERN_CANDIDATES: &[&str] = &[
    "a",
    "abc",
    "Abc",
    "ABC",
    "a-b",
    "a_b",
    "a.b",
    "x-a",
    "1",
    "42",
    "1.0",
    "1.2.3",
    "1.2.3.4",
    "v1",
    "2024-05-06",
    "07:08:09",
    "#fff",
    "#a1b2c3",
    "en",
    "en-US",
    "*.js",
    "./a",
    "a/b",
    "https://example.com/a",
    "a@example.com",
    "^1.2.3",
    "~1.0",
    ">=1.0",
    "$a",
    "@a",
    "_a",
    "a1",
    "A1",
    "a b",
    "AB_CD",
    "true",
    "10s",
    "5m",
    "100%",
    "0x1f",
    "::",
    "*",
];

/// A valid string of a `format`, if the generator knows the format.
pub(super) fn formatted(format: &str) -> Option<&'static str> {
    Some(match format {
        "date-time" => "2024-05-06T07:08:09Z",
        "date" => "2024-05-06",
        "time" => "07:08:09Z",
        "email" => "a@example.com",
        "uri" | "iri" => "https://example.com/a?b=c",
        "uri-reference" | "iri-reference" => "a/b.json#/c",
        "uuid" => "123e4567-e89b-12d3-a456-426614174000",
        "ipv4" => "192.0.2.1",
        "ipv6" => "2001:db8::1",
        "hostname" => "example.com",
        "regex" => "^a+$",
        _ => return None,
    })
}

/// Valid strings of formats only steered documents use (random documents keep the list
/// of [`formatted`], so that their stream of choices stays the same).
pub(super) fn formatted_more(format: &str) -> Option<&'static str> {
    if let Some(f) = formatted(format) {
        return Some(f);
    }
    Some(match format {
        "idn-email" => "a@example.com",
        "idn-hostname" => "example.com",
        "json-pointer" => "/a/b",
        "relative-json-pointer" => "0/a",
        "uri-template" => "https://example.com/{a}",
        "duration" => "P1D",
        _ => return None,
    })
}
