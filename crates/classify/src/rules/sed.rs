//! A sed script read as GNU sed 4.9 reads it (sed(1), "sed scripts" in
//! its info manual): addresses (`N`, `$`, `first~step`, `addr,+N`,
//! `/re/` and `\cREc` with `I`/`M`), then one command. Regexes are read
//! with their escapes and bracket expressions, so a delimiter inside
//! `[/]` or after a backslash does not end them (`/[/]/e rm -rf /x` runs
//! `rm`); `;` ends a command only where sed says it does. What matters
//! here: which commands run something (`e`, `s///e`), write a file (`w`,
//! `W`, `s///w`) or read one into the output (`r`, `R`).
use super::search;

/// One command of a script: its letter and, for `s`, its flags; for the
/// file commands, the file name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Command {
    pub name: char,
    pub flags: String,
    pub file: String,
    /// `s`'s regex, as written.
    pub regex: String,
}

/// The text after a regex or replacement that began just after `delim`:
/// `\x` escapes are skipped, and in a regex so are bracket expressions
/// (`[/]`, `[]/]`, `[^]/]`, `[[:alpha:]/]`). `None` when it never ends.
fn after_part(s: &str, delim: char, brackets: bool) -> Option<&str> {
    let mut chars = s.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if c == '\\' {
            chars.next();
        } else if brackets && c == '[' {
            skip_bracket(&mut chars);
        } else if c == delim {
            return Some(&s[i + c.len_utf8()..]);
        }
    }
    None
}

/// Skips a bracket expression whose `[` was just read, as GNU sed's
/// `snarf_char_class` (compile.c) does: a `]` first (or after `^`) is
/// literal; inside, `[:`, `[.` or `[=` opens a class that only the same
/// character followed by `]` closes; any other `]` ends the bracket
/// (`[a:]` is the two characters `a` and `:`). A newline or the end of
/// the script ends it unclosed.
fn skip_bracket(chars: &mut std::iter::Peekable<std::str::CharIndices<'_>>) {
    if let Some(&(_, '^')) = chars.peek() {
        chars.next();
    }
    if let Some(&(_, ']')) = chars.peek() {
        chars.next();
    }
    // 0: plain; 1: just after `[`; 2: inside `[:`…; 3: after its `:`.
    let (mut state, mut class) = (0u8, ' ');
    while let Some(&(_, d)) = chars.peek() {
        if d == '\n' {
            return;
        }
        chars.next();
        match d {
            '.' | ':' | '=' if state == 1 => {
                (state, class) = (2, d);
                continue;
            }
            '.' | ':' | '=' if state == 2 && d == class => {
                state = 3;
                continue;
            }
            '[' => {
                if state == 0 {
                    state = 1;
                }
                continue;
            }
            ']' if state <= 1 => return,
            ']' if state == 3 => state = 0,
            _ => {}
        }
        state &= !1;
    }
}

/// The rest of the script after its addresses (and `!`).
fn after_addresses(mut rest: &str) -> Option<&str> {
    loop {
        rest = rest.trim_start_matches(|c: char| {
            c.is_ascii_digit() || matches!(c, ',' | '$' | ' ' | '\t' | '!' | '~' | '+')
        });
        if let Some(r) = rest.strip_prefix('/') {
            rest = after_part(r, '/', true)?.trim_start_matches(['I', 'M']);
        } else if let Some(r) = rest.strip_prefix('\\') {
            let delim = r.chars().next()?;
            rest = after_part(&r[delim.len_utf8()..], delim, true)?.trim_start_matches(['I', 'M']);
        } else {
            return Some(rest);
        }
    }
}

/// The commands of a script, or `None` when it cannot be read to its end
/// (then nothing can be said of it).
pub(super) fn commands(script: &str) -> Option<Vec<Command>> {
    let mut out = Vec::new();
    let mut rest = script;
    loop {
        rest = rest.trim_start_matches(|c: char| c.is_whitespace() || matches!(c, ';' | '{' | '}'));
        if rest.is_empty() {
            return Some(out);
        }
        if let Some(comment) = rest.strip_prefix('#') {
            rest = comment.split_once('\n').map_or("", |(_, after)| after);
            continue;
        }
        rest = after_addresses(rest)?.trim_start();
        let name = rest.chars().next()?;
        rest = &rest[name.len_utf8()..];
        let mut command = Command {
            name,
            flags: String::new(),
            file: String::new(),
            regex: String::new(),
        };
        match name {
            's' | 'y' => {
                let delim = rest.chars().next()?;
                let regex_at = &rest[delim.len_utf8()..];
                let after_re = after_part(regex_at, delim, name == 's')?;
                command.regex =
                    regex_at[..regex_at.len() - after_re.len() - delim.len_utf8()].to_string();
                let after = after_part(after_re, delim, false)?;
                // Flags run to `;`, a newline or `}`; `w FILE` takes the
                // rest of the line.
                let end = after.find([';', '\n', '}']).unwrap_or(after.len());
                let flags = &after[..end];
                match flags.find('w') {
                    Some(w) => {
                        command.flags = flags[..w + 1].to_string();
                        let line_end = after.find('\n').unwrap_or(after.len());
                        command.file = after[w + 1..line_end]
                            .trim_start_matches([' ', '\t'])
                            .to_string();
                        rest = &after[line_end..];
                    }
                    None => {
                        command.flags = flags.to_string();
                        rest = &after[end..];
                    }
                }
            }
            // The rest of the line is a file name or text (GNU one-liners).
            'r' | 'R' | 'w' | 'W' | 'a' | 'i' | 'c' | 'e' => {
                let line_end = rest.find('\n').unwrap_or(rest.len());
                // (Trailing blanks are the name's: `w /dev/null ` is new.)
                command.file = rest[..line_end].trim_start_matches([' ', '\t']).to_string();
                rest = &rest[line_end..];
            }
            // A label (of `:` or a branch) ends where GNU sed 4.9's
            // `read_label` ends it: at a blank, `;`, `}`, `#` or a newline,
            // and the next command follows on the same line (`:a e CMD`).
            // `v VERSION` reads its version as a label, the same way.
            ':' | 'b' | 't' | 'T' | 'v' => {
                let label = rest.trim_start_matches([' ', '\t']);
                let end = label
                    .find([' ', '\t', '\n', ';', '}', '#'])
                    .unwrap_or(label.len());
                rest = &label[end..];
            }
            _ => {}
        }
        out.push(command);
    }
}

