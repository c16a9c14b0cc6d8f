//! Programs that run another program or a script: judged by what they
//! run (`sudo CMD`, `timeout 5 CMD`, `sh -c 'SCRIPT'`, `pct exec ID -- CMD`,
//! `ssh HOST CMD`, `xargs CMD`, …), and shells and interpreters, whose
//! input is itself a program.

use super::super::words::Arg;
use super::*;

mod builtins;
mod guests;
mod launchers;
mod privilege;
pub(crate) use privilege::runuser_names_user;
mod remote;
mod xargs;

/// The options of strace(1) 6.1 and ltrace(1) that take a value: what
/// follows them is not the traced command.
pub(super) const TRACER_VALUED: &[&str] = &[
    "-e", "-o", "-p", "-s", "-u", "-E", "-a", "-b", "-I", "-P", "-X", "-U", "-S", "-O", "-n",
    "--output", "--attach", "--user", "--env",
];

/// The short options of [`TRACER_VALUED`], as a getopt cluster reads them.
pub(super) const TRACER_VALUED_SHORTS: &str = "eopsuEabIPXUSOn";

/// Whether `env args…` runs its command without PATH: `-i`, `-` or
/// `--ignore-environment`, or `-u PATH` in any spelling; a line its table
/// cannot read might.
fn env_drops_path(args: &[Arg]) -> bool {
    let Some(line) = crate::tables::reading("env", args) else {
        return true;
    };
    let unset_path = line
        .values(&["u", "unset"])
        .any(|v| !matches!(v, Some(crate::options::Value::Text(name)) if name != "PATH"));
    line.options
        .iter()
        .any(|g| matches!(g.name, "i" | "ignore-environment"))
        || unset_path
        || line.operands.first().and_then(|a| a.literal()) == Some("-")
}

/// ssh's options that take a value (OpenSSH 9.2).
pub(super) const SSH_VALUES: &[&str] = &[
    "-p", "-i", "-l", "-o", "-F", "-J", "-L", "-R", "-D", "-W", "-b", "-c", "-E", "-e", "-I", "-m",
    "-O", "-Q", "-S", "-w", "-B",
];

/// The wrappers [`wrapper`] judges by what they run.
pub(crate) const WRAPPERS: &[&str] = &[
    "sudo",
    "doas",
    "runuser",
    "su",
    "sg",
    "newgrp",
    "env",
    "timeout",
    "nice",
    "ionice",
    "chrt",
    "nohup",
    "setsid",
    "stdbuf",
    "unbuffer",
    "time",
    "chroot",
    "nsenter",
    "flock",
    "taskset",
    "busybox",
    "builtin",
    "exec",
    "strace",
    "ltrace",
    "command",
    "watch",
    "systemd-run",
    "xargs",
    "ssh",
    "lxc-attach",
    "pct",
    "qm",
    "docker",
    "podman",
    "ip",
    "trap",
    "eval",
    "source",
    ".",
    "alias",
    "export",
    "declare",
    "typeset",
    "local",
    "readonly",
];

/// Wrappers that run another command: judged by what they run, each
/// family by its own module.
pub(super) fn wrapper(
    w: &mut Walker,
    name: &str,
    args: &[Arg],
    stdin: Stdin<'_>,
    depth: usize,
) -> Option<Verdict> {
    let family = match name {
        "sudo" | "doas" | "runuser" | "su" | "sg" | "newgrp" => privilege::wrap,
        "env" | "timeout" | "nice" | "ionice" | "chrt" | "nohup" | "setsid" | "stdbuf"
        | "unbuffer" | "time" | "chroot" | "nsenter" | "flock" | "taskset" | "busybox"
        | "builtin" | "exec" | "strace" | "ltrace" | "command" | "watch" | "systemd-run" => {
            launchers::wrap
        }
        "xargs" => xargs::wrap,
        "ssh" => remote::wrap,
        "lxc-attach" | "pct" | "qm" | "docker" | "podman" | "ip" => guests::wrap,
        "trap" | "eval" | "source" | "." | "alias" | "export" | "declare" | "typeset" | "local"
        | "readonly" => builtins::wrap,
        _ => return None,
    };
    family(w, name, args, stdin, depth)
}

/// `inner`, as run through the wrapper `name`.
fn via(name: &str, inner: Verdict) -> Option<Verdict> {
    Some(inner.prefixed(&format!("via `{name}`: ")))
}

/// What the command from `args[i..]` does, run through `name`.
fn run_from(
    w: &mut Walker,
    name: &str,
    args: &[Arg],
    i: Option<usize>,
    stdin: Stdin<'_>,
    depth: usize,
) -> Option<Verdict> {
    via(name, w.program_invocation(name, &args[i?..], stdin, depth))
}

#[rustfmt::skip]
const SUDO_VALUES: &[&str] = &[
    "-u", "-g", "-h", "-p", "-C", "-D", "-r", "-t", "-U", "-T", "--user", "--group", "--host",
    "--prompt", "--close-from", "--chdir", "--role", "--type", "--other-user", "--command-timeout",
];

