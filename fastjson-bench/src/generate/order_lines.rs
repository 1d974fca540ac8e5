//! The stream family's input: distinct order records, one per seed, as JSON Lines (compact) and
//! as pretty-printed concatenated JSON. Records differ in ids, names, the number of line items,
//! optional fields, status and metadata, so no row can be tuned to one repeated document.
//! Integer arithmetic only, as the rest of `generate` (the bytes are the same on every machine).

use serde_json::json;

use super::order::PRODUCTS;
use super::rng::{rfc3339, Rng};
use super::{hundredths, WORDS};
use crate::copies::serde_json_copy::order::{Address, LineItem, Order, OrderStatus};

const CITIES: &[(&str, &str, &str, &str)] = &[
    ("Köln", "NRW", "50667", "DE"),
    ("Lyon", "ARA", "69002", "FR"),
    ("Portland", "OR", "97205", "US"),
    ("Kraków", "MA", "31-042", "PL"),
    ("Ōsaka", "27", "530-0001", "JP"),
];

const NAMES: &[&str] = &[
    "Zoë Müller-Lüdenscheidt",
    "Ana \"Nina\" Souza",
    "李小龙",
    "O'Brien, Pat",
    "Jean-Luc Picard",
];

fn status(n: u64) -> OrderStatus {
    match n % 5 {
        0 => OrderStatus::Pending,
        1 => OrderStatus::Paid,
        2 => OrderStatus::Shipped,
        3 => OrderStatus::Delivered,
        _ => OrderStatus::Cancelled,
    }
}

/// Record `n` of the stream: its own seed, 1 to 24 line items, optional fields present or
/// not, one of five statuses and a metadata map whose keys and nesting vary.
pub fn record(n: u64) -> Order {
    let mut rng = Rng::new(0x57AE_A000 ^ n.wrapping_mul(0x9E37_79B9));
    let mut subtotal_cents = 0i64;
    let count = 1 + rng.below(24);
    let items: Vec<LineItem> = (0..count)
        .map(|_| {
            let cents = 99 + rng.below(50_000) as i64;
            let quantity = 1 + rng.below(9) as u32;
            subtotal_cents += cents * i64::from(quantity);
            LineItem {
                sku: format!("SKU-{:05}-{}", rng.below(100_000), rng.pick(WORDS)),
                name: rng.pick(PRODUCTS).to_string(),
                quantity,
                unit_price: hundredths(cents),
                discount: (rng.below(3) == 0).then(|| hundredths(rng.below(cents as u64) as i64)),
                tax_rate: (rng.below(3000) as f64) / 10_000.0,
                weight_grams: rng.below(20_000) as u32,
            }
        })
        .collect();
    let tax_cents = subtotal_cents * (500 + rng.below(1500) as i64) / 10_000;
    let created = 1_600_000_000_000 + rng.below(86_400_000 * 1500);
    let (city, region, postal_code, country) = CITIES[rng.below(CITIES.len() as u64) as usize];
    let mut metadata = json!({ "channel": rng.pick(&["web", "ios", "android", "pos"]) });
    if rng.below(2) == 0 {
        metadata["campaign"] = json!({
            "id": format!("{}-{}", rng.pick(WORDS), rng.below(100)),
            "source": rng.pick(WORDS),
        });
    }
    if rng.below(3) == 0 {
        metadata["experiments"] = json!([rng.pick(WORDS), rng.pick(WORDS)]);
    }
    if rng.below(4) == 0 {
        // Hundredths: serde_json's default float parsing reads them exactly, so its rows are
        // gated on equal records like the others (17-digit floats are canada's workload).
        metadata["score"] = json!(hundredths(rng.below(100_000) as i64));
    }
    metadata["ab_bucket"] = json!(rng.below(16));
    let tags: Vec<String> = (0..rng.below(5)).map(|_| rng.pick(WORDS).into()).collect();
    Order {
        id: format!("ord_{:016x}", rng.next_u64()),
        customer_id: rng.below(10_000_000_000),
        status: status(rng.below(5)),
        created_at: rfc3339(created),
        updated_at: (rng.below(2) == 0).then(|| rfc3339(created + rng.below(3_600_000))),
        currency: rng.pick(&["EUR", "USD", "PLN", "JPY"]).to_string(),
        items,
        subtotal: hundredths(subtotal_cents),
        tax: hundredths(tax_cents),
        total: hundredths(subtotal_cents + tax_cents),
        shipping: Address {
            name: rng.pick(NAMES).to_string(),
            line1: format!("{} {}", rng.pick(WORDS), 1 + rng.below(300)),
            line2: (rng.below(4) == 0).then(|| format!("Apt {}", 1 + rng.below(90))),
            city: city.into(),
            region: region.into(),
            postal_code: postal_code.into(),
            country: country.into(),
        },
        gift: rng.below(10) == 0,
        tags,
        metadata,
    }
}

/// Records `0..` as JSON Lines (serde_json's compact form, `\n` after each) until the text is
/// at least `min_bytes` long; returns the text and the record count.
pub fn json_lines(min_bytes: usize) -> (Vec<u8>, usize) {
    concatenated(min_bytes, |out, order| {
        serde_json::to_writer(&mut *out, order).expect("order encodes");
        out.push(b'\n');
    })
}

/// Records `0..` pretty-printed (two-space indent) one after another, separated by a newline:
/// concatenated JSON as a log or a `jq` pipe writes it.
pub fn pretty_concatenated(min_bytes: usize) -> (Vec<u8>, usize) {
    concatenated(min_bytes, |out, order| {
        serde_json::to_writer_pretty(&mut *out, order).expect("order encodes");
        out.push(b'\n');
    })
}

fn concatenated(min_bytes: usize, mut write: impl FnMut(&mut Vec<u8>, &Order)) -> (Vec<u8>, usize) {
    let mut out = Vec::with_capacity(min_bytes + 8192);
    let mut n = 0;
    while out.len() < min_bytes {
        write(&mut out, &record(n as u64));
        n += 1;
    }
    (out, n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_differ_and_lines_are_one_record_each() {
        let (text, n) = json_lines(64 * 1024);
        let lines: Vec<&[u8]> = text
            .split(|&b| b == b'\n')
            .filter(|l| !l.is_empty())
            .collect();
        assert_eq!(lines.len(), n);
        let distinct: std::collections::BTreeSet<&[u8]> = lines.iter().copied().collect();
        assert_eq!(distinct.len(), n, "every record is distinct");
        let sizes: std::collections::BTreeSet<usize> = lines.iter().map(|l| l.len()).collect();
        assert!(
            sizes.len() > n / 2,
            "record sizes vary: {} of {n}",
            sizes.len()
        );
        let items: std::collections::BTreeSet<usize> =
            (0..n as u64).map(|i| record(i).items.len()).collect();
        assert!(items.len() > 10, "{items:?}");
        assert_eq!(json_lines(64 * 1024).0, text, "deterministic");
        let (pretty, m) = pretty_concatenated(64 * 1024);
        assert!(m > 0 && pretty.windows(3).any(|w| w == b"\n  "));
    }
}
