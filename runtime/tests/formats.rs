//! `format` assertions against the official JSON-Schema-Test-Suite
//! (`tests/<draft>/optional/format/*.json`), plus no-panic checks on hostile input.

use envgen_runtime::__private::format::check;
use serde_json::Value;
use std::collections::BTreeMap;

/// The formats envgen knows; every other format name must give `None`.
const KNOWN: &[&str] = &[
    "date-time",
    "date",
    "time",
    "duration",
    "email",
    "idn-email",
    "hostname",
    "idn-hostname",
    "ipv4",
    "ipv6",
    "uri",
    "uri-reference",
    "iri",
    "iri-reference",
    "uri-template",
    "uuid",
    "json-pointer",
    "relative-json-pointer",
    "regex",
];

/// Suite cases that are known to fail, as `(format, test description)`, with the reason.
/// A case listed here that starts passing fails the test too, so the list stays exact.
/// Currently empty: every string case of both drafts passes.
const KNOWN_FAILURES: &[(&str, &str)] = &[];

#[test]
fn json_schema_test_suite_formats() {
    let Some(root) = envgen_test_support::shared::shared("jsts", "the format cases") else {
        return;
    };
    let mut failures = Vec::new();
    let mut known_seen = Vec::new();
    for draft in ["draft7", "draft2020-12"] {
        let dir = root.join("tests").join(draft).join("optional/format");
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|entry| entry.expect("directory entry").path())
            .filter(|path| path.extension().is_some_and(|ext| ext == "json"))
            .collect();
        files.sort();
        // format -> (passed, total)
        let mut counts: BTreeMap<String, (usize, usize)> = BTreeMap::new();
        for file in &files {
            let text = std::fs::read_to_string(file).expect("readable suite file");
            let groups: Vec<Value> = serde_json::from_str(&text).expect("suite file is JSON");
            for group in &groups {
                let format = group["schema"]["format"]
                    .as_str()
                    .expect("schema.format is a string");
                for case in group["tests"].as_array().expect("tests array") {
                    // `format` ignores non-strings.
                    let Some(data) = case["data"].as_str() else {
                        continue;
                    };
                    let description = case["description"].as_str().unwrap_or("");
                    let valid = case["valid"].as_bool().expect("valid is a boolean");
                    let got = check(format, data);
                    let passed = if KNOWN.contains(&format) {
                        got == Some(valid)
                    } else {
                        got.is_none() && valid
                    };
                    let count = counts.entry(format.to_owned()).or_default();
                    count.1 += 1;
                    let listed = KNOWN_FAILURES.contains(&(format, description));
                    if passed {
                        count.0 += 1;
                        if listed {
                            failures.push(format!(
                                "{draft} {format}: {description:?} now passes; \
                                 remove it from KNOWN_FAILURES"
                            ));
                        }
                    } else if listed {
                        known_seen.push(format!("{draft} {format}: {description}"));
                    } else {
                        failures.push(format!(
                            "{draft} {format}: {description:?}: check({data:?}) = {got:?}, \
                             expected {valid}"
                        ));
                    }
                }
            }
        }
        println!("{draft}:");
        for (format, (passed, total)) in &counts {
            println!("  {format:<22} {passed:>3}/{total}");
        }
    }
    for known in &known_seen {
        println!("known failure: {known}");
    }
    assert!(
        failures.is_empty(),
        "{} format failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Deterministic pseudo-random strings built from characters that matter to the
/// parsers: none may panic, and every known format must give `Some`.
#[test]
fn hostile_inputs_do_not_panic() {
    const PIECES: &[&str] = &[
        "",
        "a",
        "Z",
        "0",
        "9",
        "-",
        ".",
        ":",
        "::",
        "/",
        "//",
        "?",
        "#",
        "@",
        "%",
        "%4",
        "%zz",
        "[",
        "]",
        "{",
        "}",
        "(",
        ")",
        "\\",
        "\"",
        "'",
        "~",
        "~0",
        "~2",
        "*",
        "+",
        ",",
        ";",
        "=",
        "T",
        "Z",
        "P",
        "W",
        "D",
        "H",
        "M",
        "S",
        "xn--",
        "XN--",
        "-9uc",
        "ß",
        "ς",
        "·",
        "l",
        "͵",
        "׳",
        "・",
        "٠",
        "۰",
        "\u{200C}",
        "\u{200D}",
        "्",
        "ب",
        "א",
        "\u{301}",
        "。",
        "．",
        "ｰ",
        "\u{0}",
        "\n",
        " ",
        "\u{FFFF}",
        "😀",
        "\u{10FFFD}",
        "১",
        "2020-01-01",
        "23:59:60",
        "255",
        "::ffff:",
        "IPv6:",
        "http://",
        "v1.",
        "(?<",
        "\\p{",
        "[^",
        "\\u{",
    ];
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for _ in 0..20_000 {
        let len = next() % 12;
        let s: String = (0..len)
            .map(|_| PIECES[(next() % PIECES.len() as u64) as usize])
            .collect();
        for format in KNOWN {
            assert!(check(format, &s).is_some(), "{format} {s:?}");
        }
    }
}

#[test]
fn huge_inputs_do_not_panic() {
    let inputs = [
        "a".repeat(1 << 20),
        "xn--".repeat(1 << 16),
        "é".repeat(1 << 16),
        format!("{}.com", "a.".repeat(1 << 16)),
        format!("{}@example.com", "a".repeat(1 << 16)),
        "(".repeat(1 << 16),
        "[".repeat(1 << 16),
        "1".repeat(1 << 16),
        format!("P{}D", "9".repeat(1 << 16)),
        format!("xn--{}", "9".repeat(1 << 10)),
    ];
    for s in &inputs {
        for format in KNOWN {
            assert!(check(format, s).is_some(), "{format}");
        }
    }
}

#[test]
fn unknown_formats_are_annotations() {
    assert_eq!(check("unknown", "anything"), None);
    assert_eq!(check("color", "#fff"), None);
    assert_eq!(check("", ""), None);
}
