//! The rules for bash builtins whose options run code or set the
//! environment: each arm judges one program (or family) by its flags and
//! subcommands. Part of [`super::specific`].

use super::*;

/// Judges `name args…` if it is one of this family's programs.
pub(super) fn judge(_w: &mut Walker, name: &str, args: &[Arg], _depth: usize) -> Option<Verdict> {
    let ro = |why: &str| Verdict::read_only(format!("`{name}` {why}"));
    let de = |why: &str| Verdict::destructive(format!("`{name}` {why}"));
    Some(match name {
        "jobs" if has_flag(args, "x", &[]) => de("runs a command (`jobs -x`)"),
        "hash" if has_flag(args, "p", &[]) => {
            de("makes a command name run another program (`hash -p`)")
        }
        "set"
            if args.iter().filter_map(Arg::literal).any(|a| {
                (a.starts_with('-') && !a.starts_with("--") && a.contains('k')) || a == "keyword"
            }) =>
        {
            de("makes later `NAME=VALUE` words a command's environment (`set -k`)")
        }
        "alias" => ro("lists aliases"),
        "printf" if has_flag(args, "v", &[]) => ro("sets a shell variable"),
        _ => return None,
    })
}
