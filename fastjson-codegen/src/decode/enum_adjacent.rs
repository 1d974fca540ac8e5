//! Adjacently tagged enums: `{"tag": "Variant", "content": content}` in either key order
//! (unknown keys ignored unless `deny_unknown_fields`), or `["Variant", content]`.
//!
//! When the content comes before the tag, its position is remembered and its value skipped; once
//! the whole object is read the lexer rewinds to decode it, then returns to the end.

use proc_macro2::TokenStream;
use quote::quote;

use super::params::Params;
use super::variant::{self, StructForms, TagValue};
use crate::ast::{Style, Variant};

type Decodable<'v, 'a> = [(usize, &'v Variant<'a>)];

/// `tag_value` applies to the array form's first element: serde reads the object form's tag as
/// an enum, which takes a name only, whatever the input is buffered as.
pub fn body(
    p: &Params,
    variants: &[Variant],
    tag: &str,
    content: &str,
    tag_value: TagValue,
) -> TokenStream {
    let decodable = variant::decodable(variants);
    let name = p.target.name.clone();
    let ty = &p.target.ty;
    let expecting = p.expecting(|| format!("adjacently tagged enum {name}"));
    if decodable.is_empty() {
        return quote!(_fj::__private::Err(__lex.err_invalid_type_here(#expecting)));
    }
    let de = &p.de;
    let tag_lit = super::field::byte_lit(tag);
    let content_lit = super::field::byte_lit(content);
    let read_tag = variant::read_index(&decodable, quote!(.at_field(#tag)), TagValue::Name);
    let read_tag_in_array = variant::read_index(&decodable, quote!(.at_index(0)), tag_value);

    let content_arms = content_arms(p, &decodable);
    let missing_content_arms = missing_content_arms(p, &decodable, content);
    let unknown_key = if p.cont.attrs.deny_unknown_fields {
        quote! {
            __key => {
                let __key = __key.to_vec();
                return _fj::__private::Err(__lex.err_unknown_field(&__key, &[#tag, #content]));
            }
        }
    } else {
        quote!(_ => __lex.skip_value()?,)
    };
    let trailing = super::errors::trailing_elements();

    quote! {
        let __content = |__lex: &mut _fj::Lexer<#de>, __variant: _fj::__private::usize| -> _fj::Result<#ty> {
            match __variant {
                #(#content_arms)*
                _ => ::core::unreachable!(),
            }
        };
        match __lex.peek()? {
            b'[' => {
                __lex.begin_array()?;
                let mut __first = true;
                if !__lex.next_item(&mut __first)? {
                    return _fj::__private::Err(__lex.err_invalid_length(0, #expecting));
                }
                let __variant = #read_tag_in_array;
                if !__lex.next_item(&mut __first)? {
                    return _fj::__private::Err(__lex.err_invalid_length(1, #expecting));
                }
                let __value = __content(__lex, __variant).map_err(|__e| __e.at_index(1))?;
                if __lex.next_item(&mut __first)? {
                    return _fj::__private::Err(#trailing);
                }
                _fj::__private::Ok(__value)
            }
            _ => {
                __lex.begin_object_expecting(#expecting)?;
                let mut __first = true;
                let mut __variant = _fj::__private::None;
                let mut __value = _fj::__private::None;
                let mut __content_at = _fj::__private::None;
                while let _fj::__private::Some(__key) = __lex.next_key(&mut __first)? {
                    match __key {
                        #tag_lit => {
                            if _fj::__private::Option::is_some(&__variant) {
                                return _fj::__private::Err(__lex.err_duplicate_field(#tag));
                            }
                            __variant = _fj::__private::Some(#read_tag);
                        }
                        #content_lit => {
                            if _fj::__private::Option::is_some(&__value)
                                || _fj::__private::Option::is_some(&__content_at)
                            {
                                return _fj::__private::Err(__lex.err_duplicate_field(#content));
                            }
                            match __variant {
                                _fj::__private::Some(__variant) => {
                                    __value = _fj::__private::Some(
                                        __content(__lex, __variant)
                                            .map_err(|__e| __e.at_field(#content))?,
                                    );
                                }
                                _fj::__private::None => {
                                    __content_at = _fj::__private::Some(__lex.mark());
                                    __lex.skip_value()?;
                                }
                            }
                        }
                        #unknown_key
                    }
                }
                let __variant: _fj::__private::usize = match __variant {
                    _fj::__private::Some(__variant) => __variant,
                    _fj::__private::None => {
                        return _fj::__private::Err(__lex.err_missing_field(#tag));
                    }
                };
                if let _fj::__private::Some(__at) = __content_at {
                    let __end = __lex.mark();
                    __lex.reset(__at);
                    let __value = __content(__lex, __variant).map_err(|__e| __e.at_field(#content))?;
                    __lex.reset(__end);
                    return _fj::__private::Ok(__value);
                }
                match __value {
                    _fj::__private::Some(__value) => _fj::__private::Ok(__value),
                    _fj::__private::None => match __variant {
                        #(#missing_content_arms)*
                        _ => _fj::__private::Err(__lex.err_missing_field(#content)),
                    },
                }
            }
        }
    }
}

/// `variant => Ok(content)` per variant: the arms of the `__content` closure, which reads the
/// content of the variant the tag named.
fn content_arms(p: &Params, decodable: &Decodable) -> Vec<TokenStream> {
    decodable
        .iter()
        .map(|(i, v)| {
            let body = variant::content(p, v, StructForms::ObjectOnly);
            quote!(#i => _fj::__private::Ok({ #body }),)
        })
        .collect()
}

/// The arms for a tag without content: a unit variant, or a newtype variant whose type has a
/// missing value (`Option`); the others fall through to the missing-field error.
fn missing_content_arms(p: &Params, decodable: &Decodable, content: &str) -> Vec<TokenStream> {
    let de = &p.de;
    decodable
        .iter()
        .filter_map(|(i, v)| {
            let path = p.target.variant(v.ident);
            match variant::effective_style(v) {
                Style::Unit => {
                    let value = variant::unit_value(p, v);
                    Some(quote!(#i => _fj::__private::Ok(#value),))
                }
                Style::Newtype
                    if v.fields[0].attrs.deserialize_with.is_none()
                        && v.attrs.deserialize_with.is_none() =>
                {
                    let ty = v.fields[0].ty;
                    Some(quote! {
                        #i => _fj::__private::Result::map(
                            <#ty as _fj::Decode<#de>>::decode_missing_field(__lex, #content),
                            |__value| #path { 0: __value },
                        ),
                    })
                }
                _ => None,
            }
        })
        .collect()
}

/// `DecodeFields` for a flattened adjacently tagged enum, read as serde reads it: serde hands
/// the enum's visitor the buffered entries named by the tag or the content one at a time
/// (`FlatStructAccess`), taking each before its value is read, and the visitor stops asking
/// once it has failed. So the entries are taken here as they are offered, with serde's state
/// machine: a tag whose value names no variant ends it at that entry; a second tag or content
/// entry either completes the value or fails; after a complete value a third entry is a
/// duplicate. Failing returns the error from `decode_field`: a flattened `Option` of the enum
/// is then `None` and records where it stopped (`Lexer::note_flatten_stop`), so the later
/// entries go to the fields declared after it, as in serde.
///
/// Content met before the tag is read when the tag is (serde buffers it, then reads it with
/// the variant the tag names), from a fork at its value: the lexer is not rewound, which
/// would drop the stops recorded since.
pub fn fields_impl(
    p: &Params,
    variants: &[Variant],
    tag: &str,
    content: &str,
    generics: &syn::Generics,
) -> TokenStream {
    let cont = p.cont;
    let (impl_generics, _, where_clause) = generics.split_for_impl();
    let (_, ty_generics, _) = cont.generics.split_for_impl();
    let ident = cont.ident;
    let de = &p.de;
    let ty = &p.target.ty;
    let decodable = variant::decodable(variants);
    let names = [tag.to_owned(), content.to_owned()];
    let takes_keys = super::hidden::takes_keys_const(&names, false);
    let tag_lit = super::field::byte_lit(tag);
    let content_lit = super::field::byte_lit(content);
    let read_tag = variant::read_index(&decodable, quote!(.at_field(#tag)), TagValue::Name);
    let content_arms = content_arms(p, &decodable);
    let missing_content_arms = missing_content_arms(p, &decodable, content);
    quote! {
        #[automatically_derived]
        impl #impl_generics _fj::DecodeFields<#de> for #ident #ty_generics #where_clause {
            type Builder = _fj::__private::AdjacentBuilder<Self>;

            // An enum without variants to read fails at its tag, before the content. Inline,
            // as `finish`, so that an enum nothing flattens compiles no copy of either.
            #[allow(unreachable_code)]
            #[inline]
            fn decode_field(
                __b: &mut Self::Builder,
                __key: &_fj::__private::Cow<#de, _fj::__private::str>,
                __lex: &mut _fj::Lexer<#de>,
            ) -> _fj::Result<_fj::__private::bool> {
                let __content = |__lex: &mut _fj::Lexer<#de>, __variant: _fj::__private::usize| -> _fj::Result<#ty> {
                    match __variant {
                        #(#content_arms)*
                        _ => ::core::unreachable!(),
                    }
                };
                // A complete value asks for one more entry, which can only be a duplicate.
                let __complete = _fj::__private::Option::is_some(&__b.value);
                match __key.as_bytes() {
                    #tag_lit => {
                        if __complete || _fj::__private::Option::is_some(&__b.variant) {
                            return _fj::__private::Err(__lex.err_duplicate_field(#tag));
                        }
                        let __variant: _fj::__private::usize = #read_tag;
                        __b.variant = _fj::__private::Some(__variant);
                        if let _fj::__private::Some(__at) = __b.content_at {
                            let mut __fork = __lex.fork_at(__at);
                            __b.value = _fj::__private::Some(
                                __content(&mut __fork, __variant)
                                    .map_err(|__e| __e.at_field(#content))?,
                            );
                        }
                    }
                    #content_lit => {
                        if __complete || _fj::__private::Option::is_some(&__b.content_at) {
                            return _fj::__private::Err(__lex.err_duplicate_field(#content));
                        }
                        match __b.variant {
                            _fj::__private::Some(__variant) => {
                                __b.value = _fj::__private::Some(
                                    __content(__lex, __variant)
                                        .map_err(|__e| __e.at_field(#content))?,
                                );
                            }
                            _fj::__private::None => {
                                __b.content_at = _fj::__private::Some(__lex.mark());
                                __lex.skip_value()?;
                            }
                        }
                    }
                    _ => return _fj::__private::Ok(false),
                }
                _fj::__private::Ok(true)
            }

            #takes_keys

            #[inline]
            fn finish(__b: &mut Self::Builder, __lex: &_fj::Lexer<#de>) -> _fj::Result<Self> {
                if let _fj::__private::Some(__value) = __b.value.take() {
                    return _fj::__private::Ok(__value);
                }
                // Content met before a tag that was read has been read with it: without a
                // value, there was no tag, or no content after it.
                match (__b.variant, __b.content_at) {
                    (_fj::__private::Some(__variant), _fj::__private::None) => match __variant {
                        #(#missing_content_arms)*
                        _ => _fj::__private::Err(__lex.err_missing_field(#content)),
                    },
                    _ => _fj::__private::Err(__lex.err_missing_field(#tag)),
                }
            }
        }
    }
}
