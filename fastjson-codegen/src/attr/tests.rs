//! Unit tests of attribute parsing.

use syn::parse_quote;

use super::{Container, DefaultValue, Field, TagType, Variant};
use crate::case::RenameRule;
use crate::ctxt::Ctxt;

fn container(input: syn::DeriveInput) -> (Container, Result<(), syn::Error>) {
    let cx = Ctxt::new();
    let attrs = Container::from_ast(&cx, &input);
    (attrs, cx.check())
}

fn field(field: syn::Field) -> Field {
    let cx = Ctxt::new();
    let attrs = Field::from_ast(&cx, 0, &field);
    cx.check().expect("valid field attributes");
    attrs
}

#[test]
fn container_attributes() {
    let (attrs, ok) = container(parse_quote! {
        #[serde(rename = "Renamed", rename_all = "camelCase", deny_unknown_fields)]
        #[serde(tag = "t", content = "c", bound = "T: Clone, U: Copy", crate = "my::fj")]
        #[fastjson(omitempty)]
        enum E<T, U> { A(T, U) }
    });
    ok.unwrap();
    assert_eq!(attrs.name.ser, "Renamed");
    assert_eq!(attrs.rename_all.ser, RenameRule::CamelCase);
    assert_eq!(attrs.rename_all.de, RenameRule::CamelCase);
    assert!(attrs.deny_unknown_fields);
    assert_eq!(
        attrs.tag,
        TagType::Adjacent {
            tag: "t".into(),
            content: "c".into()
        }
    );
    assert_eq!(attrs.bound.ser.unwrap().len(), 2);
    assert_eq!(attrs.bound.de.unwrap().len(), 2);
    assert!(attrs.crate_path.is_some());
    assert!(attrs.omitempty);
}

#[test]
fn rename_all_per_direction() {
    let (attrs, ok) = container(parse_quote! {
        #[serde(rename_all(serialize = "UPPERCASE", deserialize = "kebab-case"))]
        struct S { a: u8 }
    });
    ok.unwrap();
    assert_eq!(attrs.rename_all.ser, RenameRule::UpperCase);
    assert_eq!(attrs.rename_all.de, RenameRule::KebabCase);
}

#[test]
fn fastjson_value_wins() {
    let (attrs, ok) = container(parse_quote! {
        #[fastjson(tag = "kind")]
        #[serde(tag = "type")]
        enum E { A }
    });
    ok.unwrap();
    assert_eq!(attrs.tag, TagType::Internal { tag: "kind".into() });
}

#[test]
fn default_forms() {
    let (attrs, ok) = container(parse_quote!(
        #[serde(default = "make")]
        struct S {
            a: u8,
        }
    ));
    ok.unwrap();
    assert!(matches!(attrs.default, DefaultValue::Path(_)));
    let (_, err) = container(parse_quote!(
        #[serde(default)]
        enum E {
            A,
        }
    ));
    assert!(err.is_err());
}

#[test]
fn field_attributes() {
    let f = field(parse_quote! {
        #[serde(rename(serialize = "out", deserialize = "in"), alias = "b", alias = "a")]
        #[serde(skip_serializing_if = "Vec::is_empty", default = "fresh")]
        #[fastjson(omitempty)]
        pub x: Vec<u8>
    });
    assert_eq!(f.name.ser, "out");
    assert_eq!(f.name.de_names(), ["a", "b", "in"]);
    assert!(f.skip_serializing_if.is_some());
    assert!(matches!(f.default, DefaultValue::Path(_)));
    assert!(f.omitempty);

    // serde's `with` names serde's functions; fastjson's names fastjson's, and wins.
    let f = field(parse_quote!(#[serde(with = "hex", skip_deserializing)] x: u8));
    let serde_fn = |w: &Option<super::WithFn>| match w {
        Some(super::WithFn::Serde(path)) => quote::ToTokens::to_token_stream(path).to_string(),
        _ => "not serde's".to_owned(),
    };
    let fast_fn = |w: &Option<super::WithFn>| match w {
        Some(super::WithFn::Fastjson(path)) => quote::ToTokens::to_token_stream(path).to_string(),
        _ => "not fastjson's".to_owned(),
    };
    assert_eq!(serde_fn(&f.serialize_with), "hex :: serialize");
    assert_eq!(serde_fn(&f.deserialize_with), "hex :: deserialize");
    assert!(f.skip_deserializing && !f.skip_serializing);
    let f = field(parse_quote!(
        #[serde(with = "hex")] #[fastjson(with = "fast")] x: u8
    ));
    assert_eq!(fast_fn(&f.serialize_with), "fast :: encode");
    assert_eq!(fast_fn(&f.deserialize_with), "fast :: decode");
    let f = field(parse_quote!(#[serde(with = "hex")] #[fastjson(deserialize_with = "g")] x: u8));
    assert_eq!(serde_fn(&f.serialize_with), "hex :: serialize");
    assert_eq!(fast_fn(&f.deserialize_with), "g");
    let f = field(parse_quote!(#[fastjson(serde)] x: Foreign));
    assert!(matches!(f.serialize_with, Some(super::WithFn::Bridge)));
    assert!(matches!(f.deserialize_with, Some(super::WithFn::Bridge)));

    let f = field(parse_quote!(#[serde(borrow = "'a + 'b", flatten)] x: X<'a, 'b>));
    assert!(matches!(f.borrow, Some(super::Borrow::Lifetimes(set)) if set.len() == 2));
    assert!(f.flatten);
}

#[test]
fn variant_attributes() {
    let cx = Ctxt::new();
    let v: syn::Variant = parse_quote! {
        #[serde(rename = "a", alias = "b", rename_all = "snake_case", skip_serializing, other)]
        A
    };
    let attrs = Variant::from_ast(&cx, &v);
    cx.check().unwrap();
    assert_eq!(attrs.name.ser, "a");
    assert_eq!(attrs.name.de_names(), ["a", "b"]);
    assert_eq!(attrs.rename_all.unwrap().ser, RenameRule::SnakeCase);
    assert!(attrs.skip_serializing && !attrs.skip_deserializing && attrs.other);
    assert!(!attrs.untagged);

    let cx = Ctxt::new();
    let v: syn::Variant = parse_quote!(
        #[fastjson(untagged)]
        Raw(String)
    );
    let attrs = Variant::from_ast(&cx, &v);
    cx.check().unwrap();
    assert!(attrs.untagged);
}

#[test]
fn non_serde_attributes_are_ignored() {
    let f = field(parse_quote!(#[doc = "x"] #[allow(dead_code)] #[serde()] x: u8));
    assert_eq!(f.name.ser, "x");
}

#[test]
fn raw_identifiers_are_unraw() {
    let f = field(parse_quote!(r#type: u8));
    assert_eq!(f.name.ser, "type");
}
