//! Rust names from schema names: case conversion, keyword escaping, unique names.

use std::collections::BTreeSet;

/// Rust keywords (strict and reserved) that cannot be plain identifiers.
const KEYWORDS: &[&str] = &[
    "as", "break", "const", "continue", "crate", "else", "enum", "extern", "false", "fn", "for",
    "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return",
    "self", "Self", "static", "struct", "super", "trait", "true", "type", "unsafe", "use", "where",
    "while", "async", "await", "dyn", "abstract", "become", "box", "do", "final", "macro",
    "override", "priv", "typeof", "unsized", "virtual", "yield", "try", "gen",
];

/// Names generated code uses for its own items, which a type must not take.
const RESERVED_TYPES: &[&str] = &[
    "Option",
    "Some",
    "None",
    "Result",
    "Ok",
    "Err",
    "Vec",
    "Box",
    "String",
    "Value",
    "Map",
    "BTreeMap",
    "Self",
    "Default",
    "Deserialize",
    "Serialize",
    "Deserializer",
    "Serializer",
];

fn words(s: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut cur = String::new();
    let chars: Vec<char> = s.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        if c.is_alphanumeric() {
            let boundary = !cur.is_empty()
                && c.is_uppercase()
                && (chars[i - 1].is_lowercase()
                    || chars[i - 1].is_ascii_digit()
                    || chars.get(i + 1).is_some_and(|n| n.is_lowercase())
                        && chars[i - 1].is_uppercase());
            if boundary {
                out.push(std::mem::take(&mut cur));
            }
            cur.push(c);
        } else if !cur.is_empty() {
            out.push(std::mem::take(&mut cur));
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

fn ascii_only(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect()
}

/// `PascalCase` for type and variant names. Never empty; never starts with a digit; never
/// the keyword `Self` (the one keyword in PascalCase), which becomes `Self_`.
pub fn pascal(s: &str) -> String {
    let mut out = String::new();
    for w in words(s) {
        let w = ascii_only(&w);
        let mut cs = w.chars();
        if let Some(f) = cs.next() {
            out.extend(f.to_uppercase());
            out.push_str(&cs.as_str().to_lowercase());
        }
    }
    let out = out.replace('_', "");
    if out.is_empty() {
        "Empty".to_owned()
    } else if out.starts_with(|c: char| c.is_ascii_digit()) {
        format!("V{out}")
    } else if KEYWORDS.contains(&out.as_str()) {
        format!("{out}_")
    } else {
        out
    }
}

/// `snake_case` for field names, with Rust keywords suffixed (`type` → `type_`).
pub fn snake(s: &str) -> String {
    let parts: Vec<String> = words(s)
        .into_iter()
        .map(|w| ascii_only(&w).to_lowercase())
        .collect();
    let mut out = parts.join("_");
    if out.is_empty() {
        out = "field".to_owned();
    }
    if out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert(0, '_');
    }
    if KEYWORDS.contains(&out.as_str()) {
        out.push('_');
    }
    out
}

/// `snake_case` for a module name.
pub fn module(s: &str) -> String {
    let s = snake(s);
    s.trim_end_matches('_').to_owned()
}

/// A set of names already taken in one namespace; [`Names::claim`] returns a unique one.
#[derive(Debug, Default, Clone)]
pub struct Names {
    taken: BTreeSet<String>,
    /// Separator before the counter (`""` for types: `Item2`; `"_"` for fields: `id_2`).
    sep: &'static str,
}

impl Names {
    /// A namespace for type names, with the names generated code relies on reserved.
    pub fn types() -> Self {
        Names {
            taken: RESERVED_TYPES.iter().map(|s| (*s).to_owned()).collect(),
            sep: "",
        }
    }

    /// A namespace for field names (`name`, `name_2`, …).
    pub fn fields() -> Self {
        Names {
            taken: BTreeSet::new(),
            sep: "_",
        }
    }

    /// An empty namespace.
    pub fn new() -> Self {
        Names::default()
    }

    /// Whether `name` is taken.
    pub fn is_taken(&self, name: &str) -> bool {
        self.taken.contains(name)
    }

    /// Takes `base`, or `base2`, `base3`, … if taken: deterministic for a given order.
    pub fn claim(&mut self, base: &str) -> String {
        if self.taken.insert(base.to_owned()) {
            return base.to_owned();
        }
        let stem = base.trim_end_matches('_');
        let sep = if stem.ends_with(|c: char| c.is_ascii_digit()) {
            "_"
        } else {
            self.sep
        };
        for n in 2.. {
            let cand = format!("{stem}{sep}{n}");
            if self.taken.insert(cand.clone()) {
                return cand;
            }
        }
        unreachable!("an unbounded counter always finds a free name")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cases() {
        assert_eq!(pascal("response-envelope"), "ResponseEnvelope");
        assert_eq!(pascal("typo_corrected"), "TypoCorrected");
        assert_eq!(pascal("exitCodeRich"), "ExitCodeRich");
        assert_eq!(pascal("HTTPServer"), "HttpServer");
        assert_eq!(pascal("x-foo"), "XFoo");
        assert_eq!(pascal("1.0"), "V10");
        assert_eq!(pascal(""), "Empty");
        assert_eq!(pascal("cmdhelp v0.1"), "CmdhelpV01");
        // Found by fuzzing (FUZZING.md): an enum value "self" named its variant `Self`.
        assert_eq!(pascal("self"), "Self_");
        assert_eq!(pascal("{self}"), "Self_");
        assert_eq!(snake("duration_ms"), "duration_ms");
        assert_eq!(snake("type"), "type_");
        assert_eq!(snake("$ref"), "ref_");
        assert_eq!(snake("camelCaseName"), "camel_case_name");
        assert_eq!(snake("123abc"), "_123abc");
        assert_eq!(snake("@"), "field");
        assert_eq!(snake("self"), "self_");
    }

    #[test]
    fn claims_are_unique_and_deterministic() {
        let mut n = Names::types();
        assert_eq!(n.claim("Item"), "Item");
        assert_eq!(n.claim("Item"), "Item2");
        assert_eq!(n.claim("Item"), "Item3");
        assert_eq!(n.claim("Value"), "Value2");
        assert_eq!(n.claim("V1"), "V1");
        assert_eq!(n.claim("V1"), "V1_2");
        let mut f = Names::fields();
        assert_eq!(f.claim("alpha"), "alpha");
        assert_eq!(f.claim("alpha"), "alpha_2");
    }
}
