//! Launchers: `env`, `timeout`, `nice` and its kin (`ionice`, `chrt`,
//! `nohup`, `setsid`, `stdbuf`, `time`, `chroot`, `nsenter`, `flock`,
//! `taskset`, `busybox`, `builtin`, `exec`, the tracers), `command`,
//! `watch`, `systemd-run`: judged by the command they start.

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
        "env" => {
            // (coreutils 9.7's `-a`/`--argv0` names the program it runs.)
            const ENV_VALUES: &[&str] = &["-u", "--unset", "-C", "--chdir", "-a", "--argv0"];
            let own = own_options(args, ENV_VALUES);
            if has_flag(own, "S", &["split-string"]) {
                return Some(inline_script(w, name, args, ('S', "--split-string"), depth));
            }
            // (getopt_long takes any prefix `--s…` of `--split-string`,
            // the only long option starting so; review 124.)
            if own.iter().filter_map(Arg::literal).any(|o| {
                o.strip_prefix("--")
                    .map(|l| l.split('=').next().unwrap_or(l))
                    .is_some_and(|l| {
                        !l.is_empty() && l != "split-string" && "split-string".starts_with(l)
                    })
            }) {
                return Some(Verdict::destructive(
                    "`env` splits a string into a command (`--split-string`, abbreviated) and runs it",
                ));
            }
            let mut i = 0;
            let mut verdict = Verdict::read_only("`env` prints the environment");
            let mut skip_next = false;
            while i < args.len() {
                let a = &args[i];
                if skip_next {
                    skip_next = false;
                } else if let Some(lit) = a.literal() {
                    if lit == "--" {
                        // (Assignments still follow: env.c reads
                        // `NAME=VALUE` words after its options, `--`
                        // included; review 124.)
                        i += 1;
                        while let Some((var, value)) = args
                            .get(i)
                            .and_then(Arg::literal)
                            .and_then(|l| l.split_once('='))
                        {
                            verdict = verdict.max(command_environment(var, Some(value)));
                            i += 1;
                        }
                        break;
                    } else if lit.starts_with('-') {
                        skip_next = takes_next(lit, ENV_VALUES);
                    } else if let Some((var, value)) = lit.split_once('=') {
                        verdict = verdict.max(command_environment(var, Some(value)));
                    } else {
                        break;
                    }
                } else {
                    return Some(Verdict::destructive(format!(
                        "`env` runs `{}`, only known at run time",
                        a.raw()
                    )));
                }
                i += 1;
            }
            if i < args.len() {
                // A shell started without PATH takes its own default
                // (bash's ends in `.`): a program not installed is then
                // looked up in the working folder.
                // (Through any wrapper: `env -i timeout 5 bash -c …`; `su`
                // and `runuser` start the account's shell, PATH kept.)
                let shell = args[i..].iter().filter_map(Arg::literal).any(|p| {
                    let p = p.rsplit('/').next().unwrap_or(p);
                    SHELLS.contains(&p) || matches!(p, "su" | "runuser" | "sg")
                });
                if shell && env_drops_path(args) {
                    return Some(Verdict::destructive(
                        "`env` starts a shell without PATH: bash's default search path ends in \
                         `.`, so a command it does not find runs from the working folder",
                    ));
                }
                Some(verdict.max(via(
                    name,
                    w.program_invocation(name, &args[i..], stdin, depth),
                )?))
            } else {
                Some(verdict)
            }
        }
        "timeout" => {
            // timeout [OPTION] DURATION COMMAND…
            let i = first_positional_index(args, &["-s", "--signal", "-k", "--kill-after"])?;
            // (`--foreground`: when the time is up, the command's children
            // are not stopped; review 48.)
            let left = has_flag(&args[..i], "", &["foreground"]).then(|| {
                Verdict::mutation(
                    "`timeout --foreground` leaves the command's children running when the time is up",
                )
            });
            match args.get(i + 1) {
                Some(_) => via(
                    name,
                    w.program_invocation(name, &args[i + 1..], stdin, depth),
                )
                .map(|v| left.clone().map_or(v.clone(), |l| v.max(l))),
                None => Some(Verdict::read_only("`timeout` without a command")),
            }
        }
        "nice" | "ionice" | "chrt" | "nohup" | "setsid" | "stdbuf" | "unbuffer" | "time"
        | "chroot" | "nsenter" | "flock" | "taskset" | "busybox" | "builtin" | "exec"
        | "strace" | "ltrace" => {
            let values: &[&str] = match name {
                "nice" => &["-n", "--adjustment"],
                "ionice" => IONICE_VALUES,
                "chrt" => &["-p"],
                "stdbuf" => &["-i", "-o", "-e"],
                // GNU time(1): `-o FILE` and `-f FORMAT` take values.
                "time" => &["-o", "--output", "-f", "--format"],
                "nsenter" => &["-t", "--target", "-S", "-G", "--setuid", "--setgid"],
                "flock" => &["-w", "--timeout", "-E", "--conflict-exit-code"],
                "strace" | "ltrace" => TRACER_VALUED,
                _ => &[],
            };
            if let Some(verdict) = acts_on_process(name, args) {
                return Some(verdict);
            }
            if name == "flock" && has_flag(args, "c", &["command"]) {
                return Some(inline_script(w, name, args, ('c', "--command"), depth));
            }
            if matches!(name, "strace" | "ltrace") {
                let own = own_options(args, values);
                if has_flag(own, "o", &["output"]) {
                    return Some(Verdict::destructive(format!(
                        "`{name} -o` writes its trace to a file or pipes it to a command"
                    )));
                }
                if has_flag(own, "p", &["attach"]) {
                    return Some(Verdict::mutation(format!(
                        "`{name} -p` shows what a running process reads and writes, its secrets included"
                    )));
                }
            }
            let first = crate::tables::command_index(name, args)
                .or_else(|| first_positional_index(args, values));
            // chroot DIR CMD, flock FILE CMD, chrt PRIO CMD, taskset MASK CMD:
            // the first positional is not the command.
            let first = match name {
                "chroot" | "flock" | "chrt" | "taskset"
                    if crate::tables::spec(name, args).is_none() =>
                {
                    first.map(|i| i + 1)
                }
                _ => first,
            };
            // setsid(1): a process group's leader forks and returns at
            // once, leaving the program running, unless `-w` waits for it.
            if name == "setsid" && !has_flag(args, "w", &["wait"]) {
                let inner = match first {
                    Some(i) if i < args.len() => {
                        via(name, w.program_invocation(name, &args[i..], stdin, depth))
                    }
                    _ => None,
                };
                let left = Verdict::mutation(
                    "`setsid` without `-w` may return at once and leave the program running",
                );
                return Some(inner.map_or(left.clone(), |v| v.max(left)));
            }
            if name == "chroot" {
                return Some(Verdict::destructive(
                    "`chroot` runs the programs of another root folder, whose contents are unknown",
                ));
            }
            match first {
                Some(i) if i < args.len() => {
                    via(name, w.program_invocation(name, &args[i..], stdin, depth))
                }
                _ if name == "exec" => Some(Verdict::read_only("`exec` only redirects")),
                _ if name == "nsenter" => Some(w.stdin_script(stdin, name, depth).max(
                    Verdict::mutation("`nsenter` without a command opens a shell"),
                )),
                _ => Some(Verdict::read_only(format!(
                    "`{name}` without a command only prints"
                ))),
            }
        }
        "command" => {
            if has_flag(own_options(args, &[]), "vV", &[]) {
                return Some(Verdict::read_only("`command -v` looks a program up"));
            }
            run_from(
                w,
                name,
                args,
                first_positional_index(args, &[]),
                stdin,
                depth,
            )
        }
        "watch" => {
            let values = &["-n", "--interval", "-q", "--equexit"];
            let i = crate::tables::command_index(name, args)
                .or_else(|| first_positional_index(args, values))?;
            if has_flag(&args[..i], "x", &["exec"]) {
                via(name, w.program_invocation(name, &args[i..], stdin, depth))
            } else {
                Some(joined_script(w, name, &args[i..], depth))
            }
        }
        "systemd-run" => {
            let values = &[
                "-u",
                "--unit",
                "-p",
                "--property",
                "--description",
                "--slice",
                "-E",
                "--setenv",
                "-H",
                "--host",
                "-M",
                "--machine",
                "--uid",
                "--gid",
                "--on-calendar",
                "--on-active",
                "--on-boot",
                "--on-startup",
                "--on-unit-active",
                "--on-unit-inactive",
                "-d",
                "--working-directory",
                "--nice",
                "--timer-property",
                "--path-property",
                "--socket-property",
            ];
            let i = first_positional_index(args, values)?;
            Some(
                Verdict::mutation("`systemd-run` starts a transient unit").max(via(
                    name,
                    w.program_invocation(name, &args[i..], stdin, depth),
                )?),
            )
        }
        _ => None,
    }
}

