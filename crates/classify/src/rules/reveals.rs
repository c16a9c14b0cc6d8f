//! Reads that return secrets without naming a secret file: a container's
//! environment (`docker inspect`, `docker exec … env`), a disk read raw
//! (`dd if=/dev/sda`), names read from a file list (`file -f
//! /etc/shadow` prints each line), paths an awk program names in its own
//! text, a recursive search by default (`ag`), configuration a tool
//! assembles from a path (`systemd-analyze cat-config`), API credentials
//! a tool prints (`pvenode acme plugin config`, `kubectl get secret`).
//!
//! Environment printers on the target itself (`env`, `printenv`, `set`,
//! `declare -p`) stay read-only: Nomos's session on a target is a login
//! shell it opened, whose environment holds no credential it did not
//! put there. A container's environment is the application's, where
//! compose files and images keep database passwords and API keys.

use super::secrets::{self, Folders};
use super::{Arg, Verdict, reads_secret};

/// Why `name args…` may print a secret it does not name, if it may.
pub(super) fn reveals(name: &str, args: &[Arg], folders: &Folders) -> Option<Verdict> {
    let lits: Vec<&str> = args.iter().filter_map(Arg::literal).collect();
    match name {
        "docker" | "podman" | "nerdctl" => container_environment(name, &lits),
        "dd" => args
            .iter()
            .filter_map(|a| a.raw().strip_prefix("if="))
            .find(|input| secrets::may_print_secret(input, input.contains('$'), folders))
            .map(reads_secret),
        "awk" | "gawk" | "mawk" | "nawk" | "busybox" => awk_program(&lits),
        "ag" | "ack" | "ack-grep" | "ugrep" | "pt" | "sift" => {
            // Only names or counts: no file's contents.
            let names_only = lits.iter().any(|w| {
                matches!(
                    *w,
                    "-l" | "-L"
                        | "-c"
                        | "--count"
                        | "--files-with-matches"
                        | "--files-without-matches"
                )
            });
            if names_only {
                return None;
            }
            let folders_named: Vec<&str> = search_operands(&lits).into_iter().skip(1).collect();
            let reached = folders_named
                .iter()
                .find(|f| !f.starts_with('/') || secrets::folder_holds_secrets(f));
            match (folders_named.is_empty(), reached) {
                (true, _) => Some(reads_secret("the working folder recursively")),
                (false, Some(folder)) => {
                    Some(reads_secret(&format!("the folder {folder} recursively")))
                }
                (false, None) => None,
            }
        }
        "systemd-analyze" if lits.first() == Some(&"cat-config") => lits[1..]
            .iter()
            .filter(|w| !w.starts_with('-'))
            .find(|w| {
                w.contains("..")
                    || ["/etc/", "/run/", "/usr/lib/", "/"]
                        .iter()
                        .any(|root| secrets::names_secret_in(&format!("{root}{w}"), true, folders))
            })
            .map(|w| reads_secret(w)),
        "pvenode" if lits.starts_with(&["acme", "plugin", "config"]) => Some(reads_secret(
            "an ACME DNS plugin's configuration (its API credentials)",
        )),
        "kubectl" => kubernetes_secret(&lits),
        "file" | "du" | "wc" | "md5sum" | "sha1sum" | "sha256sum" | "sha512sum" | "b2sum"
        | "cksum" | "stat" | "ls" | "find" => file_list(&lits, folders),
        _ => None,
    }
}

/// The operands of a recursive searcher (`ag`, `ack`), skipping the
/// values of its options that take one.
fn search_operands<'a>(words: &[&'a str]) -> Vec<&'a str> {
    const VALUED: &[&str] = &[
        "-A",
        "-B",
        "-C",
        "-G",
        "-g",
        "-m",
        "-p",
        "-W",
        "--depth",
        "--file-search-regex",
        "--after",
        "--before",
        "--context",
        "--max-count",
        "--path-to-ignore",
        "--ignore",
        "--ignore-dir",
        "--width",
        "--pager",
        "--type",
        "-t",
    ];
    let mut out = Vec::new();
    let mut skip = false;
    for word in words {
        if skip {
            skip = false;
        } else if VALUED.contains(word) {
            skip = true;
        } else if !word.starts_with('-') {
            out.push(*word);
        }
    }
    out
}

