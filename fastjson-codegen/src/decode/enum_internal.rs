//! Internally tagged enums: `{"tag": "Variant", fields...}` (or `["Variant", fields...]`).
//!
//! No buffering: when the tag is the first key (the common case, and what fastjson and serde
//! write) the variant's fields are decoded straight on. Otherwise the object is scanned for the
//! tag, skipping values, then the lexer rewinds to the `{` and decodes the fields, skipping the
//! tag once (`__tag_pending`).

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};

use super::hidden;
use super::object::{self, ObjectForm};
use super::params::Params;
use super::seq::{self, SeqForm};
use super::variant::{self, TagValue};
use crate::ast::{Style, Variant};
use crate::attr;

pub fn body(p: &Params, variants: &[Variant], tag: &str, tag_value: TagValue) -> TokenStream {
    let decodable = variant::decodable(variants);
    let name = p.target.name.clone();
    let expecting = p.expecting(|| format!("internally tagged enum {name}"));
    if decodable.is_empty() {
        return quote!(_fj::__private::Err(__lex.err_invalid_type_here(#expecting)));
    }
    let tag_lit = super::field::byte_lit(tag);
    let read_tag = variant::read_index(&decodable, quote!(.at_field(#tag)), tag_value);
    let read_tag_in_array = variant::read_index(&decodable, quote!(.at_index(0)), tag_value);

    let object_arms = decodable.iter().map(|(i, v)| {
        let body = object_variant(p, v, tag);
        quote!(#i => { #body })
    });
    let array_arms = decodable.iter().map(|(i, v)| {
        let body = array_variant(p, v);
        quote!(#i => { #body })
    });

    quote! {
        let __mark = __lex.mark();
        match __lex.peek()? {
            b'[' => {
                __lex.begin_array()?;
                let mut __first = true;
                if !__lex.next_item(&mut __first)? {
                    return _fj::__private::Err(__lex.err_missing_field(#tag));
                }
                let __variant = #read_tag_in_array;
                match __variant {
                    #(#array_arms)*
                    _ => ::core::unreachable!(),
                }
            }
            _ => {
                __lex.begin_object_expecting(#expecting)?;
                let mut __first = true;
                let mut __tag_pending = false;
                let __tag_first = match __lex.next_key(&mut __first)? {
                    _fj::__private::Some(__key) => __key == #tag_lit,
                    _fj::__private::None => {
                        return _fj::__private::Err(__lex.err_missing_field(#tag));
                    }
                };
                let __variant = if __tag_first {
                    #read_tag
                } else {
                    __lex.skip_value()?;
                    let mut __found = _fj::__private::None;
                    while let _fj::__private::Some(__key) = __lex.next_key(&mut __first)? {
                        if __key != #tag_lit {
                            __lex.skip_value()?;
                        } else if _fj::__private::Option::is_some(&__found) {
                            return _fj::__private::Err(__lex.err_duplicate_field(#tag));
                        } else {
                            __found = _fj::__private::Some(#read_tag);
                        }
                    }
                    let __variant = match __found {
                        _fj::__private::Some(__variant) => __variant,
                        _fj::__private::None => {
                            return _fj::__private::Err(__lex.err_missing_field(#tag));
                        }
                    };
                    __lex.reset(__mark);
                    __lex.begin_object()?;
                    __first = true;
                    __tag_pending = true;
                    __variant
                };
                match __variant {
                    #(#object_arms)*
                    _ => ::core::unreachable!(),
                }
            }
        }
    }
}

/// The rest of the object after the tag, as the variant: fields for a struct variant, entries
/// ignored for a unit variant, the inner value's `DecodeFields` for a newtype variant.
fn object_variant(p: &Params, v: &Variant, tag: &str) -> TokenStream {
    let path = p.target.variant(v.ident);
    let tag_arm = object::tag_arm(tag);
    let de = &p.de;
    match variant::effective_style(v) {
        Style::Unit => {
            let value = variant::unit_value(p, v);
            quote! {
                while let _fj::__private::Some(__key) = __lex.next_key(&mut __first)? {
                    match __key {
                        #tag_arm
                        _ => __lex.skip_value()?,
                    }
                }
                _fj::__private::Ok(#value)
            }
        }
        Style::Newtype => {
            let field = &v.fields[0];
            let ty = field.ty;
            let fields_trait = quote_spanned!(field.span()=> _fj::DecodeFields<#de>);
            // The tag is not among the entries serde hands the variant's content.
            let tag_key = hidden::own_keys_item(&[tag.to_owned()]);
            quote! {
                #tag_key
                let mut __b: <#ty as #fields_trait>::Builder =
                    _fj::__private::Default::default();
                <#ty as #fields_trait>::object_at::<__OwnKeys>(&mut __b, __mark);
                while let _fj::__private::Some(__key) = __lex.next_key_cow(&mut __first)? {
                    match __key.as_bytes() {
                        #tag_arm
                        _ => {
                            if !<#ty as #fields_trait>::decode_field(&mut __b, &__key, __lex)? {
                                __lex.skip_value()?;
                            }
                        }
                    }
                }
                _fj::__private::Ok(#path {
                    0: <#ty as #fields_trait>::finish(&mut __b, __lex)?,
                })
            }
        }
        Style::Struct => {
            let body = object::body(
                p,
                &ObjectForm {
                    fields: &v.fields,
                    construct: path.clone(),
                    expecting: String::new(),
                    begun: true,
                    internal_tag: Some(tag),
                    deny_unknown_fields: p.cont.attrs.deny_unknown_fields,
                    default: &attr::DefaultValue::None,
                    sequence: None,
                    via_builder: false,
                },
            );
            quote!(_fj::__private::Ok({ #body }))
        }
        Style::Tuple => unreachable!("rejected in check.rs"),
    }
}

/// The rest of the array after the tag: nothing for a unit variant, the fields in order for a
/// struct variant.
fn array_variant(p: &Params, v: &Variant) -> TokenStream {
    let path = p.target.variant(v.ident);
    let kind = p.expecting(|| format!("struct variant {}::{}", p.target.name, v.ident));
    match variant::effective_style(v) {
        Style::Unit => {
            let value = variant::unit_value(p, v);
            let trailing = super::errors::trailing_elements();
            quote! {
                if __lex.next_item(&mut __first)? {
                    return _fj::__private::Err(#trailing);
                }
                _fj::__private::Ok(#value)
            }
        }
        Style::Newtype => {
            let msg = format!(
                "fastjson cannot decode the newtype variant {}::{} of an internally tagged enum from an array",
                p.target.name, v.ident
            );
            quote!(_fj::__private::Err(__lex.err_custom(#msg)))
        }
        Style::Struct => {
            let body = seq::body(
                p,
                &SeqForm {
                    fields: &v.fields,
                    construct: path.clone(),
                    kind,
                    begun: true,
                    default: &attr::DefaultValue::None,
                },
            );
            quote!(_fj::__private::Ok({ #body }))
        }
        Style::Tuple => unreachable!("rejected in check.rs"),
    }
}
