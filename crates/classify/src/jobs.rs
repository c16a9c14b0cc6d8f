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
    matches!(kind, ast::ProcessSubstitutionKind::Read) && !text.contains(['>', '&'])
}

/// A process substitution runs in the background: read to its end by a
/// program that reads every file it is given (`diff <(a) <(b)`), it has
/// ended with it; any other program may return first and leave it
/// running (`echo <(sleep 1000)`), and one written to (`>(…)`) runs on
/// until it is done (review 48).
pub(crate) fn left_running(argv: &[Arg], substitutions: &[bool]) -> Option<Verdict> {
    // (Programs that read every operand to its end, going on past one
    // they cannot open: `diff`, `sort`, `comm`, `paste` stop at the first
    // error or difference, `sort -c` at the first disorder; review 51.)
    const READS_TO_END: &[&str] = &[
        "cat",
        "wc",
        "md5sum",
        "sha1sum",
        "sha256sum",
        "sha512sum",
        "b2sum",
        "cksum",
    ];
    if substitutions.is_empty() {
        return None;
    }
    let program = argv
        .first()
        .and_then(Arg::literal)
        .map(|p| p.rsplit('/').next().unwrap_or(p));
    // (`diff -q`, `--brief`, `sort -c` may stop at the first difference.)
    let brief = argv.iter().filter_map(Arg::literal).any(|w| {
        matches!(w, "--brief" | "--check" | "-C")
            || (w.starts_with('-') && !w.starts_with("--") && w.contains(['q', 'c']))
    });
    // Programs that compare or merge their operands read each to its end
    // when every operand is a substitution (no file to fail on first):
    // `diff <(a) <(b)`.
    const READ_ALL_WHEN_ALL_SUBSTITUTIONS: &[&str] = &["diff", "comm", "paste", "sort"];
    let operands = argv
        .iter()
        .skip(1)
        .filter(|a| !a.raw().starts_with('-') || a.raw() == "-")
        .count();
    let all_substitutions = operands == substitutions.len();
    let reads_all = program.is_some_and(|p| {
        READS_TO_END.contains(&p)
            || (READ_ALL_WHEN_ALL_SUBSTITUTIONS.contains(&p) && all_substitutions)
    });
    let ends = reads_all && !brief && substitutions.iter().all(|read| *read);
    (!ends).then(|| {
        Verdict::mutation(
            "a process substitution runs in the background, and the command may end before it",
        )
    })
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
