//! What the names of a `while read NAME; do …; done` loop hold, when its
//! input proves it: a VMID of the guest list (the first name of each of
//! its lines), a stand-in for one kind of field (process ids, disks,
//! containers' ids), each of a few lines written in the command
//! (`printf '%s\n' pve1 pve2 | while read h`, `done <<< $'pve1\npve2'`),
//! or one of a command's plain fields (`docker ps --format
//! '{{.Names}}'`): judged as `for NAME in …` is (blind corpora 155, 163,
//! 172).

use crate::{Arg, Command, CompoundCommand, ast, may_set, names_a_command, sources, words};

/// Where a loop's input comes from.
pub(crate) enum Feeder<'a> {
    /// A script whose output it reads (a pipe, `< <(…)`).
    Script(&'a str),
    /// A here-string's word, as written.
    HereString(&'a str),
    /// A here-document's text, with nothing in it to expand.
    HereDocument(&'a str),
}

/// What a read loop's name holds, turn by turn.
pub(crate) enum Turns {
    /// Each value in turn (a stand-in is one).
    Values(Vec<Arg>),
    /// One field of the command `$(…)` prints, each turn.
    Fields(String),
}

/// The name a read loop sets and what it holds; `None` when the command
/// is no such loop, its input proves nothing, or its body may set the
/// name itself.
pub(crate) fn turns(command: &Command, feeder: Feeder<'_>) -> Option<(String, Turns)> {
    let Command::Compound(CompoundCommand::WhileClause(w), _) = command else {
        return None;
    };
    let names = read_names(&w.0.to_string())?;
    let name = names.first()?.clone();
    let body = w.1.to_string();
    if may_set(&body, &name) || names_a_command(&body) {
        return None;
    }
    let turns = match feeder {
        // (Further names hold the guest list's other columns.)
        Feeder::Script(script) if names.len() > 1 => {
            sources::guest_lines(script).then(vmid_turn)?
        }
        Feeder::Script(script) if sources::vmid_list(script) => vmid_turn(),
        Feeder::Script(script) => script_turns(script, quoted_whole(&body, &name))?,
        Feeder::HereString(_) | Feeder::HereDocument(_) if names.len() > 1 => return None,
        // (Or one substitution's output, `<<< "$(printf '%s\n' a b)"`:
        // the lines of the script in it.)
        Feeder::HereString(word) => match substituted_script(word) {
            Some(script) => script_turns(script, quoted_whole(&body, &name))?,
            None => Turns::Values(plain_lines(words::analyse(word).arg.literal()?)?),
        },
        Feeder::HereDocument(text) => Turns::Values(plain_lines(text)?),
    };
    Some((name, turns))
}

fn vmid_turn() -> Turns {
    Turns::Values(vec![Arg::literal_of(sources::VMID)])
}

/// Whether every use of `$name` in `body` is a word of its own in double
/// quotes (`"$p"`, `"${p}"`): a whole line read stays one word.
fn quoted_whole(body: &str, name: &str) -> bool {
    [format!("${name}"), format!("${{{name}}}")]
        .iter()
        .all(|form| {
            body.match_indices(form.as_str()).all(|(at, _)| {
                let end = at + form.len();
                let longer = !form.ends_with('}')
                    && body[end..]
                        .chars()
                        .next()
                        .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
                longer || (body[..at].ends_with('"') && body[end..].starts_with('"'))
            })
        })
}

/// A one-name loop over a script's output: a stand-in, the lines it
/// writes, or its plain fields (or whole lines that each start with a
/// letter, ZFS names, when the body uses them quoted whole: `whole`).
fn script_turns(script: &str, whole: bool) -> Option<Turns> {
    if let Some(value) = sources::stand_in(script) {
        return Some(Turns::Values(vec![Arg::literal_of(value)]));
    }
    if let Some(lines) = sources::literal_lines(script) {
        return Some(Turns::Values(lines.iter().map(Arg::literal_of).collect()));
    }
    let lines = sources::loop_fields(script) || (whole && sources::zfs_name_lines(script));
    (!script.contains(['(', ')']) && lines).then(|| Turns::Fields(format!("$({script})")))
}

/// The script of a word that is one command substitution alone
/// (`"$(…)"`, `$(…)`), when nothing else is in it.
fn substituted_script(word: &str) -> Option<&str> {
    let inner = word
        .strip_prefix('"')
        .and_then(|w| w.strip_suffix('"'))
        .unwrap_or(word);
    let script = inner.strip_prefix("$(")?.strip_suffix(')')?;
    (!script.contains(['(', ')', '`', '"'])).then_some(script)
}

/// The names `read [-r] NAME…` sets, as the loop's one condition.
fn read_names(condition: &str) -> Option<Vec<String>> {
    let words: Vec<&str> = condition
        .trim_end()
        .trim_end_matches(';')
        .split_whitespace()
        .collect();
    let names = match words.as_slice() {
        ["read", "-r", names @ ..] | ["read", names @ ..] => names,
        _ => return None,
    };
    let plain = |n: &&str| {
        n.chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    };
    // (A name given twice keeps the later field: `read id id rest` puts
    // the guest's name in `id`; review 119.)
    let distinct = names
        .iter()
        .enumerate()
        .all(|(i, n)| !names[..i].contains(n));
    (!names.is_empty() && names.iter().all(plain) && distinct)
        .then(|| names.iter().map(|n| (*n).to_string()).collect())
}

/// A text's lines (a here-string's literal word, `$'pve1\npve2'`, or a
/// here-document's), when each is one plain word; a few at most.
fn plain_lines(text: &str) -> Option<Vec<Arg>> {
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let values: Vec<Arg> = lines.iter().map(|l| Arg::literal_of(*l)).collect();
    (!values.is_empty()
        && values.len() <= sources::MAX_VALUES
        && values.iter().all(sources::plain_value)
        && lines.iter().all(|l| !l.contains(char::is_whitespace)))
    .then_some(values)
}

/// The here-string or here-document a compound command's input is:
/// the string's word as written, the document's text when nothing in it
/// expands (a quoted delimiter, or no `$`, `` ` `` or `\\` in it).
pub(crate) fn written_input(redirects: &[ast::IoRedirect]) -> Option<Feeder<'_>> {
    match crate::inputs(redirects).as_slice() {
        [ast::IoRedirect::HereString(_, word)] => Some(Feeder::HereString(word.value.as_str())),
        [ast::IoRedirect::HereDocument(_, doc)] => literal_document(doc).map(Feeder::HereDocument),
        _ => None,
    }
}

fn literal_document(doc: &ast::IoHereDocument) -> Option<&str> {
    let text = doc.doc.value.as_str();
    (!doc.requires_expansion || !text.contains(['$', '`', '\\'])).then_some(text)
}

/// The text a pipeline's stage writes when it is `cat` of a here-document
/// alone (`cat <<EOF | while read h …`; review 116).
pub(crate) fn cat_of_document(command: &Command) -> Option<&str> {
    let Command::Simple(simple) = command else {
        return None;
    };
    let name = simple.word_or_name.as_ref()?;
    if name.value != "cat" || simple.prefix.is_some() {
        return None;
    }
    let items = &simple.suffix.as_ref()?.0;
    match items.as_slice() {
        [
            ast::CommandPrefixOrSuffixItem::IoRedirect(ast::IoRedirect::HereDocument(
                None | Some(0),
                doc,
            )),
        ] => literal_document(doc),
        _ => None,
    }
}
