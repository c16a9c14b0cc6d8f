//! What an awk program text does beyond printing, read as awk's lexer
//! reads it: strings are skipped (a `;` or `}` inside one ends nothing), a
//! `print`/`printf` statement runs to its `;`, `}` or newline at nesting
//! depth 0, and a `>` or `>>` there (not inside parentheses, where it
//! compares) sends the output to a file. gawk's indirect calls (`@f()`)
//! call a function whose name is a string (`"sys" "tem"`), and `SYMTAB`
//! reaches every variable, `ENVIRON` included.

use super::{Arg, Verdict};
use crate::words::ArgKind;

/// The verdict for the output redirections of `program`, if it has any:
/// a literal file is judged as any write to it; a file named by an
/// expression is a target only known at run time.
pub(super) fn output(program: &str, folders: &crate::secret_paths::Folders) -> Option<Verdict> {
    texts(program)
        .iter()
        .flat_map(|chars| {
            [Reading::Division, Reading::Regex].map(|r| output_read(chars, r, folders))
        })
        .flatten()
        .reduce(Verdict::max)
}

/// The program as awk may read it: with each continuation (a backslash,
/// blanks or a carriage return, a newline: mawk and gawk) removed, and as
/// written (a comment ends at its newline, whatever precedes it). What
/// either shows counts.
fn texts(program: &str) -> [Vec<char>; 2] {
    let mut joined = Vec::with_capacity(program.len());
    let chars: Vec<char> = program.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        if chars[i] == '\\' {
            let mut j = i + 1;
            while chars
                .get(j)
                .is_some_and(|c| matches!(c, ' ' | '\t' | '\r' | '\u{0b}' | '\u{0c}'))
            {
                j += 1;
            }
            if chars.get(j) == Some(&'\n') {
                i = j + 1;
                continue;
            }
        }
        joined.push(chars[i]);
        i += 1;
    }
    [joined, chars]
}

/// How a `/` where an operand may start is read. awk's lexer reads a
/// regex there (`/"/ { print > "f" }`: the quote is the regex's) and a
/// division after an operand; text alone cannot always tell which, so
/// each program is read both ways and the worse verdict kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Reading {
    /// Every `/` is a division (nothing is skipped).
    Division,
    /// A `/` not after an operand opens a regex, skipped to its end.
    Regex,
}

/// Where the literal opening at `at` ends (a string, or in the regex
/// reading a regex), if one opens there.
fn literal_end(chars: &[char], at: usize, reading: Reading) -> Option<usize> {
    match chars.get(at)? {
        '"' => Some(skip_string(chars, at)),
        // A comment runs to the end of its line.
        '#' => Some(
            chars[at..]
                .iter()
                .position(|c| *c == '\n')
                .map_or(chars.len(), |n| at + n),
        ),
        '/' if (reading == Reading::Regex && !after_operand(chars, at))
            || certainly_regex(chars, at) =>
        {
            Some(skip_regex(chars, at))
        }
        _ => None,
    }
}

/// Whether a `/` at `at` can only open a regex: at the program's start or
/// after a token no division can follow (`{`, `}`, `;`, `(`, `,`, `!`,
/// `~`, `=`, `&&`, `||`, `?`, `:`, a newline), where awk's grammar has
/// no left operand.
fn certainly_regex(chars: &[char], at: usize) -> bool {
    // (Not after a bare `length`: gawk divides there, `length / 2`.)
    keyword_before(chars, at, false)
        || chars[..at]
            .iter()
            .rev()
            .find(|c| !matches!(c, ' ' | '\t'))
            .is_none_or(|c| {
                matches!(
                    c,
                    '{' | '}' | ';' | '(' | ',' | '!' | '~' | '=' | '&' | '|' | '?' | ':' | '\n'
                )
            })
}

