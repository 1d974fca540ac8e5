// `#[derive(Decode)]` alone gives no `Encode`: writing the type names the missing trait and the
// derive that would give it.
use fastjson::Decode;

#[derive(Decode)]
struct Request {
    id: u64,
}

fn main() {
    let request: Request = fastjson::from_str(r#"{"id":1}"#).unwrap();
    let _ = fastjson::to_string(&request);
}
