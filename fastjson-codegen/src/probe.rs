//! `#[fastjson(serde_fallback)]`: which fields go through the bridge's `Probe` (their type's
//! fastjson impls when it has them, else its serde impls, chosen at compile time).

use syn::visit::Visit;

use crate::ast::{self, Container, Data, Field};
use crate::attr::WithFn;
use crate::bound;

/// `#[fastjson(serde_fallback)]`: every field that its type's impls write and read gets
/// `WithFn::Probe`, which picks the type's fastjson impls when it has them and its serde
/// impls otherwise, at compile time. Left alone: fields with functions or `flatten`, fields
/// whose type uses a type parameter or a lifetime (the impl's bounds decide those), and
/// primitives and `String` (always fastjson's, and their fast paths stay).
pub fn probe_fields(cont: &mut Container) {
    let generics = cont.generics;
    let probe = |field: &mut Field| {
        let ty = field.ty;
        if field.attrs.flatten
            || field.attrs.borrow.is_some()
            || bound::uses_type_params(generics, ty)
            || has_lifetime(ty)
            || is_plain_scalar(ty)
        {
            return;
        }
        let attrs = &mut field.attrs;
        if attrs.serialize_with.is_none() && !attrs.skip_serializing {
            attrs.serialize_with = Some(WithFn::Probe);
        }
        if attrs.deserialize_with.is_none() && !attrs.skip_deserializing {
            attrs.deserialize_with = Some(WithFn::Probe);
        }
    };
    match &mut cont.data {
        Data::Struct(_, fields) => fields.iter_mut().for_each(probe),
        Data::Enum(variants) => variants
            .iter_mut()
            .flat_map(|v| v.fields.iter_mut())
            .for_each(probe),
    }
}

/// Whether a type names a lifetime anywhere (`&'a str`, `Cow<'a, T>`).
fn has_lifetime(ty: &syn::Type) -> bool {
    struct Finder(bool);
    impl<'ast> Visit<'ast> for Finder {
        fn visit_lifetime(&mut self, _: &'ast syn::Lifetime) {
            self.0 = true;
        }
        fn visit_type_reference(&mut self, _: &'ast syn::TypeReference) {
            self.0 = true;
        }
    }
    let mut finder = Finder(false);
    finder.visit_type(ty);
    finder.0
}

/// `bool`, `char`, the integers, the floats and `String`, by their plain names.
fn is_plain_scalar(ty: &syn::Type) -> bool {
    const NAMES: &[&str] = &[
        "bool", "char", "String", "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32",
        "i64", "i128", "isize", "f32", "f64",
    ];
    match ast::ungroup(ty) {
        syn::Type::Path(path) if path.qself.is_none() => path
            .path
            .get_ident()
            .is_some_and(|ident| NAMES.iter().any(|name| ident == name)),
        _ => false,
    }
}
