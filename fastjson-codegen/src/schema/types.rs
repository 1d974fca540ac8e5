//! The schema of a field's type, read from its syntax: the runtime's std impls by name (`u8`,
//! `String`, `Vec<T>`, `Option<T>`, maps, tuples, ...), type parameters as `{}`, and every other
//! named type as a reference, `{"$ref":"#/$defs/<last path segment>"}`.

use super::json::Json;
use crate::ast::ungroup;

/// The `$ref` to another type's schema.
pub fn reference(name: &str) -> Json {
    Json::object([("$ref", Json::String(format!("#/$defs/{name}")))])
}

/// `{"anyOf": [inner, null]}`, or `{"type": [t, "null"]}` when `inner` is just a type.
pub fn nullable(inner: Json) -> Json {
    if let Json::Object(entries) = &inner {
        if let [(key, Json::String(ty))] = entries.as_slice() {
            if key == "type" {
                return Json::object([(
                    "type",
                    Json::Array(vec![Json::str(ty), Json::str("null")]),
                )]);
            }
        }
    }
    Json::object([("anyOf", Json::Array(vec![inner, Json::typed("null")]))])
}

/// A JSON array of exactly these element schemas.
pub fn tuple(items: Vec<Json>) -> Json {
    let len = items.len();
    Json::object([
        ("type", Json::str("array")),
        ("prefixItems", Json::Array(items)),
        ("items", Json::Bool(false)),
        ("minItems", Json::int(len)),
        ("maxItems", Json::int(len)),
    ])
}

/// What a type's runtime impl writes. `owner` is the type being derived (for `Self`), `params`
/// its type parameters.
pub fn of_type(ty: &syn::Type, owner: &str, params: &[String]) -> Json {
    let recurse = |ty: &syn::Type| of_type(ty, owner, params);
    match ungroup(ty) {
        syn::Type::Paren(paren) => recurse(&paren.elem),
        syn::Type::Reference(reference) => recurse(&reference.elem),
        syn::Type::Slice(slice) => array_of(recurse(&slice.elem)),
        syn::Type::Array(array) => {
            let mut schema = array_of(recurse(&array.elem));
            if let syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Int(len),
                ..
            }) = &array.len
            {
                schema.push("minItems", Json::Number(len.base10_digits().to_owned()));
                schema.push("maxItems", Json::Number(len.base10_digits().to_owned()));
            }
            schema
        }
        syn::Type::Tuple(tuple_ty) if tuple_ty.elems.is_empty() => Json::typed("null"),
        syn::Type::Tuple(tuple_ty) => tuple(tuple_ty.elems.iter().map(recurse).collect()),
        syn::Type::Path(path) if path.qself.is_none() => of_path(&path.path, owner, params),
        _ => Json::any(),
    }
}

fn of_path(path: &syn::Path, owner: &str, params: &[String]) -> Json {
    let Some(last) = path.segments.last() else {
        return Json::any();
    };
    let name = crate::attr::unraw(&last.ident);
    if path.segments.len() == 1 && params.contains(&name) {
        return Json::any();
    }
    let args: Vec<&syn::Type> = match &last.arguments {
        syn::PathArguments::AngleBracketed(args) => args
            .args
            .iter()
            .filter_map(|arg| match arg {
                syn::GenericArgument::Type(ty) => Some(ty),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    };
    let arg = |i: usize| {
        args.get(i)
            .map_or_else(Json::any, |ty| of_type(ty, owner, params))
    };
    match name.as_str() {
        "bool" => Json::typed("boolean"),
        "f32" | "f64" => Json::typed("number"),
        "i8" | "i16" | "i32" | "i64" | "isize" | "u8" | "u16" | "u32" | "u64" | "usize" => {
            integer(&name)
        }
        "i128" => Json::typed("integer"),
        "u128" => Json::object([("type", Json::str("integer")), ("minimum", Json::int(0))]),
        "char" => Json::object([
            ("type", Json::str("string")),
            ("minLength", Json::int(1)),
            ("maxLength", Json::int(1)),
        ]),
        "str" | "String" => Json::typed("string"),
        "Cow" | "Box" | "Rc" | "Arc" => arg(0),
        "Option" => nullable(arg(0)),
        "Vec" | "VecDeque" | "LinkedList" | "BinaryHeap" => array_of(arg(0)),
        "HashSet" | "BTreeSet" => {
            let mut schema = array_of(arg(0));
            schema.push("uniqueItems", Json::Bool(true));
            schema
        }
        "HashMap" | "BTreeMap" => map_of(args.first().copied(), arg(1)),
        "Map" if args.is_empty() => Json::typed("object"),
        "PhantomData" => Json::typed("null"),
        "Value" if path.segments.len() == 1 || is_serde_json(path) => Json::any(),
        "Self" => reference(owner),
        _ => reference(&name),
    }
}

fn is_serde_json(path: &syn::Path) -> bool {
    path.segments
        .iter()
        .any(|segment| segment.ident == "serde_json")
}

fn array_of(items: Json) -> Json {
    Json::object([("type", Json::str("array")), ("items", items)])
}

/// An object of `values`; integer keys are written quoted, so their names are digits.
fn map_of(key: Option<&syn::Type>, values: Json) -> Json {
    let mut schema = Json::typed("object");
    let integer_key = key.is_some_and(|key| match ungroup(key) {
        syn::Type::Path(path) => path.path.get_ident().is_some_and(|ident| {
            matches!(
                ident.to_string().as_str(),
                "i8" | "i16"
                    | "i32"
                    | "i64"
                    | "i128"
                    | "isize"
                    | "u8"
                    | "u16"
                    | "u32"
                    | "u64"
                    | "u128"
                    | "usize"
            )
        }),
        _ => false,
    });
    if integer_key {
        schema.push(
            "propertyNames",
            Json::object([("pattern", Json::str("^-?[0-9]+$"))]),
        );
    }
    schema.push("additionalProperties", values);
    schema
}

fn integer(name: &str) -> Json {
    let (min, max): (i128, i128) = match name {
        "i8" => (i8::MIN.into(), i8::MAX.into()),
        "i16" => (i16::MIN.into(), i16::MAX.into()),
        "i32" => (i32::MIN.into(), i32::MAX.into()),
        "i64" | "isize" => (i64::MIN.into(), i64::MAX.into()),
        "u8" => (0, u8::MAX.into()),
        "u16" => (0, u16::MAX.into()),
        "u32" => (0, u32::MAX.into()),
        _ => (0, u64::MAX.into()),
    };
    Json::object([
        ("type", Json::str("integer")),
        ("minimum", Json::int(min)),
        ("maximum", Json::int(max)),
    ])
}
