//! Shell functions a command defines and calls (`vmcfg() { qm config
//! "$1"; }; vmcfg 100`): the definition runs nothing; each call runs the
//! body, which is judged there, with the call's plain words as `$1`…`$9`.
//!
//! Only a definition that surely happens and lasts as written is kept:
//! an item of a shell's own list (a script's, a subshell's), alone, in
//! the foreground, in a text [`definable`] accepts and in no subshell of
//! a shell it refused, under a name the rules know as no program,
//! builtin or keyword ([`crate::rules::known_program`]: where they read a
//! word as that program, a function of its name would be something
//! else). Anything else is judged as before: a function that can shadow
//! any command (destructive). Bash runs a function where a later command
//! names it, in that shell and the subshells it starts, not in a shell of
//! its own (`bash -c f`), nor through a program (`sudo f`, `xargs f`),
//! nor a path (`/sbin/f`). Reviews 99–101 found the ways around each of
//! these; each is one of the refusals below.

use std::rc::Rc;

use brush_parser::ast::{self, Command, CompoundListItem};

use crate::{Arg, RiskClass, Stdin, Verdict, Walker, may_set, names_a_command, strictest};

/// How deep calls may nest before the walk gives up.
const MAX_CALLS: usize = 8;

/// A function defined for sure: its name, its body as a command (its
/// redirections included) and that body's text.
#[derive(Debug)]
pub(crate) struct ShellFunction {
    name: String,
    body: Command,
    text: String,
}

/// Whether a shell's text lets a function it defines last and run as
/// defined, its words read with their quotes taken out (`un''set`): no
/// `unset`; no `trap` (a handler runs in this shell, where it may define
/// or redefine a function, or change a body's `$1`); no `declare`,
/// `typeset`, `readonly`, `local -f` (a read-only, traced or exported
/// function); no `export -f`, no `set` of `-a`, `-T`, `-E`, `-o`, no
/// `shopt`, `extdebug`, `allexport`, `functrace`, `errtrace` (functions
/// exported or traced, traps inherited); no ANSI-C quote nor brace list
/// (which may spell any of them); and no command named by an expansion
/// (which may be any of them).
pub(crate) fn definable(text: &str) -> bool {
    // (A brace list builds any word, `allex{port,x}`, `tr{ap,ue}`;
    // review 100.)
    if text.contains("$'") || names_a_command(text) || brace_list(text) {
        return false;
    }
    let words = plain_words(text);
    // (Every option word after the command, not only the first: `export
    // -p -f`, `set -e -a`; review 101.)
    let option_after = |command: &str, test: fn(&str) -> bool| {
        words.iter().enumerate().any(|(i, w)| {
            w == command
                && words[i + 1..]
                    .iter()
                    .take_while(|o| o.starts_with(['-', '+']))
                    .any(|o| test(o))
        })
    };
    !words.iter().any(|w| {
        matches!(
            w.as_str(),
            "unset"
                | "trap"
                | "declare"
                | "typeset"
                | "readonly"
                | "extdebug"
                | "allexport"
                | "functrace"
                | "errtrace"
                | "shopt"
        )
    }) && !option_after("export", |o| o.contains('f'))
        // (`local -fr g`, `local -fx g`: local takes declare's options and
        // marks a function readonly or exported; review 101.)
        && !option_after("local", |o| o.contains(['f', 'F']))
        && !sets_a_tracing_option(&words)
}

/// Whether a `set` in `words` turns on what exports or traces functions
/// or lets traps reach them: `-a`, `-T`, `-E` in any option word, or a
/// `-o` whose name is not one of the strictness options (`set -euo
/// pipefail` keeps a function; `-o allexport` does not).
fn sets_a_tracing_option(words: &[String]) -> bool {
    const STRICT: &[&str] = &[
        "pipefail",
        "errexit",
        "nounset",
        "xtrace",
        "verbose",
        "noclobber",
    ];
    words.iter().enumerate().any(|(i, w)| {
        if w != "set" {
            return false;
        }
        let mut rest = words[i + 1..].iter();
        while let Some(option) = rest.next().filter(|o| o.starts_with(['-', '+'])) {
            if option.contains(['a', 'T', 'E']) {
                return true;
            }
            if option.contains('o') && !rest.next().is_some_and(|n| STRICT.contains(&n.as_str())) {
                return true;
            }
        }
        false
    })
}

/// Whether `text` has a brace list or sequence (`{a,b}`, `{1..3}`): a
/// `{` with no blank before its `}` and a `,` or `..` inside.
pub(crate) fn brace_list(text: &str) -> bool {
    // (Not a parameter expansion: `${1,,}` lowers a word's case.)
    text.match_indices('{')
        .filter(|(at, _)| !text[..*at].ends_with('$'))
        .any(|(at, _)| {
            let rest = &text[at + 1..];
            rest.find(|c: char| c == '}' || c.is_whitespace())
                .filter(|&end| rest[end..].starts_with('}'))
                .is_some_and(|end| rest[..end].contains(',') || rest[..end].contains(".."))
        })
}

/// Whether `text` may define a function at all (`NAME()`, `NAME ( )`,
/// `function NAME`): a quick test, so that a line without one is not
/// scanned for what could undo one.
pub(crate) fn may_define(text: &str) -> bool {
    text.contains("function")
        || text
            .match_indices('(')
            .any(|(at, _)| text[at + 1..].trim_start().starts_with(')'))
}

/// `text`'s words as bash reads them once quotes and backslashes are
/// gone (`un''set`, `"sh"ift`, `s\et` are `unset`, `shift`, `set`),
/// split at everything that is no part of a name or an option.
fn plain_words(text: &str) -> Vec<String> {
    text.replace(['\'', '"', '\\'], "")
        .split(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '+')))
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

