//! Per-schema generation settings. Pure data: the build layer ([`crate::Config`]) and the
//! CLI fill them in; the schema files are never edited to carry them.

use std::collections::BTreeMap;

/// When generated types derive `schemars::JsonSchema`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum SchemarsDerive {
    /// Never.
    #[default]
    Never,
    /// Always (the generated crate depends on `schemars` 1.x).
    Always,
    /// Under `#[cfg_attr(feature = "<name>", …)]`.
    Feature(String),
}

/// A property made generic: its type becomes a type parameter of the struct holding it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GenericProperty {
    /// JSON pointer of the property's schema in the root document, e.g. `/properties/data`.
    pub pointer: String,
    /// The type parameter's name, e.g. `T`.
    pub param: String,
    /// Its default, as a Rust type path (`serde_json::Value` unless set).
    pub default: String,
}

/// A value the generated builder computes instead of offering a setter: a field a
/// contract calls "derived", such as ResponseEnvelope's `ok`, which is `true` exactly
/// when the exit code is 0.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DerivedField {
    /// JSON pointer of the property's schema in the root document, e.g. `/properties/ok`.
    pub pointer: String,
    /// A Rust expression of the field's type. It may name the struct's other fields (as
    /// their final Rust values) and the builder inputs.
    pub expr: String,
    /// Values the builder asks for that are not fields (`exit_code: i32`): each becomes a
    /// required setter of the builder.
    pub inputs: Vec<BuilderInput>,
}

/// A builder-only value (not serialized) that a [`DerivedField`] is computed from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BuilderInput {
    /// The setter's name, a Rust identifier.
    pub name: String,
    /// Its Rust type, e.g. `i32`.
    pub ty: String,
    /// The setter's doc text.
    pub docs: String,
}

/// A rule a builder's `build()` checks that no schema keyword holds (a contract's prose
/// rule), over the struct's fields and builder inputs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invariant {
    /// JSON pointer of the struct's schema in the root document (`""` for the root).
    pub pointer: String,
    /// A Rust `bool` expression that must hold.
    pub expr: String,
    /// The instance pointer an error names, e.g. `/error`.
    pub path: String,
    /// The keyword an error names, e.g. `x-error-iff-failure`.
    pub keyword: String,
    /// The error's message.
    pub message: String,
}

/// How one schema becomes Rust.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settings {
    /// Name of the root type; from the schema's `title` (or file stem) when `None`.
    pub(crate) root_name: Option<String>,
    /// Properties made generic.
    pub(crate) generic_properties: Vec<GenericProperty>,
    /// Type or variant names chosen by JSON pointer (root document), overriding the
    /// derived ones.
    pub(crate) renames: BTreeMap<String, String>,
    /// Extra derives for every generated type (paths, e.g. `Eq` or `Hash`).
    pub(crate) extra_derives: Vec<String>,
    /// The `schemars::JsonSchema` derive.
    pub(crate) schemars: SchemarsDerive,
    /// Path of the runtime crate in generated code.
    pub(crate) runtime_path: String,
    /// The file name shown in the `@generated` header and in type docs.
    pub(crate) source_name: Option<String>,
    /// Emit the Rust types (structs, enums, serde impls). Off for validators-only modules.
    pub(crate) types: bool,
    /// Emit validators (`validate_value`, `T::validate`, checked `from_json_str`).
    pub(crate) validators: bool,
    /// Assert `format` by default (the generated `validate_value` and `from_json_str`);
    /// `Options::formats` overrides it per call.
    pub(crate) assert_formats: bool,
    /// Emit a typestate builder for every struct (`T::builder()`, `build()` validates).
    pub(crate) builders: bool,
    /// Fields the builders compute rather than take.
    pub(crate) derived: Vec<DerivedField>,
    /// Rules the builders check besides the schema.
    pub(crate) invariants: Vec<Invariant>,
    /// Every struct keeps the order its document gave the keys in (a `key_order` field)
    /// and serializes in that order, instead of the schema's. Off by default.
    pub(crate) preserve_key_order: bool,
    /// Rust types for string `format`s (`date-time` → `::chrono::DateTime<::chrono::Utc>`),
    /// by format name. See [`Settings::map_format`].
    pub(crate) format_types: BTreeMap<String, String>,
    /// Rust types for whole schemas, by JSON pointer in the root document. See
    /// [`Settings::map_type`].
    pub(crate) type_mappings: BTreeMap<String, String>,
    /// Honour a schema's `x-rust-type` extension (on by default).
    pub(crate) rust_type_extension: bool,
    /// In an OpenAPI document, give the schemas written inline (request bodies,
    /// responses, parameters, headers) types too, not only `components/schemas` (on by
    /// default).
    pub(crate) openapi_inline: bool,
    /// A constrained string or number schema is a validating newtype (off by default). See
    /// [`Settings::validating_newtypes`].
    pub(crate) validating_newtypes: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            root_name: None,
            generic_properties: Vec::new(),
            renames: BTreeMap::new(),
            extra_derives: Vec::new(),
            schemars: SchemarsDerive::Never,
            runtime_path: "::envgen_runtime".to_owned(),
            source_name: None,
            types: true,
            validators: true,
            assert_formats: false,
            builders: true,
            derived: Vec::new(),
            invariants: Vec::new(),
            preserve_key_order: false,
            format_types: BTreeMap::new(),
            type_mappings: BTreeMap::new(),
            rust_type_extension: true,
            openapi_inline: true,
            validating_newtypes: false,
        }
    }
}

