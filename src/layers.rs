//! The layers, checked: which top-level module may name which. A module
//! may use only the modules its row lists (read from the code, comments
//! aside), and the table has no cycle, so `store` and `gate` can never
//! import each other or anything above them, and the domain imports
//! nothing. Adding an import across layers means editing this table,
//! where a reviewer sees it.

#![cfg(test)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Each module and the modules it may use, lowest layers first.
#[rustfmt::skip]
const LAYERS: &[(&str, &[&str])] = &[
    ("domain", &[]),
    ("redact", &[]),
    ("logging", &["redact"]),
    ("fetch", &[]),
    ("store", &["domain"]),
    ("gate", &["domain"]),
    ("exec", &["domain", "store"]),
    // The gate asks before read-only work the executor cannot confine.
    // It refuses what a card would have to mask (see `redact`).
    ("approvals", &["domain", "exec", "gate", "redact", "store"]),
    ("chat", &["domain", "store"]),
    ("health", &["chat", "domain", "exec", "store"]),
    ("inventory", &["domain", "exec", "health", "store"]),
    ("outbox", &["chat", "domain", "redact", "store"]),
    ("agent", AGENT),
    ("metrics", &["agent", "domain", "outbox", "store"]),
    ("matrix", MATRIX),
    ("config", CONFIG),
    ("app", APP),
];

const AGENT: &[&str] = &[
    "approvals",
    "chat",
    "domain",
    "exec",
    "fetch",
    "gate",
    "redact",
    "store",
];
const MATRIX: &[&str] = &[
    "agent",
    "approvals",
    "chat",
    "domain",
    "logging",
    "metrics",
    "outbox",
    "redact",
    "store",
];
/// The config file is read into each module's own settings type.
const CONFIG: &[&str] = &[
    "agent",
    "approvals",
    "domain",
    "exec",
    "fetch",
    "health",
    "inventory",
    "matrix",
    "redact",
    "store",
];
const APP: &[&str] = &[
    "agent",
    "approvals",
    "chat",
    "config",
    "domain",
    "exec",
    "gate",
    "health",
    "inventory",
    "logging",
    "matrix",
    "metrics",
    "outbox",
    "redact",
    "store",
];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("src is readable").flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The top-level module a file belongs to (`src/store/audit.rs` → `store`).
fn module_of(src: &Path, file: &Path) -> Option<String> {
    let first = file.strip_prefix(src).ok()?.components().next()?;
    let name = first.as_os_str().to_str()?;
    Some(name.trim_end_matches(".rs").to_string())
}

/// The top-level modules a file's code names as `crate::NAME`.
fn uses(text: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for line in text.lines() {
        let code = line.split("//").next().unwrap_or("");
        let mut rest = code;
        while let Some(at) = rest.find("crate::") {
            rest = &rest[at + "crate::".len()..];
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() {
                found.insert(name);
            }
        }
    }
    found
}

