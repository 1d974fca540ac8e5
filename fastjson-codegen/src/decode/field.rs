//! Per-field pieces shared by every decoder: how a field's value is read, what it is when absent,
//! and the names it answers to.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

use super::params::Params;
use crate::ast::Field;
use crate::attr;

/// The local (or builder member) holding field `index` while the object is read.
pub fn slot(index: usize) -> syn::Ident {
    format_ident!("__f{}", index)
}

/// A byte-string literal for matching key bytes.
pub fn byte_lit(name: &str) -> syn::LitByteStr {
    syn::LitByteStr::new(name.as_bytes(), Span::call_site())
}

/// `b"name" | b"alias"` for the names not already claimed by an earlier field (serde picks the
/// first field that claims a name; duplicates would be unreachable patterns).
pub fn key_pattern(field: &Field, claimed: &mut Vec<String>) -> Option<TokenStream> {
    let mut patterns = Vec::new();
    for name in field.attrs.name.de_names() {
        if !claimed.contains(&name) {
            patterns.push(byte_lit(&name));
            claimed.push(name);
        }
    }
    if patterns.is_empty() {
        None
    } else {
        Some(quote!(#(#patterns)|*))
    }
}

/// An expression of type `_fj::Result<FieldType>` reading the field's value at the lexer.
pub fn decode_value(p: &Params, field: &Field) -> TokenStream {
    match &field.attrs.deserialize_with {
        Some(with) => with.decode(Some(field.ty)),
        None => {
            let ty = field.ty;
            let de = &p.de;
            let func = quote_spanned!(field.span()=> <#ty as _fj::Decode<#de>>::decode);
            quote!(#func(__lex))
        }
    }
}

/// The value of a field missing from an object: its default, the container's default, `None`
/// for options (the runtime's `missing_field`, through `decode_missing`), else a missing-field
/// error (`return`s).
pub fn missing_in_object(field: &Field, container_default: &attr::DefaultValue) -> TokenStream {
    if let Some(value) = default_value(field, container_default) {
        return value;
    }
    let name = &field.attrs.name.de;
    if let Some(with) = &field.attrs.deserialize_with {
        return match with.missing(field.ty, &quote!(#name)) {
            Some(value) => value,
            None => quote!(return _fj::__private::Err(__lex.err_missing_field(#name))),
        };
    }
    let ty = field.ty;
    let func = quote_spanned!(field.span()=> _fj::__private::missing_field::<#ty>);
    quote!(#func(__lex, #name)?)
}

/// The value of a field missing from the end of an array: its default, the container's default,
/// else an invalid-length error (`return`s). Options are not special here, as in serde.
pub fn missing_in_seq(
    field: &Field,
    container_default: &attr::DefaultValue,
    index: usize,
    expecting: &str,
) -> TokenStream {
    match default_value(field, container_default) {
        Some(value) => value,
        None => quote!(return _fj::__private::Err(__lex.err_invalid_length(#index, #expecting))),
    }
}

/// Whether a field has neither its own default nor the container's: missing from the sequence
/// form, it is an invalid-length error.
pub fn has_no_default(field: &Field, container_default: &attr::DefaultValue) -> bool {
    field.attrs.default.is_none() && container_default.is_none()
}

/// The value of a `skip_deserializing` field.
pub fn skipped_value(field: &Field, container_default: &attr::DefaultValue) -> TokenStream {
    default_value(field, container_default)
        .unwrap_or_else(|| quote!(_fj::__private::Default::default()))
}

fn default_value(field: &Field, container_default: &attr::DefaultValue) -> Option<TokenStream> {
    match &field.attrs.default {
        attr::DefaultValue::Default => {
            Some(quote_spanned!(field.span()=> _fj::__private::Default::default()))
        }
        attr::DefaultValue::Path(path) => Some(quote_spanned!(path.span()=> #path())),
        attr::DefaultValue::None => match container_default {
            attr::DefaultValue::None => None,
            _ => {
                let member = &field.member;
                Some(quote!(__default.#member))
            }
        },
    }
}

/// `let __default: Self = ...;` when the container has a default and some field may use it
/// (for a `remote` mirror, a default of the foreign type, as in serde).
pub fn let_default<'f, 'a: 'f>(
    p: &Params,
    fields: impl IntoIterator<Item = &'f Field<'a>>,
    container_default: &attr::DefaultValue,
) -> TokenStream {
    let used = fields
        .into_iter()
        .any(|field| field.attrs.default.is_none() && !field.attrs.flatten);
    let ty = &p.target.ty;
    match container_default {
        attr::DefaultValue::Default if used => {
            quote!(let __default: #ty = _fj::__private::Default::default();)
        }
        attr::DefaultValue::Path(path) if used => {
            let func = quote_spanned!(path.span()=> #path);
            quote!(let __default: #ty = #func();)
        }
        _ => TokenStream::new(),
    }
}

/// Decodes the value into `slot` (an `Option`), rejecting a second occurrence of the key;
/// `element` is `__element` in the key loop that also reads the sequence form, `None` elsewhere.
pub fn assign_slot(
    p: &Params,
    field: &Field,
    slot: TokenStream,
    element: &TokenStream,
) -> TokenStream {
    let name = &field.attrs.name.de;
    if field.attrs.deserialize_with.is_none() {
        let ty = field.ty;
        let func = quote_spanned!(field.span()=> _fj::__private::decode_slot::<#ty>);
        return quote!(#func(&mut #slot, __lex, #name, #element)?;);
    }
    let value = decode_value(p, field);
    quote! {
        if _fj::__private::Option::is_some(&#slot) {
            return _fj::__private::Err(__lex.err_duplicate_field(#name));
        }
        #slot = _fj::__private::Some(
            #value.map_err(|__e| _fj::__private::in_field(__e, #name, #element))?,
        );
    }
}
