//! What a decode body builds ([`Target`]: the type itself, or the foreign type of a
//! `remote = "Foreign"` mirror, struct or enum), and the mirror's inherent `decode` function, which returns a
//! `Foreign` (`#[serde(with = "ForeignDef")]` calls it). No trait is implemented, for either
//! type.

use proc_macro2::TokenStream;
use quote::quote;

use super::{convert, struct_, Params};
use crate::ast::{Container, Data};

/// The value a struct's decode body builds.
pub struct Target {
    /// The type the body returns (in a `Result`): `Self`, or the foreign type.
    pub ty: TokenStream,
    /// The path of the struct literal the fields go into: `Self`, or the foreign type's. When a
    /// field has a `getter` the foreign fields are private, so the literal is the mirror
    /// (`Self`), converted with `Into` (serde's rule).
    pub construct: TokenStream,
    /// Whether the literal is converted with `Into<ty>`.
    into: bool,
    /// Whether the body builds a `remote` mirror's foreign type.
    remote: bool,
    /// `struct Name` in errors: the foreign type's name for a mirror, as in serde.
    pub name: String,
    /// What an enum's variants are reached through: `Self`, or the foreign type's path.
    variants: TokenStream,
}

impl Target {
    pub fn of(cont: &Container) -> Target {
        let Some(remote) = &cont.attrs.remote else {
            return Target {
                ty: quote!(Self),
                construct: quote!(Self),
                into: false,
                remote: false,
                name: cont.ident.to_string(),
                variants: quote!(Self),
            };
        };
        let path = crate::remote::literal_path(remote);
        let into = cont.all_fields().any(|field| field.attrs.getter.is_some());
        let construct = if into { quote!(Self) } else { quote!(#path) };
        Target {
            ty: crate::remote::ty(cont, remote),
            construct,
            into,
            remote: true,
            name: crate::remote::type_name(remote),
            variants: quote!(#path),
        }
    }

    /// The path of variant `ident` of the enum the body builds: `Self::V`, or the foreign
    /// type's (`Foreign::V`, `Foreign::<u8>::V`).
    pub fn variant(&self, ident: &syn::Ident) -> TokenStream {
        let variants = &self.variants;
        quote!(#variants::#ident)
    }

    /// Whether the body builds the derived type itself, which then has a `DecodeFields` builder.
    pub fn is_self(&self) -> bool {
        !self.remote
    }

    /// `Ok(literal)`, the literal converted where it is the mirror.
    pub fn ok(&self, literal: TokenStream) -> TokenStream {
        if self.into {
            let ty = &self.ty;
            quote!(_fj::__private::Ok(_fj::__private::Into::<#ty>::into(#literal)))
        } else {
            quote!(_fj::__private::Ok(#literal))
        }
    }
}

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
        (None, Data::Enum(variants)) => super::enum_body(p, variants),
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
