use fastjson::FastJson;

// fastjson flattens enums in every representation, but not an untagged one with a tuple
// variant (no entries to write; serde fails at run time), and it writes an untagged newtype
// variant's entries only when its value has some (`u64` has none; `Id` still derives).
#[derive(FastJson)]
#[serde(untagged)]
enum Coord {
    Pair(f64, f64),
    Named { x: f64, y: f64 },
}

#[derive(FastJson)]
struct Point {
    id: u64,
    #[serde(flatten)]
    at: Coord,
}

#[derive(FastJson)]
struct Inner {
    name: String,
}

#[derive(FastJson)]
#[serde(untagged)]
enum Id {
    Num(u64),
    Named(Inner),
}

#[derive(FastJson)]
struct Row {
    #[serde(flatten)]
    id: Id,
}

fn main() {}
