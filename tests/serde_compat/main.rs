//! Differential test against serde_json + serde_derive: for every catalog type, random values
//! (and hand-written seeds for the shapes a random generator rarely hits) must encode byte for
//! byte as serde_json does, compact and pretty, decode back, and mutated inputs must be
//! accepted or rejected by both.

mod catalog;
mod random;

use catalog::{fast_side, serde_side};
use random::{random_value, Rng};

/// Values generated per catalog entry.
const VALUES_PER_TYPE: usize = 260;
/// Mutated copies tried per value.
const MUTATIONS_PER_VALUE: usize = 3;

#[derive(Default)]
struct Report {
    values: usize,
    mutations: usize,
    both_rejected: usize,
    failures: Vec<String>,
}

impl Report {
    fn fail(&mut self, what: String) {
        if self.failures.len() < 40 {
            self.failures.push(what);
        }
    }
}

/// Compares two encodings: byte for byte, or as JSON values when the type holds a `HashMap`
/// (two maps with the same entries iterate in different orders).
fn same_json(a: &[u8], b: &[u8], unordered: bool) -> bool {
    if !unordered {
        return a == b;
    }
    let a: Result<serde_json::Value, _> = serde_json::from_slice(a);
    let b: Result<serde_json::Value, _> = serde_json::from_slice(b);
    matches!((a, b), (Ok(a), Ok(b)) if a == b)
}

/// A deterministic mutation: insert, delete, replace or duplicate bytes.
fn mutate(rng: &mut Rng, input: &[u8]) -> Vec<u8> {
    const BYTES: &[u8] = b"{}[],:\"\\ 0123456789-+.eEtrufalsn\x00\x1f\xff\xc3abz";
    let mut out = input.to_vec();
    let at = if out.is_empty() {
        0
    } else {
        rng.below(out.len() as u64) as usize
    };
    match rng.below(5) {
        0 => out.insert(at, BYTES[rng.below(BYTES.len() as u64) as usize]),
        1 if !out.is_empty() => {
            out.remove(at);
        }
        2 if !out.is_empty() => out[at] = BYTES[rng.below(BYTES.len() as u64) as usize],
        3 if !out.is_empty() => {
            let end = (at + 1 + rng.below(8) as usize).min(out.len());
            let copy = out[at..end].to_vec();
            out.splice(at..at, copy);
        }
        _ => out.truncate(at),
    }
    out
}

/// What follows a generated document in the end-of-input checks: whitespace alone, or whitespace
/// and then more JSON.
const TRAILING: [&str; 10] = [
    " ", "\n\t\r ", " x", "}", "]", ",", " {}", "[]", "1", "\"\"",
];