/// `runner -c SCRIPT`: the script is the value of `-c` (or of the long
/// option), read as getopt reads it: the next word, attached (`-cid`), or
/// after a cluster ending in the letter (`su -lc 'cmd'`).
fn inline_script(
    w: &mut Walker,
    runner: &str,
    args: &[Arg],
    (short, long): (char, &str),
    depth: usize,
) -> Verdict {
    let mut script = None;
    for (i, arg) in args.iter().enumerate() {
        let Some(word) = arg.literal() else { continue };
        if word == "--" {
            break;
        }
        if word == long {
            script = args.get(i + 1).cloned();
        } else if let Some(value) = word.strip_prefix(long).and_then(|r| r.strip_prefix('=')) {
            script = Some(Arg::literal_of(value));
        } else if let Some(cluster) = word.strip_prefix('-').filter(|c| !c.starts_with('-'))
            && let Some(at) = cluster.find(short)
        {
            let rest = &cluster[at + short.len_utf8()..];
            script = if rest.is_empty() {
                args.get(i + 1).cloned()
            } else {
                Some(Arg::literal_of(rest))
            };
        }
        if script.is_some() {
            break;
        }
    }
    match script {
        Some(text) => match text.literal() {
            Some(body) => {
                sh_script(w, "sh", body, depth).prefixed(&format!("`{runner} -{short}` runs: "))
            }
            None => Verdict::destructive(format!(
                "`{runner} -{short}` runs `{}`, only known at run time",
                text.raw()
            )),
        },
        None => Verdict::mutation(format!("`{runner} -{short}` without a script")),
    }
}

/// Text that bash (the grammar the classifier parses) and a POSIX `sh`
/// (dash on Debian and Proxmox) read differently: `a &>f b` is one command
/// to bash and `a &` then `>f b` to dash; `((cmd))` is arithmetic to bash
/// and a subshell to dash. Scripts that another shell runs (`sh -c`,
/// `watch`, `su -c`, `ssh`) must not contain them.
const BASH_ONLY: &[&str] = &[
    "&>",
    "((",
    "[[",
    "$'",
    "$\"",
    "$[",
    "<(",
    ">(",
    "|&",
    "<<<",
    ";;&",
    ";&",
    "function ",
];

/// What dash reads otherwise that no fixed text marks (review 85): a
/// descriptor of two digits or more, or a named one (`tee 10>/dev/null`
/// writes the file `10`; `{fd}>x` runs `{fd}`), and `time` where a
/// command starts (no keyword to dash: `/usr/bin/time -o FILE` writes
/// FILE).
fn dash_reads_otherwise(unquoted: &str) -> Option<&'static str> {
    let b = unquoted.as_bytes();
    let starts_word =
        |at: usize| at == 0 || b[at - 1].is_ascii_whitespace() || b";&|(".contains(&b[at - 1]);
    let descriptor = (0..b.len()).filter(|&at| starts_word(at)).any(|at| {
        let digits = b[at..].iter().take_while(|c| c.is_ascii_digit()).count();
        let named = (b[at] == b'{')
            .then(|| b[at..].iter().position(|c| *c == b'}'))
            .flatten()
            .filter(|close| {
                *close > 1
                    && b[at + 1..at + close]
                        .iter()
                        .all(|c| c.is_ascii_alphanumeric() || *c == b'_')
            })
            .map(|close| close + 1);
        let end = match named {
            Some(len) => at + len,
            None if digits >= 2 => at + digits,
            None => return false,
        };
        matches!(b.get(end), Some(b'>' | b'<'))
    });
    if descriptor {
        return Some("a descriptor of two digits or a name before a redirection");
    }
    // (`time` where a command starts: after a separator or a reserved
    // word, `if time -o F …`, `then time …`, `{ time …`; review 87.)
    let mut starts = true;
    let mut time = false;
    for token in unquoted
        .split_inclusive(|c: char| c.is_whitespace() || ";&|(){}!".contains(c))
        .flat_map(|t| {
            let last = t
                .chars()
                .last()
                .filter(|c| c.is_whitespace() || ";&|(){}!".contains(*c))
                .map_or(0, char::len_utf8);
            let (word, sep) = t.split_at(t.len() - last);
            [word, sep]
        })
        .filter(|t| !t.trim().is_empty())
    {
        if starts && token == "time" {
            time = true;
            break;
        }
        starts = matches!(
            token,
            ";" | "&"
                | "|"
                | "("
                | ")"
                | "{"
                | "}"
                | "!"
                | "if"
                | "then"
                | "else"
                | "elif"
                | "do"
                | "while"
                | "until"
        );
    }
    time.then_some("time")
}

/// `text` with its single-quoted strings emptied (`'…'` becomes `''`),
/// where bash and dash read the same quotes: `None` where they might not,
/// or where this scan cannot follow them (a comment, a heredoc, `$'`,
/// `$((`, backquotes, a command substitution or `${` inside double
/// quotes, an unclosed quote).
fn without_single_quoted(text: &str) -> Option<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut double = false;
    let mut i = 0;
    while let Some(&c) = chars.get(i) {
        let next = chars.get(i + 1).copied();
        match c {
            // (A backslash and a newline: a continuation, gone in both
            // shells, `[\⏎[` is `[[`; any other escaped character stays.)
            '\\' if next == Some('\n') => {
                i += 2;
                continue;
            }
            '\\' => {
                out.push(c);
                out.push(next?);
                i += 2;
                continue;
            }
            '"' => double = !double,
            // (Backquotes rescan their text after removing backslashes.)
            '`' => return None,
            '$' if next == Some('(') && chars.get(i + 2) == Some(&'(') => return None,
            '$' if double && matches!(next, Some('(' | '{')) => return None,
            '$' if !double && next == Some('\'') => return None,
            '#' if !double => return None,
            '<' if !double && next == Some('<') => return None,
            '\'' if !double => {
                // (An unclosed quote: `?`.)
                let close = chars[i + 1..].iter().position(|d| *d == '\'')? + i + 1;
                out.push_str("''");
                i = close + 1;
                continue;
            }
            _ => {}
        }
        out.push(c);
        i += 1;
    }
    (!double).then_some(out)
}

