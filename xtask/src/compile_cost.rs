//! `cargo xtask compile-cost`: what fastjson's derive costs to compile, against serde + serde_json.
//!
//! `cargo xtask compile-cost [--types N] [--out DIR] [--no-default-features] [--generate-only]`
//! generates N API-shaped types (a fixed-seed generator: the same types on every machine and
//! run) into two crates under `<out>/<N>/`, `fastjson/` and `serde/`, whose `src/lib.rs` differ
//! only in the derive line, each with a `roundtrip` binary that encodes and decodes every type
//! (so the generated code is instantiated) and prints a fingerprint of the JSON it wrote: the
//! two must match. Each crate is its own workspace with its own target directory
//! (`<out>/<N>/target-<crate>`) and a copy of this workspace's `Cargo.lock`, built `--offline`
//! in release (cargo's default profile): once cold (dependencies included), then three times
//! after touching `src/lib.rs` (the crate alone, lib and bin: the figure reported is the
//! median). The Markdown table (build times, `.rlib` and binary sizes, the machine and rustc) is
//! printed and written to `<out>/compile-cost.md`; `<out>` defaults to `target/compile-cost`.
//!
//! fastjson is a path dependency on this workspace with its default features (the README's
//! install line; the `serde_json` feature, for `Value`, brings serde_json into the cold build);
//! `--no-default-features` adds `default-features = false`. The report says whether fastjson's
//! build compiled serde_json. `--generate-only` writes the two crates and stops (the tests use
//! it).

use std::collections::HashSet;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::{Duration, Instant, SystemTime};

const DEFAULT_TYPES: usize = 200;
/// Crate-only rebuilds per crate; the report gives their median.
const REBUILDS: usize = 3;
/// The generator's seed: changing it changes every generated type.
const SEED: u64 = 0x00C0_FFEE_2026_0001;
/// The library target of both generated crates (the `.rlib` measured).
const LIB_NAME: &str = "api_types";
/// The binary target of both generated crates (the binary measured).
const BIN_NAME: &str = "roundtrip";

const USAGE: &str = "usage: cargo xtask compile-cost [--types N] [--out DIR] \
                     [--no-default-features] [--generate-only]";

pub fn run(args: &[String]) -> ExitCode {
    let options = match Options::parse(args) {
        Ok(options) => options,
        Err(message) => {
            eprintln!("compile-cost: {message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let types = generate_types(options.types);
    let result = generate_crates(&options, &types).and_then(|crates| {
        if options.generate_only {
            for krate in &crates {
                println!("compile-cost: wrote {}", krate.dir.display());
            }
            return Ok(());
        }
        let report = measure(&options, &types, &crates)?;
        print!("{report}");
        let path = options.out.join("compile-cost.md");
        fs::write(&path, &report).map_err(|e| format!("writing {}: {e}", path.display()))?;
        println!("\ncompile-cost: wrote {}", path.display());
        Ok(())
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("compile-cost: {message}");
            ExitCode::FAILURE
        }
    }
}

struct Options {
    types: usize,
    /// Where the report goes; the crates go to `<out>/<types>/`.
    out: PathBuf,
    /// Depend on fastjson with `default-features = false`.
    no_default_features: bool,
    generate_only: bool,
}

impl Options {
    fn parse(args: &[String]) -> Result<Options, String> {
        let mut options = Options {
            types: DEFAULT_TYPES,
            out: crate::workspace_root().join("target/compile-cost"),
            no_default_features: false,
            generate_only: false,
        };
        let mut iter = args.iter();
        while let Some(arg) = iter.next() {
            match arg.as_str() {
                "--types" => {
                    options.types = iter
                        .next()
                        .and_then(|n| n.parse().ok())
                        .filter(|&n| n > 0)
                        .ok_or("--types takes a positive number")?
                }
                "--out" => {
                    let dir = iter.next().ok_or("--out takes a directory")?;
                    options.out =
                        std::path::absolute(dir).map_err(|e| format!("--out {dir}: {e}"))?;
                }
                "--no-default-features" => options.no_default_features = true,
                "--generate-only" => options.generate_only = true,
                other => return Err(format!("unexpected argument `{other}`")),
            }
        }
        Ok(options)
    }
}

// ---------------------------------------------------------------------------------------------
// The two crates

/// The library each generated crate derives with.
#[derive(Clone, Copy)]
enum Library {
    Fastjson,
    Serde,
}

impl Library {
    const BOTH: [Library; 2] = [Library::Fastjson, Library::Serde];

    fn dir_name(self) -> &'static str {
        match self {
            Library::Fastjson => "fastjson",
            Library::Serde => "serde",
        }
    }

    fn label(self) -> &'static str {
        match self {
            Library::Fastjson => "fastjson",
            Library::Serde => "serde + serde_json",
        }
    }

    /// The one line of `src/lib.rs` (once per type) that differs between the two crates.
    fn derive_line(self) -> &'static str {
        match self {
            Library::Fastjson => "#[derive(fastjson::FastJson)]",
            Library::Serde => "#[derive(serde::Serialize, serde::Deserialize)]",
        }
    }
}

/// A generated crate on disk.
struct GeneratedCrate {
    library: Library,
    dir: PathBuf,
    target_dir: PathBuf,
}

impl GeneratedCrate {
    fn rlib(&self) -> PathBuf {
        self.target_dir.join(format!("release/lib{LIB_NAME}.rlib"))
    }

    fn binary(&self) -> PathBuf {
        self.target_dir.join("release").join(BIN_NAME)
    }
}

