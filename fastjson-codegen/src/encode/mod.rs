//! The `Encode` impl (and `EncodeFields` for structs with named fields, `EncodeKey` for the
//! types serde_json writes as an object key).
//!
//! Keys and variant names are written as literals escaped at macro time
//! (`w.field_key(false, ",\"id\":")`, the separator decided at compile time where it can be);
//! values go through their own `Encode` impls, spanned at the field so a missing impl is reported
//! there.

mod convert;
mod enum_;
mod fields;
mod key;
mod len_hint;
mod remote;

use proc_macro2::TokenStream;
use quote::quote;

use crate::ast::transparent_field;
use crate::ast::{Container, Data, Field, Style};
use crate::attr::TagType;
use crate::bound;
use crate::escape;

pub fn expand(cont: &Container) -> TokenStream {
    let generics = bound::encode_generics(cont);
    if let Some(remote) = &cont.attrs.remote {
        return remote::expand(cont, remote, &generics);
    }
    if let Some(target) = &cont.attrs.type_into {
        return convert::expand(cont, target, &generics);
    }
    let (impl_generics, _, where_clause) = generics.split_for_impl();
    let (_, ty_generics, _) = cont.generics.split_for_impl();
    let ident = cont.ident;

    let body = match &cont.data {
        Data::Struct(style, struct_fields) => struct_body(cont, *style, struct_fields, &by_self),
        Data::Enum(variants) => enum_::body(cont, variants, &enum_::Subject::of_self(cont)),
    };

    let fields_impl = match &cont.data {
        Data::Struct(Style::Struct, struct_fields) if !cont.attrs.transparent => {
            let entries = struct_entries(cont, struct_fields, fields::First::Runtime, &by_self);
            let fields_hint = len_hint::fields_body(cont, struct_fields);
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

                    // Inlined into `encoded_len_hint` (see `len_hint::body`).
                    #[inline]
                    fn encoded_fields_len_hint(&self) -> _fj::__private::usize {
                        #fields_hint
                    }
                }
            }
        }
        Data::Enum(variants) if crate::ast::flattenable(cont, variants).is_some() => {
            let entries = enum_::fields_body(cont, variants, &enum_::Subject::of_self(cont));
            // An untagged newtype variant writes its value's entries: the impl holds when every
            // such value flattens, and is only refused where something flattens the enum
            // (`enum Id { Num(u64), Name(String) }` still derives).
            let fields_generics = variants
                .iter()
                .filter(|v| {
                    v.tag(&cont.attrs.tag) == &TagType::Untagged
                        && v.encoded_style() == Style::Newtype
                })
                .fold(generics.clone(), |g, v| {
                    bound::when_implemented(&g, v.fields[0].ty, quote!(_fj::EncodeFields))
                });
            let (impl_generics, _, where_clause) = fields_generics.split_for_impl();
            quote! {
                #[automatically_derived]
                impl #impl_generics _fj::EncodeFields for #ident #ty_generics #where_clause {
                    #[allow(unused_variables)]
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

    let key_impl = key::expand(cont, &generics);
    let hint = len_hint::body(cont);
    // An enum's arms bind the fields `encode` writes; the estimate skips `serialize_with` ones.
    let allow_unused =
        matches!(cont.data, Data::Enum(_)).then(|| quote!(#[allow(unused_variables)]));
    quote! {
        #[automatically_derived]
        impl #impl_generics _fj::Encode for #ident #ty_generics #where_clause {
            fn encode<__F: _fj::Format>(&self, __w: &mut _fj::Writer<'_, __F>) {
                #body
            }

            #allow_unused
            fn encoded_len_hint(&self) -> _fj::__private::usize {
                #hint
            }
        }

        #fields_impl

        #key_impl
    }
}

/// How the generated code reaches a field's value: an expression of type `&FieldType`.
type Access<'a> = &'a dyn Fn(&Field) -> TokenStream;

/// `&self.member`: a field of the derived type itself.
fn by_self(field: &Field) -> TokenStream {
    let member = &field.member;
    quote!(&self.#member)
}

fn struct_body(
    cont: &Container,
    style: Style,
    struct_fields: &[Field],
    access: Access,
) -> TokenStream {
    match style {
        Style::Unit => quote!(__w.null();),
        _ if cont.attrs.transparent => {
            let (_, field) = transparent_field(struct_fields).expect("checked in check.rs");
            fields::value(field, access(field))
        }
        Style::Newtype => {
            let field = &struct_fields[0];
            fields::value(field, access(field))
        }
        Style::Tuple => fields::array(struct_fields, false, |_, f| access(f)),
        // The entries again rather than a call to `encode_fields`: here the first entry is known
        // at compile time, so every separator after the first unconditional field is a constant.
        // (`encode_fields` is generic, so it is compiled only where something flattens this type.)
        Style::Struct => {
            let entries = struct_entries(cont, struct_fields, fields::First::Yes, access);
            quote! {
                __w.begin_object();
                #entries
                __w.end_object();
            }
        }
    }
}

/// The entries of a named struct, tag first when the struct has `tag = "..."`, starting in
/// `start` ([`fields::First::Runtime`] inside `EncodeFields`, which must leave `*__first` right).
fn struct_entries(
    cont: &Container,
    struct_fields: &[Field],
    start: fields::First,
    access: Access,
) -> TokenStream {
    let mut out = fields::EntryWriter::new(start);
    if let TagType::Internal { tag } = &cont.attrs.tag {
        let name = escape::quoted(&cont.attrs.name.ser);
        out.entry(tag, quote!(__w.raw(#name);), None);
    }
    fields::entries(&mut out, struct_fields, cont.attrs.omitempty, |_, f| {
        access(f)
    });
    let runtime = start == fields::First::Runtime;
    let declare = (!runtime && out.uses_flag()).then(|| quote!(let __first = &mut true;));
    let entries = out.finish();
    quote! {
        #declare
        #entries
    }
}
