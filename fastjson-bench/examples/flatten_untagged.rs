//! A flattened `Option` of a 20-variant untagged enum (struct variants with two required keys
//! and a defaulted one), decoded by fastjson and by serde_json in one process, alternating, 15
//! rounds of 20,000 decodes each side; prints the median time ratio per document: the 1st,
//! 4th or 20th variant matching, or none. The values are checked equal first. One type derives
//! both libraries' traits: each library runs only its own impl of it.
//!
//! `cargo run --release -p fastjson-bench --example flatten_untagged`
use fastjson::FastJson;
use serde::Deserialize;
use std::time::Instant;

#[derive(FastJson, Deserialize, Debug, PartialEq)]
#[serde(untagged)]
pub enum Payload {
    V0 {
        a0: u32,
        b0: String,
        #[serde(default)]
        c0: Option<u8>,
    },
    V1 {
        a1: u32,
        b1: String,
        #[serde(default)]
        c1: Option<u8>,
    },
    V2 {
        a2: u32,
        b2: String,
        #[serde(default)]
        c2: Option<u8>,
    },
    V3 {
        a3: u32,
        b3: String,
        #[serde(default)]
        c3: Option<u8>,
    },
    V4 {
        a4: u32,
        b4: String,
        #[serde(default)]
        c4: Option<u8>,
    },
    V5 {
        a5: u32,
        b5: String,
        #[serde(default)]
        c5: Option<u8>,
    },
    V6 {
        a6: u32,
        b6: String,
        #[serde(default)]
        c6: Option<u8>,
    },
    V7 {
        a7: u32,
        b7: String,
        #[serde(default)]
        c7: Option<u8>,
    },
    V8 {
        a8: u32,
        b8: String,
        #[serde(default)]
        c8: Option<u8>,
    },
    V9 {
        a9: u32,
        b9: String,
        #[serde(default)]
        c9: Option<u8>,
    },
    V10 {
        a10: u32,
        b10: String,
        #[serde(default)]
        c10: Option<u8>,
    },
    V11 {
        a11: u32,
        b11: String,
        #[serde(default)]
        c11: Option<u8>,
    },
    V12 {
        a12: u32,
        b12: String,
        #[serde(default)]
        c12: Option<u8>,
    },
    V13 {
        a13: u32,
        b13: String,
        #[serde(default)]
        c13: Option<u8>,
    },
    V14 {
        a14: u32,
        b14: String,
        #[serde(default)]
        c14: Option<u8>,
    },
    V15 {
        a15: u32,
        b15: String,
        #[serde(default)]
        c15: Option<u8>,
    },
    V16 {
        a16: u32,
        b16: String,
        #[serde(default)]
        c16: Option<u8>,
    },
    V17 {
        a17: u32,
        b17: String,
        #[serde(default)]
        c17: Option<u8>,
    },
    V18 {
        a18: u32,
        b18: String,
        #[serde(default)]
        c18: Option<u8>,
    },
    V19 {
        a19: u32,
        b19: String,
        #[serde(default)]
        c19: Option<u8>,
    },
}

#[derive(FastJson, Deserialize, Debug, PartialEq)]
pub struct Event {
    id: u64,
    name: String,
    ts: u64,
    #[serde(flatten)]
    payload: Option<Payload>,
}

fn doc(k: Option<usize>) -> String {
    let payload = match k {
        Some(k) => format!(r#""a{k}":42,"b{k}":"some text here","c{k}":7"#),
        None => r#""zz":1,"b3":"x""#.to_owned(),
    };
    format!(
        r#"{{"id":123456,"name":"an event name","ts":1700000000,{payload},"tags":["x","y","z"],"meta":{{"k":"v","n":[1,2,3]}}}}"#
    )
}

fn main() {
    let rounds = 15;
    let n = 20_000;
    for (label, k) in [
        ("1st matches", Some(0)),
        ("4th matches", Some(3)),
        ("last matches", Some(19)),
        ("none matches", None),
    ] {
        let json = doc(k);
        let a: Event = fastjson::from_str(&json).unwrap();
        let b: Event = serde_json::from_str(&json).unwrap();
        assert_eq!(a, b);
        let mut ratios = Vec::new();
        for _ in 0..rounds {
            let t = Instant::now();
            for _ in 0..n {
                std::hint::black_box(
                    fastjson::from_str::<Event>(std::hint::black_box(&json)).unwrap(),
                );
            }
            let f = t.elapsed().as_secs_f64();
            let t = Instant::now();
            for _ in 0..n {
                std::hint::black_box(
                    serde_json::from_str::<Event>(std::hint::black_box(&json)).unwrap(),
                );
            }
            let s = t.elapsed().as_secs_f64();
            ratios.push((f / s, f, s));
        }
        ratios.sort_by(|x, y| x.0.partial_cmp(&y.0).unwrap());
        let (r, f, s) = ratios[rounds / 2];
        println!("{label}: fastjson/serde_json time ratio median {r:.3} (speed {:.2}x) [min {:.3} max {:.3}] fastjson {:.0} ns/doc serde_json {:.0} ns/doc",
            1.0 / r, ratios[0].0, ratios[rounds - 1].0, f / n as f64 * 1e9, s / n as f64 * 1e9);
    }
}
