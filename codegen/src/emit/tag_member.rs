//! Conversions between a tagged union's variant type and the component its branch names
//! ([`TagMember`]): `From<AnimalCat> for Cat` writes the tag the variant implies, and
//! `TryFrom<Cat> for AnimalCat` takes a cat whose tag selects that variant, giving the cat
//! back otherwise. Generated where the two structs hold the same other fields (the same
//! names, types and presence, the same extras and key order), so that each conversion only
//! moves fields; nothing else is generated for a pair that differs.

use super::rust_ty::ModuleCx;
use super::tokens::{ident, lit};
use crate::ir::{Extra, Field, Module, Presence, Struct, TagMember, Ty, TypeId, TypeKind};
use proc_macro2::TokenStream;
use quote::quote;

/// The conversions of every pair whose variant type is `id`.
pub(crate) fn conversions(cx: &ModuleCx<'_>, id: TypeId) -> TokenStream {
    cx.module
        .tag_members
        .iter()
        .filter(|p| p.merged == id)
        .filter_map(|p| pair(cx.module, p))
        .collect()
}

/// How the variant type holds the tag.
enum MergedTag {
    /// Not stored: the one string its schema admits (`ir::implied`).
    Implied(String),
    /// A field of a string enum without a catch-all: the values that select the variant.
    Enum(TypeId),
}

/// The two impls of one pair; `None` where the structs differ in more than the tag.
fn pair(module: &Module, p: &TagMember) -> Option<TokenStream> {
    let (m, c) = (module.get(p.merged), module.get(p.member));
    let (TypeKind::Struct(ms), TypeKind::Struct(cs)) = (&m.kind, &c.kind) else {
        return None;
    };
    if !m.generics.is_empty() || !c.generics.is_empty() {
        return None;
    }
    if ms.extra != cs.extra || ms.key_order != cs.key_order {
        return None;
    }
    let member_tag = tag_field(cs, &p.property)?;
    let free_string = member_tag.ty == Ty::String
        && member_tag.presence() == Presence::Required
        && member_tag.implied.is_none()
        && member_tag.derived.is_none();
    let merged_tag = tag_field(ms, &p.property)?;
    let held = match (&merged_tag.implied, &merged_tag.ty) {
        (Some(s), _) => MergedTag::Implied(s.clone()),
        (None, Ty::Named(e))
            if merged_tag.presence() == Presence::Required
                && merged_tag.derived.is_none()
                && matches!(&module.get(*e).kind,
                    TypeKind::Enum(en) if en.is_string_enum() && en.catch_all().is_none()) =>
        {
            MergedTag::Enum(*e)
        }
        _ => return None,
    };
    if !free_string || !same_fields(ms, cs, &p.property) {
        return None;
    }
    let (mname, cname) = (ident(&m.name), ident(&c.name));
    let mut moved: Vec<_> = cs
        .stored_fields()
        .filter(|f| f.json != p.property)
        .map(|f| ident(&f.name))
        .collect();
    if cs.extra != Extra::Deny {
        moved.push(ident("extra"));
    }
    if cs.key_order {
        moved.push(ident("key_order"));
    }
    let (ctag, mtag) = (ident(&member_tag.name), ident(&merged_tag.name));
    let (json, mdesc, cdesc) = (&p.property, &m.name, &c.name);
    let from_doc = format!(
        " The [`{cdesc}`] this [`{mdesc}`] is: the same fields, and its `{json}` the tag the \
         variant implies."
    );
    let try_doc = format!(
        " The [`{mdesc}`] of a [`{cdesc}`] whose `{json}` selects it; the [`{cdesc}`] back, \
         unchanged, when its `{json}` is another."
    );
    let (write_tag, take_tag, set_tag) = match held {
        MergedTag::Implied(s) => {
            let s = lit(&s);
            (
                quote!(::std::string::String::from(#s)),
                quote! {
                    if value.#ctag != #s {
                        return ::core::result::Result::Err(value);
                    }
                },
                TokenStream::new(),
            )
        }
        MergedTag::Enum(e) => {
            let ename = ident(&module.get(e).name);
            (
                quote!(::std::string::ToString::to_string(&value.#mtag)),
                quote! {
                    let ::core::result::Result::Ok(#mtag) = value.#ctag.parse::<#ename>() else {
                        return ::core::result::Result::Err(value);
                    };
                },
                quote!(#mtag,),
            )
        }
    };
    Some(quote! {
        #[doc = #from_doc]
        impl ::core::convert::From<#mname> for #cname {
            fn from(value: #mname) -> Self {
                #cname {
                    #ctag: #write_tag,
                    #(#moved: value.#moved,)*
                }
            }
        }

        #[doc = #try_doc]
        impl ::core::convert::TryFrom<#cname> for #mname {
            type Error = #cname;
            fn try_from(value: #cname) -> ::core::result::Result<Self, #cname> {
                #take_tag
                ::core::result::Result::Ok(#mname {
                    #set_tag
                    #(#moved: value.#moved,)*
                })
            }
        }
    })
}

