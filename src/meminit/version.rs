//! The contract version (section 10).
//!
//! [`OUTPUT_SCHEMA_VERSION`] is what every envelope this runtime writes carries, and the
//! only version [`Canonical::new`](super::Canonical::new) accepts. It is tied to the
//! schemas by `schemas/meminit/fingerprints.txt`: one line per (version, fingerprint of
//! `schemas/meminit-output-envelope.json` and the ten payload schemas). The test
//! `tests/envelopes/meminit_runtime.rs::schema_changes_need_a_version_bump` fails when the schemas'
//! fingerprint is not listed under the current version; its message prints the line to
//! add. A breaking change bumps the constant and adds that line under the new version; a
//! backward-compatible change (allowed within a version) adds the line under the current
//! version, so every change is a reviewed, visible decision.

/// The `output_schema_version` this runtime writes and reads.
pub const OUTPUT_SCHEMA_VERSION: &str = "1.0";

/// The schema files the version covers, relative to the `envgen` crate root, in the order
/// the fingerprint reads them.
pub const SCHEMA_FILES: [&str; 11] = [
    "schemas/meminit-output-envelope.json",
    "schemas/meminit/check.json",
    "schemas/meminit/fix.json",
    "schemas/meminit/scan.json",
    "schemas/meminit/new.json",
    "schemas/meminit/index.json",
    "schemas/meminit/resolve.json",
    "schemas/meminit/identify.json",
    "schemas/meminit/link.json",
    "schemas/meminit/doctor.json",
    "schemas/meminit/context.json",
];

/// The fingerprint of the schema texts `(file, text)`: FNV-1a (64 bit) over each file's
/// name and its JSON in canonical form (keys sorted, compact), so that reformatting a
/// schema does not count as a change but any change to its content does. A text that is
/// not JSON is fingerprinted as it is.
pub fn fingerprint<'a>(files: impl IntoIterator<Item = (&'a str, &'a str)>) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut feed = |bytes: &[u8]| {
        for b in bytes {
            hash ^= u64::from(*b);
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
    };
    for (name, text) in files {
        let canonical = match serde_json::from_str::<serde_json::Value>(text) {
            Ok(mut v) => {
                super::canonical::sort_keys(&mut v);
                v.to_string()
            }
            Err(_) => text.to_owned(),
        };
        feed(name.as_bytes());
        feed(b"\n");
        feed(canonical.as_bytes());
        feed(b"\n");
    }
    format!("fnv1a64:{hash:016x}")
}
