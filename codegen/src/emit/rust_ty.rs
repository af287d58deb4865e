//! IR [`Ty`] → Rust type tokens ([`ModuleCx`]), and doc-comment attributes.

use super::tokens::{ident, rust_type};
use crate::ir::{Module, Presence, Ty, TypeDef};
use proc_macro2::{Ident, TokenStream};
use quote::quote;

/// Context shared by the emitters of one module.
pub(crate) struct ModuleCx<'a> {
    pub module: &'a Module,
    /// Path of the runtime crate (`::envgen_runtime` by default).
    pub rt: TokenStream,
}

impl ModuleCx<'_> {
    /// Whether `ty` is `()` (only `null`), directly or through aliases.
    pub fn is_unit(&self, ty: &Ty) -> bool {
        match ty {
            Ty::Unit => true,
            Ty::Named(id) => {
                matches!(&self.module.get(*id).kind, crate::ir::TypeKind::Alias(t) if self.is_unit(t))
            }
            _ => false,
        }
    }

    /// Whether `ty` has no values, as rustc judges it: an enum of no variants (a schema
    /// that accepts nothing), or a struct with a required field, a tuple with an item, or
    /// a box, newtype or alias of such a type. Over rather than under: code that builds a
    /// value of a type rustc finds uninhabited is unreachable, which `deny(warnings)`
    /// refuses; a type on a cycle counts as inhabited the second time it is met.
    pub fn is_uninhabited(&self, ty: &Ty) -> bool {
        self.uninhabited_in(ty, &mut std::collections::BTreeSet::new())
    }

    fn uninhabited_in(&self, ty: &Ty, seen: &mut std::collections::BTreeSet<usize>) -> bool {
        use crate::ir::{Presence, TypeKind};
        let id = match ty {
            Ty::Boxed(t) => return self.uninhabited_in(t, seen),
            Ty::Named(id) if seen.insert(id.0) => *id,
            _ => return false,
        };
        match &self.module.get(id).kind {
            TypeKind::Enum(e) => e.is_uninhabited(),
            TypeKind::Alias(t) | TypeKind::Newtype(t) => self.uninhabited_in(t, seen),
            TypeKind::Struct(s) => s
                .stored_fields()
                .any(|f| f.presence() == Presence::Required && self.uninhabited_in(&f.ty, seen)),
            TypeKind::Tuple(t) => t.items.iter().any(|i| self.uninhabited_in(i, seen)),
        }
    }

    /// The Rust type of `ty`.
    pub fn ty(&self, ty: &Ty) -> TokenStream {
        match ty {
            Ty::Named(id) => self.self_ty(self.module.get(*id)),
            Ty::Generic(p) => {
                let p = ident(p);
                quote!(#p)
            }
            Ty::Any => quote!(::serde_json::Value),
            Ty::Unit => quote!(()),
            Ty::Bool => quote!(bool),
            Ty::String => quote!(String),
            Ty::Int(i) => {
                let i = ident(i.name());
                quote!(#i)
            }
            Ty::F64 => quote!(f64),
            Ty::Vec(t) => {
                let t = self.ty(t);
                quote!(Vec<#t>)
            }
            Ty::Map(t) => {
                let t = self.ty(t);
                {
                    let rt = &self.rt;
                    quote!(#rt::IndexMap<String, #t>)
                }
            }
            Ty::Object => quote!(::serde_json::Map<String, ::serde_json::Value>),
            Ty::Boxed(t) => {
                let t = self.ty(t);
                quote!(Box<#t>)
            }
            Ty::Option(t) => {
                let t = self.ty(t);
                quote!(Option<#t>)
            }
            Ty::Mapped(m) => rust_type(&m.path),
        }
    }

    /// The Rust type of a field, from its value type and presence.
    pub fn field_ty(&self, ty: &Ty, presence: Presence) -> TokenStream {
        let t = self.ty(ty);
        match presence {
            Presence::Required => t,
            Presence::RequiredNullable | Presence::Optional => quote!(Option<#t>),
            Presence::OptionalNullable => {
                quote!(Option<Option<#t>>)
            }
        }
    }

    /// The type's name with its generic parameters (`Name<T>`), for `impl` headers.
    pub fn self_ty(&self, t: &TypeDef) -> TokenStream {
        let name = ident(&t.name);
        if t.generics.is_empty() {
            quote!(#name)
        } else {
            let ps = t.generics.iter().map(|g| ident(g));
            quote!(#name<#(#ps),*>)
        }
    }

    /// The generics of an `impl` of the type: `<T, U>`, or nothing.
    pub fn impl_generics(&self, t: &TypeDef) -> TokenStream {
        let params = self.params(t);
        if params.is_empty() {
            TokenStream::new()
        } else {
            quote!(<#(#params),*>)
        }
    }

    /// The generic parameter idents of a type.
    pub fn params(&self, t: &TypeDef) -> Vec<Ident> {
        t.generics.iter().map(|g| ident(g)).collect()
    }
}

/// `#[doc = "…"]` attributes, one per line, each with a leading space so that the
/// pretty-printer renders `/// text`; the text is escaped for rustdoc
/// ([`super::doc_escape`]).
pub(crate) fn doc_attrs(docs: Option<&str>) -> TokenStream {
    let Some(d) = docs else {
        return TokenStream::new();
    };
    doc_lines(&doc_prose(d))
}

/// Schema text as rustdoc Markdown: printable, lists re-indented, and escaped
/// ([`super::doc_escape`]), so that text envgen writes itself (an intra-doc link) can
/// follow it unescaped.
pub(crate) fn doc_prose(d: &str) -> String {
    super::doc_escape::escape_prose(&list_continuations(&doc_text(d)))
}

/// `#[doc = "…"]` attributes for rustdoc Markdown as it stands, one per line.
pub(crate) fn doc_lines(d: &str) -> TokenStream {
    let lines = d.lines().map(|l| {
        let l = if l.is_empty() {
            String::new()
        } else {
            format!(" {}", l.replace('\t', "    "))
        };
        quote!(#[doc = #l])
    });
    quote!(#(#lines)*)
}

/// Schema text made printable as doc comments: `\r\n` and a lone `\r` end a line (rustc
/// refuses a bare CR in a doc comment), and other control characters but the tab become
/// spaces.
fn doc_text(d: &str) -> String {
    d.replace("\r\n", "\n")
        .chars()
        .map(|c| match c {
            '\r' => '\n',
            '\n' | '\t' => c,
            c if c.is_control() => ' ',
            c => c,
        })
        .collect()
}

/// Re-indents the continuation lines of Markdown list items to the item's content column,
/// so that schema descriptions written for other renderers read as the same list in
/// rustdoc (and clippy's `doc_lazy_continuation` / `doc_overindented_list_items` hold).
/// Fenced code blocks are left alone.
fn list_continuations(text: &str) -> String {
    fn item_indent(line: &str) -> Option<usize> {
        let trimmed = line.trim_start();
        let lead = line.len() - trimmed.len();
        let marker = if trimmed.starts_with(['-', '*', '+']) {
            1
        } else {
            let digits = trimmed.chars().take_while(char::is_ascii_digit).count();
            if digits == 0 || !trimmed[digits..].starts_with(['.', ')']) {
                return None;
            }
            digits + 1
        };
        let rest = &trimmed[marker..];
        let spaces = rest.len() - rest.trim_start_matches(' ').len();
        (spaces >= 1 && !rest.trim().is_empty()).then_some(lead + marker + spaces.min(4))
    }
    let mut out = String::with_capacity(text.len());
    let mut item: Option<usize> = None;
    let mut fenced = false;
    // An indented code block (after a blank line, outside a list) being turned into a
    // `text` fence.
    let mut indented = false;
    let mut after_blank = true;
    // Inside a list (an item, its continuations and the blank lines between them): an
    // indented paragraph there continues the item, it is no code block.
    let mut in_list = false;
    for line in text.lines() {
        let trimmed = line.trim_start();
        let is_fence = trimmed.starts_with("```") || trimmed.starts_with("~~~");
        let code_indent = line.starts_with("    ") || line.starts_with('\t');
        if indented && !trimmed.is_empty() && !code_indent {
            out.push_str("```\n");
            indented = false;
        }
        if is_fence {
            fenced = !fenced;
            item = None;
        }
        if is_fence && fenced {
            // A schema's examples are not Rust: a fence rustdoc would compile as a doctest
            // (no language, or `rust`) is marked `text`.
            let marker = &trimmed[..3];
            let info = trimmed[3..].trim();
            let lead = &line[..line.len() - trimmed.len()];
            if info.is_empty() || info.split([',', ' ']).any(|w| w == "rust") {
                out.push_str(&format!("{lead}{marker}text"));
            } else {
                out.push_str(line);
            }
        } else if fenced || is_fence {
            out.push_str(line);
        } else if indented {
            out.push_str(
                line.strip_prefix("    ")
                    .unwrap_or(line.trim_start_matches('\t')),
            );
        } else if code_indent && after_blank && !in_list && !trimmed.is_empty() {
            // Likewise an indented code block, which rustdoc would compile too.
            out.push_str("```text\n");
            out.push_str(
                line.strip_prefix("    ")
                    .unwrap_or(line.trim_start_matches('\t')),
            );
            indented = true;
        } else if trimmed.is_empty() {
            item = None;
        } else if let Some(indent) = item_indent(line) {
            item = Some(indent);
            out.push_str(line);
        } else if let Some(indent) = item {
            out.push_str(&" ".repeat(indent));
            out.push_str(trimmed);
        } else {
            out.push_str(line);
        }
        out.push('\n');
        after_blank = trimmed.is_empty();
        if item_indent(line).is_some() {
            in_list = true;
        } else if !trimmed.is_empty() && !code_indent && !line.starts_with(' ') {
            in_list = false;
        }
    }
    if indented || fenced {
        // Close what the text left open, so the rest of the docs stays prose.
        out.push_str("```\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{doc_text, list_continuations};

    #[test]
    fn schema_code_blocks_are_never_doctests() {
        let text = "Example:\n\n```\n{\"text\": \"hello\"}\n```\n\nRust:\n```rust\nlet x = 1;\n```\nJSON:\n```json\n{}\n```\n\n    {\"indented\": true}\n    more\n\nAfter.\n";
        assert_eq!(
            list_continuations(text),
            "Example:\n\n```text\n{\"text\": \"hello\"}\n```\n\nRust:\n```text\nlet x = 1;\n```\nJSON:\n```json\n{}\n```\n\n```text\n{\"indented\": true}\nmore\n\n```\nAfter.\n"
        );
        assert_eq!(
            list_continuations("Open:\n```\nx"),
            "Open:\n```text\nx\n```\n"
        );
        // An indented paragraph inside a list continues its item.
        let list = "- item\n\n    continued\n";
        assert_eq!(list_continuations(list), list);
    }

    #[test]
    fn list_continuations_align_to_the_item_content() {
        let text = "Intro:\n\n- first item\n    overindented continuation\n- second\nlazy continuation\n\nAfter.\n    code-like indent stays\n";
        assert_eq!(
            list_continuations(text),
            "Intro:\n\n- first item\n  overindented continuation\n- second\n  lazy continuation\n\nAfter.\n    code-like indent stays\n"
        );
        let numbered = "1. one\n      more\n10) ten\n   more\n";
        assert_eq!(
            list_continuations(numbered),
            "1. one\n   more\n10) ten\n    more\n"
        );
        // Fenced blocks keep their lines; the fence itself is marked `text`.
        let fenced = "- item\n```\n    kept\n```\n";
        assert_eq!(
            list_continuations(fenced),
            "- item\n```text\n    kept\n```\n"
        );
    }

    #[test]
    fn control_characters_become_line_breaks_or_spaces() {
        assert_eq!(doc_text("a\r\nb\rc\nd"), "a\nb\nc\nd");
        assert_eq!(
            doc_text("form\u{c}feed\u{7}bell\ttab"),
            "form feed bell\ttab"
        );
        assert!(!doc_text("x\r\u{0}\u{1b}y")
            .chars()
            .any(|c| c.is_control() && c != '\n'));
    }
}
