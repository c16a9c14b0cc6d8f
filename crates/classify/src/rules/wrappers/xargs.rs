//! `xargs`: the command it runs, with the words its input adds (which can
//! be any option of that command).

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
        "xargs" => {
            let values = &[
                "-I",
                "-i",
                "-n",
                "-P",
                "-L",
                "-l",
                "-s",
                "-d",
                "-E",
                "-e",
                "-a",
                "--arg-file",
                "--max-args",
                "--max-procs",
                "--max-lines",
                "--delimiter",
                "--replace",
                "--eof",
                "--max-chars",
                "--process-slot-var",
            ];
            // Its table reads `-e` and `-i` as taking only an attached
            // value, as findutils does (`xargs -e reboot` runs reboot).
            let all = input_words(&stdin, args);
            let verdict = match crate::tables::command_index(name, args)
                .or_else(|| first_positional_index(args, values))
            {
                Some(i) => input_turns(&all, &args[..i])
                    .iter()
                    .map(|input| judge_turn(w, name, args, i, input, depth))
                    .max_by_key(|v| v.class)
                    .or_else(|| Some(Verdict::mutation("`xargs` with input nothing proves"))),
                None => Some(Verdict::read_only("`xargs` without a command echoes")),
            };
            // (`--process-slot-var NAME`, by any prefix: the slot number,
            // `0`, is a relative path to whatever reads NAME,
            // `GIT_COMMON_DIR`, `PGSERVICEFILE`; review 124.)
            let slot_var = args.iter().filter_map(Arg::literal).any(|w| {
                w.strip_prefix("--")
                    .map(|l| l.split('=').next().unwrap_or(l))
                    .is_some_and(|l| !l.is_empty() && "process-slot-var".starts_with(l))
            });
            verdict.map(|v| {
                if slot_var {
                    v.max(Verdict::mutation(
                        "`xargs` sets a variable (`--process-slot-var`) in every command it \
                         starts, which may name a file those commands read",
                    ))
                } else {
                    v
                }
            })
        }
        _ => None,
    }
}

/// `xargs` running `args[i..]` with words from `input`.
fn judge_turn(
    w: &mut Walker,
    name: &str,
    args: &[Arg],
    i: usize,
    input: &Input,
    depth: usize,
) -> Verdict {
    let argv: Vec<Arg> = match xargs_replace(&args[..i]) {
        // `-I STR`: every argument holding STR gets the input line
        // spliced in (`sh -c 'echo {}'` runs whatever a line says).
        Some(replace) => args[i..]
            .iter()
            .map(|a| match a.literal() {
                Some(text) if text.contains(replace.as_str()) => from_input(input, text, &replace),
                _ => a.clone(),
            })
            .collect(),
        // The rest of its arguments come from the input, options included
        // (`echo -o/etc/passwd | xargs sort`), unless the input is paths.
        // Input makes any number of words: the first may be the value of
        // an option left last (`xargs grep x -D`), the next are files or
        // options.
        None => {
            let mut argv = args[i..].to_vec();
            match input {
                // (The written words, once each, as xargs adds them.)
                Input::Words(words) => argv.extend(words.iter().map(Arg::literal_of)),
                _ => {
                    argv.push(from_input(input, "{}", "{}"));
                    argv.push(from_input(input, "{}", "{}"));
                }
            }
            argv
        }
    };
    let inner = w.program_invocation(name, &argv, Stdin::Unknown, depth);
    // Options from input can make a program do anything its options allow
    // (`find -delete`, `sort -o FILE`, `crontab -r`), unless it has no
    // option that writes or runs.
    let program = argv.first().and_then(Arg::literal).unwrap_or("");
    let program = program.rsplit('/').next().unwrap_or(program);
    let options_from_input = *input == Input::Anything
        && inner.class == crate::RiskClass::ConfigMutation
        && OPTIONS_DESTROY.contains(&program);
    if options_from_input {
        return Verdict::destructive(format!(
            "via `xargs`: words from the input can be any option of `{program}`, which can write or delete"
        ));
    }
    inner.prefixed(&format!("via `{name}`: "))
}