/// Writes both crates (Cargo.toml, Cargo.lock, src/lib.rs, src/main.rs) under `<out>/<types>/`.
fn generate_crates(options: &Options, types: &[TypeDef]) -> Result<Vec<GeneratedCrate>, String> {
    let root = crate::workspace_root();
    let lock_path = root.join("Cargo.lock");
    let lock = fs::read_to_string(&lock_path)
        .map_err(|e| format!("reading {}: {e}", lock_path.display()))?;
    let serde_version = locked_version(&lock, "serde")?;
    let serde_json_version = locked_version(&lock, "serde_json")?;
    let base = options.out.join(options.types.to_string());
    let mut crates = Vec::new();
    for library in Library::BOTH {
        let dir = base.join(library.dir_name());
        let dependencies = match library {
            Library::Fastjson => format!(
                "fastjson = {{ path = {}{} }}",
                toml_string(&root),
                if options.no_default_features {
                    ", default-features = false"
                } else {
                    ""
                }
            ),
            Library::Serde => format!(
                "serde = {{ version = \"={serde_version}\", features = [\"derive\"] }}\n\
                 serde_json = \"={serde_json_version}\""
            ),
        };
        let files = [
            ("Cargo.toml", cargo_toml(library, &dependencies)),
            ("Cargo.lock", lock.clone()),
            ("src/lib.rs", render_lib(types, library)),
            ("src/main.rs", render_main(types, library)),
        ];
        for (name, contents) in files {
            write_file(&dir.join(name), &contents)?;
        }
        crates.push(GeneratedCrate {
            library,
            target_dir: base.join(format!("target-{}", library.dir_name())),
            dir,
        });
    }
    Ok(crates)
}

fn write_file(path: &Path, contents: &str) -> Result<(), String> {
    if let Some(parent) = path.parent() {
        fs::create_dir_all(parent).map_err(|e| format!("creating {}: {e}", parent.display()))?;
    }
    fs::write(path, contents).map_err(|e| format!("writing {}: {e}", path.display()))
}

/// The version of `name` that `Cargo.lock` pins (its first `[[package]]` of that name).
fn locked_version(lock: &str, name: &str) -> Result<String, String> {
    let wanted = format!("name = \"{name}\"");
    let mut lines = lock.lines();
    while let Some(line) = lines.next() {
        if line.trim() == wanted {
            if let Some(version) = lines
                .next()
                .and_then(|l| l.trim().strip_prefix("version = \""))
                .and_then(|v| v.strip_suffix('"'))
            {
                return Ok(version.to_owned());
            }
        }
    }
    Err(format!("no `{name}` package in the workspace's Cargo.lock"))
}

/// A TOML basic string holding `path`.
fn toml_string(path: &Path) -> String {
    let text = path.display().to_string();
    format!("\"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""))
}

fn cargo_toml(library: Library, dependencies: &str) -> String {
    format!(
        "# Generated by `cargo xtask compile-cost` in the fastjson workspace: do not edit.\n\
         [package]\n\
         name = \"compile-cost-{}\"\n\
         version = \"0.0.0\"\n\
         edition = \"2021\"\n\
         publish = false\n\
         \n\
         [lib]\n\
         name = \"{LIB_NAME}\"\n\
         path = \"src/lib.rs\"\n\
         \n\
         [[bin]]\n\
         name = \"{BIN_NAME}\"\n\
         path = \"src/main.rs\"\n\
         \n\
         [dependencies]\n\
         {dependencies}\n\
         \n\
         # Its own workspace: not a member of the fastjson workspace it sits in.\n\
         [workspace]\n",
        library.dir_name()
    )
}

// ---------------------------------------------------------------------------------------------
// The generator

/// SplitMix64 from a fixed seed: the same types everywhere, without the rand crate.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n`.
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// A number in `low..=high`.
    fn between(&mut self, low: usize, high: usize) -> usize {
        low + self.below(high - low + 1)
    }

    fn percent(&mut self, chance: usize) -> bool {
        self.below(100) < chance
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }

    /// `count` different items of `items`, in random order.
    fn distinct<T: Copy>(&mut self, items: &[T], count: usize) -> Vec<T> {
        let mut pool = items.to_vec();
        (0..count.min(pool.len()))
            .map(|_| {
                let index = self.below(pool.len());
                pool.swap_remove(index)
            })
            .collect()
    }
}

// Word lists, split on whitespace (`words`).
const NOUNS: &str = "\
    User Order Invoice Product Account Payment Shipment Review Comment Session Team Project \
    Repository Issue Release Webhook Subscription Plan Coupon Address Device Notification \
    Message Channel Report Metric Alert Policy Role Token File Folder Category Warehouse \
    Vendor Customer Ticket Deployment Cluster Build";
const STRUCT_SUFFIXES: &str =
    "Summary Detail Request Response Item Page Settings Stats Ref Payload Record Info";
const UNIT_ENUM_SUFFIXES: &str = "Status Kind Level State Visibility";
const EXTERNAL_ENUM_SUFFIXES: &str = "Event Change Action Update";
const INTERNAL_ENUM_SUFFIXES: &str = "Message Command Notice Signal";
/// Names of `String` and `Option<String>` fields.
const TEXT_FIELDS: &str = "\
    name display_name email description url avatar_url currency title body summary slug path \
    checksum mime_type message code label notes reference external_id session_id token_hint \
    nickname phone country city postal_code street homepage language license locale timezone \
    region etag created_at updated_at started_at finished_at expires_at";
/// Names of `Vec<String>` fields.
const LIST_FIELDS: &str = "tags aliases scopes emails labels roles topics keywords links";
/// Names of integer and float fields.
const NUMBER_FIELDS: &str = "\
    id owner_id parent_id count total_count page per_page amount price quantity version score \
    rating latitude longitude size_bytes priority retries timeout_ms comment_count like_count \
    duration_ms weight height followers_count stars";
/// Names of `bool` fields.
const FLAG_FIELDS: &str =
    "is_active is_verified enabled archived private locked deleted has_more trusted";
const UNIT_VARIANTS: &str = "\
    Active Pending Suspended Closed Draft Published Hidden Low Medium High Critical Open \
    Resolved Blocked Queued Running";
