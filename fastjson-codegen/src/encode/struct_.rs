//! Encoding structs: unit, newtype, tuple and named, or a transparent struct's one field, and
//! the entries of a named struct (shared by `Encode` and `EncodeFields`).

use proc_macro2::TokenStream;
use quote::quote;

use super::fields;
use crate::ast::{transparent_field, Container, Field, Style};
use crate::attr::TagType;
use crate::escape;

/// How the generated code reaches a field's value: an expression of type `&FieldType`.
pub type Access<'a> = &'a dyn Fn(&Field) -> TokenStream;

/// `&self.member`: a field of the derived type itself.
pub fn by_self(field: &Field) -> TokenStream {
    let member = &field.member;
    quote!(&self.#member)
}

pub fn body(
    cont: &Container,
    style: Style,
    struct_fields: &[Field],
    access: Access,
) -> TokenStream {
    match style {
        Style::Unit => quote!(__w.null();),
        _ if cont.attrs.transparent => {
            let (_, field) = transparent_field(struct_fields).expect("checked in check.rs");
            fields::value(field, access(field))
        }
        Style::Newtype => {
            let field = &struct_fields[0];
            fields::value(field, access(field))
        }
        Style::Tuple => fields::array(struct_fields, false, |_, f| access(f)),
        // The entries again rather than a call to `encode_fields`: here the first entry is known
        // at compile time, so every separator after the first unconditional field is a constant.
        // (`encode_fields` is generic, so it is compiled only where something flattens this type.)
        Style::Struct => {
            let entries = entries(cont, struct_fields, fields::First::Yes, access);
            quote! {
                __w.begin_object();
                #entries
                __w.end_object();
            }
        }
    }
}

/// The entries of a named struct, tag first when the struct has `tag = "..."`, starting in
/// `start` ([`fields::First::Runtime`] inside `EncodeFields`, which must leave `*__first` right).
pub fn entries(
    cont: &Container,
    struct_fields: &[Field],
    start: fields::First,
    access: Access,
) -> TokenStream {
    let mut out = fields::EntryWriter::new(start);
    if let TagType::Internal { tag } = &cont.attrs.tag {
        let name = escape::quoted(&cont.attrs.name.ser);
        out.entry(tag, quote!(__w.raw(#name);), None);
    }
    fields::entries(&mut out, struct_fields, cont.attrs.omitempty, |_, f| {
        access(f)
    });
    let runtime = start == fields::First::Runtime;
    let declare = (!runtime && out.uses_flag()).then(|| quote!(let __first = &mut true;));
    let entries = out.finish();
    quote! {
        #declare
        #entries
    }
}