/// Whether a script, run in place, loses lines of its file: a command
/// that deletes, quits, changes or empties (`d`, `D`, `q`, `Q`, `c`,
/// `z`), a substitution of whole lines (`s/.*//`, `s/^\(.*\)$/#\1/`,
/// `s/^/#/`), or an unreadable script (review 74).
pub(super) fn loses_lines(script: &str) -> bool {
    commands(script).is_none_or(|cmds| {
        cmds.iter().any(|c| {
            matches!(c.name, 'd' | 'D' | 'q' | 'Q' | 'c' | 'z' | 'x' | 'N' | 'y')
                || (c.name == 's' && matches_any_line(&c.regex))
        })
    })
}

/// Whether a regex matches lines whatever they hold: no literal letter or
/// digit once escapes (`\n`, `\(`, `\+`) and bracket expressions are set
/// aside (`.*`, `^\(.\+\)$`, `^[^#]`, `.`, `\n.*`; review 75).
fn matches_any_line(regex: &str) -> bool {
    let mut literal = false;
    let mut chars = regex.chars();
    let mut bracket = false;
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                chars.next();
            }
            '[' => bracket = true,
            ']' if bracket => bracket = false,
            c if !bracket && c.is_alphanumeric() => literal = true,
            _ => {}
        }
    }
    !literal
}

/// Whether a script runs commands (`e`, or the `e` flag of `s`); an
/// unreadable script might.
pub(super) fn runs(script: &str) -> bool {
    commands(script).is_none_or(|cmds| {
        cmds.iter()
            .any(|c| c.name == 'e' || (c.name == 's' && c.flags.contains('e')))
    })
}

/// Whether a script writes a file (`w`, `W`, `s///w`) other than standard
/// output, or reads one into its output (`r`, `R`: the file's contents
/// are shown, and it could hold a secret); an unreadable script might.
pub(super) fn writes_or_reads_files(script: &str) -> bool {
    let shown = |file: &str| matches!(file, "/dev/stdout" | "/dev/stderr" | "/dev/null");
    commands(script).is_none_or(|cmds| {
        cmds.iter().any(|c| match c.name {
            'w' | 'W' => !shown(&c.file),
            's' => c.flags.contains('w') && !shown(&c.file),
            'r' | 'R' => !c.file.is_empty(),
            _ => false,
        })
    })
}

/// Whether sed prints only the lines its script picks, and a regular
/// expression of the script may match a credential's line
/// ([`super::search::may_match_credential`]), from a file not known public or a private
/// input: `sed -n '/password/p' FILE`, `sed '/token/!d' FILE`. (Without
/// `-n` and a `d` it prints every line, as `cat` does.)
pub(super) fn selects_credential_lines(words: &[Option<&str>], upstream_private: bool) -> bool {
    let lits: Vec<&str> = words
        .iter()
        .map(|w| w.unwrap_or(search::RUN_TIME))
        .collect();
    let quiet = lits.iter().any(|w| {
        matches!(*w, "--quiet" | "--silent")
            || (w.starts_with('-') && !w.starts_with("--") && w[1..].contains('n'))
    });
    let (mut scripts, mut files) = scripts_and_files(&lits);
    if scripts.is_empty() && !files.is_empty() {
        scripts.push(files.remove(0));
    }
    // (Any script may print only what it picks: `-n` with `p`, `!d`,
    // `/re/!b;d`, `/re/p;d`, `D`: a regular expression that may match a
    // credential's line is enough; review 42.)
    let _ = quiet;
    let selects = |script: &str| script == search::RUN_TIME || search::may_match_credential(script);
    scripts.iter().any(|s| selects(s))
        && if files.is_empty() {
            upstream_private
        } else {
            files.iter().any(|f| search::private_file(f))
        }
}

