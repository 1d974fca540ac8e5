//! `Decode` bodies for structs: unit (`null`), newtype (the inner value), tuple (an array),
//! transparent (the one real field) and named (an object, or an array in declaration order).

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};

use super::field;
use super::object::{self, ObjectForm};
use super::params::Params;
use super::seq::{self, SeqForm};
use crate::ast::transparent_field;
use crate::ast::{Field, Style};

pub fn body(p: &Params, style: Style, fields: &[Field]) -> TokenStream {
    let cont = p.cont;
    let target = &p.target;
    let name = &target.name;
    let construct = &target.construct;
    match style {
        Style::Unit => {
            let ok = target.ok(construct.clone());
            quote! {
                __lex.null()?;
                #ok
            }
        }
        _ if cont.attrs.transparent => transparent(p, fields),
        Style::Newtype => {
            let value = field::decode_value(p, &fields[0]);
            target.ok(quote!(#construct { 0: #value? }))
        }
        Style::Tuple => {
            let body = seq::body(
                p,
                &SeqForm {
                    fields,
                    construct: construct.clone(),
                    kind: p.expecting(|| format!("tuple struct {name}")),
                    begun: false,
                    default: &cont.attrs.default,
                },
            );
            target.ok(quote!({ #body }))
        }
        Style::Struct => {
            // serde reads the sequence form too (not for structs with flattened fields); the key
            // loop reads both where it can, which halves the code generated per field.
            let shared = object::reads_sequence_form(fields);
            // A remote mirror has no `DecodeFields` builder (no impls at all): its slots are
            // locals.
            let via_builder = target.is_self();
            let object = object::body(
                p,
                &ObjectForm {
                    fields,
                    construct: construct.clone(),
                    expecting: p.expecting(|| format!("struct {name}")),
                    begun: false,
                    internal_tag: None,
                    deny_unknown_fields: cont.attrs.deny_unknown_fields,
                    default: &cont.attrs.default,
                    sequence: shared.then(|| p.expecting(|| format!("struct {name}"))),
                    via_builder,
                },
            );
            // Through the builder, the object form ends in its `finish`, a `Result` already.
            let object = if via_builder {
                quote!({ #object })
            } else {
                target.ok(quote!({ #object }))
            };
            // serde reads structs with flattened fields as maps only.
            if shared || fields.iter().any(|f| f.attrs.flatten) {
                return object;
            }
            // Fields the key loop cannot reach by position (every name claimed by an earlier
            // field, or none read): a separate sequence reader.
            let array = seq::body(
                p,
                &SeqForm {
                    fields,
                    construct: construct.clone(),
                    kind: p.expecting(|| format!("struct {name}")),
                    begun: false,
                    default: &cont.attrs.default,
                },
            );
            let array = target.ok(quote!({ #array }));
            quote! {
                match __lex.peek()? {
                    b'[' => #array,
                    _ => #object
                }
            }
        }
    }
}

/// The struct is its one real field; the others take their defaults (`PhantomData` otherwise).
fn transparent(p: &Params, fields: &[Field]) -> TokenStream {
    let (index, _) = transparent_field(fields).expect("checked in check.rs");
    let value = field::decode_value(p, &fields[index]);
    let built = transparent_built(p, fields, quote!(#value?));
    p.target.ok(built)
}

/// `Self` built around `value`, the value of the field a newtype or transparent struct stands
/// for (an expression that may `return`).
pub fn newtype_built(p: &Params, fields: &[Field], value: TokenStream) -> TokenStream {
    if p.cont.attrs.transparent {
        transparent_built(p, fields, value)
    } else {
        let construct = &p.target.construct;
        quote!(#construct { 0: #value })
    }
}

/// `Self` built around `value`, the real field's value (an expression that may `return`).
fn transparent_built(p: &Params, fields: &[Field], value: TokenStream) -> TokenStream {
    let (index, _) = transparent_field(fields).expect("checked in check.rs");
    let members = fields.iter().enumerate().map(|(i, f)| {
        let member = &f.member;
        let value = if i == index {
            value.clone()
        } else if f.attrs.skip_deserializing || !f.attrs.default.is_none() {
            field::skipped_value(f, &p.cont.attrs.default)
        } else {
            quote_spanned!(f.span()=> _fj::__private::PhantomData)
        };
        quote!(#member: #value)
    });
    let others = fields.iter().enumerate().filter(|(i, _)| *i != index);
    let let_default = field::let_default(p, others.map(|(_, f)| f), &p.cont.attrs.default);
    let construct = &p.target.construct;
    let built = quote!(#construct { #(#members),* });
    if let_default.is_empty() {
        built
    } else {
        quote!({
            #let_default
            #built
        })
    }
}

/// A transparent struct as a missing field is what its real field makes of one, as in serde
/// (a missing `Option` is `None`), also through serde. A field read by `deserialize_with` has
/// no such value: the trait's defaults (a missing-field error).
pub fn transparent_missing(p: &Params, fields: &[Field]) -> TokenStream {
    let (_, field) = transparent_field(fields).expect("checked in check.rs");
    let ty = field.ty;
    let de = &p.de;
    let value = match &field.attrs.deserialize_with {
        None => quote!(<#ty as _fj::Decode<#de>>::decode_missing_field(__lex, __name)?),
        Some(with) => match with.missing(ty, &quote!(__name)) {
            Some(value) => value,
            None => return TokenStream::new(),
        },
    };
    let missing_field = transparent_built(p, fields, value);
    quote! {
        fn decode_missing_field(
            __lex: &_fj::Lexer<#de>,
            __name: &_fj::__private::str,
        ) -> _fj::Result<Self> {
            _fj::__private::Ok(#missing_field)
        }
    }
}
