//! The offline-generated impls at work: values encode to the JSON serde_json would produce for
//! the same attributes, decode back, and the checked-in schema document is the one the impls
//! expose through `Schema`.

use std::collections::BTreeMap;

use offline_api::model::{Audit, Customer, Event, LineItem, Order, Payment, Status};
use offline_api::{Schema, SchemaDocument};
use serde_json::{json, Value};

fn order() -> Order {
    Order {
        order_id: 42,
        customer: Customer {
            id: 7,
            name: "Ada".into(),
            email: String::new(),
        },
        items: vec![LineItem {
            sku: "tea-1kg".into(),
            quantity: 2,
            unit_price_cents: 1250,
        }],
        status: Status::InTransit,
        coupon: None,
        labels: BTreeMap::from([("gift".to_owned(), "yes".to_owned())]),
        payment: Payment::Card {
            last4: "4242".into(),
        },
        audit: Audit {
            updated_by: "ops".into(),
            revision: 3,
        },
    }
}

#[test]
fn order_round_trips_with_serde_json_s_layout() {
    let order = order();
    let json = offline_api::to_string(&order);
    assert_eq!(
        json,
        concat!(
            r#"{"orderId":42,"customer":{"id":7,"name":"Ada"},"#,
            r#""items":[{"sku":"tea-1kg","quantity":2,"unit_price_cents":1250}],"#,
            r#""status":"in_transit","labels":{"gift":"yes"},"#,
            r#""payment":{"method":"card","last4":"4242"},"updatedBy":"ops","revision":3}"#,
        )
    );
    let back: Order = offline_api::from_str(&json).unwrap();
    assert_eq!(back, order);
}

#[test]
fn decodes_what_serde_json_writes() {
    // serde_json's own rendering (keys in another order, absent optional fields).
    let value = json!({
        "revision": 3,
        "updatedBy": "ops",
        "payment": { "last4": "4242", "method": "card" },
        "status": "in_transit",
        "items": [{ "unit_price_cents": 1250, "quantity": 2, "sku": "tea-1kg" }],
        "customer": { "name": "Ada", "id": 7 },
        "orderId": 42,
        "labels": { "gift": "yes" },
    });
    let decoded: Order = offline_api::from_str(&value.to_string()).unwrap();
    assert_eq!(decoded, order());
    let reencoded: Value = serde_json::from_str(&offline_api::to_string(&decoded)).unwrap();
    assert_eq!(reencoded, value);
}

#[test]
fn enum_representations() {
    let cases = [
        (
            Event::Created { order_id: 1 },
            json!({"type": "Created", "data": {"order_id": 1}}),
        ),
        (
            Event::StatusChanged(Status::Paid),
            json!({"type": "StatusChanged", "data": "paid"}),
        ),
        (Event::Deleted, json!({"type": "Deleted"})),
    ];
    for (event, expected) in cases {
        let json = offline_api::to_string(&event);
        assert_eq!(serde_json::from_str::<Value>(&json).unwrap(), expected);
        assert_eq!(offline_api::from_str::<Event>(&json).unwrap(), event);
    }
    let cash = offline_api::to_string(&Payment::Cash);
    assert_eq!(cash, r#"{"method":"cash"}"#);
}

#[test]
fn deny_unknown_fields_is_generated() {
    let err = offline_api::from_str::<Customer>(r#"{"id":1,"name":"x","vip":true}"#).unwrap_err();
    assert!(err.to_string().contains("unknown field `vip`"), "{err}");
}

#[test]
fn checked_in_schema_document_is_what_the_types_expose() {
    let runtime = SchemaDocument::new()
        .with::<Order>()
        .with::<Customer>()
        .with::<LineItem>()
        .with::<Status>()
        .with::<Payment>()
        .with::<Audit>()
        .with::<Event>()
        .to_json();
    let runtime: Value = serde_json::from_str(&runtime).unwrap();
    let mut file: Value = serde_json::from_str(offline_api::SCHEMA_DOCUMENT).unwrap();
    assert!(file["$comment"].as_str().unwrap().contains("do not edit"));
    file.as_object_mut().unwrap().remove("$comment");
    assert_eq!(file, runtime);
    assert_eq!(Order::SCHEMA_NAME, "Order");
    assert_eq!(
        file["$defs"]["Order"]["required"],
        json!(["orderId", "customer", "items", "status", "payment"])
    );
}
