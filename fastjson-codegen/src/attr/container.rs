//! Container attributes: what may sit on the struct or enum itself.

use std::collections::BTreeSet;

use super::parse::{
    each_meta, expr_path, lit_str, rename_rules, ser_de_lit_strs, set_bounds, set_ser_de,
    tokens_of, unknown_key, Attr, BoolAttr, Bounds, Name, Namespace, Position, RenameRules,
};
use crate::ctxt::Ctxt;
use crate::symbol::*;

/// How an enum is represented (structs use `External`, or `Internal` with a `tag`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TagType {
    /// `{"Variant": content}` (serde's default).
    External,
    /// `{"tag": "Variant", fields...}`.
    Internal { tag: String },
    /// `{"tag": "Variant", "content": content}`.
    Adjacent { tag: String, content: String },
    /// Content only.
    Untagged,
}

/// `field_identifier` / `variant_identifier`: an enum decoded from a string naming one of its
/// variants (serde's `Identifier`; encoding is unchanged).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Identifier {
    /// An ordinary enum (or a struct).
    No,
    /// `field_identifier`: unit variants, the last of which may be `other` or a newtype that
    /// takes any other name.
    Field,
    /// `variant_identifier`: unit variants only.
    Variant,
}

/// `default` / `default = "path"`.
#[derive(Clone)]
pub enum DefaultValue {
    None,
    Default,
    Path(syn::ExprPath),
}

impl DefaultValue {
    pub fn is_none(&self) -> bool {
        matches!(self, DefaultValue::None)
    }
}

pub struct Container {
    pub name: Name,
    pub rename_all: RenameRules,
    pub rename_all_fields: RenameRules,
    pub deny_unknown_fields: bool,
    pub default: DefaultValue,
    pub transparent: bool,
    pub tag: TagType,
    pub bound: Bounds,
    pub crate_path: Option<syn::Path>,
    pub omitempty: bool,
    /// `from = "T"`: decoded as `T`, then converted with `From`.
    pub type_from: Option<syn::Type>,
    /// `try_from = "T"`: decoded as `T`, then converted with `TryFrom` (its error reported at the
    /// end of the value).
    pub type_try_from: Option<syn::Type>,
    /// `into = "T"`: encoded as `T`, from a clone converted with `Into`.
    pub type_into: Option<syn::Type>,
    /// `expecting = "..."`: replaces "struct Name" (and the like) in "expected ..." errors.
    pub expecting: Option<String>,
    /// `remote = "path::Foreign"`: the type mirrors another crate's type, and gets inherent
    /// `encode`/`decode` functions for it instead of impls for itself.
    pub remote: Option<Remote>,
    /// `field_identifier` / `variant_identifier`.
    pub identifier: Identifier,
    /// `#[fastjson(serde)]`: the type is written and read by its own serde impls, through the
    /// bridge (a type whose `Serialize`/`Deserialize` are hand-written); its shape is not read.
    pub serde: bool,
    /// `#[fastjson(serde_fallback)]`: fields whose types have no fastjson impls go through their
    /// serde impls.
    pub serde_fallback: bool,
}

/// `remote = "path::Foreign"`.
pub struct Remote {
    /// The foreign type (`Self` stands for the type's own name, as in serde).
    pub path: syn::Path,
}

