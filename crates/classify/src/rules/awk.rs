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
pub(super) fn output(program: &str, folders: &super::secrets::Folders) -> Option<Verdict> {
    let chars: Vec<char> = program.chars().collect();
    let mut i = 0;
    let mut verdict: Option<Verdict> = None;
    while i < chars.len() {
        match chars[i] {
            '"' => i = skip_string(&chars, i),
            c if c.is_ascii_alphabetic() => {
                let start = i;
                while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '_') {
                    i += 1;
                }
                let word: String = chars[start..i].iter().collect();
                if word == "print" || word == "printf" {
                    let (target, end) = redirection(&chars, i);
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
    let chars: Vec<char> = program.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        match chars[i] {
            '"' => i = skip_string(&chars, i),
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

/// Where a print statement's output goes.
enum Target {
    Literal(String),
    Expression,
}

/// Reads a print statement from `at` (after the keyword) to its end:
/// its redirection target, if any, and where the statement ends.
fn redirection(chars: &[char], at: usize) -> (Option<Target>, usize) {
    let mut depth = 0i32;
    let mut i = at;
    while i < chars.len() {
        match chars[i] {
            '"' => {
                i = skip_string(chars, i);
                continue;
            }
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            ';' | '}' | '\n' if depth <= 0 => return (None, i),
            '|' if depth <= 0 => return (Some(Target::Expression), i),
            '>' if depth <= 0 => {
                let mut j = i + 1;
                if chars.get(j) == Some(&'>') {
                    j += 1;
                }
                while chars.get(j).is_some_and(|c| *c == ' ') {
                    j += 1;
                }
                let target = literal_target(chars, j).map_or(Target::Expression, Target::Literal);
                return (Some(target), statement_end(chars, j));
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

fn statement_end(chars: &[char], from: usize) -> usize {
    let mut i = from;
    while i < chars.len() {
        match chars[i] {
            '"' => {
                i = skip_string(chars, i);
                continue;
            }
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
    use crate::rules::secrets::Folders;

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
        assert_eq!(class(r#"{print | "sh"}"#), Some(RiskClass::Destructive));
    }

    #[test]
    fn indirect_calls_are_found_outside_strings() {
        assert!(indirect_call(r#"BEGIN{f="sys" "tem"; @f("id")}"#));
        assert!(!indirect_call(r#"{print "a@b(c)"}"#));
        assert!(!indirect_call(r#"{print $1 "@" $2}"#));
    }
}
