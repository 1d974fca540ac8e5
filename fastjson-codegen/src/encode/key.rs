//! `EncodeKey`: the type as a JSON object key, for the shapes serde_json writes as a key without
//! a run-time error: an externally tagged enum whose variants are all unit variants (the
//! variant's name), and a newtype or transparent struct (its field's key). Other shapes get no
//! impl, so a map keyed by them is a compile error rather than serde_json's "key must be a
//! string" at run time.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};

use crate::ast::{Container, Data, Style, Variant};
use crate::attr::TagType;
use crate::{bound, escape};

/// The impl, or nothing when the type cannot be a key.
pub fn expand(cont: &Container, generics: &syn::Generics) -> TokenStream {
    let (encode, len_hint, bound) = match &cont.data {
        Data::Enum(variants) if unit_only(cont, variants) => {
            let (encode, len_hint) = enum_key(cont, variants);
            (encode, len_hint, None)
        }
        // The field a newtype or transparent struct stands for, unless a function writes it.
        Data::Struct(..) => match cont
            .inner_field()
            .filter(|f| f.attrs.serialize_with.is_none())
        {
            Some(field) => {
                let ty = field.ty;
                let member = &field.member;
                let func = quote_spanned!(field.span()=> <#ty as _fj::EncodeKey>::encode_key);
                (
                    quote!(#func(&self.#member, __w, __first)),
                    quote!(<#ty as _fj::EncodeKey>::key_len_hint(&self.#member)),
                    Some(ty),
                )
            }
            None => return TokenStream::new(),
        },
        Data::Enum(_) => return TokenStream::new(),
    };
    // The field's key impl as a higher-ranked bound: a newtype around a non-key type
    // (`Tags(Vec<String>)`) still compiles, and is only refused as a map key.
    let generics = match bound {
        Some(ty) => bound::when_implemented(generics, ty, quote!(_fj::EncodeKey)),
        None => generics.clone(),
    };
    key_impl(cont, &generics, encode, Some(len_hint))
}

/// The `EncodeKey` impl whose `encode_key` is `encode` (over `self`, `__w` and `__first`), with
/// `key_len_hint` when given (else the trait's "unknown"), also for `into` types (`convert`).
pub fn key_impl(
    cont: &Container,
    generics: &syn::Generics,
    encode: TokenStream,
    len_hint: Option<TokenStream>,
) -> TokenStream {
    let (impl_generics, _, where_clause) = generics.split_for_impl();
    let (_, ty_generics, _) = cont.generics.split_for_impl();
    let ident = cont.ident;
    let len_hint = len_hint.map(|len_hint| {
        quote! {
            #[inline]
            fn key_len_hint(&self) -> _fj::__private::usize {
                #len_hint
            }
        }
    });
    quote! {
        #[automatically_derived]
        impl #impl_generics _fj::EncodeKey for #ident #ty_generics #where_clause {
            fn encode_key<__F: _fj::Format>(
                &self,
                __w: &mut _fj::Writer<'_, __F>,
                __first: _fj::__private::bool,
            ) {
                #encode
            }
            #len_hint
        }
    }
}

/// Externally tagged, and every variant written as a bare name (or never written: serde's
/// message as a panic, as in `Encode`); an `untagged` or `serialize_with` variant would be
/// written some other way.
fn unit_only(cont: &Container, variants: &[Variant]) -> bool {
    cont.attrs.tag == TagType::External
        && variants.iter().all(|v| {
            v.attrs.skip_serializing
                || (!v.attrs.untagged
                    && v.attrs.serialize_with.is_none()
                    && v.encoded_style() == Style::Unit)
        })
}

/// The enum's `encode_key` and `key_len_hint` bodies: each variant's quoted name, escaped once.
fn enum_key(cont: &Container, variants: &[Variant]) -> (TokenStream, TokenStream) {
    if variants.is_empty() {
        return (quote!(match *self {}), quote!(match *self {}));
    }
    let name = cont.ident.to_string();
    let (writes, lens): (Vec<_>, Vec<_>) = variants
        .iter()
        .map(|v| {
            let ident = v.ident;
            let quoted = escape::quoted(&v.attrs.name.ser);
            let len = quoted.len();
            let write = if v.attrs.skip_serializing {
                super::enum_::never_written(&name, v)
            } else {
                quote!(__w.key(__first, #quoted))
            };
            (
                quote!(Self::#ident { .. } => #write,),
                quote!(Self::#ident { .. } => #len,),
            )
        })
        .unzip();
    (
        quote!(match self { #(#writes)* }),
        quote!(match self { #(#lens)* }),
    )
}
