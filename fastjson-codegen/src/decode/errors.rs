//! Error expressions with no public `Lexer` constructor (runtime `__private` helpers), in one
//! place.

use proc_macro2::TokenStream;
use quote::quote;

/// An array holds more elements than the type reads (serde_json: "trailing characters").
pub fn trailing_elements() -> TokenStream {
    quote!(_fj::__private::err_trailing_elements(__lex))
}

/// `{}` where an externally tagged enum's `{"Variant": ...}` was expected.
pub fn empty_enum_object() -> TokenStream {
    quote!(_fj::__private::err_enum_object(__lex))
}

/// A second key after the externally tagged variant's value.
pub fn enum_object_end() -> TokenStream {
    quote!(_fj::__private::err_enum_object(__lex))
}
