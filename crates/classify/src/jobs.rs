//! What a command leaves behind or reaches beyond itself, read from its
//! text: jobs in the background a `wait` does not wait for, process
//! substitutions that outlive their reader, descriptors it did not open
//! (reviews 46 to 49). Each is at least a change: a read-only command
//! ends with everything it started and touches only what it opened.

use brush_parser::ast::{self, CompoundList, IoRedirect};

use crate::{Arg, Verdict};

/// Copying descriptor `fd` (`>&3`, `<&9`, `2>&1`): the command's own
/// output and error (and input, to read), or one a redirection before it
/// opened (`3>/dev/null >&3`), are its own; any other is one the command
/// did not open, which may be a file or a socket the runner or an earlier
/// command holds (review 46).
pub(crate) fn inherited_descriptor(fd: i32, writes: bool, before: &[IoRedirect]) -> Verdict {
    let opened = before.iter().any(|r| match r {
        IoRedirect::File(Some(n), ..) => *n == fd,
        _ => false,
    });
    if matches!(fd, 1 | 2) || (fd == 0 && !writes) || opened {
        Verdict::read_only("duplicates a descriptor")
    } else {
        Verdict::mutation(format!(
            "copies descriptor {fd}, which the command did not open: the session's may be a file or a socket"
        ))
    }
}

/// Whether a process substitution ends when its reader has read it all:
/// one read from (`<(…)`) whose commands keep their output on it (not
/// `<(sleep 1000 >/dev/null)`, nor a job of its own; review 49).
pub(crate) fn ends_with_its_reader(
    kind: &ast::ProcessSubstitutionKind,
    list: &CompoundList,
) -> bool {
    let text = list.to_string();
    // (Its errors sent away or onto its output, `2>/dev/null`, `2>&1`,
    // leave the output on the pipe; blind corpus 87.)
    let text = ["2> /dev/null", "2>/dev/null", "2>&1", "2> &1", "2>& 1"]
        .iter()
        .fold(text, |t, r| t.replace(r, ""));
    // (Any other redirection may move its output off the pipe: `>x`, or
    // an input opened on a numbered descriptor, `1< /dev/null`; review
    // 74. Its own input, `< /proc/cmdline`, leaves the output alone.)
    let numbered_input = text
        .match_indices('<')
        .any(|(at, _)| text[..at].ends_with(|c: char| c.is_ascii_digit()));
    matches!(kind, ast::ProcessSubstitutionKind::Read)
        && !text.contains(['>', '&'])
        && !numbered_input
}

/// A process substitution runs in the background: read to its end by a
/// program that reads every file it is given (`diff <(a) <(b)`), it has
/// ended with it; any other program may return first and leave it
/// running (`echo <(sleep 1000)`), and one written to (`>(…)`) runs on
/// until it is done (review 48). "Reads every file to its end" holds for
/// a valid line whose output is always taken: options from a short list
/// that stop nothing early (not `--help`, `sort -c`, `comm
/// --check-order`, `diff -q`, nor a value missing or swallowing an
/// operand), the operands the program takes (`diff` and `comm` two), and
/// an output that is no pipe a reader may close first (`cat <(yes) |
/// head -n1`) nor a closed descriptor (reviews 51 and 52).
pub(crate) fn left_running(
    argv: &[Arg],
    substitutions: &[bool],
    output_may_close: bool,
) -> Option<Verdict> {
    if substitutions.is_empty() {
        return None;
    }
    let ends = !output_may_close
        && substitutions.iter().all(|read| *read)
        && argv.first().and_then(Arg::literal).is_some_and(|program| {
            reads_every_operand(
                program.rsplit('/').next().unwrap_or(program),
                &argv[1..],
                substitutions.len(),
            )
        });
    (!ends).then(|| {
        Verdict::mutation(
            "a process substitution runs in the background, and the command may end before it",
        )
    })
}

/// A program that reads every operand to its end, with its short flags
/// that stop nothing early and its long ones; `all_substitutions`: only
/// when every operand is one (`diff`, `comm`, `paste`, `sort` stop at a
/// file they cannot open); `arity`: the operands it takes.
struct Reader {
    names: &'static [&'static str],
    flags: &'static str,
    long: &'static [&'static str],
    all_substitutions: bool,
    arity: Option<usize>,
}

