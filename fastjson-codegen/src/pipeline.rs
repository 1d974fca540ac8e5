//! The one generation path, shared by the derives and the offline generator: parse the model,
//! check it, then emit the impls in the hygienic wrapper.

use proc_macro2::TokenStream;
use quote::quote;

use crate::options::Options;
use crate::{ast, attr, check, ctxt, decode, encode, probe, schema, wrap};

/// What one type expands to: the wrapped impls and the schema they embed (none for a `remote`
/// mirror, which gets no impls: its JSON is another type's; none for an identifier enum, which
/// is never written).
pub struct Expansion {
    pub tokens: TokenStream,
    #[cfg_attr(not(feature = "offline"), allow(dead_code))]
    pub schema: Option<schema::ContainerSchema>,
}

/// The one generation path, shared by the derives ([`crate::expand_with`]) and the offline generator:
/// parse, check, then emit `Encode`, `Decode` and `Schema` (those of `options.sides`) in the
/// hygienic wrapper. On error, every error found, combined, with the crate path for the
/// fallback stubs.
pub fn expand_parts(
    input: &syn::DeriveInput,
    options: &Options,
) -> Result<Expansion, (syn::Error, syn::Path)> {
    let cx = ctxt::Ctxt::new();
    let mut cont = ast::Container::from_ast(&cx, input);
    if let Some(cont) = &mut cont {
        if cont.attrs.serde_fallback {
            probe::probe_fields(cont);
        }
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