impl Settings {
    /// Default settings.
    pub fn new() -> Self {
        Settings::default()
    }

    /// Makes the property at `pointer` generic over `param` (default `serde_json::Value`).
    pub fn generic(mut self, pointer: impl Into<String>, param: impl Into<String>) -> Self {
        self.generic_properties.push(GenericProperty {
            pointer: pointer.into(),
            param: param.into(),
            default: "::serde_json::Value".to_owned(),
        });
        self
    }

    setters! {
        /// Names the root type.
        root_name(name: impl Into<String>) => root_name = Some(name.into());

        /// Names the type or variant generated for the schema at `pointer`.
        rename(pointer: impl Into<String>, name: impl Into<String>) =>
            renames.insert(pointer.into(), name.into());

        /// Adds a derive to every generated type. `Default` is the exception: envgen
        /// implements it wherever every field can take a value (docs/type-mapping.md,
        /// "Defaults and conversions"), so asking for it adds nothing and never produces
        /// code that does not compile.
        derive(path: impl Into<String>) => extra_derives.push(path.into());
    }

    /// Emits only validators (no types): for schemas used to check documents, not to
    /// hold them.
    pub fn validators_only(mut self) -> Self {
        self.types = false;
        self.validators = true;
        self
    }

    setters! {
        /// Emits validators (the default) or leaves them out: with `false`, the output is the
        /// types and their serde impls (and builders, whose `build()` then checks nothing the
        /// types do not), like typify's, and `from_json_str` only parses.
        validators(yes: bool) => validators = yes;

        /// Asserts `format` by default.
        assert_formats(yes: bool) => assert_formats = yes;

        /// Emits builders (on by default).
        builders(yes: bool) => builders = yes;

        /// In an OpenAPI document, gives the schemas written inline under `paths`,
        /// `webhooks` and the components other than `schemas` (request bodies, responses,
        /// parameters, headers) types of their own, named from their operation and role
        /// (`CreatePetRequest`, `CreatePet201Response`); on by default. With `false`, only
        /// the entries of `components/schemas` get types. No effect on other documents.
        openapi_inline(yes: bool) => openapi_inline = yes;
    }

    /// Makes the property at `pointer` derived in builders: no setter, its value is `expr`
    /// (a Rust expression over the other fields and `inputs`), computed in `build()`. The
    /// field is read-only outside the generating crate: `pub(crate)`, read with a getter of
    /// the same name (`env.ok()`), set only by parsing, the builder and the crate's own code.
    ///
    /// ```
    /// # use envgen_codegen::{Settings, BuilderInput};
    /// let s = Settings::new().derived("/properties/ok", "exit_code == 0", [BuilderInput {
    ///     name: "exit_code".into(),
    ///     ty: "i32".into(),
    ///     docs: "The process exit code; `ok` is derived from it.".into(),
    /// }]);
    /// # let _ = s;
    /// ```
    pub fn derived(
        mut self,
        pointer: impl Into<String>,
        expr: impl Into<String>,
        inputs: impl IntoIterator<Item = BuilderInput>,
    ) -> Self {
        self.derived.push(DerivedField {
            pointer: pointer.into(),
            expr: expr.into(),
            inputs: inputs.into_iter().collect(),
        });
        self
    }