/// `docker inspect` without a format that leaves the environment out,
/// `docker exec C env`, `docker compose config` (the compose file with
/// its `.env` values filled in).
fn container_environment(name: &str, words: &[&str]) -> Option<Verdict> {
    let verbs: Vec<&str> = words
        .iter()
        .filter(|w| !w.starts_with('-'))
        .copied()
        .collect();
    let inspect = matches!(
        verbs.as_slice(),
        ["inspect", ..] | ["container" | "image", "inspect", ..]
    );
    if inspect {
        let format = words
            .iter()
            .enumerate()
            .find_map(|(i, w)| match *w {
                "-f" | "--format" => words.get(i + 1).copied(),
                _ => w.strip_prefix("--format=").or_else(|| w.strip_prefix("-f")),
            })
            .filter(|f| !f.is_empty());
        let other_object = words.iter().enumerate().any(|(i, w)| {
            let kind = match *w {
                "--type" => words.get(i + 1).copied(),
                _ => w.strip_prefix("--type="),
            };
            kind.is_some_and(|k| matches!(k, "volume" | "network" | "node" | "plugin"))
        });
        let shows_env = !other_object
            && format.is_none_or(|f| {
                let f = f.replace(' ', "");
                f.contains("Env")
                    || f.contains("json.}")
                    || f.contains("{{.}}")
                    || f.contains(".Config}")
            });
        return shows_env.then(|| {
            reads_secret(&format!(
                "the container's configuration through `{name} inspect`, environment (passwords, keys) included"
            ))
        });
    }
    let names_only = words.iter().any(|w| {
        matches!(
            *w,
            "--services" | "--volumes" | "--profiles" | "--images" | "--networks" | "--hash"
        )
    });
    if matches!(verbs.as_slice(), ["compose", "config", ..]) && !names_only {
        return Some(reads_secret(&format!(
            "the compose project through `{name} compose config`, its `.env` values filled in"
        )));
    }
    let exec = verbs.first() == Some(&"exec") || verbs.starts_with(&["container", "exec"]);
    let printers = ["env", "printenv", "set", "export", "declare", "compgen"];
    (exec && verbs.iter().any(|w| printers.contains(w))).then(|| {
        reads_secret(&format!(
            "the container's environment through `{name} exec`, where applications keep passwords and keys"
        ))
    })
}

/// Paths an awk program names in its own text (`BEGIN { while ((getline
/// l < "/etc/shadow") > 0) print l }`), and programs that pick their
/// files at run time (`ARGV[1] = …`, `getline < name`).
fn awk_program(words: &[&str]) -> Option<Verdict> {
    let program = words.iter().find(|w| !w.starts_with('-'))?;
    let quoted: Vec<&str> = program.split('"').skip(1).step_by(2).collect();
    if let Some(path) = quoted.iter().find(|q| secrets::names_secret(q, false)) {
        return Some(reads_secret(path));
    }
    let compact = program.replace(' ', "");
    let picks_files = compact.contains("ARGV[")
        || compact.contains("ARGC=")
        || compact.contains("getline<")
        || compact.contains("getline<$")
        || compact.contains("getlinevar<");
    picks_files
        .then(|| reads_secret("files the awk program chooses at run time (`ARGV`, `getline <`)"))
}

/// `kubectl get secret(s) -o yaml|json|jsonpath…`, `kubectl config view
/// --raw` (certificates and tokens), `kubectl describe secret` shows only
/// sizes.
fn kubernetes_secret(words: &[&str]) -> Option<Verdict> {
    let raw_config = words.starts_with(&["config", "view"])
        && words
            .iter()
            .any(|w| *w == "--raw" || w.starts_with("--raw="));
    let get_secret = words.first() == Some(&"get")
        && words.iter().any(|w| {
            let w = w.to_ascii_lowercase();
            w == "secret" || w == "secrets" || w.starts_with("secret/") || w.starts_with("secrets/")
        })
        && words
            .iter()
            .any(|w| w.starts_with("-o") || w.starts_with("--output"));
    (raw_config || get_secret).then(|| reads_secret("Kubernetes credentials"))
}

/// Options of metadata-only programs that read a list of names from a
/// file and print the names (`file -f /etc/shadow`, `du
/// --files0-from=/etc/shadow`), or a magic file (`file -m`).
fn file_list(words: &[&str], folders: &Folders) -> Option<Verdict> {
    const LISTS: &[&str] = &[
        "-f",
        "--files-from",
        "--files0-from",
        "-m",
        "--magic-file",
        "-c",
        "--check",
        "-X",
        "--exclude-from",
        "-T",
    ];
    for (i, word) in words.iter().enumerate() {
        let (option, value) = match word.split_once('=') {
            Some((o, v)) if o.starts_with("--") => (o, Some(v)),
            _ => (*word, words.get(i + 1).copied()),
        };
        if LISTS.contains(&option)
            && let Some(value) = value
            && secrets::names_secret_in(value, true, folders)
        {
            return Some(reads_secret(value));
        }
        // Stuck to a short option (`-f/etc/shadow`).
        if let Some(stuck) = word.strip_prefix("-f").or_else(|| word.strip_prefix("-m"))
            && !word.starts_with("--")
            && !stuck.is_empty()
            && secrets::names_secret_in(stuck, true, folders)
        {
            return Some(reads_secret(stuck));
        }
    }
    None
}
