//! Unit tests of the streams: the reader form against the slice form at random chunk
//! boundaries, the window's memory bound over a gigabyte, recovery and array edges.

use std::io::Read;

use super::*;
use crate::error::Result;

/// Random numbers for chunk sizes (xorshift64*).
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) % n.max(1)
    }
}

/// A reader that hands out its bytes 1..=`max` at a time, at random.
struct Choppy<'a> {
    data: &'a [u8],
    rng: Rng,
    max: usize,
}

impl Read for Choppy<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = (1 + self.rng.below(self.max as u64) as usize)
            .min(buf.len())
            .min(self.data.len());
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

/// What a stream produced: each item's value or error (class, message, line, column), and the
/// offset after it.
fn outcomes<I: Iterator<Item = Result<serde_json::Value>>>(
    mut it: I,
    offset: impl Fn(&I) -> usize,
) -> Vec<String> {
    let mut out = Vec::new();
    while let Some(item) = it.next() {
        out.push(match item {
            Ok(v) => format!("{v} @{}", offset(&it)),
            Err(e) => format!(
                "{e:?} line {} col {} @{}",
                e.line(),
                e.column(),
                offset(&it)
            ),
        });
    }
    out.push(format!("end @{}", offset(&it)));
    out
}

const INPUTS: &[&str] = &[
    "",
    "  \n ",
    "{\"x\":39} {\"x\":40}{\"x\":41}\n{\"x\":42}",
    "{} true{}1[]\nfalse\"hey\"2 ",
    "truefalse",
    "1true",
    "true wrong false",
    "{\"x\":40}\n{\"x\":",
    "{\"x\":4.",
    "12 345 6789 -0.5e3 null",
    "[1, 2]\n[3, \"\\u00e9\\uD83C\\uDF09\"]\n\"caf\u{e9}\"\n",
    "1[2]3{\"a\":[]}x",
    "[1,2,,3]\n[4]",
    "\"abc",
    "[\"\\uD83C",
];

#[test]
fn the_reader_stream_agrees_with_the_slice_stream_at_any_chunking() {
    let mut rng = Rng::new(5);
    for input in INPUTS {
        let want = outcomes(from_slice_iter(input.as_bytes()), SliceStream::byte_offset);
        for max in [1, 2, 3, 7, 64] {
            for _ in 0..4 {
                let reader = Choppy {
                    data: input.as_bytes(),
                    rng: Rng::new(rng.below(u64::MAX)),
                    max,
                };
                let got = outcomes(from_reader_iter(reader), ReaderStream::byte_offset);
                assert_eq!(got, want, "{input:?}, reads of at most {max}");
            }
        }
    }
}

