//! IR: the Rust-level decisions (names, types, field presence, docs), made once from the
//! schema graph, and read by every emitter (types, serde impls, validators, builders).

pub mod naming;

mod boxing;
mod builder;
mod builder_layout;
pub(crate) mod decoding;
mod defaults;
mod heap_read;
mod implied;
mod lower;
pub(crate) mod mapped;
pub(crate) mod plan;
pub(crate) mod shape;

pub use builder::{Builder, Input, Slot, State};
pub use lower::lower;
pub(crate) use lower::INTERNAL_PARAMS;

use crate::load::NodeId;
use serde_json::Value;

/// Index of a type in [`Module::types`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TypeId(pub usize);

/// The types generated from one root schema.
#[derive(Debug, Clone, PartialEq)]
pub struct Module {
    /// The schema file as the user named it.
    pub source: String,
    /// The types, in emission order (root first, then definitions, then anonymous
    /// types in the order they were found).
    pub types: Vec<TypeDef>,
    /// The root schema's type.
    pub root: Ty,
    /// The structs a tagged union's variants hold in place of the component their branch
    /// names, because the component leaves the tag free (sorted, no duplicates).
    pub tag_members: Vec<TagMember>,
}

/// A tagged union's variant type and the component its branch names: `merged` is the
/// component's properties with the tag pinned to the values that select the branch
/// (`AnimalCat`, for `Cat` under the discriminator `petType`), `member` the component
/// itself (`Cat`, whose `petType` is any string). Emission converts between the two where
/// their other fields are the same (`emit::tag_member`).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct TagMember {
    /// The variant's type.
    pub merged: TypeId,
    /// The component's type.
    pub member: TypeId,
    /// The tag's JSON property name.
    pub property: String,
}

impl Module {
    /// One type.
    pub fn get(&self, id: TypeId) -> &TypeDef {
        &self.types[id.0]
    }
}

/// A named Rust type.
#[derive(Debug, Clone, PartialEq)]
pub struct TypeDef {
    /// The Rust name.
    pub name: String,
    /// Doc text from the schema's `title` and `description`.
    pub docs: Option<String>,
    /// Where it comes from, as `file#pointer`.
    pub origin: String,
    /// The schema node it comes from.
    pub node: NodeId,
    /// Generic parameters (from the generic-property setting), in order.
    pub generics: Vec<String>,
    /// Struct, enum or alias.
    pub kind: TypeKind,
    /// A [`TypeKind::Newtype`] of a string or a number that checks its schema wherever one
    /// is made (the validating-newtypes setting): its field is private, and `new`,
    /// `FromStr`, `TryFrom` and `Deserialize` refuse a value the schema refuses.
    pub validated: bool,
}

impl TypeDef {
    /// The types it holds directly: its fields and typed extras, its variants' payloads,
    /// the type it aliases or wraps.
    pub fn held(&self) -> Vec<&Ty> {
        match &self.kind {
            TypeKind::Struct(s) => {
                let mut out: Vec<&Ty> = s.fields.iter().map(|f| &f.ty).collect();
                if let Extra::Typed(t) = &s.extra {
                    out.push(t);
                }
                out
            }
            TypeKind::Enum(e) => e
                .variants
                .iter()
                .filter_map(|v| match &v.kind {
                    VariantKind::Payload(t) => Some(t),
                    VariantKind::Literal(_) => None,
                })
                .collect(),
            TypeKind::Alias(t) | TypeKind::Newtype(t) => vec![t],
            TypeKind::Tuple(t) => t.items.iter().chain(&t.rest).collect(),
        }
    }
}

/// What a named type is.
#[derive(Debug, Clone, PartialEq)]
pub enum TypeKind {
    /// An object with declared properties.
    Struct(Struct),
    /// A choice: `enum`/`const` literals, `oneOf`/`anyOf` alternatives, or a `type` union.
    Enum(Enum),
    /// Another name for a type (a definition that is an array, a map, a primitive…).
    Alias(Ty),
    /// A tuple struct around one type (`pub struct Name(pub T)`), serialized as `T`. Used
    /// where a name must be a type of its own: the root document type when the root schema
    /// is not a struct or enum that holds every value it accepts (a nullable object, an
    /// array, a primitive), and a definition on a cycle of aliases, which rustc rejects
    /// (`type A = Vec<A>`).
    Newtype(Ty),
    /// A tuple struct from an array schema whose leading items have schemas of their own
    /// (`prefixItems`, or array-form `items` before 2020-12) and which every accepted array
    /// fills (`minItems` at least their count): `pub struct Name(pub A, pub B)`, with a last
    /// `pub Vec<T>` for the further items when the schema allows them.
    Tuple(Tuple),
}

