//! The stream family: distinct order records (`generate::order_lines`) read one by one out of
//! JSON Lines and out of pretty-printed concatenated JSON, by fastjson's slice and reader
//! streams, serde_json's `StreamDeserializer` over a slice and over a `BufReader`, and
//! sonic-rs's `into_stream`, each on its own stamped copy of the order types. Gated first:
//! every row must yield the generated records, in order, equal through `Debug`.

use std::fmt::Debug;
use std::hint::black_box;
use std::io::Read;
use std::time::Instant;

use crate::copies::{fastjson_copy, serde_json_copy, sonic_rs_copy};
use crate::gate::Verdict;
use crate::generate::order_lines;
use crate::report::family::{self, FamilySection, Pending};
use crate::workloads::Role;

/// How much to run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Plan {
    /// Minimum size of the JSON Lines input.
    pub lines_bytes: usize,
    /// Minimum size of the pretty-printed input.
    pub pretty_bytes: usize,
    /// Interleaved rounds; each sample is one pass over the whole input.
    pub rounds: usize,
}

impl Plan {
    /// A few megabytes, one round: the harness runs, the figures mean nothing.
    pub fn smoke() -> Plan {
        Plan {
            lines_bytes: 2 << 20,
            pretty_bytes: 1 << 20,
            rounds: 1,
        }
    }

    /// The default run's form: 16 MB of lines, 4 MB pretty, 7 rounds.
    pub fn short() -> Plan {
        Plan {
            lines_bytes: 16 << 20,
            pretty_bytes: 4 << 20,
            rounds: 7,
        }
    }

    /// `--full`: 100 MB of lines, 16 MB pretty, 11 rounds.
    pub fn full() -> Plan {
        Plan {
            lines_bytes: 100 << 20,
            pretty_bytes: 16 << 20,
            rounds: 11,
        }
    }
}

/// The largest read the in-memory reader answers: what a socket or a pipe typically hands over.
pub const READ_BYTES: usize = 64 * 1024;

/// An `io::Read` over a slice that returns at most [`READ_BYTES`] per call.
pub struct ChunkedReader<'a> {
    rest: &'a [u8],
}

impl<'a> ChunkedReader<'a> {
    pub fn new(input: &'a [u8]) -> Self {
        ChunkedReader { rest: input }
    }
}

impl Read for ChunkedReader<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = buf.len().min(self.rest.len()).min(READ_BYTES);
        buf[..n].copy_from_slice(&self.rest[..n]);
        self.rest = &self.rest[n..];
        Ok(n)
    }
}

/// One row: reads every record of the input, handing each to `each`; returns the count.
type Read1 = fn(&[u8], &mut dyn FnMut(&dyn Debug)) -> Result<usize, String>;

/// Row labels.
pub mod label {
    pub const FASTJSON_SLICE: &str = "fastjson slice stream";
    pub const FASTJSON_SLICE_TWIN: &str = "fastjson slice stream (twin)";
    pub const FASTJSON_READER: &str = "fastjson reader stream (64 KiB reads)";
    pub const SERDE_JSON_SLICE: &str = "serde_json StreamDeserializer (slice)";
    pub const SERDE_JSON_READER: &str = "serde_json from_reader + BufReader (64 KiB reads)";
    pub const SONIC_RS: &str = "sonic-rs into_stream (slice)";
}