fn show(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Checks one type: `$gen` is the serde type values are generated as, `$serde` / `$fast` the
/// types decoded into (they differ only in lifetimes for borrowing types).
macro_rules! check {
    ($report:expr, $name:literal, $gen:ty, $serde:ty, $fast:ty, unordered = $unordered:expr, seeds = [$($seed:expr),* $(,)?]) => {{
        let report: &mut Report = $report;
        let unordered: bool = $unordered;
        let mut rng = Rng::new(fnv($name));
        // (document, how many mutations of it to try)
        let mut documents: Vec<(Vec<u8>, usize)> = vec![$(($seed.as_bytes().to_vec(), 60)),*];
        let seeds = documents.len();
        let mut generated = 0usize;
        for _ in 0..VALUES_PER_TYPE {
            let Some(value) = random_value::<$gen>(&mut rng, 60) else { continue };
            let Ok(expected) = serde_json::to_vec(&value) else { continue };
            generated += 1;
            report.values += 1;
            match fastjson::from_slice::<$fast>(&expected) {
                // serde_json cannot read back everything it writes either (a borrowed `&str`
                // from an escaped string): only a rejection serde_json does not share fails.
                Err(err) => if serde_json::from_slice::<$serde>(&expected).is_ok() {
                    report.fail(format!("{}: fastjson rejected serde_json's {}: {err}", $name, show(&expected)))
                },
                Ok(ours) => {
                    let compact = fastjson::to_vec(&ours);
                    if !same_json(&compact, &expected, unordered) {
                        report.fail(format!("{}: encode differs\n  serde_json: {}\n  fastjson:   {}", $name, show(&expected), show(&compact)));
                    }
                    // With room to spare, so that the paths needing scratch capacity (floats
                    // written a group at a time) run whatever `to_vec` estimated.
                    let mut roomy = Vec::with_capacity(compact.len() + 1024);
                    fastjson::encode_into(&ours, &mut roomy);
                    if roomy != compact {
                        report.fail(format!("{}: encode_into differs from to_vec\n  to_vec:      {}\n  encode_into: {}", $name, show(&compact), show(&roomy)));
                    }
                    let pretty = fastjson::to_vec_pretty(&ours);
                    let theirs = serde_json::to_vec_pretty(&value).unwrap();
                    if !same_json(&pretty, &theirs, unordered) {
                        report.fail(format!("{}: pretty differs\n  serde_json: {}\n  fastjson:   {}", $name, show(&theirs), show(&pretty)));
                    }
                }
            }
            // The same value with every object's keys sorted and reversed: decoding must not
            // depend on the order serde_json wrote them in (fastjson predicts that order).
            for order in [KeyOrder::Sorted, KeyOrder::Reversed] {
                if let Some(reordered) = reorder_keys(&expected, order) {
                    documents.push((reordered, 0));
                }
            }
            // Every object as an array of its values in the order written (serde's struct
            // sequence form; maps then fail for both), also one element short and one too long:
            // the array path must accept, reject and default exactly as serde does.
            let arrays = objects_as_arrays(&expected);
            documents.extend(shortened_and_lengthened(&arrays).into_iter().map(|doc| (doc, 0)));
            documents.push((arrays, 1));
            // Whitespace or more JSON after the value, two of these per value: structs, `Vec`s
            // and maps check the end of the document where their closing bracket is read
            // (so the value is returned without a copy), other types after the value; both
            // must reject what serde_json
            // rejects and accept what it accepts.
            for _ in 0..2 {
                let suffix = TRAILING[rng.below(TRAILING.len() as u64) as usize];
                documents.push(([&expected[..], suffix.as_bytes()].concat(), 0));
            }
            documents.push((expected, MUTATIONS_PER_VALUE));
        }
        if generated == 0 && seeds == 0 {
            report.fail(format!("{}: no value generated and no seeds", $name));
        }
        // Seeds and every generated document, mutated: both accept or both reject, and
        // accepted documents re-encode identically.
        for (doc, tries) in &documents {
            for t in 0..=*tries {
                let input = if t == 0 { doc.clone() } else { mutate(&mut rng, doc) };
                report.mutations += 1;
                let theirs = serde_json::from_slice::<$serde>(&input);
                let ours = fastjson::from_slice::<$fast>(&input);
                match (theirs, ours) {
                    (Ok(theirs), Ok(ours)) => {
                        let a = serde_json::to_vec(&theirs);
                        let b = fastjson::to_vec(&ours);
                        if let Ok(a) = a {
                            if !same_json(&a, &b, unordered) {
                                report.fail(format!("{}: {} decoded differently\n  serde_json: {}\n  fastjson:   {}", $name, show(&input), show(&a), show(&b)));
                            }
                        }
                    }
                    (Err(_), Err(_)) => report.both_rejected += 1,
                    (Ok(_), Err(err)) => report.fail(format!("{}: only serde_json accepts {:?} (fastjson: {err})", $name, show(&input))),
                    (Err(err), Ok(_)) => report.fail(format!("{}: only fastjson accepts {:?} (serde_json: {err})", $name, show(&input))),
                }
            }
        }
    }};
    ($report:expr, $name:literal, $ty:ident $(<$($arg:ty),*>)? $(, unordered = $u:expr)? $(, seeds = [$($seed:expr),* $(,)?])?) => {
        check!($report, $name,
            serde_side::$ty$(<$($arg),*>)?, serde_side::$ty$(<$($arg),*>)?, fast_side::$ty$(<$($arg),*>)?,
            unordered = false $(|| $u)?, seeds = [$($($seed),*)?])
    };
}

#[derive(Copy, Clone)]
enum KeyOrder {
    Sorted,
    Reversed,
}

/// `doc` re-written with the keys of every object in `order` (`None` when serde_json cannot
/// read it as a `Value`). Numbers and strings are written back by serde_json.
fn reorder_keys(doc: &[u8], order: KeyOrder) -> Option<Vec<u8>> {
    fn write(value: &serde_json::Value, order: KeyOrder, out: &mut String) {
        match value {
            serde_json::Value::Object(map) => {
                let mut entries: Vec<_> = map.iter().collect();
                entries.sort_by(|a, b| a.0.cmp(b.0));
                if let KeyOrder::Reversed = order {
                    entries.reverse();
                }
                out.push('{');
                for (i, (key, value)) in entries.into_iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    out.push_str(&serde_json::to_string(key).unwrap());
                    out.push(':');
                    write(value, order, out);
                }
                out.push('}');
            }
            serde_json::Value::Array(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    write(item, order, out);
                }
                out.push(']');
            }
            leaf => out.push_str(&serde_json::to_string(leaf).unwrap()),
        }
    }
    let value: serde_json::Value = serde_json::from_slice(doc).ok()?;
    let mut out = String::new();
    write(&value, order, &mut out);
    Some(out.into_bytes())
}

