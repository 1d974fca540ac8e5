//! The wire types: one definition each, deriving fastjson's and serde's impls side by side.
//!
//! Every attribute is a `#[serde(..)]` one that both derives read with the same meaning, so the
//! fastjson mount and the axum::Json oracle accept the same documents and write the same bytes.
//! The order follows the bench's order model (line items, shipping address, free-form
//! metadata, RFC 3339 timestamps), with a numeric id the store assigns.

use std::collections::BTreeMap;

use fastjson::FastJson;
use serde::{Deserialize, Serialize};

/// An order as stored and returned.
#[derive(Debug, Clone, PartialEq, FastJson, Serialize, Deserialize)]
pub struct Order {
    /// Assigned by the store on creation; never taken from a request body.
    pub id: u64,
    pub customer_id: u64,
    pub status: OrderStatus,
    /// RFC 3339, UTC, set by the store's clock on creation.
    pub created_at: String,
    /// Set by the store's clock on every replace or patch; absent until then.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub updated_at: Option<String>,
    pub currency: String,
    pub items: Vec<LineItem>,
    /// Computed from `items` by the store, rounded to cents.
    pub subtotal: f64,
    pub tax: f64,
    pub total: f64,
    pub shipping: Address,
    #[serde(default)]
    pub gift: bool,
    #[serde(default)]
    pub tags: Vec<String>,
    #[serde(default)]
    pub metadata: Metadata,
}

/// Free-form key/value data a client attaches to an order; keys come back sorted.
pub type Metadata = BTreeMap<String, serde_json::Value>;

/// The body of `POST /orders` and `PUT /orders/{id}`: an order without what the store decides.
#[derive(Debug, Clone, PartialEq, FastJson, Serialize, Deserialize)]
pub struct NewOrder {
    pub customer_id: u64,
    #[serde(default)]
    pub status: OrderStatus,
    pub currency: String,
    pub items: Vec<LineItem>,
    pub shipping: Address,
    #[serde(default)]
    pub gift: bool,
    #[serde(default)]
    pub tags: Vec<String>,
    #[serde(default)]
    pub metadata: Metadata,
}

/// The body of `PATCH /orders/{id}`: each present field replaces the stored one.
///
/// Unknown fields are refused (422): a misspelt field in a patch would otherwise be a silent
/// no-op, where in a create it is at worst an ignored extra.
#[derive(Debug, Clone, Default, PartialEq, FastJson, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OrderPatch {
    #[serde(default)]
    pub status: Option<OrderStatus>,
    #[serde(default)]
    pub items: Option<Vec<LineItem>>,
    #[serde(default)]
    pub shipping: Option<Address>,
    #[serde(default)]
    pub gift: Option<bool>,
    #[serde(default)]
    pub tags: Option<Vec<String>>,
    #[serde(default)]
    pub metadata: Option<Metadata>,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, FastJson, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OrderStatus {
    #[default]
    Pending,
    Paid,
    Shipped,
    Delivered,
    Cancelled,
}

#[derive(Debug, Clone, PartialEq, FastJson, Serialize, Deserialize)]
pub struct LineItem {
    pub sku: String,
    pub name: String,
    pub quantity: u32,
    pub unit_price: f64,
    /// An amount off the line, not a rate.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub discount: Option<f64>,
    pub tax_rate: f64,
    pub weight_grams: u32,
}

#[derive(Debug, Clone, PartialEq, FastJson, Serialize, Deserialize)]
pub struct Address {
    pub name: String,
    pub line1: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line2: Option<String>,
    pub city: String,
    pub region: String,
    pub postal_code: String,
    pub country: String,
}

/// One page of `GET /orders`.
#[derive(Debug, Clone, PartialEq, FastJson, Serialize, Deserialize)]
pub struct OrderPage {
    /// How many orders match the filters, before `offset` and `limit`.
    pub total: usize,
    pub offset: usize,
    /// The limit applied (the requested one, capped at [`crate::store::MAX_PAGE`]).
    pub limit: usize,
    pub orders: Vec<Order>,
}

/// The query of `GET /orders`, read by axum's `Query` (serde).
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
pub struct ListQuery {
    pub status: Option<OrderStatus>,
    pub customer: Option<u64>,
    pub limit: Option<usize>,
    pub offset: Option<usize>,
}

/// The body of every error the handlers make (axum's own rejections keep their plain text).
#[derive(Debug, Clone, PartialEq, FastJson, Serialize, Deserialize)]
pub struct ErrorBody {
    /// A stable machine-readable code: `not_found`, `store_full`.
    pub error: String,
    pub message: String,
}
