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
