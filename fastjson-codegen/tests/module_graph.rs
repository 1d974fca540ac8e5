//! The generator's modules depend on each other one way: the model (`attr`, `ast`, `symbol`,
//! `ctxt`, `case`) below `check`, `check` below the generators (`encode`, `decode`, `schema`,
//! `wrap`, ...), and inside `decode/` the shared pieces below the struct and enum generators.
//! A circle between two files means neither can be read (or changed) without the other, so this
//! test reads `src/`, collects which module each file names (`use crate::..`, `super::..`,
//! `self::..`, and a `mod.rs`'s bare `child::..` paths) and fails on any circle, naming it.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

type Module = Vec<String>;

#[test]
fn module_imports_have_no_circle() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let files = source_files(&src);
    let modules: BTreeSet<Module> = files.keys().cloned().collect();
    let mut graph: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    for (module, text) in &files {
        let edges = graph.entry(module.clone()).or_default();
        for target in references(module, text, &modules) {
            if &target != module {
                edges.insert(target);
            }
        }
    }
    if std::env::var_os("FASTJSON_PRINT_GRAPH").is_some() {
        for (module, edges) in &graph {
            let names: Vec<String> = edges.iter().map(name).collect();
            println!("{} -> {}", name(module), names.join(", "));
        }
    }
    if let Some(circle) = find_circle(&graph) {
        let names: Vec<String> = circle.iter().map(name).collect();
        panic!("import circle: {}", names.join(" -> "));
    }
}

fn name(module: &Module) -> String {
    if module.is_empty() {
        "crate".to_owned()
    } else {
        module.join("::")
    }
}

/// Every `.rs` file under `src/` by its module path, with test modules and comments removed.
fn source_files(src: &Path) -> BTreeMap<Module, String> {
    let mut out = BTreeMap::new();
    let mut stack = vec![src.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let rel = path.strip_prefix(src).unwrap();
            let mut module: Module = rel
                .with_extension("")
                .iter()
                .map(|s| s.to_string_lossy().into_owned())
                .collect();
            let last = module.last().unwrap().as_str();
            if last == "tests" {
                continue;
            }
            if last == "mod" || last == "lib" {
                module.pop();
            }
            let text = fs::read_to_string(&path).unwrap();
            out.insert(module, code_only(&text));
        }
    }
    out
}

/// The file's code up to its `#[cfg(test)]` module, without `//` comments.
fn code_only(text: &str) -> String {
    let mut code = String::new();
    for line in text.lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("#[cfg(test)]") && !trimmed.contains("mod ") {
            break;
        }
        if trimmed.starts_with("//") {
            continue;
        }
        let line = match line.find("// ") {
            Some(at) if !line[..at].contains('"') => &line[..at],
            _ => line,
        };
        code.push_str(line);
        code.push('\n');
    }
    without_quoted(&code)
}

/// `code` without the bodies of `quote!`-like macros: paths there belong to the generated code
/// (`use super::*;` in an offline file), not to the generator.
fn without_quoted(code: &str) -> String {
    let mut out = String::new();
    let mut rest = code;
    while let Some(at) = rest.find("quote") {
        let after = &rest[at..];
        let name_len = after.bytes().take_while(|b| is_ident(*b)).count();
        let bang = after[name_len..].trim_start();
        if !after[name_len..].starts_with('!') {
            out.push_str(&rest[..at + name_len]);
            rest = &rest[at + name_len..];
            continue;
        }
        out.push_str(&rest[..at]);
        let open_at = rest.len() - bang.len() + 1;
        let body = &rest[open_at..];
        rest = &body[group_len(body.as_bytes())..];
    }
    out.push_str(rest);
    out
}

