//! Shell words: what a word's value is once quotes and escapes are removed,
//! whether it is only known at run time (a variable, a substitution, an
//! ANSI-C escape, brace expansion), and which commands it substitutes.

use brush_parser::word::{self, WordPiece, WordPieceWithSource};

/// Whether a word's value is known before it runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArgKind {
    /// Fully known: quotes and escapes removed.
    Literal,
    /// Known text with glob characters outside quotes (`*.log`): fine as an
    /// argument, never as a program name.
    Glob,
    /// One of the files a glob matches, text the glob (a quoted loop
    /// value, `for f in /etc/*.conf; do cat "$f"`): one word, whatever
    /// name it turns out to be.
    Match,
    /// Only known at run time.
    Dynamic,
    /// Only known at run time, and bash may make several words of it
    /// (field splitting of an unquoted expansion, brace expansion,
    /// `"$@"`): `-n ${u:-1 rm -rf /srv}` is `-n 1 rm -rf /srv`, so it is
    /// never one option's value and never one operand.
    Split,
}

/// One word of a command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Arg {
    /// The unquoted value (for `Literal`/`Glob`) or the raw text.
    pub text: String,
    pub kind: ArgKind,
}

impl Arg {
    pub fn literal_of(text: impl Into<String>) -> Arg {
        Arg {
            text: text.into(),
            kind: ArgKind::Literal,
        }
    }

    pub fn dynamic(raw: impl Into<String>) -> Arg {
        Arg {
            text: raw.into(),
            kind: ArgKind::Dynamic,
        }
    }

    /// The value, unless only known at run time.
    pub fn literal(&self) -> Option<&str> {
        (!self.is_dynamic()).then_some(self.text.as_str())
    }

    pub fn is_glob(&self) -> bool {
        matches!(self.kind, ArgKind::Glob | ArgKind::Match)
    }

    /// Whether bash may make several words of it: a glob's file names,
    /// or [`Arg::splits`].
    pub fn may_be_several(&self) -> bool {
        matches!(self.kind, ArgKind::Glob | ArgKind::Split)
    }

    pub fn is_dynamic(&self) -> bool {
        matches!(self.kind, ArgKind::Dynamic | ArgKind::Split)
    }

    /// Whether bash may make several words of it ([`ArgKind::Split`]).
    pub fn splits(&self) -> bool {
        self.kind == ArgKind::Split
    }

    pub fn raw(&self) -> &str {
        &self.text
    }
}

/// A word's value and the command texts it substitutes (`$( )`, backticks,
/// including those nested in `${…}` expansions).
#[derive(Clone)]
pub(crate) struct Analysed {
    pub arg: Arg,
    pub substitutions: Vec<String>,
    /// An expansion that evaluates variable contents as arithmetic or as
    /// a name (`$((x))`, `${a[i]}`, `${!x}`), where a subscript such as
    /// `a[$(cmd)]` hidden in the contents runs a command.
    pub evaluates: Option<String>,
    /// Variables a `${NAME=…}` or `${NAME:=…}` assigns.
    pub assigns: Vec<String>,
    /// How bash may split the word into several ([`Splitting`]).
    pub splitting: Splitting,
    /// The variables whose values the shell puts into the word (`$x`,
    /// `"${x%.*}"`, `${u:-$y}`: x, u, y), special parameters and lengths
    /// (`${#x}`) apart; not `$x` in single quotes, which is text.
    pub expands: Vec<String>,
}

/// Whether a run-time word may become several words.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Splitting {
    /// Whatever the variables hold: an unquoted `$(…)`, a brace list,
    /// `"$@"`, `${u:-a b}`, `${a[@]}`.
    pub always: bool,
    /// Only if the command sets IFS: an unquoted arithmetic expansion of
    /// numbers, whose value is known (`$((30*86400))`), split by IFS.
    pub by_ifs: bool,
    /// Only if one of these variables may hold a blank: their unquoted
    /// `$NAME` (or `${NAME%…}`-style) expansions. A variable the command
    /// never sets holds what the session gave it, not text the command
    /// chose.
    pub names: Vec<String>,
}

/// Whether `raw` holds `${` where bash expands it: not inside single
/// quotes nor `$'…'`, not escaped (a `'` inside double quotes or an
/// escaped one inside `$'…'` is text; review 57).
fn unquoted_dollar_brace(raw: &str) -> bool {
    #[derive(PartialEq)]
    enum Quote {
        None,
        Single,
        Double,
        AnsiC,
    }
    let mut state = Quote::None;
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        match (&state, c) {
            (Quote::Single, '\'') | (Quote::Double, '"') | (Quote::AnsiC, '\'') => {
                state = Quote::None
            }
            (Quote::Single, _) => {}
            (Quote::AnsiC, '\\') => {
                chars.next();
            }
            (Quote::AnsiC, _) => {}
            (Quote::None | Quote::Double, '\\') => {
                chars.next();
            }
            (Quote::None | Quote::Double, '$') if chars.peek() == Some(&'{') => return true,
            // (A substitution inside quotes has quotes of its own, which
            // this scan does not follow: taken as one that may hold
            // `${`; `$$` is one word, the shell's process id; review 58.)
            (Quote::None | Quote::Double, '$') if chars.peek() == Some(&'(') => return true,
            (Quote::None | Quote::Double, '`') => return true,
            (Quote::None | Quote::Double, '$') if chars.peek() == Some(&'$') => {
                chars.next();
            }
            (Quote::None, '$') if chars.peek() == Some(&'\'') => {
                chars.next();
                state = Quote::AnsiC;
            }
            (Quote::None, '\'') => state = Quote::Single,
            (Quote::None, '"') => state = Quote::Double,
            _ => {}
        }
    }
    false
}

/// The value of arithmetic `text` made of decimal numbers (no leading
/// zero: bash reads `010` as octal), blanks, parentheses and `+ * / %`,
/// as bash computes it; `None` for anything else (a variable, a minus, an
/// operator bash reads otherwise, `**`), and where bash fails or wraps
/// (division by zero, past 2^63).
pub(crate) fn constant_arithmetic(text: &str) -> Option<u64> {
    if text.len() > 64
        || !text
            .bytes()
            .all(|b| b.is_ascii_digit() || b" \t\n+*/%()".contains(&b))
        || text.contains("**")
    {
        return None;
    }
    let tokens = tokenize_arithmetic(text);
    let mut at = 0;
    let value = arithmetic_sum(&tokens, &mut at, 0)?;
    (at == tokens.len()).then_some(value)
}

fn tokenize_arithmetic(text: &str) -> Vec<&str> {
    let mut tokens = Vec::new();
    let mut rest = text.trim_start();
    while let Some(c) = rest.chars().next() {
        let len = if c.is_ascii_digit() {
            rest.find(|c: char| !c.is_ascii_digit())
                .unwrap_or(rest.len())
        } else {
            1
        };
        tokens.push(&rest[..len]);
        rest = rest[len..].trim_start();
    }
    tokens
}

/// `term (+ term)*`; `depth` bounds the parentheses. Every value stays
/// within bash's signed 64 bits.
fn arithmetic_sum(tokens: &[&str], at: &mut usize, depth: usize) -> Option<u64> {
    let mut sum = arithmetic_term(tokens, at, depth)?;
    while tokens.get(*at) == Some(&"+") {
        *at += 1;
        sum = bash_sized(sum.checked_add(arithmetic_term(tokens, at, depth)?)?)?;
    }
    Some(sum)
}