/// The field of property `json`.
fn tag_field<'s>(s: &'s Struct, json: &str) -> Option<&'s Field> {
    s.fields.iter().find(|f| f.json == json)
}

/// Whether the two structs declare the same properties besides the tag, each with the
/// same Rust name, type and presence, none computed by builders, and the same implied
/// constants.
fn same_fields(a: &Struct, b: &Struct, tag: &str) -> bool {
    let others = |s: &'_ Struct| -> Vec<(String, String, Ty, Presence, Option<String>, bool)> {
        let mut v: Vec<_> = s
            .fields
            .iter()
            .filter(|f| f.json != tag)
            .map(|f| {
                (
                    f.json.clone(),
                    f.name.clone(),
                    f.ty.clone(),
                    f.presence(),
                    f.implied.clone(),
                    f.derived.is_some(),
                )
            })
            .collect();
        v.sort_by(|x, y| x.0.cmp(&y.0));
        v
    };
    let (oa, ob) = (others(a), others(b));
    oa == ob && oa.iter().all(|f| !f.5)
}

#[cfg(test)]
mod tests {
    use super::pair;
    use crate::ir::{
        Extra, Field, IntTy, Module, Struct, TagMember, Ty, TypeDef, TypeId, TypeKind,
    };
    use crate::load::NodeId;

    fn field(name: &str, json: &str, ty: Ty, required: bool, implied: Option<&str>) -> Field {
        Field {
            name: name.to_owned(),
            json: json.to_owned(),
            ty,
            required,
            nullable: false,
            docs: None,
            node: NodeId(0),
            derived: None,
            default: None,
            implied: implied.map(str::to_owned),
        }
    }

    fn record(name: &str, fields: Vec<Field>, extra: Extra) -> TypeDef {
        TypeDef {
            name: name.to_owned(),
            docs: None,
            origin: String::new(),
            node: NodeId(0),
            generics: Vec::new(),
            kind: TypeKind::Struct(Struct {
                fields,
                extra,
                key_order: false,
                builder: None,
                read_boxed: false,
            }),
            validated: false,
        }
    }

    /// `AnimalCat` (the tag implied) beside `Cat` (the tag a free string); `name`'s type in
    /// the variant type and the variant type's extras are the parameters.
    fn module(name_ty: Ty, extra: Extra) -> Module {
        let tag = |implied| field("pet_type", "petType", Ty::String, true, implied);
        let merged = record(
            "AnimalCat",
            vec![
                tag(Some("Cat")),
                field("name", "name", name_ty, false, None),
            ],
            extra,
        );
        let member = record(
            "Cat",
            vec![tag(None), field("name", "name", Ty::String, false, None)],
            Extra::Preserve,
        );
        Module {
            source: String::new(),
            types: vec![merged, member],
            root: Ty::Named(TypeId(0)),
            tag_members: Vec::new(),
        }
    }

    fn converts(m: &Module) -> Option<String> {
        let p = TagMember {
            merged: TypeId(0),
            member: TypeId(1),
            property: "petType".to_owned(),
        };
        pair(m, &p).map(|t| t.to_string())
    }

    #[test]
    fn structs_that_differ_only_in_the_tag_convert() {
        let code = converts(&module(Ty::String, Extra::Preserve)).expect("the same fields");
        assert!(code.contains("From < AnimalCat > for Cat"), "{code}");
        assert!(code.contains("TryFrom < Cat > for AnimalCat"), "{code}");
        assert!(code.contains("extra : value . extra"), "{code}");
    }

    #[test]
    fn structs_that_differ_in_more_than_the_tag_do_not() {
        // Another type for `name`, other extras: moving fields would not compile.
        assert_eq!(
            converts(&module(Ty::Int(IntTy::I64), Extra::Preserve)),
            None
        );
        assert_eq!(converts(&module(Ty::String, Extra::Deny)), None);
    }
}
