//! `format` predicates: Host names and e-mail addresses (RFC 1123, RFC 5321, RFC 6531).

use super::idna;
use super::ip::{is_ipv4, is_ipv6};

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
pub(super) fn ldh_label(label: &str) -> bool {
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

pub(super) fn mailbox(s: &str, idn: bool) -> bool {
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
pub(super) fn split_mailbox(s: &str, idn: bool) -> Option<(&str, &str)> {
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
pub(super) fn address_literal(s: &str) -> bool {
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
