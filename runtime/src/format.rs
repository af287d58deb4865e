//! `format` assertions (used only when format assertion is switched on).
//!
//! [`check`] maps a format name to one of the `is_*` predicates below; each predicate
//! follows the RFC that the JSON Schema 2020-12 validation specification (section 7.3)
//! cites for its format, and is tested against the official JSON-Schema-Test-Suite.
//! The predicates never panic, allocate only for IDNA processing, and treat every input
//! (empty, huge, non-ASCII) as untrusted.
//!
//! Decisions and known limits:
//!
//! * `date-time`, `time`: RFC 3339 `full-time`; the offset is required, `T`/`Z` are
//!   accepted in either case, and second `60` is accepted only when the time, shifted to
//!   UTC by its offset, is `23:59` (leap seconds happen at the end of a UTC day). Whether
//!   the date actually had a leap second is not checked.
//! * `duration`: the ABNF of RFC 3339 appendix A, exactly (no fractions, no signs, weeks
//!   alone, designators upper-case only).
//! * `email` / `idn-email`: RFC 5321 `Mailbox` (dot-atom or quoted local part of at
//!   most 64 octets; host name or `[IPv4]`, `[IPv6:…]` or general address literal);
//!   the `idn-` variant adds RFC 6531 (any non-ASCII character in the local part, IDN
//!   host names). Comments and folding white space (RFC 5322) are not accepted.
//! * `hostname`: RFC 1123 labels (LDH, 1–63 octets, at most 253 octets in all, no
//!   trailing dot). A label starting `xn--` must be a valid IDNA2008 A-label: canonical
//!   Punycode whose U-label passes the `idn-hostname` label checks below.
//! * `idn-hostname`: IDNA2008 (RFC 5890–5893) without a normalisation table:
//!   code points are classified by the RFC 5892 derivation (Unicode properties come
//!   from `regress`' Unicode tables), the CONTEXTJ/CONTEXTO rules of RFC 5892
//!   appendix A and the Bidi rule of RFC 5893 (to every label once any label holds a
//!   right-to-left character, so `0a.א` is invalid) are enforced, A-labels are decoded and
//!   U-labels encoded so that lengths are measured in A-label octets. `.`, `。`, `．`
//!   and `｡` separate labels; ASCII letters are case-insensitive. Limits: labels are not
//!   checked to be in NFC; Bidi_Class and Joining_Type come from small tables generated
//!   from Unicode 15.1 (IDNA tables 17.0 for joining types), so characters added later
//!   default to `L` / non-joining; ASCII labels with `--` in positions 3–4 that are not
//!   `xn--` labels are rejected as reserved (RFC 5890 section 2.3.1), whereas `hostname`
//!   accepts them (RFC 1123).
//! * `ipv4`: dotted quad, decimal octets without leading zeros. `ipv6`: RFC 4291 text
//!   forms, including `::` compression and a trailing dotted quad; no zone identifiers.
//! * `uri`, `uri-reference`: RFC 3986; `iri`, `iri-reference`: RFC 3987 (`ucschar`
//!   everywhere, `iprivate` in the query). Hosts are checked syntactically only (a
//!   `reg-name` such as `999.999.999.999` is valid); IP literals must be valid IPv6 or
//!   IPvFuture.
//! * `uri-template`: RFC 6570 level-4 syntax; the apostrophe, which the RFC's `literals`
//!   rule leaves out although it is a `sub-delims` character, is accepted (as the test
//!   suite expects), and the reserved operators `= , ! @ |` are accepted as the ABNF
//!   allows.
//! * `uuid`: RFC 9562 `8-4-4-4-12` hexadecimal form, any version and variant.
//! * `json-pointer`: RFC 6901; `relative-json-pointer`: the draft-handrews-relative-json-pointer
//!   grammar (non-negative integer without leading zeros, then `#` or a JSON pointer).
//! * `regex`: ECMA-262 as implemented by `regress` with the `u` flag (Annex B
//!   leniencies such as `\a` are rejected, as the test suite expects).

/// Whether `s` is valid for `format`; `None` for a format envgen does not know (unknown
/// formats are annotations and never fail).
pub fn check(format: &str, s: &str) -> Option<bool> {
    let valid = match format {
        "date-time" => is_date_time(s),
        "date" => is_date(s),
        "time" => is_time(s),
        "duration" => is_duration(s),
        "email" => is_email(s),
        "idn-email" => is_idn_email(s),
        "hostname" => is_hostname(s),
        "idn-hostname" => is_idn_hostname(s),
        "ipv4" => is_ipv4(s),
        "ipv6" => is_ipv6(s),
        "uri" => is_uri(s),
        "uri-reference" => is_uri_reference(s),
        "iri" => is_iri(s),
        "iri-reference" => is_iri_reference(s),
        "uri-template" => is_uri_template(s),
        "uuid" => is_uuid(s),
        "json-pointer" => is_json_pointer(s),
        "relative-json-pointer" => is_relative_json_pointer(s),
        "regex" => is_regex(s),
        _ => return None,
    };
    Some(valid)
}

// ---------------------------------------------------------------------------------------
// Dates, times and durations (RFC 3339)
// ---------------------------------------------------------------------------------------

/// `date-time`: RFC 3339 `date-time` (`full-date "T" full-time`, `T` and `Z` in either
/// case; see [`is_time`] for leap seconds).
pub fn is_date_time(s: &str) -> bool {
    let b = s.as_bytes();
    match (b.get(..10), b.get(10), b.get(11..)) {
        (Some(date), Some(b'T' | b't'), Some(time)) => full_date(date) && full_time(time),
        _ => false,
    }
}

/// `date`: RFC 3339 `full-date` (`YYYY-MM-DD`, a real Gregorian calendar day).
pub fn is_date(s: &str) -> bool {
    full_date(s.as_bytes())
}

/// `time`: RFC 3339 `full-time` (`HH:MM:SS[.frac]` and a required `Z` or `±HH:MM`
/// offset). Second `60` is accepted only when the UTC time is `23:59`.
pub fn is_time(s: &str) -> bool {
    full_time(s.as_bytes())
}

/// The value of an all-ASCII-digit byte string (at most four digits are ever passed).
fn decimal(b: &[u8]) -> Option<u32> {
    if b.is_empty() || !b.iter().all(u8::is_ascii_digit) {
        return None;
    }
    Some(b.iter().fold(0, |n, d| n * 10 + u32::from(d - b'0')))
}