/// `factor ((*|/|%) factor)*`.
fn arithmetic_term(tokens: &[&str], at: &mut usize, depth: usize) -> Option<u64> {
    let mut value = arithmetic_factor(tokens, at, depth)?;
    while let Some(op) = tokens
        .get(*at)
        .copied()
        .filter(|t| matches!(*t, "*" | "/" | "%"))
    {
        *at += 1;
        let right = arithmetic_factor(tokens, at, depth)?;
        value = bash_sized(match op {
            "*" => value.checked_mul(right)?,
            "/" => value.checked_div(right)?,
            _ => value.checked_rem(right)?,
        })?;
    }
    Some(value)
}

/// A number (decimal, no leading zero) or `( sum )`.
fn arithmetic_factor(tokens: &[&str], at: &mut usize, depth: usize) -> Option<u64> {
    let token = *tokens.get(*at)?;
    *at += 1;
    if token == "(" && depth < 16 {
        let value = arithmetic_sum(tokens, at, depth + 1)?;
        if tokens.get(*at) != Some(&")") {
            return None;
        }
        *at += 1;
        return Some(value);
    }
    let decimal = !token.is_empty()
        && token.bytes().all(|b| b.is_ascii_digit())
        && (token.len() == 1 || !token.starts_with('0'));
    decimal
        .then(|| token.parse::<u64>().ok())
        .flatten()
        .and_then(bash_sized)
}

fn bash_sized(value: u64) -> Option<u64> {
    (value <= i64::MAX as u64).then_some(value)
}

/// The words bash's brace expansion makes of `text`, one group of plain
/// words (`{ce,ue}_count`) or of a range of numbers (`pve{1..3}`,
/// `192.168.10.{10..30}`), between plain letters; and whether it is a
/// range (every word of one shape). `None` for anything else (nested or
/// several groups, quotes, expansions, zero-padded or stepped ranges).
pub(crate) fn brace_words(text: &str) -> Option<(Vec<String>, bool)> {
    let plain = |s: &str| {
        s.bytes().all(|b| {
            b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'/' | b':' | b'@' | b'+' | b'-')
        })
    };
    let (before, rest) = text.split_once('{')?;
    let (group, after) = rest.split_once('}')?;
    if !plain(before) || !plain(after) || group.contains(['{', '}']) {
        return None;
    }
    let number = |n: &str| {
        (!n.is_empty()
            && n.len() <= 6
            && n.bytes().all(|b| b.is_ascii_digit())
            && (n == "0" || !n.starts_with('0')))
        .then(|| n.parse::<u32>().ok())
        .flatten()
    };
    let (middles, range): (Vec<String>, bool) = match group.split_once("..") {
        Some((from, to)) => {
            let (from, to) = (number(from)?, number(to)?);
            let (low, high) = (from.min(to), from.max(to));
            if high - low >= 256 {
                return None;
            }
            let mut all: Vec<String> = (low..=high).map(|n| n.to_string()).collect();
            if from > to {
                all.reverse();
            }
            (all, true)
        }
        None => {
            let items: Vec<String> = group.split(',').map(str::to_string).collect();
            if items.len() < 2 || items.iter().any(|i| i.is_empty() || !plain(i)) {
                return None;
            }
            (items, false)
        }
    };
    Some((
        middles
            .into_iter()
            .map(|m| format!("{before}{m}{after}"))
            .collect(),
        range,
    ))
}

/// Whether arithmetic `text` reads a variable (a name, `$x`): bash then
/// evaluates the variable's contents as arithmetic too, and a subscript
/// in them (`a[$(cmd)]`) runs a command. Numbers and operators only are
/// safe.
pub(crate) fn arithmetic_reads_variables(text: &str) -> bool {
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '$' || c == '`' {
            return true;
        }
        if c.is_ascii_digit() {
            // A number, with its base or hex digits (`0x1f`, `16#ff`).
            while chars
                .peek()
                .is_some_and(|d| d.is_ascii_alphanumeric() || *d == '#')
            {
                chars.next();
            }
            continue;
        }
        if c.is_ascii_alphabetic() || c == '_' {
            return true;
        }
    }
    false
}

/// Analyses the raw text of one word.
pub(crate) fn analyse(raw: &str) -> Analysed {
    // Most words are plain text (`-la`, `/var/log/syslog`, `{}`): nothing
    // in them quotes, expands or globs, so the word parser has nothing
    // to find.
    let plain = !raw.is_empty()
        && raw.bytes().all(|b| {
            b.is_ascii_alphanumeric()
                || matches!(
                    b,
                    b'/' | b'.' | b'_' | b'-' | b':' | b'=' | b'+' | b'@' | b'%' | b','
                )
                || (matches!(b, b'{' | b'}') && !raw.contains(',') && !raw.contains(".."))
        });
    if plain {
        return Analysed {
            arg: Arg::literal_of(raw),
            substitutions: Vec::new(),
            evaluates: None,
            assigns: Vec::new(),
            splitting: Splitting::default(),
            expands: Vec::new(),
        };
    }
    // The rules look at a word more than once, and a hostile input
    // repeats words: each text is analysed once per input.
    if let Some(known) = ANALYSED.with_borrow(|seen| seen.get(raw).cloned()) {
        return known;
    }
    let analysed = analyse_unremembered(raw);
    ANALYSED.with_borrow_mut(|seen| seen.insert(raw.to_string(), analysed.clone()));
    analysed
}

thread_local! {
    static ANALYSED: std::cell::RefCell<crate::Map<String, Analysed>> =
        std::cell::RefCell::new(crate::Map::default());
}

/// Forgets the words analysed for the last input (their analysis does
/// not change, but memory must not grow from input to input).
pub(crate) fn forget_words() {
    ANALYSED.with_borrow_mut(std::collections::HashMap::clear);
}

fn analyse_unremembered(raw: &str) -> Analysed {
    let options = brush_parser::ParserOptions::default();
    let mut substitutions = Vec::new();
    let pieces = match std::panic::catch_unwind(|| word::parse(raw, &options)) {
        Ok(Ok(pieces)) => pieces,
        _ => {
            // Unparseable as a word: its value is unknowable, and any `$(`
            // in it may still run.
            substitutions.extend(fallback_substitutions(raw));
            return Analysed {
                arg: Arg::dynamic(raw),
                substitutions,
                evaluates: None,
                assigns: Vec::new(),
                splitting: Splitting {
                    always: true,
                    ..Splitting::default()
                },
                // (Unparseable words are refused whole.)
                expands: Vec::new(),
            };
        }
    };
    let mut value = String::new();
    let mut kind = ArgKind::Literal;
    let mut found = Found {
        substitutions: &mut substitutions,
        evaluates: None,
        assigns: Vec::new(),
        splitting: Splitting::default(),
        expands: Vec::new(),
    };
    walk(raw, &pieces, false, &mut value, &mut kind, &mut found);
    let evaluates = found.evaluates;
    let assigns = found.assigns;
    let expands = found.expands;
    let mut splitting = found.splitting;
    // `${` the parser left as text, outside single quotes, is an
    // expansion bash reads and may fail on (`${#x:?}`, `${x@Z}`, `${%}`:
    // a bad substitution drops the command after its process
    // substitutions have started; review 56).
    if kind != ArgKind::Dynamic && value.contains("${") && unquoted_dollar_brace(raw) {
        kind = ArgKind::Dynamic;
    }
    // `{"-delete",}`: quotes inside a brace list do not stop bash from
    // expanding it, though no single piece holds the whole list.
    if quoted_brace_list(raw) {
        kind = ArgKind::Dynamic;
        splitting.always = true;
    }
    // `/etc/sha["d"]ow`: quotes inside a bracket expression do not stop
    // bash from reading it as one (`[d]`), though no piece holds both
    // brackets.
    if quoted_bracket(raw) {
        match kind {
            ArgKind::Literal => kind = ArgKind::Glob,
            // With an expansion too: the file names are words of their own.
            ArgKind::Dynamic => splitting.always = true,
            _ => {}
        }
    }
    if kind == ArgKind::Dynamic && splitting.always {
        kind = ArgKind::Split;
    }
    let arg = match kind {
        ArgKind::Dynamic | ArgKind::Split => Arg {
            text: raw.to_string(),
            kind,
        },
        other => Arg {
            text: value,
            kind: other,
        },
    };
    Analysed {
        arg,
        substitutions,
        evaluates,
        assigns,
        splitting,
        expands,
    }
}

