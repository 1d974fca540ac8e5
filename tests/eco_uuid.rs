#![cfg(feature = "uuid")]
//! `uuid::Uuid` (feature `uuid`) against uuid's own serde impl through serde_json: random
//! values encode to the same bytes (compact and pretty) and decode back; every text form
//! `Uuid::parse_str` knows, and hand-picked malformed ones, get the same decision and value;
//! map keys, `Option`, `Vec` and a derived struct.

use std::collections::BTreeMap;
use std::fmt::Debug;

use fastjson::FastJson;
use proptest::prelude::*;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

mod same_as_serde;
use same_as_serde::{both_accept, both_reject, check, same_decision};

/// The four text forms `Uuid::parse_str` reads, in both cases.
fn all_forms(uuid: Uuid) -> Vec<String> {
    let lower = [
        uuid.hyphenated().to_string(),
        uuid.simple().to_string(),
        uuid.braced().to_string(),
        uuid.urn().to_string(),
    ];
    let mut forms: Vec<String> = lower.iter().map(|form| form.to_uppercase()).collect();
    forms.extend(lower);
    forms
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
struct Order {
    id: Uuid,
    parent: Option<Uuid>,
    items: Vec<Uuid>,
    by_item: BTreeMap<Uuid, u32>,
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn random_uuids(bytes: [u8; 16], more: Vec<[u8; 16]>, count: u32) {
        let uuid = Uuid::from_bytes(bytes);
        check(&uuid);
        check(&Some(uuid));
        let items: Vec<Uuid> = more.iter().copied().map(Uuid::from_bytes).collect();
        check(&items);
        let by_item: BTreeMap<Uuid, u32> = items.iter().map(|&id| (id, count)).collect();
        check(&by_item);
        check(&Order { id: uuid, parent: items.first().copied(), items, by_item });
        for form in all_forms(uuid) {
            prop_assert_eq!(both_accept::<Uuid>(&format!("{form:?}")), uuid);
            let key = format!("{{{form:?}:1}}");
            prop_assert_eq!(both_accept::<BTreeMap<Uuid, u8>>(&key), BTreeMap::from([(uuid, 1)]));
        }
    }
}

#[test]
fn nil_and_max() {
    for uuid in [Uuid::nil(), Uuid::max()] {
        check(&uuid);
        check(&[(uuid, true)].into_iter().collect::<BTreeMap<_, _>>());
    }
    assert_eq!(
        fastjson::to_string(&Uuid::max()),
        r#""ffffffff-ffff-ffff-ffff-ffffffffffff""#
    );
    assert_eq!(
        both_accept::<Uuid>(r#""00000000-0000-0000-0000-000000000000""#),
        Uuid::nil()
    );
    assert_eq!(
        both_accept::<Uuid>(r#""FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF""#),
        Uuid::max()
    );
}

#[test]
fn escaped_text_is_read_as_its_characters() {
    let uuid = both_accept::<Uuid>(r#""\u0036\u0037e55044-10b1-426f-9247-bb680e5fe0c8""#);
    assert_eq!(uuid.to_string(), "67e55044-10b1-426f-9247-bb680e5fe0c8");
    both_accept::<BTreeMap<Uuid, u8>>(r#"{"67e5504410b1426f9247bb680e5fe0c\u0038":1}"#);
}

#[test]
fn malformed_texts_are_refused_by_both() {
    let good = "67e55044-10b1-426f-9247-bb680e5fe0c8";
    let mut inputs: Vec<String> = [
        "",
        "x",
        "67e55044-10b1-426f-9247-bb680e5fe0c",
        "67e55044-10b1-426f-9247-bb680e5fe0c88",
        "67e5504410b1426f9247bb680e5fe0c",
        "67e5504410b1426f9247bb680e5fe0c8a",
        "67e55044-10b1-426f-9247bb680e5fe0c8",
        "67e55044-10b1-426f-9247-bb680e5fe0c8-",
        "67e5504-410b1-426f-9247-bb680e5fe0c8",
        "67e55044_10b1_426f_9247_bb680e5fe0c8",
        "g7e55044-10b1-426f-9247-bb680e5fe0c8",
        "67e55044-10b1-426f-9247-bb680e5fe0cé",
        "{67e55044-10b1-426f-9247-bb680e5fe0c8",
        "67e55044-10b1-426f-9247-bb680e5fe0c8}",
        "[67e55044-10b1-426f-9247-bb680e5fe0c8]",
        "{67e5504410b1426f9247bb680e5fe0c8}",
        "urn:uuid:67e5504410b1426f9247bb680e5fe0c8",
        "urn:uuid:{67e55044-10b1-426f-9247-bb680e5fe0c8}",
        "uuid:67e55044-10b1-426f-9247-bb680e5fe0c8",
        " 67e55044-10b1-426f-9247-bb680e5fe0c8",
        "67e55044-10b1-426f-9247-bb680e5fe0c8 ",
        "+7e55044-10b1-426f-9247-bb680e5fe0c8",
        "0x7e55044-10b1-426f-9247-bb680e5fe0c8",
    ]
    .iter()
    .map(|text| format!("{text:?}"))
    .collect();
    // What uuid's visitor would take from other formats, serde_json never hands it.
    inputs.push(format!("[{}]", ["0"; 16].join(",")));
    inputs.extend(["0", "null", "true", "{}", "[]"].map(String::from));
    for input in &inputs {
        let decision = same_decision::<Uuid>(input);
        // Each of these is malformed for `parse_str` as for serde: none may be accepted.
        assert!(decision.is_err(), "{input}: {decision:?}");
        // As a key: the string itself, or (a key being a string) the text of the non-string.
        let key = if input.starts_with('"') {
            input.clone()
        } else {
            serde_json::to_string(input).unwrap()
        };
        both_reject::<BTreeMap<Uuid, u8>>(&format!("{{{key}:1}}"));
    }
    assert_eq!(both_accept::<Uuid>(&format!("{good:?}")).to_string(), good);
    // The URN prefix is read in any case, as the hex digits are.
    let urn = format!("{:?}", format!("URN:UUID:{good}"));
    assert_eq!(both_accept::<Uuid>(&urn).to_string(), good);
}

#[test]
fn refusals_name_uuids_message_and_the_path() {
    let err = fastjson::from_str::<Order>(
        r#"{"id":"67e55044-10b1-426f-9247-bb680e5fe0c8","parent":null,"items":["nope"],"by_item":{}}"#,
    )
    .unwrap_err();
    assert_eq!(err.path(), "$.items[0]", "{err}");
    assert!(err.message().starts_with("UUID parsing failed: "), "{err}");
    let err = fastjson::from_str::<Order>(
        r#"{"id":"67e55044-10b1-426f-9247-bb680e5fe0c8","parent":null,"items":[],"by_item":{"bad":1}}"#,
    )
    .unwrap_err();
    // A refused key is reported at its map, as for every key type.
    assert_eq!(err.path(), "$.by_item", "{err}");
    assert!(err.message().starts_with("UUID parsing failed: "), "{err}");
}

#[test]
fn the_schema_says_uuid() {
    use fastjson::schema::{Schema, SchemaDocument};
    assert_eq!(Uuid::schema(), r#"{"type":"string","format":"uuid"}"#);
    let document = SchemaDocument::new()
        .with::<Order>()
        .with::<Uuid>()
        .to_json();
    assert!(
        document.contains(r##""id":{"$ref":"#/$defs/Uuid"}"##),
        "{document}"
    );
    assert!(
        document.contains(r#""Uuid":{"type":"string","format":"uuid"}"#),
        "{document}"
    );
}
