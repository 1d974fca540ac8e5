//! Offering a key that no field names to the flattened fields, in declaration order, as serde
//! offers the entries it buffered: a field that takes the key ends the offer, one that reads it
//! and leaves it (`DecodeFields::LEAVES_KEYS`: maps, structs with flattened fields) passes the
//! same value on to the fields after it.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};

use crate::ast::Field;

/// One flattened field: its builder slot (a place expression) and the field.
pub struct Flattened<'a> {
    pub slot: TokenStream,
    pub field: &'a Field<'a>,
}

/// What the offer does around the fields.
pub struct Offer<'a> {
    pub de: &'a syn::Lifetime,
    /// The key, a `&Cow<'de, str>` expression.
    pub key: TokenStream,
    /// Run when a field took the key (`continue`, `return Ok(true)`).
    pub taken: TokenStream,
    /// Run when no field took it: the value is still ahead of the lexer. Also when only fields
    /// that leave keys read it and `deny_unknown_fields` holds (serde then finds the entry still
    /// in its buffer and calls it unknown); the lexer is then back at the value.
    pub not_taken: TokenStream,
    pub deny_unknown_fields: bool,
}

/// The statements offering `offer.key` to `fields`, ending in `offer.taken` or
/// `offer.not_taken` (the latter also as the block's value, so it may be a tail expression).
pub fn offer_to(offer: &Offer, fields: &[Flattened]) -> TokenStream {
    let Offer {
        de,
        key,
        taken,
        not_taken,
        deny_unknown_fields,
    } = offer;
    let take = |f: &Flattened| {
        let slot = &f.slot;
        let ty = f.field.ty;
        let fields_trait = quote_spanned!(f.field.span()=> _fj::DecodeFields<#de>);
        (
            quote!(<#ty as #fields_trait>::decode_field(&mut #slot, #key, __lex)?),
            quote!(<#ty as #fields_trait>::LEAVES_KEYS),
        )
    };

    // A field that leaves the key read its value: the lexer goes back to the value for the next
    // field, and past it (to where that field stopped) when no later field takes the key.
    let last = fields.len() - 1;
    let each = fields.iter().enumerate().map(|(i, f)| {
        let (decode_field, leaves_keys) = take(f);
        if i == last && !deny_unknown_fields {
            quote! {
                if #decode_field {
                    #taken
                }
            }
        } else {
            let remember_end = (!deny_unknown_fields)
                .then(|| quote!(__read_to = _fj::__private::Some(__lex.mark());));
            quote! {
                if #decode_field {
                    if !#leaves_keys {
                        #taken
                    }
                    #remember_end
                    __lex.reset(__value_at);
                }
            }
        }
    });
    // One field and no `deny_unknown_fields`: nothing is read again, so no mark is kept.
    if fields.len() == 1 && !deny_unknown_fields {
        return quote! {
            #(#each)*
            #not_taken
        };
    }
    if *deny_unknown_fields {
        quote! {
            let __value_at = __lex.mark();
            #(#each)*
            #not_taken
        }
    } else {
        quote! {
            let __value_at = __lex.mark();
            let mut __read_to: _fj::__private::Option<_fj::Mark> = _fj::__private::None;
            #(#each)*
            if let _fj::__private::Some(__end) = __read_to {
                __lex.reset(__end);
                #taken
            }
            #not_taken
        }
    }
}