/// What [`walk`] collects besides the value.
struct Found<'a> {
    substitutions: &'a mut Vec<String>,
    evaluates: Option<String>,
    assigns: Vec<String>,
    splitting: Splitting,
    expands: Vec<String>,
}

/// An unquoted piece of plain text: a glob or a brace expansion makes
/// the word several.
fn unquoted_text(text: &str, kind: &mut ArgKind, found: &mut Found<'_>) {
    let bracket_glob = text.find('[').is_some_and(|i| text[i + 1..].contains(']'));
    if text.contains(['*', '?']) || bracket_glob {
        if *kind == ArgKind::Literal {
            *kind = ArgKind::Glob;
        }
        // With an expansion too (`${HOME}/.ssh/id_*`), the
        // file names it makes are words of their own.
        found.splitting.always = true;
    }
    // Brace expansion turns one word into several
    // (`{rm,-rf,/}`): its words are not this word.
    if brace_expansion(text) {
        *kind = ArgKind::Dynamic;
        found.splitting.always = true;
    }
}

/// A parameter expansion (`source`, as written): the variable it reads,
/// what it does, and how its value splits.
fn expansion(source: &str, quoted: bool, found: &mut Found<'_>) {
    if let Some(name) = expanded_name(source)
        && !found.expands.iter().any(|n| n == name)
    {
        found.expands.push(name.to_string());
    }
    parameter_expansion(source, found);
    expansion_splitting(source, quoted, &mut found.splitting);
}

fn walk(
    raw: &str,
    pieces: &[WordPieceWithSource],
    quoted: bool,
    value: &mut String,
    kind: &mut ArgKind,
    found: &mut Found<'_>,
) {
    let dynamic = |kind: &mut ArgKind| *kind = ArgKind::Dynamic;
    for piece in pieces {
        match &piece.piece {
            WordPiece::Text(text) => {
                if !quoted {
                    unquoted_text(text, kind, found);
                }
                value.push_str(text);
            }
            WordPiece::SingleQuotedText(text) => value.push_str(text),
            // (Its escapes decoded as bash does, `$'\t'` is a tab and
            // `$'\x72m'` is `rm`; one bash would read otherwise leaves the
            // word unknown.)
            WordPiece::AnsiCQuotedText(text) => match ansi_c_decoded(text) {
                Some(decoded) => value.push_str(&decoded),
                None => {
                    dynamic(kind);
                    value.push_str(text);
                }
            },
            WordPiece::DoubleQuotedSequence(inner)
            | WordPiece::GettextDoubleQuotedSequence(inner) => {
                walk(raw, inner, true, value, kind, found);
            }
            WordPiece::EscapeSequence(escaped) => {
                value.push_str(escaped.strip_prefix('\\').unwrap_or(escaped));
            }
            // `~`, `~user`, `~+`, `~-`: kept as written, for the folder
            // it names.
            WordPiece::TildeExpansion(tilde) => {
                value.push('~');
                match tilde {
                    word::TildeExpr::Home => {}
                    word::TildeExpr::UserHome(user) => value.push_str(user),
                    word::TildeExpr::WorkingDir => value.push('+'),
                    word::TildeExpr::OldWorkingDir => value.push('-'),
                    // `~+N`, `~-N`: a folder of the stack, any of them.
                    _ => value.push('-'),
                }
            }
            WordPiece::CommandSubstitution(text)
            | WordPiece::BackquotedCommandSubstitution(text) => {
                found.substitutions.push(text.clone());
                found.splitting.always |= !quoted && !crate::sources::plain_fields(text);
                dynamic(kind);
            }
            WordPiece::ParameterExpansion(_) => {
                match raw.get(piece.start_index..piece.end_index) {
                    Some(source) => expansion(source, quoted, found),
                    None => found.splitting.always = true,
                }
                dynamic(kind);
            }
            // Numbers and operators only: the value bash computes
            // (`-checkend $((30*86400))`).
            WordPiece::ArithmeticExpression(expr)
                if let Some(number) = constant_arithmetic(&expr.value) =>
            {
                found.splitting.by_ifs |= !quoted;
                value.push_str(&number.to_string());
            }
            WordPiece::ArithmeticExpression(expr) => {
                found
                    .substitutions
                    .extend(substitutions_in_text(&expr.value));
                found.assigns.extend(arithmetic_assigned(&expr.value));
                if arithmetic_reads_variables(&expr.value) {
                    found
                        .evaluates
                        .get_or_insert_with(|| format!("$(({}))", expr.value));
                }
                dynamic(kind);
            }
        }
    }
}

/// The variables an arithmetic expression sets (`IFS=1`, `PATH+=1`,
/// `i++`, `--n`): bash assigns them as a plain assignment would.
pub(crate) fn arithmetic_assigned(expr: &str) -> Vec<String> {
    let b = expr.as_bytes();
    let mut names = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if !(b[i].is_ascii_alphabetic() || b[i] == b'_')
            || (i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_' || b[i - 1] == b'$'))
        {
            i += 1;
            continue;
        }
        let start = i;
        while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
            i += 1;
        }
        let name = &expr[start..i];
        let before = expr[..start].trim_end();
        let mut rest = expr[i..].trim_start();
        // (A subscript: `a[i]=1` sets `a`.)
        if rest.starts_with('[') {
            rest = rest
                .find(']')
                .map_or("", |close| rest[close + 1..].trim_start());
        }
        let sets = [
            "+=", "-=", "*=", "/=", "%=", "<<=", ">>=", "&=", "^=", "|=", "++", "--",
        ]
        .iter()
        .any(|op| rest.starts_with(op))
            || (rest.starts_with('=') && !rest.starts_with("=="))
            || before.ends_with("++")
            || before.ends_with("--");
        if sets {
            names.push(name.to_string());
        }
    }
    names
}

