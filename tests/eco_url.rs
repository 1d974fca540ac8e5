#![cfg(feature = "url")]
//! `url::Url` (feature `url`) against url's own serde impl through serde_json: URLs built from
//! random parts (and random texts) get the same decision, value and bytes; hand-picked edge
//! cases (IPv6 and IDNA hosts, ports, opaque paths with quotes, bad texts) too; map keys,
//! `Option`, `Vec` and a derived struct.

use std::collections::BTreeMap;
use std::fmt::Debug;

use fastjson::FastJson;
use proptest::prelude::*;
use serde::{Deserialize, Serialize};
use url::Url;

mod same_as_serde;
use same_as_serde::{both_accept, both_reject, check, same_decision};

/// `text` as a JSON string.
fn quoted(text: &str) -> String {
    serde_json::to_string(text).unwrap()
}

/// Whatever both libraries decide about `text` as a URL (and as a map key), they decide alike;
/// what they accept encodes to the same bytes.
fn agree(text: &str) -> Option<Url> {
    let decision = same_decision::<Url>(&quoted(text));
    let key = format!("{{{}:7}}", quoted(text));
    let keyed = same_decision::<BTreeMap<Url, u8>>(&key);
    assert_eq!(decision.is_ok(), keyed.is_ok(), "{text}");
    let url = decision.ok()?;
    check(&url);
    check(&keyed.unwrap());
    Some(url)
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
struct Repository {
    html_url: Url,
    homepage: Option<Url>,
    mirrors: Vec<Url>,
    hooks: BTreeMap<Url, bool>,
}

fn parts() -> impl Strategy<Value = String> {
    let scheme = prop::sample::select(vec![
        "http", "https", "HTTP", "ws", "wss", "ftp", "file", "mailto", "data", "git+ssh", "urn",
    ]);
    let host = prop::sample::select(vec![
        "example.com",
        "EXAMPLE.com.",
        "[::1]",
        "[2001:db8::7]",
        "127.0.0.1",
        "0x7f.1",
        "bücher.de",
        "xn--bcher-kva.de",
        "a b",
        "",
        "user:pa ss@host",
        "%41",
    ]);
    let port = prop::option::of(prop::sample::select(vec![
        "80", "443", "8080", "0", "65535", "65536", "",
    ]));
    let text = "[ -~é\u{2028}<>\"\\\\%]{0,12}";
    (
        scheme,
        prop::bool::ANY,
        host,
        port,
        text,
        prop::option::of(text),
        prop::option::of(text),
    )
        .prop_map(|(scheme, slashes, host, port, path, query, fragment)| {
            let mut url = format!("{scheme}:");
            if slashes {
                url.push_str("//");
                url.push_str(host);
                if let Some(port) = port {
                    url.push(':');
                    url.push_str(port);
                }
                url.push('/');
            }
            url.push_str(&path);
            if let Some(query) = query {
                url.push('?');
                url.push_str(&query);
            }
            if let Some(fragment) = fragment {
                url.push('#');
                url.push_str(&fragment);
            }
            url
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn urls_from_random_parts(text in parts()) {
        agree(&text);
    }

    #[test]
    fn random_texts(text in "\\PC{0,24}") {
        agree(&text);
        agree(&format!("https://{text}"));
    }
}

#[test]
fn edge_cases_agree() {
    let accepted = [
        "https://example.com",
        "HTTPS://EXAMPLE.COM:443/%7e/./a/../b?q=1#f",
        "http://[::1]:8080/",
        "http://[::ffff:1.2.3.4]/",
        "http://bücher.de/straße",
        "http://0x7f.1/",
        "http://user:pass@host/",
        "file:///C:/Windows",
        "file://localhost/etc/passwd",
        "mailto:a\"b\\c@example.com",
        "data:text/html,<b>&amp;</b>\u{2028}",
        "javascript:alert(1)",
        "urn:isbn:0451450523",
        "http://example.com/a b?c d#e f",
        "http:\\\\example.com\\path",
        "  https://example.com  ",
        "http://ex\tample.com/",
        "git+ssh://git@github.com/o/r.git",
    ];
    for text in accepted {
        assert!(agree(text).is_some(), "{text}");
    }
    let refused = [
        "",
        "example.com",
        "/relative/path",
        "//example.com/x",
        "http://",
        "http://exa mple.com",
        "http://[::1/",
        "http://[1:2:3:4:5:6:7:8:9]/",
        "http://example.com:99999",
        "http://example.com:-1",
        "http://256.0.0.1",
        "http://a%00b/",
        "https://xn--/",
        "1http://example.com",
        ":",
    ];
    for text in refused {
        assert!(agree(text).is_none(), "{text}");
    }
    for input in ["0", "null", "true", "[]", "{}", r#"["http://a/"]"#] {
        both_reject::<Url>(input);
    }
    // An escape in the input is read as its character before parsing.
    let url = both_accept::<Url>(r#""http://example.com/\u00e9\"""#);
    assert_eq!(url.as_str(), "http://example.com/%C3%A9%22");
}

#[test]
fn in_a_derived_struct() {
    let url = |text: &str| Url::parse(text).unwrap();
    let repository = Repository {
        html_url: url("https://github.com/o/r"),
        homepage: None,
        mirrors: vec![url("git://mirror.example/r"), url("mailto:x\"y@z")],
        hooks: [(url("https://hooks.example/a?b=<c>"), true)].into(),
    };
    check(&repository);
    let err = fastjson::from_str::<Repository>(
        r#"{"html_url":"https://github.com/o/r","homepage":"nope","mirrors":[],"hooks":{}}"#,
    )
    .unwrap_err();
    assert_eq!(err.path(), "$.homepage", "{err}");
    assert_eq!(
        err.message(),
        r#"relative URL without a base: "nope""#,
        "{err}"
    );
    let err = fastjson::from_str::<Repository>(
        r#"{"html_url":"https://github.com/o/r","homepage":null,"mirrors":[],"hooks":{"x:":true,"::":false}}"#,
    )
    .unwrap_err();
    // A refused key is reported at its map, as for every key type.
    assert_eq!(err.path(), "$.hooks", "{err}");
    assert_eq!(
        err.message(),
        r#"relative URL without a base: "::""#,
        "{err}"
    );
}

#[test]
fn the_schema_says_uri() {
    use fastjson::schema::Schema;
    assert_eq!(Url::schema(), r#"{"type":"string","format":"uri"}"#);
}