/// `doc` (compact JSON as serde_json writes it) with every object written as an array of its
/// values, in the document's order: serde's sequence form of a struct.
fn objects_as_arrays(doc: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(doc.len());
    // For each open container: is it an object?
    let mut in_object = Vec::new();
    let mut i = 0;
    while i < doc.len() {
        let b = doc[i];
        match b {
            b'{' | b'[' => {
                in_object.push(b == b'{');
                out.push(b'[');
                i += 1;
                if b == b'{' && doc.get(i) == Some(&b'"') {
                    i = skip_key(doc, i);
                }
            }
            b'}' | b']' => {
                in_object.pop();
                out.push(b']');
                i += 1;
            }
            b',' => {
                out.push(b',');
                i += 1;
                if in_object.last() == Some(&true) {
                    i = skip_key(doc, i);
                }
            }
            b'"' => {
                let end = string_end(doc, i);
                out.extend_from_slice(&doc[i..end]);
                i = end;
            }
            _ => {
                out.push(b);
                i += 1;
            }
        }
    }
    out
}

/// The index just past the string starting at `at` (a `"`).
fn string_end(doc: &[u8], at: usize) -> usize {
    let mut i = at + 1;
    while doc[i] != b'"' {
        i += if doc[i] == b'\\' { 2 } else { 1 };
    }
    i + 1
}

/// The index past the key string at `at` and its `:`.
fn skip_key(doc: &[u8], at: usize) -> usize {
    let end = string_end(doc, at);
    assert_eq!(doc[end], b':', "a key is followed by `:`");
    end + 1
}

/// When `doc` is a non-empty array: the same array without its last element, and with one more
/// (`null`) after it.
fn shortened_and_lengthened(doc: &[u8]) -> Vec<Vec<u8>> {
    if doc.len() < 3 || doc[0] != b'[' || doc[doc.len() - 1] != b']' {
        return Vec::new();
    }
    // The top-level commas: depth 1, outside strings.
    let (mut depth, mut i, mut last_comma) = (0usize, 0, None);
    while i < doc.len() {
        match doc[i] {
            b'"' => {
                i = string_end(doc, i);
                continue;
            }
            b'[' | b'{' => depth += 1,
            b']' | b'}' => depth -= 1,
            b',' if depth == 1 => last_comma = Some(i),
            _ => {}
        }
        i += 1;
    }
    let shortened = match last_comma {
        Some(at) => [&doc[..at], b"]"].concat(),
        None => b"[]".to_vec(),
    };
    let lengthened = [&doc[..doc.len() - 1], b",null]"].concat();
    vec![shortened, lengthened]
}

