//! The tables of options known to be harmless, one module per family of
//! tools. A command is read-only only when its program has an entry here
//! and [`crate::options::prove`] holds for its arguments under that entry's
//! [`Spec`]: the rules in [`crate::rules`] may still raise it, never lower
//! it.
//!
//! Every entry is written from the tool's own documentation (the Debian
//! package's man page and `--help`; for Proxmox's tools, their source),
//! named in the entry's comment, and carries examples that must come out
//! read-only and examples that must not; `tests::every_entry_holds_its_examples`
//! checks them all through the whole classifier.
//!
//! To add a program: find its family module (or start one), write a
//! [`Spec`] with only the options that neither write, delete, signal, run
//! another program nor send data anywhere, and an [`Entry`] with at least
//! one example each way. An option you are unsure of stays out: leaving
//! one out costs an approval, putting a wrong one in costs the promise.

/// A command level whose only verbs are `$verbs`, each followed by words
/// `$words` reads (`$bare`: the level may also end the command).
macro_rules! verbs_then {
    ($name:ident, $verbs:literal, $words:ident, $bare:literal) => {
        const $name: Spec = Spec {
            operands: Operands::Verbs {
                verbs: &[Verb {
                    names: $verbs,
                    spec: Some(&$words),
                }],
                bare_ok: $bare,
            },
            ..Spec::POSIX
        };
    };
}

mod admin;
mod apps;
pub(crate) use apps::lab_url;
mod audit;
mod containers;
mod coreutils;
mod databases;
mod devices;
mod fileservers;
pub(crate) use databases::sql_only_reads;
mod diagnostics;
mod distros;
pub(crate) use diagnostics::smb_query_host;
mod automation;
mod homenet;
mod identity;
mod mail;
mod media;
mod mongo;
mod monitoring;
pub(crate) use mongo::js_only_reads;
mod network;
pub(crate) use network::{
    cookie_data, names_authentication_header, quoted_plain_expansions, resolves_within_lab,
};
mod objects;
mod ops;
pub(crate) use ops::site_folder;
mod php_apps;
mod run;
mod services;
mod system;
mod tools;
mod virtualization;
mod windows;
pub(crate) use tools::decompressor;
pub(crate) use windows::{
    cmd_command, pipeline_reads, powershell_command, tool_reads, windows_program,
};

use std::sync::OnceLock;

pub use crate::options::{Between, Operands, Other, Spec, Verb};

/// One program's entry.
pub struct Entry {
    /// The names it is run by (`["grep", "egrep", "fgrep"]`).
    pub names: &'static [&'static str],
    pub spec: &'static Spec,
    /// Commands that must be judged read-only.
    pub read_only: &'static [&'static str],
    /// Commands with this program that must not be.
    pub not: &'static [&'static str],
}

/// Every entry of every family.
pub fn entries() -> impl Iterator<Item = &'static Entry> {
    [
        coreutils::ENTRIES,
        system::ENTRIES,
        network::ENTRIES,
        tools::ENTRIES,
        run::ENTRIES,
        diagnostics::ENTRIES,
        admin::ENTRIES,
        databases::ENTRIES,
        apps::ENTRIES,
        audit::ENTRIES,
        identity::ENTRIES,
        automation::ENTRIES,
        services::ENTRIES,
        windows::ENTRIES,
        virtualization::ENTRIES,
        mail::ENTRIES,
        homenet::ENTRIES,
        media::ENTRIES,
        mongo::ENTRIES,
        objects::ENTRIES,
        devices::ENTRIES,
        ops::ENTRIES,
        php_apps::ENTRIES,
        containers::ENTRIES,
        fileservers::ENTRIES,
        monitoring::ENTRIES,
        distros::ENTRIES,
    ]
    .into_iter()
    .flatten()
}

/// Where the command a wrapper runs starts in its arguments, read by the
/// wrapper's table (`None` without a table, a proof or a command).
pub(crate) fn command_index(name: &str, args: &[crate::Arg]) -> Option<usize> {
    let (spec, words) = spec(name, args)?;
    crate::options::command_index(spec, &args[words..]).map(|i| words + i)
}