/// The modules `text` (the code of `module`) names.
fn references(module: &Module, text: &str, modules: &BTreeSet<Module>) -> BTreeSet<Module> {
    let children: Vec<String> = modules
        .iter()
        .filter(|m| m.len() == module.len() + 1 && m.starts_with(module))
        .map(|m| m.last().unwrap().clone())
        .collect();
    let bytes = text.as_bytes();
    let mut out = BTreeSet::new();
    let mut i = 0;
    while i < bytes.len() {
        let starts_word = i == 0 || !is_ident(bytes[i - 1]) && bytes[i - 1] != b':';
        if !starts_word || !is_ident(bytes[i]) {
            i += 1;
            continue;
        }
        let end = i + bytes[i..].iter().take_while(|b| is_ident(**b)).count();
        let word = &text[i..end];
        if text[end..].starts_with("::") {
            let base = match word {
                "crate" => Some(Vec::new()),
                "self" => Some(module.clone()),
                "super" => Some(module[..module.len().saturating_sub(1)].to_vec()),
                w if children.iter().any(|c| c == w) => {
                    let mut child = module.clone();
                    child.push(w.to_owned());
                    Some(child)
                }
                _ => None,
            };
            if let Some(base) = base {
                let mut paths = Vec::new();
                let after = parse_paths(&text[end + 2..], &mut Vec::new(), &mut paths);
                for path in paths {
                    let mut full = base.clone();
                    let mut rest = path.as_slice();
                    while rest.first().is_some_and(|s| s == "super") {
                        full.pop();
                        rest = &rest[1..];
                    }
                    full.extend(rest.iter().cloned());
                    out.insert(longest_module(&full, modules));
                }
                i = end + 2 + after;
                continue;
            }
        }
        i = end;
    }
    out
}

/// Parses `a::b`, `a::{b, c::d}` or `{..}` at the start of `text` into full paths (each
/// prefixed by `prefix`), returning how many bytes it read.
fn parse_paths(text: &str, prefix: &mut Vec<String>, out: &mut Vec<Vec<String>>) -> usize {
    let bytes = text.as_bytes();
    let depth = prefix.len();
    let mut i = 0;
    loop {
        while i < bytes.len() && bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        if i < bytes.len() && bytes[i] == b'{' {
            i += 1;
            loop {
                while i < bytes.len() && (bytes[i].is_ascii_whitespace() || bytes[i] == b',') {
                    i += 1;
                }
                if i >= bytes.len() || bytes[i] == b'}' {
                    i += 1;
                    break;
                }
                i += parse_paths(&text[i..], prefix, out);
                // Skip an `as name` rename up to the next item.
                while i < bytes.len() && bytes[i] != b',' && bytes[i] != b'}' {
                    i += 1;
                }
            }
            prefix.truncate(depth);
            return i;
        }
        let len = bytes[i..].iter().take_while(|b| is_ident(**b)).count();
        if len == 0 {
            break;
        }
        prefix.push(text[i..i + len].to_owned());
        i += len;
        if text[i..].starts_with("::") {
            i += 2;
            continue;
        }
        break;
    }
    out.push(prefix.clone());
    prefix.truncate(depth);
    i
}

/// The length of the bracketed group `bytes` starts with, skipping string and char literals.
fn group_len(bytes: &[u8]) -> usize {
    let mut depth = 0usize;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => {
                depth -= 1;
                if depth == 0 {
                    return i + 1;
                }
            }
            b'"' => {
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'\'' if bytes.get(i + 1) == Some(&b'\\') => {
                i += 3;
                while i < bytes.len() && bytes[i] != b'\'' {
                    i += 1;
                }
            }
            b'\'' if bytes.get(i + 2) == Some(&b'\'') => i += 2,
            _ => {}
        }
        i += 1;
    }
    bytes.len()
}

fn longest_module(path: &[String], modules: &BTreeSet<Module>) -> Module {
    (0..=path.len())
        .rev()
        .map(|n| path[..n].to_vec())
        .find(|m| modules.contains(m))
        .unwrap_or_default()
}

fn is_ident(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// A circle in `graph`, as the modules along it.
fn find_circle(graph: &BTreeMap<Module, BTreeSet<Module>>) -> Option<Vec<Module>> {
    fn visit(
        node: &Module,
        graph: &BTreeMap<Module, BTreeSet<Module>>,
        path: &mut Vec<Module>,
        done: &mut BTreeSet<Module>,
    ) -> Option<Vec<Module>> {
        if let Some(at) = path.iter().position(|m| m == node) {
            let mut circle = path[at..].to_vec();
            circle.push(node.clone());
            return Some(circle);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.clone());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(circle) = visit(next, graph, path, done) {
                return Some(circle);
            }
        }
        path.pop();
        done.insert(node.clone());
        None
    }
    let mut done = BTreeSet::new();
    for node in graph.keys() {
        if let Some(circle) = visit(node, graph, &mut Vec::new(), &mut done) {
            return Some(circle);
        }
    }
    None
}