/// Whether the word right before `at` is a keyword after which `/` opens
/// a regex in every awk (`print /re/`, `return /re/`, gawk's `case
/// /re/`), or, `with_length`, `length` without its parentheses (mawk's
/// LENGTH token: `length /re/` is a match, where gawk divides). Only
/// names, numbers, strings, regexes, `)`, `]`, fields, `getline` and
/// `++`/`--` divide (mawk's `can_precede_div`).
fn keyword_before(chars: &[char], at: usize, with_length: bool) -> bool {
    let before: String = chars[..at].iter().collect();
    let before = before.trim_end_matches([' ', '\t']);
    let word = before
        .rsplit(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .next()
        .unwrap_or("");
    (with_length && word == "length")
        || matches!(
            word,
            "print"
                | "printf"
                | "return"
                | "exit"
                | "else"
                | "do"
                | "in"
                | "case"
                | "delete"
                | "if"
                | "while"
                | "for"
                | "break"
                | "continue"
                | "next"
                | "nextfile"
                | "function"
                | "func"
                | "BEGIN"
                | "END"
        )
}

/// Whether the last thing before `at` is an operand (a name, a number, a
/// closing bracket, a field `$`), after which `/` divides.
fn after_operand(chars: &[char], at: usize) -> bool {
    if keyword_before(chars, at, true) {
        return false;
    }
    let before: String = chars[..at].iter().collect();
    let before = before.trim_end_matches([' ', '\t']);
    // A string's or a regex's closing character is an operand too (mawk's
    // STRING_ and RE: `"s" / 1` divides). Not a `)`: after the one closing
    // `if (…)`, `while (…)` or `for (…)`, gawk's grammar reads a regex
    // (`if (1) /"/`); the division reading covers a `)` that divides.
    before
        .chars()
        .next_back()
        .is_some_and(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | ']' | '.' | '"' | '/'))
}

/// The index after the regex that opens at `at`: escapes and bracket
/// expressions (`[/]`) do not end it; a newline does.
fn skip_regex(chars: &[char], at: usize) -> usize {
    let mut i = at + 1;
    let mut in_bracket = false;
    while i < chars.len() {
        match chars[i] {
            '\\' => i += 2,
            '\n' => return i,
            // A class, collating element or equivalence class inside a
            // bracket (`[[:alpha:]/]`): its `]` does not close the bracket.
            // (Only `[:` nests, as in mawk's collect_RE; gawk the same.)
            '[' if in_bracket && chars.get(i + 1) == Some(&':') => {
                let mark = chars[i + 1];
                i += 2;
                while i < chars.len() && !(chars[i] == mark && chars.get(i + 1) == Some(&']')) {
                    i += 1;
                }
                i += 2;
            }
            '[' if !in_bracket => {
                in_bracket = true;
                i += 1;
                // A `]` first (or after `^`) is literal.
                if chars.get(i) == Some(&'^') {
                    i += 1;
                }
                if chars.get(i) == Some(&']') {
                    i += 1;
                }
            }
            ']' if in_bracket => {
                in_bracket = false;
                i += 1;
            }
            '/' if !in_bracket => return i + 1,
            _ => i += 1,
        }
    }
    i
}