#[rustfmt::skip]
const READERS: &[Reader] = &[
    Reader { names: &["cat"], flags: "AbeEnstTuv", long: &["number", "number-nonblank", "show-all", "show-ends", "show-tabs", "show-nonprinting", "squeeze-blank"], all_substitutions: false, arity: None },
    Reader { names: &["wc"], flags: "clwmL", long: &["bytes", "chars", "lines", "words", "max-line-length"], all_substitutions: false, arity: None },
    Reader { names: &["md5sum", "sha1sum", "sha224sum", "sha256sum", "sha384sum", "sha512sum", "b2sum", "cksum"], flags: "btz", long: &["binary", "text", "tag", "zero"], all_substitutions: false, arity: None },
    Reader { names: &["diff"], flags: "abBdEiNptTuwyZ", long: &["text", "ignore-all-space", "ignore-space-change", "ignore-blank-lines", "ignore-case", "minimal", "unified", "side-by-side", "suppress-common-lines", "expand-tabs", "initial-tab", "strip-trailing-cr", "show-c-function", "new-file", "color"], all_substitutions: true, arity: Some(2) },
    Reader { names: &["comm"], flags: "123z", long: &["nocheck-order", "total", "zero-terminated"], all_substitutions: true, arity: Some(2) },
    Reader { names: &["paste"], flags: "sz", long: &["serial", "zero-terminated"], all_substitutions: true, arity: None },
    Reader { names: &["sort"], flags: "bdfghiMmnRrsuVz", long: &["ignore-leading-blanks", "dictionary-order", "ignore-case", "general-numeric-sort", "human-numeric-sort", "ignore-nonprinting", "month-sort", "merge", "numeric-sort", "random-sort", "reverse", "stable", "unique", "version-sort", "zero-terminated"], all_substitutions: true, arity: None },
];

/// Whether `program` with `args` reads each operand to its end, the
/// `substitutions` among them.
fn reads_every_operand(program: &str, args: &[Arg], substitutions: usize) -> bool {
    let Some(reader) = READERS.iter().find(|r| r.names.contains(&program)) else {
        return false;
    };
    let Some(operands) = operands_if_nothing_stops(reader, program, args) else {
        return false;
    };
    // Substitutions given as the input (`wc -l < <(…)`): read when the
    // program reads its input, with no operand or `-`.
    let in_words = args.iter().filter(|a| a.raw() == "<(…)").count();
    let dashes = args.iter().filter(|a| a.literal() == Some("-")).count();
    let as_input = substitutions.saturating_sub(in_words);
    let reads_input = operands == 0 || dashes > 0;
    if as_input > 1 || (as_input == 1 && !reads_input) {
        return false;
    }
    // (Each operand a substitution: one in the words, or `-` for the one
    // given as the input.)
    let (operands, substituted) = match operands {
        0 => (as_input, as_input),
        n => (n, in_words + if as_input == 1 { dashes } else { 0 }),
    };
    operands >= 1
        && reader.arity.is_none_or(|n| operands == n)
        && (!reader.all_substitutions || operands == substituted)
}

/// How many operands `args` give `reader`, when every option is one of
/// its flags that stop nothing early (values attached where the program
/// takes one: `-U3`, `-k2,2`, `-t,`, `-d,`, `--color=always`; never the
/// next word, which may be a substitution).
fn operands_if_nothing_stops(reader: &Reader, program: &str, args: &[Arg]) -> Option<usize> {
    let attached = |letter: char, value: &str| {
        !value.is_empty()
            && match (program, letter) {
                ("diff", 'U') => value.bytes().all(|b| b.is_ascii_digit()),
                ("sort", 'k' | 't') | ("paste", 'd') => true,
                _ => false,
            }
    };
    let mut operands = 0;
    for arg in args {
        let word = arg.literal().or((arg.raw() == "<(…)").then_some("<(…)"))?;
        if word == "-" || !word.starts_with('-') {
            operands += 1;
        } else if let Some(name) = word.strip_prefix("--") {
            let (name, value) = name
                .split_once('=')
                .map_or((name, None), |(n, v)| (n, Some(v)));
            let valued_ok = matches!(
                (program, name),
                ("diff", "color") | ("sort", "key" | "field-separator") | ("paste", "delimiters")
            ) && value.is_some_and(|v| !v.is_empty());
            if !(valued_ok || (value.is_none() && reader.long.contains(&name))) {
                return None;
            }
        } else {
            let cluster = &word[1..];
            for (at, letter) in cluster.char_indices() {
                if attached(letter, &cluster[at + 1..]) {
                    break;
                }
                if !reader.flags.contains(letter) {
                    return None;
                }
            }
        }
    }
    Some(operands)
}

/// Whether a plain `wait` follows in a list's later items with only
/// other jobs started in the background before it: `a & b & wait`. (A
/// command between may leave the shell first, `exit`, `return`, `set
/// -e` and a failure, and the job with it; review 48.)
pub(crate) fn waited_for(rest: &[ast::CompoundListItem]) -> bool {
    for item in rest {
        if item.0.additional.is_empty() && item.0.first.to_string().trim() == "wait" {
            return true;
        }
        if !matches!(item.1, ast::SeparatorOperator::Async) {
            return false;
        }
    }
    false
}