/// A tuple from an array schema ([`TypeKind::Tuple`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Tuple {
    /// The types of the leading items, in order (a nullable one as `Option`, like a
    /// `Vec`'s items).
    pub items: Vec<Ty>,
    /// Doc text of each leading item (its schema's `description` or `title`).
    pub docs: Vec<Option<String>>,
    /// The type of each further item when the schema allows more (`items` of 2020-12,
    /// `additionalItems` before; `serde_json::Value` when it does not say), held in a last
    /// `Vec` field; `None` when it allows none (the tuple is closed).
    pub rest: Option<Ty>,
    /// The items are one schema's, a fixed number of them (`items` alone, `minItems` =
    /// `maxItems`): held as one field `pub [T; N]` ([`Tuple::array_item`]).
    pub array: bool,
}

impl Tuple {
    /// The type of every item when the tuple is held as `[T; N]` (N items): [`Tuple::array`]
    /// is set, the tuple is closed and every item has the same type.
    pub fn array_item(&self) -> Option<&Ty> {
        let first = self.items.first()?;
        (self.array && self.rest.is_none() && self.items.iter().all(|t| t == first))
            .then_some(first)
    }
}

/// A struct from an object schema.
#[derive(Debug, Clone, PartialEq)]
pub struct Struct {
    /// The declared properties, in the schema's order.
    pub fields: Vec<Field>,
    /// What happens to undeclared properties.
    pub extra: Extra,
    /// Whether it records the document's key order in a `key_order` field and serializes in
    /// it (`Settings::preserve_key_order`).
    pub key_order: bool,
    /// Its builder's names, when builders are generated.
    pub builder: Option<Builder>,
    /// Whether its `Deserialize` reads it into a heap box (a large struct; decided after
    /// lowering by `heap_read`).
    pub read_boxed: bool,
}

impl Struct {
    /// The fields the Rust struct holds: every declared property but the implied ones
    /// ([`Field::implied`]).
    pub fn stored_fields(&self) -> impl Iterator<Item = &Field> {
        self.fields.iter().filter(|f| f.implied.is_none())
    }
}

/// How a struct treats properties it does not declare.
#[derive(Debug, Clone, PartialEq)]
pub enum Extra {
    /// `additionalProperties: false`: rejected.
    Deny,
    /// Allowed with any value (`true` or absent): kept in a `serde_json::Map`, in order.
    Preserve,
    /// Allowed with a schema (`additionalProperties: {…}` / `patternProperties`): kept in a
    /// typed map.
    Typed(Ty),
}

/// One declared property.
#[derive(Debug, Clone, PartialEq)]
pub struct Field {
    /// The Rust field name.
    pub name: String,
    /// The JSON property name.
    pub json: String,
    /// The value's type when present and not null.
    pub ty: Ty,
    /// Listed in `required`.
    pub required: bool,
    /// `null` is a valid value (and is kept distinct from absence when optional).
    pub nullable: bool,
    /// Doc text.
    pub docs: Option<String>,
    /// The property's schema node.
    pub node: NodeId,
    /// For a field builders compute instead of taking: the Rust expression of its value.
    pub derived: Option<String>,
    /// The schema's `default` for the property, where the field's Rust type can hold it
    /// (decided after lowering by `defaults::assign`).
    pub default: Option<FieldDefault>,
    /// For a required property whose schema admits one string only (a tag: `"kind":
    /// {"const": "circle"}`): that string. The field is not stored; the struct writes the
    /// string and checks it when read (decided after lowering by `implied::assign`).
    pub implied: Option<String>,
}

/// A property's schema `default`, as a value of the field's Rust type.
#[derive(Debug, Clone, PartialEq)]
pub struct FieldDefault {
    /// The value.
    pub value: DefaultValue,
    /// For an optional field: the method that reads the field with the default filled in
    /// (the field's name, unless that would shadow a method the type already has).
    pub accessor: Option<String>,
}

