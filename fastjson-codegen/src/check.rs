//! Rules that need more than one attribute (or the shape of the type) to decide.

use crate::ast::{
    is_transparent_for_decode, is_transparent_for_encode, transparent_field, Container, Data,
    Field, Style,
};
use crate::attr::{self, Identifier, TagType};
use crate::ctxt::Ctxt;
use crate::options::Sides;

pub fn check(cx: &Ctxt, cont: &Container) {
    check_de_lifetime(cx, cont);
    check_flatten(cx, cont);
    check_untagged_variants_last(cx, cont);
    check_other(cx, cont);
    check_internal_tag(cx, cont);
    check_variant_with(cx, cont);
    check_adjacent_tag_conflict(cx, cont);
    check_transparent(cx, cont);
    check_remote(cx, cont);
    check_getter(cx, cont);
}

/// Rules that depend on which derive asked: `#[derive(Encode)]` on an identifier enum, which
/// serde's `Serialize` derive refuses with these messages, spanned at the attribute.
pub fn sides(cx: &Ctxt, cont: &Container, sides: Sides) {
    let msg = match cont.attrs.identifier {
        _ if sides.decodes() => return,
        Identifier::No => return,
        Identifier::Field => "field identifiers cannot be serialized",
        Identifier::Variant => "variant identifiers cannot be serialized",
    };
    match attr::naming(
        &cont.original.attrs,
        &["field_identifier", "variant_identifier"],
    ) {
        Some(attr) => cx.error_spanned_by(attr, msg),
        None => cx.error_spanned_by(cont.ident, msg),
    }
}

// The generated `Decode` impl names its input lifetime `'de`, so the type may not declare one
// (serde has the same rule): `struct S<'de> { .. }` is rejected.
fn check_de_lifetime(cx: &Ctxt, cont: &Container) {
    for param in cont.generics.lifetimes() {
        if param.lifetime.ident == "de" {
            cx.error_spanned_by(
                &param.lifetime,
                "cannot derive FastJson when there is a lifetime parameter called 'de",
            );
        }
    }
}

// `flatten` splices an object's entries into the enclosing object, so it needs named fields
// around it (`struct S(#[serde(flatten)] T)` is rejected, as in serde). fastjson flattens through
// `EncodeFields`/`DecodeFields` of the field's own type, so `with` functions (which write a whole
// value) and `omitempty` (which tests a whole value) cannot apply to a flattened field.
fn check_flatten(cx: &Ctxt, cont: &Container) {
    let check_fields = |style: Style, fields: &[Field]| {
        for field in fields.iter().filter(|field| field.attrs.flatten) {
            match style {
                Style::Tuple => cx.error_spanned_by(
                    field.original,
                    "#[serde(flatten)] cannot be used on tuple structs",
                ),
                Style::Newtype => cx.error_spanned_by(
                    field.original,
                    "#[serde(flatten)] cannot be used on newtype structs",
                ),
                Style::Struct | Style::Unit => {}
            }
            if field.attrs.serialize_with.is_some() || field.attrs.deserialize_with.is_some() {
                cx.error_spanned_by(
                    field.original,
                    "#[serde(flatten)] together with `with`, `serialize_with` or `deserialize_with` is not supported by fastjson",
                );
            }
            if field.attrs.omitempty {
                cx.error_spanned_by(
                    field.original,
                    "#[fastjson(omitempty)] cannot be used on a flattened field",
                );
            }
        }
    };
    match &cont.data {
        Data::Struct(style, fields) => check_fields(*style, fields),
        Data::Enum(variants) => {
            for variant in variants {
                check_fields(variant.style, &variant.fields);
            }
        }
    }
}

// The variants marked `#[serde(untagged)]` are tried in order after the tagged ones fail, so they
// come last, as in serde: `enum E { #[serde(untagged)] A(u8), B }` is rejected at `A`.
fn check_untagged_variants_last(cx: &Ctxt, cont: &Container) {
    let Data::Enum(variants) = &cont.data else {
        return;
    };
    let Some(last_tagged) = variants.iter().rposition(|v| !v.attrs.untagged) else {
        return;
    };
    for variant in variants[..last_tagged].iter().filter(|v| v.attrs.untagged) {
        cx.error_spanned_by(
            variant.ident,
            "all variants with the #[serde(untagged)] attribute must be placed at the end of the enum",
        );
    }
}