fn full_date(b: &[u8]) -> bool {
    let [y0, y1, y2, y3, b'-', m0, m1, b'-', d0, d1] = b else {
        return false;
    };
    let (Some(year), Some(month), Some(day)) = (
        decimal(&[*y0, *y1, *y2, *y3]),
        decimal(&[*m0, *m1]),
        decimal(&[*d0, *d1]),
    ) else {
        return false;
    };
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let days = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    (1..=days).contains(&day)
}

fn full_time(b: &[u8]) -> bool {
    let [h0, h1, b':', m0, m1, b':', s0, s1, rest @ ..] = b else {
        return false;
    };
    let (Some(hour), Some(minute), Some(second)) = (
        decimal(&[*h0, *h1]),
        decimal(&[*m0, *m1]),
        decimal(&[*s0, *s1]),
    ) else {
        return false;
    };
    // time-secfrac = "." 1*DIGIT
    let rest = match rest {
        [b'.', frac @ ..] => {
            let digits = frac.iter().take_while(|d| d.is_ascii_digit()).count();
            if digits == 0 {
                return false;
            }
            &frac[digits..]
        }
        _ => rest,
    };
    // time-offset = "Z" / time-numoffset; the offset in minutes east of UTC.
    let offset: i64 = match rest {
        [b'Z' | b'z'] => 0,
        [sign @ (b'+' | b'-'), oh0, oh1, b':', om0, om1] => {
            let (Some(oh), Some(om)) = (decimal(&[*oh0, *oh1]), decimal(&[*om0, *om1])) else {
                return false;
            };
            if oh > 23 || om > 59 {
                return false;
            }
            let minutes = i64::from(oh * 60 + om);
            if *sign == b'-' {
                -minutes
            } else {
                minutes
            }
        }
        _ => return false,
    };
    if hour > 23 || minute > 59 || second > 60 {
        return false;
    }
    if second == 60 {
        let utc = (i64::from(hour * 60 + minute) - offset).rem_euclid(24 * 60);
        return utc == 23 * 60 + 59;
    }
    true
}

/// `duration`: RFC 3339 appendix A ISO 8601 duration, e.g. `P1Y2M3DT4H5M6S`, `PT36H`,
/// `P2W` (weeks stand alone; components are contiguous and in order; no fractions).
pub fn is_duration(s: &str) -> bool {
    let Some(rest) = s.strip_prefix('P') else {
        return false;
    };
    let (date, time) = match rest.split_once('T') {
        Some((date, time)) => (date, Some(time)),
        None => (rest, None),
    };
    if time.is_none() {
        if let Some(weeks) = date.strip_suffix('W') {
            return decimal_digits(weeks);
        }
    }
    let Some(date_parts) = duration_components(date, b"YMD") else {
        return false;
    };
    match time {
        None => date_parts > 0,
        Some(time) => duration_components(time, b"HMS").is_some_and(|n| n > 0),
    }
}

