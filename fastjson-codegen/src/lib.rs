//! The fastjson generator: turns a `syn::DeriveInput` into `Encode`/`Decode` impls whose JSON is
//! byte-identical to serde_json + serde_derive for the same type and `#[serde(...)]` attributes.
//!
//! The pipeline is serde_derive's: parse attributes ([`attr`]) into a model ([`ast`]), apply
//! cross-attribute rules ([`check`]), then emit tokens ([`encode`], [`decode`]) inside a hygienic
//! wrapper ([`wrap`]). Every error is collected ([`ctxt`]) and reported at once, with stub impls
//! ([`fallback`]) so nothing else fails after them.

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
mod symbol;
mod wrap;

use proc_macro2::TokenStream;
use quote::quote;

/// Generator settings that are not attributes of the input.
#[derive(Clone, Debug)]
pub struct Options {
    /// The path generated code uses for the runtime (`fastjson` for the derive,
    /// `fastjson_runtime` for the offline generator). `#[serde(crate = "...")]` overrides it.
    pub crate_path: syn::Path,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            crate_path: syn::parse_quote!(fastjson),
        }
    }
}

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
    let cx = ctxt::Ctxt::new();
    let cont = ast::Container::from_ast(&cx, input);
    if let Some(cont) = &cont {
        check::check(&cx, cont);
    }
    let crate_path = cont
        .as_ref()
        .and_then(|cont| cont.attrs.crate_path.clone())
        .unwrap_or_else(|| options.crate_path.clone());
    match (cx.check(), cont) {
        (Ok(()), Some(cont)) => {
            let encode = encode::expand(&cont);
            let decode = decode::expand(&cont);
            wrap::in_const(&crate_path, quote!(#encode #decode))
        }
        (Err(errors), _) => fallback::expand(input, &crate_path, errors),
        (Ok(()), None) => unreachable!("a missing model always records an error"),
    }
}
