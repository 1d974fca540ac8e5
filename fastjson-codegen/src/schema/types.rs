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
        _ if INTEGER_TYPES.contains(&name.as_str()) => integer(&name),
        "char" => Json::object([
            ("type", Json::str("string")),
            ("minLength", Json::int(1)),
            ("maxLength", Json::int(1)),
        ]),
        "str" | "String" | "PathBuf" | "Path" => Json::typed("string"),
        "IpAddr" | "SocketAddr" | "SocketAddrV4" | "SocketAddrV6" => Json::typed("string"),
        "Ipv4Addr" => formatted_string("ipv4"),
        "Ipv6Addr" => formatted_string("ipv6"),
        "Duration" if is_std_time(path) => seconds_and_nanos("secs", "nanos"),
        "SystemTime" if is_std_time(path) => {
            seconds_and_nanos("secs_since_epoch", "nanos_since_epoch")
        }
        _ if name
            .strip_prefix("NonZero")
            .is_some_and(|width| INTEGER_TYPES.contains(&width.to_lowercase().as_str())) =>
        {
            nonzero(integer(&name["NonZero".len()..].to_lowercase()))
        }
        "NonZero" if args.len() == 1 => nonzero(arg(0)),
        "Cow" | "Box" | "Rc" | "Arc" => arg(0),
        "Cell" | "RefCell" | "Mutex" | "RwLock" if args.len() == 1 => arg(0),
        "AtomicBool" => Json::typed("boolean"),
        _ if name
            .strip_prefix("Atomic")
            .is_some_and(|width| INTEGER_TYPES.contains(&width.to_lowercase().as_str())) =>
        {
            integer(&name["Atomic".len()..].to_lowercase())
        }
        // Written as their bytes: no nul in a C string, any byte in a Unix OS string.
        "CString" | "CStr" => array_of(Json::object([
            ("type", Json::str("integer")),
            ("minimum", Json::int(1)),
            ("maximum", Json::int(255)),
        ])),
        "OsString" | "OsStr" => variant("Unix", array_of(integer("u8"))),
        "Wrapping" | "Saturating" | "Reverse" if args.len() == 1 => arg(0),
        "Range" | "RangeInclusive" if args.len() == 1 => bounds(&["start", "end"], arg(0)),
        "RangeFrom" if args.len() == 1 => bounds(&["start"], arg(0)),
        "RangeTo" if args.len() == 1 => bounds(&["end"], arg(0)),
        "Result" if args.len() == 2 => Json::object([(
            "oneOf",
            Json::Array(vec![variant("Ok", arg(0)), variant("Err", arg(1))]),
        )]),
        "Bound" if args.len() == 1 => Json::object([(
            "oneOf",
            Json::Array(vec![
                Json::object([("const", Json::str("Unbounded"))]),
                variant("Included", arg(0)),
                variant("Excluded", arg(0)),
            ]),
        )]),
        "Option" => nullable(arg(0)),
        "Vec" | "VecDeque" | "LinkedList" | "BinaryHeap" => array_of(arg(0)),
        // smallvec's `SmallVec<[T; N]>` (runtime feature `smallvec`): an array of `T` of any
        // length, `N` being only its inline capacity.
        "SmallVec" if args.len() == 1 => array_of(match ungroup(args[0]) {
            syn::Type::Array(array) => of_type(&array.elem, owner, params),
            _ => Json::any(),
        }),
        // indexmap's, written as the std ones are (feature `indexmap` of the runtime).
        "HashSet" | "BTreeSet" | "IndexSet" => {
            let mut schema = array_of(arg(0));
            schema.push("uniqueItems", Json::Bool(true));
            schema
        }
        "HashMap" | "BTreeMap" | "IndexMap" => map_of(args.first().copied(), arg(1)),
        "Map" if args.is_empty() => Json::typed("object"),
        "PhantomData" => Json::typed("null"),
        "Value" if path.segments.len() == 1 || is_serde_json(path) => Json::any(),
        // fastjson's or serde_json's raw value: any JSON text.
        "RawValue"
            if path.segments.len() == 1
                || is_serde_json(path)
                || path.segments.iter().any(|s| s.ident == "fastjson") =>
        {
            Json::any()
        }
        "Self" => reference(owner),
        _ => reference(&name),
    }
}

/// `Duration` or `SystemTime` alone (as imported) or under `std::time` / `core::time`: a
/// user's own type of that name elsewhere is a reference like any other.
fn is_std_time(path: &syn::Path) -> bool {
    let names: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
    match names.as_slice() {
        [_] => true,
        [.., time, _] => time == "time" && matches!(names[0].as_str(), "std" | "core"),
        [] => false,
    }
}

/// `{"type":"string","format":...}`.
fn formatted_string(format: &str) -> Json {
    Json::object([("type", Json::str("string")), ("format", Json::str(format))])
}

/// serde's `Duration` and `SystemTime`: `{"<secs>":u64,"<nanos>":u32}`, both required,
/// nothing else.
fn seconds_and_nanos(secs: &str, nanos: &str) -> Json {
    Json::object([
        ("type", Json::str("object")),
        (
            "properties",
            Json::object([(secs, integer("u64")), (nanos, integer("u32"))]),
        ),
        (
            "required",
            Json::Array(vec![Json::str(secs), Json::str(nanos)]),
        ),
        ("additionalProperties", Json::Bool(false)),
    ])
}

