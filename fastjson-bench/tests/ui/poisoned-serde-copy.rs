// A serde copy whose type also implements fastjson's `Encode`: the checked `stamp!` refuses
// to compile it (the run-time walk of tests/guard.rs catches the same at any depth).

use fastjson::{Format, Writer};
use fastjson_bench::copies::SerdeJson;

fastjson_bench::stamp! { serde, SerdeJson;
    pub struct Leaf { pub value: f64 }
}

impl fastjson::Encode for Leaf {
    fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
        w.f64(self.value);
    }
}

fn main() {}