/// A schema `default` that a Rust type holds as a constant expression.
#[derive(Debug, Clone, PartialEq)]
pub enum DefaultValue {
    /// `null`, for a nullable field.
    Null,
    /// A `bool`.
    Bool(bool),
    /// An `i64`.
    Int(i64),
    /// A `u64`.
    UInt(u64),
    /// An `f64`.
    Float(f64),
    /// A `String`.
    Str(String),
    /// A value held by a validating newtype ([`TypeDef::validated`]): the newtype and
    /// the value it holds (a string or a number), which `build()` checks as any value.
    Newtype(TypeId, Box<DefaultValue>),
    /// A unit variant of a generated enum: the enum and the variant's index.
    Variant(TypeId, usize),
    /// The empty array, for a `Vec`.
    EmptyVec,
}

impl Field {
    /// How the field is held in Rust, from `required` × `nullable`.
    pub fn presence(&self) -> Presence {
        match (self.required, self.nullable && !self.ty.admits_null()) {
            (true, false) => Presence::Required,
            (true, true) => Presence::RequiredNullable,
            (false, false) => Presence::Optional,
            (false, true) => Presence::OptionalNullable,
        }
    }
}

/// How a field's presence and nullability map to Rust.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Presence {
    /// `T`
    Required,
    /// `Option<T>`, `None` written as `null`.
    RequiredNullable,
    /// `Option<T>`, `None` omitted.
    Optional,
    /// `Option<Option<T>>`: absent, `null`, or a value.
    OptionalNullable,
}

/// An enum.
#[derive(Debug, Clone, PartialEq)]
pub struct Enum {
    /// The variants, in the schema's order.
    pub variants: Vec<Variant>,
    /// The keyword it comes from (`enum`, `const`, `oneOf`, `anyOf`, `type`), for messages.
    pub keyword: &'static str,
    /// For a `oneOf`/`anyOf` whose alternatives all require one property pinned to
    /// strings of their own (`const`, or an `enum` of strings): that property, and the decoder
    /// dispatches on it instead of trying each alternative.
    pub tag: Option<Tag>,
    /// How its `Deserialize` reads a value: decided once the module's types are known
    /// (`decoding::assign`); `Buffered`, which is always sound, until then.
    pub decoding: decoding::Decoding,
    /// The unit variant the schema's own `default` names, by index (`impl Default`).
    pub default: Option<usize>,
}

impl Enum {
    /// The enum of a schema that accepts no value (`false`, `not: {}`, `enum: []`): no
    /// variants, so no value of it can be built or read.
    pub fn uninhabited() -> Enum {
        Enum {
            variants: Vec::new(),
            keyword: "false",
            tag: None,
            decoding: decoding::Decoding::Buffered,
            default: None,
        }
    }

    /// Whether it has no variants ([`Enum::uninhabited`]).
    pub fn is_uninhabited(&self) -> bool {
        self.variants.is_empty()
    }

    /// Whether it is an enum of strings: every variant a string literal, and at most one
    /// catch-all `String` payload (the last), so that every value is one string.
    pub fn is_string_enum(&self) -> bool {
        let n = self.variants.len();
        n > 0
            && self
                .variants
                .iter()
                .enumerate()
                .all(|(i, v)| match &v.kind {
                    VariantKind::Literal(l) => l.is_string(),
                    VariantKind::Payload(Ty::String) => i + 1 == n,
                    VariantKind::Payload(_) => false,
                })
    }

    /// The catch-all `String` variant of a string enum, if it has one.
    pub fn catch_all(&self) -> Option<&Variant> {
        self.variants
            .last()
            .filter(|v| matches!(v.kind, VariantKind::Payload(Ty::String)))
    }
}

/// The discriminating property of a tagged union ([`Enum::tag`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Tag {
    /// The JSON property name.
    pub property: String,
    /// The values that select each variant, in the variants' order: one or more each,
    /// and no value selects two variants.
    pub values: Vec<Vec<String>>,
}