/// What a parameter expansion (`${…}`, its source text) runs or
/// evaluates: `${X:-$(cmd)}` runs cmd; `${!x}`, `${a[i]}`, `${s:x}` (an
/// arithmetic offset) and `${x@P}` (prompt expansion runs `$(…)` in the
/// value) evaluate.
fn parameter_expansion(source: &str, found: &mut Found<'_>) {
    let inner = source
        .strip_prefix("${")
        .and_then(|s| s.strip_suffix('}'))
        .unwrap_or("");
    // `${NAME=word}`, `${NAME:=word}` assign NAME.
    let ident_end = inner
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(inner.len());
    let after = &inner[ident_end..];
    if ident_end > 0 && (after.starts_with('=') || after.starts_with(":=")) {
        found.assigns.push(inner[..ident_end].to_string());
    }
    if !inner.is_empty() {
        // `${u:-$((x))}`: what the word inside runs or evaluates counts.
        // (And as bash may read it with its single quotes as plain
        // characters: in a double-quoted `${p:-word}`, `${p:+word}`,
        // `${p:=word}`, `${p:?word}` (POSIX interpretation 221), in a
        // subscript or an offset, quoted or not (`${a['$(x)']}`,
        // `${s:'$(x)':1}`: bash expands them as double-quoted
        // arithmetic), a `$(…)` between them runs; review 85.)
        let unquoted = inner.contains(['\'', '"']).then(|| quotes_as_text(inner));
        for text in std::iter::once(inner).chain(unquoted.as_deref()) {
            let nested = analyse(text);
            found.substitutions.extend(nested.substitutions);
            if let Some(evaluated) = nested.evaluates {
                found.evaluates.get_or_insert(evaluated);
            }
            found.assigns.extend(nested.assigns);
            found.expands.extend(nested.expands);
        }
    }
    // (`${k:0:8}`: literal numbers are no arithmetic over a variable.)
    let literal_numbers = |rest: &str| {
        !rest.is_empty()
            && rest.split(':').count() <= 2
            && rest
                .split(':')
                .all(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
    };
    // (The offset's `:` follows the name and its subscript; one further
    // on is a pattern's, `${hp%:*}`, `${hp#*:}`: blind corpus 171.)
    let offset = match operator_after_name(inner) {
        Some(':') | None => inner.split_once(':').is_some_and(|(_, rest)| {
            !rest.starts_with(['-', '=', '?', '+']) && !literal_numbers(rest)
        }),
        Some(_) => false,
    };
    if inner.starts_with('!') || evaluates_subscript(inner) || offset || inner.contains("@P") {
        found.evaluates.get_or_insert_with(|| source.to_string());
    }
}

/// The character after a parameter expansion's name and its subscript
/// (`hp%:*` gives `%`, `a[1]:2` gives `:`), when the name is a plain one
/// (letters, digits, `_`) or one special parameter, and a subscript
/// closes before any other bracket; `None` when it ends there or the
/// text is not of that shape.
fn operator_after_name(inner: &str) -> Option<char> {
    let plain = inner
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(inner.len());
    let name_end = match plain {
        0 if inner.starts_with(['@', '*', '#', '?', '-', '$', '!']) => 1,
        0 => return None,
        n => n,
    };
    let rest = &inner[name_end..];
    let rest = match rest.strip_prefix('[') {
        Some(subscript) => {
            let close = subscript.find(']')?;
            if subscript[..close].contains('[') {
                return None;
            }
            &subscript[close + 1..]
        }
        None => rest,
    };
    rest.chars()
        .next()
        .filter(|c| matches!(c, ':' | '%' | '#' | '/' | '^' | ',' | '@'))
}

/// A pattern taken off a value's start or end (`${v#p}`, `${v##p}`,
/// `${v%p}`, `${v%%p}`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct AffixRemoval<'a> {
    pub from_end: bool,
    pub longest: bool,
    pub pattern: &'a str,
}

impl AffixRemoval<'_> {
    /// The value with the pattern taken off, as bash's pattern matching
    /// does for a pattern of plain characters, `*` and `?`; `None` for
    /// any other pattern.
    pub(crate) fn apply(&self, value: &str) -> Option<String> {
        if self.pattern.chars().any(|c| {
            !(c.is_ascii_alphanumeric()
                || matches!(c, '*' | '?' | ':' | '.' | '/' | '-' | '_' | '@' | '=' | ','))
        }) {
            return None;
        }
        let cuts: Vec<usize> = value
            .char_indices()
            .map(|(i, _)| i)
            .chain([value.len()])
            .collect();
        let matches = |at: &usize| {
            if self.from_end {
                wildcard_match(self.pattern, &value[*at..])
            } else {
                wildcard_match(self.pattern, &value[..*at])
            }
        };
        // (`#` the shortest start, `##` the longest; `%` the shortest
        // end, `%%` the longest.)
        let at = match (self.from_end, self.longest) {
            (false, false) | (true, true) => cuts.iter().find(|at| matches(at)),
            (false, true) | (true, false) => cuts.iter().rev().find(|at| matches(at)),
        };
        Some(match at {
            Some(&at) if self.from_end => value[..at].to_string(),
            Some(&at) => value[at..].to_string(),
            None => value.to_string(),
        })
    }
}

/// Whether `text` matches `pattern`, `*` any characters (`/` too, as in
/// a parameter expansion's pattern) and `?` any one; a row of states per
/// pattern character (values are short: a loop's plain words).
fn wildcard_match(pattern: &str, text: &str) -> bool {
    let text: Vec<char> = text.chars().collect();
    // reach[j]: the pattern read so far matches text[..j].
    let mut reach = vec![false; text.len() + 1];
    reach[0] = true;
    for p in pattern.chars() {
        let mut next = vec![false; text.len() + 1];
        match p {
            '*' => {
                let mut seen = false;
                for j in 0..=text.len() {
                    seen |= reach[j];
                    next[j] = seen;
                }
            }
            _ => {
                for j in 1..=text.len() {
                    next[j] = reach[j - 1] && (p == '?' || text[j - 1] == p);
                }
            }
        }
        reach = next;
    }
    reach[text.len()]
}

/// A braced expansion's name and the pattern it takes off its value
/// (`hp%:*`), or its name alone (`hp`); `None` for any other operator.
pub(crate) fn affix_removal(expansion: &str) -> Option<(&str, Option<AffixRemoval<'_>>)> {
    let end = expansion
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(expansion.len());
    let (name, rest) = expansion.split_at(end);
    if name.is_empty() {
        return None;
    }
    if rest.is_empty() {
        return Some((name, None));
    }
    let (from_end, longest, pattern) = if let Some(p) = rest.strip_prefix("##") {
        (false, true, p)
    } else if let Some(p) = rest.strip_prefix('#') {
        (false, false, p)
    } else if let Some(p) = rest.strip_prefix("%%") {
        (true, true, p)
    } else if let Some(p) = rest.strip_prefix('%') {
        (true, false, p)
    } else {
        return None;
    };
    Some((
        name,
        Some(AffixRemoval {
            from_end,
            longest,
            pattern,
        }),
    ))
}

