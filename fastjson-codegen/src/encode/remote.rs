//! `remote = "Foreign"`: the mirror's inherent `encode` function, which writes a `&Foreign`
//! (`#[serde(with = "ForeignDef")]` calls it), reading each field of the foreign value directly
//! or through its `getter`. No trait is implemented, for either type.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};

use super::{convert, enum_, struct_};
use crate::ast::{Container, Data, Field};
use crate::attr::Remote;

pub fn expand(cont: &Container, remote: &Remote, generics: &syn::Generics) -> TokenStream {
    let ident = cont.ident;
    let vis = &cont.original.vis;
    let (impl_generics, _, where_clause) = generics.split_for_impl();
    let (_, ty_generics, _) = cont.generics.split_for_impl();
    let foreign = crate::remote::ty(cont, remote);
    let body = match (&cont.attrs.type_into, &cont.data) {
        (Some(target), _) => {
            let converted = convert::converted(target, quote!(__self));
            quote!(_fj::Encode::encode(&#converted, __w))
        }
        (None, Data::Struct(style, fields)) => struct_::body(cont, *style, fields, &foreign_field),
        (None, Data::Enum(variants)) => {
            let path = crate::remote::literal_path(remote);
            let subject = enum_::Subject {
                value: quote!(__self),
                variants: quote!(#path),
                name: crate::remote::type_name(remote),
                entries_impl: false,
            };
            enum_::body(cont, variants, &subject)
        }
    };
    let pretend = crate::remote::pretend_fields_used(cont);
    let doc = format!(
        " Encodes `{}` values as this mirror describes them: `#[serde(with = \"{ident}\")]`.",
        crate::remote::type_name(remote)
    );
    quote! {
        #[automatically_derived]
        impl #impl_generics #ident #ty_generics #where_clause {
            #[doc = #doc]
            #vis fn encode<__F: _fj::Format>(__self: &#foreign, __w: &mut _fj::Writer<'_, __F>) {
                #pretend
                #body
            }
        }
    }
}

/// A field of the foreign value `__self`, `&__self.member` or `&getter(__self)`, held to the
/// mirror's field type (a getter may return the value or a reference to it), as serde does.
fn foreign_field(field: &Field) -> TokenStream {
    let value = match &field.attrs.getter {
        Some(getter) => {
            let path = &getter.path;
            quote!(&#path(__self))
        }
        None => {
            let member = &field.member;
            quote!(&__self.#member)
        }
    };
    let ty = field.ty;
    let constrain = quote_spanned!(field.span()=> _fj::__private::constrain::<#ty>);
    quote!(#constrain(#value))
}