#[test]
fn every_module_uses_only_the_layers_below_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let table: BTreeMap<&str, &[&str]> = LAYERS.iter().copied().collect();
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut wrong = Vec::new();
    for file in &files {
        let Some(module) = module_of(&src, file) else {
            continue;
        };
        let Some(allowed) = table.get(module.as_str()) else {
            continue; // lib.rs, main.rs, this file: the crate's edge
        };
        let text = std::fs::read_to_string(file).expect("a source file");
        for used in uses(&text) {
            if used != module && !allowed.contains(&used.as_str()) {
                wrong.push(format!("{} uses crate::{used}", file.display()));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "imports across layers:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_layers_have_no_cycle_and_each_uses_only_earlier_rows() {
    for (i, (module, allowed)) in LAYERS.iter().enumerate() {
        let earlier: Vec<&str> = LAYERS[..i].iter().map(|(m, _)| *m).collect();
        for used in *allowed {
            assert!(
                earlier.contains(used),
                "{module} may use {used}, which is not below it"
            );
        }
    }
}

#[test]
fn the_check_sees_a_forbidden_import() {
    let text = "use crate::gate::policy;\n// crate::agent in a comment\nlet x = crate::domain::Via::Typed;";
    let found = uses(text);
    assert!(found.contains("gate") && found.contains("domain"));
    assert!(!found.contains("agent"), "comments do not count");
    let allowed = LAYERS.iter().find(|(m, _)| *m == "store").map(|(_, a)| *a);
    assert!(allowed.is_some_and(|a| !a.contains(&"gate")));
}

/// The module path of a file under `src` (`agent/llm/budget.rs` →
/// `agent::llm::budget`, `agent/mod.rs` → `agent`).
fn file_module(src: &Path, file: &Path) -> Option<Vec<String>> {
    let rel = file.strip_prefix(src).ok()?;
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    (!parts.is_empty()).then_some(parts)
}

/// `a::{b, c::{d, e}}` → `a::b`, `a::c::d`, `a::c::e`.
fn expand(path: &str) -> Vec<String> {
    let Some(open) = path.find('{') else {
        return vec![path.trim().to_string()];
    };
    let (head, rest) = (&path[..open], &path[open + 1..]);
    let Some(close) = rest.rfind('}') else {
        return vec![path.trim().to_string()];
    };
    let mut items = Vec::new();
    let (mut depth, mut start) = (0, 0);
    let inner = &rest[..close];
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                items.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    items.push(&inner[start..]);
    items
        .into_iter()
        .filter(|i| !i.trim().is_empty())
        .flat_map(|i| expand(&format!("{head}{}", i.trim())))
        .collect()
}

/// A file's code without comments and without its test module (a
/// `#[cfg(test)] mod NAME {` block and what follows; a `#[cfg(test)] mod
/// NAME;` declaration is kept out of the cut).
fn production_code(text: &str) -> String {
    let test_block = |after: &str| {
        after.strip_prefix("mod ").is_some_and(|rest| {
            rest.trim_start_matches(|c: char| c.is_alphanumeric() || c == '_')
                .trim_start()
                .starts_with('{')
        })
    };
    let end = text
        .match_indices("#[cfg(test)]")
        .map(|(at, marker)| at + marker.len())
        .find(|after| test_block(text[*after..].trim_start()))
        .map_or(text.len(), |after| after - "#[cfg(test)]".len());
    text[..end]
        .lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The paths one file names: `(path, re-exported)` for each, a `pub use`
/// being a re-export, not a use.
fn raw_paths(code: &str) -> Vec<(String, bool)> {
    let mut raw = Vec::new();
    for statement in code.split(';') {
        let s = statement.trim_start();
        let reexport = ["pub(crate) use ", "pub(super) use ", "pub use "]
            .iter()
            .find_map(|p| s.strip_prefix(p));
        let body = reexport.or_else(|| s.strip_prefix("use "));
        match body {
            Some(body) => raw.extend(
                expand(&body.split_whitespace().collect::<String>())
                    .into_iter()
                    .map(|p| (p, reexport.is_some())),
            ),
            None => {
                let bytes = statement.as_bytes();
                for (at, _) in statement.match_indices("::") {
                    let start = statement[..at]
                        .rfind(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                        .map_or(0, |i| i + 1);
                    if start < at && (start == 0 || bytes[start - 1] != b':') {
                        let end = statement[at..]
                            .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                            .map_or(statement.len(), |i| at + i);
                        raw.push((statement[start..end].to_string(), false));
                    }
                }
            }
        }
    }
    raw
}

/// The paths a file's code names, resolved to absolute module paths
/// (test modules aside): through `crate::`, `super::`, `self::`, or a
/// child module's name (`turn::run` in `agent/mod.rs`).
fn named_paths(module: &[String], text: &str) -> Vec<Vec<String>> {
    raw_paths(&production_code(text))
        .iter()
        .filter_map(|(p, _)| resolve(module, p, &|_| true))
        .collect()
}

/// `path` as named from `module`, absolute; `None` for outside crates.
/// A bare first word is a child module when `is_module` says so.
fn resolve(
    module: &[String],
    path: &str,
    is_module: &dyn Fn(&[String]) -> bool,
) -> Option<Vec<String>> {
    let segments: Vec<&str> = path.split("::").filter(|s| !s.is_empty()).collect();
    // A file's module is itself (`self`); `super` is its parent, for a
    // `mod.rs` as for any other file.
    let mut base: Vec<String> = module.to_vec();
    let mut rest = &segments[..];
    match *rest.first()? {
        "crate" => {
            base.clear();
            rest = &rest[1..];
        }
        "self" => rest = &rest[1..],
        "super" => {
            while rest.first() == Some(&"super") {
                base.pop()?;
                rest = &rest[1..];
            }
        }
        first => {
            let mut child = base.clone();
            child.push(first.to_string());
            if !is_module(&child) {
                return None;
            }
        }
    }
    base.extend(rest.iter().map(|s| s.to_string()));
    if base.last().is_some_and(|s| s == "self") {
        base.pop(); // `a::{self, b}`
    }
    Some(base)
}

/// Each file's module path and its production code.
fn module_files(src: &Path) -> BTreeMap<Vec<String>, String> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    files
        .iter()
        .filter_map(|f| {
            let module = file_module(src, f)?;
            let text = std::fs::read_to_string(f).expect("a source file");
            Some((module, production_code(&text)))
        })
        .collect()
}

/// Names re-exported by a module (`pub use target::Target` in `domain`):
/// `(module, name)` → the module that defines it.
type Reexports = BTreeMap<(Vec<String>, String), Vec<String>>;

fn reexports(
    modules: &BTreeMap<Vec<String>, String>,
    is_module: &dyn Fn(&[String]) -> bool,
) -> Reexports {
    let mut map = Reexports::new();
    for (module, code) in modules {
        for (path, reexport) in raw_paths(code) {
            if !reexport {
                continue;
            }
            if let Some(full) = resolve(module, &path, is_module)
                && let Some((name, from)) = full.split_last()
            {
                map.insert((module.clone(), name.clone()), from.to_vec());
            }
        }
    }
    map
}

/// The file that defines what `path` names: its longest module prefix,
/// followed through that module's re-export of the next name.
fn defining_file(
    path: &[String],
    modules: &BTreeMap<Vec<String>, String>,
    reexports: &Reexports,
) -> Option<Vec<String>> {
    let n = (1..=path.len())
        .rev()
        .find(|n| modules.contains_key(&path[..*n]))?;
    let found = path[..n].to_vec();
    match path.get(n) {
        Some(name) => match reexports.get(&(found.clone(), name.clone())) {
            Some(from) if modules.contains_key(from) => Some(from.clone()),
            _ => Some(found),
        },
        None => Some(found),
    }
}

/// Edges between files of one top-level module, by what each uses (not
/// what it re-exports), each named path followed to the file that defines
/// it. A parent module and its own child may use each other (the type a
/// `mod.rs` owns, the parts its files implement); siblings, cousins and
/// anything further may not go round in a circle.
fn file_edges(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let modules = module_files(src);
    let is_module = |m: &[String]| modules.contains_key(m);
    let reexports = reexports(&modules, &is_module);
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (module, code) in &modules {
        for (path, reexport) in raw_paths(code) {
            if reexport {
                continue;
            }
            let Some(full) = resolve(module, &path, &is_module) else {
                continue;
            };
            let Some(target) = defining_file(&full, &modules, &reexports) else {
                continue;
            };
            let parent_and_child = target.len() + 1 == module.len() && module.starts_with(&target)
                || module.len() + 1 == target.len() && target.starts_with(module);
            if target != *module && target[0] == module[0] && !parent_and_child {
                edges
                    .entry(module.join("::"))
                    .or_default()
                    .insert(target.join("::"));
            }
        }
    }
    edges
}

/// A circle among `edges`, if there is one.
fn a_circle(edges: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        edges: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|p| p == node) {
            return Some(path[at..].to_vec());
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_string());
        for next in edges.get(node).into_iter().flatten() {
            if let Some(circle) = visit(next, edges, path, done) {
                return Some(circle);
            }
        }
        path.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    edges
        .keys()
        .find_map(|node| visit(node, edges, &mut Vec::new(), &mut done))
}

#[test]
fn no_file_imports_back_into_a_file_that_imports_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let edges = file_edges(&src);
    assert!(
        edges.values().map(BTreeSet::len).sum::<usize>() > 50,
        "the check reads the files' imports: {edges:?}"
    );
    if let Some(circle) = a_circle(&edges) {
        panic!(
            "a circle of imports between files of one module: {}",
            circle.join(" → ")
        );
    }
}

#[test]
fn the_circle_check_finds_a_circle_through_braces_and_super() {
    let module: Vec<String> = ["agent", "commands"].map(String::from).to_vec();
    let named = named_paths(
        &module,
        "use super::{undo::{self, run}, Agent};\nfn f() { super::propose::go(); }",
    );
    let names: Vec<String> = named.iter().map(|p| p.join("::")).collect();
    for want in [
        "agent::undo",
        "agent::undo::run",
        "agent::Agent",
        "agent::propose::go",
    ] {
        assert!(names.contains(&want.to_string()), "{want} in {names:?}");
    }
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    edges
        .entry("a::x".into())
        .or_default()
        .insert("a::y".into());
    edges
        .entry("a::y".into())
        .or_default()
        .insert("a::z".into());
    assert_eq!(a_circle(&edges), None);
    edges
        .entry("a::z".into())
        .or_default()
        .insert("a::x".into());
    assert!(a_circle(&edges).is_some_and(|c| c.len() == 3));
}
