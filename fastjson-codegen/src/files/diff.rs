//! The unified diff check-codegen prints for a stale file.

/// `--- a/path` / `+++ b/path` hunks with three lines of context, from `old` to `new`.
pub fn unified_diff(path: &str, old: &str, new: &str) -> String {
    similar::TextDiff::from_lines(old, new)
        .unified_diff()
        .context_radius(3)
        .header(&format!("a/{path}"), &format!("b/{path}"))
        .to_string()
}

#[cfg(test)]
mod tests {
    #[test]
    fn names_the_changed_lines() {
        let diff = super::unified_diff("x.rs", "a\nb\nc\n", "a\nB\nc\n");
        assert_eq!(
            diff,
            "--- a/x.rs\n+++ b/x.rs\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n"
        );
    }
}
