// `getter` says how a `remote` mirror reads a field of the foreign value: without `remote` it is
// serde's error, at the attribute.
use fastjson::FastJson;

#[derive(FastJson)]
struct Account {
    #[serde(getter = "Account::id")]
    id: u64,
}

impl Account {
    fn id(&self) -> u64 {
        self.id
    }
}

fn main() {}
