//! What a whole-document structural index would cost before it saves anything: a lower bound
//! measured against fastjson's own decode of the same document. It took 12% of citm_catalog's
//! decode and 7% of twitter's (with AVX2), against 16% and 9% those decodes spend on
//! whitespace, so such an index was not built.
//!
//! The pass timed here is the cheapest part of such a front end: one bitmap of the non-whitespace
//! bytes per 64 input bytes (SSE2, and AVX2 when the CPU has it), then the positions where a run
//! of non-whitespace starts, flattened into a `Vec<u32>`. A usable index must also know where
//! strings are (whitespace inside a string is not a separator), so a real one costs more; if
//! even this part is not well below the time the token lexer spends on whitespace today, the
//! index cannot pay.
//!
//! `cargo run --release -p fastjson-bench --example structural_index_cost [iterations]`

use std::hint::black_box;

use fastjson_bench::copies::fastjson_copy::{citm, twitter};
use fastjson_bench::timing::median_us_per_call as median_us;

/// Bit `i` of word `k` set when byte `64 k + i` is not JSON whitespace (whole blocks only: the
/// tail is left out, which only makes the bound lower). Byte by byte: the reference the vector
/// kernels are checked against, not timed.
fn portable_bitmap(bytes: &[u8], out: &mut Vec<u64>) {
    out.clear();
    out.extend(bytes.chunks_exact(64).map(|block| {
        block.iter().enumerate().fold(0u64, |bits, (i, b)| {
            bits | (u64::from(!matches!(b, b' ' | b'\n' | b'\r' | b'\t')) << i)
        })
    }));
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use std::arch::x86_64::*;

    /// [`super::portable_bitmap`] with four SSE2 compares per 16 bytes.
    pub fn sse2_bitmap(bytes: &[u8], out: &mut Vec<u64>) {
        out.clear();
        for block in bytes.chunks_exact(64) {
            let mut whitespace = 0u64;
            for (k, lane) in block.chunks_exact(16).enumerate() {
                // SAFETY: `lane` is 16 readable bytes (chunks_exact); SSE2 is in the x86_64
                // baseline; the load is unaligned.
                let mask = unsafe {
                    let v = _mm_loadu_si128(lane.as_ptr().cast());
                    let eq = |c: u8| _mm_cmpeq_epi8(v, _mm_set1_epi8(c as i8));
                    let ws = _mm_or_si128(
                        _mm_or_si128(eq(b' '), eq(b'\n')),
                        _mm_or_si128(eq(b'\r'), eq(b'\t')),
                    );
                    _mm_movemask_epi8(ws) as u32 as u64
                };
                whitespace |= mask << (16 * k);
            }
            out.push(!whitespace);
        }
    }

    /// [`super::portable_bitmap`] with one `vpshufb` lookup per 32 bytes; `None` without AVX2.
    pub fn avx2_bitmap(bytes: &[u8], out: &mut Vec<u64>) -> Option<()> {
        if !is_x86_feature_detected!("avx2") {
            return None;
        }
        // SAFETY: the CPU has AVX2 (checked above).
        unsafe { avx2_bitmap_unchecked(bytes, out) };
        Some(())
    }

    #[target_feature(enable = "avx2")]
    fn avx2_bitmap_unchecked(bytes: &[u8], out: &mut Vec<u64>) {
        // The four whitespace bytes have distinct low nibbles: a byte is whitespace exactly when
        // the entry at its low nibble equals it (the runtime's AVX2 whitespace kernel's table).
        let table = _mm256_setr_epi8(
            0x20, 0, 0, 0, 0, 0, 0, 0, 0, 0x09, 0x0A, 0, 0, 0x0D, 0, 0, //
            0x20, 0, 0, 0, 0, 0, 0, 0, 0, 0x09, 0x0A, 0, 0, 0x0D, 0, 0,
        );
        out.clear();
        for block in bytes.chunks_exact(64) {
            // SAFETY: `block` is 64 readable bytes, two unaligned 32-byte loads.
            let (low, high) = unsafe {
                (
                    _mm256_loadu_si256(block.as_ptr().cast()),
                    _mm256_loadu_si256(block.as_ptr().add(32).cast()),
                )
            };
            let ws = |v| {
                _mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_shuffle_epi8(table, v), v)) as u32
                    as u64
            };
            out.push(!(ws(low) | (ws(high) << 32)));
        }
    }
}

/// The offsets where a run of non-whitespace bytes starts: the index a token walker would read.
fn flatten(bits: &[u64], out: &mut Vec<u32>) {
    out.clear();
    let mut whitespace_before = 1u64;
    for (k, &word) in bits.iter().enumerate() {
        let whitespace = !word;
        let mut starts = word & ((whitespace << 1) | whitespace_before);
        whitespace_before = whitespace >> 63;
        while starts != 0 {
            out.push((k * 64) as u32 + starts.trailing_zeros());
            starts &= starts - 1;
        }
    }
}

fn main() {
    let iterations: u32 = std::env::args()
        .nth(1)
        .map_or(300, |n| n.parse().expect("iterations"));
    let corpus = fastjson_bench::corpus::load(None);
    for name in ["citm_catalog", "twitter"] {
        let doc = corpus
            .get(name)
            .unwrap_or_else(|| panic!("corpus document `{name}` not found (set FASTJSON_CORPUS)"));
        let decode_us = match name {
            "citm_catalog" => median_us(7, iterations, || {
                let v: citm::CitmCatalog = fastjson::from_slice(black_box(doc)).expect("decodes");
                black_box(v);
            }),
            _ => median_us(7, iterations, || {
                let v: twitter::Twitter = fastjson::from_slice(black_box(doc)).expect("decodes");
                black_box(v);
            }),
        };
        let mut starts = Vec::with_capacity(doc.len() / 4);
        let mut expected = Vec::new();
        portable_bitmap(doc, &mut expected);
        let mut rows: Vec<(&str, f64)> = Vec::new();
        #[cfg(target_arch = "x86_64")]
        {
            let mut bits = Vec::with_capacity(doc.len() / 64 + 1);
            x86::sse2_bitmap(doc, &mut bits);
            assert_eq!(bits, expected, "SSE2 bitmap differs from the portable one");
            rows.push((
                "bitmap, SSE2",
                median_us(7, iterations, || {
                    x86::sse2_bitmap(black_box(doc), &mut bits)
                }),
            ));
            if x86::avx2_bitmap(doc, &mut bits).is_some() {
                assert_eq!(bits, expected, "AVX2 bitmap differs from the portable one");
                rows.push((
                    "bitmap, AVX2",
                    median_us(7, iterations, || {
                        x86::avx2_bitmap(black_box(doc), &mut bits);
                    }),
                ));
            }
        }
        flatten(&expected, &mut starts);
        let count = starts.len();
        rows.push((
            "flatten to offsets",
            median_us(7, iterations, || flatten(black_box(&expected), &mut starts)),
        ));
        println!("{name}: {} bytes, {count} non-whitespace runs; fastjson decode {decode_us:.1} us (median of 7)", doc.len());
        for (what, us) in rows {
            println!(
                "  {what:20} {us:8.1} us  {:5.1}% of the decode",
                100.0 * us / decode_us
            );
        }
    }
}