#[test]
fn objects_become_arrays_in_document_order() {
    let doc = br#"{"b":{"x":"a,\"}{"},"a":[1,{"k":2}],"c":"\\"}"#;
    assert_eq!(
        String::from_utf8(objects_as_arrays(doc)).unwrap(),
        r#"[["a,\"}{"],[1,[2]],"\\"]"#
    );
    let forms = shortened_and_lengthened(br#"[1,[2,3],"]"]"#);
    assert_eq!(
        forms,
        vec![br#"[1,[2,3]]"#.to_vec(), br#"[1,[2,3],"]",null]"#.to_vec()]
    );
    assert_eq!(shortened_and_lengthened(b"[7]")[0], b"[]");
}

/// Per-type seed for the generator, so adding a type does not reshuffle the others.
fn fnv(name: &str) -> u64 {
    name.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ b as u64).wrapping_mul(0x100_0000_01b3)
    })
}

#[test]
fn fastjson_matches_serde_json_on_the_catalog() {
    let mut r = Report::default();
    check!(&mut r, "Unit", Unit, seeds = ["null", "[]", "{}"]);
    check!(
        &mut r,
        "Meters",
        Meters,
        seeds = ["1.5", "-0", "1e400", "\"1\""]
    );
    check!(
        &mut r,
        "Pair",
        Pair,
        seeds = ["[1,\"a\"]", "[1]", "[1,\"a\",2]"]
    );
    check!(&mut r, "Empty", Empty, seeds = ["{}", "[]", "{\"x\":1}"]);
    check!(
        &mut r,
        "EmptyTuple",
        EmptyTuple,
        seeds = ["[]", "[1]", "{}"]
    );
    check!(
        &mut r,
        "Ints",
        Ints,
        seeds = [
            r#"{"a":255,"b":65535,"c":4294967295,"d":18446744073709551615,"e":340282366920938463463374607431768211455,"f":0,"g":-128,"h":-32768,"i":-2147483648,"j":-9223372036854775808,"k":-170141183460469231731687303715884105728,"l":-1}"#,
            r#"{"a":256,"b":0,"c":0,"d":0,"e":0,"f":0,"g":0,"h":0,"i":0,"j":0,"k":-0,"l":0}"#,
            r#"[1,2,3,4,5,6,7,8,9,10,11,12]"#,
        ]
    );
    check!(
        &mut r,
        "Floats",
        Floats,
        seeds = [
            r#"{"single":3.4028235e38,"double":1.7976931348623157e308,"list":[0.1,1e-400,-0.0,5e-324]}"#,
            r#"{"single":3.4028236e38,"double":1,"list":[]}"#,
            r#"{"single":1,"double":1e400,"list":[]}"#,
        ]
    );
    check!(
        &mut r,
        "FloatRuns",
        FloatRuns,
        seeds = [
            r#"{"a":0.1,"b":-0.0,"label":"x","c":1e16,"d":1e15,"e":5e-324,"f":1.7976931348623157e308,"g":-1.5e-7,"h":37.774929123456,"i":-1,"j<\"":2,"k":3,"maybe":null,"l":4,"m":5,"n":6,"o":7}"#,
            r#"{"a":1,"b":2,"label":"","c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9,"j<\"":1e400,"k":0,"maybe":1,"l":0,"m":0,"n":0,"o":0}"#,
        ]
    );
    check!(
        &mut r,
        "FlattenedFloatRun",
        FlattenedFloatRun,
        seeds = [
            r#"{"name":"n","x":1.5,"y":-2.25,"z":3,"w":4}"#,
            r#"{"name":"n","id":7,"x":1.5,"y":-2.25,"z":3,"w":4}"#,
        ]
    );
    check!(
        &mut r,
        "Shape",
        Shape,
        seeds = [
            r#"{"Point":{"x":1.5,"y":2}}"#,
            r#"{"Box":{"x":0,"y":0,"w":1e300,"h":1e-300,"label":"b"}}"#,
        ]
    );
    check!(
        &mut r,
        "Text",
        Text,
        seeds = [
            r#"{"s":"a\u0000\ud83d\ude00","c":"\u00e9","boxed":"","maybe":null,"flag":true}"#,
            r#"{"s":"x","c":"ab","boxed":"","flag":false}"#,
            r#"{"s":"\ud800","c":"a","boxed":"","flag":false}"#,
        ]
    );
    check!(&mut r, "Sequences", Sequences);
    check!(
        &mut r,
        "Fixed",
        Fixed,
        seeds = [
            r#"{"array":[1,2,3],"tuple":[1,"x",true],"unit":null,"big_tuple":[1,2,3,4,5,6,7,8,9,10,11,"z"]}"#,
        ]
    );
    check!(
        &mut r,
        "Maps",
        Maps,
        seeds = [
            r#"{"by_name":{"a":1,"a":2},"by_id":{"-1":"x"},"by_byte":{"255":true},"by_char":{"é":1},"by_u128":{"340282366920938463463374607431768211455":null}}"#,
            r#"{"by_name":{},"by_id":{"01":"x"},"by_byte":{},"by_char":{},"by_u128":{}}"#,
            r#"{"by_name":{},"by_id":{" 1":"x"},"by_byte":{"256":true},"by_char":{"ab":1},"by_u128":{}}"#,
        ]
    );
    check!(&mut r, "Pointers", Pointers);
    check!(&mut r, "Nested", Nested);
    check!(
        &mut r,
        "Options",
        Options,
        seeds = [r#"{"a":null,"b":null,"c":[null,"x"]}"#, "{}"]
    );
    check!(
        &mut r,
        "Dynamic",
        Dynamic,
        seeds = [
            r#"{"value":{"a":[1,-1,1.5,"x",null,true,{}]},"map":{"k":18446744073709551616},"list":[-0,0]}"#,
        ]
    );
    check!(&mut r, "Unordered", Unordered, unordered = true);
    check!(&mut r, "Many", Many);
    check!(
        &mut r,
        "RawIdent",
        RawIdent,
        seeds = [r#"{"type":"t","match":1}"#]
    );
    check!(
        &mut r,
        "Renamed",
        Renamed,
        seeds = [r#"{"user_id":1,"weird \"key\"\n\u0001":true,"ключ":2}"#]
    );
    check!(
        &mut r,
        "Aliased",
        Aliased,
        seeds = [
            r#"{"uid":1,"login":"a"}"#,
            r#"{"userId":1,"name":"a"}"#,
            r#"{"user_id":1,"uid":2,"name":"a"}"#,
        ]
    );
    check!(
        &mut r,
        "Skips",
        Skips,
        seeds = [
            r#"{"skipped":1,"write_only":2,"read_only":3,"maybe":4,"list":[5],"count":6}"#,
            r#"{}"#,
        ]
    );
    check!(
        &mut r,
        "Defaults",
        Defaults,
        seeds = [r#"{"required":true}"#, r#"{"count":1}"#]
    );
    check!(
        &mut r,
        "ContainerDefault",
        ContainerDefault,
        seeds = ["{}", "[]", r#"{"b":"x"}"#]
    );
    check!(
        &mut r,
        "Strict",
        Strict,
        seeds = [r#"{"a":1}"#, r#"{"a":1,"c":2}"#, r#"{"a":1,"b":null}"#]
    );
    check!(
        &mut r,
        "Transparent",
        Transparent,
        seeds = ["\"x\"", "{\"inner\":\"x\"}"]
    );
    check!(
        &mut r,
        "TransparentWithSkip",
        TransparentWithSkip,
        seeds = ["[1,2]"]
    );
    check!(&mut r, "RenamedContainer", RenamedContainer);
    check!(
        &mut r,
        "Flattened",
        Flattened,
        seeds = [
            r#"{"id":1,"version":2,"author":"a","tail":true}"#,
            r#"{"version":2,"id":1,"tail":false,"author":"a","other":null}"#,
            r#"{"id":1,"tail":true,"author":"a"}"#,
        ]
    );
    check!(
        &mut r,
        "WithFunctions",
        WithFunctions,
        seeds = [
            r#"{"id":"12","name":"Ada"}"#,
            r#"{"id":"12","name":"ADA","optional_id":"3"}"#,
            r#"{"id":12,"name":"Ada"}"#,
            r#"{"id":"x","name":"Ada"}"#,
            r#"{"id":"18446744073709551616","name":"Ada"}"#,
        ]
    );
    check!(
        &mut r,
        "OptionalFlatten",
        OptionalFlatten,
        seeds = [
            r#"{"id":1,"version":2,"author":"a"}"#,
            r#"{"id":1}"#,
            r#"{"id":1,"version":2}"#,
            r#"{"id":1,"version":"x","author":"a"}"#,
        ]
    );
    check!(
        &mut r,
        "CapturesUnknown",
        CapturesUnknown,
        seeds = [
            r#"{"id":1,"x":[1,2],"y":{"z":null}}"#,
            r#"{"a":"b","id":7}"#,
            r#"{"x":1}"#,
        ]
    );
    check!(
        &mut r,
        "Borrowed",
        serde_side::Borrowed<'static>,
        serde_side::Borrowed<'_>,
        fast_side::Borrowed<'_>,
        unordered = false,
        seeds = [
            r#"{"plain":"a","cow":"b","owned_cow":"c"}"#,
            r#"{"plain":"a\n","cow":"b","owned_cow":"c"}"#,
            r#"{"plain":"a","cow":"b\n","owned_cow":"c\n"}"#,
        ]
    );
    check!(&mut r, "Generic<u32>", Generic<u32>);
    check!(&mut r, "Generic<String>", Generic<String>);
    check!(
        &mut r,
        "Generic<Pair>",
        serde_side::Generic<serde_side::Pair>,
        serde_side::Generic<serde_side::Pair>,
        fast_side::Generic<fast_side::Pair>,
        unordered = false,
        seeds = []
    );
    check!(&mut r, "GenericPair<u8, Option<bool>>", GenericPair<u8, Option<bool>>);
    check!(&mut r, "Bounded<u8>", Bounded<u8>, seeds = [r#"{"id":1}"#]);
    check!(
        &mut r,
        "PhantomOnly<String>",
        PhantomOnly<String>,
        seeds = [r#"{"id":1,"marker":null}"#]
    );
    check!(&mut r, "CamelCase", CamelCase);
    check!(&mut r, "PascalCase", PascalCase);
    check!(&mut r, "ScreamingSnake", ScreamingSnake);
    check!(&mut r, "Kebab", Kebab);
    check!(&mut r, "ScreamingKebab", ScreamingKebab);
    check!(&mut r, "Upper", Upper);
    check!(
        &mut r,
        "LowerVariants",
        LowerVariants,
        seeds = ["\"httperror\"", "\"HTTPError\""]
    );
    check!(
        &mut r,
        "SnakeVariants",
        SnakeVariants,
        seeds = ["\"h_t_t_p_error\"", "\"not_found\""]
    );
    check!(&mut r, "KebabVariants", KebabVariants);
    check!(&mut r, "CamelVariants", CamelVariants);
    check!(&mut r, "ScreamingVariants", ScreamingVariants);
    check!(
        &mut r,
        "External",
        External,
        seeds = [
            "\"Unit\"",
            r#"{"Newtype":1}"#,
            r#"{"Tuple":[1,"a"]}"#,
            r#"{"Struct":{"a":true}}"#,
            r#"{"Unit":null}"#,
            "\"also\"",
            "\"Skipped\"",
            r#"{"Struct":{"a":true},"Unit":null}"#,
        ]
    );
    check!(
        &mut r,
        "Internal",
        Internal,
        seeds = [
            r#"{"type":"Unit"}"#,
            r#"{"type":"Struct","a":1,"b":"x"}"#,
            r#"{"a":1,"b":"x","type":"Struct"}"#,
            r#"{"type":"Newtype","version":1,"author":"me"}"#,
            r#"{"type":"map","k":1,"j":2}"#,
            r#"{"type":"Nope"}"#,
            r#"{"a":1}"#,
            r#"["Struct",1,"x"]"#,
        ]
    );
    check!(
        &mut r,
        "InternalWithOther",
        InternalWithOther,
        seeds = [r#"{"kind":"Known","x":1}"#, r#"{"kind":"Whatever","y":2}"#,]
    );
    check!(
        &mut r,
        "Adjacent",
        Adjacent,
        seeds = [
            r#"{"t":"Unit"}"#,
            r#"{"t":"Newtype","c":"x"}"#,
            r#"{"c":"x","t":"Newtype"}"#,
            r#"{"t":"Tuple","c":[1,2]}"#,
            r#"{"t":"Struct","c":{"a":1},"extra":1}"#,
            r#"{"t":"Nope","c":1}"#,
        ]
    );
    check!(
        &mut r,
        "Untagged",
        Untagged,
        seeds = [
            r#"{"a":1,"b":"x"}"#,
            "5",
            "\"x\"",
            "[1,2]",
            "null",
            "-1",
            "{}",
        ]
    );
    check!(
        &mut r,
        "ExternalWithFallbacks",
        ExternalWithFallbacks,
        seeds = [
            // Tagged forms, including a string naming a variant with data (not a unit variant:
            // the untagged `Raw` takes it) and the struct variant's array form.
            "\"Unit\"",
            "\"Newtype\"",
            r#"{"Newtype":7}"#,
            r#"{"Tuple":[1,"a"]}"#,
            r#"{"Struct":{"a":true}}"#,
            r#"{"Struct":[false]}"#,
            r#"{"Unit":null}"#,
            // Untagged fallbacks, in order.
            "\"free text\"",
            "18446744073709551615",
            "[1,2]",
            r#"{"x":1,"y":"z"}"#,
            r#"{"y":null,"x":2}"#,
            "null",
            // No variant matches: a tagged variant's bad content, a negative number, a
            // pair out of range, a second key.
            r#"{"Newtype":300}"#,
            "-1",
            "[1,256]",
            r#"{"Newtype":1,"Unit":null}"#,
            r#"{"x":1,"x":2}"#,
            "true",
            // Malformed.
            r#"{"Newtype":1,}"#,
            "[1,2",
            r#"{"x":1"#,
        ]
    );
    check!(
        &mut r,
        "InternalWithFallbacks",
        InternalWithFallbacks,
        seeds = [
            r#"{"type":"Unit"}"#,
            r#"{"type":"Struct","a":1,"b":"x"}"#,
            r#"{"a":1,"b":"x","type":"Struct"}"#,
            r#"["Struct",1,"x"]"#,
            r#"{"type":"Newtype","version":1,"author":"me"}"#,
            // A tag may be a variant's position among those decoded (`Hidden` is not).
            r#"{"type":0}"#,
            r#"{"type":1,"a":1,"b":"x"}"#,
            r#"{"b":"x","a":1,"type":1}"#,
            r#"[1,1,"x"]"#,
            r#"{"type":2,"version":1,"author":"me"}"#,
            // Untagged: a string, and a struct whose field is named like the tag.
            "\"text\"",
            r#"{"type":7,"b":null}"#,
            r#"{"type":7}"#,
            // No variant matches.
            r#"{"type":"Hidden"}"#,
            r#"{"type":"Struct","a":1}"#,
            r#"{"type":300}"#,
            r#"{"type":-0}"#,
            r#"{"type":"Unit","type":"Unit"}"#,
            "[]",
            // Malformed.
            r#"{"type":"Unit""#,
            r#"["Struct",1,"x",]"#,
        ]
    );
    check!(
        &mut r,
        "AdjacentWithFallbacks",
        AdjacentWithFallbacks,
        seeds = [
            r#"{"t":"Unit"}"#,
            r#"{"t":"Newtype","c":"x"}"#,
            r#"{"c":"x","t":"Newtype"}"#,
            r#"{"t":"Tuple","c":[1,2]}"#,
            r#"{"t":"Struct","c":{"a":1},"extra":1}"#,
            r#"["Tuple",[1,2]]"#,
            // The array form's tag may be a position, which shadows the untagged pair; the
            // object form's tag may not.
            "[2,[1,2]]",
            "[1,2]",
            "[9,2]",
            r#"{"t":1,"c":"x"}"#,
            // Untagged.
            "5",
            r#"{"a":1,"b":2}"#,
            // No variant matches.
            r#"{"t":"Nope","c":1}"#,
            r#"{"t":"Unit","c":1}"#,
            r#"{"c":1}"#,
            "\"Unit\"",
            // Malformed.
            r#"{"t":"Unit",}"#,
            "[1,2,",
        ]
    );
    check!(
        &mut r,
        "FieldsRenamed",
        FieldsRenamed,
        seeds = [
            r#"{"Create":{"userId":1,"displayName":"x"}}"#,
            r#"{"Delete":{"USER_ID":1}}"#,
        ]
    );
    check!(&mut r, "GenericEnum<u8>", GenericEnum<u8>);
    check!(
        &mut r,
        "Envelope",
        Envelope,
        seeds = [
            r#"{"events":["Unit",{"Newtype":3}],"by_kind":{"k":{"t":"Unit"}},"tagged":{"type":"Unit"},"any":[1,"x",[2],null,{"a":1,"b":"c"}]}"#,
        ]
    );
    check!(
        &mut r,
        "SkippedNewtype",
        SkippedNewtype,
        seeds = [
            r#"{"Kept":1}"#,
            r#"{"Hidden":1}"#,
            r#""Hidden""#,
            r#""Gone""#
        ]
    );
    check!(
        &mut r,
        "SkippedNewtypeInternal",
        SkippedNewtypeInternal,
        seeds = [r#"{"t":"Hidden"}"#, r#"{"t":"Unit"}"#]
    );
    check!(
        &mut r,
        "SkippedNewtypeAdjacent",
        SkippedNewtypeAdjacent,
        seeds = [
            r#"{"t":"Hidden","c":1}"#,
            r#"{"t":"Hidden"}"#,
            r#"{"t":"Kept","c":2}"#
        ]
    );
    check!(&mut r, "RawReading", RawReading);
    check!(
        &mut r,
        "Reading",
        Reading,
        seeds = [
            r#"{"secs":4294967295,"millis":65535}"#,
            r#"[1,2]"#,
            r#"{"millis":1}"#
        ]
    );
    check!(
        &mut r,
        "Handle",
        Handle,
        seeds = [r#""ab""#, r#""ABC""#, r#""Ab\u00e9""#, "1"]
    );
    check!(
        &mut r,
        "Level",
        Level,
        seeds = ["0", "2", "3", "\"Low\"", "-1"]
    );
    check!(&mut r, "Port", Port, seeds = ["null", "8080", "65536"]);
    check!(
        &mut r,
        "Converted",
        Converted,
        seeds = [
            r#"{"handle":"Ab","levels":[0,1,2],"by_handle":{"x":{"secs":1,"millis":2}},"secs":3,"millis":4}"#,
            r#"{"handle":"Ab","levels":[],"by_handle":{},"port":null,"secs":3,"millis":4}"#,
            r#"{"handle":"Abc","levels":[3],"by_handle":{},"port":1,"secs":3,"millis":4}"#,
            r#"{"handle":"Ab","levels":[],"by_handle":{},"port":1,"secs":3}"#,
        ]
    );

    println!(
        "serde_compat: {} generated values, {} documents tried (incl. mutations), {} rejected by both",
        r.values, r.mutations, r.both_rejected
    );
    assert!(
        r.failures.is_empty(),
        "{} failure(s):\n{}",
        r.failures.len(),
        r.failures.join("\n")
    );
    assert!(r.values >= 10_000, "only {} values generated", r.values);
}