/// serde's ranges: an object of the named bounds, all required, nothing else.
fn bounds(names: &[&str], bound: Json) -> Json {
    Json::object([
        ("type", Json::str("object")),
        (
            "properties",
            Json::object(names.iter().map(|name| (*name, bound.clone()))),
        ),
        (
            "required",
            Json::Array(names.iter().map(|name| Json::str(name)).collect()),
        ),
        ("additionalProperties", Json::Bool(false)),
    ])
}

/// The integer's schema without zero.
fn nonzero(integer: Json) -> Json {
    let mut schema = integer;
    schema.push("not", Json::object([("const", Json::int(0))]));
    schema
}

/// An externally tagged newtype variant: `{"<name>": value}`.
fn variant(name: &str, value: Json) -> Json {
    Json::object([
        ("type", Json::str("object")),
        ("properties", Json::object([(name, value)])),
        ("required", Json::Array(vec![Json::str(name)])),
        ("additionalProperties", Json::Bool(false)),
    ])
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
    let key_name = key.and_then(|key| match ungroup(key) {
        syn::Type::Path(path) => path.path.get_ident().map(ToString::to_string),
        _ => None,
    });
    let integer_key = key_name
        .as_deref()
        .is_some_and(|name| INTEGER_TYPES.contains(&name));
    let bool_key = key_name.as_deref() == Some("bool");
    if integer_key {
        schema.push(
            "propertyNames",
            Json::object([("pattern", Json::str("^-?[0-9]+$"))]),
        );
    } else if bool_key {
        schema.push(
            "propertyNames",
            Json::object([(
                "enum",
                Json::Array(vec![Json::str("true"), Json::str("false")]),
            )]),
        );
    }
    schema.push("additionalProperties", values);
    schema
}

/// The primitive integer types, by name.
const INTEGER_TYPES: [&str; 12] = [
    "i8", "i16", "i32", "i64", "i128", "isize", "u8", "u16", "u32", "u64", "u128", "usize",
];

/// The schema of one of [`INTEGER_TYPES`]: its range (for the 128-bit types, only `u128`'s
/// lower bound).
fn integer(name: &str) -> Json {
    let (min, max): (i128, i128) = match name {
        "i8" => (i8::MIN.into(), i8::MAX.into()),
        "i16" => (i16::MIN.into(), i16::MAX.into()),
        "i32" => (i32::MIN.into(), i32::MAX.into()),
        "i64" | "isize" => (i64::MIN.into(), i64::MAX.into()),
        "i128" => return Json::typed("integer"),
        "u128" => {
            return Json::object([("type", Json::str("integer")), ("minimum", Json::int(0))]);
        }
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

#[cfg(test)]
mod tests {
    use super::of_type;

    fn schema(ty: &str) -> String {
        let ty: syn::Type = syn::parse_str(ty).unwrap();
        of_type(&ty, "Owner", &[]).to_compact()
    }

    #[test]
    fn std_types_have_their_wire_schemas() {
        assert_eq!(schema("std::path::PathBuf"), r#"{"type":"string"}"#);
        assert_eq!(schema("Ipv4Addr"), r#"{"type":"string","format":"ipv4"}"#);
        assert_eq!(
            schema("std::time::Duration"),
            r#"{"type":"object","properties":{"secs":{"type":"integer","minimum":0,"maximum":18446744073709551615},"nanos":{"type":"integer","minimum":0,"maximum":4294967295}},"required":["secs","nanos"],"additionalProperties":false}"#
        );
        assert!(
            schema("SystemTime").contains(r#""required":["secs_since_epoch","nanos_since_epoch"]"#)
        );
        // Another crate's `Duration` is a type of its own, and so is a `Range` without a type
        // argument.
        assert_eq!(schema("Range"), r##"{"$ref":"#/$defs/Range"}"##);
        assert_eq!(
            schema("chrono::Duration"),
            r##"{"$ref":"#/$defs/Duration"}"##
        );
        assert_eq!(
            schema("NonZeroU8"),
            r#"{"type":"integer","minimum":0,"maximum":255,"not":{"const":0}}"#
        );
        assert_eq!(schema("NonZero<i8>"), schema("NonZeroI8"));
        assert_eq!(schema("Wrapping<u8>"), schema("u8"));
        assert_eq!(schema("std::sync::Mutex<u8>"), schema("u8"));
        assert_eq!(schema("AtomicUsize"), schema("usize"));
        assert_eq!(schema("AtomicBool"), r#"{"type":"boolean"}"#);
        assert_eq!(
            schema("CString"),
            r#"{"type":"array","items":{"type":"integer","minimum":1,"maximum":255}}"#
        );
        assert!(schema("OsString").contains(r#""required":["Unix"]"#));
        assert_eq!(
            schema("RangeTo<bool>"),
            r#"{"type":"object","properties":{"end":{"type":"boolean"}},"required":["end"],"additionalProperties":false}"#
        );
        assert_eq!(
            schema("Result<u8, String>"),
            format!(
                r#"{{"oneOf":[{{"type":"object","properties":{{"Ok":{}}},"required":["Ok"],"additionalProperties":false}},{{"type":"object","properties":{{"Err":{{"type":"string"}}}},"required":["Err"],"additionalProperties":false}}]}}"#,
                schema("u8")
            )
        );
        // `io::Result<T>` and other one-argument aliases are references.
        assert_eq!(schema("io::Result<u8>"), r##"{"$ref":"#/$defs/Result"}"##);
        assert!(schema("Bound<u8>").starts_with(r#"{"oneOf":[{"const":"Unbounded"},"#));
        assert_eq!(
            schema("BTreeMap<bool, u8>"),
            format!(
                r#"{{"type":"object","propertyNames":{{"enum":["true","false"]}},"additionalProperties":{}}}"#,
                schema("u8")
            )
        );
    }
}
