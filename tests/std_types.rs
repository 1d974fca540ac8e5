//! The std types serde supports beyond the core list (`Duration`, `SystemTime`, IP and socket addresses,
//! paths, `NonZero` integers, `Wrapping`/`Saturating`/`Reverse`, `BinaryHeap`, `LinkedList`,
//! `Result`, `Bound`, the ranges, `bool` map keys): for random values, output byte-identical to serde_json
//! (compact and pretty) and decoded back; for hand-picked bad inputs, both libraries reject.

use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap, HashMap, LinkedList};
use std::fmt::Debug;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, SocketAddrV4, SocketAddrV6};
use std::num::{
    NonZeroI128, NonZeroI8, NonZeroU32, NonZeroU64, NonZeroUsize, Saturating, Wrapping,
};
use std::ops::{Bound, Range, RangeFrom, RangeInclusive, RangeTo};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use fastjson::FastJson;
use proptest::prelude::*;
use serde::{Deserialize, Serialize};

mod same_as_serde;
use same_as_serde::check;

/// Both libraries reject `input` as a `T`; returns fastjson's message.
fn both_reject<T>(input: &str) -> String
where
    T: fastjson::DecodeOwned + for<'de> Deserialize<'de> + Debug,
{
    let theirs = serde_json::from_str::<T>(input);
    assert!(theirs.is_err(), "serde_json accepts {input}: {theirs:?}");
    match fastjson::from_str::<T>(input) {
        Ok(value) => panic!("fastjson accepts {input} as {value:?}"),
        Err(error) => error.to_string(),
    }
}

/// The message `f` panics with (it must panic).
fn panic_message<R>(f: impl FnOnce() -> R + std::panic::UnwindSafe) -> String {
    let panic = std::panic::catch_unwind(f).err().expect("it panics");
    panic.downcast_ref::<String>().cloned().unwrap_or_default()
}

