//! Commands run inside a guest or a namespace: `lxc-attach`, `pct
//! exec|enter|console`, `qm guest exec`, `docker|podman exec`, `ip netns
//! exec`.

use super::*;

/// Judges `name args…` if it is one of this family's wrappers.
pub(super) fn wrap(
    w: &mut Walker,
    name: &str,
    args: &[Arg],
    stdin: Stdin<'_>,
    depth: usize,
) -> Option<Verdict> {
    match name {
        "lxc-attach" => {
            let command = args
                .iter()
                .position(|a| a.literal() == Some("--"))
                .map(|dashdash| &args[dashdash + 1..])
                .filter(|command| !command.is_empty());
            match command {
                Some(command) => via(name, w.invocation(command, stdin, depth)),
                // No command: a shell in the container reads the input.
                None => Some(w.stdin_script(stdin, name, depth).max(Verdict::mutation(
                    "`lxc-attach` without a command opens a shell",
                ))),
            }
        }
        // A console or a shell in a container reads the input.
        "pct"
            if matches!(
                args.first().and_then(Arg::literal),
                Some("enter" | "console")
            ) =>
        {
            Some(w.stdin_script(stdin, name, depth).max(Verdict::mutation(
                "`pct enter` opens a shell in the container",
            )))
        }
        "pct" if args.first().and_then(Arg::literal) == Some("exec") => {
            // pct exec VMID [OPTIONS] [--] COMMAND…, where the table
            // reads the options.
            let rest = match crate::tables::command_index(name, args) {
                Some(i) => args[i..].to_vec(),
                None => {
                    let tail = getopt_long_command(args.get(2..).unwrap_or(&[]));
                    let start = first_positional_index(&tail, &["--keep-env", "-keep-env"])
                        .unwrap_or(tail.len());
                    tail[start..].to_vec()
                }
            };
            if rest.is_empty() {
                return Some(Verdict::mutation("`pct exec` without a command"));
            }
            via(name, w.invocation(&rest, stdin, depth))
        }
        "qm" if args.first().and_then(Arg::literal) == Some("guest")
            && args.get(1).and_then(Arg::literal) == Some("exec") =>
        {
            // qm guest exec VMID [--] COMMAND…
            if let Some(i) = crate::tables::command_index(name, args) {
                return via(name, w.invocation(&args[i..], stdin, depth));
            }
            let tail = getopt_long_command(args.get(3..).unwrap_or(&[]));
            let start =
                first_positional_index(&tail, &["--timeout", "--pass-stdin", "--synchronous"])
                    .unwrap_or(tail.len());
            let rest = tail[start..].to_vec();
            if rest.is_empty() {
                return Some(Verdict::mutation("`qm guest exec` without a command"));
            }
            via(name, w.invocation(&rest, stdin, depth))
        }
        "docker" | "podman"
            if args
                .iter()
                .filter_map(Arg::literal)
                .find(|a| !a.starts_with('-'))
                == Some("exec") =>
        {
            let i = args.iter().position(|a| a.literal() == Some("exec"))?;
            let rest = &args[i + 1..];
            let values = &[
                "-e",
                "--env",
                "--env-file",
                "-u",
                "--user",
                "-w",
                "--workdir",
                "--detach-keys",
            ];
            let container = first_positional_index(rest, values)?;
            let command = &rest[container + 1..];
            if command.is_empty() {
                return Some(Verdict::mutation(format!(
                    "`{name} exec` without a command"
                )));
            }
            // Only `-i` (`--interactive`) hands the command this side's
            // input; without it the command reads nothing. (Any short
            // cluster with an `i` counts, a value's letters too.)
            let interactive = rest[..container].iter().any(|a| {
                a.literal().is_none_or(|w| {
                    w.starts_with("--interactive")
                        || (w.starts_with('-') && !w.starts_with("--") && w.contains('i'))
                })
            });
            let stdin = if interactive { stdin } else { Stdin::Inherited };
            via(name, w.invocation(command, stdin, depth))
        }
        "ip" if args
            .iter()
            .filter_map(Arg::literal)
            .find(|a| !a.starts_with('-'))
            == Some("netns")
            && args.iter().filter_map(Arg::literal).any(|a| a == "exec") =>
        {
            let i = args.iter().position(|a| a.literal() == Some("exec"))?;
            args.get(i + 2)
                .and_then(|_| via(name, w.invocation(&args[i + 2..], stdin, depth)))
        }
        _ => None,
    }
}
