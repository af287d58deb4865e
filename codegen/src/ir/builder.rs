//! The IR of a struct's builder: its names and typestate, decided once when lowering
//! (`builder_layout`) and rendered by `emit::builder`.

/// The Rust names of a struct's builder, decided once so that they never collide with a
/// type, a field or each other.
#[derive(Debug, Clone, PartialEq)]
pub struct Builder {
    /// The builder type (`FooBuilder`, or `FooBuilder2` when a schema type took the name).
    pub name: String,
    /// The finishing method: `build`, unless a field's setter took that name.
    pub finish: String,
    /// The private type that holds the values given so far (`FooBuilderValues`), so that
    /// moving them into another typestate is one move, whatever the field count.
    pub values: String,
    /// The private function that holds the values in a builder of another typestate
    /// (`retype`, unless a setter took that name); every required setter ends with it.
    pub retype: String,
    /// The typestate: one type parameter per value that must be given (required fields that
    /// are not derived, then inputs), in order.
    pub states: Vec<State>,
    /// Per field (in field order), the method that sets it to `null`, for nullable fields.
    pub null_setters: Vec<Option<String>>,
    /// Builder-only values that derived fields are computed from.
    pub inputs: Vec<Input>,
    /// Rules `build()` checks besides the schema.
    pub invariants: Vec<crate::settings::Invariant>,
}

/// One typestate parameter of a builder.
#[derive(Debug, Clone, PartialEq)]
pub struct State {
    /// The type parameter's name (`Code`), unique among the module's type names.
    pub param: String,
    /// What must be set.
    pub slot: Slot,
}

/// What a typestate parameter tracks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Slot {
    /// A required field, by index in [`super::Struct::fields`].
    Field(usize),
    /// A builder input, by index in [`Builder::inputs`].
    Input(usize),
}

/// A builder-only input (not serialized).
#[derive(Debug, Clone, PartialEq)]
pub struct Input {
    /// The setter and local variable name.
    pub name: String,
    /// Its Rust type, as source text that parses as a type.
    pub ty: String,
    /// The setter's doc text.
    pub docs: String,
}