fn output_read(
    chars: &[char],
    reading: Reading,
    folders: &crate::secret_paths::Folders,
) -> Option<Verdict> {
    let mut i = 0;
    let mut verdict: Option<Verdict> = None;
    while i < chars.len() {
        if let Some(end) = literal_end(chars, i, reading) {
            i = end;
            continue;
        }
        match chars[i] {
            c if c.is_ascii_alphabetic() => {
                let start = i;
                while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '_') {
                    i += 1;
                }
                let word: String = chars[start..i].iter().collect();
                if word == "print" || word == "printf" {
                    let (target, end) = redirection(chars, i, reading);
                    if let Some(target) = target {
                        let v = match target {
                            Target::Literal(path) => super::write_target(
                                &Arg {
                                    text: path,
                                    kind: ArgKind::Literal,
                                },
                                folders,
                            ),
                            Target::Expression => Verdict::destructive(
                                "the awk program writes to a file its own code names at run time",
                            ),
                            // (The command is judged on its own: no file is
                            // written, no verdict here.)
                            Target::Command => {
                                i = end;
                                continue;
                            }
                        };
                        verdict = Some(match verdict {
                            Some(previous) => previous.max(v),
                            None => v,
                        });
                    }
                    i = end;
                }
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    verdict
}

/// gawk's indirect function call (`@name(`), which calls whatever
/// function a variable names, `system` included.
pub(super) fn indirect_call(program: &str) -> bool {
    either_reading(program, indirect_call_read)
}

/// Whether `found` holds for `program` in either reading of its `/`, in
/// either of its [`texts`].
fn either_reading(program: &str, found: impl Fn(&[char], Reading) -> bool) -> bool {
    texts(program).iter().any(|chars| {
        [Reading::Division, Reading::Regex]
            .iter()
            .any(|r| found(chars, *r))
    })
}

fn indirect_call_read(chars: &[char], reading: Reading) -> bool {
    let mut i = 0;
    while i < chars.len() {
        if let Some(end) = literal_end(chars, i, reading) {
            i = end;
            continue;
        }
        match chars[i] {
            '@' => {
                let rest: String = chars[i + 1..]
                    .iter()
                    .take_while(|c| c.is_ascii_alphanumeric() || **c == '_')
                    .collect();
                let after = chars.get(i + 1 + rest.len()).copied();
                if !rest.is_empty() && after == Some('(') {
                    return true;
                }
                i += 1;
            }
            _ => i += 1,
        }
    }
    false
}

/// Whether `program` pipes to or from a command (`print | "cmd"`, `"cmd"
/// | getline`, gawk's `|&`): a `|` outside strings and regexes that is
/// not half of `||`, in either reading.
pub(super) fn pipes(program: &str) -> bool {
    either_reading(program, pipes_read)
}

fn pipes_read(chars: &[char], reading: Reading) -> bool {
    let mut i = 0;
    while i < chars.len() {
        if let Some(end) = literal_end(chars, i, reading) {
            i = end;
            continue;
        }
        if chars[i] == '|' {
            if chars.get(i + 1) == Some(&'|') {
                i += 2;
                continue;
            }
            return true;
        }
        i += 1;
    }
    false
}

/// The commands of `program`'s pipes when each is one string literal
/// and nothing else, in both readings: `print … | "sort -k2nr"` (the
/// literal ends the statement) and `"date +%s" | getline now` (the
/// literal starts an expression); none when any pipe's command is built
/// at run time or the program uses gawk's `|&` (blind corpus 212,
/// review 129).
pub(super) fn literal_commands(program: &str) -> Option<Vec<String>> {
    let mut all = Vec::new();
    for chars in texts(program) {
        for reading in [Reading::Division, Reading::Regex] {
            all.extend(literal_commands_read(&chars, reading)?);
        }
    }
    all.dedup();
    Some(all)
}

fn literal_commands_read(chars: &[char], reading: Reading) -> Option<Vec<String>> {
    let mut commands = Vec::new();
    // The last string literal: where it opened, and where it ended.
    let mut last: Option<(usize, usize)> = None;
    let mut i = 0;
    while i < chars.len() {
        if let Some(end) = literal_end(chars, i, reading) {
            if chars[i] == '"' {
                last = Some((i, end));
            }
            i = end;
            continue;
        }
        if chars[i] != '|' {
            i += 1;
            continue;
        }
        if chars.get(i + 1) == Some(&'|') {
            i += 2;
            continue;
        }
        if chars.get(i + 1) == Some(&'&') {
            return None;
        }
        let mut j = i + 1;
        while chars.get(j).is_some_and(|c| *c == ' ' || *c == '\t') {
            j += 1;
        }
        let getline = chars[j..].starts_with(&['g', 'e', 't', 'l', 'i', 'n', 'e']);
        let command = if getline {
            let (open, end) = last?;
            let between = chars[end..i].iter().all(|c| c.is_whitespace());
            let mut k = open;
            while k > 0 && matches!(chars[k - 1], ' ' | '\t') {
                k -= 1;
            }
            let starts = k == 0 || matches!(chars[k - 1], '{' | ';' | '\n' | '(');
            let closed = end > open + 1 && chars[end - 1] == '"';
            let text: String = chars[open + 1..end.saturating_sub(1).max(open + 1)]
                .iter()
                .collect();
            (closed && between && starts && !text.contains('\\')).then_some(text)?
        } else {
            literal_target(chars, j)?
        };
        commands.push(command);
        i = j;
    }
    Some(commands)
}

/// Whether `program` names `word` as a word of its code (outside strings
/// and regexes, not part of a longer name): `system(`, `@load`.
pub(super) fn names(program: &str, word: &str) -> bool {
    either_reading(program, |chars, reading| names_read(chars, reading, word))
}

fn names_read(chars: &[char], reading: Reading, word: &str) -> bool {
    let ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let mut i = 0;
    while i < chars.len() {
        if let Some(end) = literal_end(chars, i, reading) {
            i = end;
            continue;
        }
        if ident(chars[i]) {
            let start = i;
            while i < chars.len() && ident(chars[i]) {
                i += 1;
            }
            let name: String = chars[start..i].iter().collect();
            if name == word {
                return true;
            }
            continue;
        }
        i += 1;
    }
    false
}

/// Where a print statement's output goes.
enum Target {
    Literal(String),
    Expression,
    /// A pipe to a command written as one string literal, judged as a
    /// command of its own ([`literal_commands`]).
    Command,
}

/// Reads a print statement from `at` (after the keyword) to its end:
/// its redirection target, if any, and where the statement ends.
fn redirection(chars: &[char], at: usize, reading: Reading) -> (Option<Target>, usize) {
    let mut depth = 0i32;
    let mut i = at;
    while i < chars.len() {
        if let Some(end) = literal_end(chars, i, reading) {
            i = end;
            continue;
        }
        match chars[i] {
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            ';' | '}' | '\n' if depth <= 0 => return (None, i),
            // (`||` is a logical or, not a pipe.)
            '|' if chars.get(i + 1) == Some(&'|') => i += 1,
            '|' if depth <= 0 => {
                let mut j = i + 1;
                while chars.get(j).is_some_and(|c| *c == ' ' || *c == '\t') {
                    j += 1;
                }
                let target = match literal_target(chars, j) {
                    Some(_) if chars.get(i + 1) != Some(&'&') => Target::Command,
                    _ => Target::Expression,
                };
                return (Some(target), i);
            }
            '>' if depth <= 0 => {
                let mut j = i + 1;
                if chars.get(j) == Some(&'>') {
                    j += 1;
                }
                while chars.get(j).is_some_and(|c| *c == ' ') {
                    j += 1;
                }
                let target = literal_target(chars, j).map_or(Target::Expression, Target::Literal);
                return (Some(target), statement_end(chars, j, reading));
            }
            _ => {}
        }
        i += 1;
    }
    (None, i)
}

/// A target that is one string literal and nothing else before the
/// statement ends.
fn literal_target(chars: &[char], at: usize) -> Option<String> {
    if chars.get(at) != Some(&'"') {
        return None;
    }
    let end = skip_string(chars, at);
    let text: String = chars[at + 1..end.saturating_sub(1)].iter().collect();
    let rest = chars[end..]
        .iter()
        .take_while(|c| !matches!(c, ';' | '}' | '\n'));
    (rest.clone().all(|c| c.is_whitespace()) && !text.contains('\\')).then_some(text)
}

fn statement_end(chars: &[char], from: usize, reading: Reading) -> usize {
    let mut i = from;
    while i < chars.len() {
        if let Some(end) = literal_end(chars, i, reading) {
            i = end;
            continue;
        }
        match chars[i] {
            ';' | '}' | '\n' => return i,
            _ => {}
        }
        i += 1;
    }
    i
}

/// The index after the string that opens at `at`.
fn skip_string(chars: &[char], at: usize) -> usize {
    let mut i = at + 1;
    while i < chars.len() {
        match chars[i] {
            '\\' => i += 2,
            '"' => return i + 1,
            _ => i += 1,
        }
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::RiskClass;
    use crate::secret_paths::Folders;

    fn class(program: &str) -> Option<RiskClass> {
        output(program, &Folders::home()).map(|v| v.class)
    }

    #[test]
    fn output_redirections_are_found_as_awk_reads_them() {
        assert_eq!(class(r#"{print $1}"#), None);
        assert_eq!(class(r#"{ if ($3 > 100) print $1 }"#), None);
        assert_eq!(class(r#"{print ($1 > 2)}"#), None);
        assert_eq!(
            class(r#"BEGIN{print "x" > "/tmp/out"}"#),
            Some(RiskClass::ConfigMutation)
        );
        assert_eq!(
            class(r#"BEGIN{print "a;b}" > ("/etc/cron" ".d/x")}"#),
            Some(RiskClass::Destructive)
        );
        assert_eq!(
            class(r#"BEGIN{print "x" > f}"#),
            Some(RiskClass::Destructive)
        );
        assert_eq!(
            class(r#"BEGIN{printf "};" > "/tmp/x"}"#),
            Some(RiskClass::ConfigMutation)
        );
        assert_eq!(
            class(r#"{print >> "/etc/cron.d/x"}"#),
            Some(RiskClass::Destructive)
        );
        // (A pipe to a literal command writes no file: the command is
        // judged on its own, [`literal_commands`].)
        assert_eq!(class(r#"{print | "sh"}"#), None);
        assert_eq!(class(r#"{print | cmd}"#), Some(RiskClass::Destructive));
    }

    #[test]
    fn literal_pipe_commands_are_found_and_built_ones_refused() {
        let commands = |p: &str| literal_commands(p);
        assert_eq!(
            commands(r#"END { for (k in n) print k, n[k] | "sort -k2nr" }"#),
            Some(vec!["sort -k2nr".to_string()])
        );
        assert_eq!(
            commands(r#"BEGIN { while (("ls /tmp" | getline f) > 0) print f }"#),
            Some(vec!["ls /tmp".to_string()])
        );
        for built in [
            r#"BEGIN { x "date" | getline now }"#,
            r#"BEGIN { cmd = "date"; cmd | getline now }"#,
            r#"{ print | "sort" "-r" }"#,
            r#"{ print |& "sort" }"#,
            r#"{ print | "so\x72t" }"#,
        ] {
            assert_eq!(commands(built), None, "{built}");
        }
    }

    #[test]
    fn a_quote_inside_a_regex_hides_no_redirection() {
        // awk reads `/"/` as a regex: the quote opens no string.
        for program in [
            r##"/"/ {print "#!/bin/sh" > "/usr/local/sbin/uptime"}"##,
            r#"$0 ~ /"/ {print > "/srv/data/db.sqlite"}"#,
            r#"/["]/ {print "x" > "/etc/cron.d/x"}"#,
            r#"/\"/ {print "x" > "/etc/cron.d/x"}"#,
            r#"($1 ~ /a"b/) {print > "/tmp/x"}"#,
        ] {
            assert!(class(program).is_some(), "{program}");
        }
        // A division is read as one too (both readings are tried).
        assert_eq!(
            class(r#"{x = $1 / 2; print x > "/tmp/out"}"#),
            Some(RiskClass::ConfigMutation)
        );
        // Regexes and divisions that print nowhere stay harmless.
        for program in [
            r#"/error/ {print $1}"#,
            r#"{print $1/2, $2/4}"#,
            r#"$3 ~ /^[0-9]+$/ {print $3/1024 "K"}"#,
            r#"/"/ {n++} END {print n}"#,
        ] {
            assert_eq!(class(program), None, "{program}");
        }
    }

    #[test]
    fn indirect_calls_are_found_outside_strings() {
        assert!(indirect_call(r#"BEGIN{f="sys" "tem"; @f("id")}"#));
        assert!(!indirect_call(r#"{print "a@b(c)"}"#));
        assert!(!indirect_call(r#"{print $1 "@" $2}"#));
    }
}
