//! Encoding enums in the four representations: external `{"V":..}`, internal `{"tag":"V",..}`,
//! adjacent `{"tag":"V","content":..}` and untagged (also the `#[serde(untagged)]` variants of a
//! tagged enum).

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned, ToTokens};

use super::fields;
use crate::ast::{Container, Style, Variant};
use crate::attr::TagType;
use crate::escape;

/// The enum a body matches on: the derived type's `self`, or a `remote` mirror's `__self`
/// (a `&Foreign`) with the foreign type's variant paths.
pub struct Subject {
    /// The expression matched, of type `&Enum`.
    pub value: TokenStream,
    /// What the variants are reached through: `Self`, or the foreign type's path.
    pub variants: TokenStream,
    /// The enum's name in messages: the foreign type's for a mirror, as in serde.
    pub name: String,
    /// Whether the enum's own flattened `EncodeFields` writes an externally tagged variant's
    /// entry, so that `encode` wraps it in braces instead of holding a second copy of every
    /// variant's content (`self` only; a `remote` mirror has no such impl).
    pub entries_impl: bool,
}

impl Subject {
    pub fn of_self(cont: &Container) -> Subject {
        Subject {
            value: quote!(self),
            variants: quote!(Self),
            name: cont.ident.to_string(),
            entries_impl: cont.attrs.tag == TagType::External
                && crate::ast::flattenable(cont, variants_of(cont)).is_some(),
        }
    }
}

fn variants_of<'c, 'a>(cont: &'c Container<'a>) -> &'c [Variant<'a>] {
    match &cont.data {
        crate::ast::Data::Enum(variants) => variants,
        crate::ast::Data::Struct(..) => &[],
    }
}

pub fn body(cont: &Container, variants: &[Variant], subject: &Subject) -> TokenStream {
    if subject.entries_impl && !variants.is_empty() {
        return external_by_entries(variants, subject);
    }
    match_variants(variants, subject, |v| variant(cont, v))
}

