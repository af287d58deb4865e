//! Checks on `$ref` values before resolution, and the reasons a reference can fail, each
//! with what was expected and what to do instead.

/// Why a `$ref` cannot be followed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Unresolved {
    /// The document it names is not in the set (nothing is fetched).
    NotLoaded {
        /// The document's absolute URI (no fragment).
        resource: String,
    },
    /// The fragment is not a well-formed JSON pointer.
    BadPointer(String),
    /// The pointer is well-formed but there is nothing at it.
    NothingAt(String),
    /// The fragment is a plain name and no schema declares that anchor.
    NoAnchor(String),
}

impl Unresolved {
    /// What went wrong, for the message.
    pub(crate) fn reason(&self) -> String {
        match self {
            Unresolved::NotLoaded { resource } => {
                let shown = resource
                    .strip_prefix("envgen-memory:///")
                    .unwrap_or(resource);
                format!("the document `{shown}` is not loaded (envgen fetches nothing)")
            }
            Unresolved::BadPointer(s) | Unresolved::NothingAt(s) | Unresolved::NoAnchor(s) => {
                s.clone()
            }
        }
    }

    /// What to do instead.
    pub(crate) fn help(&self) -> String {
        match self {
            Unresolved::NotLoaded { resource } if resource.starts_with("file:") => {
                "create that file, or correct the path (relative references resolve against the referring file)".to_owned()
            }
            Unresolved::NotLoaded { resource } if resource.starts_with("envgen-memory:") => {
                "generate from files (`envgen --schema FILE` or `Config`), which loads referenced files, or inline the definition".to_owned()
            }
            Unresolved::NotLoaded { resource } => format!(
                "download the document once and map its URL prefix to a local directory: `envgen --map {}=DIR` (or `Config::map` in a build script)",
                url_prefix(resource)
            ),
            Unresolved::BadPointer(_) => {
                "write the fragment as a JSON pointer starting with `/`, escaping `~` as `~0` and `/` as `~1` (for example `#/definitions/Name`)".to_owned()
            }
            Unresolved::NothingAt(_) | Unresolved::NoAnchor(_) => {
                "point `$ref` at an existing definition (for example `#/definitions/Name`)".to_owned()
            }
        }
    }
}

/// The directory part of a URL, for the `--map` advice.
fn url_prefix(resource: &str) -> &str {
    match resource.rfind('/') {
        Some(i) if i + 1 < resource.len() && resource[..i].contains("://") => &resource[..=i],
        _ => resource,
    }
}

/// Checks the text of a `$ref` value: a URI reference has no spaces or control characters
/// and only well-formed `%` escapes. Returns what is wrong.
pub(crate) fn check_syntax(raw: &str) -> Result<(), String> {
    if let Some(c) = raw.chars().find(|c| c.is_whitespace() || c.is_control()) {
        return Err(format!(
            "`$ref` {raw:?} is not a URI reference: it contains {}; expected a URI such as `#/definitions/Name` or `other.json#/definitions/Name` (percent-encode spaces as `%20`)",
            if c == ' ' { "a space".to_owned() } else { format!("the character {c:?}") }
        ));
    }
    let b = raw.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let ok = b.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
                && b.get(i + 2).is_some_and(u8::is_ascii_hexdigit);
            if !ok {
                return Err(format!(
                    "`$ref` {raw:?} has a malformed percent escape at byte {i}; expected `%` followed by two hex digits"
                ));
            }
            i += 3;
        } else {
            i += 1;
        }
    }
    if raw.matches('#').count() > 1 {
        return Err(format!(
            "`$ref` {raw:?} has more than one `#`; expected at most one fragment (percent-encode `#` inside it as `%23`)"
        ));
    }
    Ok(())
}

/// Checks a decoded fragment that is meant as a JSON pointer (it starts with `/`).
pub(crate) fn check_pointer(fragment: &str) -> Result<(), Unresolved> {
    let mut chars = fragment.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '~' && !matches!(chars.peek(), Some('0' | '1')) {
            return Err(Unresolved::BadPointer(format!(
                "`#{fragment}` is not a valid JSON pointer: `~` must be followed by `0` or `1`"
            )));
        }
    }
    Ok(())
}

/// Checks a fragment that does not start with `/`: it must be an anchor name.
pub(crate) fn check_anchor_fragment(fragment: &str) -> Result<(), Unresolved> {
    if fragment.contains('/') {
        return Err(Unresolved::BadPointer(format!(
            "`#{fragment}` is neither a JSON pointer (those start with `/`: did you mean `#/{fragment}`?) nor an anchor name"
        )));
    }
    Ok(())
}

/// Whether `name` is a valid `$anchor` (2019-09 and later: `^[A-Za-z_][-A-Za-z0-9._]*$`).
pub(crate) fn is_anchor_name(name: &str) -> bool {
    let mut cs = name.chars();
    cs.next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && cs.all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '_'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn syntax() {
        assert!(check_syntax("#/definitions/a").is_ok());
        assert!(check_syntax("other.json#/a%20b").is_ok());
        assert!(check_syntax("a b.json").is_err());
        assert!(check_syntax("#/a%zz").is_err());
        assert!(check_syntax("#/a%2").is_err());
        assert!(check_syntax("a#b#c").is_err());
        assert!(check_pointer("/a~0b~1c").is_ok());
        assert!(check_pointer("/a~2").is_err());
        assert!(check_pointer("/a~").is_err());
        assert!(check_anchor_fragment("definitions/x").is_err());
        assert!(check_anchor_fragment("node").is_ok());
        assert!(is_anchor_name("a-b.c_d"));
        assert!(!is_anchor_name("1bad"));
        assert!(!is_anchor_name("has space"));
        assert!(!is_anchor_name(""));
    }

    #[test]
    fn map_advice_names_the_directory() {
        assert_eq!(
            url_prefix("https://example.com/schemas/x.json"),
            "https://example.com/schemas/"
        );
    }
}
