//! The dependency policy, checked offline against what cargo resolved for
//! this platform (`cargo metadata --offline`): every crate's licence must
//! be satisfiable from the permissive list below (MPL-2.0, file-level
//! copyleft, is the one exception), no crate from the banned list may be
//! linked (TLS is rustls only; no OpenSSL), and the number of crates that
//! are linked in two versions may not grow (today's come from russh and
//! matrix-sdk pinning different RustCrypto releases).

use std::collections::{BTreeMap, BTreeSet};
use std::process::Command;

use serde_json::Value;

/// Licences a dependency may be used under.
const ALLOWED: &[&str] = &[
    "0BSD",
    "Apache-2.0",
    "BSD-2-Clause",
    "BSD-3-Clause",
    "BSL-1.0",
    "CC0-1.0",
    "CDLA-Permissive-2.0",
    "ISC",
    "MIT",
    "MIT-0",
    "MPL-2.0",
    "Unicode-3.0",
    "Unlicense",
    "Zlib",
];

/// Crates that may not be linked, and why.
const BANNED: &[(&str, &str)] = &[
    ("openssl", "TLS is rustls only"),
    ("openssl-sys", "TLS is rustls only"),
    ("native-tls", "TLS is rustls only"),
];

/// Crate names linked in more than one version today. A new one fails
/// the check: line dependencies up, or raise this with the reason.
const MAX_DUPLICATED: usize = 53;

fn host_triple() -> String {
    let out = Command::new("rustc")
        .arg("-vV")
        .output()
        .expect("rustc runs");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .find_map(|l| l.strip_prefix("host: "))
        .expect("rustc names its host")
        .to_string()
}

/// The packages cargo resolved for this platform.
fn resolved() -> Vec<Value> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .args(["metadata", "--format-version", "1", "--offline", "--locked"])
        .args(["--filter-platform", &host_triple()])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo metadata runs");
    assert!(
        out.status.success(),
        "cargo metadata: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let meta: Value = serde_json::from_slice(&out.stdout).expect("metadata is JSON");
    let ids: BTreeSet<&str> = meta["resolve"]["nodes"]
        .as_array()
        .expect("nodes")
        .iter()
        .filter_map(|n| n["id"].as_str())
        .collect();
    meta["packages"]
        .as_array()
        .expect("packages")
        .iter()
        .filter(|p| p["id"].as_str().is_some_and(|id| ids.contains(id)))
        .cloned()
        .collect()
}

/// Whether an SPDX licence expression (with the old `/` for OR) can be
/// met using only `allowed` licences. `AND` binds tighter than `OR`; an
/// exception (`WITH …`) and a trailing `+` keep the base licence.
fn satisfiable(expression: &str, allowed: &[&str]) -> bool {
    let spaced = expression
        .replace('(', " ( ")
        .replace(')', " ) ")
        .replace('/', " OR ");
    let tokens: Vec<&str> = spaced.split_whitespace().collect();
    let mut at = 0;
    let ok = or_expr(&tokens, &mut at, allowed);
    ok && at == tokens.len()
}

fn or_expr(tokens: &[&str], at: &mut usize, allowed: &[&str]) -> bool {
    let mut any = and_expr(tokens, at, allowed);
    while tokens.get(*at) == Some(&"OR") {
        *at += 1;
        any |= and_expr(tokens, at, allowed);
    }
    any
}

fn and_expr(tokens: &[&str], at: &mut usize, allowed: &[&str]) -> bool {
    let mut all = term(tokens, at, allowed);
    while tokens.get(*at) == Some(&"AND") {
        *at += 1;
        all &= term(tokens, at, allowed);
    }
    all
}

fn term(tokens: &[&str], at: &mut usize, allowed: &[&str]) -> bool {
    let Some(token) = tokens.get(*at) else {
        return false;
    };
    *at += 1;
    if *token == "(" {
        let inner = or_expr(tokens, at, allowed);
        let closed = tokens.get(*at) == Some(&")");
        *at += 1;
        return inner && closed;
    }
    if tokens.get(*at) == Some(&"WITH") {
        *at += 2;
    }
    allowed.contains(&token.trim_end_matches('+'))
}

