//! The typed models of twitter.json, citm_catalog.json and canada.json against serde_json: each
//! decodes with fastjson to the same value as serde_json's copy (floats: the exact value of their
//! text, which serde_json's default parsing does not always give), and the same value encodes to
//! the same bytes, compact and pretty. Also sonic-rs and simd-json, whose rows the harness times.
//!
//! Without the corpus the test says so and passes, unless `CI` is set: CI always has it.

use fastjson_bench::copies::{fastjson_copy, serde_json_copy, simd_json_copy, sonic_rs_copy};
use fastjson_bench::debug_diff::compare;

fn corpus(name: &str) -> Option<&'static [u8]> {
    let corpus = fastjson_bench::corpus::load(None);
    let doc = corpus.get(name);
    if doc.is_none() {
        let why = corpus.missing.join("; ");
        assert!(
            std::env::var_os("CI").is_none(),
            "CI is set but the corpus is missing: {why}"
        );
        eprintln!("SKIPPED {name}: corpus missing ({why}); set FASTJSON_CORPUS to run it");
    }
    doc
}

macro_rules! corpus_test {
    ($test:ident, $file:literal, $model:ident :: $ty:ident) => {
        #[test]
        fn $test() {
            let Some(doc) = corpus($file) else { return };
            let exact = fastjson_bench::exact::parse(doc).unwrap();
            let reference: serde_json_copy::$model::$ty = serde_json::from_value(exact).unwrap();
            let want = format!("{reference:?}");

            // Decode: fastjson gives exactly the reference value.
            let ours: fastjson_copy::$model::$ty = fastjson::from_slice(doc).unwrap();
            let diff = compare(&want, &format!("{ours:?}"));
            assert!(diff.is_identical(), "fastjson decoded {}: {diff:?}", $file);

            // serde_json's own decode: equal up to its float rounding, which is counted.
            let theirs: serde_json_copy::$model::$ty = serde_json::from_slice(doc).unwrap();
            let diff = compare(&want, &format!("{theirs:?}"));
            assert_eq!(diff.other, None, "serde_json decoded {}", $file);
            assert!(
                diff.max_ulps <= 1,
                "serde_json is at most 1 ulp off: {diff:?}"
            );
            eprintln!(
                "{}: serde_json default floats off by 1 ulp: {}",
                $file, diff.float_mismatches
            );

            // Encode: the same value, the same bytes.
            let expected = serde_json::to_vec(&reference).unwrap();
            assert!(
                fastjson::to_vec(&ours) == expected,
                "fastjson::to_vec({}) differs",
                $file
            );
            let mut buf = b"stale".to_vec();
            buf.clear();
            fastjson::encode_into(&ours, &mut buf);
            assert!(buf == expected, "fastjson::encode_into({}) differs", $file);
            let pretty = serde_json::to_vec_pretty(&reference).unwrap();
            assert!(
                fastjson::to_vec_pretty(&ours) == pretty,
                "pretty {} differs",
                $file
            );

            // The other contenders decode to the reference too (the harness gates them again).
            let sonic: sonic_rs_copy::$model::$ty = sonic_rs::from_slice(doc).unwrap();
            assert!(
                compare(&want, &format!("{sonic:?}")).is_identical(),
                "sonic-rs {}",
                $file
            );
            let mut copy = doc.to_vec();
            let simd: simd_json_copy::$model::$ty =
                simd_json::serde::from_slice(&mut copy).unwrap();
            assert!(
                compare(&want, &format!("{simd:?}")).is_identical(),
                "simd-json {}",
                $file
            );
        }
    };
}

corpus_test!(twitter, "twitter", twitter::Twitter);
corpus_test!(citm_catalog, "citm_catalog", citm::CitmCatalog);
corpus_test!(canada, "canada", canada::FeatureCollection);
