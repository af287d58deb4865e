//! `format` predicates: URIs, IRIs and URI templates (RFC 3986, RFC 3987, RFC 6570).

use super::ip::is_ipv6;

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

pub(super) fn uri_reference(s: &str, iri: bool, absolute: bool) -> bool {
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
pub(super) fn scheme(s: &str) -> bool {
    let b = s.as_bytes();
    b.first().is_some_and(u8::is_ascii_alphabetic)
        && b.iter()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.'))
}

/// `authority = [ userinfo "@" ] host [ ":" port ]`
pub(super) fn uri_authority(s: &str, iri: bool) -> bool {
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
pub(super) fn ip_future(s: &str) -> bool {
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
pub(super) fn uri_chars(s: &str, iri: bool, extra: &str, private: bool) -> bool {
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

pub(super) fn unreserved(c: char, iri: bool) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '_' | '~') || (iri && ucschar(c))
}

pub(super) fn sub_delim(c: char) -> bool {
    matches!(
        c,
        '!' | '$' | '&' | '\'' | '(' | ')' | '*' | '+' | ',' | ';' | '='
    )
}

/// RFC 3987 `ucschar`.
pub(super) fn ucschar(c: char) -> bool {
    let c = u32::from(c);
    matches!(c, 0xA0..=0xD7FF | 0xF900..=0xFDCF | 0xFDF0..=0xFFEF | 0xE1000..=0xEFFFD)
        || (matches!(c >> 16, 1..=13) && c & 0xFFFF <= 0xFFFD)
}

/// RFC 3987 `iprivate`.
pub(super) fn iprivate(c: char) -> bool {
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

pub(super) fn template_literals(s: &str) -> bool {
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
pub(super) fn template_expression(s: &str) -> bool {
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