/// A script run by `runner`: judged as bash, unless `runner` may be
/// another shell and the text is one the two read differently.
pub(crate) fn sh_script(w: &mut Walker, runner: &str, text: &str, depth: usize) -> Verdict {
    // Both shells drop a backslash-newline first (`[\⏎[` is `[[`); `$((…))`
    // is POSIX arithmetic; only a bare `((` differs. But only a plain one:
    // dash reads any `$((` as arithmetic up to the first `))` (its quotes
    // plain characters, a `$(…)` inside run), bash a `$((…) )` as a
    // command substitution: the two see different commands.
    let joined = text.replace("\\\n", "");
    if !matches!(runner, "bash" | "rbash") && !plain_arithmetic(&joined) {
        return Verdict::destructive(format!(
            "`{runner}` may be dash, which reads `$((` as arithmetic up to the first `))` \
             where bash may read a command substitution: the two see different commands"
        ));
    }
    let bare = joined.replace("$((", "$ ");
    // (Inside single quotes each is plain text to both shells: `grep -v
    // ':0$'`; blind corpus 73.)
    // (Read from the text as written: a backslash before a backslash and a
    // newline escapes the backslash, and the newline stays; review 69.)
    let unquoted = without_single_quoted(text).unwrap_or_else(|| bare.clone());
    if !matches!(runner, "bash" | "rbash")
        && let Some(construct) = BASH_ONLY
            .iter()
            .copied()
            .find(|c| unquoted.contains(*c))
            .or_else(|| dash_reads_otherwise(&unquoted))
    {
        return Verdict::destructive(format!(
            "`{runner}` may not be bash, and `{}` means something else to a POSIX shell (dash)",
            construct.trim()
        ));
    }
    // (Read where the quote scan followed the text: a `${…}` inside
    // single quotes is plain text to both shells, and one inside double
    // quotes leaves the scan without an answer, so the whole text is
    // read; blind corpus 87: `ssh h "dpkg-query -f='\${Package}'"`.)
    if !matches!(runner, "bash" | "rbash")
        && (quote_in_braced_expansion(&unquoted) || braced_expansion_unscanned(&unquoted))
    {
        return Verdict::destructive(format!(
            "`{runner}` may be dash, which reads a `'` inside a double-quoted `${{…}}` as a \
             plain character where bash reads a quote: the two see different commands"
        ));
    }
    // (A shell of its own: the caller's loop values and constants are not
    // exported, so not its variables; review 96.)
    w.in_child_shell(|w| w.script(text, depth + 1))
}

/// Whether `text` has a quote (`'` or `"`) inside a `${…}`: bash and dash
/// read quotes there differently once the expansion is itself in double
/// quotes (dash's `dqsyntax` has no `'`, and its `"` only marks), at any
/// nesting (`"$(… "${x:-'}" …)"`); an unquoted one is refused too, the
/// scanner not following every nesting.
fn quote_in_braced_expansion(text: &str) -> bool {
    let b = text.as_bytes();
    let (mut single, mut double, mut depth) = (false, false, 0usize);
    // Substitutions inside a `${…}` (`$(echo })`, backquotes): their `}`
    // closes nothing.
    let (mut parens, mut backquoted) = (0usize, false);
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        i += 1;
        if single && depth == 0 {
            single = c != b'\'';
            continue;
        }
        match c {
            b'\\' => i += 1,
            b'\'' | b'"' if depth > 0 => return true,
            b'(' if depth > 0 => parens += 1,
            b')' if depth > 0 => parens = parens.saturating_sub(1),
            b'`' if depth > 0 => backquoted = !backquoted,
            b'}' if depth > 0 && (parens > 0 || backquoted) => {}
            b'"' => double = !double,
            b'\'' if !double => single = true,
            b'$' if b.get(i) == Some(&b'{') => {
                depth += 1;
                i += 1;
            }
            b'}' if depth > 0 => depth -= 1,
            _ => {}
        }
    }
    false
}

/// The command a Proxmox CLI runs from the words after the guest's id, as
/// Getopt::Long (permuting) leaves them: the first `--` is dropped and the
/// words on both sides joined (`tar tf X -- --checkpoint-action=…` runs
/// `tar tf X --checkpoint-action=…`).
fn getopt_long_command(words: &[Arg]) -> Vec<Arg> {
    let mut out = words.to_vec();
    if let Some(i) = out.iter().position(|a| a.literal() == Some("--")) {
        out.remove(i);
    }
    out
}

/// Whether every `$((` in `text` opens plain arithmetic: up to its first
/// `))` at its own depth, names, numbers, operators and parameters only
/// (no quote, backquote or `$(`), as dash and bash both read it.
fn plain_arithmetic(text: &str) -> bool {
    let mut rest = text;
    while let Some(at) = rest.find("$((") {
        let inner = &rest[at + 3..];
        let mut depth = 0usize;
        let mut end = None;
        let b = inner.as_bytes();
        let mut i = 0;
        while i < b.len() {
            match b[i] {
                b'(' => depth += 1,
                b')' if depth == 0 => {
                    if b.get(i + 1) == Some(&b')') {
                        end = Some(i);
                    }
                    break;
                }
                b')' => depth -= 1,
                _ => {}
            }
            i += 1;
        }
        let Some(end) = end else {
            return false;
        };
        let expression = &inner[..end];
        if expression.contains(['\'', '"', '`', '\\']) || expression.contains("$(") {
            return false;
        }
        rest = &inner[end + 2..];
    }
    true
}

