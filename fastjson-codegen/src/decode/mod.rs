//! The `Decode<'de>` impl (and `DecodeFields<'de>` for structs with named fields, `DecodeKey<'de>`
//! for the types serde_json reads from an object key).
//!
//! Generated decoders drive the `Lexer` directly: keys are matched as bytes, values decoded into
//! typed slots, tagged and untagged enums rewind with `mark`/`reset` instead of buffering.

mod builder;
mod convert;
mod enum_adjacent;
mod enum_external;
mod enum_identifier;
mod enum_internal;
mod enum_untagged;
mod errors;
mod field;
mod hidden;
mod key;
mod object;
mod offers;
mod remote;
mod seq;
mod struct_;
mod variant;

use proc_macro2::TokenStream;
use quote::quote;

use self::variant::TagValue;
use crate::ast::{self, Container, Data, Style, Variant};
use crate::attr::{Identifier, TagType};
use crate::bound::{self, DeLifetime};

/// What every decode generator needs to know about the container.
pub struct Params<'a> {
    pub cont: &'a Container<'a>,
    /// `'de`, or `'static` when a field borrows `'static`.
    pub de: syn::Lifetime,
    /// What a struct's body builds: `Self`, or a `remote` mirror's foreign type.
    pub target: remote::Target,
}

impl Params<'_> {
    /// How "expected ..." errors name the type or one of its variants: serde's text (`default`,
    /// e.g. "struct Name"), or the container's `expecting = "..."`, which replaces it everywhere,
    /// as in serde.
    pub fn expecting(&self, default: impl FnOnce() -> String) -> String {
        self.cont.attrs.expecting.clone().unwrap_or_else(default)
    }
}

pub fn expand(cont: &Container) -> TokenStream {
    let de = DeLifetime::of(cont);
    let p = Params {
        cont,
        de: de.lifetime.clone(),
        target: remote::Target::of(cont),
    };
    let generics = bound::decode_generics(cont, &de);
    if cont.attrs.remote.is_some() {
        return remote::expand(&p, &generics);
    }
    if let Some(conversion) = convert::Conversion::of(&p) {
        return convert::expand(&p, &conversion, &generics);
    }
    let (impl_generics, _, where_clause) = generics.split_for_impl();
    let (_, ty_generics, _) = cont.generics.split_for_impl();
    let ident = cont.ident;
    let lifetime = &p.de;

    let body = match &cont.data {
        Data::Struct(style, fields) => struct_::body(&p, *style, fields),
        Data::Enum(variants) => enum_body(&p, variants),
    };

    let fields_impl = match &cont.data {
        Data::Struct(Style::Struct, fields) if !cont.attrs.transparent => {
            builder::expand(&p, fields, &generics)
        }
        Data::Enum(variants) => match ast::flattenable(cont, variants) {
            Some(ast::Flatten::Reread) => enum_fields(&p, &generics),
            Some(ast::Flatten::VariantKey) => enum_external::fields_impl(&p, variants, &generics),
            None => TokenStream::new(),
        },
        _ => TokenStream::new(),
    };

    // Structs with fields read one object or array and end with its closing bracket, which
    // then checks the end of a whole document (`from_slice` returns the value without a copy).
    let ends_with_closing_bracket = match &cont.data {
        Data::Struct(Style::Struct | Style::Tuple, _) if !cont.attrs.transparent => {
            quote!(
                const ENDS_WITH_CLOSING_BRACKET: _fj::__private::bool = true;
            )
        }
        _ => TokenStream::new(),
    };

    let key_impl = key::expand(&p, &generics);

    let missing = match &cont.data {
        Data::Struct(Style::Struct | Style::Tuple | Style::Newtype, fields)
            if cont.attrs.transparent =>
        {
            struct_::transparent_missing(&p, fields)
        }
        _ => TokenStream::new(),
    };

    quote! {
        #[automatically_derived]
        impl #impl_generics _fj::Decode<#lifetime> for #ident #ty_generics #where_clause {
            #ends_with_closing_bracket

            fn decode(__lex: &mut _fj::Lexer<#lifetime>) -> _fj::Result<Self> {
                #body
            }

            #missing
        }

        #fields_impl

        #key_impl
    }
}

/// An enum in its representation (or, with `field_identifier` / `variant_identifier`, as a
/// name whatever the representation: serde's rule). With `#[serde(untagged)]` variants (serde_derive's
/// `enum_::deserialize`), the tagged variants are tried first, as serde tries them on the value it
/// buffered (so a tag may also be a variant's position), then each untagged variant in order.
fn enum_body(p: &Params, variants: &[Variant]) -> TokenStream {
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
fn enum_fields(p: &Params, generics: &syn::Generics) -> TokenStream {
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
