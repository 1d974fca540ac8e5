//! Snapshots of generated code: for a deliberate catalog of inputs (every attribute, every enum
//! representation, generics, lifetimes, flatten, `with`, an input with errors), the generator's
//! output formatted with prettyplease, under `tests/snapshots/`. A change to generated code shows
//! up as a snapshot diff: review it with `cargo insta review` (see docs/conformance.md). Under
//! `CI=true` insta never writes snapshots, so a stale one fails the run.

/// Expands every struct and enum of `file` as `#[derive(FastJson)]` would, and snapshots the
/// result, with the input as the snapshot's description.
fn snapshot(name: &str, file: syn::File) {
    let mut expanded = Vec::new();
    for item in &file.items {
        let input: syn::DeriveInput = match item {
            syn::Item::Struct(item) => item.clone().into(),
            syn::Item::Enum(item) => item.clone().into(),
            syn::Item::Union(item) => item.clone().into(),
            _ => continue,
        };
        let tokens = fastjson_codegen::expand(&input);
        let parsed: syn::File = syn::parse2(tokens).expect("the expansion parses as items");
        expanded.extend(parsed.items);
    }
    let output = prettyplease::unparse(&syn::File {
        shebang: None,
        attrs: Vec::new(),
        items: expanded,
    });
    insta::with_settings!({
        description => prettyplease::unparse(&file),
        omit_expression => true,
    }, {
        insta::assert_snapshot!(name, output);
    });
}

/// `name: { items }` becomes a test snapshotting the expansion of those items; `CATALOG` lists
/// the names.
macro_rules! catalog {
    ($($name:ident: { $($input:tt)* })*) => {
        const CATALOG: &[&str] = &[$(stringify!($name)),*];
        $(
            #[test]
            fn $name() {
                snapshot(stringify!($name), syn::parse_quote!($($input)*));
            }
        )*
    };
}

/// A snapshot whose catalog entry is gone is an error too (what `cargo insta test
/// --unreferenced=reject` checks, without needing cargo-insta in CI).
#[test]
fn every_snapshot_belongs_to_the_catalog() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots");
    for entry in std::fs::read_dir(dir).unwrap() {
        let file = entry.unwrap().file_name().into_string().unwrap();
        let Some(name) = file
            .strip_prefix("expand__")
            .and_then(|f| f.strip_suffix(".snap"))
        else {
            continue;
        };
        assert!(
            CATALOG.contains(&name),
            "tests/snapshots/{file} has no catalog entry in tests/expand.rs: delete it"
        );
    }
}

