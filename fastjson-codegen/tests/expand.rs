//! The generator without a compiler: expand `parse_quote!` inputs and inspect the tokens.

use fastjson_codegen::{expand, expand_with, Options, Sides};
use quote::{quote, ToTokens};
use syn::parse_quote;

/// The messages of the `compile_error!`s in an expansion.
fn errors(input: &syn::DeriveInput) -> Vec<String> {
    let file: syn::File = syn::parse2(expand(input)).expect("expansion parses as items");
    file.items
        .iter()
        .filter_map(|item| match item {
            syn::Item::Macro(m) if m.mac.path.segments.last().unwrap().ident == "compile_error" => {
                Some(m.mac.parse_body::<syn::LitStr>().unwrap().value())
            }
            _ => None,
        })
        .collect()
}

/// The impls inside the `const _: () = { ... };` wrapper, by trait name (last segment).
fn impls(tokens: proc_macro2::TokenStream) -> Vec<syn::ItemImpl> {
    let file: syn::File = syn::parse2(tokens).expect("expansion parses as items");
    let mut out = Vec::new();
    for item in file.items {
        if let syn::Item::Const(c) = item {
            if let syn::Expr::Block(block) = *c.expr {
                for stmt in block.block.stmts {
                    if let syn::Stmt::Item(syn::Item::Impl(imp)) = stmt {
                        out.push(imp);
                    }
                }
            }
        }
    }
    out
}

/// The last segment of the implemented trait's path (`Encode`, `Decode`, ...); empty for an
/// inherent impl.
fn trait_name(imp: &syn::ItemImpl) -> String {
    imp.trait_
        .as_ref()
        .map_or_else(String::new, |(_, path, _)| {
            path.segments.last().unwrap().ident.to_string()
        })
}

fn impl_of<'a>(impls: &'a [syn::ItemImpl], name: &str) -> &'a syn::ItemImpl {
    impls
        .iter()
        .find(|imp| trait_name(imp) == name)
        .unwrap_or_else(|| panic!("no impl of {name}"))
}

fn predicates(imp: &syn::ItemImpl) -> Vec<String> {
    imp.generics
        .where_clause
        .iter()
        .flat_map(|w| w.predicates.iter())
        .map(|p| p.to_token_stream().to_string())
        .collect()
}

fn text(tokens: proc_macro2::TokenStream) -> String {
    tokens.to_string()
}

#[test]
fn every_bad_attribute_is_reported_at_once() {
    let input: syn::DeriveInput = parse_quote! {
        #[serde(field_identifier, unknown_thing)]
        struct S {
            #[serde(rename = 1)]
            a: u8,
            #[fastjson(nope)]
            b: u8,
            #[serde(getter = "x")]
            c: u8,
            #[serde(rename = "x", rename = "y")]
            d: u8,
        }
    };
    let errors = errors(&input);
    assert_eq!(
        errors,
        [
            "unknown serde container attribute `unknown_thing`",
            "#[serde(field_identifier)] can only be used on an enum",
            "expected string literal",
            "unknown fastjson field attribute `nope`",
            "duplicate serde attribute `rename`",
            // A rule across attributes, checked after parsing: reported in the same compile.
            "#[serde(getter = \"...\")] can only be used in structs that have #[serde(remote = \"...\")]",
        ]
    );
}

#[test]
fn identifier_attributes_follow_serdes_rules() {
    let both: syn::DeriveInput = parse_quote! {
        #[serde(field_identifier, variant_identifier)]
        enum E {
            A,
        }
    };
    let message = "#[serde(field_identifier)] and #[serde(variant_identifier)] cannot both be set";
    assert_eq!(errors(&both), [message, message]);
    let catch_all: syn::DeriveInput = parse_quote! {
        #[serde(field_identifier)]
        enum F {
            A,
            Other(String),
        }
    };
    assert_eq!(errors(&catch_all), Vec::<String>::new());
    let not_last: syn::DeriveInput = parse_quote! {
        #[serde(field_identifier)]
        enum F {
            Other(String),
            A,
        }
    };
    assert_eq!(errors(&not_last), ["`Other` must be the last variant"]);
}

