//! Variant attributes: what may sit on one enum variant.

use std::collections::BTreeSet;

use super::field::Borrow;
use super::parse::{
    each_meta, lit_str, rename_rules, ser_de_lit_strs, set_bounds, set_ser_de, set_with_functions,
    tokens_of, unknown_key, Attr, BoolAttr, Bounds, Name, Position, RenameRules,
};
use super::with::WithFn;
use crate::ctxt::Ctxt;
use crate::symbol::*;

pub struct Variant {
    pub name: Name,
    /// Rule for this variant's fields (overrides the container's `rename_all_fields`).
    pub rename_all: Option<RenameRules>,
    pub skip_serializing: bool,
    pub skip_deserializing: bool,
    /// The unit variant chosen for an unknown tag.
    pub other: bool,
    /// `#[serde(untagged)]`: written as its content alone, and tried as untagged content when
    /// the input is not one of the enum's tagged variants.
    pub untagged: bool,
    pub bound: Bounds,
    /// `borrow` on a newtype variant: the field's `borrow` (serde allows it nowhere else).
    pub borrow: Option<Borrow>,
    /// `serialize_with = "f"` (or `with`'s `module::serialize`/`module::encode`): writes the
    /// variant's content as `f(&field0, &field1, .., writer)`, every field in declaration order,
    /// in place of the fields' own encoding (serde's FIELD0, FIELD1, .., S).
    pub serialize_with: Option<WithFn>,
    /// `deserialize_with = "g"` (or `with`'s `module::deserialize`/`module::decode`): reads the
    /// content as `g(lexer) -> Result<FIELDS>`, FIELDS being the one field's type, a tuple of several, or
    /// `()` for none (serde's FIELDS).
    pub deserialize_with: Option<WithFn>,
}

impl Variant {
    pub fn from_ast(cx: &Ctxt, variant: &syn::Variant) -> Self {
        let mut ser_name = Attr::none(cx, RENAME);
        let mut de_name = Attr::none(cx, RENAME);
        let mut aliases = BTreeSet::new();
        let mut rename_all = Attr::none(cx, RENAME_ALL);
        let mut skip_serializing = BoolAttr::none(cx, SKIP_SERIALIZING);
        let mut skip_deserializing = BoolAttr::none(cx, SKIP_DESERIALIZING);
        let mut other = BoolAttr::none(cx, OTHER);
        let mut untagged = BoolAttr::none(cx, UNTAGGED);
        let mut borrow = Attr::none(cx, BORROW);
        let mut ser_bound = Attr::none(cx, BOUND);
        let mut de_bound = Attr::none(cx, BOUND);
        let mut serialize_with = Attr::none(cx, SERIALIZE_WITH);
        let mut deserialize_with = Attr::none(cx, DESERIALIZE_WITH);

        each_meta(cx, &variant.attrs, |ns, meta| {
            let at = tokens_of(meta);
            let functions = (&mut serialize_with, &mut deserialize_with);
            if set_with_functions(ns, &at, meta, functions)? {
                return Ok(());
            }
            if meta.path == RENAME {
                let names = ser_de_lit_strs(meta)?;
                set_ser_de(ns, &at, (&mut ser_name, &mut de_name), names);
            } else if meta.path == ALIAS {
                aliases.insert(lit_str(meta)?.value());
            } else if meta.path == RENAME_ALL {
                rename_all.set(ns, &at, rename_rules(meta)?);
            } else if meta.path == SKIP {
                skip_serializing.set_true(ns, &at);
                skip_deserializing.set_true(ns, &at);
            } else if meta.path == SKIP_SERIALIZING {
                skip_serializing.set_true(ns, &at);
            } else if meta.path == SKIP_DESERIALIZING {
                skip_deserializing.set_true(ns, &at);
            } else if meta.path == OTHER {
                other.set_true(ns, &at);
            } else if meta.path == UNTAGGED {
                untagged.set_true(ns, &at);
            } else if meta.path == BORROW {
                let value = Borrow::parse(cx, meta)?;
                match &variant.fields {
                    syn::Fields::Unnamed(fields) if fields.unnamed.len() == 1 => {
                        borrow.set(ns, &at, value);
                    }
                    _ => cx.error_spanned_by(
                        &at,
                        "#[serde(borrow)] may only be used on newtype variants",
                    ),
                }
            } else if meta.path == BOUND {
                set_bounds(ns, meta, (&mut ser_bound, &mut de_bound))?;
            } else {
                return Err(unknown_key(ns, Position::Variant, meta));
            }
            Ok(())
        });

        Variant {
            name: Name::new(
                super::parse::unraw(&variant.ident),
                ser_name.get(),
                de_name.get(),
                aliases,
            ),
            rename_all: rename_all.get(),
            skip_serializing: skip_serializing.get(),
            skip_deserializing: skip_deserializing.get(),
            other: other.get(),
            untagged: untagged.get(),
            borrow: borrow.get(),
            serialize_with: serialize_with.get(),
            deserialize_with: deserialize_with.get(),
            bound: Bounds {
                ser: ser_bound.get(),
                de: de_bound.get(),
            },
        }
    }
}
