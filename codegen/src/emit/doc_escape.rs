//! Schema prose made safe for rustdoc: a `description` is Markdown for some other renderer,
//! and rustdoc reads more into it than that renderer did. A bare URL (`bare_urls`), a word
//! in angle brackets (`invalid_html_tags`) or in square brackets (`broken_intra_doc_links`)
//! would make a user's `cargo doc` warn, or fail under `-D warnings`.
//!
//! Outside code (fences and backtick spans, left alone), this module wraps bare URLs in
//! `<…>` (an autolink), escapes a `<` that does not open an autolink, and escapes square
//! brackets that do not form an inline link `[text](url)`. The text reads the same.

/// The prelude's derive macros: a generated type of the same name makes a plain link to it
/// ambiguous (rustdoc's `broken_intra_doc_links`).
const DERIVE_MACROS: &[&str] = &[
    "Clone",
    "Copy",
    "Debug",
    "Default",
    "Eq",
    "Hash",
    "Ord",
    "PartialEq",
    "PartialOrd",
];

/// An intra-doc link to the generated type `name`, disambiguated when `name` is also a
/// derive macro of the prelude (`[`Copy`](type@Copy)`).
pub(super) fn type_link(name: &str) -> String {
    if DERIVE_MACROS.contains(&name) {
        format!("[`{name}`](type@{name})")
    } else {
        format!("[`{name}`]")
    }
}

/// `text` (fenced code already marked, one line per line) with every prose line escaped.
pub(super) fn escape_prose(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut fenced = false;
    for line in text.lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") || trimmed.starts_with("~~~") {
            fenced = !fenced;
            out.push_str(line);
        } else if fenced {
            out.push_str(line);
        } else {
            escape_line(line, &mut out);
        }
        out.push('\n');
    }
    out
}

/// One prose line: backtick code spans are copied as they are, the rest is escaped.
fn escape_line(line: &str, out: &mut String) {
    let mut rest = line;
    while let Some(open) = rest.find('`') {
        escape_text(&rest[..open], out);
        let after = &rest[open..];
        let ticks = after.len() - after.trim_start_matches('`').len();
        let fence = &after[..ticks];
        match after[ticks..].find(fence) {
            Some(close) => {
                let end = ticks + close + ticks;
                out.push_str(&after[..end]);
                rest = &after[end..];
            }
            None => {
                // An unclosed run of backticks is literal text.
                out.push_str(fence);
                rest = &after[ticks..];
            }
        }
    }
    escape_text(rest, out);
}

/// Prose without code spans.
fn escape_text(text: &str, out: &mut String) {
    let mut i = 0;
    while i < text.len() {
        let rest = &text[i..];
        if let Some(len) = url_len(rest) {
            let before = out.chars().last();
            if before == Some('(') && out.ends_with("](") {
                // The target of an inline link.
                out.push_str(&rest[..len]);
            } else {
                out.push('<');
                out.push_str(&rest[..len]);
                out.push('>');
            }
            i += len;
            continue;
        }
        let Some(c) = rest.chars().next() else {
            break;
        };
        match c {
            '<' => match autolink_len(rest) {
                Some(len) => {
                    out.push_str(&rest[..len]);
                    i += len;
                    continue;
                }
                None => out.push_str("\\<"),
            },
            '[' => match inline_link_text_len(rest) {
                // `[text](`: copy the bracket and let the text and target be read as usual.
                Some(_) => out.push('['),
                None => out.push_str("\\["),
            },
            ']' if rest[1..].starts_with('(') => out.push(']'),
            ']' => out.push_str("\\]"),
            '\\' => {
                // An escape the author wrote: keep it with the character it escapes.
                out.push('\\');
                if let Some(next) = rest[1..].chars().next() {
                    out.push(next);
                    i += 1 + next.len_utf8();
                    continue;
                }
            }
            c => out.push(c),
        }
        i += c.len_utf8();
    }
}

/// The length of a bare `http://`/`https://` URL at the start of `s` (trailing punctuation
/// and an unbalanced closing parenthesis left out), if one starts there.
fn url_len(s: &str) -> Option<usize> {
    if !(s.starts_with("http://") || s.starts_with("https://")) {
        return None;
    }
    let mut end = s
        .find(|c: char| c.is_whitespace() || matches!(c, '<' | '>' | '"' | '`'))
        .unwrap_or(s.len());
    loop {
        let url = &s[..end];
        let last = url.chars().last()?;
        let unbalanced = last == ')' && url.matches('(').count() < url.matches(')').count();
        if matches!(last, '.' | ',' | ';' | ':' | '!' | '?' | '\'' | ']') || unbalanced {
            end -= last.len_utf8();
        } else {
            break;
        }
    }
    let scheme = if s.starts_with("https://") { 8 } else { 7 };
    (end > scheme).then_some(end)
}

/// The length of an autolink `<http…>`/`<https…>`/`<mailto:…>` at the start of `s`.
fn autolink_len(s: &str) -> Option<usize> {
    let inner = &s[1..];
    if !(inner.starts_with("http://")
        || inner.starts_with("https://")
        || inner.starts_with("mailto:"))
    {
        return None;
    }
    let close = inner.find(|c: char| c == '>' || c == '<' || c.is_whitespace())?;
    inner[close..].starts_with('>').then_some(close + 2)
}

/// The length of `[text]` at the start of `s` when `(` follows it: an inline link.
fn inline_link_text_len(s: &str) -> Option<usize> {
    let close = s.find(']')?;
    let text = &s[1..close];
    (!text.contains('[') && s[close + 1..].starts_with('(')).then_some(close + 1)
}

#[cfg(test)]
mod tests {
    use super::{escape_prose, type_link};

    #[test]
    fn links_to_types_named_like_derive_macros_are_disambiguated() {
        assert_eq!(type_link("Copy"), "[`Copy`](type@Copy)");
        assert_eq!(type_link("Order"), "[`Order`]");
    }

    fn esc(s: &str) -> String {
        escape_prose(s).trim_end_matches('\n').to_owned()
    }

    #[test]
    fn bare_urls_become_autolinks() {
        assert_eq!(
            esc("See https://example.com/a?b=c. And (http://x.org/y)."),
            "See <https://example.com/a?b=c>. And (<http://x.org/y>)."
        );
        assert_eq!(
            esc("Docs: https://en.wikipedia.org/wiki/Rust_(language)"),
            "Docs: <https://en.wikipedia.org/wiki/Rust_(language)>"
        );
    }

    #[test]
    fn links_autolinks_and_code_are_kept() {
        let kept = [
            "A [link](https://example.com) here.",
            "An autolink <https://example.com>.",
            "Code `<Tool>` and ``a ` b [x] https://x.org``.",
            "An escape \\[x\\] the author wrote.",
        ];
        for s in kept {
            assert_eq!(esc(s), s);
        }
    }

    #[test]
    fn tags_and_brackets_are_escaped() {
        assert_eq!(
            esc("The <Tool> name, [x] and [a][b], <br> too."),
            "The \\<Tool> name, \\[x\\] and \\[a\\]\\[b\\], \\<br> too."
        );
    }

    #[test]
    fn fenced_code_is_left_alone() {
        let text = "Before <a>.\n```text\n<a> [b] https://x.org\n```\nAfter [c].\n";
        assert_eq!(
            escape_prose(text),
            "Before \\<a>.\n```text\n<a> [b] https://x.org\n```\nAfter \\[c\\].\n"
        );
    }
}
