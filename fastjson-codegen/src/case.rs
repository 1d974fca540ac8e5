//! `rename_all` rules: serde's per-character case conversion of variant and field names.
//!
//! Variants are assumed PascalCase and fields snake_case, exactly as serde assumes; the
//! conversion works per character, so `HTTPError` becomes `h_t_t_p_error` under `snake_case`.

use std::fmt::{self, Display};

/// A `rename_all` / `rename_all_fields` rule.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum RenameRule {
    /// No rule: names stay as written.
    #[default]
    None,
    LowerCase,
    UpperCase,
    PascalCase,
    CamelCase,
    SnakeCase,
    ScreamingSnakeCase,
    KebabCase,
    ScreamingKebabCase,
}

const RULES: &[(&str, RenameRule)] = &[
    ("lowercase", RenameRule::LowerCase),
    ("UPPERCASE", RenameRule::UpperCase),
    ("PascalCase", RenameRule::PascalCase),
    ("camelCase", RenameRule::CamelCase),
    ("snake_case", RenameRule::SnakeCase),
    ("SCREAMING_SNAKE_CASE", RenameRule::ScreamingSnakeCase),
    ("kebab-case", RenameRule::KebabCase),
    ("SCREAMING-KEBAB-CASE", RenameRule::ScreamingKebabCase),
];

/// The error for a rule name that is not one of serde's eight.
#[derive(Debug)]
pub struct UnknownRule(String);

impl Display for UnknownRule {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "unknown rename rule `rename_all = {:?}`, expected one of ",
            self.0
        )?;
        for (i, (name, _)) in RULES.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{name:?}")?;
        }
        Ok(())
    }
}

impl RenameRule {
    pub fn parse(name: &str) -> Result<RenameRule, UnknownRule> {
        RULES
            .iter()
            .find(|(rule_name, _)| *rule_name == name)
            .map(|&(_, rule)| rule)
            .ok_or_else(|| UnknownRule(name.to_owned()))
    }

    /// Converts a variant name, assumed PascalCase.
    pub fn apply_to_variant(self, variant: &str) -> String {
        match self {
            RenameRule::None | RenameRule::PascalCase => variant.to_owned(),
            RenameRule::LowerCase => variant.to_ascii_lowercase(),
            RenameRule::UpperCase => variant.to_ascii_uppercase(),
            RenameRule::CamelCase => lower_first(variant),
            RenameRule::SnakeCase => {
                let mut snake = String::with_capacity(variant.len() + 4);
                for (i, ch) in variant.char_indices() {
                    // An underscore before every uppercase character but the first.
                    if i > 0 && ch.is_uppercase() {
                        snake.push('_');
                    }
                    snake.push(ch.to_ascii_lowercase());
                }
                snake
            }
            RenameRule::ScreamingSnakeCase => RenameRule::SnakeCase
                .apply_to_variant(variant)
                .to_ascii_uppercase(),
            RenameRule::KebabCase => RenameRule::SnakeCase
                .apply_to_variant(variant)
                .replace('_', "-"),
            RenameRule::ScreamingKebabCase => RenameRule::ScreamingSnakeCase
                .apply_to_variant(variant)
                .replace('_', "-"),
        }
    }

    /// Converts a field name, assumed snake_case.
    pub fn apply_to_field(self, field: &str) -> String {
        match self {
            RenameRule::None | RenameRule::LowerCase | RenameRule::SnakeCase => field.to_owned(),
            RenameRule::UpperCase | RenameRule::ScreamingSnakeCase => field.to_ascii_uppercase(),
            RenameRule::PascalCase => {
                let mut pascal = String::with_capacity(field.len());
                let mut capitalize = true;
                for ch in field.chars() {
                    if ch == '_' {
                        capitalize = true;
                    } else if capitalize {
                        pascal.push(ch.to_ascii_uppercase());
                        capitalize = false;
                    } else {
                        pascal.push(ch);
                    }
                }
                pascal
            }
            RenameRule::CamelCase => lower_first(&RenameRule::PascalCase.apply_to_field(field)),
            RenameRule::KebabCase => field.replace('_', "-"),
            RenameRule::ScreamingKebabCase => field.to_ascii_uppercase().replace('_', "-"),
        }
    }
}

