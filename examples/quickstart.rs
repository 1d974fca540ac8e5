//! The README's quickstart as a program: `cargo run --example quickstart`.

use fastjson::FastJson;

#[derive(FastJson, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
struct User {
    user_id: u64,
    display_name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    email: Option<String>,
    tags: Vec<String>,
}

fn main() {
    let user = User {
        user_id: 7,
        display_name: "Ada".into(),
        email: None,
        tags: vec!["admin".into()],
    };

    let json = fastjson::to_string(&user);
    assert_eq!(json, r#"{"userId":7,"displayName":"Ada","tags":["admin"]}"#);
    println!("encoded: {json}");

    let back: User = fastjson::from_str(&json).expect("decodes what it encoded");
    assert_eq!(back, user);

    let err = fastjson::from_str::<User>(r#"{"userId":"7"}"#).unwrap_err();
    println!("error:   {err}");

    let mut buf = Vec::with_capacity(256);
    fastjson::encode_into(&user, &mut buf);
    println!("pretty:\n{}", fastjson::to_string_pretty(&user));
}
