//! The fastjson generator: turns a `syn::DeriveInput` into `Encode`/`Decode`/`Schema` impls whose
//! JSON is byte-identical to serde_json + serde_derive for the same type and `#[serde(...)]`
//! attributes.
//!
//! The pipeline is serde_derive's: parse attributes (`attr`) into a model (`ast`), apply
//! cross-attribute rules (`check`), then emit tokens (`encode`, `decode`, `schema`) inside
//! a hygienic wrapper (`wrap`). Every error is collected (`ctxt`) and reported at once, with
//! stub impls (`fallback`) so nothing else fails after them. The derive ([`expand`]) and the
//! offline generator (`generate_file`, feature `offline`) share that one path, `pipeline`.

#![warn(missing_docs)]

mod ast;
mod attr;
mod bound;
mod case;
mod check;
mod ctxt;
mod decode;
mod encode;
mod escape;
mod fallback;
#[cfg(feature = "files")]
pub mod files;
#[cfg(feature = "offline")]
mod offline;
mod options;
mod pipeline;
mod probe;
mod remote;
mod schema;
mod symbol;
mod wrap;

#[cfg(feature = "offline")]
pub use offline::{generate, generate_file, FileOptions, GenerateError, Generated, Select};

pub use options::{Options, Sides};

use proc_macro2::TokenStream;

/// Generates the impls for `#[derive(FastJson)]` with the default [`Options`].
///
/// ```
/// let input: syn::DeriveInput = syn::parse_quote! {
///     struct Point { x: i32, y: i32 }
/// };
/// let tokens = fastjson_codegen::expand(&input).to_string();
/// assert!(tokens.contains("Encode for Point"));
/// ```
pub fn expand(input: &syn::DeriveInput) -> TokenStream {
    expand_with(input, &Options::default())
}

/// Generates the impls with explicit [`Options`].
pub fn expand_with(input: &syn::DeriveInput, options: &Options) -> TokenStream {
    match pipeline::expand_parts(input, options) {
        Ok(expansion) => expansion.tokens,
        Err((errors, crate_path)) => fallback::expand(input, &crate_path, options.sides, errors),
    }
}