fn decimal_digits(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// Parses `1*DIGIT unit` components whose units form a contiguous run of `units` in
/// order (`Y`, `YM`, `YMD`, `M`, `MD`, `D`); returns how many there are.
fn duration_components(s: &str, units: &[u8]) -> Option<usize> {
    let b = s.as_bytes();
    let mut i = 0;
    let mut count = 0;
    let mut next_unit: Option<usize> = None;
    while i < b.len() {
        let digits = b[i..].iter().take_while(|d| d.is_ascii_digit()).count();
        if digits == 0 {
            return None;
        }
        i += digits;
        let unit = units.iter().position(|u| Some(u) == b.get(i))?;
        if next_unit.is_some_and(|expected| expected != unit) {
            return None;
        }
        next_unit = Some(unit + 1);
        count += 1;
        i += 1;
    }
    Some(count)
}

// ---------------------------------------------------------------------------------------
// IP addresses
// ---------------------------------------------------------------------------------------

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
fn ipv6_groups(s: &str, ipv4_last: bool) -> Option<usize> {
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

// ---------------------------------------------------------------------------------------
// Host names and e-mail addresses
// ---------------------------------------------------------------------------------------

/// `hostname`: RFC 1123 section 2.1 host name (LDH labels of 1–63 octets, not starting
/// or ending with `-`, at most 253 octets, no trailing dot); `xn--` labels must be valid
/// IDNA2008 A-labels (RFC 5891 section 4.4).
pub fn is_hostname(s: &str) -> bool {
    if s.is_empty() || s.len() > 253 {
        return false;
    }
    let mut decoded: Vec<Vec<char>> = Vec::new();
    for label in s.split('.') {
        if !ldh_label(label) {
            return false;
        }
        if idna::has_ace_prefix(label) {
            match idna::decode_a_label(label) {
                Some(u_label) => decoded.push(u_label),
                None => return false,
            }
        }
    }
    if decoded.is_empty() {
        return true;
    }
    // A Bidi domain name (RFC 5893): every label, ASCII ones included, must satisfy the
    // Bidi rule.
    if !decoded.iter().any(|label| idna::has_rtl(label)) {
        return true;
    }
    s.split('.').all(|label| {
        let chars: Vec<char> = if idna::has_ace_prefix(label) {
            idna::decode_a_label(label).unwrap_or_default()
        } else {
            label.chars().map(|c| c.to_ascii_lowercase()).collect()
        };
        idna::bidi_label_ok(&chars)
    })
}

/// An RFC 1123 label: 1–63 letters, digits and hyphens, not starting or ending with `-`.
fn ldh_label(label: &str) -> bool {
    let b = label.as_bytes();
    matches!(b.len(), 1..=63)
        && b.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'-')
        && b.first() != Some(&b'-')
        && b.last() != Some(&b'-')
}

/// `idn-hostname`: RFC 5890 internationalized host name: labels (separated by `.`,
/// `。`, `．` or `｡`) are LDH labels, valid A-labels or valid U-labels (IDNA2008 code
/// point classes, contextual rules and the Bidi rule; see the module documentation for
/// what is not checked), each at most 63 octets and at most 253 in all in A-label form.
pub fn is_idn_hostname(s: &str) -> bool {
    // Every character is at least one octet of the A-label form.
    if s.is_empty() || s.chars().nth(253).is_some() {
        return false;
    }
    let mut total = 0usize;
    let mut labels: Vec<Vec<char>> = Vec::new();
    for label in s.split(['.', '\u{3002}', '\u{FF0E}', '\u{FF61}']) {
        if label.is_empty() || label.chars().nth(63).is_some() {
            return false;
        }
        let (u_label, a_len) = if label.is_ascii() {
            if !ldh_label(label) {
                return false;
            }
            if idna::has_ace_prefix(label) {
                match idna::decode_a_label(label) {
                    Some(u_label) => (u_label, label.len()),
                    None => return false,
                }
            } else if label.get(2..4) == Some("--") {
                // A reserved LDH label that is not an XN-label (RFC 5890 section 2.3.1).
                return false;
            } else {
                (
                    label.chars().map(|c| c.to_ascii_lowercase()).collect(),
                    label.len(),
                )
            }
        } else {
            let u_label: Vec<char> = label.chars().map(|c| c.to_ascii_lowercase()).collect();
            if !idna::u_label_ok(&u_label) {
                return false;
            }
            match idna::punycode::encode(&u_label) {
                Some(encoded) if encoded.len() + 4 <= 63 => (u_label, encoded.len() + 4),
                _ => return false,
            }
        };
        total += a_len + 1;
        labels.push(u_label);
    }
    total <= 254 && idna::bidi_domain_ok(&labels)
}

/// `email`: RFC 5321 section 4.1.2 `Mailbox`: a dot-atom or quoted-string local part of
/// at most 64 octets, `@`, and a [host name](is_hostname) or address literal
/// (`[192.0.2.1]`, `[IPv6:2001:db8::1]`, `[tag:content]`).
pub fn is_email(s: &str) -> bool {
    mailbox(s, false)
}

/// `idn-email`: RFC 6531 `Mailbox`: like [`is_email`], but the local part may contain
/// any non-ASCII character and the domain is an [internationalized host
/// name](is_idn_hostname).
pub fn is_idn_email(s: &str) -> bool {
    mailbox(s, true)
}

fn mailbox(s: &str, idn: bool) -> bool {
    let Some((local, domain)) = split_mailbox(s, idn) else {
        return false;
    };
    if local.is_empty() || local.len() > 64 {
        return false;
    }
    if let Some(literal) = domain.strip_prefix('[') {
        return literal.strip_suffix(']').is_some_and(address_literal);
    }
    if idn {
        is_idn_hostname(domain)
    } else {
        is_hostname(domain)
    }
}

/// Splits a mailbox into a valid local part and the text after its `@`.
fn split_mailbox(s: &str, idn: bool) -> Option<(&str, &str)> {
    if let Some(quoted) = s.strip_prefix('"') {
        // Quoted-string = DQUOTE *QcontentSMTP DQUOTE
        let mut chars = quoted.char_indices();
        while let Some((i, c)) = chars.next() {
            match c {
                '"' => {
                    let domain = quoted[i + 1..].strip_prefix('@')?;
                    return Some((&s[..i + 2], domain));
                }
                // quoted-pairSMTP = %d92 %d32-126
                '\\' => {
                    let (_, escaped) = chars.next()?;
                    if !matches!(escaped, ' '..='~') {
                        return None;
                    }
                }
                // qtextSMTP = %d32-33 / %d35-91 / %d93-126 (/ UTF8-non-ascii)
                ' '..='~' => {}
                c if idn && !c.is_ascii() => {}
                _ => return None,
            }
        }
        return None;
    }
    // Dot-string = Atom *("." Atom); atext never contains "@".
    let (local, domain) = s.split_once('@')?;
    let atext = |c: char| {
        c.is_ascii_alphanumeric() || "!#$%&'*+-/=?^_`{|}~".contains(c) || (idn && !c.is_ascii())
    };
    local
        .split('.')
        .all(|atom| !atom.is_empty() && atom.chars().all(atext))
        .then_some((local, domain))
}

/// `address-literal` without its brackets (RFC 5321 section 4.1.3).
fn address_literal(s: &str) -> bool {
    if let Some(ipv6) = s.get(..5).filter(|tag| tag.eq_ignore_ascii_case("IPv6:")) {
        return is_ipv6(&s[ipv6.len()..]);
    }
    if is_ipv4(s) {
        return true;
    }
    // General-address-literal = Standardized-tag ":" 1*dcontent
    let Some((tag, content)) = s.split_once(':') else {
        return false;
    };
    ldh_label(tag)
        && !content.is_empty()
        && content.bytes().all(|b| matches!(b, 33..=90 | 94..=126))
}

// ---------------------------------------------------------------------------------------
// URIs, IRIs and URI templates (RFC 3986, RFC 3987, RFC 6570)
// ---------------------------------------------------------------------------------------

/// `uri`: an absolute RFC 3986 `URI` (scheme required; fragment allowed).
pub fn is_uri(s: &str) -> bool {
    uri_reference(s, false, true)
}

/// `uri-reference`: an RFC 3986 `URI-reference` (a URI or a relative reference).
pub fn is_uri_reference(s: &str) -> bool {
    uri_reference(s, false, false)
}

/// `iri`: an absolute RFC 3987 `IRI` (a URI that may also contain non-ASCII `ucschar`s,
/// and private-use characters in its query).
pub fn is_iri(s: &str) -> bool {
    uri_reference(s, true, true)
}

/// `iri-reference`: an RFC 3987 `IRI-reference`.
pub fn is_iri_reference(s: &str) -> bool {
    uri_reference(s, true, false)
}

fn uri_reference(s: &str, iri: bool, absolute: bool) -> bool {
    let (rest, fragment) = match s.split_once('#') {
        Some((rest, fragment)) => (rest, Some(fragment)),
        None => (s, None),
    };
    let (rest, query) = match rest.split_once('?') {
        Some((rest, query)) => (rest, Some(query)),
        None => (rest, None),
    };
    if fragment.is_some_and(|f| !uri_chars(f, iri, ":@/?", false))
        || query.is_some_and(|q| !uri_chars(q, iri, ":@/?", iri))
    {
        return false;
    }
    let hier = match rest.find([':', '/']) {
        Some(i) if rest[i..].starts_with(':') => {
            // A colon in the first segment: this is a scheme, or the reference is invalid
            // (a relative path's first segment cannot contain a colon).
            if !scheme(&rest[..i]) {
                return false;
            }
            &rest[i + 1..]
        }
        _ if absolute => return false,
        _ => rest,
    };
    match hier.strip_prefix("//") {
        Some(after) => {
            let (authority, path) = match after.find('/') {
                Some(i) => after.split_at(i),
                None => (after, ""),
            };
            uri_authority(authority, iri) && uri_chars(path, iri, ":@/", false)
        }
        None => uri_chars(hier, iri, ":@/", false),
    }
}

/// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`
fn scheme(s: &str) -> bool {
    let b = s.as_bytes();
    b.first().is_some_and(u8::is_ascii_alphabetic)
        && b.iter()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.'))
}

/// `authority = [ userinfo "@" ] host [ ":" port ]`
fn uri_authority(s: &str, iri: bool) -> bool {
    let host_port = match s.split_once('@') {
        Some((userinfo, host_port)) => {
            if !uri_chars(userinfo, iri, ":", false) {
                return false;
            }
            host_port
        }
        None => s,
    };
    let port = if let Some(literal) = host_port.strip_prefix('[') {
        let Some((literal, after)) = literal.split_once(']') else {
            return false;
        };
        if !is_ipv6(literal) && !ip_future(literal) {
            return false;
        }
        match after.strip_prefix(':') {
            Some(port) => port,
            None if after.is_empty() => "",
            None => return false,
        }
    } else {
        let (host, port) = host_port.split_once(':').unwrap_or((host_port, ""));
        // reg-name (which also covers IPv4address)
        if !uri_chars(host, iri, "", false) {
            return false;
        }
        port
    };
    port.bytes().all(|b| b.is_ascii_digit())
}

/// `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`
fn ip_future(s: &str) -> bool {
    let Some(rest) = s.strip_prefix(['v', 'V']) else {
        return false;
    };
    let Some((version, address)) = rest.split_once('.') else {
        return false;
    };
    !version.is_empty()
        && version.bytes().all(|b| b.is_ascii_hexdigit())
        && !address.is_empty()
        && address
            .chars()
            .all(|c| unreserved(c, false) || sub_delim(c) || c == ':')
}

/// Whether every character of `s` is `unreserved`, `sub-delims`, part of a
/// `pct-encoded` triplet or in `extra`; with `iri`, `ucschar` counts as unreserved, and
/// with `private` `iprivate` is allowed too.
fn uri_chars(s: &str, iri: bool, extra: &str, private: bool) -> bool {
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        let valid = if c == '%' {
            chars.next().is_some_and(|h| h.is_ascii_hexdigit())
                && chars.next().is_some_and(|h| h.is_ascii_hexdigit())
        } else {
            unreserved(c, iri)
                || sub_delim(c)
                || (c.is_ascii() && extra.contains(c))
                || (private && iprivate(c))
        };
        if !valid {
            return false;
        }
    }
    true
}