/// Whether a text with a `${` holds what the scan above cannot follow as
/// dash does: a `'` anywhere after the first `${` (inside one, dash
/// reads it as a plain character; outside, it may be in a comment or a
/// here-document the scan would take for a quote), a comment, or a
/// here-document (their bodies are data to dash: a quote or a `)` there
/// would move the scan's idea of where a `${…}` ends).
fn braced_expansion_unscanned(text: &str) -> bool {
    let Some(first) = text.find("${") else {
        return false;
    };
    let b = text.as_bytes();
    let comment = b.iter().enumerate().any(|(i, c)| {
        *c == b'#'
            && (i == 0
                || matches!(
                    b[i - 1],
                    b' ' | b'\t' | b'\n' | b';' | b'&' | b'|' | b'(' | b')'
                ))
    });
    text[first..].contains('\'') || comment || text.contains("<<")
}

/// Whether a text reads otherwise to zsh or fish than to sh: a `(` right
/// after a glob character (zsh's qualifiers, `*(e:…:)`), a backslash
/// before a `'` (fish's escaped quote inside single quotes), or any
/// unquoted `(` but `$(` and `$((` (fish substitutes `(CMD)` anywhere, also
/// after `@` or a letter, and runs its output where sh has a subshell).
fn other_shells_differ(text: &str) -> bool {
    let b = text.as_bytes();
    // (Quoted text is no glob and no group in zsh: `grep -vE "^\s*(#|$)"`
    // means the same there; blind corpus 214. fish's `\'` differs inside
    // single quotes only.)
    let (mut single, mut double) = (false, false);
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        match c {
            b'\\' if single && b.get(i + 1) == Some(&b'\'') => return true,
            b'\'' if !double => single = !single,
            b'"' if !single => double = !double,
            b'\\' if !single => i += 1,
            b'(' if !single && !double => {
                let substitution = (i >= 1 && b[i - 1] == b'$')
                    || (i >= 2 && b[i - 1] == b'(' && b[i - 2] == b'$');
                if !substitution {
                    return true;
                }
            }
            _ => {}
        }
        i += 1;
    }
    false
}

/// `watch CMD…`, `ssh HOST CMD…`: the words are joined and run by a shell.
pub(crate) fn joined_script(w: &mut Walker, runner: &str, words: &[Arg], depth: usize) -> Verdict {
    if let Some(d) = first_dynamic(words) {
        return Verdict::destructive(format!(
            "`{runner}` runs `{}`, only known at run time",
            d.raw()
        ));
    }
    // The local shell puts the matching names in first, and the shell
    // that runs the joined text reads them as code (`x;CMD;.txt`).
    if let Some(g) = words.iter().find(|a| a.is_glob()) {
        return Verdict::destructive(format!(
            "`{runner}` joins the file names `{}` matches into the script it runs: a name is code there",
            g.raw()
        ));
    }
    let text: Vec<&str> = words.iter().map(|a| a.text.as_str()).collect();
    let text = text.join(" ");
    // A Windows host's OpenSSH with PowerShell as its shell: a pipeline
    // that starts with a cmdlet, read by the Windows grammar (blind
    // corpus 219). Nothing in it any POSIX shell would run: no command
    // substitution, backquote, separator or redirection, and no stage
    // named as a Unix program (a cmdlet's `Verb-Noun`).
    if runner == "ssh" && powershell_pipeline_reads(&text) {
        return Verdict::read_only(
            "`ssh` runs a PowerShell pipeline that only reports (a Windows host's shell)",
        );
    }
    // ssh's remote end runs the account's login shell, which may be zsh
    // (a glob qualifier `*(e:CODE:)` runs CODE) or fish (`\'` inside single
    // quotes is a quote): such text means something else there.
    if runner == "ssh" && other_shells_differ(&text) {
        return Verdict::destructive(
            "`ssh` hands its command to the remote login shell, which may be zsh or fish: \
             a glob qualifier, `\\'` inside single quotes or a bare `(…)` runs there what sh \
             does not",
        );
    }
    sh_script(w, "sh", &text, depth).prefixed(&format!("`{runner}` runs: "))
}

/// Whether `text` is a PowerShell pipeline whose every stage is a cmdlet
/// (`Verb-Noun`) and which the Windows grammar reads as only reporting.
fn powershell_pipeline_reads(text: &str) -> bool {
    let cmdlet = |word: &str| {
        word.split_once('-').is_some_and(|(verb, noun)| {
            verb.len() > 1
                && !noun.is_empty()
                && verb.starts_with(|c: char| c.is_ascii_uppercase())
                && verb.chars().all(|c| c.is_ascii_alphabetic())
                && noun.chars().all(|c| c.is_ascii_alphanumeric())
        })
    };
    let stages_are_cmdlets = text
        .split('|')
        .all(|stage| stage.split_whitespace().next().is_some_and(cmdlet));
    stages_are_cmdlets
        && !text.contains(['`', ';', '&', '>', '<', '\n', '\r'])
        && !text.contains("$(")
        && crate::tables::pipeline_reads(text)
}