/// An externally tagged enum that flattens: a unit variant is its name, any other variant
/// `{` + the entry its `EncodeFields` writes + `}` (the same bytes as [`variant`]'s).
fn external_by_entries(variants: &[Variant], subject: &Subject) -> TokenStream {
    let value = &subject.value;
    let paths = &subject.variants;
    let bare_name =
        |v: &Variant| v.encoded_style() == Style::Unit && v.attrs.serialize_with.is_none();
    let arms = variants.iter().filter_map(|v| {
        let ident = v.ident;
        if v.attrs.skip_serializing {
            let panic = never_written(&subject.name, v);
            Some(quote!(#paths::#ident { .. } => #panic,))
        } else if bare_name(v) {
            let name = escape::quoted(&v.attrs.name.ser);
            Some(quote!(#paths::#ident { .. } => __w.raw(#name),))
        } else {
            None
        }
    });
    let entries = variants
        .iter()
        .any(|v| !v.attrs.skip_serializing && !bare_name(v));
    let rest = entries.then(|| {
        quote! {
            _ => {
                __w.begin_object();
                <Self as _fj::EncodeFields>::encode_fields(#value, __w, &mut true);
                __w.end_object();
            }
        }
    });
    quote! {
        match #value {
            #(#arms)*
            #rest
        }
    }
}

/// `match` on the subject with one arm per variant binding the fields written, each arm
/// `write(variant)` (or serde's panic for a `skip_serializing` variant).
fn match_variants(
    variants: &[Variant],
    subject: &Subject,
    write: impl Fn(&Variant) -> TokenStream,
) -> TokenStream {
    let value = &subject.value;
    if variants.is_empty() {
        return quote!(match *#value {});
    }
    let arms = variants.iter().map(|v| {
        let pattern = pattern(v, &subject.variants);
        let write = if v.attrs.skip_serializing {
            let panic = never_written(&subject.name, v);
            quote!(#panic;)
        } else {
            write(v)
        };
        quote!(#pattern => { #write })
    });
    quote! {
        match #value {
            #(#arms)*
        }
    }
}

/// The panic of a `skip_serializing` variant: `Encode` cannot fail, and serde returns this
/// message as an error.
pub(super) fn never_written(enum_name: &str, v: &Variant) -> TokenStream {
    let msg = format!(
        "the enum variant {}::{} cannot be serialized",
        enum_name, v.ident
    );
    quote!(::core::panic!(#msg))
}

/// The local a field of the matched variant is bound to.
pub(super) fn binding(index: usize) -> syn::Ident {
    format_ident!("__f{}", index)
}

/// `Self::V { a: __f0, .. }` (`variants` is `Self` or a remote mirror's foreign type), binding
/// only the fields that are written.
pub(super) fn pattern(v: &Variant, variants: &TokenStream) -> TokenStream {
    let ident = v.ident;
    let bindings = v
        .fields
        .iter()
        .enumerate()
        .filter(|(_, f)| {
            !v.attrs.skip_serializing
                && (v.encoded_style() == Style::Newtype
                    || v.attrs.serialize_with.is_some()
                    || !f.attrs.skip_serializing)
        })
        .map(|(i, f)| {
            let member = &f.member;
            let binding = binding(i);
            quote!(#member: #binding)
        });
    quote!(#variants::#ident { #(#bindings,)* .. })
}

/// The variant in its representation: the container's, or content alone for an untagged one.
fn variant(cont: &Container, v: &Variant) -> TokenStream {
    let name = escape::quoted(&v.attrs.name.ser);
    match v.tag(&cont.attrs.tag) {
        TagType::External => match v.encoded_style() {
            Style::Unit if v.attrs.serialize_with.is_none() => quote!(__w.raw(#name);),
            _ => {
                let content = content(cont, v);
                quote! {
                    __w.begin_object();
                    __w.key(true, #name);
                    #content
                    __w.end_object();
                }
            }
        },
        TagType::Internal { .. } | TagType::Adjacent { .. } => {
            let entries = variant_entries(cont, v, fields::First::Yes);
            quote! {
                __w.begin_object();
                #entries
                __w.end_object();
            }
        }
        TagType::Untagged => content(cont, v),
    }
}

/// The body of `EncodeFields::encode_fields` for a flattenable enum (`ast::flattenable`): the
/// entries its variant writes into the enclosing object, separators decided by `*__first`.
pub fn fields_body(cont: &Container, variants: &[Variant], subject: &Subject) -> TokenStream {
    if let Some(body) = unit_entry(cont, variants, subject) {
        return body;
    }
    match_variants(variants, subject, |v| {
        variant_entries(cont, v, fields::First::Runtime)
    })
}

/// `EncodeFields` of an externally tagged enum whose written variants are all plain units
/// (each writes `"name":null`): the match picks the key and one write follows, instead of a
/// write per variant (unit-only enums are common, and this body is kept for every one).
fn unit_entry(cont: &Container, variants: &[Variant], subject: &Subject) -> Option<TokenStream> {
    let mut written = variants.iter().filter(|v| !v.attrs.skip_serializing);
    let plain_unit = |v: &Variant| {
        *v.tag(&cont.attrs.tag) == TagType::External
            && v.encoded_style() == Style::Unit
            && v.attrs.serialize_with.is_none()
    };
    if written.clone().count() < 2 || !written.all(plain_unit) {
        return None;
    }
    let key = match_variants(variants, subject, |v| {
        let fused = escape::fused_key(&v.attrs.name.ser);
        quote!(#fused)
    });
    Some(quote! {
        let __key: &'static _fj::__private::str = #key;
        __w.field_key(*__first, __key);
        *__first = false;
        __w.null();
    })
}

/// A variant's entries in the container's representation, without braces: the `Encode` body
/// writes an internally or adjacently tagged variant's into an object of their own
/// (`First::Yes`, separators known at compile time), `EncodeFields` any flattenable variant's
/// into the enclosing one (`First::Runtime`, the caller's `*__first`).
fn variant_entries(cont: &Container, v: &Variant, first: fields::First) -> TokenStream {
    let name = escape::quoted(&v.attrs.name.ser);
    let mut out = fields::EntryWriter::new(first);
    match &cont.attrs.tag {
        TagType::Internal { tag } => {
            out.entry(tag, quote!(__w.raw(#name);), None);
            match v.encoded_style() {
                Style::Unit => {}
                Style::Newtype => {
                    let field = &v.fields[0];
                    let ty = field.ty;
                    let func =
                        quote_spanned!(field.span()=> <#ty as _fj::EncodeFields>::encode_fields);
                    out.flattened(quote!(#func(__f0, __w, __first);));
                }
                Style::Struct => {
                    fields::entries(&mut out, &v.fields, cont.attrs.omitempty, by_binding)
                }
                Style::Tuple => unreachable!("rejected in check.rs"),
            }
        }
        TagType::Adjacent {
            tag,
            content: content_key,
        } => {
            out.entry(tag, quote!(__w.raw(#name);), None);
            if !(v.encoded_style() == Style::Unit && v.attrs.serialize_with.is_none()) {
                out.entry(content_key, content(cont, v), None);
            }
        }
        // Flattened only (`ast::flattenable`): serde's flattening serializer writes an
        // externally tagged variant as one entry, its name the key (a unit variant's value
        // `null`), and an untagged one as its content's entries (none for a unit variant).
        TagType::External => out.entry(&v.attrs.name.ser, content(cont, v), None),
        TagType::Untagged => match v.encoded_style() {
            Style::Unit => {}
            Style::Newtype => {
                let field = &v.fields[0];
                let ty = field.ty;
                let func = quote_spanned!(field.span()=> <#ty as _fj::EncodeFields>::encode_fields);
                out.flattened(quote!(#func(__f0, __w, __first);));
            }
            Style::Struct => fields::entries(&mut out, &v.fields, cont.attrs.omitempty, by_binding),
            Style::Tuple => unreachable!("not flattenable (ast::flattenable)"),
        },
    }
    // Started at compile-time `First::Yes`, the flag is this object's own: declared here.
    let declare = (first != fields::First::Runtime && out.uses_flag())
        .then(|| quote!(let __first = &mut true;));
    let entries = out.finish();
    quote! {
        #declare
        #entries
    }
}

/// Field `index` of the matched variant, as `&T`.
fn by_binding(index: usize, _: &crate::ast::Field) -> TokenStream {
    let binding = binding(index);
    quote!(#binding)
}

/// The variant's data: the inner value (newtype), an array (tuple) or an object (struct), or
/// what the variant's `serialize_with` function writes, given every field by reference.
fn content(cont: &Container, v: &Variant) -> TokenStream {
    if let Some(with) = &v.attrs.serialize_with {
        let fields: Vec<_> = (0..v.fields.len())
            .map(|i| binding(i).into_token_stream())
            .collect();
        return with.encode(&fields, None);
    }
    match v.encoded_style() {
        Style::Unit => quote!(__w.null();),
        Style::Newtype => fields::value(&v.fields[0], quote!(__f0)),
        Style::Tuple => fields::array(&v.fields, false, by_binding),
        Style::Struct => {
            let mut out = fields::EntryWriter::new(fields::First::Yes);
            fields::entries(&mut out, &v.fields, cont.attrs.omitempty, by_binding);
            let declare = out.uses_flag().then(|| quote!(let __first = &mut true;));
            let entries = out.finish();
            quote! {
                __w.begin_object();
                #declare
                #entries
                __w.end_object();
            }
        }
    }
}
