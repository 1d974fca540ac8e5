//! The order payload (12 line items, metadata as a free-form map, RFC 3339 timestamps) and the
//! two micro-payloads.

use serde_json::json;

use super::rng::{rfc3339, Rng};
use super::{hundredths, WORDS};
use crate::copies::serde_json_copy::micro::{Login, Reading};
use crate::copies::serde_json_copy::order::{Address, LineItem, Order, OrderStatus};

pub(super) const PRODUCTS: &[&str] = &[
    "Espresso Beans 1kg",
    "Ceramic Mug \"Classic\"",
    "Pour-Over Kettle",
    "Paper Filters ×100",
    "Burr Grinder",
    "Milk Frother",
    "Café Au Lait Bowl",
    "Travel Tumbler",
];

/// The ~2 KB order.
pub fn order() -> Vec<u8> {
    let mut rng = Rng::new(0x0DE7_2024);
    let mut subtotal_cents = 0i64;
    let items: Vec<LineItem> = (0..12u32)
        .map(|i| {
            let cents = 199 + rng.below(20_000) as i64;
            let quantity = 1 + rng.below(5) as u32;
            subtotal_cents += cents * i64::from(quantity);
            LineItem {
                sku: format!(
                    "SKU-{:05}-{}",
                    rng.below(100_000),
                    rng.pick(WORDS).to_uppercase()
                ),
                name: rng.pick(PRODUCTS).to_string(),
                quantity,
                unit_price: hundredths(cents),
                discount: i
                    .is_multiple_of(3)
                    .then(|| hundredths(rng.below(cents as u64 / 4) as i64)),
                tax_rate: (rng.below(3000) as f64) / 10_000.0,
                weight_grams: 50 + rng.below(5000) as u32,
            }
        })
        .collect();
    let tax_cents = subtotal_cents * 825 / 10_000;
    let created = 1_709_648_829_007 + rng.below(86_400_000 * 365);
    let order = Order {
        id: format!("ord_{:016x}", rng.next_u64()),
        customer_id: rng.below(10_000_000_000),
        status: OrderStatus::Paid,
        created_at: rfc3339(created),
        updated_at: Some(rfc3339(created + rng.below(3_600_000))),
        currency: "EUR".to_string(),
        items,
        subtotal: hundredths(subtotal_cents),
        tax: hundredths(tax_cents),
        total: hundredths(subtotal_cents + tax_cents),
        shipping: Address {
            name: "Zoë Müller-Lüdenscheidt".to_string(),
            line1: "Hauptstraße 1".to_string(),
            line2: None,
            city: "Köln".to_string(),
            region: "NRW".to_string(),
            postal_code: "50667".to_string(),
            country: "DE".to_string(),
        },
        gift: false,
        tags: vec![
            "priority".into(),
            "newsletter".into(),
            "returning-customer".into(),
        ],
        metadata: json!({
            "channel": "web",
            "campaign": { "id": "spring-24", "source": "newsletter", "medium": "email" },
            "ab_bucket": 3,
            "experiments": ["checkout-v2", "free-shipping-threshold"],
            "score": 0.75,
            "referrer": null,
            "user_agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36",
        }),
    };
    serde_json::to_vec(&order).expect("order encodes")
}

/// The ~200 B login event.
pub fn micro_login() -> Vec<u8> {
    let mut rng = Rng::new(0x1061_4001);
    let login = Login {
        user_id: rng.below(1 << 40),
        session: format!("{:016x}{:016x}", rng.next_u64(), rng.next_u64()),
        device: "iPhone15,2; iOS 17.4".to_string(),
        ip: format!("203.0.113.{}", rng.below(255)),
        ok: true,
        attempts: 1 + rng.below(3) as u8,
        at: rfc3339(1_709_648_829_007 + rng.below(1_000_000_000)),
        referrer: Some("https://example.com/login?next=%2Fhome".to_string()),
    };
    serde_json::to_vec(&login).expect("login encodes")
}

/// The ~200 B sensor reading (full-precision floats).
pub fn micro_reading() -> Vec<u8> {
    let mut rng = Rng::new(0x5E45_0001);
    let signed = |rng: &mut Rng, range: u64| rng.below(2 * range + 1) as i64 - range as i64;
    let reading = Reading {
        sensor: "greenhouse-7/north/probe-3".to_string(),
        seq: rng.below(1 << 32),
        lat: signed(&mut rng, 90_000_000) as f64 / 1_000_000.0,
        lon: signed(&mut rng, 180_000_000) as f64 / 1_000_000.0,
        temp_c: signed(&mut rng, 4000) as f64 / 7.0,
        humidity: rng.below(1000) as f64 / 7.0,
        tags: vec!["calibrated".into(), "v2".into()],
    };
    serde_json::to_vec(&reading).expect("reading encodes")
}
