//! `#[derive(FastJson)]`: the proc-macro entry point; all generation lives in `fastjson-codegen`.

use proc_macro::TokenStream;

/// Derives `fastjson::Encode` and `fastjson::Decode` for a struct or enum.
///
/// Reads `#[serde(...)]` attributes with serde's meaning and `#[fastjson(...)]` attributes
/// (which win over serde's). See the README's attribute table.
#[proc_macro_derive(FastJson, attributes(fastjson, serde))]
pub fn derive_fastjson(input: TokenStream) -> TokenStream {
    let input = syn::parse_macro_input!(input as syn::DeriveInput);
    fastjson_codegen::expand(&input).into()
}