catalog! {
    struct_attributes: {
        /// Field names, skipping and defaults.
        #[serde(rename_all = "camelCase", deny_unknown_fields)]
        struct Account {
            account_id: u64,
            #[serde(rename = "name", alias = "login")]
            display_name: String,
            #[serde(skip_serializing_if = "Option::is_none")]
            email: Option<String>,
            #[serde(skip)]
            cache: Vec<u8>,
            #[serde(skip_serializing)]
            password: String,
            #[serde(skip_deserializing)]
            created_by_server: bool,
            #[serde(default)]
            tags: Vec<String>,
            #[serde(default = "default_port")]
            port: u16,
            #[serde(rename(serialize = "out", deserialize = "in"))]
            direction: u8,
            r#type: char,
        }
    }

    container_default_and_omitempty: {
        #[serde(default)]
        #[fastjson(omitempty)]
        struct Settings {
            verbose: bool,
            level: u32,
            #[serde(rename = "name")]
            label: String,
        }
    }

    float_runs: {
        /// Consecutive plain `f64` fields: written a group of up to four at a time, a skippable
        /// one and an `f32` breaking the runs.
        struct Reading {
            lat: f64,
            lon: f64,
            label: String,
            a: f64,
            b: f64,
            c: f64,
            d: f64,
            e: f64,
            #[serde(skip_serializing_if = "f64::is_nan")]
            f: f64,
            g: f64,
            h: f32,
        }
    }

    struct_shapes: {
        struct Unit;
        struct Meters(f64);
        struct Rgb(u8, u8, #[serde(skip)] u8);
        #[serde(transparent)]
        struct Id {
            value: u64,
            marker: std::marker::PhantomData<u8>,
        }
    }

    struct_with_tag: {
        #[serde(tag = "kind", rename = "point")]
        struct Point {
            x: i32,
            y: i32,
        }
    }

    enum_external: {
        /// serde's default representation.
        #[serde(rename_all = "kebab-case")]
        enum Shape {
            Empty,
            #[serde(rename = "circle", alias = "round")]
            Circle(f64),
            Rect(u32, u32),
            Polygon { points: Vec<(i32, i32)>, closed: bool },
            #[serde(skip)]
            Internal,
        }
    }

    enum_internal: {
        #[serde(tag = "type", rename_all_fields = "camelCase")]
        enum Message {
            Ping,
            Text { body_text: String, #[serde(default)] reply_to: Option<u64> },
            Meta(Header),
            #[serde(other)]
            Unknown,
        }
    }

    enum_adjacent: {
        #[serde(tag = "t", content = "c")]
        enum Command {
            Stop,
            Move(i32, i32),
            Say(String),
            Jump { height: u8 },
        }
    }

    enum_untagged: {
        #[serde(untagged)]
        enum Input {
            Nothing,
            Number(f64),
            Pair(u8, u8),
            Named { name: String },
        }
    }

    enum_untagged_variants: {
        /// Tagged variants first, then the untagged ones in order; a tag may be a position.
        #[serde(tag = "type")]
        enum Event {
            Ping,
            Move { x: i32 },
            #[serde(untagged)]
            Text(String),
            #[serde(untagged)]
            Nothing,
        }
    }

    generics: {
        #[serde(bound = "T: fastjson::Encode + for<'de> fastjson::Decode<'de>")]
        struct Page<T> {
            items: Vec<T>,
            next: Option<u64>,
        }
        struct Tree<K: Ord, V>
        where
            V: Clone,
        {
            entries: std::collections::BTreeMap<K, V>,
            children: Vec<Tree<K, V>>,
            #[serde(skip)]
            unused: std::marker::PhantomData<K>,
        }
        enum Either<L, R> {
            Left(L),
            Right(R),
        }
    }

    lifetimes: {
        struct Borrowed<'a, 'b> {
            name: &'a str,
            raw: &'a [u8],
            #[serde(borrow)]
            note: std::borrow::Cow<'b, str>,
            maybe: Option<&'a str>,
        }
        struct Inner<'a> {
            #[serde(borrow = "'a")]
            text: Borrowed<'a, 'a>,
        }
    }

    flatten: {
        struct Request {
            id: u64,
            #[serde(flatten)]
            meta: Meta,
            #[serde(flatten)]
            paging: Option<Paging>,
            #[serde(flatten)]
            extra: std::collections::HashMap<String, String>,
        }
    }

    with_functions: {
        struct Event {
            #[fastjson(with = "unix_seconds")]
            at: std::time::SystemTime,
            #[fastjson(serialize_with = "write_hex")]
            id: u64,
            #[fastjson(deserialize_with = "read_lowercase")]
            tag: String,
        }
    }

    variant_with_functions: {
        /// A variant's functions take all of its fields: FIELDS is `()`, the field's type or a
        /// tuple; the representation wraps what they write.
        #[serde(tag = "t", content = "c")]
        enum Shape {
            #[fastjson(with = "zero")]
            Origin,
            #[fastjson(with = "hex")]
            Id(u32),
            #[fastjson(serialize_with = "write_pair", deserialize_with = "read_pair")]
            At { x: i32, y: i32 },
            Plain(u8),
        }
    }

    serde_functions: {
        /// serde's signatures, called with the bridge's serializer and deserializer.
        struct Commit {
            #[serde(with = "chrono::serde::ts_seconds")]
            at: DateTime<Utc>,
            #[serde(default, deserialize_with = "empty_as_none")]
            note: Option<String>,
            #[serde(with = "cents")]
            #[fastjson(with = "cents")]
            price: u64,
        }
    }

    serde_fields: {
        /// A field through its type's serde impls; a container whose fields fall back to them.
        struct Holder<T> {
            #[fastjson(serde)]
            owner: Foreign,
            #[fastjson(serde)]
            inner: T,
        }

        #[fastjson(serde_fallback)]
        struct Mixed {
            id: u64,
            owner: Foreign,
            maybe: Option<Foreign>,
        }
    }

    serde_type: {
        /// Hand-written serde impls: fastjson's impls call them.
        #[fastjson(serde)]
        struct UserId(u64);
    }

    identifiers: {
        /// Read from a name only (no `Encode`, as serde refuses to serialize identifiers).
        #[serde(field_identifier, rename_all = "lowercase")]
        enum Column {
            Id,
            #[serde(alias = "e-mail")]
            Email,
            Other(String),
        }

        #[serde(variant_identifier)]
        enum Kind {
            Alpha,
            Beta,
        }
    }

    conversions: {
        #[serde(try_from = "String", into = "String")]
        struct Email(String);

        #[serde(from = "Vec<T>", bound(serialize = "T: Clone + fastjson::Encode"))]
        struct Stack<T> {
            items: Vec<T>,
        }
    }

    expecting: {
        #[serde(expecting = "a point as [x, y]")]
        struct Point {
            x: i32,
            y: i32,
        }

        #[serde(untagged, expecting = "a number or a list")]
        enum Amount {
            One(u32),
            Many(Vec<u32>),
        }
    }

    remote: {
        /// Mirrors of other crates' types: inherent `encode`/`decode` functions for the foreign
        /// type (used `with` the mirror), no impls for either type.
        #[serde(remote = "geo::Span")]
        pub struct SpanDef<T> {
            start: T,
            #[serde(rename = "stop")]
            end: T,
        }

        /// Private fields: read through getters, built as the mirror and converted with `Into`.
        #[serde(remote = "bank::Account")]
        pub(crate) struct AccountDef {
            #[serde(getter = "bank::Account::id")]
            id: u64,
            #[serde(getter = "bank::Account::tags", default, skip_serializing_if = "Vec::is_empty")]
            tags: Vec<String>,
        }

        #[serde(remote = "color::Rgb")]
        struct RgbDef(u8, u8, u8);

        /// An enum mirror matches and builds the foreign type's variants.
        #[serde(remote = "log::Level", rename_all = "lowercase")]
        enum LevelDef {
            Error,
            Warn,
            Custom(u8),
        }
    }

    crate_path: {
        #[serde(crate = "my::reexported::fastjson")]
        struct Small {
            a: u8,
        }
    }

    errors_with_stubs: {
        #[serde(untagged, tag = "t")]
        enum Broken {
            #[fastjson(unknown)]
            A { #[serde(getter = "x")] b: u8 },
        }
    }
}