// `other` names the variant an unknown tag decodes to, so it must be a unit variant, there can be
// only one (the last), and an untagged enum has no tag for it to catch. (On a last variant that
// is `#[serde(untagged)]` serde allows it, and it catches nothing: only the tagged variants before
// it read tags.) An identifier enum names unit variants; a field identifier's last variant may
// catch the other names, as `other` or as a newtype holding the name. serde's rules, in its order.
fn check_other(cx: &Ctxt, cont: &Container) {
    let Data::Enum(variants) = &cont.data else {
        return;
    };
    let identifier = cont.attrs.identifier;
    let last = variants.len().saturating_sub(1);
    for (i, variant) in variants.iter().enumerate() {
        let other = variant.attrs.other;
        let message = match (variant.style, identifier, other) {
            (_, Identifier::Variant, true) => {
                Some("#[serde(other)] may not be used on a variant identifier".to_owned())
            }
            (_, Identifier::No, true) if cont.attrs.tag == TagType::Untagged => {
                Some("#[serde(other)] cannot appear on untagged enum".to_owned())
            }
            (Style::Unit, Identifier::Field | Identifier::No, true) => {
                (i < last).then(|| "#[serde(other)] must be on the last variant".to_owned())
            }
            (_, Identifier::Field | Identifier::No, true) => {
                Some("#[serde(other)] must be on a unit variant".to_owned())
            }
            (_, Identifier::No, false) | (Style::Unit, _, false) => None,
            (Style::Newtype, Identifier::Field, false) => {
                (i < last).then(|| format!("`{}` must be the last variant", variant.ident))
            }
            (_, Identifier::Field, false) => {
                Some("#[serde(field_identifier)] may only contain unit variants".to_owned())
            }
            (_, Identifier::Variant, false) => {
                Some("#[serde(variant_identifier)] may only contain unit variants".to_owned())
            }
        };
        if let Some(message) = message {
            cx.error_spanned_by(variant.original, message);
        }
    }
}

// A variant's `serialize_with` / `deserialize_with` takes all of its fields, so none may be
// skipped in that direction (serde's rules and messages). Internally tagged, serde puts the tag
// into whatever the function writes and hands it the object without the tag; fastjson writes and
// reads in one pass, so it supports variant functions in the other representations only.
fn check_variant_with(cx: &Ctxt, cont: &Container) {
    let Data::Enum(variants) = &cont.data else {
        return;
    };
    let member = |field: &Field| match &field.member {
        syn::Member::Named(ident) => format!("`{ident}`"),
        syn::Member::Unnamed(index) => format!("#{}", index.index),
    };
    for variant in variants {
        let ident = variant.ident;
        if let Some(path) = &variant.attrs.serialize_with {
            if variant.attrs.skip_serializing {
                cx.error_spanned_by(
                    path,
                    format!("variant `{ident}` cannot have both #[serde(serialize_with)] and #[serde(skip_serializing)]"),
                );
            }
            for field in &variant.fields {
                if field.attrs.skip_serializing {
                    cx.error_spanned_by(
                        path,
                        format!("variant `{ident}` cannot have both #[serde(serialize_with)] and a field {} marked with #[serde(skip_serializing)]", member(field)),
                    );
                }
                if field.attrs.skip_serializing_if.is_some() {
                    cx.error_spanned_by(
                        path,
                        format!("variant `{ident}` cannot have both #[serde(serialize_with)] and a field {} marked with #[serde(skip_serializing_if)]", member(field)),
                    );
                }
            }
        }
        if let Some(path) = &variant.attrs.deserialize_with {
            if variant.attrs.skip_deserializing {
                cx.error_spanned_by(
                    path,
                    format!("variant `{ident}` cannot have both #[serde(deserialize_with)] and #[serde(skip_deserializing)]"),
                );
            }
            for field in variant.fields.iter().filter(|f| f.attrs.skip_deserializing) {
                cx.error_spanned_by(
                    path,
                    format!("variant `{ident}` cannot have both #[serde(deserialize_with)] and a field {} marked with #[serde(skip_deserializing)]", member(field)),
                );
            }
        }
        if let TagType::Internal { .. } = variant.tag(&cont.attrs.tag) {
            let attrs = &variant.attrs;
            if let Some(path) = attrs
                .serialize_with
                .as_ref()
                .or(attrs.deserialize_with.as_ref())
            {
                cx.error_spanned_by(
                    path,
                    "`with`, `serialize_with` and `deserialize_with` on a variant of an internally tagged enum are not supported by fastjson",
                );
            }
        }
    }
}