pub(super) fn shell(
    w: &mut Walker,
    name: &str,
    args: &[Arg],
    stdin: Stdin<'_>,
    depth: usize,
) -> Verdict {
    // A login or interactive shell first runs the host's startup files
    // (/etc/profile, ~/.profile, ~/.bashrc): code nobody sees on the card.
    let startup = args.iter().filter_map(Arg::literal).any(|lit| {
        matches!(lit, "--login" | "--interactive")
            || lit.starts_with("--rcfile")
            || lit.starts_with("--init-file")
            || (lit.starts_with('-') && !lit.starts_with("--") && lit[1..].contains(['l', 'i']))
    });
    // (`bash -m`, `-o monitor`: job control, each job in a process group
    // of its own; review 50.)
    let monitor = args
        .iter()
        .filter_map(Arg::literal)
        .take_while(|lit| lit.starts_with(['-', '+']) || *lit == "monitor")
        .any(|lit| {
            lit == "monitor" || (!lit.starts_with("--") && lit.len() > 1 && lit[1..].contains('m'))
        });
    let verdict = shell_body(w, name, args, stdin, depth);
    let verdict = if monitor {
        verdict.max(Verdict::mutation(format!(
            "`{name} -m` turns job control on: each job gets a process group of its own"
        )))
    } else {
        verdict
    };
    if startup {
        return verdict.max(Verdict::mutation(format!(
            "`{name}` as a login or interactive shell runs the host's startup files (/etc/profile, \
             ~/.profile, ~/.bashrc), which are not on the card"
        )));
    }
    verdict
}

fn shell_body(w: &mut Walker, name: &str, args: &[Arg], stdin: Stdin<'_>, depth: usize) -> Verdict {
    let line = match shell_line(args) {
        Ok(line) => line,
        Err(ShellWord::RunTime(raw)) => {
            return Verdict::destructive(format!("`{name}` gets `{raw}`, only known at run time"));
        }
        Err(ShellWord::Prints(option)) => {
            return Verdict::read_only(format!("`{name} {option}` only prints"));
        }
    };
    // (`-n`: noexec, the shell reads its script and runs none of it, a
    // syntax check (blind corpus 116); an interactive shell ignores it,
    // and one reading its input is interactive when that input is a
    // terminal (`ssh -tt`, `su --pty`; bash(1); review 97): only with
    // `-c` or a script file.)
    let not_interactive = line.c_mode || (line.operand.is_some() && !line.reads_stdin);
    if line.noexec && !line.interactive && not_interactive {
        return Verdict::read_only(format!("`{name} -n` only checks the script's syntax"));
    }
    match (line.operand, line.c_mode) {
        // (The script's own readers of its input read the shell's:
        // `bash -c sh <<< TEXT`; review 90.)
        (Some(script), true) => w
            .with_input(&stdin, |w| sh_script(w, name, script, depth))
            .prefixed(&format!("`{name} -c` runs: ")),
        (None, true) => Verdict::mutation(format!("`{name} -c` without a script")),
        (Some(file), false) if !line.reads_stdin => Verdict::destructive(format!(
            "`{name}` runs the script file {file}, whose contents are unknown and can run any command"
        )),
        _ => w.stdin_script(stdin, name, depth),
    }
}

/// A shell's line as its option parser reads it.
struct ShellLine<'a> {
    c_mode: bool,
    reads_stdin: bool,
    noexec: bool,
    interactive: bool,
    /// The first operand: `-c`'s script, or the script file.
    operand: Option<&'a str>,
}

/// What ends the reading of a shell's line early.
enum ShellWord {
    RunTime(String),
    Prints(String),
}

/// Reads a shell's options in order, as bash's and dash's parsers do:
/// `+` turns one off (`-n +n`, `+o noexec`); each `o` or `O` of a
/// cluster takes the next word, in order (`+ox noexec`, `-oo errexit
/// noexec`; reviews 94, 95); `-i` makes it interactive. (bash's
/// `--rcfile FILE`: FILE is then read as the script file, which runs it
/// or not, destructive either way.)
fn shell_line(args: &[Arg]) -> Result<ShellLine<'_>, ShellWord> {
    let mut line = ShellLine {
        c_mode: false,
        reads_stdin: false,
        noexec: false,
        interactive: false,
        operand: None,
    };
    let (mut rest, mut skip) = (false, 0usize);
    for (i, a) in args.iter().enumerate() {
        if skip > 0 {
            skip -= 1;
            continue;
        }
        let Some(lit) = a.literal() else {
            return Err(ShellWord::RunTime(a.raw().to_string()));
        };
        if !rest && lit == "--" {
            rest = true;
            continue;
        }
        if rest || !(lit.starts_with('-') || lit.starts_with('+')) || lit.len() < 2 {
            line.operand = Some(lit);
            return Ok(line);
        }
        if lit == "--version" || lit == "--help" {
            return Err(ShellWord::Prints(lit.to_string()));
        }
        if lit.starts_with("--") {
            continue;
        }
        let (cluster, on) = (&lit[1..], lit.starts_with('-'));
        line.c_mode |= cluster.contains('c');
        line.reads_stdin |= cluster.contains('s');
        line.interactive |= on && cluster.contains('i');
        if cluster.contains('n') {
            line.noexec = on;
        }
        let named = cluster.chars().filter(|c| matches!(c, 'o' | 'O'));
        for (k, letter) in named.clone().enumerate() {
            match args.get(i + 1 + k).and_then(Arg::literal) {
                Some("noexec") if letter == 'o' => line.noexec = on,
                None if letter == 'o' => line.noexec = false,
                _ => {}
            }
        }
        skip = named.count();
    }
    Ok(line)
}