#[test]
fn licence_expressions_are_read_as_spdx_means_them() {
    let allowed = &["MIT", "Apache-2.0"];
    assert!(satisfiable("MIT OR GPL-3.0", allowed));
    assert!(satisfiable("MIT/Apache-2.0", allowed));
    assert!(satisfiable("(MIT OR GPL-2.0) AND Apache-2.0", allowed));
    assert!(satisfiable(
        "Apache-2.0 WITH LLVM-exception OR GPL-2.0",
        allowed
    ));
    assert!(!satisfiable("MIT AND GPL-3.0", allowed));
    assert!(!satisfiable("GPL-3.0 OR AGPL-3.0", allowed));
    assert!(!satisfiable("MIT AND (GPL-2.0 OR LGPL-2.1)", allowed));
    assert!(!satisfiable("", allowed));
}

#[test]
fn dependencies_keep_the_policy() {
    let packages = resolved();
    assert!(packages.len() > 100, "{} packages", packages.len());
    let mut refused = Vec::new();
    let mut versions: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for p in &packages {
        let name = p["name"].as_str().unwrap_or("?");
        let version = p["version"].as_str().unwrap_or("?");
        versions.entry(name).or_default().insert(version);
        match p["license"].as_str() {
            Some(licence) if satisfiable(licence, ALLOWED) => {}
            Some(licence) => refused.push(format!("{name} {version}: licence `{licence}`")),
            None => refused.push(format!("{name} {version}: no licence expression")),
        }
        if let Some((_, why)) = BANNED.iter().find(|(banned, _)| *banned == name) {
            refused.push(format!("{name} {version} is banned: {why}"));
        }
    }
    assert!(refused.is_empty(), "{}", refused.join("\n"));
    let doubled: Vec<String> = versions
        .iter()
        .filter(|(_, v)| v.len() > 1)
        .map(|(n, v)| format!("{n} {v:?}"))
        .collect();
    assert!(
        doubled.len() <= MAX_DUPLICATED,
        "{} crates are linked in more than one version (at most {MAX_DUPLICATED}):\n{}",
        doubled.len(),
        doubled.join("\n")
    );
}

/// The image is built with the release the toolchain file pins: a
/// `FROM rust:X.Y…` line whose version starts the pinned channel. (The
/// image itself is built where a container builder and the network are:
/// `docker build -t nomos .`, see the README's Container section; these
/// machines have neither.)
#[test]
fn the_dockerfile_builds_with_the_pinned_release() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let toolchain = std::fs::read_to_string(root.join("rust-toolchain.toml")).expect("toolchain");
    let channel = toolchain
        .lines()
        .find_map(|l| l.trim().strip_prefix("channel = "))
        .map(|c| c.trim_matches('"').to_string())
        .expect("a pinned channel");
    let dockerfile = std::fs::read_to_string(root.join("Dockerfile")).expect("Dockerfile");
    let builder = dockerfile
        .lines()
        .find_map(|l| l.strip_prefix("FROM rust:"))
        .expect("a rust builder stage");
    let version = builder.split(['-', ' ']).next().unwrap_or("");
    assert!(
        same_release(version, &channel),
        "Dockerfile builds with rust:{version}, rust-toolchain.toml pins {channel}"
    );
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).expect("Cargo.toml");
    let minimum = manifest
        .lines()
        .find_map(|l| l.strip_prefix("rust-version = "))
        .map(|v| v.trim_matches('"').to_string())
        .expect("rust-version");
    assert!(
        same_release(&minimum, &channel),
        "Cargo.toml's rust-version {minimum} is not the pinned {channel}"
    );
    assert!(same_release("1.95", "1.95.0") && !same_release("1.9", "1.95.0"));
    assert!(!same_release("1", "1.95.0") && !same_release("", "1.95.0"));
}

/// Whether `short` (major.minor at least) names the release `pinned`,
/// component by component.
fn same_release(short: &str, pinned: &str) -> bool {
    let short: Vec<&str> = short.split('.').collect();
    let pinned: Vec<&str> = pinned.split('.').collect();
    short.len() >= 2
        && short.len() <= pinned.len()
        && short.iter().zip(&pinned).all(|(a, b)| a == b)
}
