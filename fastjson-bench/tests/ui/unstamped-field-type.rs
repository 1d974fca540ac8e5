// A stamped type reaching a type that was not stamped (here one shared by every copy, with both
// trait families): the guard's `Inspect` bound refuses to compile it.

use fastjson_bench::copies::SerdeJson;

#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize, fastjson::FastJson)]
pub struct Shared {
    pub value: f64,
}

fastjson_bench::stamp! { serde, SerdeJson;
    pub struct Root { pub items: Vec<Option<Box<Shared>>> }
}

fn main() {}
