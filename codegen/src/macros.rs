//! Macros shared by the crate's modules (declared first in `lib.rs`, so every module
//! after it can use them).

/// By-value builder methods whose whole body is one statement on a field of `self`:
///
/// ```text
/// setters! {
///     /// Docs.
///     name(arg: Ty) => field = value;
///     /// Docs.
///     other(a: A, b: B) => field.method(a, b);
/// }
/// ```
///
/// expands to `pub fn name(mut self, arg: Ty) -> Self { self.field = value; self }` and
/// `pub fn other(mut self, a: A, b: B) -> Self { self.field.method(a, b); self }`, with
/// the doc comments (and any other attributes) kept on the methods.
macro_rules! setters {
    () => {};
    (
        $(#[$attr:meta])*
        $name:ident($($arg:ident: $ty:ty),*) => $field:ident = $value:expr;
        $($rest:tt)*
    ) => {
        $(#[$attr])*
        pub fn $name(mut self, $($arg: $ty),*) -> Self {
            self.$field = $value;
            self
        }
        setters!($($rest)*);
    };
    (
        $(#[$attr:meta])*
        $name:ident($($arg:ident: $ty:ty),*) => $field:ident.$method:ident($($value:expr),*);
        $($rest:tt)*
    ) => {
        $(#[$attr])*
        pub fn $name(mut self, $($arg: $ty),*) -> Self {
            self.$field.$method($($value),*);
            self
        }
        setters!($($rest)*);
    };
}
