// fastjson mirrors foreign structs only: `remote` on an enum is an error at the attribute, and
// the only one: the mirror's stub functions keep its `with` uses compiling.
use fastjson::FastJson;

mod elsewhere {
    pub enum Direction {
        Up,
        Down,
    }
}

#[derive(FastJson)]
#[serde(remote = "elsewhere::Direction")]
enum DirectionDef {
    Up,
    Down,
}

#[derive(FastJson)]
struct Move {
    #[serde(with = "DirectionDef")]
    direction: elsewhere::Direction,
}

fn main() {}