/// A parameter expansion's inside read with its quotes as plain text,
/// ANSI-C quotes decoded (`'$(x)'` is `$(x)`, `$'\x24(x)'` is `$(x)`):
/// what bash runs where it does not take them as quotes.
pub(crate) fn quotes_as_text(inner: &str) -> String {
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars().peekable();
    let mut ansi = false;
    while let Some(c) = chars.next() {
        match c {
            '$' if chars.peek() == Some(&'\'') => {
                chars.next();
                ansi = true;
            }
            '\'' => ansi = false,
            '"' => {}
            // (An escaped quote is a quote too: `\"'$(x)'\"`; review 87.)
            '\\' if !ansi && matches!(chars.peek(), Some('"' | '\'')) => {
                chars.next();
            }
            '\\' if ansi => {
                let radix_len = match chars.peek() {
                    Some('x') => Some((16, 2)),
                    Some('u') => Some((16, 4)),
                    Some('U') => Some((16, 8)),
                    Some('0'..='7') => Some((8, 3)),
                    _ => None,
                };
                let Some((radix, len)) = radix_len else {
                    out.push(c);
                    continue;
                };
                if radix == 16 {
                    chars.next();
                }
                let mut digits = String::new();
                while digits.len() < len
                    && let Some(d) = chars.peek().filter(|d| d.is_digit(radix))
                {
                    digits.push(*d);
                    chars.next();
                }
                match u32::from_str_radix(&digits, radix)
                    .ok()
                    .and_then(char::from_u32)
                {
                    Some(decoded) => out.push(decoded),
                    None => out.push_str(&digits),
                }
            }
            _ => out.push(c),
        }
    }
    out
}

/// Whether a parameter expansion's inside (`a[i]`, `#a[@]`) has a `[`
/// bash may evaluate: any but one plain subscript right after the name
/// that is `@`, `*` or digits (`"${ids[@]}"`, `${#a[*]}`, `${a[0]}`: no
/// name in them is read as arithmetic; blind corpus 50).
fn evaluates_subscript(inner: &str) -> bool {
    let name = inner.strip_prefix('#').unwrap_or(inner);
    let name_end = name
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(name.len());
    let after = &name[name_end..];
    let plain = after
        .strip_prefix('[')
        .and_then(|s| s.split_once(']'))
        .is_some_and(|(subscript, rest)| {
            name_end > 0
                && (matches!(subscript, "@" | "*")
                    || (!subscript.is_empty() && subscript.bytes().all(|b| b.is_ascii_digit())))
                && !rest.contains('[')
        });
    inner.contains('[') && !plain
}

/// How a parameter expansion (its source text) may split its word.
/// Quoted, only the forms that make several words do (`"$@"`,
/// `"${a[@]}"`, `"${!p@}"`). Unquoted: a plain variable (`$x`, `${x}`,
/// `${x%.*}`, `${x:-8080}`) splits when the command may have put a blank
/// in it; a default or pattern holding a blank, a quote or an expansion,
/// an array, an indirection and `$@`/`$*`/`$1` always may; `$#`, `$?`,
/// `$$`, `$!`, `$-`, `$0` and `${#x}` are one word.
fn expansion_splitting(source: &str, quoted: bool, splitting: &mut Splitting) {
    if quoted {
        splitting.always |= source.contains('@');
        return;
    }
    let (inner, braced) = match source.strip_prefix("${").and_then(|s| s.strip_suffix('}')) {
        Some(inner) => (inner, true),
        None => (source.strip_prefix('$').unwrap_or(source), false),
    };
    let length = braced && inner.len() > 1 && inner.starts_with('#') && is_name(&inner[1..]);
    if length || matches!(inner, "#" | "?" | "$" | "!" | "-" | "0") {
        return;
    }
    let end = inner
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(inner.len());
    let (name, rest) = inner.split_at(end);
    // A blank splits; a glob character makes file names, any number; a
    // transformation makes new text (`${SHELLOPTS@A}` is `declare -r
    // SHELLOPTS=…`, an option among its words).
    let blank_or_more = rest.chars().any(|c| {
        c.is_whitespace() || matches!(c, '$' | '`' | '"' | '\'' | '\\' | '[' | '*' | '?' | '@')
    });
    if !is_name(name) || blank_or_more {
        splitting.always = true;
    } else if !splitting.names.iter().any(|n| n == name) {
        splitting.names.push(name.to_string());
    }
}

/// The variable a parameter expansion (its source text) reads the value
/// of: `x` of `$x`, `${x}`, `${x:-d}`, `${x%.*}`; `None` for special
/// parameters (`$?`, `$1`, `$@`), a length (`${#x}`) and an indirection
/// (`${!x}`, judged as an evaluation).
fn expanded_name(source: &str) -> Option<&str> {
    let inner = source.strip_prefix('$')?;
    let inner = inner.strip_prefix('{').unwrap_or(inner);
    let end = inner
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(inner.len());
    let name = &inner[..end];
    is_name(name).then_some(name)
}

/// Whether text a builtin reads (a here-string, a here-document, what
/// commands piped into it print) may hold a command's text: `$(` or a
/// backquote anywhere, or what spells a `$` (`\$`, `$'\x24'`, `\044`, a
/// `$` before another quote). Also where bash runs the substitution and
/// gives its output (`<<< "$(cmd)"`): that output may be command text too
/// (`"$(echo 'a[$(cmd)]')"`; review 103).
pub(crate) fn may_give_command_text(text: &str) -> bool {
    [
        "$(", "`", "\\$", "$'", "$\"", "\\x24", "\\044", "\\u0024", "\\U0000",
    ]
    .iter()
    .any(|m| text.contains(m))
}

/// Where a builtin's own words start: past `builtin` and `command`
/// (with `-p` or `--`), which run the same builtin (`command read x`,
/// `builtin command -p read x`; the fuzz test's `command read OPTIND`).
/// `command -v`/`-V` only look a name up: the words from there on are
/// no builtin's. (bash(1), `builtin` and `command`.)
pub(crate) fn builtin_start(words: &[&str]) -> usize {
    let mut at = 0;
    // (`builtin` takes no option but `--`: `builtin -p read x` is a usage
    // error, builtin.def `no_options`; review 102.)
    let mut prefix = "";
    while let Some(&word) = words.get(at) {
        match word {
            "builtin" | "command" => prefix = word,
            "--" if !prefix.is_empty() => {}
            // (`-p`, `-pp`: bash's getopt reads each letter; review 103.)
            _ if prefix == "command"
                && word.len() > 1
                && word
                    .strip_prefix('-')
                    .is_some_and(|c| c.bytes().all(|b| b == b'p')) => {}
            _ => break,
        }
        at += 1;
    }
    at
}

/// The variables a builtin's literal words set (bash(1), SHELL BUILTIN
/// COMMANDS): `read [-a A] NAME…`, `mapfile`/`readarray [ARRAY]`,
/// `printf -v NAME`, `getopts OPTSTRING NAME`, `declare`, `typeset`,
/// `local`, `export`, `readonly` and `unset NAME[=…]`, `let NAME=…`,
/// `wait -p NAME`. Any other command: none.
pub(crate) fn set_by_builtin<'a>(words: &[&'a str]) -> Vec<&'a str> {
    names_set(words, true)
}

/// The variables a builtin's literal words may set on some run: those
/// [`set_by_builtin`] is sure of, and those it leaves out because the run
/// may set them or not (`read -u 0 OPTIND`, `mapfile -O 1 x`: an integer
/// variable given text evaluates it; review 102).
pub(crate) fn may_be_set_by_builtin<'a>(words: &[&'a str]) -> Vec<&'a str> {
    names_set(words, false)
}