#[test]
fn recovery_agrees_between_the_slice_and_reader_streams() {
    // Line 2 and 4 are broken (resumed at line 3 and 5); a record spanning lines (5-6) is
    // read whole.
    let input = "{\"a\":1}\n[1,,2]\n\"x\" 7\n{\"a\" 1}\n{\"a\":\n2}\nnul\n3";
    let want = outcomes(
        from_slice_iter(input.as_bytes()).skip_invalid(),
        SliceStream::byte_offset,
    );
    let lines: Vec<&str> = want.iter().map(|o| o.split(" @").next().unwrap()).collect();
    assert_eq!(lines.len(), 9, "{want:?}");
    assert_eq!(lines[0], r#"{"a":1}"#);
    assert!(lines[1].contains("line 2"), "{want:?}");
    assert_eq!(&lines[2..4], [r#""x""#, "7"]);
    assert!(lines[4].contains("line 4"), "{want:?}");
    assert_eq!(lines[5], r#"{"a":2}"#);
    assert!(lines[6].contains("line 7"), "{want:?}");
    assert_eq!(&lines[7..], ["3", "end"]);
    for max in [1, 2, 5, 64] {
        let reader = Choppy {
            data: input.as_bytes(),
            rng: Rng::new(max as u64),
            max,
        };
        let got = outcomes(
            from_reader_iter(reader).skip_invalid(),
            ReaderStream::byte_offset,
        );
        assert_eq!(got, want, "reads of at most {max}");
    }
}

#[test]
fn after_a_data_error_recovery_skips_the_value() {
    let input = "1 300 [2, [3]] {\"a\": 4}\n5";
    let show = |item: Result<u8>| match item {
        Ok(v) => v.to_string(),
        Err(e) => format!("{:?} {}:{}", e.classify(), e.line(), e.column()),
    };
    let want: Vec<String> = from_slice_iter(input.as_bytes())
        .skip_invalid()
        .map(show)
        .collect();
    assert_eq!(want, ["1", "Data 1:3", "Data 1:7", "Data 1:16", "5"]);
    for max in [1, 3, 64] {
        let reader = Choppy {
            data: input.as_bytes(),
            rng: Rng::new(max as u64),
            max,
        };
        let got: Vec<String> = from_reader_iter(reader).skip_invalid().map(show).collect();
        assert_eq!(got, want, "reads of at most {max}");
    }
    // Without recovery the stream ends at the first error, as serde_json's does.
    let plain: Vec<String> = from_slice_iter(input.as_bytes()).map(show).collect();
    assert_eq!(plain, ["1", "Data 1:3"]);
}

/// Records made on the fly: `{"id":N,"name":"...","tags":[...]}\n`, never held whole.
struct Generator {
    produced: u64,
    limit: u64,
    next_id: u64,
    pending: Vec<u8>,
    at: usize,
}

impl Read for Generator {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.at == self.pending.len() {
            if self.produced >= self.limit {
                return Ok(0);
            }
            self.pending.clear();
            while self.pending.len() < 16 * 1024 {
                let id = self.next_id;
                self.next_id += 1;
                self.pending.extend_from_slice(
                    format!(
                        "{{\"id\":{id},\"name\":\"record number {id}\",\"tags\":[\"a\",\"b\\n\",{}]}}\n",
                        id % 977
                    )
                    .as_bytes(),
                );
            }
            self.at = 0;
            self.produced += self.pending.len() as u64;
        }
        let n = buf.len().min(self.pending.len() - self.at);
        buf[..n].copy_from_slice(&self.pending[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

#[derive(Debug)]
struct Record {
    id: u64,
    tags: usize,
}

impl<'de> crate::Decode<'de> for Record {
    fn decode(lex: &mut crate::Lexer<'de>) -> Result<Self> {
        lex.begin_object()?;
        let (mut id, mut tags) = (None, 0);
        let mut first = true;
        while let Some(key) = lex.next_key(&mut first)? {
            match key {
                b"id" => id = Some(lex.u64()?),
                b"tags" => tags = <Vec<serde_json::Value>>::decode(lex)?.len(),
                _ => lex.skip_value()?,
            }
        }
        Ok(Record {
            id: id.ok_or_else(|| lex.err_missing_field("id"))?,
            tags,
        })
    }
}

/// A gigabyte of records through a 1 MiB cap: every record arrives, in order, and the buffer
/// never grows past twice one read's worth (256 KiB).
#[test]
fn a_gigabyte_streams_through_a_bounded_buffer() {
    // Under `cargo xtask valgrind` a share of the gigabyte (memcheck runs ~50x slower), under
    // `cargo xtask aarch64` the 64 MiB its `FASTJSON_STREAM_BYTES` asks for (qemu): the
    // buffer's bound is reached within the first megabytes either way.
    let limit: u64 = std::env::var("FASTJSON_STREAM_BYTES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(crate::test_rng::iterations(1 << 30) as u64);
    let reader = Generator {
        produced: 0,
        limit,
        next_id: 0,
        pending: Vec::new(),
        at: 0,
    };
    let mut stream = from_reader_iter::<_, Record>(reader).max_value_len(1 << 20);
    let mut expected = 0;
    let mut max_capacity = 0;
    while let Some(record) = stream.next() {
        let record = record.unwrap();
        assert_eq!((record.id, record.tags), (expected, 3));
        expected += 1;
        if expected % 4096 == 0 {
            max_capacity = max_capacity.max(stream.buffer_capacity());
        }
    }
    assert!(stream.byte_offset() as u64 >= limit);
    assert!(
        max_capacity <= 2 * window::CHUNK,
        "buffer grew to {max_capacity} bytes"
    );
}

#[test]
fn an_overlong_value_is_an_error_and_in_json_lines_is_skipped() {
    let input = format!("[1]\n[{}1]\n[2]\n", "1,".repeat(10_000));
    let mut stream = from_reader_iter::<_, Vec<u32>>(input.as_bytes()).max_value_len(1000);
    assert_eq!(stream.next().unwrap().unwrap(), [1]);
    let err = stream.next().unwrap().unwrap_err();
    assert_eq!(
        (err.message().as_str(), err.line(), err.column()),
        ("value longer than the limit of 1000 bytes", 2, 1)
    );
    assert!(stream.next().is_none());

    let mut stream = from_reader_iter::<_, Vec<u32>>(input.as_bytes())
        .max_value_len(1000)
        .skip_invalid();
    assert_eq!(stream.next().unwrap().unwrap(), [1]);
    assert!(stream.next().unwrap().is_err());
    assert_eq!(stream.next().unwrap().unwrap(), [2]);
    assert!(stream.next().is_none());
}

#[test]
fn array_streams_agree_between_slice_and_reader() {
    let cases = [
        "[]",
        " [ 1 , 2,3 ] ",
        "[1, 2] x",
        "[1 2]",
        "[1,]",
        "{\"a\": 1}",
        "",
        "[1, 2",
        "[\"a\", \"b\\u00e9\", 300]",
        "[[1], [2, [3]]]\n",
    ];
    for input in cases {
        let show = |item: Result<serde_json::Value>| match item {
            Ok(v) => v.to_string(),
            Err(e) => format!("{e:?} {}:{}", e.line(), e.column()),
        };
        let want: Vec<String> = from_slice_array_iter(input.as_bytes()).map(show).collect();
        for max in [1, 2, 64] {
            let reader = Choppy {
                data: input.as_bytes(),
                rng: Rng::new(max as u64 + 1),
                max,
            };
            let got: Vec<String> = from_reader_array_iter(reader).map(show).collect();
            assert_eq!(got, want, "{input:?}, reads of at most {max}");
        }
    }
}

/// Counts its decodes: how often a stream decoded a value again.
struct Counted(Vec<u32>);

static DECODES: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

impl<'de> crate::Decode<'de> for Counted {
    fn decode(lex: &mut crate::Lexer<'de>) -> Result<Self> {
        DECODES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        <Vec<u32>>::decode(lex).map(Counted)
    }
}

/// A reader of exactly `n` bytes per read, as a pipe gives them.
struct Fixed<'a>(&'a [u8], usize);

impl Read for Fixed<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.1.min(buf.len()).min(self.0.len());
        buf[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

/// A 1 MB value arriving 4 KiB per read (256 reads) is decoded twice (once cut, once whole),
/// not once per read: decoding after every read would cost O(n²).
#[test]
fn a_long_value_in_small_reads_is_decoded_again_only_once_it_is_whole() {
    let value = format!("[{}1]\n[2]", "12345,".repeat(170_000));
    DECODES.store(0, std::sync::atomic::Ordering::Relaxed);
    let got: Vec<usize> = from_reader_iter::<_, Counted>(Fixed(value.as_bytes(), 4096))
        .map(|v| v.unwrap().0.len())
        .collect();
    assert_eq!(got, [170_001, 1]);
    let decodes = DECODES.load(std::sync::atomic::Ordering::Relaxed);
    assert!(decodes <= 4, "{decodes} decodes");
}

/// Hands out its bytes, is interrupted once on the way, then fails.
struct Failing<'a> {
    data: &'a [u8],
    interrupted: bool,
}

impl Read for Failing<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if !self.interrupted {
            self.interrupted = true;
            return Err(std::io::ErrorKind::Interrupted.into());
        }
        if self.data.is_empty() {
            return Err(std::io::Error::other("connection reset"));
        }
        let n = buf.len().min(self.data.len());
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

/// An interrupted read is retried; a failed one is an I/O error that ends the stream, even
/// with recovery on.
#[test]
fn a_read_error_ends_the_stream_as_an_io_error() {
    let reader = Failing {
        data: b"[1] [2",
        interrupted: false,
    };
    let mut stream = from_reader_iter::<_, Vec<u8>>(reader).skip_invalid();
    assert_eq!(stream.next().unwrap().unwrap(), [1]);
    let err = stream.next().unwrap().unwrap_err();
    assert!(err.is_io(), "{err:?}");
    assert!(stream.next().is_none());
}
