use fastjson::FastJson;

mod elsewhere {
    pub struct Celsius {
        pub degrees: f64,
    }
}

#[derive(FastJson)]
#[serde(remote = "elsewhere::Celsius")]
struct Celsius {
    degrees: f64,
}

fn main() {}
