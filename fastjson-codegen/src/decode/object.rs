//! Decoding named fields from a JSON object: one pass over the keys, matched as bytes, each value
//! decoded straight into its slot.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};

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

    let mut claimed = Vec::new();
    let arms: Vec<TokenStream> = read
        .clone()
        .filter(|(_, f)| !f.attrs.flatten)
        .filter_map(|(i, f)| {
            let pattern = field::key_pattern(f, &mut claimed)?;
            let slot = slot(i);
            let assign = assign_slot(p, f, quote!(#slot));
            Some(quote!(#pattern => { #assign }))
        })
        .collect();
    let tag_arm = form.internal_tag.map(tag_arm);

    let flattened: Vec<_> = read.clone().filter(|(_, f)| f.attrs.flatten).collect();
    let key_loop = if flattened.is_empty() {
        let unknown = if form.deny_unknown_fields {
            let names = read.clone().flat_map(|(_, f)| f.attrs.name.de_names());
            quote! {{
                let __key = __key.to_vec();
                return _fj::__private::Err(__lex.err_unknown_field(&__key, &[#(#names),*]));
            }}
        } else {
            quote!(__lex.skip_value()?)
        };
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
    quote! {
        #pattern => {
            if __tag_pending {
                __tag_pending = false;
                __lex.skip_value()?;
            } else {
                return _fj::__private::Err(__lex.err_duplicate_field(#tag));
            }
        }
    }
}
