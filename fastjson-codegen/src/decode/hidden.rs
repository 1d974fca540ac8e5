//! The keys of an object a flattened tagged or untagged enum must not see when it reads the
//! object again (`__private::HideKeys`), as serde never hands it those entries: the keys the
//! object's own fields name (and an internally tagged variant's tag), and those the flattened
//! fields declared before it take.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};

use crate::ast::Field;

/// The item `__OwnKeys`, a `HideKeys` type for the keys `names`.
pub fn own_keys_item(names: &[String]) -> TokenStream {
    let body = if names.is_empty() {
        quote! {
            const NOTHING: _fj::__private::bool = true;

            #[inline]
            fn hides(
                _: &[::core::primitive::u8],
                _: &mut ::core::primitive::u64,
                _: ::core::primitive::u32,
            ) -> _fj::__private::bool {
                false
            }
        }
    } else {
        quote! {
            #[inline]
            fn hides(
                __key: &[::core::primitive::u8],
                _: &mut ::core::primitive::u64,
                _: ::core::primitive::u32,
            ) -> _fj::__private::bool {
                _fj::__private::names_contain(&[#(#names),*], __key)
            }
        }
    };
    quote! {
        struct __OwnKeys;

        impl _fj::__private::HideKeys for __OwnKeys {
            #body
        }
    }
}

/// For each of `flattened` (in declaration order), the `HideKeys` type of the keys it must not
/// see: `parent`'s, `__OwnKeys`' and those the flattened fields before it take, asked in that
/// order and the fields in declaration order, as serde offers them an entry (a flattened
/// externally tagged enum takes the first entry naming a variant that none asked before it
/// took: `__private::TakenBy`).
pub fn per_field(
    de: &syn::Lifetime,
    parent: TokenStream,
    flattened: &[&Field],
) -> Vec<TokenStream> {
    let mut taken_before = quote!(());
    flattened
        .iter()
        .map(|f| {
            let hidden = quote!((#parent, (__OwnKeys, #taken_before)));
            let ty = f.ty;
            let taken_by = quote_spanned!(f.span()=> _fj::__private::TakenBy<#de, #ty>);
            taken_before = quote!((#taken_before, #taken_by));
            hidden
        })
        .collect()
}

/// `DecodeFields::TAKES_KEYS` for a type that takes the keys `names`: every entry naming one,
/// or (`only_first`, `DecodeFields::TAKES_ONLY_FIRST`) the first.
pub fn takes_keys_const(names: &[String], only_first: bool) -> TokenStream {
    if names.is_empty() {
        return TokenStream::new();
    }
    let only_first = only_first.then(|| {
        quote! {
            const TAKES_ONLY_FIRST: _fj::__private::bool = true;
        }
    });
    quote! {
        const TAKES_KEYS: &'static [&'static _fj::__private::str] = &[#(#names),*];
        #only_first
    }
}

/// `DecodeFields::STOP_SLOTS` of a struct with the flattened fields `flattened`: the stop slots
/// its fields take, so that the flattened fields after it in the enclosing object number theirs
/// after them.
pub fn stop_slots_const(de: &syn::Lifetime, flattened: &[&Field]) -> TokenStream {
    let slots = flattened.iter().map(|f| {
        let ty = f.ty;
        quote_spanned!(f.span()=> <#ty as _fj::DecodeFields<#de>>::STOP_SLOTS)
    });
    quote! {
        const STOP_SLOTS: ::core::primitive::u32 = 0 #(+ #slots)*;
    }
}