/// Where a shell's `-c` script is among its words (`sh -e -c 'docker logs
/// vaultwarden' name arg`): it and the words after it (`$0` and the
/// positional parameters) are text the script reads, no file the shell
/// opens. `None` without `-c`, or when a word before it is only known at
/// run time.
pub(super) fn shell_script_index(args: &[Arg]) -> Option<usize> {
    let mut c_mode = false;
    let mut skip_next = false;
    for (i, a) in args.iter().enumerate() {
        if skip_next {
            skip_next = false;
            continue;
        }
        let lit = a.literal()?;
        if lit == "--" {
            return c_mode.then_some(i + 1);
        }
        if lit.starts_with(['-', '+']) && lit.len() > 1 {
            if !lit.starts_with("--") {
                c_mode |= lit[1..].contains('c');
                skip_next = lit.ends_with(['o', 'O']);
            }
            continue;
        }
        return c_mode.then_some(i);
    }
    None
}

pub(super) fn interpreter(name: &str, args: &[Arg], stdin: Stdin<'_>) -> Verdict {
    // Only alone: after `-c CODE` or a script, `--version` is the code's
    // argument (`python3 -c CODE --version` runs CODE).
    if args.len() == 1 && has_flag(args, "V", &["version", "help"]) {
        return Verdict::read_only(format!("`{name} --version` only prints"));
    }
    if name == "perl" && matches!(args, [a] if a.literal() == Some("-v")) {
        return Verdict::read_only("`perl -v` only prints its version");
    }
    let module = args
        .iter()
        .filter_map(Arg::literal)
        .any(|a| a.starts_with("-M") || a.starts_with("-m") && !name.starts_with("python"));
    if module {
        return Verdict::destructive(format!(
            "`{name}` loads a module given on the command line, whose import code runs (`-M5;qx(cmd)`)"
        ));
    }
    if has_flag(args, "ceEr", &[]) || has_long_prefix(args, "eval") {
        return Verdict::destructive(format!(
            "`{name}` runs inline code, which is not analysed and can run any command"
        ));
    }
    // `python3 -m json.tool [FILE]` pretty-prints JSON (its table allows
    // no second operand, which it would write).
    if name.starts_with("python")
        && args.len() >= 2
        && args[0].literal() == Some("-m")
        && args[1].literal() == Some("json.tool")
    {
        let folders = crate::secret_paths::Folders::home();
        return match args[2..].iter().filter_map(Arg::literal).find(|w| {
            // (A file whose settings hold credentials, whole, too:
            // Factorio's `server-settings.json`; review 83.)
            !w.starts_with('-')
                && (crate::secret_paths::file_names_secret(w, &folders)
                    || folders
                        .resolve_reading(w)
                        .iter()
                        .any(|p| crate::secret_paths::credential_settings_file(p).is_some()))
        }) {
            Some(file) => super::reads_secret(file),
            None => Verdict::read_only(format!("`{name} -m json.tool` prints JSON")),
        };
    }
    // (`-m venv --clear DIR` empties DIR first, `--upgrade-deps`
    // aside; blind corpus 113.)
    if name.starts_with("python")
        && args
            .windows(2)
            .any(|p| p[0].literal() == Some("-m") && p[1].literal() == Some("venv"))
        && args.iter().any(|a| a.literal() == Some("--clear"))
    {
        return Verdict::destructive(format!(
            "`{name} -m venv --clear` deletes the environment's contents first"
        ));
    }
    if name.starts_with("python") && has_flag(args, "m", &[]) {
        return Verdict::mutation(format!("`{name} -m` runs a module"));
    }
    match positionals(args, &["-W", "-X", "-I"])
        .first()
        .map(|a| a.literal())
    {
        // Its input is code in its own language, never judged as shell.
        Some(Some("-")) | None => match stdin {
            Stdin::Inherited => {
                Verdict::mutation(format!("starts `{name}` reading the session's input"))
            }
            _ => Verdict::destructive(format!(
                "`{name}` runs code from its input, which is not analysed and can run any command"
            )),
        },
        Some(Some(file)) => Verdict::destructive(format!(
            "`{name}` runs the script {file}, whose contents are unknown and can run any command"
        )),
        Some(None) => {
            Verdict::destructive(format!("`{name}` runs a script only known at run time"))
        }
    }
}

/// The replacement string of `xargs -I STR`, `-i[STR]` or
/// `--replace[=STR]` (`{}` by default), if its options set one, as xargs'
/// own table reads them (a letter inside another option's value, `-Ei`,
/// `-a/tmp/list`, is that value). Options the table cannot read: none is
/// assumed, so the input's words count as the command's own (the more
/// cautious reading: each may be any option).
///
/// As findutils reads them, in order: a later `-L`/`-l`/`--max-lines`, or
/// `-n`/`--max-args` with a count other than 1, turns replace mode off
/// again (`xargs.c`: `replace_pat = NULL`), and the input's words are then
/// appended (`xargs -I{} -L1 nice` runs the input).
fn xargs_replace(options: &[Arg]) -> Option<String> {
    use crate::options::Value;
    let line = crate::tables::reading("xargs", options)?;
    let mut replace: Option<String> = None;
    for given in &line.options {
        match given.name {
            "I" | "i" | "replace" => {
                replace = Some(match &given.value {
                    Some(Value::Text(t)) => (*t).to_string(),
                    Some(Value::RunTime(_)) | None => "{}".to_string(),
                });
            }
            "L" | "l" | "max-lines" => replace = None,
            "n" | "max-args" => {
                let one = matches!(&given.value, Some(Value::Text(t)) if t.trim() == "1");
                if !one {
                    replace = None;
                }
            }
            _ => {}
        }
    }
    replace.filter(|s| !s.is_empty())
}

