//! Shell functions a command defines and calls (`vmcfg() { qm config
//! "$1"; }; vmcfg 100`): the definition runs nothing; each call runs the
//! body, which is judged there, with the call's words as `$1`…`$9`.
//!
//! Only a definition that surely happens and lasts is kept: an item of a
//! shell's own list (a script's, a subshell's), alone, in the foreground,
//! in a text with no `unset` and no command named by an expansion, under
//! a plain name that is no special builtin. Anything else is judged as
//! before: a function that can shadow any command (destructive). Bash
//! runs a function where a later command names it, in that shell and the
//! subshells it starts, not in a shell of its own (`bash -c f`), nor
//! through a program (`sudo f`, `xargs f`), nor a path (`/sbin/f`).

use std::rc::Rc;

use brush_parser::ast::{self, Command, CompoundListItem};

use crate::{Arg, Stdin, Verdict, Walker, may_set, names_a_command};

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

/// Whether a shell's text lets a function it defines last: no `unset`
/// (which removes one, `unset -f f`, or `unset f` with no variable `f`)
/// and no command named by an expansion (which may be `unset`).
pub(crate) fn definable(text: &str) -> bool {
    !text
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .any(|word| word == "unset")
        && !names_a_command(text)
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
/// starting with a digit or `-`, and no special builtin (a POSIX shell
/// runs the builtin, not the function: `export`, `set`, `:`…).
fn plain_name(name: &str) -> bool {
    const SPECIAL: &[&str] = &[
        "break", "continue", "eval", "exec", "exit", "export", "readonly", "return", "set",
        "shift", "times", "trap", "unset", "source",
    ];
    name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))
        && !SPECIAL.contains(&name)
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
            .find(|n| may_set(&function.text, n));
        if let Some(variable) = relied {
            return Verdict::destructive(format!(
                "`{name}` may set {variable}, whose value the rest of the command is judged with"
            ));
        }
        let moves = function
            .text
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .any(|word| matches!(word, "shift" | "set"));
        let outer = self.loops.len();
        for n in 1..=9 {
            let value = argv
                .get(n)
                .filter(|a| !moves && plain_word(a))
                .cloned()
                .unwrap_or_else(|| Arg::dynamic(format!("${n}")));
            self.loops.push((n.to_string(), value));
        }
        self.calling.push(name.clone());
        self.command(&function.body, stdin, depth + 1);
        self.calling.pop();
        self.loops.truncate(outer);
        Verdict::read_only(format!(
            "calls the shell function `{name}`, whose commands are judged as it runs them"
        ))
    }
}