fn names_set<'a>(words: &[&'a str], sure: bool) -> Vec<&'a str> {
    let Some((&program, rest)) = words.split_first() else {
        return Vec::new();
    };
    if let ("source" | ".", [file]) = (program, rest)
        && identification_file(file)
    {
        return IDENTIFICATION_KEYS.to_vec();
    }
    // Options taking a value, and those whose value is a name it sets.
    let (valued, naming) = match program {
        "read" => ("dinNptu", "a"),
        "mapfile" | "readarray" => ("dnOsuCc", ""),
        "printf" => ("", "v"),
        "wait" => ("", "p"),
        "getopts" | "let" => ("", ""),
        "declare" | "typeset" | "local" | "export" | "readonly" | "unset" => ("", ""),
        _ => return Vec::new(),
    };
    let mut set = Vec::new();
    let mut operands = Vec::new();
    // Each valued option with its value (the last one counts).
    let mut given: Vec<(char, &str)> = Vec::new();
    let mut i = 0;
    while i < rest.len() {
        let word = rest[i];
        i += 1;
        if !operands.is_empty() || word == "-" || !word.starts_with(['-', '+']) {
            operands.push(word);
            continue;
        }
        if word == "--" {
            operands.extend(&rest[i..]);
            break;
        }
        for (at, c) in word.char_indices().skip(1) {
            if valued.contains(c) || naming.contains(c) {
                let value = match &word[at + c.len_utf8()..] {
                    "" => {
                        i += 1;
                        rest.get(i - 1).copied().unwrap_or("")
                    }
                    stuck => stuck,
                };
                given.push((c, value));
                break;
            }
        }
    }
    let last = |option: char| {
        given
            .iter()
            .rev()
            .find(|(c, _)| *c == option)
            .map(|(_, v)| *v)
    };
    // The name before `=` (not `+=`, `==`, `[…]=`: those keep or read
    // what the variable held).
    let assigned = |w: &&'a str| {
        let end = w
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(w.len());
        (w[end..].starts_with('=') && !w[end..].starts_with("==")).then(|| &w[..end])
    };
    // `read -t 0` (`0.0`, `.0`) only tells whether input is waiting;
    // `-u FD` reads a descriptor that may not be open.
    // (A timeout below bash's microsecond is zero: `-t 0.0000001`.)
    let zero = |v: &str| {
        let (whole, fraction) = v.split_once('.').unwrap_or((v, ""));
        whole.bytes().all(|b| b == b'0') && fraction.bytes().take(6).all(|b| b == b'0')
    };
    // (A count, a descriptor or a timeout bash refuses, `read -n x`, `-t
    // abc`, `-N -1`: the builtin fails before it sets anything; review
    // 102.)
    // (Read as bash reads them: decimal digits only, no sign, exponent,
    // `inf` or `nan`, and small enough for an `int`; review 103.)
    let count = |v: &str| (1..=9).contains(&v.len()) && v.bytes().all(|b| b.is_ascii_digit());
    let refused = given.iter().any(|(c, v)| match (program, c) {
        ("read", 'n' | 'N' | 'u') | ("mapfile" | "readarray", 'n' | 'O' | 's' | 'u' | 'c') => {
            !count(v)
        }
        ("read", 't') => {
            let (whole, fraction) = v.split_once('.').unwrap_or((v, "0"));
            !(count(whole) && (1..=9).contains(&fraction.len()) && count(fraction))
        }
        _ => false,
    });
    // (`declare -f x=1` refuses: "cannot use `-f' to make functions".)
    let functions = matches!(program, "declare" | "typeset" | "local")
        && rest
            .iter()
            .take_while(|w| w.starts_with(['-', '+']) && **w != "--")
            .any(|w| w.contains(['f', 'F']));
    if sure && (refused || functions) {
        return Vec::new();
    }
    match program {
        "read" if sure && (last('t').is_some_and(zero) || last('u').is_some()) => {
            return Vec::new();
        }
        // (With `-a`, only the array is set; a name bash refuses fails the
        // read before it reads; review 103.)
        "read" if sure && operands.iter().any(|n| !is_name(n)) => return Vec::new(),
        "read" => match last('a') {
            Some(array) if sure => set.push(array),
            array => {
                set.extend(array);
                set.extend(&operands);
            }
        },
        // `-O N` keeps the elements before N (`$x` is element 0); `-u`
        // as `read`'s.
        "mapfile" | "readarray"
            if sure && (last('O').is_some_and(|o| !zero(o)) || last('u').is_some()) =>
        {
            return Vec::new();
        }
        "mapfile" | "readarray" => set.extend(operands.first()),
        "getopts" => set.extend(operands.get(1)),
        // Without a format, `printf -v x` fails and sets nothing; of
        // several `-v`, the last is set.
        "printf" if sure && operands.is_empty() => return Vec::new(),
        "printf" => set.extend(last('v')),
        "wait" => set.extend(last('p')),
        // `unset -f x` removes a function; `unset x=1` is no name.
        "unset" if rest.iter().any(|w| w.starts_with('-') && w.contains('f')) => {}
        "unset" => set.extend(&operands),
        // `let x=1` when the value is a number (`let x=1/0` fails).
        "let" => set.extend(
            operands
                .iter()
                .filter(|w| {
                    w.split_once('=').is_some_and(|(_, v)| {
                        !v.is_empty() && v.chars().all(|c| c.is_ascii_digit())
                    })
                })
                .filter_map(assigned),
        ),
        // `export x`, `declare x` keep what x held.
        _ => set.extend(operands.iter().filter_map(assigned)),
    }
    set.retain(|name| is_name(name));
    set
}

/// The distribution's identification file, shell-compatible assignments
/// of its keys and nothing else by its specification (os-release(5)):
/// sourced, it sets those variables. (Not /etc/lsb-release: Debian and
/// Proxmox ship none, and sourcing a missing file sets nothing; review
/// 100.)
pub(crate) fn identification_file(path: &str) -> bool {
    matches!(path, "/etc/os-release" | "/usr/lib/os-release")
}

/// The keys every distribution's os-release sets (Debian's, Ubuntu's,
/// Alpine's, Fedora's share them): sourced, the file sets these; a key it
/// may not have (`VARIANT`, `UBUNTU_CODENAME`) stays the environment's
/// (review 100).
pub(crate) const IDENTIFICATION_KEYS: &[&str] = &[
    "NAME",
    "ID",
    "PRETTY_NAME",
    "VERSION_ID",
    "HOME_URL",
    "BUG_REPORT_URL",
];

/// A shell variable name (not a positional parameter).
fn is_name(text: &str) -> bool {
    text.chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && text.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Adds every name written bare in `text` to `names`: a superset of the
/// variables a command may set (`x=`, `read x`, `for x in`, `printf -v
/// x`, `getopts o x`, `declare x`, …). A name only ever written after `$`
/// is only read.
pub(crate) fn bare_names_into(text: &str, names: &mut crate::Set<String>) {
    // `read x\<newline>y` reads `xy`: lines joined first.
    let joined = joined_lines(text);
    let text = joined.as_ref();
    add_bare_names(text, names);
    // `read x''y`, `read "x"y`, `read x\y`, `read x$'y'` set `xy`: the
    // names again with quotes and backslashes gone.
    if text.contains(['\'', '"', '\\']) {
        let unquoted: String = text
            .replace("$'", "'")
            .replace("$\"", "\"")
            .chars()
            .filter(|c| !matches!(c, '\'' | '"' | '\\'))
            .collect();
        add_bare_names(&unquoted, names);
    }
}

/// `text` as bash reads it after removing each backslash-newline pair
/// (`whil\<newline>e` is `while`).
pub(crate) fn joined_lines(text: &str) -> std::borrow::Cow<'_, str> {
    if text.contains("\\\n") {
        std::borrow::Cow::Owned(text.replace("\\\n", ""))
    } else {
        std::borrow::Cow::Borrowed(text)
    }
}