/// Both libraries accept `input` as the same `T`.
fn both_accept<T>(input: &str) -> T
where
    T: fastjson::DecodeOwned + for<'de> Deserialize<'de> + Debug + PartialEq,
{
    let theirs: T = serde_json::from_str(input).unwrap();
    let ours: T = fastjson::from_str(input).unwrap();
    assert_eq!(ours, theirs, "{input}");
    ours
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
struct Service {
    listen: SocketAddr,
    peers: Vec<IpAddr>,
    timeout: Duration,
    retries: Option<NonZeroU32>,
    root: PathBuf,
    allow: BTreeMap<Ipv4Addr, bool>,
    flags: BTreeMap<bool, u8>,
    by_id: BTreeMap<NonZeroU64, String>,
    window: (Bound<u32>, Bound<u32>),
    last: Result<u16, String>,
}

fn ipv6(words: [u16; 8]) -> Ipv6Addr {
    Ipv6Addr::new(
        words[0], words[1], words[2], words[3], words[4], words[5], words[6], words[7],
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn durations(secs: u64, nanos in 0u32..1_000_000_000, after in 0u64..1 << 40) {
        check(&Duration::new(secs, nanos));
        check(&(UNIX_EPOCH + Duration::new(after, nanos)));
    }

    #[test]
    fn addresses(v4: [u8; 4], v6: [u16; 8], port: u16, flow: u32, scope: u32, zeros in 0usize..8) {
        // Runs of zero words exercise `::` compression, and a mapped address the dotted tail.
        let mut words = v6;
        for word in words.iter_mut().take(zeros) {
            *word = 0;
        }
        let a = Ipv4Addr::from(v4);
        let b = ipv6(words);
        let mapped = a.to_ipv6_mapped();
        check(&a);
        check(&b);
        check(&mapped);
        check(&IpAddr::V4(a));
        check(&IpAddr::V6(b));
        check(&SocketAddrV4::new(a, port));
        check(&SocketAddrV6::new(b, port, 0, scope));
        // The text has no flow label, in serde's form as in `Display`: both libraries write
        // the same text and read it back without it.
        let flowing = SocketAddrV6::new(b, port, flow, scope);
        let text = fastjson::to_string(&flowing);
        prop_assert_eq!(&text, &serde_json::to_string(&flowing).unwrap());
        prop_assert_eq!(both_accept::<SocketAddrV6>(&text), SocketAddrV6::new(b, port, 0, scope));
        check(&SocketAddr::from((IpAddr::V6(mapped), port)));
        let mut keys = BTreeMap::new();
        keys.insert(IpAddr::V6(b), 1u8);
        keys.insert(IpAddr::V4(a), 2u8);
        check(&keys);
    }

    #[test]
    fn nonzero_and_wrappers(a: NonZeroU64, b: NonZeroI8, c: NonZeroI128, d: NonZeroUsize, e: u8, f: i32) {
        check(&a);
        check(&b);
        check(&c);
        check(&d);
        check(&Wrapping(e));
        check(&Saturating(f));
        check(&Reverse(f));
        let keys: BTreeMap<NonZeroI8, bool> = [(b, true)].into();
        check(&keys);
    }

    #[test]
    fn collections(items: Vec<i16>, flags: Vec<(bool, u8)>) {
        let heap: BinaryHeap<i16> = items.iter().copied().collect();
        // A heap has no equality: compare the order it iterates in, which serde writes.
        let ours = fastjson::to_vec(&heap);
        prop_assert_eq!(&ours, &serde_json::to_vec(&heap).unwrap());
        let back: BinaryHeap<i16> = fastjson::from_slice(&ours).unwrap();
        let serde_back: BinaryHeap<i16> = serde_json::from_slice(&ours).unwrap();
        prop_assert_eq!(back.into_vec(), serde_back.into_vec());
        check(&items.iter().copied().collect::<LinkedList<i16>>());
        check(&flags.into_iter().collect::<HashMap<bool, u8>>());
    }

    #[test]
    fn enums(a: u32, b: String, pick in 0u8..3) {
        check(&Ok::<u32, String>(a));
        check(&Err::<u32, String>(b.clone()));
        let bound = match pick {
            0 => Bound::Unbounded,
            1 => Bound::Included(b),
            _ => Bound::Excluded(b),
        };
        check(&bound);
    }

    #[test]
    fn ranges(a: i64, b: i64, c: u8) {
        check(&(a..b));
        check(&(a..=b));
        check(&(a..));
        check(&(..b));
        check(&(c..c));
    }

    #[test]
    fn paths(parts: Vec<String>) {
        let path: PathBuf = parts.iter().collect();
        check(&path);
        let keys: BTreeMap<PathBuf, u8> = [(path.clone(), 1)].into();
        check(&keys);
        let boxed_keys: BTreeMap<Box<Path>, u8> = [(path.clone().into_boxed_path(), 1)].into();
        check(&boxed_keys);
        check(&path.into_boxed_path());
    }
}

#[test]
fn a_struct_of_them_matches_serde() {
    let service = Service {
        listen: "[::1]:8080".parse().unwrap(),
        peers: vec!["10.0.0.1".parse().unwrap(), "fe80::1".parse().unwrap()],
        timeout: Duration::from_millis(1500),
        retries: NonZeroU32::new(3),
        root: PathBuf::from("/srv/data \"quoted\""),
        allow: [(Ipv4Addr::LOCALHOST, true)].into(),
        flags: [(false, 0), (true, 1)].into(),
        by_id: [(NonZeroU64::MIN, "one".to_string())].into(),
        window: (Bound::Included(1), Bound::Unbounded),
        last: Err("timed out".to_string()),
    };
    check(&service);
}

#[test]
fn durations_read_every_form_serde_reads() {
    assert_eq!(
        both_accept::<Duration>(r#"{"nanos":5,"secs":1}"#),
        Duration::new(1, 5)
    );
    assert_eq!(both_accept::<Duration>("[2, 7]"), Duration::new(2, 7));
    // Whole seconds carried out of `nanos`, as `Duration::new` does.
    assert_eq!(
        both_accept::<Duration>(r#"{"secs":1,"nanos":2500000000}"#),
        Duration::new(3, 500_000_000)
    );
    assert_eq!(
        both_accept::<Duration>(r#"{"s\u0065cs":1,"nanos":0}"#),
        Duration::new(1, 0)
    );
    for bad in [
        r#"{"secs":1}"#,
        r#"{"nanos":1}"#,
        r#"{"secs":1,"nanos":0,"secs":2}"#,
        r#"{"secs":1,"nanos":0,"extra":0}"#,
        r#"{"secs":-1,"nanos":0}"#,
        r#"{"secs":1,"nanos":4294967296}"#,
        r#"{"secs":1.5,"nanos":0}"#,
        r#"{"secs":18446744073709551615,"nanos":1000000000}"#,
        "[1]",
        "[1,2,3]",
        "[]",
        "1",
        r#""1s""#,
        "null",
    ] {
        both_reject::<Duration>(bad);
    }
    let message = both_reject::<Duration>(r#"{"secs":18446744073709551615,"nanos":1000000000}"#);
    assert!(
        message.contains("overflow deserializing Duration"),
        "{message}"
    );
    let message = both_reject::<Duration>(r#"{"secs":1,"nanos":0,"extra":0}"#);
    assert!(message.contains("unknown field `extra`"), "{message}");
    let message = both_reject::<Duration>(r#"{"secs":1}"#);
    assert!(message.contains("missing field `nanos`"), "{message}");
}

#[test]
fn addresses_reject_what_serde_rejects() {
    for bad in [
        r#""""#,
        r#""1.2.3""#,
        r#""1.2.3.256""#,
        r#""::g""#,
        r#"" 1.2.3.4""#,
        "1",
        "null",
    ] {
        both_reject::<IpAddr>(bad);
        both_reject::<Ipv4Addr>(bad);
        both_reject::<Ipv6Addr>(bad);
    }
    both_reject::<Ipv4Addr>(r#""::1""#);
    both_reject::<Ipv6Addr>(r#""127.0.0.1""#);
    for bad in [
        r#""1.2.3.4""#,
        r#""1.2.3.4:70000""#,
        r#""[::1]""#,
        r#""::1:80""#,
    ] {
        both_reject::<SocketAddr>(bad);
    }
    both_reject::<SocketAddrV4>(r#""[::1]:80""#);
    both_reject::<SocketAddrV6>(r#""1.2.3.4:80""#);
    let message = both_reject::<IpAddr>(r#""1.2.3""#);
    assert!(message.contains("invalid IP address syntax"), "{message}");
    assert!(message.contains("line 1, column 1"), "{message}");
    // Escapes are text like any other in a string value or key.
    assert_eq!(
        both_accept::<Ipv4Addr>(r#""127.0.0.\u0031""#),
        Ipv4Addr::LOCALHOST
    );
    both_accept::<BTreeMap<IpAddr, u8>>(r#"{"::1":1,"10.0.0.\u0031":2}"#);
    both_reject::<BTreeMap<IpAddr, u8>>(r#"{"localhost":1}"#);
}

#[test]
fn nonzero_rejects_zero_as_serde_does() {
    for bad in ["0", "-0", "0.0", r#""1""#] {
        both_reject::<NonZeroU64>(bad);
    }
    let message = both_reject::<NonZeroI8>("0");
    assert!(message.contains("expected a nonzero i8"), "{message}");
    both_reject::<NonZeroI8>("128");
    both_reject::<BTreeMap<NonZeroU32, u8>>(r#"{"0":1}"#);
    both_accept::<BTreeMap<NonZeroU32, u8>>(r#"{"7":1}"#);
}

#[test]
fn bool_keys_are_the_words_themselves() {
    both_accept::<BTreeMap<bool, u8>>(r#"{"true":1,"false":0}"#);
    for bad in [
        r#"{"True":1}"#,
        r#"{"1":1}"#,
        r#"{"":1}"#,
        r#"{"tru\u0065":1}"#,
        r#"{" true":1}"#,
    ] {
        both_reject::<BTreeMap<bool, u8>>(bad);
    }
}

#[test]
fn externally_tagged_std_enums_match_the_derive() {
    assert_eq!(both_accept::<Result<u8, String>>(r#"{"Ok":1}"#), Ok(1));
    assert_eq!(
        both_accept::<Result<u8, String>>(r#"{"Err":"no"}"#),
        Err("no".to_string())
    );
    for bad in [
        r#""Ok""#,
        r#"{}"#,
        r#"{"Ok":1,"Err":"x"}"#,
        r#"{"Maybe":1}"#,
        r#"{"ok":1}"#,
        "[1]",
        "null",
    ] {
        both_reject::<Result<u8, String>>(bad);
    }
    assert_eq!(both_accept::<Bound<u8>>(r#""Unbounded""#), Bound::Unbounded);
    assert_eq!(
        both_accept::<Bound<u8>>(r#"{"Unbounded":null}"#),
        Bound::Unbounded
    );
    assert_eq!(
        both_accept::<Bound<u8>>(r#"{"Excluded":4}"#),
        Bound::Excluded(4)
    );
    for bad in [
        r#""Included""#,
        r#"{"Unbounded":1}"#,
        r#""Open""#,
        r#"{"Included":-1}"#,
    ] {
        both_reject::<Bound<u8>>(bad);
    }
    let message = both_reject::<Result<u8, String>>(r#"{"Maybe":1}"#);
    assert!(message.contains("unknown variant `Maybe`"), "{message}");
}

#[test]
fn boxed_keys_are_their_contents_keys() {
    // serde's `Box<T>` is `T`, as a map key too: written and read as the boxed key.
    let text = both_accept::<BTreeMap<Box<u32>, u8>>(r#"{"7":1,"42":2}"#);
    assert_eq!(text[&Box::new(42)], 2);
    check(&text);
    both_reject::<BTreeMap<Box<u32>, u8>>(r#"{"x":1}"#);
    both_reject::<BTreeMap<Box<u32>, u8>>(r#"{"-1":1}"#);
    let words = both_accept::<HashMap<Box<bool>, Box<str>>>(r#"{"true":"yes"}"#);
    check(&words);
    let strs = both_accept::<BTreeMap<Box<str>, u8>>(r#"{"a\"b":1}"#);
    check(&strs);
}

#[test]
fn paths_are_strings() {
    assert_eq!(
        both_accept::<PathBuf>(r#""a/b\\c""#),
        PathBuf::from("a/b\\c")
    );
    both_accept::<BTreeMap<PathBuf, u8>>(r#"{"a/\u0062":1,"":2}"#);
    both_accept::<BTreeMap<Box<Path>, u8>>(r#"{"a/\u0062":1,"":2}"#);
    both_reject::<PathBuf>("1");
    both_reject::<PathBuf>("[]");
}

/// A path that is not UTF-8 has no JSON form: serde_json returns an error, fastjson (whose
/// encoding cannot fail) panics rather than write a lossy copy.
#[cfg(unix)]
#[test]
fn a_non_unicode_path_is_refused_loudly() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let path = PathBuf::from(OsStr::from_bytes(b"bad\xff"));
    assert!(serde_json::to_vec(&path).is_err());
    let message = panic_message(|| fastjson::to_vec(&path));
    assert!(message.contains("not valid UTF-8"), "{message}");
}

/// The longest address text (the widest IPv6 address, the largest scope id and port) is the
/// text serde writes. That it is formatted on the stack is the unit test in `impls/net.rs`.
#[test]
fn the_longest_address_text_matches_serde() {
    let widest = Ipv6Addr::from([0xffff; 8]);
    let address = SocketAddr::V6(SocketAddrV6::new(widest, 65535, u32::MAX, u32::MAX));
    let text = fastjson::to_string(&address);
    assert_eq!(text, serde_json::to_string(&address).unwrap());
    assert!(text.len() >= 60, "{text}");
}

#[test]
fn ranges_read_every_form_serde_reads() {
    assert_eq!(both_accept::<Range<u8>>(r#"{"end":5,"start":1}"#), 1..5);
    assert_eq!(both_accept::<Range<u8>>("[1,5]"), 1..5);
    assert_eq!(both_accept::<RangeInclusive<u8>>("[1,5]"), 1..=5);
    assert_eq!(both_accept::<RangeFrom<u8>>(r#"{"start":2}"#), 2..);
    assert_eq!(both_accept::<RangeFrom<u8>>("[2]"), 2..);
    assert_eq!(both_accept::<RangeTo<u8>>(r#"{"end":2}"#), ..2);
    for bad in [
        r#"{"start":1}"#,
        r#"{"end":1}"#,
        r#"{"start":1,"end":2,"start":3}"#,
        r#"{"start":1,"end":2,"step":1}"#,
        "[1]",
        "[1,2,3]",
        r#"{"start":null,"end":1}"#,
        "null",
    ] {
        both_reject::<Range<u8>>(bad);
    }
    both_reject::<Option<Range<u8>>>(r#"{"start":1}"#);
    both_reject::<RangeFrom<u8>>(r#"{"end":1}"#);
    both_reject::<RangeFrom<u8>>("[1,2]");
    both_reject::<RangeTo<u8>>(r#"{}"#);
    // serde's visitor refuses a missing bound even when the bound's type is an `Option`.
    let message = both_reject::<Range<Option<u8>>>(r#"{"start":1}"#);
    assert!(message.contains("missing field `end`"), "{message}");
    let message = both_reject::<Range<u8>>(r#"{"start":1,"end":2,"step":1}"#);
    assert!(message.contains("unknown field `step`"), "{message}");
}

#[test]
fn system_times_match_serde() {
    let time = both_accept::<SystemTime>(r#"{"secs_since_epoch":1,"nanos_since_epoch":2}"#);
    assert_eq!(time, UNIX_EPOCH + Duration::new(1, 2));
    both_accept::<SystemTime>("[1,2]");
    for bad in [
        r#"{"secs":1,"nanos":2}"#,
        r#"{"secs_since_epoch":1}"#,
        r#"{"secs_since_epoch":18446744073709551615,"nanos_since_epoch":1000000000}"#,
        r#"{"secs_since_epoch":-1,"nanos_since_epoch":0}"#,
    ] {
        both_reject::<SystemTime>(bad);
    }
    let message = both_reject::<SystemTime>(
        r#"{"secs_since_epoch":18446744073709551615,"nanos_since_epoch":1000000000}"#,
    );
    assert!(
        message.contains("overflow deserializing SystemTime epoch offset"),
        "{message}"
    );
}

/// A time before the epoch has no form in serde's encoding: serde_json returns an error,
/// fastjson (whose encoding cannot fail) panics rather than write another time.
#[test]
fn a_time_before_the_epoch_is_refused_loudly() {
    let time = UNIX_EPOCH - Duration::from_secs(1);
    assert!(serde_json::to_vec(&time).is_err());
    let message = panic_message(|| fastjson::to_vec(&time));
    assert!(message.contains("before"), "{message}");
}