/// The operands of a proven command, as its table reads them (for where
/// it sends data).
/// A file an option reads and may print: known when the command is read
/// (not a run-time value, which may be any file) and no secret by its
/// name, spelled or matched (`for f in /etc/pve/priv/*.pw; do date -f
/// "$f"`).
/// A spec that takes no operand and no option of its own.
const NO_OPERANDS: Spec = Spec {
    operands: Operands::None,
    ..Spec::POSIX
};

/// A path spelled without `..`, `.`, doubled slashes or anything the shell
/// or a glob would change.
fn plain_path(value: &str) -> bool {
    !value.contains("/..")
        && !value.contains("/./")
        && !value.contains("//")
        && !value.ends_with("/.")
        && !value.contains(['*', '?', '[', '$', '`', '\\'])
}

pub(crate) fn read_file(value: &str) -> bool {
    use crate::secret_paths::{Folders, file_names_secret, names_secret};
    !value.is_empty() && !names_secret(value, true) && !file_names_secret(value, &Folders::home())
}

pub(crate) fn operands<'a>(name: &str, args: &'a [crate::Arg]) -> Vec<&'a crate::Arg> {
    match spec(name, args) {
        Some((spec, words)) => crate::options::operands(spec, &args[words..]),
        None => Vec::new(),
    }
}

/// Where a program's verb is in `args`, as its table's parser finds it
/// (see [`crate::options::verb_index`]); for a multi-word entry (`k3s
/// kubectl`), the verb after its words.
pub(crate) fn verb_index(name: &str, args: &[crate::Arg]) -> Option<usize> {
    let (spec, words) = spec(name, args)?;
    crate::options::verb_index(spec, &args[words..]).map(|i| words + i)
}

/// A line read by the program's own table as its proof reads it, every
/// option with its value in every spelling its parser takes (clusters,
/// attached values): the program's options up to its verb, the verb's
/// after it (see [`crate::options::read_line`]). `None` where the table
/// cannot read the line, which is then not proven read-only either.
pub(crate) fn reading<'a>(
    name: &str,
    args: &'a [crate::Arg],
) -> Option<crate::options::Reading<'a>> {
    let (spec, words) = spec(name, args)?;
    crate::options::read_line(spec, &args[words..])
}

/// `args` with every option in a word of its own and every value in the
/// next word, as the program's table reads them (see
/// [`crate::options::Reading::respelled`]); `None` where nothing needs
/// respelling or no table reads the line.
pub(crate) fn respelled(name: &str, args: &[crate::Arg]) -> Option<Vec<crate::Arg>> {
    // Only a short option's word can hold more than one option or its
    // value (`-Xh`, `-qNAME`): without one, nothing to respell, and no
    // parse spent on it.
    let short_words = args.iter().any(|a| {
        a.literal()
            .is_some_and(|w| w.len() > 2 && w.starts_with('-') && !w.starts_with("--"))
    });
    if !short_words {
        return None;
    }
    let (spec, words) = spec(name, args)?;
    let line = crate::options::read_line(spec, &args[words..])?;
    let rest = line.respelled(&args[words..], spec.single_dash_long)?;
    Some(args[..words].iter().cloned().chain(rest).collect())
}

/// The values the program's table reads for the options `names`, written
/// as on a command line (`-h`, `--host`, `-connect`), as words (a value
/// only known at run time stays one); `None` for an option given without
/// a value. Empty where the table cannot read the line.
pub(crate) fn option_values(
    name: &str,
    args: &[crate::Arg],
    names: &[&str],
) -> Vec<Option<crate::Arg>> {
    use crate::options::Value;
    let bare: Vec<&str> = names.iter().map(|n| n.trim_start_matches('-')).collect();
    let Some(line) = reading(name, args) else {
        return Vec::new();
    };
    line.values(&bare)
        .map(|v| {
            v.map(|v| match v {
                Value::Text(t) => crate::Arg::literal_of(t),
                Value::RunTime(raw) => crate::Arg::dynamic(raw),
            })
        })
        .collect()
}

