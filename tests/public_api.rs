//! Pins the facade's public API: the names `src/lib.rs` shows at the root and in each public
//! module, and the methods `Lexer` shows, so that growing the API is a decision, not an accident.
//! Items under `#[doc(hidden)]` (what generated code and the bench need) are not part of it.

use std::fs;
use std::path::{Path, PathBuf};

/// Every visible root name, sorted. `Decode` and `Encode` appear twice: the derive and the trait.
const ROOT: &[&str] = &[
    "Compact",
    "Decode",
    "Decode",
    "DecodeKey",
    "DecodeOwned",
    "DecodePool",
    "Decoder",
    "Encode",
    "Encode",
    "EncodeKey",
    "Error",
    "Extractor",
    "FastJson",
    "Format",
    "HtmlSafe",
    "Lexer",
    "Pretty",
    "RawValue",
    "Result",
    "Writer",
    "axum",
    "encode_into",
    "encode_into_pretty",
    "encode_into_with",
    "encode_lines_into",
    "error",
    "extract",
    "from_reader",
    "from_reader_array_iter",
    "from_reader_iter",
    "from_slice",
    "from_slice_array_iter",
    "from_slice_iter",
    "from_str",
    "guide",
    "lexer",
    "schema",
    "serde",
    "stream",
    "to_raw_value",
    "to_string",
    "to_string_pretty",
    "to_vec",
    "to_vec_pretty",
    "to_vec_with",
    "to_writer",
    "to_writer_lines",
    "to_writer_pretty",
];

/// Every visible name of each public module (inline in `src/lib.rs`, or its folder's `mod.rs`), sorted.
const MODULES: &[(&str, &[&str])] = &[
    (
        "axum",
        &[
            "AsExtractor",
            "AsResponse",
            "Json",
            "JsonDataError",
            "JsonLines",
            "JsonRejection",
            "JsonSyntaxError",
            "MissingJsonContentType",
        ],
    ),
    ("error", &["Category", "Error", "Found", "Result"]),
    ("extract", &["Extracted", "Extractor", "extract"]),
    (
        "lexer",
        &["DEFAULT_MAX_DEPTH", "Key", "Lexer", "Mark", "Number", "Str"],
    ),
    (
        "schema",
        &[
            "SCHEMA_DIALECT",
            "Schema",
            "SchemaDocument",
            "with_ref_prefix",
        ],
    ),
    (
        "serde",
        &[
            "Deserializer",
            "Serializer",
            "from_reader",
            "from_slice",
            "from_str",
            "to_string",
            "to_string_pretty",
            "to_vec",
            "to_vec_pretty",
            "to_writer",
            "to_writer_pretty",
        ],
    ),
    (
        "stream",
        &[
            "DEFAULT_MAX_VALUE_LEN",
            "ReaderArrayStream",
            "ReaderStream",
            "SliceArrayStream",
            "SliceStream",
        ],
    ),
];

/// Public modules that hold only documentation (the reference pages): named at the root like
/// any other, their contents (pages, not API) not pinned.
const DOCUMENTATION_MODULES: &[&str] = &["guide"];