/// The function an item of a shell's list defines, if the item is only
/// that definition, surely run (no `&&`, `||`, `!`, `&`, pipe or `time`),
/// under a name bash looks up as a function.
pub(crate) fn defined(item: &CompoundListItem) -> Option<ShellFunction> {
    if matches!(item.1, ast::SeparatorOperator::Async) || !item.0.additional.is_empty() {
        return None;
    }
    let pipeline = &item.0.first;
    let [Command::Function(definition)] = pipeline.seq.as_slice() else {
        return None;
    };
    if pipeline.bang || pipeline.timed.is_some() {
        return None;
    }
    let name = definition.fname.value.as_str();
    if !plain_name(name) {
        return None;
    }
    let ast::FunctionBody(compound, redirects) = &definition.body;
    Some(ShellFunction {
        name: name.to_string(),
        body: Command::Compound(compound.clone(), redirects.clone()),
        text: definition.body.to_string(),
    })
}

/// A name a call finds as written: letters, digits, `_`, `-`, `.`, not
/// starting with a digit or `-`, and no program, builtin or keyword the
/// rules know (a POSIX shell runs a special builtin, not the function;
/// and where the rules read a word as that program, a pipeline's
/// feeder, a guest list's filter, the function would be something else;
/// review 99).
fn plain_name(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))
        && !crate::rules::known_program(name)
}

/// A call's word given as a positional parameter: literal, no glob, no
/// blank or quote (each would split or mean more than the word).
fn plain_word(arg: &Arg) -> bool {
    arg.literal().is_some_and(|text| {
        !arg.is_glob()
            && !text.is_empty()
            && text.chars().all(|c| {
                c.is_ascii_alphanumeric()
                    || matches!(c, '.' | '_' | '-' | '/' | ':' | '@' | '+' | ',' | '=' | '%')
            })
    })
}

impl Walker {
    /// Keeps a function defined for sure, from here to the end of the
    /// shell walked.
    pub(crate) fn define(&mut self, function: ShellFunction) {
        self.push(
            format!("{} () {{ … }}", function.name),
            Verdict::read_only(format!(
                "defines the shell function `{}`; its commands are judged where it is called",
                function.name
            )),
        );
        self.functions.push(Rc::new(function));
    }

    /// The function a simple command's words call, if they name one this
    /// shell defined (the innermost definition).
    pub(crate) fn function_named(&self, argv: &[Arg]) -> Option<Rc<ShellFunction>> {
        let first = argv.first().filter(|a| !a.is_glob())?.literal()?;
        self.functions
            .iter()
            .rev()
            .find(|f| f.name == first)
            .cloned()
    }

    /// Judges a call: walks the body with the call's plain words as its
    /// positional parameters (none when the body may shift or set them).
    pub(crate) fn call(
        &mut self,
        function: &ShellFunction,
        argv: &[Arg],
        stdin: Stdin<'_>,
        depth: usize,
    ) -> Verdict {
        let name = &function.name;
        if self.calling.iter().any(|c| c == name) {
            return Verdict::destructive(format!(
                "`{name}` calls itself, which runs without end (a fork bomb is one)"
            ));
        }
        if self.calling.len() >= MAX_CALLS {
            return Verdict::destructive("functions call each other too deeply to classify");
        }
        // A value the walk reads from the line (a loop's, a constant's)
        // the body may set: after the call it is no longer that.
        let relied = self
            .loops
            .iter()
            .map(|(n, _)| n)
            .chain(&self.plain_loops)
            .chain(&self.field_loops)
            .chain(self.arrays.iter().map(|(n, _)| n))
            .find(|n| may_set(&function.text, n));
        if let Some(variable) = relied {
            return Verdict::destructive(format!(
                "`{name}` may set {variable}, whose value the rest of the command is judged with"
            ));
        }
        // (Bound only when every word of the call is plain: one that
        // splits or vanishes, `$(…)`, `"${a[@]}"`, moves the rest; and
        // not when the body may move them, `shift`, `set --`; review 99.)
        let moves = plain_words(&function.text)
            .iter()
            .any(|word| matches!(word.as_str(), "shift" | "set"));
        let plain = !moves && argv[1..].iter().all(plain_word);
        let outer = self.loops.len();
        for n in 1..=9 {
            let value = argv
                .get(n)
                .filter(|_| plain)
                .cloned()
                .unwrap_or_else(|| Arg::dynamic(format!("${n}")));
            self.loops.push((n.to_string(), value));
        }
        // What the body binds may be its own (`local`) or not happen
        // (`return` first): after the call, none of it counts; and a
        // `local m` there is no associative array of the caller's.
        let bound = self.bound.len();
        let associative = std::mem::take(&mut self.associative);
        self.calling.push(name.clone());
        let start = self.segments.len();
        self.command(&function.body, stdin, depth + 1);
        self.calling.pop();
        self.associative = associative;
        self.bound.truncate(bound);
        self.loops.truncate(outer);
        // The call is what acts, as a wrapper's line is (a card's window
        // stands for a plain command, never for a name that runs one).
        match strictest(&self.segments[start..]) {
            Some(s) if s.class > RiskClass::ReadOnly => Verdict::new(
                s.class,
                format!(
                    "the shell function `{name}` runs `{}`: {}",
                    s.command, s.reason
                ),
            ),
            _ => Verdict::read_only(format!(
                "calls the shell function `{name}`, whose commands only inspect"
            )),
        }
    }
}
