//! Pipelines into shells: whether an earlier stage decodes or transforms
//! what a shell will run (hidden from review), and the exact text a plain
//! `echo`/`printf` feeds it.

use brush_parser::ast::{Command, CommandPrefixOrSuffixItem, SimpleCommand};

use super::super::words::{self, Arg};
use super::{base, has_flag};

fn simple_argv(simple: &SimpleCommand) -> Vec<Arg> {
    simple
        .word_or_name
        .iter()
        .chain(
            simple
                .suffix
                .iter()
                .flat_map(|s| s.0.iter())
                .filter_map(|i| match i {
                    CommandPrefixOrSuffixItem::Word(w)
                    | CommandPrefixOrSuffixItem::AssignmentWord(_, w) => Some(w),
                    _ => None,
                }),
        )
        .map(|w| words::analyse(&w.value).arg)
        .collect()
}

/// If this pipeline stage decodes or transforms its data (so what it feeds a
/// shell is hidden from review), a short description of it.
pub(crate) fn decodes_or_transforms(command: &Command) -> Option<String> {
    let Command::Simple(simple) = command else {
        return Some("a compound command".to_string());
    };
    let argv = simple_argv(simple);
    // Look through wrappers: the first word that names a known transformer.
    for (i, arg) in argv.iter().enumerate() {
        let Some(word) = arg.literal() else {
            return Some(format!("`{}`", arg.raw()));
        };
        let name = base(word);
        let rest = &argv[i + 1..];
        let decoding = match name {
            "base64" | "base32" | "basenc" => has_flag(rest, "dD", &["decode"]),
            "xxd" => has_flag(rest, "r", &["revert"]),
            "gzip" | "bzip2" | "xz" | "zstd" | "lz4" | "lzma" => {
                has_flag(rest, "d", &["decompress", "uncompress"])
            }
            "openssl" => has_flag(rest, "d", &[]),
            "echo" => has_flag(rest, "e", &[]) || rest.iter().any(|a| a.raw().contains('\\')),
            "printf" => rest
                .iter()
                .any(|a| a.raw().contains('\\') || a.raw().contains('%')),
            "gunzip" | "zcat" | "bunzip2" | "bzcat" | "unxz" | "xzcat" | "unzstd" | "zstdcat"
            | "uudecode" | "rev" | "tr" | "sed" | "awk" | "gawk" | "mawk" | "iconv" | "perl"
            | "ruby" | "node" | "php" | "eval" => true,
            n if n.starts_with("python") => true,
            _ => false,
        };
        if decoding {
            return Some(name.to_string());
        }
        if !matches!(
            name,
            "sudo" | "doas" | "env" | "nice" | "nohup" | "stdbuf" | "timeout" | "command" | "exec"
        ) {
            return None;
        }
    }
    None
}

/// The exact text an `echo`/`printf` of literal words prints, when it is
/// plain (no escapes, no format directives).
pub(crate) fn literal_output(simple: &SimpleCommand) -> Option<String> {
    let argv = simple_argv(simple);
    let (program, rest) = argv.split_first()?;
    let name = base(program.literal()?);
    if rest
        .iter()
        .any(|a| a.kind != words::ArgKind::Literal || a.text.contains('\\'))
    {
        return None;
    }
    let words: Vec<&str> = rest.iter().map(|a| a.text.as_str()).collect();
    match name {
        "echo" => {
            let words: Vec<&str> = words.into_iter().skip_while(|w| *w == "-n").collect();
            if words.first().is_some_and(|w| w.starts_with('-')) {
                return None;
            }
            Some(words.join(" "))
        }
        "printf" if words.len() == 1 && !words[0].contains('%') => Some(words[0].to_string()),
        _ => None,
    }
}
