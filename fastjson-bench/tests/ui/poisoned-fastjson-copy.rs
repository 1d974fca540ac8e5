// A fastjson copy whose type also implements serde's `Serialize`: refused at compile time.

use fastjson_bench::copies::Fastjson;

fastjson_bench::stamp! { fastjson, Fastjson;
    pub struct Leaf { pub value: f64 }
}

impl serde::Serialize for Leaf {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(self.value)
    }
}

fn main() {}
