//! Decoding named fields from a JSON object: one pass over the keys, matched as bytes, each value
//! decoded straight into its slot.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned, ToTokens};

use super::field::{self, slot};
use super::Params;
use crate::ast::Field;
use crate::attr;

/// What to build and how.
pub struct ObjectForm<'a> {
    pub fields: &'a [Field<'a>],
    /// `Name` or `Name::Variant`.
    pub construct: TokenStream,
    /// For the invalid-type error when the value is not an object (`struct Name`).
    pub expecting: String,
    /// `{` already consumed and `__first` in scope (internally tagged enums).
    pub begun: bool,
    /// The internal tag key: skipped once when `__tag_pending`, a duplicate otherwise.
    pub internal_tag: Option<&'a str>,
    pub deny_unknown_fields: bool,
    /// The container's `default` (structs only).
    pub default: &'a attr::DefaultValue,
}

/// Statements ending in an expression of the built type; errors `return` from the enclosing fn
/// or closure.
pub fn body(p: &Params, form: &ObjectForm) -> TokenStream {
    let de = &p.de;
    let begin = if form.begun {
        TokenStream::new()
    } else {
        let expecting = &form.expecting;
        quote! {
            __lex.begin_object_expecting(#expecting)?;
            let mut __first = true;
        }
    };

    let read = form
        .fields
        .iter()
        .enumerate()
        .filter(|(_, f)| !f.attrs.skip_deserializing);
    let slots = read.clone().map(|(i, f)| {
        let slot = slot(i);
        let ty = f.ty;
        let fields_trait = quote_spanned!(f.span()=> _fj::DecodeFields<#de>);
        if f.attrs.flatten {
            let default = quote_spanned!(f.span()=> _fj::__private::Default::default);
            let builder = quote_spanned!(f.span()=> <#ty as #fields_trait>::Builder);
            quote!(let mut #slot: #builder = #default();)
        } else {
            quote!(let mut #slot: _fj::__private::Option<#ty> = _fj::__private::None;)
        }
    });

    // The fields a key can reach, in declaration order: (slot, field, `b"name" | b"alias"`).
    let mut claimed = Vec::new();
    let keyed: Vec<(usize, &Field, TokenStream, Option<String>)> = read
        .clone()
        .filter(|(_, f)| !f.attrs.flatten)
        .filter_map(|(i, f)| {
            let primary = (!claimed.contains(&f.attrs.name.de)).then(|| f.attrs.name.de.clone());
            let pattern = field::key_pattern(f, &mut claimed)?;
            Some((i, f, pattern, primary))
        })
        .collect();
    let arms: Vec<TokenStream> = keyed
        .iter()
        .map(|(i, f, pattern, _)| {
            let assign = assign_slot(p, f, slot(*i).into_token_stream());
            quote!(#pattern => { #assign })
        })
        .collect();
    let tag_arm = form.internal_tag.map(tag_arm);

    let flattened: Vec<_> = read.clone().filter(|(_, f)| f.attrs.flatten).collect();
    let unknown_field = |names: &mut dyn Iterator<Item = String>| {
        if form.deny_unknown_fields {
            quote! {{
                let __key = __key.to_vec();
                return _fj::__private::Err(__lex.err_unknown_field(&__key, &[#(#names),*]));
            }}
        } else {
            quote!(__lex.skip_value()?)
        }
    };
    let key_loop = if flattened.is_empty() && !keyed.is_empty() {
        // Predict the field declared after the last one read; a hit costs one comparison.
        let count = keyed.len();
        let predictions = keyed.iter().map(|(_, _, _, primary)| match primary {
            Some(name) if !name.contains(['"', '\\']) && !name.contains(|c: char| c < ' ') => {
                field::byte_lit(&format!("\"{name}\""))
            }
            _ => field::byte_lit(""),
        });
        let index_arms = keyed
            .iter()
            .enumerate()
            .map(|(k, (_, _, pattern, _))| quote!(#pattern => #k,));
        let assign_arms = keyed.iter().enumerate().map(|(k, (i, f, _, _))| {
            let assign = assign_slot(p, f, slot(*i).into_token_stream());
            if k + 1 == count {
                quote!(_ => { #assign })
            } else {
                quote!(#k => { #assign })
            }
        });
        let tag_then_continue = form.internal_tag.map(|tag| {
            let pattern = field::byte_lit(tag);
            let body = tag_body(tag);
            quote!(#pattern => { #body continue; })
        });
        let unknown = unknown_field(&mut read.clone().flat_map(|(_, f)| f.attrs.name.de_names()));
        // An unknown key is an error (which returns) or skipped (then the next key).
        let unknown_then_next = if form.deny_unknown_fields {
            unknown
        } else {
            quote!({ #unknown; continue; })
        };
        quote! {
            const __PREDICTIONS: [&[::core::primitive::u8]; #count] = [#(#predictions),*];
            let mut __predicted: ::core::primitive::usize = 0;
            loop {
                let __field: ::core::primitive::usize = match __lex.next_key_or(&mut __first, __PREDICTIONS[__predicted])? {
                    _fj::Key::Predicted => __predicted,
                    _fj::Key::Scanned(__key) => match __key {
                        #(#index_arms)*
                        #tag_then_continue
                        _ => #unknown_then_next,
                    },
                    _fj::Key::End => break,
                };
                match __field {
                    #(#assign_arms)*
                }
                __predicted = if __field + 1 == #count { 0 } else { __field + 1 };
            }
        }
    } else if flattened.is_empty() {
        let unknown = unknown_field(&mut read.clone().flat_map(|(_, f)| f.attrs.name.de_names()));
        quote! {
            loop {
                match __lex.next_key(&mut __first)? {
                    _fj::__private::Some(__key) => match __key {
                        #(#arms)*
                        #tag_arm
                        _ => #unknown,
                    },
                    _fj::__private::None => break,
                }
            }
        }
    } else {
        let offers = flattened.iter().map(|(i, f)| {
            let slot = slot(*i);
            let ty = f.ty;
            let fields_trait = quote_spanned!(f.span()=> _fj::DecodeFields<#de>);
            quote! {
                if <#ty as #fields_trait>::decode_field(&mut #slot, &__key, __lex)? {
                    continue;
                }
            }
        });
        let unknown = if form.deny_unknown_fields {
            quote! {
                return _fj::__private::Err(
                    __lex.err_custom(::core::format_args!("unknown field `{}`", __key)),
                )
            }
        } else {
            quote!(__lex.skip_value()?)
        };
        quote! {
            loop {
                let __key = match __lex.next_key_cow(&mut __first)? {
                    _fj::__private::Some(__key) => __key,
                    _fj::__private::None => break,
                };
                match __key.as_bytes() {
                    #(#arms)*
                    #tag_arm
                    _ => {
                        #(#offers)*
                        #unknown;
                    }
                }
            }
        }
    };

    let let_default = field::let_default(form.fields, form.default);
    let members = form.fields.iter().enumerate().map(|(i, f)| {
        let member = &f.member;
        let slot = slot(i);
        let ty = f.ty;
        let fields_trait = quote_spanned!(f.span()=> _fj::DecodeFields<#de>);
        let value = if f.attrs.skip_deserializing {
            field::skipped_value(f, form.default)
        } else if f.attrs.flatten {
            quote!(<#ty as #fields_trait>::finish(#slot, __lex)?)
        } else {
            let missing = field::missing_in_object(f, form.default);
            quote! {
                match #slot {
                    _fj::__private::Some(__value) => __value,
                    _fj::__private::None => #missing,
                }
            }
        };
        quote!(#member: #value)
    });
    let construct = &form.construct;
    quote! {
        #begin
        #(#slots)*
        #key_loop
        #let_default
        #construct { #(#members),* }
    }
}

/// Decodes the value into `slot` (an `Option`), rejecting a second occurrence of the key.
pub fn assign_slot(p: &Params, field: &Field, slot: TokenStream) -> TokenStream {
    let name = &field.attrs.name.de;
    if field.attrs.deserialize_with.is_none() {
        let ty = field.ty;
        let func = quote_spanned!(field.span()=> _fj::__private::decode_slot::<#ty>);
        return quote!(#func(&mut #slot, __lex, #name)?;);
    }
    let value = field::decode_value(p, field);
    quote! {
        if _fj::__private::Option::is_some(&#slot) {
            return _fj::__private::Err(__lex.err_duplicate_field(#name));
        }
        #slot = _fj::__private::Some(#value.map_err(|__e| __e.at_field(#name))?);
    }
}

/// The internal tag met while reading a variant's fields: expected once after a rewind, a
/// duplicate otherwise.
pub fn tag_arm(tag: &str) -> TokenStream {
    let pattern = field::byte_lit(tag);
    let body = tag_body(tag);
    quote!(#pattern => { #body })
}

/// The statements of [`tag_arm`].
fn tag_body(tag: &str) -> TokenStream {
    quote! {
        if __tag_pending {
            __tag_pending = false;
            __lex.skip_value()?;
        } else {
            return _fj::__private::Err(__lex.err_duplicate_field(#tag));
        }
    }
}