/// ionice(1)'s options that take a value (util-linux 2.39).
const IONICE_VALUES: &[&str] = &["-c", "-n", "-p", "-P", "-u", "--class", "--classdata"];

/// `taskset -p`, `chrt -p` and `ionice -p|-P|-u` (util-linux 2.39) act on
/// running processes and run nothing. taskset's and chrt's `-p` is a
/// flag, the PID the last word: with the PID alone they print its
/// affinity or policy, with a mask or a priority before it they set it
/// (taskset.c, chrt.c: `argc - optind == 1` gets only). ionice's takes
/// the first id as its value, the operands are more ids: without `-c` or
/// `-n` each one's class is printed, with them set.
fn acts_on_process(name: &str, args: &[Arg]) -> Option<Verdict> {
    if name == "ionice" {
        let own = own_options(args, IONICE_VALUES);
        if !has_flag(own, "pPu", &[]) {
            return None;
        }
        return Some(if has_flag(own, "cn", &["class", "classdata"]) {
            Verdict::mutation(
                "`ionice -c`/`-n` with `-p`, `-P` or `-u` sets running processes' I/O class",
            )
        } else {
            Verdict::read_only("`ionice -p` prints running processes' I/O class")
        });
    }
    if !matches!(name, "taskset" | "chrt") {
        return None;
    }
    let own = own_options(args, &[]);
    if !has_flag(own, "p", &["pid"]) {
        return None;
    }
    let what = if name == "taskset" {
        "CPU affinity"
    } else {
        "scheduling policy"
    };
    // (A policy named beside chrt's `-p` sets it from util-linux 2.42 on,
    // even without a priority; review 95. Only `-a`, `-v` print.)
    let policy = name == "chrt"
        && own.iter().filter_map(Arg::literal).any(|w| {
            w.strip_prefix("--").map_or_else(
                || w.chars().skip(1).any(|c| !matches!(c, 'p' | 'a' | 'v')),
                |long| !matches!(long, "pid" | "all-tasks" | "verbose"),
            )
        });
    Some(match args.len() - own.len() {
        1 if !policy => Verdict::read_only(format!("`{name} -p PID` prints a process's {what}")),
        _ => Verdict::mutation(format!("`{name} -p` sets a running process's {what}")),
    })
}
