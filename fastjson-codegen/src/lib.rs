//! The fastjson generator: turns a `syn::DeriveInput` into `Encode`/`Decode`/`Schema` impls whose
//! JSON is byte-identical to serde_json + serde_derive for the same type and `#[serde(...)]`
//! attributes.
//!
//! The pipeline is serde_derive's: parse attributes (`attr`) into a model (`ast`), apply
//! cross-attribute rules (`check`), then emit tokens (`encode`, `decode`, `schema`) inside
//! a hygienic wrapper (`wrap`). Every error is collected (`ctxt`) and reported at once, with
//! stub impls (`fallback`) so nothing else fails after them. The derive ([`expand`]) and the
//! offline generator (`generate_file`, feature `offline`) share that one path, `expand_parts`.

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
mod remote;
mod schema;
mod symbol;
mod wrap;

#[cfg(feature = "offline")]
pub use offline::{generate, generate_file, FileOptions, GenerateError, Generated, Select};

use proc_macro2::TokenStream;
use quote::quote;

/// Generator settings that are not attributes of the input.
#[derive(Clone)]
pub struct Options {
    /// The path generated code uses for the runtime (`fastjson` for the derive,
    /// `fastjson_runtime` for the offline generator). `#[serde(crate = "...")]` overrides it.
    pub crate_path: syn::Path,
    /// Which impls to emit: both sides for `#[derive(FastJson)]`, one for `#[derive(Encode)]`
    /// or `#[derive(Decode)]`.
    pub sides: Sides,
}

/// Which side of a type's JSON a derive generates, as serde splits `Serialize` from
/// `Deserialize`: a type that is only ever read (a request body holding an identifier enum, a
/// field type with only a `Decode` impl) derives `Decode` alone.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Sides {
    /// `Encode` (with `EncodeFields`, `EncodeKey` and the `Schema` of what is written) and
    /// `Decode` (with `DecodeFields` and `DecodeKey`): `#[derive(FastJson)]`.
    #[default]
    Both,
    /// The writing side only: `#[derive(Encode)]`.
    Encode,
    /// The reading side only: `#[derive(Decode)]`.
    Decode,
}

impl Sides {
    /// Whether the writing side (and the schema of what it writes) is generated.
    pub fn encodes(self) -> bool {
        self != Sides::Decode
    }

    /// Whether the reading side is generated.
    pub fn decodes(self) -> bool {
        self != Sides::Encode
    }
}

/// By hand: syn's `Debug` impls need its `extra-traits` feature, which the derive does not
/// pay for (it would double syn's share of every user's cold build).
impl std::fmt::Debug for Options {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Options")
            .field("crate_path", &path_text(&self.crate_path))
            .field("sides", &self.sides)
            .finish()
    }
}

/// A path as its tokens' text, for the hand-written `Debug` impls of the option structs.
fn path_text(path: &syn::Path) -> String {
    quote!(#path).to_string()
}

impl Default for Options {
    fn default() -> Self {
        Options {
            crate_path: syn::parse_quote!(fastjson),
            sides: Sides::Both,
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
    match expand_parts(input, options) {
        Ok(expansion) => expansion.tokens,
        Err((errors, crate_path)) => fallback::expand(input, &crate_path, options.sides, errors),
    }
}

/// What one type expands to: the wrapped impls and the schema they embed (none for a `remote`
/// mirror, which gets no impls: its JSON is another type's; none for an identifier enum, which
/// is never written).
pub(crate) struct Expansion {
    pub tokens: TokenStream,
    #[cfg_attr(not(feature = "offline"), allow(dead_code))]
    pub schema: Option<schema::ContainerSchema>,
}

/// The one generation path, shared by the derives ([`expand_with`]) and the offline generator:
/// parse, check, then emit `Encode`, `Decode` and `Schema` (those of `options.sides`) in the
/// hygienic wrapper. On error, every error found, combined, with the crate path for the
/// fallback stubs.
pub(crate) fn expand_parts(
    input: &syn::DeriveInput,
    options: &Options,
) -> Result<Expansion, (syn::Error, syn::Path)> {
    let cx = ctxt::Ctxt::new();
    let cont = ast::Container::from_ast(&cx, input);
    if let Some(cont) = &cont {
        check::check(&cx, cont);
        check::sides(&cx, cont, options.sides);
    }
    let crate_path = cont
        .as_ref()
        .and_then(|cont| cont.attrs.crate_path.clone())
        .unwrap_or_else(|| options.crate_path.clone());
    match (cx.check(), cont) {
        (Ok(()), Some(cont)) => {
            // An identifier enum is read only, as in serde (whose `Serialize` derive refuses
            // one): no `Encode`, and no `Schema` of an output it never writes.
            let writes = options.sides.encodes() && cont.attrs.identifier == attr::Identifier::No;
            let encode = writes.then(|| encode::expand(&cont));
            let decode = options.sides.decodes().then(|| decode::expand(&cont));
            let schema =
                (writes && cont.attrs.remote.is_none()).then(|| schema::of_container(&cont));
            let schema_impl = schema
                .as_ref()
                .map(|schema| schema::impl_tokens(&cont, schema));
            Ok(Expansion {
                tokens: wrap::in_const(&crate_path, quote!(#encode #decode #schema_impl)),
                schema,
            })
        }
        (Err(errors), _) => Err((errors, crate_path)),
        (Ok(()), None) => unreachable!("a missing model always records an error"),
    }
}
