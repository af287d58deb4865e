//! The typestate traits of a builder, one per required field or input, implemented by
//! `Set` only, whose diagnostic names what is missing.

use super::{trait_name, BuilderEmitter};
use crate::emit::tokens::lit;
use crate::ir::Slot;
use proc_macro2::TokenStream;
use quote::quote;

impl BuilderEmitter<'_> {
    /// The typestate traits: one per state, implemented by `Set` only, whose diagnostic
    /// names the missing field.
    pub(super) fn traits(&self) -> TokenStream {
        let rt = &self.cx.rt;
        let out = self.b.states.iter().map(|st| {
            let (what, hint) = match st.slot {
                Slot::Field(i) => {
                    let f = &self.s.fields[i];
                    let null = self.b.null_setters.get(i).cloned().flatten();
                    let hint = match null {
                        Some(n) => format!(
                            "call `.{}(…)` or `.{n}()` before `.{}()`",
                            f.name, self.b.finish
                        ),
                        None => format!("call `.{}(…)` before `.{}()`", f.name, self.b.finish),
                    };
                    (f.name.clone(), hint)
                }
                Slot::Input(i) => {
                    let input = &self.b.inputs[i];
                    (
                        input.name.clone(),
                        format!("call `.{}(…)` before `.{}()`", input.name, self.b.finish),
                    )
                }
            };
            let tr = trait_name(self.t, &what);
            let message = diagnostic_lit(&format!(
                "`{}::builder()` is missing the required field `{what}`",
                self.t.name
            ));
            let label = diagnostic_lit(&hint);
            let note = match st.slot {
                Slot::Field(_) => {
                    diagnostic_lit(&format!("`{what}` is required by {}", self.required_path))
                }
                Slot::Input(_) => {
                    let derived: Vec<&str> = self
                        .s
                        .fields
                        .iter()
                        .filter(|f| f.derived.is_some())
                        .map(|f| f.json.as_str())
                        .collect();
                    let list: Vec<String> = derived.iter().map(|d| format!("`{d}`")).collect();
                    let verb = if list.len() == 1 { "is" } else { "are" };
                    diagnostic_lit(&format!("{} {verb} derived from `{what}`", list.join(", ")))
                }
            };
            let doc = format!(" Implemented once `{}::{what}` is set.", self.b.name);
            quote! {
                #[doc = #doc]
                #[diagnostic::on_unimplemented(message = #message, label = #label, note = #note)]
                pub trait #tr {}
                impl #tr for #rt::builder::Set {}
            }
        });
        quote!(#(#out)*)
    }
}

/// A string literal for `#[diagnostic::on_unimplemented]`, whose strings are format
/// strings: a brace of the text (an OpenAPI path template in a pointer, `{petId}`, or a
/// property name) is doubled, so it is shown rather than read as a parameter.
fn diagnostic_lit(text: &str) -> proc_macro2::Literal {
    lit(&text.replace('{', "{{").replace('}', "}}"))
}