/// Programs with options that write, delete or run (`find -delete`,
/// `sort -o FILE`, `crontab -r`, `tar --to-command`): given words from
/// `xargs`'s input, they may do any of it.
/// Programs an option alone makes delete, overwrite or run something
/// (`journalctl --vacuum-size=1`, `find -delete`, `wipefs -a`, `sort -o
/// FILE`, `tar --to-command`): a run-time word, which may be that option,
/// is a loss (review 117). Not the programs that lose only through a verb
/// (`zpool destroy`, `git push`): there a run-time word is a change
/// (review 118: `zpool status $(zpool list -Ho name)`).
pub(crate) fn option_alone_destroys(program: &str) -> bool {
    matches!(
        program,
        "journalctl"
            | "find"
            | "wipefs"
            | "sgdisk"
            | "badblocks"
            | "sort"
            | "shuf"
            | "tar"
            | "curl"
            | "wget"
            | "rsync"
            | "dd"
            | "truncate"
            | "shred"
            | "tee"
            // (`-X`: every set the firewall matches destroyed; review 119.)
            | "ipset"
    )
}

const OPTIONS_DESTROY: &[&str] = &[
    // (`wipefs DEV -a`, `sgdisk -Z DEV`: review 116.)
    "wipefs",
    "sgdisk",
    "find",
    "sort",
    "uniq",
    "shuf",
    "tar",
    "cp",
    "mv",
    "rsync",
    "crontab",
    "badblocks",
    "sed",
    "perl",
    "awk",
    "gawk",
    "split",
    "csplit",
    "xxd",
    "git",
    "curl",
    "wget",
    "ssh",
    "scp",
    "zip",
    "unzip",
    "gzip",
    "gunzip",
    "zstd",
    "xz",
    "bzip2",
    "journalctl",
    "truncate",
    "install",
    "ln",
    "chmod",
    "chown",
    "dpkg",
    "apt",
    "apt-get",
    "make",
    "docker",
    "tee",
    "dd",
    "openssl",
    "less",
    "man",
    "ip",
    "nft",
    "iptables",
    "zfs",
    "zpool",
    "pct",
    "qm",
    "pvesh",
    "lvremove",
];

/// What `xargs` reads words from: the output of `find` from a starting
/// point (paths under it), or anything (the session's input included:
/// Nomos gives none, but a command line cannot promise that).
#[derive(Debug, PartialEq, Eq)]
enum Input {
    Paths(String),
    /// Plain fields (the guest list's VMIDs, process ids, dataset
    /// names): never an option, never text of the command's choosing.
    Plain,
    /// The lines the feeding command writes out (`printf '%s\n' pve1
    /// pve2`), each one plain word.
    Words(Vec<String>),
    Anything,
}

fn input_words(stdin: &Stdin<'_>, xargs_args: &[Arg]) -> Input {
    // `-a FILE` reads the file, not the pipe.
    let lits: Vec<&str> = xargs_args.iter().filter_map(Arg::literal).collect();
    if lits
        .iter()
        .any(|w| *w == "-a" || w.starts_with("--arg-file") || (w.starts_with("-a") && w.len() > 2))
    {
        return Input::Anything;
    }
    // Blank-separated, a path with a space splits into words that may be
    // options (a file named `x -o /etc/passwd`): only `-0`/`-d` keep
    // each path whole, unless only root writes in the folder.
    let whole_lines = lits.iter().any(|w| {
        matches!(*w, "-0" | "--null" | "-d" | "--delimiter") || w.starts_with("--delimiter=")
    });
    // `-I` makes each line one argument (blanks inside kept), unless `-0`
    // or `-d` choose another separator or a later `-L`/`-n` ends replace
    // mode; only ZFS's own programs take such a name as one word (a shell
    // or ssh splits it again).
    let runner = crate::tables::command_index("xargs", xargs_args)
        .and_then(|i| xargs_args.get(i))
        .and_then(Arg::literal)
        .map(base);
    let one_per_line = !whole_lines
        && xargs_replace(xargs_args).is_some()
        && matches!(runner, Some("zfs" | "zpool"));
    if let Stdin::Pipe(upstream) = stdin {
        let feeder: Vec<String> = upstream.iter().map(ToString::to_string).collect();
        let feeder = feeder.join(" | ");
        // (Written words are only known as xargs splits them by default:
        // not with another delimiter, an end-of-file string or a file of
        // arguments (`printf '/tmpX-delete' | xargs -d X find`; review
        // 116). With `-I`, each line is one argument; else every blank.)
        let default_split = crate::tables::reading("xargs", xargs_args).is_some_and(|line| {
            !line.options.iter().any(|g| {
                matches!(
                    g.name,
                    "0" | "null" | "d" | "delimiter" | "E" | "e" | "eof" | "a" | "arg-file"
                )
            })
        });
        let written = if xargs_replace(xargs_args).is_some() {
            crate::sources::literal_lines(&feeder)
        } else {
            crate::sources::literal_words(&feeder)
        };
        if let Some(words) = written.filter(|_| default_split) {
            return Input::Words(words);
        }
        if crate::sources::plain_fields(&feeder)
            || (one_per_line && crate::sources::zfs_name_lines(&feeder))
        {
            return Input::Plain;
        }
    }
    match feeds_paths(stdin) {
        Some(start) if whole_lines || !crate::sources::shared_tree(&start) => Input::Paths(start),
        _ => Input::Anything,
    }
}