fn unreserved(c: char, iri: bool) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '_' | '~') || (iri && ucschar(c))
}

fn sub_delim(c: char) -> bool {
    matches!(
        c,
        '!' | '$' | '&' | '\'' | '(' | ')' | '*' | '+' | ',' | ';' | '='
    )
}

/// RFC 3987 `ucschar`.
fn ucschar(c: char) -> bool {
    let c = u32::from(c);
    matches!(c, 0xA0..=0xD7FF | 0xF900..=0xFDCF | 0xFDF0..=0xFFEF | 0xE1000..=0xEFFFD)
        || (matches!(c >> 16, 1..=13) && c & 0xFFFF <= 0xFFFD)
}

/// RFC 3987 `iprivate`.
fn iprivate(c: char) -> bool {
    matches!(u32::from(c), 0xE000..=0xF8FF | 0xF0000..=0xFFFFD | 0x100000..=0x10FFFD)
}

/// `uri-template`: RFC 6570 URI Template syntax (literals and `{op var,var:3,list*}`
/// expressions).
pub fn is_uri_template(s: &str) -> bool {
    let mut rest = s;
    while !rest.is_empty() {
        if let Some(expression) = rest.strip_prefix('{') {
            let Some((expression, after)) = expression.split_once('}') else {
                return false;
            };
            if !template_expression(expression) {
                return false;
            }
            rest = after;
        } else {
            let end = rest.find('{').unwrap_or(rest.len());
            if !template_literals(&rest[..end]) {
                return false;
            }
            rest = &rest[end..];
        }
    }
    true
}

fn template_literals(s: &str) -> bool {
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        let valid = match c {
            '%' => {
                chars.next().is_some_and(|h| h.is_ascii_hexdigit())
                    && chars.next().is_some_and(|h| h.is_ascii_hexdigit())
            }
            // Any visible ASCII character except these (the apostrophe is allowed, see
            // the module documentation).
            '"' | '<' | '>' | '\\' | '^' | '`' | '{' | '|' | '}' => false,
            '!'..='~' => true,
            c => ucschar(c) || iprivate(c),
        };
        if !valid {
            return false;
        }
    }
    true
}

/// `expression = "{" [ operator ] variable-list "}"` (without the braces).
fn template_expression(s: &str) -> bool {
    let list = s
        .strip_prefix(['+', '#', '.', '/', ';', '?', '&', '=', ',', '!', '@', '|'])
        .unwrap_or(s);
    list.split(',').all(|varspec| {
        let (name, modifier_ok) = if let Some(name) = varspec.strip_suffix('*') {
            (name, true)
        } else if let Some((name, max_length)) = varspec.split_once(':') {
            // max-length = %x31-39 0*3DIGIT
            let b = max_length.as_bytes();
            let ok = matches!(b.len(), 1..=4) && b[0] != b'0' && b.iter().all(u8::is_ascii_digit);
            (name, ok)
        } else {
            (varspec, true)
        };
        // varname = varchar *( ["."] varchar ); varchar = ALPHA / DIGIT / "_" / pct-encoded
        modifier_ok
            && name.split('.').all(|part| {
                let b = part.as_bytes();
                let mut i = 0;
                while i < b.len() {
                    if b[i] == b'%' {
                        if !(b.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
                            && b.get(i + 2).is_some_and(u8::is_ascii_hexdigit))
                        {
                            return false;
                        }
                        i += 3;
                    } else if b[i].is_ascii_alphanumeric() || b[i] == b'_' {
                        i += 1;
                    } else {
                        return false;
                    }
                }
                i > 0
            })
    })
}

// ---------------------------------------------------------------------------------------
// UUIDs, JSON pointers and regular expressions
// ---------------------------------------------------------------------------------------

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

