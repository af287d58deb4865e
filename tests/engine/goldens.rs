//! Golden snapshots of the generated code, one per built-in schema, in
//! `generated/snapshots/`. A schema or generator change shows up here as a snapshot diff
//! to review with `cargo insta review`; the `envgen-goldens` crate compiles the accepted
//! files under `#![deny(warnings)]`.

use envgen_codegen::builtin;

#[test]
fn generated_code_matches_the_goldens() {
    let root = env!("CARGO_MANIFEST_DIR");
    let generated = builtin::envelopes(root)
        .generate()
        .unwrap_or_else(|e| panic!("generation failed: {e}"));
    assert_eq!(generated.len(), 20); // 4 envelopes + 6 tool_data + 10 meminit data payloads
    for g in generated {
        insta::with_settings!({
            snapshot_path => "../../generated/snapshots",
            prepend_module_to_snapshot => false,
            omit_expression => true,
            description => format!("envgen output for {}", g.schema.display()),
        }, {
            insta::assert_snapshot!(g.module.clone(), g.code);
        });
    }
}

#[test]
fn generation_is_deterministic() {
    let root = env!("CARGO_MANIFEST_DIR");
    let a = builtin::envelopes(root).generate().unwrap_or_default();
    let b = builtin::envelopes(root).generate().unwrap_or_default();
    assert_eq!(a.len(), 20);
    for (x, y) in a.iter().zip(&b) {
        assert_eq!(
            x.code.as_bytes(),
            y.code.as_bytes(),
            "{} differs between runs",
            x.module
        );
    }
}

/// The four envelopes with `Settings::validators(false)` (`envgen --no-validators`):
/// types, serde impls and builders whose `build()` checks nothing. One golden each, so the
/// `envgen-goldens` crate also compiles this mode under `#![deny(warnings)]` and clippy.
#[test]
fn types_only_code_matches_the_goldens() {
    let root = env!("CARGO_MANIFEST_DIR");
    for (name, file) in [
        ("response-envelope", "response-envelope.json"),
        ("tool-response", "tool-response.json"),
        ("cmdhelp", "cmdhelp.schema.json"),
        ("meminit", "meminit-output-envelope.json"),
    ] {
        let path = format!("{root}/schemas/{file}");
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let settings = builtin::settings(name).validators(false);
        let code = envgen_codegen::generate_source(&format!("schemas/{file}"), &text, &settings)
            .unwrap_or_else(|e| panic!("{file}: {e}"));
        assert!(
            !code.contains("validate_value") && !code.contains("mod validators"),
            "{file}: validators emitted with validators(false)"
        );
        insta::with_settings!({
            snapshot_path => "../../generated/snapshots",
            prepend_module_to_snapshot => false,
            omit_expression => true,
            description => format!("envgen --no-validators output for schemas/{file}"),
        }, {
            insta::assert_snapshot!(format!("types_only_{}", name.replace('-', "_")), code);
        });
    }
}

/// cmdhelp with `Settings::preserve_key_order(true)` (`envgen --preserve-key-order`): one
/// golden, so the `envgen-goldens` crate compiles this mode (builders, validators, the
/// schemars derive) under `#![deny(warnings)]` and clippy too.
#[test]
fn key_order_code_matches_the_golden() {
    let root = env!("CARGO_MANIFEST_DIR");
    let path = format!("{root}/schemas/cmdhelp.schema.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let settings = builtin::settings("cmdhelp").preserve_key_order(true);
    let code = envgen_codegen::generate_source("schemas/cmdhelp.schema.json", &text, &settings)
        .unwrap_or_else(|e| panic!("cmdhelp: {e}"));
    assert!(code.contains("pub key_order: ::envgen_runtime::KeyOrder,"));
    insta::with_settings!({
        snapshot_path => "../../generated/snapshots",
        prepend_module_to_snapshot => false,
        omit_expression => true,
        description => "envgen --preserve-key-order output for schemas/cmdhelp.schema.json",
    }, {
        insta::assert_snapshot!("key_order_cmdhelp", code);
    });
}
