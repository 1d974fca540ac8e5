//! Canonical model of the ~2 KB order payload: 12 line items, a free-form metadata map held as a
//! `serde_json::Value`, and an RFC 3339 timestamp kept as a string (what a typical API carries).

/// Emits the order types into the calling module through `stamp!` for one side.
#[macro_export]
macro_rules! order_model {
    ($side:ident, $lib:path) => {
        $crate::stamp! { $side, $lib;
            pub struct Order {
                pub id: String,
                pub customer_id: u64,
                pub status: OrderStatus,
                pub created_at: String,
                #[serde(default, skip_serializing_if = "Option::is_none")]
                pub updated_at: Option<String>,
                pub currency: String,
                pub items: Vec<LineItem>,
                pub subtotal: f64,
                pub tax: f64,
                pub total: f64,
                pub shipping: Address,
                #[serde(default)]
                pub gift: bool,
                pub tags: Vec<String>,
                pub metadata: ::serde_json::Value,
            }

            #[serde(rename_all = "snake_case")]
            pub enum OrderStatus {
                Pending,
                Paid,
                Shipped,
                Delivered,
                Cancelled,
            }

            pub struct LineItem {
                pub sku: String,
                pub name: String,
                pub quantity: u32,
                pub unit_price: f64,
                #[serde(default, skip_serializing_if = "Option::is_none")]
                pub discount: Option<f64>,
                pub tax_rate: f64,
                pub weight_grams: u32,
            }

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
        }
    };
}
