//! `#[derive(FastJson)]`, `#[derive(Encode)]` and `#[derive(Decode)]`: the proc-macro entry
//! points; all generation lives in `fastjson-codegen`.

#![warn(missing_docs)]

use proc_macro::TokenStream;

/// Derives `fastjson::Encode` and `fastjson::Decode` for a struct or enum.
///
/// Reads `#[serde(...)]` attributes with serde's meaning and `#[fastjson(...)]` attributes
/// (which win over serde's). See `fastjson::guide::attributes` for every attribute.
#[proc_macro_derive(FastJson, attributes(fastjson, serde))]
pub fn derive_fastjson(input: TokenStream) -> TokenStream {
    derive(input, fastjson_codegen::Sides::Both)
}

/// Derives `fastjson::Encode` alone (with what writing needs: `EncodeFields` for a struct with
/// named fields, `EncodeKey` where the type can be a map key, and the `Schema` of what it
/// writes), as serde's `Serialize` derive does without `Deserialize`. `#[derive(Encode, Decode)]`
/// is `#[derive(FastJson)]`.
#[proc_macro_derive(Encode, attributes(fastjson, serde))]
pub fn derive_encode(input: TokenStream) -> TokenStream {
    derive(input, fastjson_codegen::Sides::Encode)
}

/// Derives `fastjson::Decode` alone (with `DecodeFields` and `DecodeKey` where they apply), as
/// serde's `Deserialize` derive does without `Serialize`: for types that are only read, such as
/// a request body holding an identifier enum or a field type with only a `Decode` impl.
#[proc_macro_derive(Decode, attributes(fastjson, serde))]
pub fn derive_decode(input: TokenStream) -> TokenStream {
    derive(input, fastjson_codegen::Sides::Decode)
}

fn derive(input: TokenStream, sides: fastjson_codegen::Sides) -> TokenStream {
    let input = syn::parse_macro_input!(input as syn::DeriveInput);
    let options = fastjson_codegen::Options {
        sides,
        ..fastjson_codegen::Options::default()
    };
    fastjson_codegen::expand_with(&input, &options).into()
}