/// The rows: label, role, whether a peer (not fastjson), and the reading function.
fn rows() -> [(&'static str, Role, bool, Read1); 6] {
    [
        (
            label::FASTJSON_SLICE,
            Role::Contender,
            false,
            fastjson_slice,
        ),
        (
            label::FASTJSON_SLICE_TWIN,
            Role::NoiseTwin,
            false,
            fastjson_slice,
        ),
        (
            label::FASTJSON_READER,
            Role::Contender,
            false,
            fastjson_reader,
        ),
        (
            label::SERDE_JSON_SLICE,
            Role::Baseline,
            true,
            serde_json_slice,
        ),
        (
            label::SERDE_JSON_READER,
            Role::Contender,
            true,
            serde_json_reader,
        ),
        (label::SONIC_RS, Role::Contender, true, sonic_rs_slice),
    ]
}

fn drain<T: Debug, E: std::fmt::Display>(
    records: impl Iterator<Item = Result<T, E>>,
    each: &mut dyn FnMut(&dyn Debug),
) -> Result<usize, String> {
    let mut n = 0;
    for r in records {
        each(&r.map_err(|e| format!("record {n}: {e}"))?);
        n += 1;
    }
    Ok(n)
}

fn fastjson_slice(input: &[u8], each: &mut dyn FnMut(&dyn Debug)) -> Result<usize, String> {
    drain(
        fastjson::from_slice_iter::<fastjson_copy::order::Order>(input),
        each,
    )
}

/// No `BufReader`: fastjson's reader stream reads in blocks of its own.
fn fastjson_reader(input: &[u8], each: &mut dyn FnMut(&dyn Debug)) -> Result<usize, String> {
    let reader = ChunkedReader::new(input);
    drain(
        fastjson::from_reader_iter::<_, fastjson_copy::order::Order>(reader),
        each,
    )
}

fn serde_json_slice(input: &[u8], each: &mut dyn FnMut(&dyn Debug)) -> Result<usize, String> {
    let stream =
        serde_json::Deserializer::from_slice(input).into_iter::<serde_json_copy::order::Order>();
    drain(stream, each)
}

/// serde_json's `IoRead` asks for one byte at a time: users wrap the reader in a `BufReader`.
fn serde_json_reader(input: &[u8], each: &mut dyn FnMut(&dyn Debug)) -> Result<usize, String> {
    let reader = std::io::BufReader::new(ChunkedReader::new(input));
    let stream =
        serde_json::Deserializer::from_reader(reader).into_iter::<serde_json_copy::order::Order>();
    drain(stream, each)
}

/// sonic-rs 0.5's stream yields an error after the last value where serde_json's ends, so it
/// is read up to its first error; the gate compares its records and their count with the
/// generated ones, so an error before the end fails it.
fn sonic_rs_slice(input: &[u8], each: &mut dyn FnMut(&dyn Debug)) -> Result<usize, String> {
    let stream = sonic_rs::Deserializer::from_slice(input)
        .into_stream::<sonic_rs_copy::order::Order>()
        .map_while(Result::ok)
        .map(Ok::<_, String>);
    drain(stream, each)
}

/// SHA-1 of the records' `Debug` text, each followed by a newline.
struct Digest(sha1_smol::Sha1);

impl std::fmt::Write for Digest {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.0.update(s.as_bytes());
        Ok(())
    }
}

fn digest_of(
    read: impl FnOnce(&mut dyn FnMut(&dyn Debug)) -> Result<usize, String>,
) -> Result<(usize, String), String> {
    use std::fmt::Write;
    let mut d = Digest(sha1_smol::Sha1::new());
    let n = read(&mut |r| {
        let _ = writeln!(d, "{r:?}");
    })?;
    Ok((n, d.0.digest().to_string()))
}

/// The gate: `read`'s records equal the generated ones (count and digest of their `Debug`).
fn check(read: Read1, input: &[u8], want: &(usize, String)) -> Verdict {
    match digest_of(|each| read(input, each)) {
        Ok(got) if got == *want => Verdict::Pass(None),
        Ok((n, _)) if n != want.0 => Verdict::Failed(format!("{n} records, expected {}", want.0)),
        Ok(_) => Verdict::Failed("records differ from the generated ones".into()),
        Err(e) => Verdict::Failed(e),
    }
}

