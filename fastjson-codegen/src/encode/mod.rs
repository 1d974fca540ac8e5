//! The `Encode` impl (and `EncodeFields` for structs with named fields).
//!
//! Keys and variant names are written as literals escaped at macro time (`w.key(first, "\"id\"")`);
//! values go through their own `Encode` impls, spanned at the field so a missing impl is reported
//! there.

mod enum_;
mod fields;

use proc_macro2::TokenStream;
use quote::quote;

use crate::ast::{Container, Data, Style};
use crate::attr::TagType;
use crate::bound;
use crate::check::transparent_field;
use crate::escape;

pub fn expand(cont: &Container) -> TokenStream {
    let generics = bound::encode_generics(cont);
    let (impl_generics, _, where_clause) = generics.split_for_impl();
    let (_, ty_generics, _) = cont.generics.split_for_impl();
    let ident = cont.ident;

    let body = match &cont.data {
        Data::Struct(style, struct_fields) => struct_body(cont, *style, struct_fields),
        Data::Enum(variants) => enum_::body(cont, variants),
    };

    let fields_impl = match &cont.data {
        Data::Struct(Style::Struct, struct_fields) if !cont.attrs.transparent => {
            let entries = struct_entries(cont, struct_fields);
            quote! {
                #[automatically_derived]
                impl #impl_generics _fj::EncodeFields for #ident #ty_generics #where_clause {
                    fn encode_fields<__F: _fj::Format>(
                        &self,
                        __w: &mut _fj::Writer<'_, __F>,
                        __first: &mut _fj::__private::bool,
                    ) {
                        #entries
                    }
                }
            }
        }
        _ => TokenStream::new(),
    };

    quote! {
        #[automatically_derived]
        impl #impl_generics _fj::Encode for #ident #ty_generics #where_clause {
            fn encode<__F: _fj::Format>(&self, __w: &mut _fj::Writer<'_, __F>) {
                #body
            }
        }

        #fields_impl
    }
}

fn struct_body(cont: &Container, style: Style, struct_fields: &[crate::ast::Field]) -> TokenStream {
    match style {
        Style::Unit => quote!(__w.null();),
        _ if cont.attrs.transparent => {
            let (_, field) = transparent_field(struct_fields).expect("checked in check.rs");
            let member = &field.member;
            fields::value(field, quote!(&self.#member))
        }
        Style::Newtype => {
            let field = &struct_fields[0];
            fields::value(field, quote!(&self.0))
        }
        Style::Tuple => fields::array(struct_fields, false, |_, f| {
            let member = &f.member;
            quote!(&self.#member)
        }),
        Style::Struct => quote! {
            __w.begin_object();
            let __first = &mut true;
            _fj::EncodeFields::encode_fields(self, __w, __first);
            __w.end_object();
        },
    }
}

/// The entries of a named struct, tag first when the struct has `tag = "..."`.
fn struct_entries(cont: &Container, struct_fields: &[crate::ast::Field]) -> TokenStream {
    let tag = match &cont.attrs.tag {
        TagType::Internal { tag } => {
            let key = escape::quoted(tag);
            let name = escape::quoted(&cont.attrs.name.ser);
            quote! {
                __w.key(*__first, #key);
                *__first = false;
                __w.raw(#name);
            }
        }
        _ => TokenStream::new(),
    };
    let entries = fields::entries(struct_fields, cont.attrs.omitempty, |_, f| {
        let member = &f.member;
        quote!(&self.#member)
    });
    quote! {
        #tag
        #entries
    }
}