    setters! {
        /// Adds a rule that `build()` of the struct at `rule.pointer` checks.
        invariant(rule: Invariant) => invariants.push(rule);

        /// Keeps document key order through a typed round trip (off by default).
        ///
        /// Every generated struct gets a public `key_order: envgen_runtime::KeyOrder` field
        /// (a property named `key_order` becomes the field `key_order_2`). Parsing records the
        /// order the document gave the keys in; serializing writes them in that order, then
        /// keys set after parsing in schema order. Values built by builders or struct literals
        /// (`key_order: Default::default()`) serialize in schema order, as without this
        /// setting. Equality and hashing ignore the recorded order. For programs that edit
        /// files a person also edits, such as configuration.
        preserve_key_order(yes: bool) => preserve_key_order = yes;

        /// Gives every string schema that constrains its value (`minLength`, `maxLength`,
        /// `pattern`) a newtype that cannot hold a string the schema refuses (off by
        /// default): `pub struct ConfigName(String)`, made by `ConfigName::new`, `FromStr`
        /// or `TryFrom<&str>`/`TryFrom<String>`, each of which checks the schema and
        /// returns its `ValidationErrors`; read as `&str` through `Deref`, `as_str()` and
        /// `Display`; (de)serialized as the bare string, its `Deserialize` checking too.
        /// Likewise every integer or number schema with a bound or `multipleOf` its Rust
        /// type does not already imply: `pub struct ConfigPort(u16)` (`Copy`), made by
        /// `new`, `FromStr` or `TryFrom<u16>`, read by `get()` or `Deref`.
        /// Without it such a field is a `String` or a number, checked by `validate()`, the
        /// builder and the typed parse. Needs the validators (docs/type-mapping.md,
        /// "Constrained strings and numbers").
        validating_newtypes(yes: bool) => validating_newtypes = yes;

        /// Maps every string, integer or number schema whose own `format` is `format` to the
        /// Rust type `path` (for example `date-time` → `::chrono::DateTime<::chrono::Utc>`,
        /// `uuid` → `::uuid::Uuid`, `int32` → `i32`). The type must implement
        /// `serde::Deserialize` (from the JSON string or number) and `serde::Serialize`.
        /// Parsing the value into it replaces the `format` check and always applies, whether
        /// formats are asserted or not, so a value the type cannot hold is refused even where
        /// the schema only annotates the format (`3000000000` as an `int32`); the schema's
        /// other keywords are still checked. Write `path` so that it resolves from the
        /// generated module and its child module `validators` (`::chrono::…`, `crate::…`).
        ///
        /// ```
        /// # use envgen_codegen::Settings;
        /// let s = Settings::new().map_format("uuid", "::uuid::Uuid");
        /// # let _ = s;
        /// ```
        map_format(format: impl Into<String>, path: impl Into<String>) =>
            format_types.insert(format.into(), path.into());

        /// Uses the existing Rust type `path` for the schema at `pointer` (a definition, a
        /// property, an item schema) instead of a generated one; it overrides the schema's
        /// `x-rust-type`. The type's own serde impls decode and encode the value; the
        /// schema's keywords are checked on the value's JSON form (see `docs/decisions.md`,
        /// "Type mapping").
        map_type(pointer: impl Into<String>, path: impl Into<String>) =>
            type_mappings.insert(pointer.into(), path.into());

        /// Honours (`true`, the default) or ignores a schema's `x-rust-type` extension.
        rust_type_extension(yes: bool) => rust_type_extension = yes;

        /// Sets the `schemars::JsonSchema` derive.
        schemars(mode: SchemarsDerive) => schemars = mode;

        /// The path generated code names the runtime crate by (`::envgen_runtime` by
        /// default), for a crate that re-exports the runtime under another path.
        runtime_path(path: impl Into<String>) => runtime_path = path.into();

        /// The source name in the `@generated` header (the schema's display name by
        /// default).
        source_name(name: impl Into<String>) => source_name = Some(name.into());
    }
}
