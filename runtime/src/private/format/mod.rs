//! `format` assertions (used only when format assertion is switched on).
//!
//! [`check`] maps a format name to one of the `is_*` predicates (one file per family of
//! formats, re-exported here); each predicate follows the RFC that the JSON Schema
//! 2020-12 validation specification (section 7.3) cites for its format, and is tested
//! against the official JSON-Schema-Test-Suite.
//! The predicates never panic, allocate only for IDNA processing, and treat every input
//! (empty, huge, non-ASCII) as untrusted. Generated code calls [`check`] only for the
//! formats the schema's draft defines (docs/decisions.md, D110): a format of a later
//! draft is an annotation there, as an unknown one is.
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

mod datetime;
mod host;
mod identifiers;
mod idna;
mod ip;
mod uri;

pub use datetime::{is_date, is_date_time, is_duration, is_time};
pub use host::{is_email, is_hostname, is_idn_email, is_idn_hostname};
pub use identifiers::{is_json_pointer, is_regex, is_relative_json_pointer, is_uuid};
pub use ip::{is_ipv4, is_ipv6};
pub use uri::{is_iri, is_iri_reference, is_uri, is_uri_reference, is_uri_template};
