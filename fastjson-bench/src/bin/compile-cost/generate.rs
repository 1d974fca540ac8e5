//! The type generator: API-shaped structs and enums, drawn from word lists with a fixed seed.

use std::collections::HashSet;

use crate::model::{Field, FieldType, Payload, Shape, StructDef, TypeDef, Variant, VariantData};
use crate::rng::Rng;

/// The generator's seed: changing it changes every generated type.
const SEED: u64 = 0x00C0_FFEE_2026_0001;

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

pub fn generate_types(count: usize) -> Vec<TypeDef> {
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