/// ASCII-lowercases the first character (serde lowercases the first byte).
fn lower_first(name: &str) -> String {
    let mut chars = name.chars();
    match chars.next() {
        Some(first) => first.to_ascii_lowercase().to_string() + chars.as_str(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::RenameRule::{self, *};

    const ALL: [RenameRule; 8] = [
        LowerCase,
        UpperCase,
        PascalCase,
        CamelCase,
        SnakeCase,
        ScreamingSnakeCase,
        KebabCase,
        ScreamingKebabCase,
    ];

    #[test]
    fn variants() {
        // original, then one column per rule in the order of ALL.
        let table: &[[&str; 9]] = &[
            [
                "Outcome", "outcome", "OUTCOME", "Outcome", "outcome", "outcome", "OUTCOME",
                "outcome", "OUTCOME",
            ],
            [
                "VeryTasty",
                "verytasty",
                "VERYTASTY",
                "VeryTasty",
                "veryTasty",
                "very_tasty",
                "VERY_TASTY",
                "very-tasty",
                "VERY-TASTY",
            ],
            ["A", "a", "A", "A", "a", "a", "A", "a", "A"],
            [
                "Z42", "z42", "Z42", "Z42", "z42", "z42", "Z42", "z42", "Z42",
            ],
            [
                "HTTPError",
                "httperror",
                "HTTPERROR",
                "HTTPError",
                "hTTPError",
                "h_t_t_p_error",
                "H_T_T_P_ERROR",
                "h-t-t-p-error",
                "H-T-T-P-ERROR",
            ],
        ];
        for row in table {
            assert_eq!(None.apply_to_variant(row[0]), row[0]);
            for (rule, expected) in ALL.iter().zip(&row[1..]) {
                assert_eq!(
                    rule.apply_to_variant(row[0]),
                    *expected,
                    "{rule:?} {}",
                    row[0]
                );
            }
        }
    }

    #[test]
    fn fields() {
        let table: &[[&str; 9]] = &[
            [
                "outcome", "outcome", "OUTCOME", "Outcome", "outcome", "outcome", "OUTCOME",
                "outcome", "OUTCOME",
            ],
            [
                "very_tasty",
                "very_tasty",
                "VERY_TASTY",
                "VeryTasty",
                "veryTasty",
                "very_tasty",
                "VERY_TASTY",
                "very-tasty",
                "VERY-TASTY",
            ],
            ["a", "a", "A", "A", "a", "a", "A", "a", "A"],
            [
                "z42", "z42", "Z42", "Z42", "z42", "z42", "Z42", "z42", "Z42",
            ],
            [
                "http_error",
                "http_error",
                "HTTP_ERROR",
                "HttpError",
                "httpError",
                "http_error",
                "HTTP_ERROR",
                "http-error",
                "HTTP-ERROR",
            ],
        ];
        for row in table {
            assert_eq!(None.apply_to_field(row[0]), row[0]);
            for (rule, expected) in ALL.iter().zip(&row[1..]) {
                assert_eq!(
                    rule.apply_to_field(row[0]),
                    *expected,
                    "{rule:?} {}",
                    row[0]
                );
            }
        }
    }

    #[test]
    fn parse_names_every_rule_and_rejects_others() {
        for rule in ALL {
            let name = super::RULES.iter().find(|(_, r)| *r == rule).unwrap().0;
            assert_eq!(RenameRule::parse(name).unwrap(), rule);
        }
        let err = RenameRule::parse("Snake_Case").unwrap_err().to_string();
        assert!(
            err.starts_with(
                "unknown rename rule `rename_all = \"Snake_Case\"`, expected one of \"lowercase\""
            ),
            "{err}"
        );
    }
}
