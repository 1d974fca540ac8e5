// An identifier enum is read only, as in serde: no `Encode`, so it cannot be written.
use fastjson::FastJson;

#[derive(FastJson)]
#[serde(variant_identifier)]
enum Kind {
    Alpha,
}

fn main() {
    let _ = fastjson::to_string(&Kind::Alpha);
}
