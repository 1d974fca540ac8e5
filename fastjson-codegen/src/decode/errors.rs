//! Error expressions whose serde_json wording has no direct `Lexer` constructor; kept in one
//! place so they can move to dedicated runtime helpers without touching the generators.

use proc_macro2::TokenStream;
use quote::quote;

/// An array holds more elements than the type reads (serde_json: "trailing characters").
pub fn trailing_elements() -> TokenStream {
    quote!(__lex.err_custom("trailing characters"))
}

/// A bare string named a variant that carries data.
pub fn unit_variant_for(kind: &str) -> TokenStream {
    let msg = format!("invalid type: unit variant, expected {kind}");
    quote!(__lex.err_custom(#msg))
}

/// `{}` where an externally tagged enum's `{"Variant": ...}` was expected.
pub fn empty_enum_object() -> TokenStream {
    quote!(__lex.err_custom("expected value"))
}

/// A second key after the externally tagged variant's value.
pub fn enum_object_end() -> TokenStream {
    quote!(__lex.err_custom("expected value"))
}
