//! `Decode` bodies for structs: unit (`null`), newtype (the inner value), tuple (an array),
//! transparent (the one real field) and named (an object, or an array in declaration order).

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};

use super::field;
use super::object::{self, ObjectForm};
use super::seq::{self, SeqForm};
use super::Params;
use crate::ast::{Field, Style};
use crate::check::transparent_field;

pub fn body(p: &Params, style: Style, fields: &[Field]) -> TokenStream {
    let cont = p.cont;
    let name = cont.ident.to_string();
    match style {
        Style::Unit => quote! {
            __lex.null()?;
            _fj::__private::Ok(Self)
        },
        _ if cont.attrs.transparent => transparent(p, fields),
        Style::Newtype => {
            let value = field::decode_value(p, &fields[0]);
            quote!(_fj::__private::Ok(Self { 0: #value? }))
        }
        Style::Tuple => {
            let body = seq::body(
                p,
                &SeqForm {
                    fields,
                    construct: quote!(Self),
                    kind: p.expecting(|| format!("tuple struct {name}")),
                    begun: false,
                    default: &cont.attrs.default,
                },
            );
            quote!(_fj::__private::Ok({ #body }))
        }
        Style::Struct => {
            // serde reads the sequence form too (not for structs with flattened fields); the key
            // loop reads both where it can, which halves the code generated per field.
            let shared = object::reads_sequence_form(fields);
            let object = object::body(
                p,
                &ObjectForm {
                    fields,
                    construct: quote!(Self),
                    expecting: p.expecting(|| format!("struct {name}")),
                    begun: false,
                    internal_tag: None,
                    deny_unknown_fields: cont.attrs.deny_unknown_fields,
                    default: &cont.attrs.default,
                    sequence: shared.then(|| p.expecting(|| format!("struct {name}"))),
                    via_builder: true,
                },
            );
            // serde reads structs with flattened fields as maps only.
            // The object form ends in the builder's `finish`, a `Result` already.
            if shared || fields.iter().any(|f| f.attrs.flatten) {
                return quote!({ #object });
            }
            // Fields the key loop cannot reach by position (every name claimed by an earlier
            // field, or none read): a separate sequence reader.
            let array = seq::body(
                p,
                &SeqForm {
                    fields,
                    construct: quote!(Self),
                    kind: p.expecting(|| format!("struct {name}")),
                    begun: false,
                    default: &cont.attrs.default,
                },
            );
            quote! {
                match __lex.peek()? {
                    b'[' => _fj::__private::Ok({ #array }),
                    _ => { #object }
                }
            }
        }
    }
}

/// The struct is its one real field; the others take their defaults (`PhantomData` otherwise).
fn transparent(p: &Params, fields: &[Field]) -> TokenStream {
    let (index, _) = transparent_field(fields).expect("checked in check.rs");
    let members = fields.iter().enumerate().map(|(i, f)| {
        let member = &f.member;
        let value = if i == index {
            let value = field::decode_value(p, f);
            quote!(#value?)
        } else if f.attrs.skip_deserializing || !f.attrs.default.is_none() {
            field::skipped_value(f, &p.cont.attrs.default)
        } else {
            quote_spanned!(f.span()=> _fj::__private::PhantomData)
        };
        quote!(#member: #value)
    });
    let others = fields.iter().enumerate().filter(|(i, _)| *i != index);
    let let_default = field::let_default(others.map(|(_, f)| f), &p.cont.attrs.default);
    quote! {
        #let_default
        _fj::__private::Ok(Self { #(#members),* })
    }
}
