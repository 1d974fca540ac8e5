//! An enum's decode body in its representation (dispatching to `enum_external`, `enum_internal`,
//! `enum_adjacent`, `enum_untagged`, `enum_identifier`), and the `DecodeFields` of a flattened
//! enum that reads the enclosing object again.

use proc_macro2::TokenStream;
use quote::quote;

use super::params::Params;
use super::variant::{self, TagValue};
use super::{enum_adjacent, enum_external, enum_identifier, enum_internal, enum_untagged};
use crate::ast::{self, Variant};
use crate::attr::{Identifier, TagType};

/// An enum in its representation (or, with `field_identifier` / `variant_identifier`, as a
/// name whatever the representation: serde's rule). With `#[serde(untagged)]` variants (serde_derive's
/// `enum_::deserialize`), the tagged variants are tried first, as serde tries them on the value it
/// buffered (so a tag may also be a variant's position), then each untagged variant in order.
pub fn body(p: &Params, variants: &[Variant]) -> TokenStream {
    if p.cont.attrs.identifier != Identifier::No {
        return enum_identifier::body(p, variants);
    }
    let tag = &p.cont.attrs.tag;
    let (tagged, untagged) = ast::split_untagged(variants);
    if *tag == TagType::Untagged {
        return enum_untagged::body(p, variants, None);
    }
    if untagged.is_empty() {
        return tagged_body(p, variants, TagValue::Name);
    }
    let tagged = (!variant::decodable(tagged).is_empty())
        .then(|| tagged_body(p, tagged, TagValue::NameOrIndex));
    enum_untagged::body(p, untagged, tagged)
}

/// The body decoding `variants` in the container's (tagged) representation.
fn tagged_body(p: &Params, variants: &[Variant], tag_value: TagValue) -> TokenStream {
    match &p.cont.attrs.tag {
        TagType::External => enum_external::body(p, variants),
        TagType::Internal { tag } => enum_internal::body(p, variants, tag, tag_value),
        TagType::Adjacent { tag, content } => {
            enum_adjacent::body(p, variants, tag, content, tag_value)
        }
        TagType::Untagged => enum_untagged::body(p, variants, None),
    }
}

/// `DecodeFields` for a flattened internally tagged or untagged enum: it keeps where the
/// enclosing object starts and which of its keys serde would not hand it
/// (`__private::HideKeys`), and in `finish` reads that object again as its own without those
/// keys (the tag and its variant's fields wherever they are, every other key ignored unless
/// `deny_unknown_fields`; an untagged enum's variants tried on it in order), as serde reads the
/// entries it buffered as a map. An adjacently tagged enum instead takes its tag and content
/// entries as they are offered (`enum_adjacent::fields_impl`), as serde reads the buffer as a
/// struct of those two fields, taking each entry it asks for.
pub fn reread_fields_impl(p: &Params, generics: &syn::Generics) -> TokenStream {
    let cont = p.cont;
    if let (TagType::Adjacent { tag, content }, ast::Data::Enum(variants)) =
        (&cont.attrs.tag, &cont.data)
    {
        return enum_adjacent::fields_impl(p, variants, tag, content, generics);
    }
    let (impl_generics, _, where_clause) = generics.split_for_impl();
    let (_, ty_generics, _) = cont.generics.split_for_impl();
    let ident = cont.ident;
    let de = &p.de;
    quote! {
        #[automatically_derived]
        impl #impl_generics _fj::DecodeFields<#de> for #ident #ty_generics #where_clause {
            type Builder = _fj::__private::RereadBuilder;

            #[inline]
            fn decode_field(
                _: &mut Self::Builder,
                __key: &_fj::__private::Cow<#de, _fj::__private::str>,
                __lex: &mut _fj::Lexer<#de>,
            ) -> _fj::Result<_fj::__private::bool> {
                let _ = (__key, __lex);
                _fj::__private::Ok(false)
            }

            #[inline]
            fn object_at<__H: _fj::__private::HideKeys>(__b: &mut Self::Builder, __object: _fj::Mark) {
                _fj::__private::reread_object_at::<__H>(__b, __object);
            }

            // Inline, so that an enum nothing flattens compiles no copy of it (nor of the
            // `decode` it may inline).
            #[inline]
            fn finish(__b: &mut Self::Builder, __lex: &_fj::Lexer<#de>) -> _fj::Result<Self> {
                <Self as _fj::Decode<#de>>::decode(&mut _fj::__private::reread_fork(__b, __lex)?)
            }
        }
    }
}