/// Where in `args` the values of the options `names` (short letters and
/// long names) are, as words of their own (`-H VALUE`), as the program's
/// table reads the line: empty where it cannot read it.
pub(crate) fn value_words(name: &str, args: &[crate::Arg], names: &[&str]) -> Vec<usize> {
    let Some((spec, words)) = spec(name, args) else {
        return Vec::new();
    };
    let Some(line) = crate::options::read_line(spec, &args[words..]) else {
        return Vec::new();
    };
    line.options
        .iter()
        .filter(|g| g.from > 0 && names.contains(&g.name))
        .map(|g| words + g.at + g.from)
        .collect()
}

/// Where in `args` the words are that the program's table reads as
/// options taking no value there (`-noout -pubkey`, `-tv`) or as its
/// subcommands: words that name no file, whatever their text looks like
/// (`-pubkey` is no key).
pub(crate) fn flag_words(name: &str, args: &[crate::Arg]) -> Vec<usize> {
    use crate::options::{Kind, Operands};
    let Some((spec, words)) = spec(name, args) else {
        return Vec::new();
    };
    // (Nothing to find without an option word or a subcommand.)
    let verbs = matches!(spec.operands, Operands::Verbs { .. });
    let options = args[words..].iter().any(|a| {
        a.literal()
            .is_some_and(|w| w.starts_with('-') && w.len() > 1)
    });
    if !verbs && !options {
        return Vec::new();
    }
    let Some(line) = crate::options::read_line(spec, &args[words..]) else {
        return Vec::new();
    };
    let mut at: Vec<usize> = line.options.iter().map(|g| g.at).collect();
    at.dedup();
    at.into_iter()
        .filter(|i| {
            line.options
                .iter()
                .filter(|g| g.at == *i)
                .all(|g| g.value.is_none() && matches!(g.kind, Kind::Flag | Kind::Optional))
        })
        // (And the subcommands the table reads: `vault operator
        // key-status` names no file.)
        .chain(line.verbs.iter().copied())
        .map(|i| words + i)
        .collect()
}

/// Whether the program's table proves `args` read-only: every option
/// harmless, no command it runs ([`crate::options::prove`]).
pub(crate) fn proves_read_only(name: &str, args: &[crate::Arg]) -> bool {
    spec(name, args).is_some_and(|(spec, words)| {
        matches!(
            crate::options::prove(spec, &args[words..]),
            Ok(crate::options::Proof::ReadOnly)
        )
    })
}

/// The spec for a program's base name, or for a program and its first
/// words where those run another command (`pct exec`, `ip netns exec`):
/// the longest name that matches, with how many words it took.
pub fn spec(name: &str, args: &[crate::Arg]) -> Option<(&'static Spec, usize)> {
    static INDEX: OnceLock<crate::Map<&'static str, &'static Spec>> = OnceLock::new();
    let index = INDEX.get_or_init(|| {
        entries()
            .flat_map(|e| e.names.iter().map(move |n| (*n, e.spec)))
            .collect()
    });
    // Programs with a multi-word entry (`pct exec`): only for them are
    // longer keys built.
    static MULTI: OnceLock<crate::Set<&'static str>> = OnceLock::new();
    let multi = MULTI.get_or_init(|| {
        index
            .keys()
            .filter_map(|k| k.split_once(' ').map(|(first, _)| first))
            .collect()
    });
    if !multi.contains(name) {
        return index.get(name).map(|spec| (*spec, 0));
    }
    let words: Vec<&str> = args.iter().take(2).map_while(crate::Arg::literal).collect();
    (0..=words.len()).rev().find_map(|n| {
        let key = std::iter::once(name)
            .chain(words[..n].iter().copied())
            .collect::<Vec<_>>()
            .join(" ");
        index.get(key.as_str()).map(|spec| (*spec, n))
    })
}
