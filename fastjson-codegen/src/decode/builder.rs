//! `DecodeFields<'de>` for structs with named fields, so they can be flattened into another
//! struct: a builder type holding one slot per field, fed one key at a time.

use proc_macro2::TokenStream;
use proc_macro2::{Group, TokenTree};
use quote::{quote, quote_spanned, ToTokens};

use super::field::{self, slot};
use super::hidden;
use super::offers::{self, Flattened, Offer};
use super::params::Params;
use crate::ast::Field;

pub fn expand(p: &Params, fields: &[Field], generics: &syn::Generics) -> TokenStream {
    let cont = p.cont;
    let ident = cont.ident;
    let de = &p.de;
    let (impl_generics, builder_generics, where_clause) = generics.split_for_impl();
    let (_, ty_generics, _) = cont.generics.split_for_impl();

    let read: Vec<_> = fields
        .iter()
        .enumerate()
        .filter(|(_, f)| !f.attrs.skip_deserializing)
        .collect();
    let this = quote!(#ident #ty_generics);
    let slot_decls = read.iter().map(|(i, f)| {
        let slot = slot(*i);
        // In the builder's own definition `Self` would name the builder.
        let ty = replace_self(f.ty.to_token_stream(), &this);
        let fields_trait = quote_spanned!(f.span()=> _fj::DecodeFields<#de>);
        if f.attrs.flatten {
            let builder = quote_spanned!(f.span()=> <#ty as #fields_trait>::Builder);
            quote!(#slot: #builder,)
        } else {
            quote!(#slot: _fj::__private::Option<#ty>,)
        }
    });
    let slot_inits = read.iter().map(|(i, f)| {
        let slot = slot(*i);
        if f.attrs.flatten {
            let default = quote_spanned!(f.span()=> _fj::__private::Default::default);
            quote!(#slot: #default(),)
        } else {
            quote!(#slot: _fj::__private::None,)
        }
    });

    let mut claimed = Vec::new();
    let keyed: Vec<(usize, &Field, TokenStream)> = read
        .iter()
        .filter(|(_, f)| !f.attrs.flatten)
        .filter_map(|(i, f)| Some((*i, *f, field::key_pattern(f, &mut claimed)?)))
        .collect();
    let arms = keyed.iter().map(|(i, f, pattern)| {
        let slot = slot(*i);
        let assign = field::assign_slot(p, f, quote!(__b.#slot), &quote!(_fj::__private::None));
        quote! {
            #pattern => {
                #assign
                _fj::__private::Ok(true)
            }
        }
    });
    let flattened: Vec<Flattened> = read
        .iter()
        .filter(|(_, f)| f.attrs.flatten)
        .map(|(i, field)| {
            let slot = slot(*i);
            Flattened {
                slot: quote!(__b.#slot),
                field,
            }
        })
        .collect();
    // serde reads a struct with flattened fields as a map, which leaves every entry to the
    // fields after it (`DecodeFields::LEAVES_KEYS`) and, under `deny_unknown_fields`, refuses
    // every entry it is handed that none of its fields takes (a struct without flattened
    // fields is handed only the entries it names).
    let leaves_keys = (!flattened.is_empty()).then(|| {
        quote!(
            const LEAVES_KEYS: _fj::__private::bool = true;
        )
    });
    let offer = if flattened.is_empty() {
        quote!(_fj::__private::Ok(false))
    } else {
        let deny_unknown_fields = cont.attrs.deny_unknown_fields;
        let not_taken = if deny_unknown_fields {
            quote! {
                _fj::__private::Err(
                    __lex.err_custom(::core::format_args!("unknown field `{}`", __key)),
                )
            }
        } else {
            quote!(_fj::__private::Ok(false))
        };
        offers::offer_to(
            &Offer {
                de,
                key: quote!(__key),
                taken: quote!(return _fj::__private::Ok(true)),
                not_taken,
                deny_unknown_fields,
            },
            &flattened,
        )
    };

    // A struct without flattened fields takes the keys it names; one with them takes none (serde
    // reads it as a map), and hands each flattened field the keys it must not see (its parent's,
    // its own, and those taken before the field).
    let flattened_fields: Vec<&Field> = read
        .iter()
        .filter(|(_, f)| f.attrs.flatten)
        .map(|(_, f)| *f)
        .collect();
    let takes_keys = if flattened_fields.is_empty() {
        hidden::takes_keys_const(&claimed, false)
    } else {
        hidden::stop_slots_const(de, &flattened_fields)
    };
    let hidden_keys = hidden::per_field(de, quote!(__H), &flattened_fields);
    let object_at: Vec<TokenStream> = read
        .iter()
        .filter(|(_, f)| f.attrs.flatten)
        .zip(&hidden_keys)
        .map(|((i, f), hidden)| {
            let slot = slot(*i);
            let ty = f.ty;
            let fields_trait = quote_spanned!(f.span()=> _fj::DecodeFields<#de>);
            quote!(<#ty as #fields_trait>::object_at::<#hidden>(&mut __b.#slot, __object);)
        })
        .collect();
    let object_at = (!object_at.is_empty()).then(|| {
        let own_keys = hidden::own_keys_item(&claimed);
        quote! {
            #[inline]
            fn object_at<__H: _fj::__private::HideKeys>(__b: &mut Self::Builder, __object: _fj::Mark) {
                #own_keys
                #(#object_at)*
            }
        }
    });

    let default = &cont.attrs.default;
    let let_default = field::let_default(p, fields, default);
    let members = fields.iter().enumerate().map(|(i, f)| {
        let member = &f.member;
        let slot = slot(i);
        let ty = f.ty;
        let fields_trait = quote_spanned!(f.span()=> _fj::DecodeFields<#de>);
        let value = if f.attrs.skip_deserializing {
            field::skipped_value(f, default)
        } else if f.attrs.flatten {
            quote!(<#ty as #fields_trait>::finish(&mut __b.#slot, __lex)?)
        } else {
            let missing = field::missing_in_object(f, default);
            quote! {
                match _fj::__private::Option::take(&mut __b.#slot) {
                    _fj::__private::Some(__value) => __value,
                    _fj::__private::None => #missing,
                }
            }
        };
        quote!(#member: #value)
    });

    quote! {
        #[doc(hidden)]
        pub struct __Builder #impl_generics #where_clause {
            #(#slot_decls)*
            __marker: _fj::__private::PhantomData<fn() -> (&#de (), #ident #ty_generics)>,
        }

        #[automatically_derived]
        impl #impl_generics _fj::__private::Default for __Builder #builder_generics #where_clause {
            fn default() -> Self {
                __Builder {
                    #(#slot_inits)*
                    __marker: _fj::__private::PhantomData,
                }
            }
        }

        #[automatically_derived]
        impl #impl_generics _fj::DecodeFields<#de> for #ident #ty_generics #where_clause {
            type Builder = __Builder #builder_generics;
            #leaves_keys

            #[inline]
            fn decode_field(
                __b: &mut Self::Builder,
                __key: &_fj::__private::Cow<#de, _fj::__private::str>,
                __lex: &mut _fj::Lexer<#de>,
            ) -> _fj::Result<_fj::__private::bool> {
                match __key.as_bytes() {
                    #(#arms)*
                    _ => {
                        #offer
                    }
                }
            }

            #object_at

            #takes_keys

            #[inline]
            fn finish(__b: &mut Self::Builder, __lex: &_fj::Lexer<#de>) -> _fj::Result<Self> {
                #let_default
                _fj::__private::Ok(Self { #(#members),* })
            }
        }
    }
}

/// `tokens` with every `Self` replaced by `this`.
fn replace_self(tokens: TokenStream, this: &TokenStream) -> TokenStream {
    tokens
        .into_iter()
        .flat_map(|tree| match tree {
            TokenTree::Ident(ident) if ident == "Self" => this.clone(),
            TokenTree::Group(group) => {
                let mut replaced =
                    Group::new(group.delimiter(), replace_self(group.stream(), this));
                replaced.set_span(group.span());
                TokenTree::Group(replaced).into()
            }
            tree => tree.into(),
        })
        .collect()
}