#[test]
fn variant_functions_are_supported_except_internally_tagged() {
    let supported: syn::DeriveInput = parse_quote! {
        #[serde(tag = "t", content = "c")]
        enum E {
            #[serde(deserialize_with = "f")]
            A(u8),
            #[serde(with = "m")]
            B { x: u8, y: u8 },
            #[serde(serialize_with = "g")]
            C,
        }
    };
    assert_eq!(errors(&supported), Vec::<String>::new());
    let internal: syn::DeriveInput = parse_quote! {
        #[serde(tag = "t")]
        enum E {
            #[serde(with = "m")]
            A(u8),
            #[serde(untagged, with = "m")]
            B(u8),
        }
    };
    assert_eq!(
        errors(&internal),
        ["`with`, `serialize_with` and `deserialize_with` on a variant of an internally tagged enum are not supported by fastjson"]
    );
}

#[test]
fn untagged_variants_are_supported_where_serde_allows_them() {
    let allowed: Vec<syn::DeriveInput> = vec![
        parse_quote!(
            enum E {
                A,
                #[serde(untagged)]
                B(u8),
                #[fastjson(untagged)]
                C,
            }
        ),
        // No tag is written for it, so its field may be named like the tag, and its newtype's
        // value need not be a struct.
        parse_quote!(
            #[serde(tag = "t")]
            enum E {
                A,
                #[serde(untagged)]
                B {
                    t: u8,
                },
            }
        ),
        parse_quote!(
            #[serde(tag = "t")]
            enum E {
                A,
                #[serde(untagged)]
                B(String),
            }
        ),
        parse_quote!(
            #[serde(tag = "t", content = "c")]
            enum E {
                A,
                #[serde(untagged)]
                B(u8, u8),
            }
        ),
        // Changes nothing in an untagged enum.
        parse_quote!(
            #[serde(untagged)]
            enum E {
                A(u8),
                #[serde(untagged)]
                B(String),
            }
        ),
        // `other` on the last variant, untagged: allowed, and catches nothing.
        parse_quote!(
            enum E {
                A,
                #[serde(untagged, other)]
                B,
            }
        ),
    ];
    for input in allowed {
        assert_eq!(errors(&input), [""; 0], "{}", input.to_token_stream());
    }
}

