//! The generated workloads are deterministic: their sizes are in range and their digests are
//! pinned (a change here changes every generated workload's figures; update deliberately).

use fastjson_bench::corpus::git_blob_sha1;
use fastjson_bench::generate::Generated;

#[test]
fn sizes_are_as_advertised() {
    let g = Generated::get();
    assert!(
        (1800..2600).contains(&g.order.len()),
        "order: {}",
        g.order.len()
    );
    for (name, doc) in [("login", g.micro_login), ("reading", g.micro_reading)] {
        assert!((150..260).contains(&doc.len()), "{name}: {}", doc.len());
    }
    for (&(name, doc), (_, min)) in g.ladder.iter().zip(fastjson_bench::generate::LADDER) {
        assert!(
            doc.len() >= min && doc.len() < min + min / 2 + 400,
            "{name}: {}",
            doc.len()
        );
    }
}

#[test]
fn digests_are_pinned() {
    let got: Vec<(&str, String)> = Generated::get()
        .named()
        .into_iter()
        .map(|(n, d)| (n, git_blob_sha1(d)))
        .collect();
    let want = [
        ("order", "340421d45ca5616cccfe77e0ccce6c990accee34"),
        ("micro-login", "e62cd2898fe02dada6505fc53123638b3ee6ac0f"),
        ("micro-reading", "f40c53216df1228d9019245c3d8cbb92d7b72c19"),
        ("ladder-0.5k", "1ff070192facbf9a837f46202bab09cc20ee50b3"),
        ("ladder-3k", "324285c50badb94411d16c0c140741765c2420c0"),
        ("ladder-25k", "f22f9132bc1de61c79a9db81b022d92c2cf02d3f"),
        ("ladder-100k", "f10814a024d999ca1b110c43bf348756776c9fd7"),
        (
            "shapes-events-value",
            "56b906cd9cdb4e2cff451cf91d5599781523c567",
        ),
        (
            "shapes-rows-pretty",
            "da0f3d7303719923f1806dc32a61967a9d62d768",
        ),
        (
            "shapes-ci-metadata",
            "62d00c9dd802cad2fdb25410da57cac0ed1b654e",
        ),
        (
            "shapes-map-keyed",
            "cefab193fe1721e071f93e74810a4c795e729f69",
        ),
        (
            "shapes-short-strings",
            "11cbcc23abc64f7c5af2b268b7e2084b3bc31722",
        ),
        ("shapes-enums", "5d77c91aedb446d150ab76d7e2fbb165712a300f"),
    ];
    assert_eq!(got.len(), want.len(), "every generated document is pinned");
    for ((name, digest), (want_name, want_digest)) in got.iter().zip(want) {
        assert_eq!((*name, digest.as_str()), (want_name, want_digest));
    }
}

/// The stream family's inputs at their `--smoke` sizes (the larger ones are longer runs of the
/// same records).
#[test]
fn stream_inputs_are_pinned() {
    use fastjson_bench::generate::order_lines;
    let (lines, n) = order_lines::json_lines(2 << 20);
    assert_eq!(
        (n, git_blob_sha1(&lines).as_str()),
        (1016, "58d8a7fe857dfb34ca8a8ed543e12f21bd2028ed")
    );
    let (pretty, n) = order_lines::pretty_concatenated(1 << 20);
    assert_eq!(
        (n, git_blob_sha1(&pretty).as_str()),
        (351, "2e58830f412815b5bb39e96d942fa8f13122b997")
    );
}

/// `workloads::named` (the first-call child's way in) builds the same workload as `all`, each
/// generated document generated alone to the same bytes, and knows no other name.
#[test]
fn a_workload_built_alone_is_the_one_built_with_the_others() {
    use fastjson_bench::{corpus, workloads};
    let corpus = corpus::load(None);
    let labels = |w: &workloads::Workload| {
        let d: Vec<&str> = w.decoders.iter().map(|r| r.label).collect();
        let e: Vec<&str> = w.encoders.iter().map(|r| r.label).collect();
        (d, e, w.transactions.len())
    };
    let all = workloads::all(&corpus);
    assert!(all.len() >= 13, "{} workloads", all.len());
    for w in &all {
        let alone = workloads::named(&w.name, &corpus)
            .unwrap_or_else(|| panic!("{}: not found by name", w.name));
        assert_eq!(
            (alone.name.as_str(), alone.family),
            (w.name.as_str(), w.family)
        );
        assert!(alone.input == w.input, "{}: other bytes", w.name);
        assert_eq!(labels(&alone), labels(w), "{}", w.name);
    }
    for name in ["no-such-workload", "ladder-1k", "shapes-", ""] {
        assert!(workloads::named(name, &corpus).is_none(), "{name}");
    }
}