/// A stand-in for a word `xargs` makes from its input: `text` with each
/// `replace` standing for an input line. From `find`, a path under its
/// starting point, only known at run time (so a secret check sees the
/// folder). From anything else, a word that may be an option (it starts
/// with `-`, so a program's table refuses to prove it harmless:
/// `--compress-program=sh` added to `sort`) and may be any path
/// (`../../etc/shadow`).
fn from_input(input: &Input, text: &str, replace: &str) -> Arg {
    match input {
        Input::Paths(start) => {
            Arg::dynamic(text.replace(replace, &format!("{start}{}", super::secrets::FOUND_UNDER)))
        }
        Input::Plain => Arg::literal_of(text.replace(replace, crate::sources::VMID)),
        // (A turn's one word, as [`input_turns`] groups them; with
        // several, [`super::xargs`] adds each in place.)
        Input::Words(words) => Arg::literal_of(text.replace(replace, &words.join(" "))),
        Input::Anything => Arg::dynamic(format!("-<{text} with input spliced in>")),
    }
}

/// The inputs `xargs` is judged with, one turn each: the written words
/// as xargs groups them (one a run with `-I` or `-n 1`/`-L 1`, else all
/// on one command line: `printf '%s\n' osd out 3 | xargs ceph` is `ceph
/// osd out 3`; review 116), or the one input any other source stands for.
fn input_turns(input: &Input, options: &[Arg]) -> Vec<Input> {
    match input {
        Input::Words(words) if xargs_replace(options).is_some() => words
            .iter()
            .map(|w| Input::Words(vec![w.clone()]))
            .collect(),
        Input::Words(words) => match words_per_run(options) {
            Grouping::All => vec![Input::Words(words.clone())],
            Grouping::Each(n) => words.chunks(n).map(|c| Input::Words(c.to_vec())).collect(),
            // (Runs grouped by lines or by bytes: any run of neighbouring
            // words may be one, `echo osd out 3 | xargs -L1 ceph`; review
            // 117. A few words make few runs.)
            Grouping::Unknown => (0..words.len())
                .flat_map(|from| (from + 1..=words.len()).map(move |to| (from, to)))
                .map(|(from, to)| Input::Words(words[from..to].to_vec()))
                .collect(),
        },
        Input::Paths(start) => vec![Input::Paths(start.clone())],
        Input::Plain => vec![Input::Plain],
        Input::Anything => vec![Input::Anything],
    }
}

/// How xargs groups its input words into runs of its command.
enum Grouping {
    /// All on one command line (no limit given).
    All,
    /// `-n N` / `--max-args=N`: N words a run.
    Each(usize),
    /// By lines or bytes (`-L`, `-l`, `--max-lines`, `-s`,
    /// `--max-chars`), or a count only known at run time.
    Unknown,
}

/// xargs' grouping of its input words ([`Grouping`]); the last limit
/// given counts (review 117: `echo config 100 destroy 100 | xargs -n2 qm`
/// runs `qm destroy 100`).
fn words_per_run(options: &[Arg]) -> Grouping {
    use crate::options::Value;
    let Some(line) = crate::tables::reading("xargs", options) else {
        return Grouping::Unknown;
    };
    // (A limit of lines or bytes cuts runs whatever `-n` says: GNU xargs
    // applies `-s` with `-n`; review 118.)
    if line
        .options
        .iter()
        .any(|g| matches!(g.name, "L" | "l" | "max-lines" | "s" | "max-chars"))
    {
        return Grouping::Unknown;
    }
    let mut grouping = Grouping::All;
    for g in &line.options {
        match g.name {
            "n" | "max-args" => {
                grouping = match &g.value {
                    Some(Value::Text(t)) => match t.trim().parse::<usize>() {
                        Ok(n) if n > 0 => Grouping::Each(n),
                        _ => Grouping::Unknown,
                    },
                    _ => Grouping::Unknown,
                }
            }
            _ => {}
        }
    }
    grouping
}

/// The starting point of the `find` whose output is standard input
/// (`find /var/log …`, `find . …`), when it prints only paths: every line
/// starts with it, never with `-`.
fn feeds_paths(stdin: &Stdin<'_>) -> Option<String> {
    let Stdin::Pipe(upstream) = stdin else {
        return None;
    };
    let Some(brush_parser::ast::Command::Simple(feeder)) = upstream.last() else {
        return None;
    };
    let words = crate::words_of(&feeder.to_string());
    let (program, rest) = words.split_first()?;
    let prints_other = rest.iter().any(|w| {
        matches!(
            w.as_str(),
            "-printf" | "-fprintf" | "-fprint" | "-fprint0" | "-ls" | "-fls" | "-exec" | "-execdir"
        )
    });
    let start = rest.first()?;
    (program == "find" && !prints_other && (start.starts_with('/') || start.starts_with('.')))
        .then(|| start.trim_end_matches('/').to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cluster letters and the list name the same options.
    #[test]
    fn tracer_shorts_are_the_lists() {
        let shorts: String = TRACER_VALUED
            .iter()
            .filter_map(|o| o.strip_prefix('-').filter(|o| !o.starts_with('-')))
            .collect();
        assert_eq!(shorts, TRACER_VALUED_SHORTS);
    }
}
