//! The size ladder: one record list, cut at the first length reaching each rung's size, so the
//! rungs share a shape and differ only in size (reported as ns per byte).

use super::rng::Rng;
use super::WORDS;
use crate::copies::serde_json_copy::ladder::{Entry, Ladder};

fn entry(rng: &mut Rng, id: u64) -> Entry {
    let mut label = format!("{} {} #{id}", rng.pick(WORDS), rng.pick(WORDS));
    if id.is_multiple_of(5) {
        label.push_str(" \"quoted\"\n\ttabbed");
    }
    if id.is_multiple_of(7) {
        label.push_str(" café ☕ 日本");
    }
    let score = if id.is_multiple_of(2) {
        rng.below(2_000_000_000) as f64 / 7.0
    } else {
        rng.below(100_000) as f64 / 1000.0
    };
    Entry {
        id,
        key: format!("k{:08x}", rng.next_u64() as u32),
        label,
        score,
        delta: (rng.next_u64() as i64) >> 20,
        active: rng.below(2) == 1,
        tags: (0..rng.below(4))
            .map(|_| rng.pick(WORDS).to_string())
            .collect(),
        parent: (!id.is_multiple_of(2)).then(|| id - 1),
    }
}

/// The rung `name`: the shortest prefix of the record list whose encoding is at least `min`
/// bytes.
pub fn ladder(name: &str, min: usize) -> Vec<u8> {
    let mut rng = Rng::new(0x1ADD_E500);
    let mut doc = Ladder {
        name: name.to_string(),
        entries: Vec::new(),
    };
    loop {
        let bytes = serde_json::to_vec(&doc).expect("ladder encodes");
        if bytes.len() >= min {
            return bytes;
        }
        let id = doc.entries.len() as u64;
        doc.entries.push(entry(&mut rng, id));
    }
}