/// Whether a process substitution ends on its own, whoever reads it and
/// whenever the reader stops: each of its commands prints a bounded
/// output and exits, or dies of the closed pipe when it writes again
/// (Proxmox's listings, file readers, text filters), and none waits
/// without writing (`sleep`, `tail -f`, a shell's `wait`, a device it
/// reads, a program's endless loop). With no redirection, background
/// job, subshell or nested substitution; single-quoted words are data to
/// these programs (an awk program's `NR>1`), but not one that runs
/// commands (`system`, `getline`) or loops (`while`, jq's `def`). Review 104: a reader's shape (`while read … break`, `|
/// head`) cannot then leave it running.
pub(crate) fn ends_on_its_own(list: &CompoundList) -> bool {
    let raw = list.to_string();
    let raw = ["2> /dev/null", "2>/dev/null"]
        .iter()
        .fold(raw, |t, r| t.replace(r, ""));
    // (Nor a kernel file that waits for what it gives, `/proc/kmsg`, a
    // tracing pipe; nor a program's loop that never ends without
    // writing: awk's `while`, `for`, `do`, functions, jq's `def`,
    // `until`, `while`, `repeat`, `recurse`.)
    const LOOPS_OR_RUNS: &[&str] = &[
        "system", "getline", "close", "fflush", "while", "for", "do", "function", "def", "until",
        "repeat", "recurse",
    ];
    if ["/dev/", "/proc/", "/sys/", "$(", "`"]
        .iter()
        .any(|w| raw.contains(w))
        || raw
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .any(|token| LOOPS_OR_RUNS.contains(&token))
    {
        return false;
    }
    let Some(text) = crate::without_single_quoted_text(&raw) else {
        return false;
    };
    if text.contains(['&', '>', '<', '(', ')', '{', '}', '"', '\\']) {
        return false;
    }
    // (A filter first in its pipeline reads the session's input, which
    // may never end: only with a file to read, an absolute path.)
    let fed = text
        .replace("||", ";")
        .split([';', '\n'])
        .filter_map(|pipeline| pipeline.split('|').next())
        .all(|first| {
            let words: Vec<&str> = first.split_whitespace().collect();
            match words.split_first() {
                Some((program, rest)) => {
                    SOURCES.contains(program) || rest.iter().any(|w| w.starts_with('/'))
                }
                None => true,
            }
        });
    let commands = crate::words::shell_commands(&raw);
    fed && !commands.is_empty() && commands.iter().all(|words| finite_command(words))
}

/// The programs of [`finite_command`] that read no input of the session.
const SOURCES: &[&str] = &[
    "qm", "pct", "pvesh", "pvesm", "zfs", "zpool", "ip", "find", "ls", "seq", "printf", "echo",
    "lsblk", "df", "ss", "ps", "hostname", "date", "stat", "du", "findmnt", "free", "uptime",
    "uname", "nproc", "lscpu", "lsmod", "lspci", "lsusb", "id", "whoami",
];

/// One command of [`ends_on_its_own`]: its words, quotes kept.
fn finite_command(words: &[String]) -> bool {
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let Some((&program, rest)) = words.split_first() else {
        return false;
    };
    let verb = rest.iter().find(|w| !w.starts_with('-')).copied();
    let has = |w: &str| rest.contains(&w);
    match program {
        "qm" | "pct" => matches!(
            verb,
            Some("list" | "config" | "status" | "listsnapshot" | "pending")
        ),
        "pvesh" => matches!(verb, Some("get" | "ls")),
        "pvesm" => matches!(verb, Some("status" | "list")),
        "zfs" | "zpool" => matches!(verb, Some("list" | "get" | "status")),
        "ip" => verb != Some("monitor") && !rest.iter().any(|w| w.contains("monitor")),
        "find" => !rest.iter().any(|w| {
            w.starts_with("-exec") || w.starts_with("-ok") || w.starts_with("-f") || *w == "-delete"
        }),
        "tail" => !rest.iter().any(|w| {
            w.starts_with("--follow")
                || w.starts_with("--pid")
                || (w.starts_with('-') && !w.starts_with("--") && w.contains(['f', 'F']))
        }),
        // (free(1) repeats with `-s`/`--seconds`, and `-c` counts them.)
        "free" => !rest.iter().any(|w| {
            w.starts_with("--s")
                || w.starts_with("--c")
                || (w.starts_with('-') && !w.starts_with("--") && w.contains(['s', 'c']))
        }),
        "uptime" | "uname" | "nproc" | "lscpu" | "lsmod" | "lspci" | "lsusb" | "id" | "whoami" => {
            true
        }
        "ls" | "seq" | "printf" | "echo" | "lsblk" | "df" | "ss" | "ps" | "hostname" | "date"
        | "stat" | "du" | "findmnt" | "awk" | "gawk" | "mawk" | "grep" | "egrep" | "fgrep"
        | "cut" | "tr" | "sort" | "uniq" | "head" | "wc" | "column" | "nl" | "tac" | "jq"
        | "paste" | "rev" | "fold" | "cat" | "comm" | "join" => !has("-"),
        _ => false,
    }
}