/// Runs the family: gates every selected row of both inputs (ids `stream/lines/LABEL`,
/// `stream/pretty/LABEL`; a group with any selected row keeps them all, for the ratios), then
/// times each group in interleaved rounds.
pub fn run(plan: &Plan, selects: &dyn Fn(&str) -> bool, say: &dyn Fn(&str)) -> FamilySection {
    let start = Instant::now();
    let mut cells = Vec::new();
    let mut notes = Vec::new();
    type Make = fn(usize) -> (Vec<u8>, usize);
    let inputs: [(&str, usize, Make); 2] = [
        ("lines", plan.lines_bytes, order_lines::json_lines),
        (
            "pretty",
            plan.pretty_bytes,
            order_lines::pretty_concatenated,
        ),
    ];
    for (group, size, make) in inputs {
        if !rows()
            .iter()
            .any(|(l, ..)| selects(&format!("stream/{group}/{l}")))
        {
            continue;
        }
        say(&format!("stream/{group}: generating and gating"));
        let (input, records) = make(size);
        // Shared by the rows' operations, not copied: `--full` reads 100 MB.
        let input: std::sync::Arc<[u8]> = input.into();
        let want = digest_of(|each| {
            for n in 0..records {
                each(&order_lines::record(n as u64));
            }
            Ok(records)
        })
        .expect("the reference cannot fail");
        let pending: Vec<Pending> = rows()
            .into_iter()
            .map(|(label, role, peer, read)| {
                let mut cell = family::cell(group, label, role, peer, input.len(), records);
                cell.verdict = check(read, &input, &want);
                let op = cell.verdict.passed().then(|| {
                    let input = std::sync::Arc::clone(&input);
                    let op: crate::subjects::Op = Box::new(move || {
                        read(black_box(&input), &mut |r| {
                            black_box(r);
                        })
                        .unwrap_or(0)
                    });
                    op
                });
                Pending { cell, op }
            })
            .collect();
        notes.push(format!(
            "{group}: {} records, {:.1} MB, git blob SHA-1 {}",
            records,
            input.len() as f64 / 1e6,
            crate::corpus::git_blob_sha1(&input)
        ));
        cells.extend(family::time_group(pending, plan.rounds, None, say));
    }
    FamilySection {
        family: "stream".into(),
        rounds: plan.rounds,
        sample_ms: 0.0,
        about: "Distinct order records (1–24 line items, optional fields, five statuses, varying metadata; `generate/order_lines.rs`), read one by one: `lines` is JSON Lines (compact, one record a line), `pretty` the same records pretty-printed and concatenated. Reader rows read from an in-memory reader that answers at most 64 KiB per `read`; serde_json's reader row wraps it in a `BufReader` (8 KiB, as users do: its `IoRead` reads byte by byte), fastjson's reads blocks of its own. Every row must yield the generated records, in order, equal through `Debug`, before it is timed. One sample is one pass over the whole input; allocations are per record. The rows run in this process, after the decode/encode groups.".into(),
        cells,
        notes,
        elapsed_s: start.elapsed().as_secs_f64(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The gate fails a row that loses a record, and one that changes one.
    #[test]
    fn the_gate_fails_a_row_that_loses_or_changes_a_record() {
        let (input, records) = order_lines::json_lines(32 * 1024);
        let want = digest_of(|each| {
            for n in 0..records {
                each(&order_lines::record(n as u64));
            }
            Ok(records)
        })
        .unwrap();
        assert!(check(fastjson_slice, &input, &want).passed());
        assert!(check(serde_json_reader, &input, &want).passed());
        let cut = input.len() - 2;
        let short = &input[..input[..cut].iter().rposition(|&b| b == b'\n').unwrap() + 1];
        assert!(!check(sonic_rs_slice, short, &want).passed());
        let changed: Vec<u8> = String::from_utf8(input.clone())
            .unwrap()
            .replacen("SKU-", "SKV-", 1)
            .into_bytes();
        assert!(!check(fastjson_reader, &changed, &want).passed());
    }

    #[test]
    fn the_reader_answers_at_most_64_kib() {
        let data = vec![b' '; 200_000];
        let mut r = ChunkedReader::new(&data);
        let mut buf = vec![0; 1 << 20];
        assert_eq!(r.read(&mut buf).unwrap(), READ_BYTES);
        let mut rest = Vec::new();
        r.read_to_end(&mut rest).unwrap();
        assert_eq!(rest.len(), 200_000 - READ_BYTES);
    }
}