// An internally tagged enum writes the tag inside the variant's object, so
// - a tuple variant has nowhere to put it: `#[serde(tag = "t")] enum E { V(u8, u8) }` is rejected,
//   even when `#[serde(untagged)]` (serde decides this before looking at variant attributes);
// - a struct variant's field may not share the tag's name (duplicate keys in the output);
// - a newtype variant's value must write entries into the same object, which a `serialize_with`
//   function (writing a whole value) cannot do in fastjson.
// An untagged struct or newtype variant writes no tag, so the last two do not apply to it.
fn check_internal_tag(cx: &Ctxt, cont: &Container) {
    let (Data::Enum(variants), TagType::Internal { tag }) = (&cont.data, &cont.attrs.tag) else {
        return;
    };
    for variant in variants {
        match variant.style {
            Style::Newtype | Style::Struct if variant.attrs.untagged => {}
            Style::Tuple => cx.error_spanned_by(
                variant.original,
                "#[serde(tag = \"...\")] cannot be used with tuple variants",
            ),
            Style::Newtype => {
                let field = &variant.fields[0];
                if field.attrs.serialize_with.is_some() || field.attrs.deserialize_with.is_some() {
                    cx.error_spanned_by(
                        field.original,
                        "`with`, `serialize_with` and `deserialize_with` on the field of an internally tagged newtype variant are not supported by fastjson",
                    );
                }
            }
            Style::Struct => {
                let conflict = variant.fields.iter().any(|field| {
                    (!field.attrs.skip_serializing && field.attrs.name.ser == *tag)
                        || (!field.attrs.skip_deserializing
                            && field.attrs.name.de_names().iter().any(|name| name == tag))
                });
                if conflict {
                    cx.error_spanned_by(
                        cont.ident,
                        format!("variant field name `{tag}` conflicts with internal tag"),
                    );
                    return;
                }
            }
            Style::Unit => {}
        }
    }
}

// An adjacently tagged enum needs two distinct keys: `tag = "t", content = "t"` is rejected.
fn check_adjacent_tag_conflict(cx: &Ctxt, cont: &Container) {
    if let TagType::Adjacent { tag, content } = &cont.attrs.tag {
        if tag == content {
            cx.error_spanned_by(
                cont.ident,
                format!("enum tags `{tag}` for type and content conflict with each other"),
            );
        }
    }
}

// `transparent` encodes and decodes a struct as its one real field: exactly one field may be
// neither skipped nor `PhantomData` nor defaulted, and enums and unit structs cannot be
// transparent.
fn check_transparent(cx: &Ctxt, cont: &Container) {
    if !cont.attrs.transparent {
        return;
    }
    let fields = match &cont.data {
        Data::Enum(_) => {
            cx.error_spanned_by(
                cont.ident,
                "#[serde(transparent)] is not allowed on an enum",
            );
            return;
        }
        Data::Struct(Style::Unit, _) => {
            cx.error_spanned_by(
                cont.ident,
                "#[serde(transparent)] is not allowed on a unit struct",
            );
            return;
        }
        Data::Struct(_, fields) => fields,
    };
    let encoded = fields
        .iter()
        .filter(|f| is_transparent_for_encode(f))
        .count();
    let decoded = fields
        .iter()
        .filter(|f| is_transparent_for_decode(f))
        .count();
    if encoded > 1 || decoded > 1 {
        cx.error_spanned_by(
            cont.ident,
            "#[serde(transparent)] requires struct to have at most one transparent field",
        );
    } else if encoded == 0 {
        cx.error_spanned_by(
            cont.ident,
            "#[serde(transparent)] requires at least one field that is not skipped",
        );
    } else if decoded == 0 {
        cx.error_spanned_by(
            cont.ident,
            "#[serde(transparent)] requires at least one field that is neither skipped nor has a default",
        );
    } else if transparent_field(fields).is_none() {
        cx.error_spanned_by(
            cont.ident,
            "#[serde(transparent)] requires the same field to be encoded and decoded",
        );
    }
}

// `remote = "Foreign"` mirrors a foreign struct or enum. The mirror either declares all of the
// foreign type's generics (`remote = "Foreign"` on `struct ForeignDef<T>`) or none, naming one
// instantiation (`remote = "Foreign<u8>"` on `struct ForeignDef`): serde's rule, with its
// message.
fn check_remote(cx: &Ctxt, cont: &Container) {
    let Some(remote) = &cont.attrs.remote else {
        return;
    };
    let remote_has_generics = remote
        .path
        .segments
        .last()
        .is_some_and(|segment| !segment.arguments.is_none());
    if remote_has_generics && !cont.generics.params.is_empty() {
        cx.error_spanned_by(&remote.path, "remove generic parameters from this path");
    }
}

// `getter` says how a remote mirror reads a field of the foreign value, so it means nothing
// without `remote`, nor in an enum (serde's rule and messages; the errors sit at the `getter`
// key): `struct S { #[serde(getter = "S::a")] a: u8 }` is rejected.
fn check_getter(cx: &Ctxt, cont: &Container) {
    let message = match cont.data {
        Data::Enum(_) => "#[serde(getter = \"...\")] is not allowed in an enum",
        Data::Struct(..) if cont.attrs.remote.is_none() => {
            "#[serde(getter = \"...\")] can only be used in structs that have #[serde(remote = \"...\")]"
        }
        Data::Struct(..) => return,
    };
    for field in cont.all_fields() {
        if let Some(getter) = &field.attrs.getter {
            cx.error_spanned_by(&getter.key, message);
        }
    }
}