/// One enum variant.
#[derive(Debug, Clone, PartialEq)]
pub struct Variant {
    /// The Rust name.
    pub name: String,
    /// Doc text.
    pub docs: Option<String>,
    /// Unit (a literal) or newtype (a payload).
    pub kind: VariantKind,
    /// The `oneOf`/`anyOf` branch it comes from, if any.
    pub branch: Option<NodeId>,
}

/// What a variant holds.
#[derive(Debug, Clone, PartialEq)]
pub enum VariantKind {
    /// Exactly this JSON value (`enum`/`const` members).
    Literal(Value),
    /// A value of this type.
    Payload(Ty),
}

/// A Rust type expression.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Ty {
    /// A generated type.
    Named(TypeId),
    /// A generic parameter of the enclosing type.
    Generic(String),
    /// `serde_json::Value`: any JSON.
    Any,
    /// `()`: only `null`.
    Unit,
    /// `bool`
    Bool,
    /// `String`
    String,
    /// A Rust integer: `i64`, `u64`, or a narrower one the schema's bounds prove every
    /// accepted value fits.
    Int(IntTy),
    /// `f64`
    F64,
    /// `Vec<T>`
    Vec(Box<Ty>),
    /// `IndexMap<String, T>` (document order kept)
    Map(Box<Ty>),
    /// `serde_json::Map<String, Value>`: any object.
    Object,
    /// `Box<T>`: breaks a recursive cycle.
    Boxed(Box<Ty>),
    /// `Option<T>`: nullable inside a container.
    Option(Box<Ty>),
    /// A Rust type the user chose (a `format` mapping, a mapping by pointer, or the
    /// schema's `x-rust-type`): decoded and encoded by its own serde impls.
    Mapped(Box<Mapped>),
}

/// A Rust integer type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum IntTy {
    /// `i8`
    I8,
    /// `i16`
    I16,
    /// `i32`
    I32,
    /// `i64`
    I64,
    /// `u8`
    U8,
    /// `u16`
    U16,
    /// `u32`
    U32,
    /// `u64`
    U64,
}

impl IntTy {
    const ALL: [IntTy; 8] = [
        IntTy::U8,
        IntTy::U16,
        IntTy::U32,
        IntTy::U64,
        IntTy::I8,
        IntTy::I16,
        IntTy::I32,
        IntTy::I64,
    ];

    /// Whether it holds negative values.
    pub fn signed(self) -> bool {
        matches!(self, IntTy::I8 | IntTy::I16 | IntTy::I32 | IntTy::I64)
    }

    /// The Rust name.
    pub fn name(self) -> &'static str {
        match self {
            IntTy::I8 => "i8",
            IntTy::I16 => "i16",
            IntTy::I32 => "i32",
            IntTy::I64 => "i64",
            IntTy::U8 => "u8",
            IntTy::U16 => "u16",
            IntTy::U32 => "u32",
            IntTy::U64 => "u64",
        }
    }

    /// The smallest and largest value.
    pub fn range(self) -> (i128, i128) {
        match self {
            IntTy::I8 => (i8::MIN.into(), i8::MAX.into()),
            IntTy::I16 => (i16::MIN.into(), i16::MAX.into()),
            IntTy::I32 => (i32::MIN.into(), i32::MAX.into()),
            IntTy::I64 => (i64::MIN.into(), i64::MAX.into()),
            IntTy::U8 => (0, u8::MAX.into()),
            IntTy::U16 => (0, u16::MAX.into()),
            IntTy::U32 => (0, u32::MAX.into()),
            IntTy::U64 => (0, u64::MAX.into()),
        }
    }

    /// The 64-bit type of the same signedness, which the runtime's number helpers take.
    pub fn wide(self) -> IntTy {
        if self.signed() {
            IntTy::I64
        } else {
            IntTy::U64
        }
    }

    /// The integer type of a schema's accepted integers `lo..=hi` (either end open): the
    /// smallest whose range holds them all, unsigned first; `u64` for a non-negative
    /// range without an upper end, `i64` otherwise. Every accepted value fits, so the type
    /// is never narrower than the schema (an integer beyond 64 bits aside, as before).
    pub fn fitting(lo: Option<i128>, hi: Option<i128>) -> IntTy {
        let non_negative = lo.is_some_and(|l| l >= 0);
        match (lo, hi) {
            (Some(l), Some(h)) => IntTy::ALL
                .into_iter()
                .find(|t| {
                    let (min, max) = t.range();
                    min <= l && h <= max
                })
                .unwrap_or(if non_negative { IntTy::U64 } else { IntTy::I64 }),
            _ if non_negative => IntTy::U64,
            _ => IntTy::I64,
        }
    }
}

