//! serde's `Deserializer` over fastjson's `Lexer`: what serde_json accepts, with fastjson's errors.