/// sed's scripts (`-e S`, `-eS`, `-neS`, `--expression[=]S`; a script
/// file, `-f`, as [`search::RUN_TIME`]) and its file operands, read as
/// getopt_long reads them: a short option taking a value (`e`, `f`, `l`)
/// takes the rest of its cluster or the next word, `-i`'s suffix only the
/// rest, and every word after `--` is a file.
pub(super) fn scripts_and_files<'a>(lits: &[&'a str]) -> (Vec<&'a str>, Vec<&'a str>) {
    let (mut scripts, mut files) = (Vec::new(), Vec::new());
    let mut words = lits.iter().copied();
    let take = |option: char, value: Option<&'a str>, scripts: &mut Vec<&'a str>| match option {
        'e' => scripts.extend(value),
        'f' => scripts.push(search::RUN_TIME),
        _ => {}
    };
    while let Some(w) = words.next() {
        if w == "--" {
            files.extend(words.by_ref());
            break;
        }
        if let Some(long) = w.strip_prefix("--") {
            let (name, attached) = match long.split_once('=') {
                Some((name, value)) => (name, Some(value)),
                None => (long, None),
            };
            let option = match name {
                "expression" => 'e',
                "file" => 'f',
                "line-length" => 'l',
                _ => continue,
            };
            let value = attached.or_else(|| words.next());
            take(option, value, &mut scripts);
            continue;
        }
        let Some(cluster) = w.strip_prefix('-').filter(|c| !c.is_empty()) else {
            files.push(w);
            continue;
        };
        for (at, option) in cluster.char_indices() {
            if option == 'i' {
                break;
            }
            if matches!(option, 'e' | 'f' | 'l') {
                let rest = &cluster[at + option.len_utf8()..];
                let value = if rest.is_empty() {
                    words.next()
                } else {
                    Some(rest)
                };
                take(option, value, &mut scripts);
                break;
            }
        }
    }
    (scripts, files)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scripts_and_files_are_read_as_getopt_reads_them() {
        let cases: &[(&[&str], &[&str], &[&str])] = &[
            (&["-n", "-e'/p/p'", "/etc/a"], &["'/p/p'"], &["/etc/a"]),
            (&["-ne/p/p", "/etc/a"], &["/p/p"], &["/etc/a"]),
            (
                &["--expression=/p/p", "-l", "60", "/etc/a"],
                &["/p/p"],
                &["/etc/a"],
            ),
            (&["--expression", "/p/p", "/etc/a"], &["/p/p"], &["/etc/a"]),
            (&["-l", "5", "/p/p", "/etc/a"], &[], &["/p/p", "/etc/a"]),
            (&["-le5", "/etc/a"], &[], &["/etc/a"]),
            (
                &["-sf", "x.sed", "/etc/a"],
                &[search::RUN_TIME],
                &["/etc/a"],
            ),
            (&["-e", "p", "--", "-n"], &["p"], &["-n"]),
            (&["-i.bak", "-e", "p", "/etc/a"], &["p"], &["/etc/a"]),
        ];
        for (words, scripts, files) in cases {
            let (s, f) = scripts_and_files(words);
            assert_eq!(
                (s.as_slice(), f.as_slice()),
                (*scripts, *files),
                "{words:?}"
            );
        }
    }

    #[test]
    fn delimiters_inside_brackets_and_escapes_do_not_end_a_regex() {
        for running in [
            "/[/]/e rm -rf /tmp/x",
            "\\,[,],e id",
            "/[/]/s/.*/rm x/e",
            "/a\\/b/e id",
            "/[]/]/e id",
            "/[[:alpha:]/]/e id",
            // `]` after `:` or `.` ends the bracket unless a `[:` opened a
            // class (GNU sed's snarf_char_class).
            "/[a:]/e rm -rf /srv #]/p",
            "/[a.]/e id #]/p",
            "/[.:]/e id #]/p",
            "/[=]/e id #]/p",
            "/[[:alpha:]a:]/e id #]/p",
            "/[[.a.]]/e id #]/p",
            "/[[=a=]:]/s/x/y/e",
            "/[^:]/e id #]/p",
            "/[]:]/e id #]/p",
            "/a;/e id",
            "1e id",
            "s/x/y/;e id",
            "$!e id",
        ] {
            assert!(runs(running), "{running}");
        }
        for writing in [
            "/[^/]/w /tmp/q",
            "s/a/b/w /tmp/x",
            "r /etc/shadow",
            "1R /etc/hosts",
        ] {
            assert!(writes_or_reads_files(writing), "{writing}");
        }
        for harmless in [
            "s/foo/bar/g",
            "/^\\[mysqld\\]/,/^\\[/p",
            "-n '/error/p'",
            "s/[e]/x/g",
            "/[Ee]rror/p",
            "s/a\\/e/b/",
            "y/abc/xyz/",
            "1,10p;20q",
            "/start/,/end/{/x/d}",
            "s/x/y/w /dev/stdout",
        ] {
            assert!(!runs(harmless), "{harmless}");
        }
        assert!(!writes_or_reads_files("s/foo/bar/g"));
    }
}