fn tildes_escaped(s: &str) -> bool {
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

// ---------------------------------------------------------------------------------------
// IDNA2008 (RFC 5890-5893) and Punycode (RFC 3492)
// ---------------------------------------------------------------------------------------

mod idna {
    use regress::Regex;
    use std::sync::OnceLock;

    /// Whether an ASCII label starts with the ACE prefix `xn--` (in any case).
    pub(super) fn has_ace_prefix(label: &str) -> bool {
        label
            .get(..4)
            .is_some_and(|prefix| prefix.eq_ignore_ascii_case("xn--"))
    }

    /// Decodes an ASCII `xn--` label into its U-label if it is a valid A-label: canonical
    /// Punycode (it re-encodes to itself) of a valid U-label with a non-ASCII character.
    pub(super) fn decode_a_label(label: &str) -> Option<Vec<char>> {
        let lower = label.to_ascii_lowercase();
        let encoded = lower.get(4..)?;
        let u_label = punycode::decode(encoded)?;
        let canonical = u_label.iter().any(|c| !c.is_ascii())
            && punycode::encode(&u_label).as_deref() == Some(encoded)
            && u_label_ok(&u_label);
        canonical.then_some(u_label)
    }

    /// RFC 5891 section 5.4 U-label checks, except NFC: hyphen placement, no leading
    /// combining mark, and every code point PVALID or allowed by its context rule. ASCII
    /// letters must already be lower-cased.
    pub(super) fn u_label_ok(label: &[char]) -> bool {
        let (Some(&first), Some(&last)) = (label.first(), label.last()) else {
            return false;
        };
        if first == '-' || last == '-' || (label.get(2) == Some(&'-') && label.get(3) == Some(&'-'))
        {
            return false;
        }
        let Some(props) = Props::get() else {
            return false;
        };
        if props.mark.is(first) {
            return false;
        }
        label
            .iter()
            .enumerate()
            .all(|(i, &c)| match class(props, c) {
                Class::Pvalid => true,
                Class::ContextJ => context_j(props, label, i),
                Class::ContextO => context_o(props, label, i),
                Class::Disallowed => false,
            })
    }

    enum Class {
        Pvalid,
        ContextJ,
        ContextO,
        Disallowed,
    }

    /// The RFC 5892 section 3 derivation of a code point's IDNA2008 property.
    fn class(props: &Props, c: char) -> Class {
        match c {
            'a'..='z' | '0'..='9' | '-' => Class::Pvalid,
            _ if c.is_ascii() => Class::Disallowed,
            // Exceptions (section 2.6).
            '\u{DF}' | '\u{3C2}' | '\u{6FD}' | '\u{6FE}' | '\u{F0B}' | '\u{3007}' => Class::Pvalid,
            '\u{B7}' | '\u{375}' | '\u{5F3}' | '\u{5F4}' | '\u{30FB}' => Class::ContextO,
            '\u{660}'..='\u{669}' | '\u{6F0}'..='\u{6F9}' => Class::ContextO,
            '\u{640}' | '\u{7FA}' | '\u{302E}' | '\u{302F}' | '\u{3031}'..='\u{3035}' => {
                Class::Disallowed
            }
            '\u{303B}' => Class::Disallowed,
            // JoinControl.
            '\u{200C}' | '\u{200D}' => Class::ContextJ,
            // LetterDigits minus Unstable, IgnorableProperties, IgnorableBlocks and
            // OldHangulJamo; unassigned code points are not LetterDigits.
            _ if props.pvalid.is(c) => Class::Pvalid,
            _ => Class::Disallowed,
        }
    }

    /// RFC 5892 appendix A.1 (ZERO WIDTH NON-JOINER) and A.2 (ZERO WIDTH JOINER).
    fn context_j(props: &Props, label: &[char], i: usize) -> bool {
        if i > 0
            && label
                .get(i - 1)
                .is_some_and(|&c| VIRAMA.contains(&u32::from(c)))
        {
            return true;
        }
        if label.get(i) != Some(&'\u{200C}') {
            return false;
        }
        // (Joining_Type:{L,D})(Joining_Type:T)*\u200C(Joining_Type:T)*(Joining_Type:{R,D})
        let before = label[..i]
            .iter()
            .rev()
            .map(|&c| joining_type(props, c))
            .find(|&t| t != b'T');
        let after = label[i + 1..]
            .iter()
            .map(|&c| joining_type(props, c))
            .find(|&t| t != b'T');
        matches!(before, Some(b'L' | b'D')) && matches!(after, Some(b'R' | b'D'))
    }

    /// RFC 5892 appendix A.3 to A.9.
    fn context_o(props: &Props, label: &[char], i: usize) -> bool {
        let before = i.checked_sub(1).and_then(|j| label.get(j)).copied();
        let after = label.get(i + 1).copied();
        match label.get(i).copied() {
            Some('\u{B7}') => before == Some('l') && after == Some('l'),
            Some('\u{375}') => after.is_some_and(|c| props.greek.is(c)),
            Some('\u{5F3}' | '\u{5F4}') => before.is_some_and(|c| props.hebrew.is(c)),
            Some('\u{30FB}') => label
                .iter()
                .any(|&c| c != '\u{30FB}' && props.kana_han.is(c)),
            Some('\u{660}'..='\u{669}') => {
                !label.iter().any(|c| matches!(c, '\u{6F0}'..='\u{6F9}'))
            }
            Some('\u{6F0}'..='\u{6F9}') => {
                !label.iter().any(|c| matches!(c, '\u{660}'..='\u{669}'))
            }
            _ => false,
        }
    }

    fn joining_type(props: &Props, c: char) -> u8 {
        let cp = u32::from(c);
        if c == '\u{200C}' || c == '\u{200D}' || JOINING_NOT_T.contains(&cp) {
            // ZWNJ is U and ZWJ is C: neither is T, L, R or D.
        } else if props.joining_t.is(c) || in_ranges(JOINING_T_EXTRA, cp) {
            return b'T';
        }
        lookup(JOINING_TABLE, cp).unwrap_or(b'U')
    }

    /// The Bidi_Class values that PVALID and CONTEXT code points have (`AL` as `R`).
    #[derive(Clone, Copy, PartialEq, Eq)]
    #[allow(clippy::upper_case_acronyms)] // the Unicode Bidi_Class value names
    enum Bidi {
        L,
        R,
        EN,
        AN,
        ES,
        ON,
        BN,
        NSM,
    }

    fn bidi(props: &Props, c: char) -> Bidi {
        let cp = u32::from(c);
        if c.is_ascii_alphabetic() || BIDI_MARK_L.contains(&cp) {
            Bidi::L
        } else if !c.is_ascii() && props.nsm.is(c) {
            Bidi::NSM
        } else {
            lookup(BIDI_TABLE, cp).unwrap_or(Bidi::L)
        }
    }

    /// Whether a label contains a right-to-left character (Bidi_Class R, AL or AN),
    /// which makes its domain name a Bidi domain name.
    pub(super) fn has_rtl(label: &[char]) -> bool {
        Props::get().is_some_and(|props| {
            label
                .iter()
                .any(|&c| matches!(bidi(props, c), Bidi::R | Bidi::AN))
        })
    }

    /// RFC 5893 section 2: in a Bidi domain name every label must satisfy the Bidi rule.
    pub(super) fn bidi_domain_ok(labels: &[Vec<char>]) -> bool {
        !labels.iter().any(|label| has_rtl(label))
            || labels.iter().all(|label| bidi_label_ok(label))
    }

    /// The Bidi rule (RFC 5893 section 2, conditions 1 to 6).
    pub(super) fn bidi_label_ok(label: &[char]) -> bool {
        let Some(props) = Props::get() else {
            return false;
        };
        let Some(&first) = label.first() else {
            return false;
        };
        let rtl = match bidi(props, first) {
            Bidi::R => true,
            Bidi::L => false,
            _ => return false,
        };
        let (mut en, mut an) = (false, false);
        let mut last = None;
        for &c in label {
            let class = bidi(props, c);
            let allowed = match class {
                Bidi::L => !rtl,
                Bidi::R | Bidi::AN => rtl,
                Bidi::EN | Bidi::ES | Bidi::ON | Bidi::BN | Bidi::NSM => true,
            };
            if !allowed {
                return false;
            }
            en |= class == Bidi::EN;
            an |= class == Bidi::AN;
            if class != Bidi::NSM {
                last = Some(class);
            }
        }
        if rtl {
            !(en && an) && matches!(last, Some(Bidi::R | Bidi::EN | Bidi::AN))
        } else {
            matches!(last, Some(Bidi::L | Bidi::EN))
        }
    }

    /// A single-code-point test against a Unicode property class of `regress`.
    struct Prop(Regex);

    impl Prop {
        fn new(class: &str) -> Option<Prop> {
            Regex::with_flags(&format!("^{class}$"), "u").ok().map(Prop)
        }

        fn is(&self, c: char) -> bool {
            let mut buf = [0; 4];
            self.0.find(c.encode_utf8(&mut buf)).is_some()
        }
    }

    /// Unicode properties taken from `regress`' tables, compiled once.
    struct Props {
        pvalid: Prop,
        mark: Prop,
        nsm: Prop,
        joining_t: Prop,
        greek: Prop,
        hebrew: Prop,
        kana_han: Prop,
    }

    impl Props {
        fn get() -> Option<&'static Props> {
            static PROPS: OnceLock<Option<Props>> = OnceLock::new();
            PROPS
                .get_or_init(|| {
                    Some(Props {
                        pvalid: Prop::new(concat!(
                            // Not Unstable, IgnorableProperties, IgnorableBlocks or
                            // OldHangulJamo ...
                            r"(?![\p{Changes_When_NFKC_Casefolded}\p{Default_Ignorable_Code_Point}",
                            r"\p{White_Space}\p{Noncharacter_Code_Point}",
                            r"\u{20D0}-\u{20FF}\u{1D100}-\u{1D24F}",
                            r"\u{1100}-\u{11FF}\u{A960}-\u{A97F}\u{D7B0}-\u{D7FF}])",
                            // ... but LetterDigits.
                            r"[\p{Ll}\p{Lu}\p{Lo}\p{Nd}\p{Lm}\p{Mn}\p{Mc}]",
                        ))?,
                        mark: Prop::new(r"\p{M}")?,
                        nsm: Prop::new(r"[\p{Mn}\p{Me}]")?,
                        joining_t: Prop::new(r"[\p{Mn}\p{Me}\p{Cf}]")?,
                        greek: Prop::new(r"\p{Script=Greek}")?,
                        hebrew: Prop::new(r"\p{Script=Hebrew}")?,
                        kana_han: Prop::new(
                            r"[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]",
                        )?,
                    })
                })
                .as_ref()
        }
    }

    fn in_ranges(ranges: &[(u32, u32)], cp: u32) -> bool {
        ranges
            .binary_search_by(|&(lo, hi)| {
                if hi < cp {
                    std::cmp::Ordering::Less
                } else if lo > cp {
                    std::cmp::Ordering::Greater
                } else {
                    std::cmp::Ordering::Equal
                }
            })
            .is_ok()
    }

    fn lookup<T: Copy>(table: &[(u32, u32, T)], cp: u32) -> Option<T> {
        table
            .binary_search_by(|&(lo, hi, _)| {
                if hi < cp {
                    std::cmp::Ordering::Less
                } else if lo > cp {
                    std::cmp::Ordering::Greater
                } else {
                    std::cmp::Ordering::Equal
                }
            })
            .ok()
            .and_then(|i| table.get(i))
            .map(|&(_, _, value)| value)
    }

    // Tables generated from Python's `unicodedata` (Unicode 15.1) and the `idna` package's
    // IDNA tables (Unicode 17.0). Code points that are not PVALID or CONTEXT are "don't
    // care" and may fall inside a range.

    /// Bidi_Class of the PVALID/CONTEXT code points that are neither `L` nor `NSM`
    /// (`AL` folded into `R`): `(first, last, class)`, sorted.
    #[rustfmt::skip]
    const BIDI_TABLE: &[(u32, u32, Bidi)] = &[
        (0x2D, 0x2D, Bidi::ES), (0x30, 0x39, Bidi::EN), (0xB7, 0xB7, Bidi::ON), (0x2B9, 0x2BA, Bidi::ON),
        (0x2C6, 0x2CF, Bidi::ON), (0x2EC, 0x2EC, Bidi::ON), (0x375, 0x375, Bidi::ON), (0x5D0, 0x64A, Bidi::R),
        (0x660, 0x669, Bidi::AN), (0x66E, 0x6EF, Bidi::R), (0x6F0, 0x6F9, Bidi::EN), (0x6FA, 0x8C9, Bidi::R),
        (0x200C, 0x200D, Bidi::BN), (0x2E2F, 0x2E2F, Bidi::ON), (0x30FB, 0x30FB, Bidi::ON), (0xA67F, 0xA67F, Bidi::ON),
        (0xA717, 0xA71F, Bidi::ON), (0xA788, 0xA788, Bidi::ON), (0xFE73, 0xFE73, Bidi::R), (0x10800, 0x10D23, Bidi::R),
        (0x10D30, 0x10D39, Bidi::AN), (0x10E80, 0x10FF6, Bidi::R), (0x1E800, 0x1E959, Bidi::R),
    ];

    /// Marks (`Mn`) whose Bidi_Class is `L` rather than `NSM`.
    const BIDI_MARK_L: &[u32] = &[0xCBF, 0xCC6, 0x11A07, 0x11A08, 0x11C3F];

    /// Joining_Type `D`, `R` or `L` of PVALID code points: `(first, last, type)`, sorted.
    #[rustfmt::skip]
    const JOINING_TABLE: &[(u32, u32, u8)] = &[
        (0x620, 0x620, b'D'), (0x622, 0x625, b'R'), (0x626, 0x626, b'D'), (0x627, 0x627, b'R'),
        (0x628, 0x628, b'D'), (0x629, 0x629, b'R'), (0x62A, 0x62E, b'D'), (0x62F, 0x632, b'R'),
        (0x633, 0x647, b'D'), (0x648, 0x648, b'R'), (0x649, 0x64A, b'D'), (0x66E, 0x66F, b'D'),
        (0x671, 0x673, b'R'), (0x679, 0x687, b'D'), (0x688, 0x699, b'R'), (0x69A, 0x6BF, b'D'),
        (0x6C0, 0x6C0, b'R'), (0x6C1, 0x6C2, b'D'), (0x6C3, 0x6CB, b'R'), (0x6CC, 0x6CC, b'D'),
        (0x6CD, 0x6CD, b'R'), (0x6CE, 0x6CE, b'D'), (0x6CF, 0x6CF, b'R'), (0x6D0, 0x6D1, b'D'),
        (0x6D2, 0x6D5, b'R'), (0x6EE, 0x6EF, b'R'), (0x6FA, 0x6FC, b'D'), (0x6FF, 0x6FF, b'D'),
        (0x710, 0x710, b'R'), (0x712, 0x714, b'D'), (0x715, 0x719, b'R'), (0x71A, 0x71D, b'D'),
        (0x71E, 0x71E, b'R'), (0x71F, 0x727, b'D'), (0x728, 0x728, b'R'), (0x729, 0x729, b'D'),
        (0x72A, 0x72A, b'R'), (0x72B, 0x72B, b'D'), (0x72C, 0x72C, b'R'), (0x72D, 0x72E, b'D'),
        (0x72F, 0x74D, b'R'), (0x74E, 0x758, b'D'), (0x759, 0x75B, b'R'), (0x75C, 0x76A, b'D'),
        (0x76B, 0x76C, b'R'), (0x76D, 0x770, b'D'), (0x771, 0x771, b'R'), (0x772, 0x772, b'D'),
        (0x773, 0x774, b'R'), (0x775, 0x777, b'D'), (0x778, 0x779, b'R'), (0x77A, 0x77F, b'D'),
        (0x7CA, 0x7EA, b'D'), (0x840, 0x840, b'R'), (0x841, 0x845, b'D'), (0x846, 0x847, b'R'),
        (0x848, 0x848, b'D'), (0x849, 0x849, b'R'), (0x84A, 0x853, b'D'), (0x854, 0x854, b'R'),
        (0x855, 0x855, b'D'), (0x856, 0x858, b'R'), (0x860, 0x860, b'D'), (0x862, 0x865, b'D'),
        (0x867, 0x867, b'R'), (0x868, 0x868, b'D'), (0x869, 0x882, b'R'), (0x886, 0x886, b'D'),
        (0x889, 0x88D, b'D'), (0x88E, 0x88E, b'R'), (0x88F, 0x8A9, b'D'), (0x8AA, 0x8AC, b'R'),
        (0x8AE, 0x8AE, b'R'), (0x8AF, 0x8B0, b'D'), (0x8B1, 0x8B2, b'R'), (0x8B3, 0x8B8, b'D'),
        (0x8B9, 0x8B9, b'R'), (0x8BA, 0x8C8, b'D'), (0x1820, 0x1878, b'D'), (0x1887, 0x18AA, b'D'),
        (0xA840, 0xA871, b'D'), (0xA872, 0xA872, b'L'), (0x10AC0, 0x10AC4, b'D'), (0x10AC5, 0x10AC5, b'R'),
        (0x10AC7, 0x10ACA, b'R'), (0x10ACD, 0x10ACD, b'L'), (0x10ACE, 0x10AD2, b'R'), (0x10AD3, 0x10AD6, b'D'),
        (0x10AD7, 0x10AD7, b'L'), (0x10AD8, 0x10ADC, b'D'), (0x10ADD, 0x10ADD, b'R'), (0x10ADE, 0x10AE0, b'D'),
        (0x10AE1, 0x10AE1, b'R'), (0x10AE4, 0x10AE4, b'R'), (0x10B80, 0x10B80, b'D'), (0x10B81, 0x10B81, b'R'),
        (0x10B82, 0x10B82, b'D'), (0x10B83, 0x10B85, b'R'), (0x10B86, 0x10B88, b'D'), (0x10B89, 0x10B89, b'R'),
        (0x10B8A, 0x10B8B, b'D'), (0x10B8C, 0x10B8C, b'R'), (0x10B8D, 0x10B8D, b'D'), (0x10B8E, 0x10B8F, b'R'),
        (0x10B90, 0x10B90, b'D'), (0x10B91, 0x10B91, b'R'), (0x10D00, 0x10D00, b'L'), (0x10D01, 0x10D21, b'D'),
        (0x10D22, 0x10D22, b'R'), (0x10D23, 0x10D23, b'D'), (0x10EC2, 0x10EC2, b'R'), (0x10EC3, 0x10EC4, b'D'),
        (0x10EC6, 0x10EC7, b'D'), (0x10F30, 0x10F32, b'D'), (0x10F33, 0x10F33, b'R'), (0x10F34, 0x10F44, b'D'),
        (0x10F70, 0x10F73, b'D'), (0x10F74, 0x10F75, b'R'), (0x10F76, 0x10FB0, b'D'), (0x10FB2, 0x10FB3, b'D'),
        (0x10FB4, 0x10FB6, b'R'), (0x10FB8, 0x10FB8, b'D'), (0x10FB9, 0x10FBA, b'R'), (0x10FBB, 0x10FBC, b'D'),
        (0x10FBD, 0x10FBD, b'R'), (0x10FBE, 0x10FBF, b'D'), (0x10FC1, 0x10FC1, b'D'), (0x10FC2, 0x10FC3, b'R'),
        (0x10FC4, 0x10FC4, b'D'), (0x1E922, 0x1E943, b'D'),
    ];

    /// PVALID code points with Joining_Type `T` that are not `Mn`, `Me` or `Cf` in
    /// Unicode 15.1.
    #[rustfmt::skip]
    const JOINING_T_EXTRA: &[(u32, u32)] = &[
        (0x897, 0x897), (0x1ACF, 0x1ADD), (0x1AE0, 0x1AEB), (0x10D69, 0x10D6D), (0x10EFA, 0x10EFC),
        (0x113BB, 0x113C0), (0x113CE, 0x113CE), (0x113D0, 0x113D0), (0x113D2, 0x113D2),
        (0x113E1, 0x113E2), (0x11B60, 0x11B60), (0x11B62, 0x11B64), (0x11B66, 0x11B66),
        (0x11F5A, 0x11F5A), (0x1611E, 0x16129), (0x1612D, 0x1612F), (0x1E5EE, 0x1E5EF),
        (0x1E6E3, 0x1E6E3), (0x1E6E6, 0x1E6E6), (0x1E6EE, 0x1E6EF), (0x1E6F5, 0x1E6F5),
        (0x1E94B, 0x1E94B),
    ];

    /// Marks whose Joining_Type is not `T`.
    const JOINING_NOT_T: &[u32] = &[0x1171E];

    /// Code points with Canonical_Combining_Class Virama (9).
    #[rustfmt::skip]
    const VIRAMA: &[u32] = &[
        0x94D, 0x9CD, 0xA4D, 0xACD, 0xB4D, 0xBCD, 0xC4D, 0xCCD, 0xD3B, 0xD3C,
        0xD4D, 0xDCA, 0xE3A, 0xEBA, 0xF84, 0x1039, 0x103A, 0x1714, 0x1715, 0x1734,
        0x17D2, 0x1A60, 0x1B44, 0x1BAA, 0x1BAB, 0x1BF2, 0x1BF3, 0x2D7F, 0xA806, 0xA82C,
        0xA8C4, 0xA953, 0xA9C0, 0xAAF6, 0xABED, 0x10A3F, 0x11046, 0x11070, 0x1107F, 0x110B9,
        0x11133, 0x11134, 0x111C0, 0x11235, 0x112EA, 0x1134D, 0x11442, 0x114C2, 0x115BF, 0x1163F,
        0x116B6, 0x1172B, 0x11839, 0x1193D, 0x1193E, 0x119E0, 0x11A34, 0x11A47, 0x11A99, 0x11C3F,
        0x11D44, 0x11D45, 0x11D97, 0x11F41, 0x11F42,
    ];

    /// Punycode (RFC 3492) with overflow checks; inputs are short host-name labels.
    pub(super) mod punycode {
        const BASE: u32 = 36;
        const T_MIN: u32 = 1;
        const T_MAX: u32 = 26;
        const SKEW: u32 = 38;
        const DAMP: u32 = 700;
        const INITIAL_BIAS: u32 = 72;
        const INITIAL_N: u32 = 0x80;

        fn adapt(delta: u32, points: u32, first: bool) -> u32 {
            let mut delta = if first { delta / DAMP } else { delta / 2 };
            delta += delta / points.max(1);
            let mut k = 0;
            while delta > ((BASE - T_MIN) * T_MAX) / 2 {
                delta /= BASE - T_MIN;
                k += BASE;
            }
            k + (BASE - T_MIN + 1) * delta / (delta + SKEW)
        }

        fn threshold(k: u32, bias: u32) -> u32 {
            k.saturating_sub(bias).clamp(T_MIN, T_MAX)
        }

        fn digit_value(b: u8) -> Option<u32> {
            match b {
                b'a'..=b'z' => Some(u32::from(b - b'a')),
                b'A'..=b'Z' => Some(u32::from(b - b'A')),
                b'0'..=b'9' => Some(u32::from(b - b'0') + 26),
                _ => None,
            }
        }

        fn digit_char(d: u32) -> char {
            let d = d.min(BASE - 1) as u8;
            char::from(if d < 26 { b'a' + d } else { b'0' + d - 26 })
        }

        /// Decodes the part of an A-label after `xn--`.
        pub(in super::super) fn decode(input: &str) -> Option<Vec<char>> {
            if !input.is_ascii() {
                return None;
            }
            let (basic, extended) = input.rsplit_once('-').unwrap_or(("", input));
            let mut output: Vec<char> = basic.chars().collect();
            let (mut n, mut i, mut bias) = (INITIAL_N, 0u32, INITIAL_BIAS);
            let mut digits = extended.bytes();
            let mut pending = digits.len() > 0;
            while pending {
                let old_i = i;
                let mut w = 1u32;
                let mut k = BASE;
                loop {
                    let digit = digit_value(digits.next()?)?;
                    i = i.checked_add(digit.checked_mul(w)?)?;
                    let t = threshold(k, bias);
                    if digit < t {
                        break;
                    }
                    w = w.checked_mul(BASE - t)?;
                    k = k.checked_add(BASE)?;
                }
                let points = u32::try_from(output.len() + 1).ok()?;
                bias = adapt(i - old_i, points, old_i == 0);
                n = n.checked_add(i / points)?;
                i %= points;
                let c = char::from_u32(n)?;
                output.insert(usize::try_from(i).ok()?, c);
                i += 1;
                pending = digits.len() > 0;
            }
            Some(output)
        }

        /// Encodes a label into the Punycode that follows `xn--`.
        pub(in super::super) fn encode(input: &[char]) -> Option<String> {
            let mut output: String = input.iter().filter(|c| c.is_ascii()).collect();
            let basic = u32::try_from(output.len()).ok()?;
            if basic > 0 {
                output.push('-');
            }
            let total = u32::try_from(input.len()).ok()?;
            let (mut n, mut delta, mut bias, mut handled) = (INITIAL_N, 0u32, INITIAL_BIAS, basic);
            while handled < total {
                let m = input
                    .iter()
                    .map(|&c| u32::from(c))
                    .filter(|&c| c >= n)
                    .min()?;
                delta = delta.checked_add((m - n).checked_mul(handled + 1)?)?;
                n = m;
                for &c in input {
                    let c = u32::from(c);
                    if c < n {
                        delta = delta.checked_add(1)?;
                    }
                    if c == n {
                        let mut q = delta;
                        let mut k = BASE;
                        loop {
                            let t = threshold(k, bias);
                            if q < t {
                                break;
                            }
                            output.push(digit_char(t + (q - t) % (BASE - t)));
                            q = (q - t) / (BASE - t);
                            k = k.checked_add(BASE)?;
                        }
                        output.push(digit_char(q));
                        bias = adapt(delta, handled + 1, handled == basic);
                        delta = 0;
                        handled += 1;
                    }
                }
                delta = delta.checked_add(1)?;
                n = n.checked_add(1)?;
            }
            Some(output)
        }
    }
}