/// `Lexer`'s visible methods, sorted: what a hand-written `Decode` impl uses. The constructors
/// generated code calls for its own errors (`err_missing_field`, ...) are hidden; `err_custom`
/// is the one a hand-written impl needs.
const LEXER_METHODS: &[&str] = &[
    "begin_array",
    "begin_array_expecting",
    "begin_object",
    "begin_object_expecting",
    "bool",
    "end",
    "err_custom",
    "f32",
    "f64",
    "from_text",
    "i128",
    "i64",
    "input",
    "into_scratch",
    "invalid_type",
    "mark",
    "new",
    "next_item",
    "next_key",
    "next_key_cow",
    "next_key_predicted",
    "next_key_str",
    "null",
    "number",
    "peek",
    "position",
    "reset",
    "reset_input",
    "signed",
    "skip_value",
    "str",
    "str_bytes_value",
    "str_cow",
    "try_null",
    "u128",
    "u64",
    "unsigned",
    "with_max_depth",
    "with_scratch",
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn parse(path: &Path) -> syn::File {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    syn::parse_file(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Whether the attributes hide the item from the API: `#[doc(hidden)]`, or compiled only for
/// doc-tests (`#[cfg(doctest)]`, also `#[cfg(all(doctest, ...))]`).
fn hidden(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|attr| {
        let list = match &attr.meta {
            syn::Meta::List(list) => list,
            _ => return false,
        };
        let inner = list.tokens.to_string();
        (attr.path().is_ident("doc") && inner == "hidden")
            || (attr.path().is_ident("cfg")
                && (inner == "doctest" || inner.starts_with("all (doctest ,")))
    })
}

fn is_pub(vis: &syn::Visibility) -> bool {
    matches!(vis, syn::Visibility::Public(_))
}

/// The names a `use` tree brings in (its last segments, or their renames).
fn use_names(tree: &syn::UseTree, out: &mut Vec<String>) {
    match tree {
        syn::UseTree::Path(path) => use_names(&path.tree, out),
        syn::UseTree::Name(name) => out.push(name.ident.to_string()),
        syn::UseTree::Rename(rename) => out.push(rename.rename.to_string()),
        syn::UseTree::Glob(_) => out.push("*".to_owned()),
        syn::UseTree::Group(group) => group.items.iter().for_each(|t| use_names(t, out)),
    }
}

/// A public module's name, with its visible names when it is written inline.
type Module = (String, Option<Vec<String>>);

/// The visible names of `items`, sorted, with the inline public modules' own lists.
fn visible(items: &[syn::Item]) -> (Vec<String>, Vec<Module>) {
    let mut names = Vec::new();
    let mut modules = Vec::new();
    for item in items {
        let (attrs, vis, name) = match item {
            syn::Item::Use(u) => {
                if is_pub(&u.vis) && !hidden(&u.attrs) {
                    use_names(&u.tree, &mut names);
                }
                continue;
            }
            syn::Item::Mod(m) => {
                if is_pub(&m.vis) && !hidden(&m.attrs) {
                    let inner = m.content.as_ref().map(|(_, items)| visible(items).0);
                    modules.push((m.ident.to_string(), inner));
                }
                (&m.attrs, &m.vis, m.ident.to_string())
            }
            syn::Item::Fn(f) => (&f.attrs, &f.vis, f.sig.ident.to_string()),
            syn::Item::Struct(s) => (&s.attrs, &s.vis, s.ident.to_string()),
            syn::Item::Enum(e) => (&e.attrs, &e.vis, e.ident.to_string()),
            syn::Item::Trait(t) => (&t.attrs, &t.vis, t.ident.to_string()),
            syn::Item::Type(t) => (&t.attrs, &t.vis, t.ident.to_string()),
            syn::Item::Const(c) => (&c.attrs, &c.vis, c.ident.to_string()),
            syn::Item::Static(s) => (&s.attrs, &s.vis, s.ident.to_string()),
            syn::Item::Macro(m) if m.mac.path.is_ident("macro_rules") => {
                let exported = m.attrs.iter().any(|a| a.path().is_ident("macro_export"));
                if exported && !hidden(&m.attrs) {
                    names.extend(m.ident.as_ref().map(|i| i.to_string()));
                }
                continue;
            }
            _ => continue,
        };
        if is_pub(vis) && !hidden(attrs) {
            names.push(name);
        }
    }
    names.sort();
    modules.sort();
    (names, modules)
}

/// Fails with both lists and the names in one and not the other.
fn assert_same(what: &str, actual: &[String], expected: &[&str]) {
    let mut expected: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
    expected.sort();
    if actual == expected {
        return;
    }
    let added: Vec<&String> = actual.iter().filter(|n| !expected.contains(n)).collect();
    let removed: Vec<&String> = expected.iter().filter(|n| !actual.contains(n)).collect();
    panic!(
        "the public API changed: {what}\n  added: {added:?}\n  removed: {removed:?}\n  \
         now: {actual:?}\nupdate the list in tests/public_api.rs if this is intended"
    );
}

#[test]
fn root_and_modules_are_the_agreed_api() {
    let file = parse(&root().join("src/lib.rs"));
    let (names, modules) = visible(&file.items);
    assert_same("names at the crate root (src/lib.rs)", &names, ROOT);

    for (module, inner) in &modules {
        if DOCUMENTATION_MODULES.contains(&module.as_str()) {
            continue;
        }
        let expected = MODULES
            .iter()
            .find(|(name, _)| name == module)
            .map(|(_, names)| *names)
            .unwrap_or_else(|| panic!("the public API changed: new module `{module}`"));
        // A module with code of its own (`axum`) is a folder: its `mod.rs` is read instead.
        let from_file;
        let inner = match inner {
            Some(inner) => inner,
            None => {
                let path = root().join("src").join(module).join("mod.rs");
                from_file = visible(&parse(&path).items).0;
                &from_file
            }
        };
        assert_same(&format!("names in `fastjson::{module}`"), inner, expected);
    }
}

/// Every `.rs` file under `dir`.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The visible methods of `impl Lexer` blocks in `items` (and in inline modules).
fn lexer_methods(items: &[syn::Item], out: &mut Vec<String>) {
    for item in items {
        match item {
            syn::Item::Impl(imp) if imp.trait_.is_none() => {
                let is_lexer = matches!(&*imp.self_ty, syn::Type::Path(p)
                    if p.path.segments.last().is_some_and(|s| s.ident == "Lexer"));
                if !is_lexer || hidden(&imp.attrs) {
                    continue;
                }
                for member in &imp.items {
                    if let syn::ImplItem::Fn(f) = member {
                        if is_pub(&f.vis) && !hidden(&f.attrs) {
                            out.push(f.sig.ident.to_string());
                        }
                    }
                }
            }
            syn::Item::Mod(m) if !m.attrs.iter().any(|a| a.path().is_ident("cfg")) => {
                if let Some((_, items)) = &m.content {
                    lexer_methods(items, out);
                }
            }
            _ => {}
        }
    }
}

#[test]
fn lexer_shows_what_hand_written_impls_use() {
    let mut files = Vec::new();
    rust_files(&root().join("fastjson-runtime/src"), &mut files);
    let mut methods = Vec::new();
    for path in files {
        lexer_methods(&parse(&path).items, &mut methods);
    }
    methods.sort();
    assert_same("`Lexer`'s visible methods", &methods, LEXER_METHODS);
}
