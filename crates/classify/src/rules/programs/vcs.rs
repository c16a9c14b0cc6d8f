//! The rules for git: each arm judges one program (or family) by its flags
//! and subcommands. Part of [`super::specific`].

use super::*;

/// Judges `name args…` if it is one of this family's programs.
pub(super) fn judge(_w: &mut Walker, name: &str, args: &[Arg], _depth: usize) -> Option<Verdict> {
    Some(match name {
        "git" => git(args),
        // A database client with no statement reads statements from its
        // input (or opens a prompt).
        _ => return None,
    })
}
