//! Documents nested as deep as the JSON parser allows, through every kind of recursive
//! type: a struct holding an array of itself, a boxed field, a nullable `oneOf`, an array of
//! arrays, a map/array cycle, an untagged union, and the same struct keeping key order.
//!
//! serde_json refuses a document nested more than 127 arrays and objects deep ("recursion
//! limit exceeded"), before any generated code sees it; the tests ask serde_json for its
//! limit rather than assume it. The generated deserializers must
//! parse every document up to that limit on a 2 MiB thread in a debug build (what
//! `cargo test` and `std::thread::spawn` give) without overflowing the stack, and a deeper
//! document must come back as an error located at the instance path where the parser
//! stopped, never as a crash.

use envgen_runtime::Document;

/// What `cargo test` gives each test thread.
const STACK: usize = 2 << 20;

/// The deepest nesting of arrays that serde_json parses as a `Value` (its recursion limit).
fn parser_limit() -> usize {
    (1..1000)
        .take_while(|&n| {
            let text = format!("{}{}", "[".repeat(n), "]".repeat(n));
            serde_json::from_str::<serde_json::Value>(&text).is_ok()
        })
        .last()
        .expect("serde_json parses [[]]")
}

/// A document nested `depth` levels through one recursive property.
type Nest = fn(usize) -> String;

/// How deeply `text` nests arrays and objects (strings here hold no brackets).
fn nesting(text: &str) -> usize {
    let (mut depth, mut max) = (0usize, 0usize);
    for byte in text.bytes() {
        match byte {
            b'{' | b'[' => {
                depth += 1;
                max = max.max(depth);
            }
            b'}' | b']' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    max
}

/// Parses `text` as `T` and, if that succeeds, checks the value and serializes it back,
/// all on a thread with [`STACK`] bytes of stack; an overflow aborts the test binary.
fn parse_on_small_stack<T>(text: String) -> Result<(), String>
where
    T: Document + serde::Serialize + Send + 'static,
{
    std::thread::Builder::new()
        .stack_size(STACK)
        .spawn(move || {
            let options = envgen_runtime::Options::new();
            let value = T::from_json_str_with(&text, &options).map_err(|e| e.to_string())?;
            value.validate_with(&options).map_err(|e| e.to_string())?;
            let back = serde_json::to_string(&value).map_err(|e| e.to_string())?;
            assert_eq!(
                nesting(&back),
                nesting(&text),
                "round trip changed the nesting"
            );
            Ok(())
        })
        .expect("spawn")
        .join()
        .expect("the parse panicked")
}

/// Nests deeper and deeper until the parse fails: every document up to the parser's limit
/// parses, and the first refused one is a located "recursion limit exceeded" error.
fn deepest_accepted<T>(name: &str, nest: Nest)
where
    T: Document + serde::Serialize + Send + 'static,
{
    let limit = parser_limit();
    let mut depth = 0;
    let refusal = loop {
        let text = nest(depth);
        match parse_on_small_stack::<T>(text.clone()) {
            Ok(()) => depth += 1,
            Err(error) => break (nesting(&text), error),
        }
        assert!(depth < 10 * limit, "{name}: no limit reached");
    };
    let deepest = nesting(&nest(depth - 1));
    assert_eq!(deepest, limit, "{name}: the deepest document accepted");
    let (refused_nesting, error) = refusal;
    assert!(
        refused_nesting > limit,
        "{name}: refused within the limit: {error}"
    );
    assert!(
        error.contains("recursion limit exceeded"),
        "{name}: {error}"
    );
    assert!(
        error.starts_with('/'),
        "{name}: the error names no instance path: {error}"
    );
}

fn tree_children(depth: usize) -> String {
    let mut text = r#"{"name":"leaf"}"#.to_string();
    for _ in 0..depth {
        text = format!(r#"{{"children":[{text}],"name":"n"}}"#);
    }
    text
}

fn tree_parent(depth: usize) -> String {
    let mut text = r#"{"name":"root"}"#.to_string();
    for _ in 0..depth {
        text = format!(r#"{{"parent":{text},"name":"n"}}"#);
    }
    text
}

fn list_next(depth: usize) -> String {
    let mut text = r#"{"value":0,"next":null}"#.to_string();
    for i in 0..depth {
        text = format!(r#"{{"next":{text},"value":{i}}}"#);
    }
    format!(r#"{{"name":"n","link":{text}}}"#)
}

fn arrays(depth: usize) -> String {
    format!("{}{}", "[".repeat(depth + 1), "]".repeat(depth + 1))
}

fn forests(depth: usize) -> String {
    let mut text = "{}".to_string();
    for _ in 0..depth {
        text = format!(r#"{{"f":[{text}]}}"#);
    }
    text
}

fn expressions(depth: usize) -> String {
    let mut text = "1".to_string();
    for i in 0..depth {
        text = if i % 2 == 0 {
            format!("[{text}]")
        } else {
            format!(r#"{{"e":{text}}}"#)
        };
    }
    text
}

#[test]
fn a_struct_holding_an_array_of_itself() {
    deepest_accepted::<crate::recursive::Tree>("children", tree_children);
    deepest_accepted::<crate::recursive_ordered::Tree>("children, key order", tree_children);
}

#[test]
fn a_struct_holding_itself_in_a_box() {
    deepest_accepted::<crate::recursive::Tree>("parent", tree_parent);
    deepest_accepted::<crate::recursive_ordered::Tree>("parent, key order", tree_parent);
}

#[test]
fn a_nullable_one_of_chain() {
    deepest_accepted::<crate::recursive::Tree>("next", list_next);
    deepest_accepted::<crate::recursive_ordered::Tree>("next, key order", list_next);
}

#[test]
fn arrays_of_arrays() {
    deepest_accepted::<crate::typed::self_array::SelfArray>("self array", arrays);
}

#[test]
fn a_map_and_array_cycle() {
    deepest_accepted::<crate::typed::map_cycle::MapCycle>("map cycle", forests);
}

#[test]
fn an_untagged_union_cycle() {
    deepest_accepted::<crate::typed::oneof_cycle::OneofCycle>("oneOf cycle", expressions);
}
