// serde tries the untagged variants after the tagged ones fail, so they must come last.
use fastjson::FastJson;

#[derive(FastJson)]
enum Reading {
    Celsius(f64),
    #[serde(untagged)]
    Raw(String),
    Fahrenheit(f64),
    #[serde(untagged)]
    Number(f64),
}

fn main() {}