/// Adds the names written bare in `text` to `names` ([`bare_names_into`]).
fn add_bare_names(text: &str, names: &mut crate::Set<String>) {
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if !(c.is_ascii_alphabetic() || c == b'_') {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
            i += 1;
        }
        let glued =
            start > 0 && (bytes[start - 1].is_ascii_alphanumeric() || bytes[start - 1] == b'_');
        // `${x:=…}` and `${x=…}` assign x.
        let assigns = text[..start].ends_with("${")
            && (text[i..].starts_with('=') || text[i..].starts_with(":="));
        let read = text[..start].ends_with('$') || text[..start].ends_with("${");
        if !glued && (!read || assigns) {
            add_name(names, &text[start..i]);
        }
        // A name stuck to an option's letters (`printf -vxy`, `read
        // -raNAME`): the builtin takes the rest of the word as the value
        // of whichever letter takes one, so each tail of the word after
        // the dash may be a name (the first few: a cluster of flags is
        // short).
        let option_word = start > 0
            && bytes[start - 1] == b'-'
            && (start == 1
                || matches!(
                    bytes[start - 2],
                    b' ' | b'\t' | b'\n' | b';' | b'(' | b'|' | b'&'
                ));
        if option_word {
            for tail in (start + 1..i).take(OPTION_LETTERS) {
                add_name(names, &text[tail..i]);
            }
        }
    }
}

/// Adds `name` to `names`, copying it only the first time.
fn add_name(names: &mut crate::Set<String>, name: &str) {
    if !names.contains(name) {
        names.insert(name.to_string());
    }
}

/// How many letters before a stuck value a cluster of a builtin's
/// options may hold (`read -rsa NAME` glued is `-rsaNAME`).
const OPTION_LETTERS: usize = 8;

/// Whether `raw` has an unquoted `[` and, later, an unquoted `]`: a
/// bracket expression, whatever is quoted between them.
fn quoted_bracket(raw: &str) -> bool {
    let mut quote: Option<char> = None;
    let mut open = false;
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (None, '\\') | (Some('"'), '\\') => {
                chars.next();
            }
            (None, '\'' | '"') => quote = Some(c),
            (Some(q), _) if c == q => quote = None,
            (None, '[') => open = true,
            (None, ']') if open => return true,
            _ => {}
        }
    }
    false
}

/// Whether `raw` holds a brace list (`{a,b}` or `{1..3}`) whose braces and
/// separator are outside quotes, whatever is quoted inside it.
fn quoted_brace_list(raw: &str) -> bool {
    let chars: Vec<char> = raw.chars().collect();
    let mut quote: Option<char> = None;
    let mut stack: Vec<bool> = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match (quote, c) {
            (None, '\\') => i += 1,
            (None, '\'' | '"') => quote = Some(c),
            (Some(q), _) if c == q => quote = None,
            (Some('"'), '\\') => i += 1,
            (None, '{') => stack.push(false),
            (None, ',') => {
                if let Some(top) = stack.last_mut() {
                    *top = true;
                }
            }
            (None, '.') if chars.get(i + 1) == Some(&'.') => {
                if let Some(top) = stack.last_mut() {
                    *top = true;
                }
            }
            (None, '}') if stack.pop() == Some(true) => return true,
            _ => {}
        }
        i += 1;
    }
    false
}

/// Whether unquoted text holds a brace expansion: `{a,b}` or `{1..3}`
/// (`{}` and `{x}` stay as they are).
fn brace_expansion(text: &str) -> bool {
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else {
            return false;
        };
        let inside = &after[..close];
        if inside.contains(',') || inside.contains("..") || inside.contains('{') {
            return true;
        }
        rest = &after[close + 1..];
    }
    false
}

/// The commands substituted anywhere in free text (an expanded heredoc, an
/// arithmetic expression), where quotes do not protect `$( )`.
pub(crate) fn substitutions_in_text(text: &str) -> Vec<String> {
    if !text.contains("$(") && !text.contains('`') && !text.contains("${") {
        return Vec::new();
    }
    // Quotes inside a heredoc are plain characters; blank them so the word
    // parser sees every substitution. (Not inside a substitution, where
    // the shell reads them: `$(( $(sed 's/a/b/w /etc/cron.d/x' f) ))`
    // keeps its script one word; review 120.)
    let mut unquoted = String::with_capacity(text.len());
    let mut depth = 0usize;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '$' && chars.peek() == Some(&'(') {
            depth += 1;
            unquoted.push(c);
            if let Some(open) = chars.next() {
                unquoted.push(open);
            }
            continue;
        }
        if depth > 0 {
            match c {
                '(' => depth += 1,
                ')' => depth -= 1,
                _ => {}
            }
            unquoted.push(c);
        } else if c == '\'' || c == '"' {
            unquoted.push(' ');
        } else {
            unquoted.push(c);
        }
    }
    let analysed = analyse(&unquoted);
    if analysed.substitutions.is_empty() && (text.contains("$(") || text.contains('`')) {
        return fallback_substitutions(text);
    }
    analysed.substitutions
}

/// When nothing parses, treat the text after each `$(` or backtick as a
/// command, so it is classified rather than ignored.
fn fallback_substitutions(text: &str) -> Vec<String> {
    text.split("$(")
        .skip(1)
        .chain(text.split('`').skip(1).step_by(2))
        .map(|s| s.split(')').next().unwrap_or(s).to_string())
        .collect()
}

/// The text of a `$'…'` word as bash decodes it: `\a \b \e \E \f \n \r
/// \t \v \\ \' \" \?`, octal `\NNN`, `\xHH`, `\uHHHH`, `\UHHHHHHHH`
/// (bash 5.2's `ansicstr`); `None` for `\cX` and any escape it reads
/// otherwise, and for a NUL, which ends the word.
fn ansi_c_decoded(text: &str) -> Option<String> {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        let escaped = chars.next()?;
        let simple = match escaped {
            'a' => Some('\u{7}'),
            'b' => Some('\u{8}'),
            'e' | 'E' => Some('\u{1b}'),
            'f' => Some('\u{c}'),
            'n' => Some('\n'),
            'r' => Some('\r'),
            't' => Some('\t'),
            'v' => Some('\u{b}'),
            '\\' | '\'' | '"' | '?' => Some(escaped),
            _ => None,
        };
        if let Some(decoded) = simple {
            out.push(decoded);
            continue;
        }
        let (radix, most) = match escaped {
            '0'..='7' => (8, 3),
            'x' => (16, 2),
            'u' => (16, 4),
            'U' => (16, 8),
            _ => return None,
        };
        let mut digits = String::new();
        if radix == 8 {
            digits.push(escaped);
        }
        while digits.len() < most {
            match chars.peek() {
                Some(d) if d.is_digit(radix) => {
                    digits.push(*d);
                    chars.next();
                }
                _ => break,
            }
        }
        let code = u32::from_str_radix(&digits, radix).ok()?;
        // bash keeps an octal escape's low byte (`\563` is `s`); a byte
        // past ASCII is a raw byte there, not a character: unknown here.
        let code = if radix == 8 { code & 0xff } else { code };
        if (radix == 8 || escaped == 'x') && code >= 0x80 {
            return None;
        }
        match char::from_u32(code) {
            Some(ch) if code != 0 => out.push(ch),
            _ => return None,
        }
    }
    Some(out)
}

