//! What every decode generator is handed: the container, the `'de` lifetime, and the value a
//! body builds ([`Target`]: the type itself, or the foreign type of a `remote = "Foreign"`
//! mirror, struct or enum).

use proc_macro2::TokenStream;
use quote::quote;

use crate::ast::Container;

/// What every decode generator needs to know about the container.
pub struct Params<'a> {
    pub cont: &'a Container<'a>,
    /// `'de`, or `'static` when a field borrows `'static`.
    pub de: syn::Lifetime,
    /// What a struct's body builds: `Self`, or a `remote` mirror's foreign type.
    pub target: Target,
}

impl Params<'_> {
    /// How "expected ..." errors name the type or one of its variants: serde's text (`default`,
    /// e.g. "struct Name"), or the container's `expecting = "..."`, which replaces it everywhere,
    /// as in serde.
    pub fn expecting(&self, default: impl FnOnce() -> String) -> String {
        self.cont.attrs.expecting.clone().unwrap_or_else(default)
    }
}

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
