//! The generated workloads: the ~2 KB order, the two ~200 B micro-payloads, the size ladder and
//! the `shapes` family (one document per document shape the corpora lack) (and, in `reorder`, a corpus
//! document rewritten with its keys in another order).
//! Built from integers only (a float is an integer divided by a power of ten or by 7, one
//! correctly rounded IEEE operation, never a fused multiply-add), encoded by the pinned
//! serde_json, and pinned by digest in `tests/generated.rs`.

mod ladder;
mod order;
pub mod order_lines;
pub mod reorder;
pub mod rng;
pub mod shapes;

use std::sync::OnceLock;

/// The generated documents (computed once, then shared for the process's life).
pub struct Generated {
    pub order: &'static [u8],
    pub micro_login: &'static [u8],
    pub micro_reading: &'static [u8],
    /// `(name, document)` from the smallest rung up: about 0.5 KB, 3 KB, 25 KB and 100 KB.
    pub ladder: Vec<(&'static str, &'static [u8])>,
    /// The `shapes` family (`shapes`): `(name, document)`, one per shape.
    pub shapes: Vec<(&'static str, &'static [u8])>,
}

/// The ladder's rungs: name and minimum size in bytes.
pub const LADDER: [(&str, usize); 4] = [
    ("ladder-0.5k", 512),
    ("ladder-3k", 3 * 1024),
    ("ladder-25k", 25 * 1024),
    ("ladder-100k", 100 * 1024),
];

fn leak(bytes: Vec<u8>) -> &'static [u8] {
    Box::leak(bytes.into_boxed_slice())
}

impl Generated {
    /// The documents.
    pub fn get() -> &'static Generated {
        static CELL: OnceLock<Generated> = OnceLock::new();
        CELL.get_or_init(|| Generated {
            order: leak(order::order()),
            micro_login: leak(order::micro_login()),
            micro_reading: leak(order::micro_reading()),
            ladder: LADDER
                .iter()
                .map(|&(name, min)| (name, leak(ladder::ladder(name, min))))
                .collect(),
            shapes: shapes::all()
                .into_iter()
                .map(|(name, doc)| (name, leak(doc)))
                .collect(),
        })
    }

    /// Every document with its name, for digests.
    pub fn named(&self) -> Vec<(&'static str, &'static [u8])> {
        let mut out = vec![
            ("order", self.order),
            ("micro-login", self.micro_login),
            ("micro-reading", self.micro_reading),
        ];
        out.extend(self.ladder.iter().copied());
        out.extend(self.shapes.iter().copied());
        out
    }
}

/// One generated document by name (`order`, `ladder-3k`, `shapes-enums`, ...), generated alone
/// and not kept by [`Generated::get`]: for a process that needs only it (the first-call child,
/// whose heap should hold nothing else when its first decode starts).
pub fn one(name: &str) -> Option<(&'static str, &'static [u8])> {
    let (name, doc) = match name {
        "order" => ("order", order::order()),
        "micro-login" => ("micro-login", order::micro_login()),
        "micro-reading" => ("micro-reading", order::micro_reading()),
        _ => match LADDER.iter().find(|&&(rung, _)| rung == name) {
            Some(&(rung, min)) => (rung, ladder::ladder(rung, min)),
            None => shapes::one(name)?,
        },
    };
    Some((name, leak(doc)))
}

/// An amount in hundredths as a float (`1999` → `19.99`).
fn hundredths(n: i64) -> f64 {
    n as f64 / 100.0
}

const WORDS: &[&str] = &[
    "alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet",
    "kilo", "lima", "mike", "november", "oscar", "papa", "quebec", "romeo", "sierra", "tango",
];