/// The simple commands of a script's text as bash splits them, each as
/// its words with their quotes kept: words end at unquoted blanks,
/// commands at unquoted `;`, `&`, `|`, newlines and parentheses (not the
/// `|` of `>|` nor the `&` of `>&`, `<&`, `&>`); the text of each `$(…)`
/// and backquoted substitution adds its own commands. An arithmetic
/// `$((…))` stays one word. A heuristic for scans that must see every
/// command word (review 101: `TERM='x y' ${a}ap` is one command).
pub(crate) fn shell_commands(text: &str) -> Vec<Vec<String>> {
    let mut commands: Vec<Vec<String>> = Vec::new();
    let mut words: Vec<String> = Vec::new();
    let mut word = String::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    let end_word = |word: &mut String, words: &mut Vec<String>| {
        if !word.is_empty() {
            words.push(std::mem::take(word));
        }
    };
    while i < chars.len() {
        let c = chars[i];
        match c {
            '\\' => {
                word.push(c);
                if let Some(&next) = chars.get(i + 1) {
                    word.push(next);
                }
                i += 2;
                continue;
            }
            '\'' => {
                let close = chars[i + 1..].iter().position(|&d| d == '\'');
                let stop = close.map_or(chars.len(), |p| i + 1 + p + 1);
                word.extend(&chars[i..stop]);
                i = stop;
                continue;
            }
            '"' => {
                // (A `$(…)` inside double quotes runs too.)
                let mut j = i + 1;
                while j < chars.len() && chars[j] != '"' {
                    if chars[j] == '\\' {
                        j += 1;
                    } else if chars[j] == '$' && chars.get(j + 1) == Some(&'(') {
                        let close = matching_paren(&chars, j + 1);
                        let inner: String = chars[j + 2..close.min(chars.len())].iter().collect();
                        commands.extend(shell_commands(&inner));
                        j = close;
                    } else if chars[j] == '`' {
                        let close = chars[j + 1..].iter().position(|&d| d == '`');
                        let stop = close.map_or(chars.len(), |p| j + 1 + p);
                        let inner: String = chars[j + 1..stop].iter().collect();
                        commands.extend(shell_commands(&inner));
                        j = stop;
                    }
                    j += 1;
                }
                let stop = (j + 1).min(chars.len());
                word.extend(&chars[i..stop]);
                i = stop;
                continue;
            }
            '$' if chars.get(i + 1) == Some(&'(') => {
                let close = matching_paren(&chars, i + 1);
                let arithmetic = chars.get(i + 2) == Some(&'(');
                if !arithmetic {
                    let inner: String = chars[i + 2..close.min(chars.len())].iter().collect();
                    commands.extend(shell_commands(&inner));
                }
                let stop = (close + 1).min(chars.len());
                word.extend(&chars[i..stop]);
                i = stop;
                continue;
            }
            '`' => {
                let close = chars[i + 1..].iter().position(|&d| d == '`');
                let stop = close.map_or(chars.len(), |p| i + 1 + p);
                let inner: String = chars[i + 1..stop].iter().collect();
                commands.extend(shell_commands(&inner));
                let stop = (stop + 1).min(chars.len());
                word.extend(&chars[i..stop]);
                i = stop;
                continue;
            }
            '|' if word.ends_with('>') => word.push(c),
            '&' if word.ends_with(['>', '<']) || chars.get(i + 1) == Some(&'>') => word.push(c),
            ';' | '&' | '|' | '\n' | '(' | ')' => {
                end_word(&mut word, &mut words);
                if !words.is_empty() {
                    commands.push(std::mem::take(&mut words));
                }
            }
            c if c.is_whitespace() => end_word(&mut word, &mut words),
            c => word.push(c),
        }
        i += 1;
    }
    end_word(&mut word, &mut words);
    if !words.is_empty() {
        commands.push(words);
    }
    commands
}

/// The index of the `)` closing the `(` at `open`, nested parentheses
/// and quotes inside followed; the text's end when there is none.
fn matching_paren(chars: &[char], open: usize) -> usize {
    let mut depth = 0usize;
    let mut i = open;
    while i < chars.len() {
        match chars[i] {
            '\\' => i += 1,
            '\'' => {
                i += chars[i + 1..]
                    .iter()
                    .position(|&d| d == '\'')
                    .map_or(chars.len(), |p| p + 1);
            }
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return i;
                }
            }
            _ => {}
        }
        i += 1;
    }
    chars.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_and_escapes_are_removed() {
        for (raw, want) in [
            ("rm", "rm"),
            ("'r''m'", "rm"),
            ("\"rm\"", "rm"),
            ("r\\m", "rm"),
            ("/bin/rm", "/bin/rm"),
            ("$'rm'", "rm"),
        ] {
            let a = analyse(raw);
            assert_eq!(a.arg.literal(), Some(want), "{raw}");
        }
    }

    #[test]
    fn run_time_values_are_dynamic() {
        for raw in [
            "$X",
            "${X}",
            "$(echo rm)",
            "`echo rm`",
            "$'\\cA'",
            "{rm,-rf,/}",
            "$((x+1))",
            "$((1-2))",
            "$((010))",
            "$((2**3))",
            "$((1/0))",
            "$((9223372036854775807+1))",
            "$((3000000000*3000000000*3))",
            "$(((((((((((((((((((1)))))))))))))))))))",
            "$((1+))",
            "$(( (1 ) ) )",
        ] {
            assert!(analyse(raw).arg.is_dynamic(), "{raw}");
        }
        // Arithmetic on numbers alone has the value bash computes.
        for (raw, want) in [
            ("$((1+1))", "2"),
            ("$((30*86400))", "2592000"),
            ("x$(( (2+3)*4 % 7 ))y", "x6y"),
            ("\"$((7/2))\"", "3"),
            ("$((0))", "0"),
            ("$((9223372036854775807))", "9223372036854775807"),
        ] {
            assert_eq!(analyse(raw).arg.literal(), Some(want), "{raw}");
        }
        // ANSI-C quotes are read as bash decodes them.
        for (raw, want) in [
            ("$'\\x72m'", "rm"),
            ("$'\\t'", "\t"),
            ("$'\\162\\155'", "rm"),
            ("$'\\u0072m'", "rm"),
            ("$'a\\'b'", "a'b"),
        ] {
            assert_eq!(analyse(raw).arg.literal(), Some(want), "{raw}");
        }
        assert!(analyse("*.log").arg.is_glob());
        assert_eq!(analyse("'*.log'").arg.kind, ArgKind::Literal);
    }

    #[test]
    fn substitutions_are_found_everywhere() {
        assert_eq!(analyse("$(rm -rf /)").substitutions, vec!["rm -rf /"]);
        assert_eq!(analyse("\"x$(reboot)\"").substitutions, vec!["reboot"]);
        assert_eq!(analyse("${X:-$(reboot)}").substitutions, vec!["reboot"]);
        assert_eq!(substitutions_in_text("a '$(reboot)' b"), vec!["reboot"]);
        assert_eq!(analyse("[").arg.kind, ArgKind::Literal);
        assert!(analyse("/bin/r[m]").arg.is_glob());
    }
}