impl Container {
    pub fn from_ast(cx: &Ctxt, item: &syn::DeriveInput) -> Self {
        let mut ser_name = Attr::none(cx, RENAME);
        let mut de_name = Attr::none(cx, RENAME);
        let mut rename_all = Attr::none(cx, RENAME_ALL);
        let mut rename_all_fields = Attr::none(cx, RENAME_ALL_FIELDS);
        let mut deny_unknown_fields = BoolAttr::none(cx, DENY_UNKNOWN_FIELDS);
        let mut default = Attr::none(cx, DEFAULT);
        let mut transparent = BoolAttr::none(cx, TRANSPARENT);
        let mut tag = Attr::none(cx, TAG);
        let mut content = Attr::none(cx, CONTENT);
        let mut untagged = BoolAttr::none(cx, UNTAGGED);
        let mut ser_bound = Attr::none(cx, BOUND);
        let mut de_bound = Attr::none(cx, BOUND);
        let mut crate_path = Attr::none(cx, CRATE);
        let mut omitempty = BoolAttr::none(cx, OMITEMPTY);
        let mut type_from = Attr::none(cx, FROM);
        let mut type_try_from = Attr::none(cx, TRY_FROM);
        let mut type_into = Attr::none(cx, INTO);
        let mut expecting = Attr::none(cx, EXPECTING);
        let mut remote = Attr::none(cx, REMOTE);
        let mut field_identifier = BoolAttr::none(cx, FIELD_IDENTIFIER);
        let mut variant_identifier = BoolAttr::none(cx, VARIANT_IDENTIFIER);
        let mut serde = BoolAttr::none(cx, SERDE);
        let mut serde_fallback = BoolAttr::none(cx, SERDE_FALLBACK);

        each_meta(cx, &item.attrs, |ns, meta| {
            let at = tokens_of(meta);
            if meta.path == RENAME {
                let names = ser_de_lit_strs(meta)?;
                set_ser_de(ns, &at, (&mut ser_name, &mut de_name), names);
            } else if meta.path == RENAME_ALL {
                rename_all.set(ns, &at, rename_rules(meta)?);
            } else if meta.path == RENAME_ALL_FIELDS {
                let rules = rename_rules(meta)?;
                if !matches!(item.data, syn::Data::Enum(_)) {
                    cx.error_spanned_by(
                        &at,
                        "#[serde(rename_all_fields)] can only be used on enums",
                    );
                }
                rename_all_fields.set(ns, &at, rules);
            } else if meta.path == DENY_UNKNOWN_FIELDS {
                deny_unknown_fields.set_true(ns, &at);
            } else if meta.path == DEFAULT {
                let value = if meta.input.peek(syn::Token![=]) {
                    DefaultValue::Path(expr_path(meta)?)
                } else {
                    DefaultValue::Default
                };
                match &item.data {
                    syn::Data::Struct(data) if !matches!(data.fields, syn::Fields::Unit) => {
                        default.set(ns, &at, value);
                    }
                    _ => cx.error_spanned_by(
                        &at,
                        "#[serde(default)] can only be used on structs that have fields",
                    ),
                }
            } else if meta.path == TRANSPARENT {
                transparent.set_true(ns, &at);
            } else if meta.path == TAG {
                tag.set(ns, &at, lit_str(meta)?.value());
            } else if meta.path == CONTENT {
                content.set(ns, &at, lit_str(meta)?.value());
            } else if meta.path == UNTAGGED {
                untagged.set_true(ns, &at);
            } else if meta.path == BOUND {
                set_bounds(ns, meta, (&mut ser_bound, &mut de_bound))?;
            } else if meta.path == CRATE {
                crate_path.set(ns, &at, lit_str(meta)?.parse::<syn::Path>()?);
            } else if meta.path == FROM {
                type_from.set(ns, &at, lit_str(meta)?.parse::<syn::Type>()?);
            } else if meta.path == TRY_FROM {
                type_try_from.set(ns, &at, lit_str(meta)?.parse::<syn::Type>()?);
            } else if meta.path == INTO {
                type_into.set(ns, &at, lit_str(meta)?.parse::<syn::Type>()?);
            } else if meta.path == EXPECTING {
                expecting.set(ns, &at, lit_str(meta)?.value());
            } else if meta.path == REMOTE {
                let mut path = lit_str(meta)?.parse::<syn::Path>()?;
                if path.is_ident("Self") {
                    path = item.ident.clone().into();
                }
                remote.set(ns, &at, Remote { path });
            } else if meta.path == FIELD_IDENTIFIER {
                field_identifier.set_true(ns, &at);
            } else if meta.path == VARIANT_IDENTIFIER {
                variant_identifier.set_true(ns, &at);
            } else if meta.path == OMITEMPTY && ns == Namespace::Fastjson {
                omitempty.set_true(ns, &at);
            } else if meta.path == SERDE && ns == Namespace::Fastjson {
                serde.set_true(ns, &at);
            } else if meta.path == SERDE_FALLBACK && ns == Namespace::Fastjson {
                serde_fallback.set_true(ns, &at);
            } else {
                return Err(unknown_key(ns, Position::Container, meta));
            }
            Ok(())
        });

        check_conversions(
            cx,
            &transparent,
            [
                (&type_from, "from"),
                (&type_try_from, "try_from"),
                (&type_into, "into"),
            ],
        );
        if serde.is_set() {
            let others = [
                ("remote", remote.is_set()),
                ("from", type_from.is_set()),
                ("try_from", type_try_from.is_set()),
                ("into", type_into.is_set()),
                ("transparent", transparent.is_set()),
                ("serde_fallback", serde_fallback.is_set()),
            ];
            for (key, _) in others.iter().filter(|(_, set)| *set) {
                cx.error_spanned_by(
                    serde.tokens(),
                    format!("#[fastjson(serde)] cannot be combined with `{key}`: the type's own serde impls decide its JSON"),
                );
            }
        }
        let spans = TagTokens {
            tag: tag.tokens(),
            content: content.tokens(),
            untagged: untagged.tokens(),
        };
        let tag = decide_tag(cx, item, &spans, tag.get(), content.get(), untagged.get());
        let identifier = decide_identifier(cx, item, &field_identifier, &variant_identifier);
        Container {
            name: Name::new(
                super::parse::unraw(&item.ident),
                ser_name.get(),
                de_name.get(),
                BTreeSet::new(),
            ),
            rename_all: rename_all.get().unwrap_or_default(),
            rename_all_fields: rename_all_fields.get().unwrap_or_default(),
            deny_unknown_fields: deny_unknown_fields.get(),
            default: default.get().unwrap_or(DefaultValue::None),
            transparent: transparent.get(),
            tag,
            bound: Bounds {
                ser: ser_bound.get(),
                de: de_bound.get(),
            },
            crate_path: crate_path.get(),
            omitempty: omitempty.get(),
            type_from: type_from.get(),
            type_try_from: type_try_from.get(),
            type_into: type_into.get(),
            expecting: expecting.get(),
            remote: remote.get(),
            identifier,
            serde: serde.get(),
            serde_fallback: serde_fallback.get(),
        }
    }
}

