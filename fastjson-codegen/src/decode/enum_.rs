//! An enum's decode body in its representation (dispatching to `enum_external`, `enum_internal`,
//! `enum_adjacent`, `enum_untagged`, `enum_identifier`), and the `DecodeFields` of a flattened
//! enum that reads the enclosing object again.

use proc_macro2::TokenStream;
use quote::quote;

use super::params::Params;
use super::variant::{self, TagValue};
use super::{enum_adjacent, enum_external, enum_identifier, enum_internal, enum_untagged, hidden};
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

/// `DecodeFields` for a flattened internally tagged, adjacently tagged or untagged enum: it
/// keeps where the enclosing object starts and which of its keys serde would not hand it
/// (`__private::HideKeys`), and in `finish` reads that object again as its own without those
/// keys (the tag and its variant's fields wherever they are, every other key ignored unless
/// `deny_unknown_fields`; an untagged enum's variants tried on it in order), as serde reads the
/// entries it buffered. An internally tagged or untagged enum takes no key as they are offered
/// (serde reads the buffer as a map); an adjacently tagged one takes its tag and content keys and
/// sees no other (serde reads the buffer as a struct of those two fields).
pub fn reread_fields_impl(p: &Params, generics: &syn::Generics) -> TokenStream {
    let cont = p.cont;
    let (impl_generics, _, where_clause) = generics.split_for_impl();
    let (_, ty_generics, _) = cont.generics.split_for_impl();
    let ident = cont.ident;
    let de = &p.de;
    // What `decode_field` does with a key, the keys it takes, and `object_at`'s body.
    let (take, takes_keys, hidden) = match &cont.attrs.tag {
        TagType::Adjacent { tag, content } => {
            let names = [tag.clone(), content.clone()];
            (
                quote! {
                    if _fj::__private::names_contain(&[#(#names),*], __key.as_bytes()) {
                        __lex.skip_value()?;
                        return _fj::__private::Ok(true);
                    }
                },
                hidden::takes_keys_const(&names, false),
                quote! {
                    struct __OtherKeys;

                    impl _fj::__private::HideKeys for __OtherKeys {
                        #[inline]
                        fn hides(
                            __key: &[::core::primitive::u8],
                            _: &mut ::core::primitive::u64,
                            _: ::core::primitive::u32,
                        ) -> _fj::__private::bool {
                            !_fj::__private::names_contain(&[#(#names),*], __key)
                        }
                    }
                    _fj::__private::reread_object_at::<(__H, __OtherKeys)>(__b, __object);
                },
            )
        }
        _ => (
            quote!(let _ = (__key, __lex);),
            TokenStream::new(),
            quote!(_fj::__private::reread_object_at::<__H>(__b, __object);),
        ),
    };
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
                #take
                _fj::__private::Ok(false)
            }

            #takes_keys

            #[inline]
            fn object_at<__H: _fj::__private::HideKeys>(__b: &mut Self::Builder, __object: _fj::Mark) {
                #hidden
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
