//! Minimal RFC 3986 reference resolution, enough for `$id` and `$ref`.
//!
//! envgen never fetches a URI: resolution only computes the absolute URI that names a
//! schema resource, which the build layer then maps to a local file.

/// Splits a URI reference into (scheme, authority, path, query, fragment).
struct Parts<'a> {
    scheme: Option<&'a str>,
    authority: Option<&'a str>,
    path: &'a str,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

fn parse(s: &str) -> Parts<'_> {
    let (rest, fragment) = match s.find('#') {
        Some(i) => (&s[..i], Some(&s[i + 1..])),
        None => (s, None),
    };
    let (rest, query) = match rest.find('?') {
        Some(i) => (&rest[..i], Some(&rest[i + 1..])),
        None => (rest, None),
    };
    let (scheme, rest) = match rest.find(':') {
        Some(i)
            if i > 0
                && rest[..i]
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
                && rest.as_bytes()[0].is_ascii_alphabetic()
                && !rest[..i].contains('/') =>
        {
            (Some(&rest[..i]), &rest[i + 1..])
        }
        _ => (None, rest),
    };
    let (authority, path) = if let Some(r) = rest.strip_prefix("//") {
        match r.find('/') {
            Some(i) => (Some(&r[..i]), &r[i..]),
            None => (Some(r), ""),
        }
    } else {
        (None, rest)
    };
    Parts {
        scheme,
        authority,
        path,
        query,
        fragment,
    }
}

fn remove_dot_segments(path: &str) -> String {
    let mut out: Vec<&str> = Vec::new();
    let absolute = path.starts_with('/');
    let segs: Vec<&str> = path.split('/').collect();
    let n = segs.len();
    for (i, seg) in segs.iter().enumerate() {
        match *seg {
            "." => {
                if i == n - 1 {
                    out.push("");
                }
            }
            ".." => {
                if out.len() > 1 || (out.len() == 1 && !absolute) {
                    out.pop();
                }
                if i == n - 1 {
                    out.push("");
                }
            }
            s => out.push(s),
        }
    }
    let mut s = out.join("/");
    if absolute && !s.starts_with('/') {
        s.insert(0, '/');
    }
    s
}

fn merge(base: &Parts<'_>, rel_path: &str) -> String {
    if base.authority.is_some() && base.path.is_empty() {
        format!("/{rel_path}")
    } else {
        match base.path.rfind('/') {
            Some(i) => format!("{}{}", &base.path[..=i], rel_path),
            None => rel_path.to_owned(),
        }
    }
}

fn compose(
    scheme: Option<&str>,
    authority: Option<&str>,
    path: &str,
    query: Option<&str>,
    fragment: Option<&str>,
) -> String {
    let mut s = String::new();
    if let Some(sc) = scheme {
        s.push_str(sc);
        s.push(':');
    }
    if let Some(a) = authority {
        s.push_str("//");
        s.push_str(a);
    }
    s.push_str(path);
    if let Some(q) = query {
        s.push('?');
        s.push_str(q);
    }
    if let Some(f) = fragment {
        s.push('#');
        s.push_str(f);
    }
    s
}

/// Resolves `reference` against `base` (RFC 3986 §5.2).
pub fn resolve(base: &str, reference: &str) -> String {
    let r = parse(reference);
    let b = parse(base);
    if r.scheme.is_some() || r.authority.is_some() {
        // A reference with its own authority keeps the base's scheme (§5.2.2).
        return compose(
            r.scheme.or(b.scheme),
            r.authority,
            &remove_dot_segments(r.path),
            r.query,
            r.fragment,
        );
    }
    if r.path.is_empty() {
        let q = if r.query.is_some() { r.query } else { b.query };
        return compose(b.scheme, b.authority, b.path, q, r.fragment);
    }
    let path = if r.path.starts_with('/') {
        remove_dot_segments(r.path)
    } else {
        remove_dot_segments(&merge(&b, r.path))
    };
    compose(b.scheme, b.authority, &path, r.query, r.fragment)
}

/// Splits an absolute URI into the resource part and the fragment (without `#`).
pub fn split_fragment(uri: &str) -> (&str, &str) {
    match uri.find('#') {
        Some(i) => (&uri[..i], &uri[i + 1..]),
        None => (uri, ""),
    }
}

/// Decodes `%XX` escapes (as used in `$ref` fragments). Invalid escapes are kept as is.
pub fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            let hex = |c: u8| (c as char).to_digit(16);
            if let (Some(h), Some(l)) = (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                out.push((h * 16 + l) as u8);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rfc3986_examples() {
        let base = "http://a/b/c/d;p?q";
        for (r, want) in [
            ("g", "http://a/b/c/g"),
            ("./g", "http://a/b/c/g"),
            ("g/", "http://a/b/c/g/"),
            ("/g", "http://a/g"),
            ("//g", "http://g"),
            ("?y", "http://a/b/c/d;p?y"),
            ("#s", "http://a/b/c/d;p?q#s"),
            ("../g", "http://a/b/g"),
            ("../..", "http://a/"),
            ("../../g", "http://a/g"),
            ("", "http://a/b/c/d;p?q"),
            ("g:h", "g:h"),
        ] {
            assert_eq!(resolve(base, r), want, "resolving {r}");
        }
    }

    #[test]
    fn ids_and_files() {
        assert_eq!(
            resolve("file:///w/schemas/x.json", "ResponseEnvelope"),
            "file:///w/schemas/ResponseEnvelope"
        );
        assert_eq!(
            resolve("file:///w/schemas/x.json", "other.json#/definitions/a"),
            "file:///w/schemas/other.json#/definitions/a"
        );
        assert_eq!(resolve("urn:example:root", "#foo"), "urn:example:root#foo");
        assert_eq!(percent_decode("a%25b%22c%zz"), "a%b\"c%zz");
    }
}