/// A Rust type chosen for a schema instead of the generated one.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Mapped {
    /// The Rust type, as source text that parses as a type.
    pub path: String,
    /// For a `format` mapping: the format, whose check the type's parse replaces.
    pub parses: Option<FormatParse>,
}

/// The `format` a mapped type parses, and the schema node that carries it.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FormatParse {
    /// The format's name, e.g. `date-time`.
    pub format: String,
    /// The string schema whose `format` keyword it is.
    pub node: NodeId,
}

impl Ty {
    /// Whether `null` is already a value of the type (so nullability needs no `Option`).
    pub fn admits_null(&self) -> bool {
        matches!(self, Ty::Any | Ty::Unit | Ty::Option(_))
    }

    /// Whether decoding the type involves JSON-Schema integers outside a named type with
    /// its own `Deserialize` (so that `1.0` must be accepted through
    /// `envgen_runtime::__private::de::Lenient`). Aliases are looked through: `type Count = u64`
    /// is a bare `u64` where it is used.
    pub fn has_bare_int(&self, module: &Module) -> bool {
        self.bare(module, 0, &|t| matches!(t, Ty::Int(_)))
    }

    /// Whether encoding the type involves `f64` outside a named type with its own
    /// `Serialize` (aliases looked through, as for [`Ty::has_bare_int`]).
    pub fn has_bare_float(&self, module: &Module) -> bool {
        self.bare(module, 0, &|t| matches!(t, Ty::F64))
    }

    fn bare(&self, module: &Module, depth: usize, leaf: &dyn Fn(&Ty) -> bool) -> bool {
        // Alias chains are finite (an alias on a cycle is a newtype); the bound only
        // guards against a malformed module.
        if depth > 64 {
            return false;
        }
        match self {
            Ty::Vec(t) | Ty::Map(t) | Ty::Boxed(t) | Ty::Option(t) => {
                t.bare(module, depth + 1, leaf)
            }
            Ty::Named(id) => match &module.get(*id).kind {
                TypeKind::Alias(t) => t.bare(module, depth + 1, leaf),
                _ => false,
            },
            t => leaf(t),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::IntTy;

    #[test]
    fn an_integer_type_holds_every_value_its_bounds_allow() {
        let fit = |lo: Option<i128>, hi: Option<i128>| IntTy::fitting(lo, hi);
        assert_eq!(fit(Some(0), Some(255)), IntTy::U8);
        assert_eq!(fit(Some(0), Some(256)), IntTy::U16);
        assert_eq!(fit(Some(1), Some(65535)), IntTy::U16);
        assert_eq!(fit(Some(0), Some(4_294_967_295)), IntTy::U32);
        assert_eq!(fit(Some(0), Some(4_294_967_296)), IntTy::U64);
        assert_eq!(fit(Some(-128), Some(127)), IntTy::I8);
        assert_eq!(fit(Some(-129), Some(0)), IntTy::I16);
        assert_eq!(fit(Some(-40_000), Some(40_000)), IntTy::I32);
        assert_eq!(fit(Some(-1), Some(i128::from(u32::MAX))), IntTy::I64);
        // An open end keeps 64 bits; a lower bound >= 0 alone is unsigned, as before.
        assert_eq!(fit(Some(0), None), IntTy::U64);
        assert_eq!(fit(None, Some(10)), IntTy::I64);
        assert_eq!(fit(None, None), IntTy::I64);
        // Bounds beyond 64 bits: the 64-bit type (integers beyond it narrow as before).
        assert_eq!(fit(Some(0), Some(1 << 70)), IntTy::U64);
        assert_eq!(fit(Some(-(1 << 70)), Some(0)), IntTy::I64);
        for t in IntTy::ALL {
            let (min, max) = t.range();
            assert_eq!(IntTy::fitting(Some(min), Some(max)), t, "{}", t.name());
        }
    }
}