const EVENT_VARIANTS: &str = "\
    Created Updated Deleted Archived Restored Moved Shared Commented Approved Rejected Paid \
    Refunded Shipped Delivered Cancelled Failed Retried Expired Renewed Invited";
/// The unit variant every enum starts with: its `#[default]`.
const DEFAULT_VARIANT: &str = "Unknown";

struct TypeDef {
    name: String,
    shape: Shape,
}

enum Shape {
    Struct(StructDef),
    UnitEnum {
        rename_all: Option<&'static str>,
        /// Name, and `rename` if any.
        variants: Vec<(&'static str, Option<String>)>,
    },
    /// Externally tagged (serde's default) or `#[serde(tag = "type")]`.
    TaggedEnum {
        internally_tagged: bool,
        rename_all: Option<&'static str>,
        variants: Vec<Variant>,
    },
}

struct StructDef {
    camel_case: bool,
    container_default: bool,
    fields: Vec<Field>,
}

struct Field {
    name: String,
    ty: FieldType,
    rename: Option<String>,
    default: bool,
    skip_if_none: bool,
}

/// A field's type; `usize` is the index of an earlier generated type.
#[derive(Clone, Copy)]
enum FieldType {
    String,
    U64,
    I64,
    U32,
    F64,
    Bool,
    OptionString,
    OptionU64,
    VecString,
    VecOf(usize),
    OptionBoxOf(usize),
    EnumOf(usize),
}

struct Variant {
    name: &'static str,
    rename: Option<String>,
    data: VariantData,
}

enum VariantData {
    Unit,
    Newtype(Payload),
    Struct(Vec<Field>),
}

#[derive(Clone, Copy)]
enum Payload {
    String,
    U64,
    Type(usize),
}

impl TypeDef {
    fn is_struct(&self) -> bool {
        matches!(self.shape, Shape::Struct(_))
    }
}

impl FieldType {
    fn is_option(self) -> bool {
        matches!(
            self,
            FieldType::OptionString | FieldType::OptionU64 | FieldType::OptionBoxOf(_)
        )
    }
}

fn generate_types(count: usize) -> Vec<TypeDef> {
    let mut rng = Rng(SEED);
    let mut types: Vec<TypeDef> = Vec::with_capacity(count);
    for index in 0..count {
        let noun = rng.pick(&words(NOUNS));
        let def = match rng.below(100) {
            0..8 => TypeDef {
                name: format!("{noun}{}{index}", rng.pick(&words(UNIT_ENUM_SUFFIXES))),
                shape: unit_enum(&mut rng),
            },
            8..17 => TypeDef {
                name: format!("{noun}{}{index}", rng.pick(&words(EXTERNAL_ENUM_SUFFIXES))),
                shape: tagged_enum(&mut rng, &types, false),
            },
            17..22 => TypeDef {
                name: format!("{noun}{}{index}", rng.pick(&words(INTERNAL_ENUM_SUFFIXES))),
                shape: tagged_enum(&mut rng, &types, true),
            },
            _ => TypeDef {
                name: format!("{noun}{}{index}", rng.pick(&words(STRUCT_SUFFIXES))),
                shape: Shape::Struct(StructDef {
                    camel_case: rng.percent(45),
                    container_default: rng.percent(10),
                    fields: fields(&mut rng, &types, (4, 20), true),
                }),
            },
        };
        types.push(def);
    }
    types
}

/// Fields of a struct or struct variant, `low..=high` of them; `references` allows fields of
/// earlier generated types.
fn fields(
    rng: &mut Rng,
    types: &[TypeDef],
    (low, high): (usize, usize),
    references: bool,
) -> Vec<Field> {
    let count = rng.between(low, high);
    let mut used = HashSet::new();
    (0..count)
        .map(|_| {
            let ty = field_type(rng, types, references);
            let name = match ty {
                FieldType::VecOf(t) => format!("{}_list", snake_case(&types[t].name)),
                FieldType::OptionBoxOf(t) | FieldType::EnumOf(t) => snake_case(&types[t].name),
                FieldType::String | FieldType::OptionString => {
                    rng.pick(&words(TEXT_FIELDS)).to_owned()
                }
                FieldType::VecString => rng.pick(&words(LIST_FIELDS)).to_owned(),
                FieldType::Bool => rng.pick(&words(FLAG_FIELDS)).to_owned(),
                FieldType::U64
                | FieldType::I64
                | FieldType::U32
                | FieldType::F64
                | FieldType::OptionU64 => rng.pick(&words(NUMBER_FIELDS)).to_owned(),
            };
            let name = unique(name, &mut used);
            let rename = rng.percent(8).then(|| match rng.below(3) {
                0 => format!("@{name}"),
                1 => format!("x-{name}"),
                _ => format!("{name}_"),
            });
            Field {
                skip_if_none: ty.is_option() && rng.percent(50),
                default: rng.percent(12),
                name,
                ty,
                rename,
            }
        })
        .collect()
}

fn words(list: &'static str) -> Vec<&'static str> {
    list.split_whitespace().collect()
}

fn field_type(rng: &mut Rng, types: &[TypeDef], references: bool) -> FieldType {
    let earlier = if references { types.len() } else { 0 };
    let enums: Vec<usize> = (0..earlier).filter(|&t| !types[t].is_struct()).collect();
    match rng.below(100) {
        0..20 => FieldType::String,
        20..30 => FieldType::U64,
        30..36 => FieldType::I64,
        36..42 => FieldType::U32,
        42..48 => FieldType::F64,
        48..56 => FieldType::Bool,
        56..66 => FieldType::OptionString,
        66..72 => FieldType::OptionU64,
        72..80 => FieldType::VecString,
        80..88 if earlier > 0 => FieldType::VecOf(rng.below(earlier)),
        88..94 if earlier > 0 => FieldType::OptionBoxOf(rng.below(earlier)),
        94..100 if !enums.is_empty() => FieldType::EnumOf(rng.pick(&enums)),
        // Nothing earlier to refer to.
        _ => FieldType::String,
    }
}

fn unit_enum(rng: &mut Rng) -> Shape {
    let count = rng.between(3, 7);
    let mut variants = vec![(DEFAULT_VARIANT, None)];
    for name in rng.distinct(&words(UNIT_VARIANTS), count) {
        let rename = rng
            .percent(10)
            .then(|| format!("legacy.{}", name.to_lowercase()));
        variants.push((name, rename));
    }
    let rename_all = rng.pick(&[
        None,
        Some("snake_case"),
        Some("SCREAMING_SNAKE_CASE"),
        Some("kebab-case"),
        Some("lowercase"),
    ]);
    Shape::UnitEnum {
        rename_all,
        variants,
    }
}

/// An enum with data: newtype, struct and unit variants, after a unit `#[default]` variant.
/// Internally tagged newtype variants hold a struct, as serde requires.
fn tagged_enum(rng: &mut Rng, types: &[TypeDef], internally_tagged: bool) -> Shape {
    let structs: Vec<usize> = (0..types.len()).filter(|&t| types[t].is_struct()).collect();
    let count = rng.between(2, if internally_tagged { 4 } else { 5 });
    let mut variants = vec![Variant {
        name: DEFAULT_VARIANT,
        rename: None,
        data: VariantData::Unit,
    }];
    for name in rng.distinct(&words(EVENT_VARIANTS), count) {
        let roll = rng.below(100);
        let data = if roll < 15 {
            VariantData::Unit
        } else if roll < 50 {
            let payload = if internally_tagged {
                (!structs.is_empty()).then(|| Payload::Type(rng.pick(&structs)))
            } else {
                match rng.below(10) {
                    0..3 => Some(Payload::String),
                    3..5 => Some(Payload::U64),
                    _ if types.is_empty() => Some(Payload::String),
                    _ => Some(Payload::Type(rng.below(types.len()))),
                }
            };
            match payload {
                Some(payload) => VariantData::Newtype(payload),
                None => VariantData::Struct(fields(rng, types, (2, 5), false)),
            }
        } else {
            VariantData::Struct(fields(rng, types, (2, 5), false))
        };
        let rename = rng
            .percent(8)
            .then(|| format!("{}.v2", name.to_lowercase()));
        variants.push(Variant { name, rename, data });
    }
    let rename_all = if internally_tagged {
        rng.percent(50).then_some("snake_case")
    } else {
        rng.pick(&[
            None,
            None,
            Some("snake_case"),
            Some("camelCase"),
            Some("kebab-case"),
        ])
    };
    Shape::TaggedEnum {
        internally_tagged,
        rename_all,
        variants,
    }
}

fn snake_case(name: &str) -> String {
    let mut out = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_ascii_uppercase() {
            if i > 0 {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

fn unique(name: String, used: &mut HashSet<String>) -> String {
    let mut candidate = name.clone();
    let mut n = 2;
    while !used.insert(candidate.clone()) {
        candidate = format!("{name}_{n}");
        n += 1;
    }
    candidate
}

// ---------------------------------------------------------------------------------------------
// Rendering

/// `src/lib.rs`: the types, each with `sample()` and `samples()` (the values the binary
/// round-trips). Identical in both crates but for `library.derive_line()`.
fn render_lib(types: &[TypeDef], library: Library) -> String {
    let mut out = String::from(
        "//! Generated by `cargo xtask compile-cost`: API-shaped types for measuring compile cost.\n\
         //! The fastjson and serde crates hold the same text but for the derive line.\n\n",
    );
    for (index, def) in types.iter().enumerate() {
        out.push_str("#[derive(Default, PartialEq)]\n");
        out.push_str(library.derive_line());
        out.push('\n');
        match &def.shape {
            Shape::Struct(s) => render_struct(&mut out, def, s, types, index),
            Shape::UnitEnum {
                rename_all,
                variants,
            } => render_unit_enum(&mut out, def, *rename_all, variants),
            Shape::TaggedEnum {
                internally_tagged,
                rename_all,
                variants,
            } => render_tagged_enum(
                &mut out,
                def,
                *internally_tagged,
                *rename_all,
                variants,
                types,
                index,
            ),
        }
    }
    out
}

/// `#[serde(a, b)]` on its own line, if there is anything to say.
fn serde_attribute(out: &mut String, indent: &str, parts: &[String]) {
    if !parts.is_empty() {
        let _ = writeln!(out, "{indent}#[serde({})]", parts.join(", "));
    }
}

fn quoted_option(key: &str, value: Option<&str>) -> Option<String> {
    value.map(|v| format!("{key} = \"{v}\""))
}

/// Struct fields are `pub`; enum variant fields cannot be.
fn render_fields(
    out: &mut String,
    indent: &str,
    visibility: &str,
    fields: &[Field],
    types: &[TypeDef],
) {
    for field in fields {
        let mut parts: Vec<String> = quoted_option("rename", field.rename.as_deref())
            .into_iter()
            .collect();
        if field.default {
            parts.push("default".to_owned());
        }
        if field.skip_if_none {
            parts.push("skip_serializing_if = \"Option::is_none\"".to_owned());
        }
        serde_attribute(out, indent, &parts);
        let _ = writeln!(
            out,
            "{indent}{visibility}{}: {},",
            field.name,
            rust_type(field.ty, types)
        );
    }
}

/// `name: value, ...` for a struct literal of `fields`.
fn field_values(fields: &[Field], types: &[TypeDef], seed: usize) -> String {
    fields
        .iter()
        .enumerate()
        .map(|(i, field)| {
            format!(
                "{}: {}",
                field.name,
                sample_value(field.ty, &field.name, types, seed + i)
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn render_struct(out: &mut String, def: &TypeDef, s: &StructDef, types: &[TypeDef], index: usize) {
    let mut container = Vec::new();
    if s.camel_case {
        container.push("rename_all = \"camelCase\"".to_owned());
    }
    if s.container_default {
        container.push("default".to_owned());
    }
    serde_attribute(out, "", &container);
    let _ = writeln!(out, "pub struct {} {{", def.name);
    render_fields(out, "    ", "pub ", &s.fields, types);
    let _ = writeln!(
        out,
        "}}\n\n\
         impl {name} {{\n    \
             pub fn sample() -> Self {{\n        \
                 Self {{ {values} }}\n    \
             }}\n\n    \
             pub fn samples() -> Vec<Self> {{\n        \
                 vec![Self::default(), Self::sample()]\n    \
             }}\n\
         }}\n",
        name = def.name,
        values = field_values(&s.fields, types, index),
    );
}

fn render_unit_enum(
    out: &mut String,
    def: &TypeDef,
    rename_all: Option<&str>,
    variants: &[(&str, Option<String>)],
) {
    serde_attribute(
        out,
        "",
        &quoted_option("rename_all", rename_all)
            .into_iter()
            .collect::<Vec<_>>(),
    );
    let _ = writeln!(out, "pub enum {} {{\n    #[default]", def.name);
    for (name, rename) in variants {
        serde_attribute(
            out,
            "    ",
            &quoted_option("rename", rename.as_deref())
                .into_iter()
                .collect::<Vec<_>>(),
        );
        let _ = writeln!(out, "    {name},");
    }
    let samples: Vec<String> = variants
        .iter()
        .map(|(name, _)| format!("Self::{name}"))
        .collect();
    render_enum_samples(out, &def.name, &samples);
}

fn render_tagged_enum(
    out: &mut String,
    def: &TypeDef,
    internally_tagged: bool,
    rename_all: Option<&str>,
    variants: &[Variant],
    types: &[TypeDef],
    index: usize,
) {
    let mut container: Vec<String> = Vec::new();
    if internally_tagged {
        container.push("tag = \"type\"".to_owned());
    }
    container.extend(quoted_option("rename_all", rename_all));
    serde_attribute(out, "", &container);
    let _ = writeln!(out, "pub enum {} {{\n    #[default]", def.name);
    let mut samples = Vec::new();
    for (i, variant) in variants.iter().enumerate() {
        serde_attribute(
            out,
            "    ",
            &quoted_option("rename", variant.rename.as_deref())
                .into_iter()
                .collect::<Vec<_>>(),
        );
        let name = variant.name;
        let seed = index + i;
        match &variant.data {
            VariantData::Unit => {
                let _ = writeln!(out, "    {name},");
                samples.push(format!("Self::{name}"));
            }
            VariantData::Newtype(payload) => {
                let (ty, value) = match *payload {
                    Payload::String => ("String".to_owned(), string_value(name, seed)),
                    Payload::U64 => ("u64".to_owned(), u64_value(seed)),
                    Payload::Type(t) => (types[t].name.clone(), reference_value(t, types)),
                };
                let _ = writeln!(out, "    {name}({ty}),");
                samples.push(format!("Self::{name}({value})"));
            }
            VariantData::Struct(fields) => {
                let _ = writeln!(out, "    {name} {{");
                render_fields(out, "        ", "", fields, types);
                let _ = writeln!(out, "    }},");
                samples.push(format!(
                    "Self::{name} {{ {} }}",
                    field_values(fields, types, seed)
                ));
            }
        }
    }
    render_enum_samples(out, &def.name, &samples);
}

/// Closes the enum; `sample()` is its last variant, `samples()` one value of each.
fn render_enum_samples(out: &mut String, name: &str, samples: &[String]) {
    let last = samples.last().expect("every enum has a variant");
    let _ = writeln!(
        out,
        "}}\n\n\
         impl {name} {{\n    \
             pub fn sample() -> Self {{\n        \
                 {last}\n    \
             }}\n\n    \
             pub fn samples() -> Vec<Self> {{\n        \
                 vec![{}]\n    \
             }}\n\
         }}\n",
        samples.join(", ")
    );
}

fn rust_type(ty: FieldType, types: &[TypeDef]) -> String {
    match ty {
        FieldType::String => "String".to_owned(),
        FieldType::U64 => "u64".to_owned(),
        FieldType::I64 => "i64".to_owned(),
        FieldType::U32 => "u32".to_owned(),
        FieldType::F64 => "f64".to_owned(),
        FieldType::Bool => "bool".to_owned(),
        FieldType::OptionString => "Option<String>".to_owned(),
        FieldType::OptionU64 => "Option<u64>".to_owned(),
        FieldType::VecString => "Vec<String>".to_owned(),
        FieldType::VecOf(t) => format!("Vec<{}>", types[t].name),
        FieldType::OptionBoxOf(t) => format!("Option<Box<{}>>", types[t].name),
        FieldType::EnumOf(t) => types[t].name.clone(),
    }
}

/// A Rust expression of a non-default value of `ty`, varied by `seed`. Floats are exact in
/// binary (serde_json's default float parsing is not correctly rounded, and the round trip
/// asserts equality).
fn sample_value(ty: FieldType, field: &str, types: &[TypeDef], seed: usize) -> String {
    match ty {
        FieldType::String => string_value(field, seed),
        FieldType::U64 => u64_value(seed),
        FieldType::I64 => pick(&["-1", "-42", "1234567890123", "i64::MIN"], seed).to_owned(),
        FieldType::U32 => pick(&["7", "65536", "u32::MAX"], seed).to_owned(),
        FieldType::F64 => {
            pick(&["0.5", "-1.25", "100.0", "1048576.75", "0.0078125"], seed).to_owned()
        }
        FieldType::Bool => "true".to_owned(),
        FieldType::OptionString => format!("Some({})", string_value(field, seed + 1)),
        FieldType::OptionU64 => format!("Some({})", u64_value(seed + 1)),
        FieldType::VecString => format!(
            "vec![{}, {}]",
            string_value(field, seed),
            string_value(field, seed + 2)
        ),
        FieldType::VecOf(t) => format!("vec![{}]", reference_value(t, types)),
        FieldType::OptionBoxOf(t) => format!("Some(Box::new({}))", reference_value(t, types)),
        FieldType::EnumOf(t) => reference_value(t, types),
    }
}

/// A value of an earlier type: a struct's default (its `sample()` would nest the samples of
/// everything it refers to, growing exponentially), an enum's sample (bounded: its payload is
/// scalars, a struct's default, or one earlier enum's sample).
fn reference_value(t: usize, types: &[TypeDef]) -> String {
    let def = &types[t];
    if def.is_struct() {
        format!("{}::default()", def.name)
    } else {
        format!("{}::sample()", def.name)
    }
}

fn string_value(field: &str, seed: usize) -> String {
    let text = match seed % 6 {
        0 => format!("{field} #{seed}"),
        1 => "line\nbreak, \"quoted\", back\\slash, tab\t".to_owned(),
        2 => "café ✓ 日本語 😀".to_owned(),
        3 => format!("https://api.example.com/v1/{field}?page={seed}&sort=asc"),
        4 => String::new(),
        _ => format!("{field}-{seed}"),
    };
    format!("String::from({text:?})")
}

fn u64_value(seed: usize) -> String {
    pick(
        &["42", "65535", "4294967296", "9007199254740993", "u64::MAX"],
        seed,
    )
    .to_owned()
}

fn pick<'a>(items: &[&'a str], seed: usize) -> &'a str {
    items[seed % items.len()]
}

/// `src/main.rs`: round-trips every sample of every type and prints a fingerprint of the JSON
/// (FNV-1a over all of it), which must be the same from both crates.
fn render_main(types: &[TypeDef], library: Library) -> String {
    let (bounds, encode, decode) = match library {
        Library::Fastjson => (
            "fastjson::Encode + fastjson::DecodeOwned",
            "fastjson::to_vec(value)",
            "fastjson::from_slice(json)",
        ),
        Library::Serde => (
            "serde::Serialize + serde::de::DeserializeOwned",
            "serde_json::to_vec(value).expect(\"serde_json encodes\")",
            "serde_json::from_slice(json)",
        ),
    };
    let mut out = format!(
        "//! Generated by `cargo xtask compile-cost`: encodes and decodes back every sample of every\n\
         //! type with {label}, asserts equality, and prints a fingerprint of the JSON.\n\n\
         use {LIB_NAME}::*;\n\n\
         #[derive(Default)]\n\
         struct Totals {{\n    types: usize,\n    values: usize,\n    bytes: usize,\n    fnv1a: u64,\n}}\n\n\
         fn encode<T: {bounds}>(value: &T) -> Vec<u8> {{\n    {encode}\n}}\n\n\
         fn roundtrip<T: {bounds} + PartialEq>(name: &str, values: Vec<T>, totals: &mut Totals) {{\n    \
             totals.types += 1;\n    \
             for value in values {{\n        \
                 let json = &encode(&value);\n        \
                 let text = String::from_utf8_lossy(json);\n        \
                 let back: T = {decode}.unwrap_or_else(|e| panic!(\"{{name}}: {{e}} decoding {{text}}\"));\n        \
                 assert!(back == value, \"{{name}}: decoded value differs from the encoded one: {{text}}\");\n        \
                 assert!(&encode(&back) == json, \"{{name}}: re-encoding differs from {{text}}\");\n        \
                 totals.values += 1;\n        \
                 totals.bytes += json.len();\n        \
                 for &byte in json.iter().chain(b\"\\n\") {{\n            \
                     totals.fnv1a = (totals.fnv1a ^ u64::from(byte)).wrapping_mul(0x100_0000_01b3);\n        \
                 }}\n    \
             }}\n\
         }}\n\n\
         fn main() {{\n    \
             let mut totals = Totals {{ fnv1a: 0xcbf2_9ce4_8422_2325, ..Totals::default() }};\n",
        label = library.label(),
    );
    for def in types {
        let _ = writeln!(
            out,
            "    roundtrip(\"{0}\", {0}::samples(), &mut totals);",
            def.name
        );
    }
    out.push_str(
        "    println!(\n        \
             \"{} types, {} values, {} bytes of JSON, fnv1a {:016x}\",\n        \
             totals.types, totals.values, totals.bytes, totals.fnv1a\n    \
         );\n\
         }\n",
    );
    out
}

// ---------------------------------------------------------------------------------------------
// Measuring

/// What was measured of one crate.
struct Measurement {
    cold_build: Duration,
    rebuilds: Vec<Duration>,
    rlib_bytes: u64,
    binary_bytes: u64,
    stripped_binary_bytes: Option<u64>,
    /// The binary's output: counts and the JSON fingerprint.
    roundtrip: String,
    /// Whether serde_json was among the crates built.
    built_serde_json: bool,
}

impl Measurement {
    fn median_rebuild(&self) -> Duration {
        let mut sorted = self.rebuilds.clone();
        sorted.sort();
        sorted[sorted.len() / 2]
    }
}

fn measure(
    options: &Options,
    types: &[TypeDef],
    crates: &[GeneratedCrate],
) -> Result<String, String> {
    let load_at_start = load_average();
    let rustc = rustc_version(&crates[0].dir);
    // Before building: the sources measured are the working tree's at this moment.
    let revision = fastjson_revision();
    let mut cold = Vec::new();
    let mut roundtrips = Vec::new();
    for krate in crates {
        if krate.target_dir.exists() {
            fs::remove_dir_all(&krate.target_dir)
                .map_err(|e| format!("removing {}: {e}", krate.target_dir.display()))?;
        }
        cold.push(timed_build(krate, "cold build, dependencies included")?);
        roundtrips.push(run_roundtrip(krate)?);
    }
    if roundtrips[0] != roundtrips[1] {
        return Err(format!(
            "the two binaries wrote different JSON:\n  fastjson: {}\n  serde:    {}",
            roundtrips[0], roundtrips[1]
        ));
    }
    // Alternate the crates, so a change of load on the machine hits both alike.
    let mut rebuilds = vec![Vec::new(); crates.len()];
    for round in 1..=REBUILDS {
        for (krate, times) in crates.iter().zip(&mut rebuilds) {
            touch(&krate.dir.join("src/lib.rs"))?;
            times.push(timed_build(
                krate,
                &format!("crate-only rebuild {round}/{REBUILDS}"),
            )?);
        }
    }
    let mut measurements = Vec::new();
    for (((krate, cold_build), rebuilds), roundtrip) in
        crates.iter().zip(cold).zip(rebuilds).zip(roundtrips)
    {
        measurements.push(Measurement {
            cold_build,
            rebuilds,
            rlib_bytes: file_size(&krate.rlib())?,
            binary_bytes: file_size(&krate.binary())?,
            stripped_binary_bytes: stripped_size(&krate.binary()),
            roundtrip,
            built_serde_json: built_crate(&krate.target_dir, "serde_json"),
        });
    }
    Ok(render_report(
        types,
        &measurements,
        options.no_default_features,
        &machine(load_at_start),
        &rustc,
        &revision,
    ))
}

/// `cargo build --release --offline` in the crate's directory, timed.
fn timed_build(krate: &GeneratedCrate, what: &str) -> Result<Duration, String> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let start = Instant::now();
    let output = Command::new(cargo)
        .current_dir(&krate.dir)
        .env("CARGO_TARGET_DIR", &krate.target_dir)
        .args(["build", "--release", "--offline"])
        .output()
        .map_err(|e| format!("running cargo: {e}"))?;
    let elapsed = start.elapsed();
    if !output.status.success() {
        return Err(format!(
            "{} ({what}) failed in {}:\n{}\n(--offline: the crates come from this workspace's \
             Cargo.lock; `cargo fetch` in the workspace downloads any that are missing)",
            krate.library.label(),
            krate.dir.display(),
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    println!(
        "compile-cost: {:<18} {what}: {:.2} s",
        krate.library.label(),
        elapsed.as_secs_f64()
    );
    Ok(elapsed)
}

fn run_roundtrip(krate: &GeneratedCrate) -> Result<String, String> {
    let output = Command::new(krate.binary())
        .output()
        .map_err(|e| format!("running {}: {e}", krate.binary().display()))?;
    if !output.status.success() {
        return Err(format!(
            "{}'s round trip failed:\n{}",
            krate.library.label(),
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    Ok(String::from_utf8_lossy(&output.stdout).trim().to_owned())
}

/// Whether cargo built the library `name` into `target_dir` (release).
fn built_crate(target_dir: &Path, name: &str) -> bool {
    let prefix = format!("lib{name}-");
    fs::read_dir(target_dir.join("release/deps")).is_ok_and(|entries| {
        entries.flatten().any(|entry| {
            let file = entry.file_name();
            let file = file.to_string_lossy();
            file.starts_with(&prefix) && file.ends_with(".rlib")
        })
    })
}

/// Sets the file's modification time to now, so cargo rebuilds the crate (and only it).
fn touch(path: &Path) -> Result<(), String> {
    fs::File::options()
        .write(true)
        .open(path)
        .and_then(|file| file.set_modified(SystemTime::now()))
        .map_err(|e| format!("touching {}: {e}", path.display()))
}

fn file_size(path: &Path) -> Result<u64, String> {
    fs::metadata(path)
        .map(|m| m.len())
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// The size of a stripped copy of `binary`; `None` without a working `strip`.
fn stripped_size(binary: &Path) -> Option<u64> {
    let copy = binary.with_extension("stripped");
    fs::copy(binary, &copy).ok()?;
    let stripped = Command::new("strip")
        .arg(&copy)
        .status()
        .is_ok_and(|s| s.success());
    let size = stripped.then(|| file_size(&copy).ok()).flatten();
    let _ = fs::remove_file(&copy);
    size
}

/// `rustc -V` as cargo runs it from `dir` (the workspace's rust-toolchain.toml applies).
fn rustc_version(dir: &Path) -> String {
    Command::new("rustc")
        .current_dir(dir)
        .arg("-V")
        .output()
        .ok()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
        .filter(|v| !v.is_empty())
        .unwrap_or_else(|| "rustc (version unknown)".to_owned())
}

/// The commit the fastjson crates are built from, and which of their paths had uncommitted
/// changes (the derive and runtime are path dependencies: the working tree is what is built).
fn fastjson_revision() -> String {
    let git = |args: &[&str]| {
        Command::new("git")
            .current_dir(crate::workspace_root())
            .args(args)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
    };
    let Some(commit) = git(&["rev-parse", "--short", "HEAD"]) else {
        return "fastjson (not a git checkout)".to_owned();
    };
    let sources = [
        "src",
        "fastjson-runtime",
        "fastjson-derive",
        "fastjson-codegen",
        "Cargo.toml",
    ];
    let mut changed: Vec<String> = git(&[&["status", "--porcelain", "--"][..], &sources].concat())
        .unwrap_or_default()
        .lines()
        .filter_map(|line| line.get(3..))
        .filter_map(|path| path.split('/').next().map(str::to_owned))
        .collect();
    changed.dedup();
    if changed.is_empty() {
        format!("fastjson at {}", commit.trim())
    } else {
        format!(
            "fastjson at {} with uncommitted changes in {}",
            commit.trim(),
            changed.join(", ")
        )
    }
}

fn load_average() -> Option<String> {
    let text = fs::read_to_string("/proc/loadavg").ok()?;
    text.split_whitespace().next().map(str::to_owned)
}

/// CPU model and core count, from /proc/cpuinfo and the standard library.
fn machine(load_at_start: Option<String>) -> String {
    let cpu = fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find_map(|l| l.strip_prefix("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, model)| model.trim().to_owned())
        })
        .unwrap_or_else(|| "unknown CPU".to_owned());
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let load = load_at_start.map_or(String::new(), |l| format!(", load average {l} at start"));
    format!("{cpu}, {cores} cores available{load}")
}

// ---------------------------------------------------------------------------------------------
// The report

fn render_report(
    types: &[TypeDef],
    measurements: &[Measurement],
    no_default_features: bool,
    machine: &str,
    rustc: &str,
    revision: &str,
) -> String {
    let [fastjson, serde] = measurements else {
        unreachable!("one measurement per library")
    };
    let count = types.len();
    let count_of = |wanted: fn(&Shape) -> bool| types.iter().filter(|t| wanted(&t.shape)).count();
    let structs = count_of(|shape| matches!(shape, Shape::Struct(_)));
    let unit_enums = count_of(|shape| matches!(shape, Shape::UnitEnum { .. }));
    let internal = count_of(|shape| {
        matches!(
            shape,
            Shape::TaggedEnum {
                internally_tagged: true,
                ..
            }
        )
    });
    let external = count - structs - unit_enums - internal;
    let struct_fields: usize = types
        .iter()
        .map(|t| match &t.shape {
            Shape::Struct(s) => s.fields.len(),
            _ => 0,
        })
        .sum();
    let (flag, features) = if no_default_features {
        (" --no-default-features", "with `default-features = false`")
    } else {
        ("", "with its default features")
    };
    let serde_json = if fastjson.built_serde_json {
        "its build compiled serde_json"
    } else {
        "its build did not compile serde_json"
    };

    let mut out = String::new();
    let _ = writeln!(
        out,
        "## Compile cost: fastjson vs serde + serde_json, {count} types\n\n\
         Generated by `cargo xtask compile-cost --types {count}{flag}`: {structs} structs \
         ({struct_fields} fields) and {} enums ({unit_enums} unit-only, {external} externally \
         tagged, {internal} internally tagged), with serde attributes; the same source in both \
         crates but for the derive line; fastjson {features} ({serde_json}). Release builds, cargo's default \
         profile. Crate-only: the generated crate alone (lib and bin) rebuilt after touching \
         `src/lib.rs`, median of {REBUILDS}; cold: a fresh target directory, dependencies \
         included, one run. Lower is better.\n\n\
         Machine: {machine}; {rustc}; {revision}.\n",
        count - structs
    );
    let _ = writeln!(
        out,
        "| {count} types | fastjson | serde + serde_json | fastjson / serde |\n\
         |---|---:|---:|---:|"
    );
    let seconds = |d: Duration| format!("{:.2} s", d.as_secs_f64());
    let ratio = |a: f64, b: f64| format!("{:.2}", a / b);
    let mut row = |what: &str, a: String, b: String, r: String| {
        let _ = writeln!(out, "| {what} | {a} | {b} | {r} |");
    };
    row(
        &format!("crate-only release build, median of {REBUILDS}"),
        seconds(fastjson.median_rebuild()),
        seconds(serde.median_rebuild()),
        ratio(
            fastjson.median_rebuild().as_secs_f64(),
            serde.median_rebuild().as_secs_f64(),
        ),
    );
    let runs = |m: &Measurement| {
        m.rebuilds
            .iter()
            .map(|d| format!("{:.2}", d.as_secs_f64()))
            .collect::<Vec<_>>()
            .join(" / ")
            + " s"
    };
    row(
        "crate-only runs",
        runs(fastjson),
        runs(serde),
        String::new(),
    );
    row(
        "cold full build (dependencies included)",
        seconds(fastjson.cold_build),
        seconds(serde.cold_build),
        ratio(
            fastjson.cold_build.as_secs_f64(),
            serde.cold_build.as_secs_f64(),
        ),
    );
    let sizes =
        |what: &str, a: u64, b: u64| (what.to_owned(), size(a), size(b), ratio(a as f64, b as f64));
    let (what, a, b, r) = sizes(
        &format!("`lib{LIB_NAME}.rlib`"),
        fastjson.rlib_bytes,
        serde.rlib_bytes,
    );
    row(&what, a, b, r);
    let (what, a, b, r) = sizes(
        &format!("`{BIN_NAME}` binary"),
        fastjson.binary_bytes,
        serde.binary_bytes,
    );
    row(&what, a, b, r);
    match (fastjson.stripped_binary_bytes, serde.stripped_binary_bytes) {
        (Some(a), Some(b)) => {
            let (what, a, b, r) = sizes(&format!("`{BIN_NAME}` binary, stripped"), a, b);
            row(&what, a, b, r);
        }
        _ => row(
            &format!("`{BIN_NAME}` binary, stripped"),
            "no `strip`".to_owned(),
            "no `strip`".to_owned(),
            String::new(),
        ),
    }
    let _ = writeln!(
        out,
        "\nBoth binaries round-tripped every sample and wrote the same JSON: {}. serde's impls \
         are generic, instantiated in the binary (its `.rlib` carries their MIR); fastjson's \
         compile in the library: compare lib and bin together.",
        fastjson.roundtrip
    );
    out
}

/// Bytes as KiB or MiB.
fn size(bytes: u64) -> String {
    let kib = bytes as f64 / 1024.0;
    if kib >= 1024.0 {
        format!("{:.2} MiB", kib / 1024.0)
    } else {
        format!("{kib:.1} KiB")
    }
}
