//! Error expressions with no public `Lexer` constructor (runtime `__private` helpers), in one
//! place.

use proc_macro2::TokenStream;
use quote::quote;

use super::enum_identifier::Source;

/// An array holds more elements than the type reads (serde_json: "trailing characters").
pub fn trailing_elements() -> TokenStream {
    quote!(_fj::__private::err_trailing_elements(__lex))
}

/// A bare string named a variant that carries data: after the string for a value, at the
/// key's opening quote (`__at`) for a map key.
pub fn unit_variant_for(kind: &str, source: Source) -> TokenStream {
    let msg = format!("invalid type: unit variant, expected {kind}");
    match source {
        Source::Value => quote!(__lex.err_custom(#msg)),
        Source::Key => quote!(_fj::__private::err_custom_at(__lex, #msg, __at)),
    }
}

/// `{}` where an externally tagged enum's `{"Variant": ...}` was expected.
pub fn empty_enum_object() -> TokenStream {
    quote!(_fj::__private::err_enum_object(__lex))
}

/// A second key after the externally tagged variant's value.
pub fn enum_object_end() -> TokenStream {
    quote!(_fj::__private::err_enum_object(__lex))
}