#[test]
fn untagged_newtype_variants_of_internally_tagged_enums_bound_as_plain_values() {
    let input: syn::DeriveInput = parse_quote! {
        #[serde(tag = "t")]
        enum E<T> { A, #[serde(untagged)] B(Inner<T>) }
    };
    let impls = impls(expand(&input));
    assert_eq!(
        predicates(impl_of(&impls, "Encode")),
        [quote!(T: _fj::Encode).to_string()]
    );
    assert_eq!(
        predicates(impl_of(&impls, "Decode")),
        [quote!(T: _fj::Decode<'de>).to_string()]
    );
}

#[test]
fn cross_attribute_rules() {
    let cases: Vec<(syn::DeriveInput, &str)> = vec![
        (
            parse_quote!(#[serde(tag = "t")] enum E { A(u8, u8) }),
            "#[serde(tag = \"...\")] cannot be used with tuple variants",
        ),
        (
            parse_quote!(#[serde(tag = "t")] enum E { A { t: u8 } }),
            "variant field name `t` conflicts with internal tag",
        ),
        (
            parse_quote!(#[serde(tag = "x", content = "x")] enum E { A }),
            "enum tags `x` for type and content conflict with each other",
        ),
        (
            parse_quote!(#[serde(tag = "t")] enum E { #[serde(other)] A, B }),
            "#[serde(other)] must be on the last variant",
        ),
        (
            parse_quote!(#[serde(untagged)] enum E { #[serde(other)] A }),
            "#[serde(other)] cannot appear on untagged enum",
        ),
        (
            parse_quote!(enum E { #[serde(untagged)] A(u8), B, #[serde(untagged)] C }),
            "all variants with the #[serde(untagged)] attribute must be placed at the end of the enum",
        ),
        (
            parse_quote!(#[serde(tag = "t")] enum E { A, #[serde(other)] B, #[serde(untagged)] C(u8) }),
            "#[serde(other)] must be on the last variant",
        ),
        (
            parse_quote!(#[serde(tag = "t")] enum E { A, #[serde(untagged)] B(u8, u8) }),
            "#[serde(tag = \"...\")] cannot be used with tuple variants",
        ),
        (
            parse_quote!(enum E { A, #[serde(untagged, untagged)] B }),
            "duplicate serde attribute `untagged`",
        ),
        (
            parse_quote!(struct S(#[serde(flatten)] u8, u8);),
            "#[serde(flatten)] cannot be used on tuple structs",
        ),
        (
            parse_quote!(#[serde(transparent)] struct S { a: u8, b: u8 }),
            "#[serde(transparent)] requires struct to have at most one transparent field",
        ),
        (
            parse_quote!(#[serde(transparent)] enum E { A }),
            "#[serde(transparent)] is not allowed on an enum",
        ),
        (
            parse_quote!(struct S<'de> { a: &'de str }),
            "cannot derive FastJson when there is a lifetime parameter called 'de",
        ),
        (
            parse_quote!(union U { a: u8 }),
            "fastjson does not support derive for unions",
        ),
        (
            parse_quote!(#[serde(rename_all = "Snake")] struct S { a: u8 }),
            "unknown rename rule `rename_all = \"Snake\"`, expected one of \"lowercase\", \"UPPERCASE\", \"PascalCase\", \"camelCase\", \"snake_case\", \"SCREAMING_SNAKE_CASE\", \"kebab-case\", \"SCREAMING-KEBAB-CASE\"",
        ),
        (
            parse_quote!(struct S { #[serde(borrow)] a: u8 }),
            "field has no lifetimes to borrow",
        ),
        (
            parse_quote!(#[serde(untagged)] struct S { a: u8 }),
            "#[serde(untagged)] can only be used on enums",
        ),
        (
            parse_quote!(#[serde(from = "u8", try_from = "u8")] struct S(u8);),
            "#[serde(from = \"...\")] and #[serde(try_from = \"...\")] conflict with each other",
        ),
        (
            parse_quote!(#[serde(transparent, try_from = "u8")] struct S(u8);),
            "#[serde(transparent)] is not allowed with #[serde(try_from = \"...\")]",
        ),
        (
            parse_quote!(#[serde(transparent, into = "u8")] struct S(u8);),
            "#[serde(transparent)] is not allowed with #[serde(into = \"...\")]",
        ),
        (
            parse_quote!(#[serde(bound(serialize = "T: X", other = "T: Y"))] struct S<T> { a: T }),
            "expected `serialize` or `deserialize`",
        ),
        (
            parse_quote!(#[serde(remote = "other::E<u8>")] enum E<T> { A(T) }),
            "remove generic parameters from this path",
        ),
        (
            parse_quote!(#[serde(remote = "other::E")] enum E { A { #[serde(getter = "a")] a: u8 } }),
            "#[serde(getter = \"...\")] is not allowed in an enum",
        ),
        (
            parse_quote!(#[serde(remote = "other::S<u8>")] struct S<T> { a: T }),
            "remove generic parameters from this path",
        ),
        (
            parse_quote!(struct S { #[serde(getter = "S::a")] a: u8 }),
            "#[serde(getter = \"...\")] can only be used in structs that have #[serde(remote = \"...\")]",
        ),
        (
            parse_quote!(enum E { A { #[serde(getter = "a")] a: u8 } }),
            "#[serde(getter = \"...\")] is not allowed in an enum",
        ),
    ];
    for (input, expected) in cases {
        assert_eq!(errors(&input), [expected], "{}", input.to_token_stream());
    }
}

#[test]
fn errors_come_with_stub_impls() {
    let input: syn::DeriveInput = parse_quote! {
        #[serde(nope)]
        struct S<T> { a: T }
    };
    let traits = |sides: Sides| -> Vec<String> {
        let options = Options {
            sides,
            ..Options::default()
        };
        impls(expand_with(&input, &options))
            .iter()
            .map(trait_name)
            .collect()
    };
    assert_eq!(
        traits(Sides::Both),
        ["Encode", "EncodeFields", "Schema", "Decode", "DecodeFields"]
    );
    // One derive's stubs only: `#[derive(Encode, Decode)]` on a type with errors must not get
    // two impls of anything.
    assert_eq!(traits(Sides::Encode), ["Encode", "EncodeFields", "Schema"]);
    assert_eq!(traits(Sides::Decode), ["Decode", "DecodeFields"]);
}

#[test]
fn a_remote_mirror_with_errors_gets_stub_functions() {
    let input: syn::DeriveInput = parse_quote! {
        #[serde(remote = "other::E")]
        pub enum EDef { A }
    };
    let impls = impls(expand(&input));
    let inherent: Vec<String> = impls
        .iter()
        .filter(|imp| imp.trait_.is_none())
        .flat_map(|imp| &imp.items)
        .map(|item| match item {
            syn::ImplItem::Fn(f) => f.sig.ident.to_string(),
            _ => panic!("only functions"),
        })
        .collect();
    // `with = "EDef"` still finds both: the one error is the only one.
    assert_eq!(inherent, ["encode", "decode"]);
}

#[test]
fn fastjson_attributes_win_over_serde() {
    let input: syn::DeriveInput = parse_quote! {
        struct S {
            #[serde(rename = "from_serde")]
            #[fastjson(rename = "from_fastjson")]
            a: u8,
        }
    };
    let out = text(expand(&input));
    assert!(out.contains(r#"",\"from_fastjson\":""#), "{out}");
    assert!(!out.contains("from_serde"), "{out}");
}

#[test]
fn keys_are_pre_escaped_literals_and_matched_as_bytes() {
    let input: syn::DeriveInput = parse_quote! {
        struct S {
            #[serde(rename = "a\"b\n", alias = "alt")]
            a: u8,
        }
    };
    let out = text(expand(&input));
    assert!(
        out.contains(r#"__w . field_key (true , ",\"a\\\"b\\n\":")"#),
        "{out}"
    );
    assert!(out.contains(r#"b"a\"b\n" | b"alt""#), "{out}");
}

#[test]
fn crate_path_comes_from_options_or_attribute() {
    let input: syn::DeriveInput = parse_quote!(
        struct S;
    );
    let out = text(expand(&input));
    assert!(out.contains("use fastjson as _fj ;"), "{out}");
    let options = Options {
        crate_path: parse_quote!(fastjson_runtime),
        ..Options::default()
    };
    assert!(text(expand_with(&input, &options)).contains("use fastjson_runtime as _fj ;"));
    let input: syn::DeriveInput = parse_quote!(
        #[serde(crate = "my::json")]
        struct S;
    );
    assert!(text(expand_with(&input, &options)).contains("use my :: json as _fj ;"));
}

#[test]
fn bounds_follow_used_type_parameters() {
    let input: syn::DeriveInput = parse_quote! {
        struct G<T, U, V: Clone, W> {
            a: Vec<T>,
            #[serde(skip)]
            b: U,
            c: PhantomData<V>,
            #[serde(with = "m")]
            d: W,
        }
    };
    let impls = impls(expand(&input));
    assert_eq!(
        predicates(impl_of(&impls, "Encode")),
        [quote!(T: _fj::Encode).to_string()]
    );
    assert_eq!(
        predicates(impl_of(&impls, "Decode")),
        [
            quote!(T: _fj::Decode<'de>).to_string(),
            quote!(U: _fj::__private::Default).to_string(),
        ]
    );
}

#[test]
fn bound_attribute_replaces_inferred_bounds() {
    let input: syn::DeriveInput = parse_quote! {
        #[serde(bound = "T: Clone")]
        struct G<T> { a: T }
    };
    let impls = impls(expand(&input));
    assert_eq!(
        predicates(impl_of(&impls, "Encode")),
        [quote!(T: Clone).to_string()]
    );
    assert_eq!(
        predicates(impl_of(&impls, "Decode")),
        [quote!(T: Clone).to_string()]
    );
}

#[test]
fn borrowed_lifetimes_bound_de() {
    let input: syn::DeriveInput = parse_quote! {
        struct B<'a, 'b, 'c> {
            s: &'a str,
            #[serde(borrow)]
            c: Cow<'b, str>,
            o: Cow<'c, str>,
        }
    };
    let impls = impls(expand(&input));
    let decode = impl_of(&impls, "Decode");
    let first = decode.generics.params.first().unwrap();
    assert_eq!(
        first.to_token_stream().to_string(),
        quote!('de: 'a + 'b).to_string()
    );
    let out = text(expand(&input));
    assert!(
        out.contains("_fj :: __private :: borrow_cow_str (__lex)"),
        "{out}"
    );
}

#[test]
fn named_structs_can_be_flattened() {
    let input: syn::DeriveInput = parse_quote!(
        struct S {
            a: u8,
        }
    );
    let impls = impls(expand(&input));
    impl_of(&impls, "EncodeFields");
    impl_of(&impls, "DecodeFields");
    let input: syn::DeriveInput = parse_quote!(
        struct T(u8, u8);
    );
    let tuple_impls = self::impls(expand(&input));
    assert!(tuple_impls.iter().all(|imp| {
        let name = trait_name(imp);
        name != "EncodeFields" && name != "DecodeFields"
    }));
}

#[test]
fn generated_code_is_wrapped_and_hygienic() {
    let input: syn::DeriveInput = parse_quote! {
        enum E { A, B(u8), C { x: u8 } }
    };
    let out = text(expand(&input));
    assert!(
        out.starts_with("# [doc (hidden)] # [allow (non_upper_case_globals"),
        "{out}"
    );
    assert!(out.contains("# [automatically_derived]"));
    // std items only through the runtime's private re-exports.
    for word in [" Ok (", " Err (", " Some (", " None "] {
        for (at, _) in out.match_indices(word) {
            assert!(
                out[..at].ends_with("__private ::"),
                "bare `{word}` in {out}"
            );
        }
    }
}

#[test]
fn internally_tagged_newtype_variants_bound_the_fields_traits() {
    let input: syn::DeriveInput = parse_quote! {
        #[serde(tag = "t")]
        enum E<T> { A(Inner<T>) }
    };
    let impls = impls(expand(&input));
    assert_eq!(
        predicates(impl_of(&impls, "Encode")),
        [quote!(Inner<T>: _fj::EncodeFields).to_string()]
    );
    assert_eq!(
        predicates(impl_of(&impls, "Decode")),
        [quote!(Inner<T>: _fj::DecodeFields<'de>).to_string()]
    );
}

#[test]
fn remote_mirrors_get_inherent_functions_and_no_impls() {
    let input: syn::DeriveInput = parse_quote! {
        #[serde(remote = "other::Pair")]
        pub(crate) struct PairDef<T> {
            a: T,
            #[serde(getter = "other::Pair::second")]
            b: u8,
        }
    };
    let impls = impls(expand(&input));
    assert_eq!(
        impls.len(),
        2,
        "one inherent impl per direction, nothing else"
    );
    let mut functions = Vec::new();
    for imp in &impls {
        assert!(imp.trait_.is_none(), "no trait impl for a remote mirror");
        assert_eq!(text(imp.self_ty.to_token_stream()), "PairDef < T >");
        for item in &imp.items {
            let syn::ImplItem::Fn(f) = item else {
                panic!("only functions");
            };
            assert_eq!(text(f.vis.to_token_stream()), "pub (crate)");
            functions.push(text(f.sig.to_token_stream()));
        }
    }
    assert_eq!(
        functions,
        [
            "fn encode < __F : _fj :: Format > (__self : & other :: Pair < T > , __w : & mut _fj :: Writer < '_ , __F >)",
            "fn decode (__lex : & mut _fj :: Lexer < 'de >) -> _fj :: Result < other :: Pair < T > >",
        ]
    );
    // Bounds inferred as for the mirror's own impls, `'de` on the decode side's impl.
    assert_eq!(predicates(&impls[0]), ["T : _fj :: Encode"]);
    assert_eq!(predicates(&impls[1]), ["T : _fj :: Decode < 'de >"]);
    // A getter makes the decoder build the mirror and convert it (the foreign fields are
    // private); without one it builds the foreign type's literal.
    let tokens = text(expand(&input));
    assert!(tokens.contains("_fj :: __private :: Into :: < other :: Pair < T > > :: into"));
    assert!(tokens.contains("other :: Pair :: second (__self)"));
    let public: syn::DeriveInput = parse_quote! {
        #[serde(remote = "other::Pair<u8>")]
        struct PairDef { a: u8, b: u8 }
    };
    let tokens = text(expand(&public));
    assert!(tokens.contains("other :: Pair :: < u8 > {"), "{tokens}");
    assert!(!tokens.contains("Into"), "{tokens}");
}
