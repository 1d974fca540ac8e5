//! A `remote = "Foreign"` mirror's inherent `decode` function, which returns a `Foreign`
//! (`#[serde(with = "ForeignDef")]` calls it). No trait is implemented, for either type; what
//! the body builds is the [`Target`](super::params::Target) in its `Params`.

use proc_macro2::TokenStream;
use quote::quote;

use super::params::Params;
use super::{convert, enum_, struct_};
use crate::ast::Data;

/// `impl ForeignDef { pub fn decode(lex) -> Result<Foreign> }`.
pub fn expand(p: &Params, generics: &syn::Generics) -> TokenStream {
    let cont = p.cont;
    let ident = cont.ident;
    let vis = &cont.original.vis;
    let de = &p.de;
    let (impl_generics, _, where_clause) = generics.split_for_impl();
    let (_, ty_generics, _) = cont.generics.split_for_impl();
    let foreign = &p.target.ty;
    let body = match (convert::Conversion::of(p), &cont.data) {
        (Some(conversion), _) => conversion.decode(foreign),
        (None, Data::Struct(style, fields)) => struct_::body(p, *style, fields),
        (None, Data::Enum(variants)) => enum_::body(p, variants),
    };
    let pretend = crate::remote::pretend_fields_used(cont);
    let doc = format!(
        " Decodes `{}` values as this mirror describes them: `#[serde(with = \"{ident}\")]`.",
        p.target.name
    );
    quote! {
        #[automatically_derived]
        impl #impl_generics #ident #ty_generics #where_clause {
            #[doc = #doc]
            #vis fn decode(__lex: &mut _fj::Lexer<#de>) -> _fj::Result<#foreign> {
                #pretend
                #body
            }
        }
    }
}
