//! The wire types. Attributes the generator reads are hidden from rustc in `cfg_attr(any(), ..)`
//! (this crate has no serde derive to register them); their impls are in `model_fastjson.rs`.

use std::collections::BTreeMap;

/// An order as the API sends it.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(any(), serde(rename_all = "camelCase"))]
pub struct Order {
    pub order_id: u64,
    pub customer: Customer,
    pub items: Vec<LineItem>,
    pub status: Status,
    /// Absent when no coupon was applied.
    #[cfg_attr(any(), serde(skip_serializing_if = "Option::is_none"))]
    pub coupon: Option<String>,
    #[cfg_attr(any(), serde(default))]
    pub labels: BTreeMap<String, String>,
    pub payment: Payment,
    #[cfg_attr(any(), serde(flatten))]
    pub audit: Audit,
}

#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(any(), serde(deny_unknown_fields))]
pub struct Customer {
    pub id: u64,
    pub name: String,
    /// Left out of the JSON when empty, and empty when left out.
    #[cfg_attr(any(), fastjson(omitempty), serde(default))]
    pub email: String,
}

#[derive(Clone, Debug, PartialEq)]
pub struct LineItem {
    pub sku: String,
    pub quantity: u32,
    pub unit_price_cents: u64,
}

#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(any(), serde(rename_all = "snake_case"))]
pub enum Status {
    Pending,
    Paid,
    InTransit,
    Delivered,
}

/// How the order is paid.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(any(), serde(tag = "method", rename_all = "lowercase"))]
pub enum Payment {
    Card { last4: String },
    Invoice { due_days: u32 },
    Cash,
}

/// Who changed the order last; its fields sit beside the order's own.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(any(), serde(rename_all = "camelCase"))]
pub struct Audit {
    pub updated_by: String,
    pub revision: u32,
}

/// What happened to an order, for the event stream.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(any(), serde(tag = "type", content = "data"))]
pub enum Event {
    Created { order_id: u64 },
    StatusChanged(Status),
    Deleted,
}

#[path = "model_fastjson.rs"]
mod model_fastjson;