/// serde's rules for `field_identifier` and `variant_identifier`: enums only, one of the two;
/// each error at the key.
fn decide_identifier(
    cx: &Ctxt,
    item: &syn::DeriveInput,
    field: &BoolAttr,
    variant: &BoolAttr,
) -> Identifier {
    let is_enum = matches!(item.data, syn::Data::Enum(_));
    match (field.is_set(), variant.is_set()) {
        (false, false) => Identifier::No,
        (true, true) => {
            let msg =
                "#[serde(field_identifier)] and #[serde(variant_identifier)] cannot both be set";
            cx.error_spanned_by(field.tokens(), msg);
            cx.error_spanned_by(variant.tokens(), msg);
            Identifier::No
        }
        (true, false) if is_enum => Identifier::Field,
        (false, true) if is_enum => Identifier::Variant,
        (true, false) => {
            let msg = "#[serde(field_identifier)] can only be used on an enum";
            cx.error_spanned_by(field.tokens(), msg);
            Identifier::No
        }
        (false, true) => {
            let msg = "#[serde(variant_identifier)] can only be used on an enum";
            cx.error_spanned_by(variant.tokens(), msg);
            Identifier::No
        }
    }
}

/// serde's rules for `from`, `try_from` and `into`: the first two are two ways of decoding the
/// same thing, and `transparent` is a third way of both; each error is at the conversion's key.
fn check_conversions(
    cx: &Ctxt,
    transparent: &BoolAttr,
    conversions: [(&Attr<syn::Type>, &str); 3],
) {
    let [from, try_from, _] = &conversions;
    if from.0.is_set() && try_from.0.is_set() {
        cx.error_spanned_by(
            try_from.0.tokens(),
            "#[serde(from = \"...\")] and #[serde(try_from = \"...\")] conflict with each other",
        );
    }
    if transparent.is_set() {
        for (attr, key) in conversions.iter().filter(|(attr, _)| attr.is_set()) {
            cx.error_spanned_by(
                attr.tokens(),
                format!("#[serde(transparent)] is not allowed with #[serde({key} = \"...\")]"),
            );
        }
    }
}

/// Where `tag`, `content` and `untagged` were written.
struct TagTokens {
    tag: proc_macro2::TokenStream,
    content: proc_macro2::TokenStream,
    untagged: proc_macro2::TokenStream,
}

/// Combines `tag`, `content` and `untagged` into one representation, with serde's errors, each at
/// the attribute that cannot be used.
fn decide_tag(
    cx: &Ctxt,
    item: &syn::DeriveInput,
    at: &TagTokens,
    tag: Option<String>,
    content: Option<String>,
    untagged: bool,
) -> TagType {
    let is_enum = matches!(item.data, syn::Data::Enum(_));
    let named_struct = matches!(
        &item.data,
        syn::Data::Struct(syn::DataStruct {
            fields: syn::Fields::Named(_),
            ..
        })
    );
    match (tag, content, untagged) {
        (None, None, false) => TagType::External,
        (None, None, true) => {
            if !is_enum {
                cx.error_spanned_by(&at.untagged, "#[serde(untagged)] can only be used on enums");
            }
            TagType::Untagged
        }
        (Some(tag), None, false) => {
            if !is_enum && !named_struct {
                cx.error_spanned_by(
                    &at.tag,
                    "#[serde(tag = \"...\")] can only be used on enums and structs with named fields",
                );
            }
            TagType::Internal { tag }
        }
        (Some(tag), Some(content), false) => {
            if !is_enum {
                cx.error_spanned_by(
                    &at.content,
                    "#[serde(tag = \"...\", content = \"...\")] can only be used on enums",
                );
            }
            TagType::Adjacent { tag, content }
        }
        (None, Some(_), false) => {
            cx.error_spanned_by(
                &at.content,
                "#[serde(tag = \"...\", content = \"...\")] must be used together",
            );
            TagType::External
        }
        (Some(_), _, true) => {
            cx.error_spanned_by(
                &at.untagged,
                "enum cannot be both untagged and internally tagged",
            );
            TagType::Untagged
        }
        (None, Some(_), true) => {
            cx.error_spanned_by(
                &at.content,
                "untagged enum cannot have #[serde(content = \"...\")]",
            );
            TagType::Untagged
        }
    }
}
