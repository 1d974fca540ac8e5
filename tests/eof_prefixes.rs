//! Every prefix of a valid document is an end-of-input error: wherever serde_json says "EOF"
//! for a truncated document, fastjson must too, so that a stream reader can tell "read more"
//! from "this is broken". Checked on the JSONTestSuite `y_` files (every prefix) and on the
//! corpus (every prefix of the first 4 KB and `RANDOM_CUTS` random cut points of each document),
//! decoding as `serde_json::Value` and with the validating skipper. The typed models of the
//! corpus are checked the same way in `fastjson-bench/tests/eof_prefixes.rs`.

mod shared_data;

use serde_json::Value;

/// Random cut points past the first 4 KB of a large document. serde_json runs unoptimised in
/// this test profile, and each cut parses up to 600 KB with both parsers: 2,000 cuts of the
/// three corpus documents took over five minutes; 100 take ~15 s (the exhaustive first 4 KB is
/// where every syntactic state is cut; the random cuts check the same rule deep in a document).
const RANDOM_CUTS: usize = 100;

/// A small deterministic generator (xorshift64*), so a failure names a reproducible cut.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) % n as u64) as usize
    }
}

/// The cut points to try: every one up to 4 KB, then `RANDOM_CUTS` random ones.
fn cut_points(len: usize, seed: u64) -> Vec<usize> {
    let mut cuts: Vec<usize> = (0..len.min(4096)).collect();
    if len > 4096 {
        let mut rng = Rng(seed | 1);
        cuts.extend((0..RANDOM_CUTS).map(|_| 4096 + rng.below(len - 4096)));
    }
    cuts
}

/// Checks one prefix: serde_json's EOF verdict must be fastjson's, for `Value` and the skipper.
fn check_prefix(name: &str, prefix: &[u8]) -> Result<(), String> {
    let theirs = serde_json::from_slice::<Value>(prefix);
    let Err(theirs) = theirs else {
        // A prefix serde_json accepts (`12` of `123`) must be accepted by us too.
        return match fastjson::from_slice::<Value>(prefix) {
            Ok(_) => Ok(()),
            Err(ours) => Err(format!(
                "{name}[..{}]: serde_json accepts, we say {ours}",
                prefix.len()
            )),
        };
    };
    if !theirs.is_eof() {
        return Ok(());
    }
    let ours = fastjson::from_slice::<Value>(prefix).err();
    if !ours.as_ref().is_some_and(fastjson::Error::is_eof) {
        return Err(format!(
            "{name}[..{}] as Value: serde_json says EOF, we say {ours:?}",
            prefix.len()
        ));
    }
    let mut lex = fastjson::Lexer::new(prefix);
    let skipped = lex.skip_value().and_then(|()| lex.end()).err();
    if !skipped.as_ref().is_some_and(fastjson::Error::is_eof) {
        return Err(format!(
            "{name}[..{}] skipped: serde_json says EOF, we say {skipped:?}",
            prefix.len()
        ));
    }
    Ok(())
}

fn check_document(name: &str, doc: &[u8], seed: u64) -> Vec<String> {
    cut_points(doc.len(), seed)
        .into_iter()
        .filter_map(|cut| check_prefix(name, &doc[..cut]).err())
        .collect()
}

#[test]
fn every_prefix_of_a_jsontestsuite_y_file_is_eof_where_serde_json_says_so() {
    let Some(shared) = shared_data::shared_dir("JSONTestSuite/test_parsing") else {
        return;
    };
    let mut failures = Vec::new();
    let mut checked = 0;
    for entry in std::fs::read_dir(shared.join("JSONTestSuite/test_parsing")).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if !name.starts_with("y_") {
            continue;
        }
        let doc = std::fs::read(&path).unwrap();
        failures.extend(check_document(&name, &doc, 1));
        checked += 1;
    }
    assert!(checked >= 90, "only {checked} y_ files found");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn prefixes_of_the_corpus_are_eof_where_serde_json_says_so() {
    let Some(shared) = shared_data::shared_dir("corpus/twitter.json") else {
        return;
    };
    let mut failures = Vec::new();
    for (i, name) in ["twitter.json", "citm_catalog.json", "canada.json"]
        .into_iter()
        .enumerate()
    {
        let doc = std::fs::read(shared.join("corpus").join(name)).unwrap();
        failures.extend(check_document(name, &doc, 7 + i as u64));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Surrogate pairs cut anywhere: each cut is EOF (serde_json agrees; checked here too).
#[test]
fn a_surrogate_pair_cut_anywhere_is_eof() {
    let doc = br#"["\uD83C\uDF09"]"#;
    for cut in 0..doc.len() {
        let prefix = &doc[..cut];
        assert!(
            serde_json::from_slice::<Value>(prefix)
                .unwrap_err()
                .is_eof(),
            "serde_json on {:?}",
            String::from_utf8_lossy(prefix)
        );
        let ours = fastjson::from_slice::<Value>(prefix).unwrap_err();
        assert!(
            ours.is_eof(),
            "{:?}: {ours}",
            String::from_utf8_lossy(prefix)
        );
        let ours = fastjson::from_slice::<Vec<String>>(prefix).unwrap_err();
        assert!(
            ours.is_eof(),
            "{:?} as Vec<String>: {ours}",
            String::from_utf8_lossy(prefix)
        );
    }
}

/// `io::Error` from an EOF error is `UnexpectedEof`, as serde_json documents; other errors keep
/// their kinds.
#[test]
fn an_eof_error_becomes_unexpected_eof_as_an_io_error() {
    let eof = fastjson::from_slice::<Value>(b"[1, 2").unwrap_err();
    assert_eq!(
        std::io::Error::from(eof).kind(),
        std::io::ErrorKind::UnexpectedEof
    );
    let theirs = serde_json::from_slice::<Value>(b"[1, 2").unwrap_err();
    assert_eq!(
        std::io::Error::from(theirs).kind(),
        std::io::ErrorKind::UnexpectedEof
    );
    let syntax = fastjson::from_slice::<Value>(b"[1, x").unwrap_err();
    assert_eq!(
        std::io::Error::from(syntax).kind(),
        std::io::ErrorKind::InvalidData
    );
    let data = fastjson::from_slice::<u8>(b"300").unwrap_err();
    assert_eq!(
        std::io::Error::from(data).kind(),
        std::io::ErrorKind::InvalidData
    );
}
