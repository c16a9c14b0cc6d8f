//! Read-only by proof: a program's arguments parsed the way its own option
//! parser reads them (short clusters, attached values, `--opt=value`,
//! `--`, unambiguous abbreviations of long options where the program uses
//! `getopt_long`, options after operands where GNU permutes them), checked
//! against the program's table of options known to be harmless
//! ([`crate::tables`]).
//!
//! This module owns the parsing and the proof. The rules in [`crate::rules`]
//! still decide how far above read-only a command is (a change, or
//! destructive); a read-only verdict from them stands only when [`prove`]
//! also holds. An option missing from the table, a word that may be an
//! option but is only known at run time, or a subcommand not listed as
//! read-only leaves the command at least `config_mutation`.

use crate::words::Arg;

/// One program's (or one subcommand's) options known to be harmless, and
/// what its operands are.
#[derive(Debug, Clone, Copy)]
pub struct Spec {
    /// Short options that take no value (`-l`, also in clusters `-la`).
    pub flags: &'static str,
    /// Short options that take a value, attached (`-n5`) or the next word.
    pub valued: &'static str,
    /// Short options whose value is optional: only an attached one counts.
    pub optional: &'static str,
    /// Short options that take the next word as their value wherever they
    /// stand in a cluster, which goes on (bash's `-o NAME`: `bash -oc
    /// pipefail CMD` is `-o pipefail -c CMD`).
    pub next_word: &'static str,
    /// Long options (without `--`) that take no value.
    pub long: &'static [&'static str],
    /// Long options that take a value: `--name=value` or `--name value`.
    pub long_valued: &'static [&'static str],
    /// Long options whose value is optional: only `--name=value` gives one
    /// (unless `optional_next`).
    pub long_optional: &'static [&'static str],
    /// Proxmox's CLIs' booleans (Getopt::Long's `:s` in pve-common, and
    /// proxmox-router's CLI): a long option's optional value may also be
    /// the next word. Read only when that word is a boolean (`--errors 1`,
    /// `--dry-run no`): any other word Getopt::Long would take as well, and
    /// the command then fails on the value, which is harmless.
    pub optional_next: bool,
    /// `getopt_long`: an unambiguous prefix of a long option names it.
    /// Only for a table that lists *every* long option of the program:
    /// otherwise a word the program knows exactly (`lvs --config`, which
    /// can point LVM at any program) would read as an abbreviation of a
    /// longer harmless one in the table (`--configreport`). No table sets
    /// it today, so an abbreviation is never proven.
    pub abbrev: bool,
    /// GNU permutation: options may follow operands. Without it the first
    /// operand ends the options (POSIX `getopt`, and every wrapper).
    pub permute: bool,
    /// `-NUM` is an option (`head -5`, `tail -20`).
    pub numeric: bool,
    /// Long options written with one dash (`-name`, as `find` and
    /// `openssl` do); checked against `long` and `long_valued`.
    pub single_dash_long: bool,
    /// No option parsing at all: every word is an operand, and the program
    /// has no word that writes or runs (`echo`, `test`, `true`).
    pub free: bool,
    /// Its verbs are an old-style first word (tar's `tzf`): only a line
    /// whose first word is no option has one; after an option first, the
    /// operands are plain (`tar -tzf x.tgz etc/hosts`), the options read
    /// wherever they stand.
    pub old_style: bool,
    /// Valued options harmless only with some values, each with its test
    /// (`curl -o /dev/null`, `wget -O -`); named as written in `valued`
    /// (`"o"`) or `long_valued` (`"output"`).
    pub checked: &'static [(&'static str, ValueTest)],
    /// Options of `checked` whose test also judges a value with
    /// expansions in it, as written (`curl -H "Authorization: Bearer
    /// $TOKEN"`: the header's name is what makes it harmless); any other
    /// checked value only known at run time is not harmless.
    pub checks_expansions: &'static [&'static str],
    /// Options one of which must be given (named as in `flags` or
    /// `long`): without one the program starts its daemon or its service
    /// (`rsyslogd` without `-N`, `loki` without `-verify-config`) or
    /// guesses what to do with its operands.
    pub required: &'static [&'static str],
    pub operands: Operands,
    /// The program's other options, not harmless: a line that has one is
    /// still read as the program's parser reads it ([`read`], so rules see
    /// `-nf/tmp/x` as `-n -f /tmp/x`), and never proven.
    pub other: &'static Other,
}

/// Options a program has that are not harmless, by how they take a value
/// (as [`Spec`]'s own fields).
#[derive(Debug, Clone, Copy)]
pub struct Other {
    pub flags: &'static str,
    pub valued: &'static str,
    pub optional: &'static str,
    pub long: &'static [&'static str],
    pub long_valued: &'static [&'static str],
    pub long_optional: &'static [&'static str],
}

impl Other {
    /// None listed: a line with an option the table lacks is not read.
    pub const NONE: Other = Other {
        flags: "",
        valued: "",
        optional: "",
        long: &[],
        long_valued: &[],
        long_optional: &[],
    };
}

/// Which options a parse accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Grammar {
    /// Only the harmless ones (a proof).
    Harmless,
    /// Every option the table knows (a reading).
    Whole,
}

/// Whether a value of an option is harmless.
pub(crate) type ValueTest = fn(&str) -> bool;

/// What a program's operands are.
#[derive(Debug, Clone, Copy)]
pub enum Operands {
    /// Things it reads or names (files, patterns, units): any will do.
    Read,
    /// None allowed.
    None,
    /// At most this many.
    AtMost(usize),
    /// At most `at_most`, each a literal word passing `test`: names the
    /// program reads as words of its own language, where another word
    /// could be another command (`nft list table inet filter`).
    Names { at_most: usize, test: ValueTest },
    /// Exactly `count`, each a literal word passing `test`: where fewer
    /// would print more than the words name (`ceph config get WHO KEY`
    /// one setting; `ceph config get WHO` every one, credentials too).
    Exactly { count: usize, test: ValueTest },
    /// The first operand is a subcommand: only the listed ones are
    /// read-only. Without an operand the program only prints when
    /// `bare_ok`.
    Verbs {
        verbs: &'static [Verb],
        bare_ok: bool,
    },
    /// The first operand starts a command the program runs (`nice CMD`,
    /// `timeout 5 CMD`): options end there, and the command is judged on
    /// its own. `skip` operands come first (the duration of `timeout`, the
    /// container of `pct exec`), then an optional `--`; with `assignments`,
    /// `NAME=VALUE` words before the command are settings (`env`). With
    /// `joined`, the command's words are joined with blanks and run by a
    /// shell (`ssh HOST 'a; b'`), not run as they stand.
    Command {
        skip: usize,
        assignments: bool,
        joined: bool,
        /// What may stand between the skipped operands and the command.
        between: Between,
    },
}

/// What a runner reads between the operands it skips and the command it
/// runs ([`Operands::Command`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Between {
    /// Nothing but an optional `--`: the command starts there.
    Nothing,
    /// Its options once more, up to the first operand or `--`, unless a
    /// `--` ended them before the skipped operands: OpenSSH's parser runs
    /// again after the destination (`ssh HOST -p 22 CMD`), and the
    /// command's own words are left alone (`ssh HOST ls -la`).
    Options,
    /// Options anywhere, up to `--`: Proxmox's CLIs read them with
    /// Getopt::Long, which permutes (`qm guest exec VMID --timeout 20 --
    /// CMD`).
    PermutedOptions,
}

/// A read-only subcommand.
#[derive(Debug, Clone, Copy)]
pub struct Verb {
    /// Its names, separated by `|` (`"status|show"`); `*` is any literal
    /// word (a service name before its action).
    pub names: &'static str,
    /// Its own options and operands, parsed after it; `None` when the
    /// program reads the whole line with one parser (options before and
    /// after the subcommand are the same table, as systemctl does).
    pub spec: Option<&'static Spec>,
}

impl Spec {
    /// GNU `getopt_long`: permutation (abbreviations off, see `abbrev`).
    pub const GNU: Spec = Spec {
        flags: "",
        valued: "",
        optional: "",
        next_word: "",
        long: &[],
        long_valued: &[],
        long_optional: &[],
        optional_next: false,
        abbrev: false,
        permute: true,
        numeric: false,
        single_dash_long: false,
        free: false,
        old_style: false,
        checked: &[],
        checks_expansions: &[],
        required: &[],
        operands: Operands::Read,
        other: &Other::NONE,
    };
    /// `getopt` without long options. glibc's `getopt` permutes as its
    /// `getopt_long` does (options after operands still count:
    /// `badblocks DEV -o FILE`, `dmsetup table X --showkeys`), so a
    /// table that does not say otherwise permutes. A program documented
    /// to stop at its first operand sets `permute: false` itself.
    pub const POSIX: Spec = Spec {
        abbrev: false,
        permute: true,
        ..Spec::GNU
    };
    /// A parser that stops at the first operand (BSD `getopt`, a `+`
    /// optstring, programs that hand the rest to a script).
    pub const ORDERED: Spec = Spec {
        permute: false,
        ..Spec::POSIX
    };
    /// Every word an operand.
    pub const FREE: Spec = Spec {
        free: true,
        ..Spec::POSIX
    };
}

/// Why a command is not proven read-only.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Unproven {
    /// No table of harmless options for this program.
    NoTable,
    /// An option not in the table (as written).
    Option(String),
    /// A word only known at run time where an option may stand.
    Dynamic(String),
    /// A subcommand not known to be read-only.
    Verb(String),
    /// More operands than allowed, or any where none are.
    Operand(String),
    /// Fewer operands than it needs to print only what they name.
    Fewer(usize),
    /// None of the options that make the program only report.
    Unasked(&'static [&'static str]),
}

impl std::fmt::Display for Unproven {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unproven::NoTable => f.write_str("has no table of options known to be harmless"),
            Unproven::Option(o) => write!(f, "has `{o}`, not an option known to be harmless"),
            Unproven::Dynamic(w) => {
                write!(
                    f,
                    "has `{w}`, only known at run time, which could be any option"
                )
            }
            Unproven::Verb(v) => write!(f, "`{v}` is not a subcommand known to only inspect"),
            Unproven::Operand(o) => write!(f, "does not take `{o}` as a harmless operand"),
            Unproven::Fewer(n) => write!(
                f,
                "prints more than its words name with fewer than {n} of them"
            ),
            Unproven::Unasked(names) => write!(
                f,
                "has none of the options that make it only report ({}): without one it \
                 starts its service or acts on its own",
                names.join(", ")
            ),
        }
    }
}

/// What the proof found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Proof {
    /// Every option and operand is harmless.
    ReadOnly,
    /// The options are harmless and the command from this index of the
    /// arguments on is run: it must be judged on its own.
    Runs(usize),
}

/// Checks a valued option's value where its table says only some values
/// are harmless; a value only known at run time is not.
fn check_value(spec: &Spec, name: &str, value: Option<&str>, text: &str) -> Result<(), Unproven> {
    let Some((_, test)) = spec.checked.iter().find(|(n, _)| *n == name) else {
        return Ok(());
    };
    let as_written = spec.checks_expansions.contains(&name);
    match value {
        Some(v) if (as_written || !v.contains('$') && !v.contains('`')) && test(v) => Ok(()),
        _ => Err(Unproven::Option(text.to_string())),
    }
}

/// Whether an option's value is a word whose only globs are JSONPath
/// indices (`custom-columns=R:.status.containerStatuses[0].restartCount`)
/// and the option's test judges it as written: any file it matches is the
/// same text with one character for each index, and every match starts
/// as it does.
fn index_glob_value(spec: &Spec, name: &str, word: &Arg) -> bool {
    word.is_glob()
        && !word.splits()
        && spec.checks_expansions.contains(&name)
        && !word.raw().starts_with('-')
        && index_globs_only(word.raw())
}

/// Whether a word's only shell specials are JSONPath indices in
/// brackets (`[0]`, `[-1]`, `[*]`), each after a name or another index:
/// no other glob, expansion, quote or escape, so any file it matches is
/// the same text with one character for each index.
pub(crate) fn index_globs_only(raw: &str) -> bool {
    if raw.contains(['$', '`', '\\', '"', '\'', '?', '{', '}', '~', ' ']) {
        return false;
    }
    let mut rest = raw;
    while let Some(open) = rest.find('[') {
        let after_name = rest[..open].ends_with(|c: char| c.is_ascii_alphanumeric() || c == ']');
        let Some(close) = rest[open..].find(']').map(|c| open + c) else {
            return false;
        };
        let index = &rest[open + 1..close];
        let digits = index.strip_prefix('-').unwrap_or(index);
        let plain_index =
            index == "*" || (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()));
        if !after_name || !plain_index || rest[..open].contains('*') {
            return false;
        }
        rest = &rest[close + 1..];
    }
    !rest.contains(['*', ']'])
}

/// Output that goes nowhere or to standard output.
pub(crate) fn to_stdout_or_null(value: &str) -> bool {
    matches!(
        value.trim_matches(['\'', '"']),
        "-" | "/dev/null" | "/dev/stdout"
    )
}

/// Where the command a wrapper runs starts in `args` (its table's
/// `spec`), if it is proven to run one.
pub(crate) fn command_index(spec: &Spec, args: &[Arg]) -> Option<usize> {
    match prove(spec, args) {
        Ok(Proof::Runs(i)) => Some(i),
        _ => None,
    }
}

/// The operands of `args` as `spec` reads them (for where a command
/// sends data).
pub(crate) fn operands<'a>(spec: &Spec, args: &'a [Arg]) -> Vec<&'a Arg> {
    if spec.free {
        return args.iter().collect();
    }
    // A subcommand's own options are read by its own table (`influx ping
    // --host URL`: `--host` and its value are no operands).
    if matches!(spec.operands, Operands::Verbs { .. })
        && let Some(line) = read_line(spec, args)
    {
        return line.operands;
    }
    // A line the table reads but does not prove harmless (`curl -H
    // "Authorization: $TOKEN" URL`: a value only known at run time) still
    // has the operands its grammar gives; only a line the table cannot
    // read at all counts every word.
    match parse(spec, args, stops_at_first(spec), Grammar::Harmless)
        .or_else(|_| parse(spec, args, stops_at_first(spec), Grammar::Whole))
    {
        Ok(parsed) => parsed.operands.into_iter().map(|i| &args[i]).collect(),
        Err(_) => args.iter().collect(),
    }
}

/// Where the verb of `args` is, as `spec`'s parser finds it (the options
/// before it, and their values, skipped): only for a table with verbs and
/// a line its parser reads. Any verb, known to the table or not.
pub(crate) fn verb_index(spec: &Spec, args: &[Arg]) -> Option<usize> {
    if !matches!(spec.operands, Operands::Verbs { .. }) || spec.free {
        return None;
    }
    parse(spec, args, true, Grammar::Harmless)
        .ok()?
        .operands
        .first()
        .copied()
}

/// One parsed argument list: where the operands are, and the options with
/// their values in order.
struct Parsed<'a> {
    operands: Vec<usize>,
    options: Vec<Given<'a>>,
    /// Where `--` ended the options.
    ended_at: Option<usize>,
}

/// One option as the parser read it: its name (the letter of a short one,
/// the name of a long one, without dashes) and its value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Given<'a> {
    pub name: &'a str,
    pub value: Option<Value<'a>>,
    /// The index of its word among the arguments.
    pub at: usize,
    /// Written as a long option.
    pub long: bool,
    pub kind: Kind,
    /// How many words after its own its value's word is (0: no value, or
    /// one attached to its own word).
    pub from: usize,
}

/// What an option takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    Flag,
    Valued,
    /// A value only when attached (`-iSTR`, `--color=always`).
    Optional,
}

impl<'a> Given<'a> {
    fn new(name: &'a str, long: bool, kind: Kind) -> Given<'a> {
        Given {
            name,
            value: None,
            at: 0,
            long,
            kind,
            from: 0,
        }
    }
}

/// An option's value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Value<'a> {
    /// Written in the command.
    Text(&'a str),
    /// Only known at run time (the word as written).
    RunTime(&'a str),
}

impl<'a> Value<'a> {
    /// The value as the command writes it (quotes and expansions kept
    /// where it is only known at run time).
    pub(crate) fn as_written(&self) -> &'a str {
        match self {
            Value::Text(t) | Value::RunTime(t) => t,
        }
    }
}

/// A whole line read by one option table, options after operands too (as
/// cobra's pflag reads a subcommand's line): its operands and its options
/// with their values.
pub(crate) struct Reading<'a> {
    pub operands: Vec<&'a Arg>,
    pub options: Vec<Given<'a>>,
    /// Where the operands are among the arguments.
    operand_at: Vec<usize>,
    ended_at: Option<usize>,
    /// Where the subcommands are, level by level (`vault operator
    /// key-status`: 0 and 1).
    pub verbs: Vec<usize>,
}

impl<'a> Reading<'a> {
    /// The values of the options named `names` (short letters and long
    /// names), in order.
    pub(crate) fn values(&self, names: &[&str]) -> impl Iterator<Item = Option<Value<'a>>> {
        self.options
            .iter()
            .filter(move |g| names.contains(&g.name))
            .map(|g| g.value)
    }

    /// The arguments respelled one option to a word and one value to a
    /// word (`-Xh NAME` as `-X -h NAME`, `-qNAME` as `-q NAME`,
    /// `--host=NAME` as `--host NAME`; an optional value stays attached,
    /// `-iSTR`, `--color=always`), in their order: for rules that read
    /// option values as the words after their options. `None` where every
    /// option already stands so.
    pub(crate) fn respelled(&self, args: &[Arg], single_dash_long: bool) -> Option<Vec<Arg>> {
        let clustered = self.options.windows(2).any(|p| p[0].at == p[1].at);
        let attached = self
            .options
            .iter()
            .any(|g| g.kind == Kind::Valued && !g.long && g.value.is_some() && g.from == 0);
        if !clustered && !attached {
            return None;
        }
        let mut out = Vec::with_capacity(args.len() + self.options.len());
        let (mut option, mut operand) = (0, 0);
        for (i, arg) in args.iter().enumerate() {
            if self.ended_at == Some(i) {
                out.push(Arg::literal_of("--"));
            } else if self.operand_at.get(operand) == Some(&i) {
                operand += 1;
                out.push(arg.clone());
            }
            while let Some(g) = self.options.get(option).filter(|g| g.at == i) {
                option += 1;
                let dashes = if !g.long || single_dash_long {
                    "-"
                } else {
                    "--"
                };
                let name = format!("{dashes}{}", g.name);
                match (g.kind, g.value) {
                    (Kind::Valued, Some(_)) if g.from > 0 => {
                        out.push(Arg::literal_of(name));
                        out.extend(args.get(i + g.from).cloned());
                    }
                    // (`--name=value` stays as written: rules read it so.)
                    (Kind::Valued, Some(Value::Text(t))) if !g.long => {
                        out.push(Arg::literal_of(name));
                        out.push(Arg {
                            text: t.to_string(),
                            kind: arg.kind,
                        });
                    }
                    (_, Some(Value::Text(t))) => {
                        let joint = if g.long { "=" } else { "" };
                        out.push(Arg {
                            text: format!("{name}{joint}{t}"),
                            kind: arg.kind,
                        });
                    }
                    (_, Some(Value::RunTime(raw))) => out.push(Arg::dynamic(raw)),
                    (_, None) => out.push(Arg::literal_of(name)),
                }
            }
        }
        Some(out)
    }
}

/// Reads `args` with `spec`'s options as its parser does (permuting or
/// not, up to a command or a verb where the spec has one; see
/// [`Reading`]); `None` where the table cannot read the line (an option it
/// does not list, a run-time word where an option may stand), which also
/// leaves the line unproven, and for a spec that parses no options.
pub(crate) fn read<'a>(spec: &Spec, args: &'a [Arg]) -> Option<Reading<'a>> {
    if spec.free {
        return None;
    }
    let parsed = parse(spec, args, stops_at_first(spec), Grammar::Whole).ok()?;
    Some(Reading {
        operands: parsed.operands.iter().map(|i| &args[*i]).collect(),
        operand_at: parsed.operands,
        options: parsed.options,
        ended_at: parsed.ended_at,
        verbs: Vec::new(),
    })
}

/// Reads `args` as [`prove`] does: a program's options up to its verb,
/// then the verb's own (the program's, over the rest of the line, for a
/// verb without a table of its own or one the table does not know), verb
/// after verb. `None` where a table cannot read its part.
pub(crate) fn read_line<'a>(spec: &Spec, args: &'a [Arg]) -> Option<Reading<'a>> {
    let Operands::Verbs { verbs, .. } = spec.operands else {
        return read(spec, args);
    };
    let mut head = read(spec, args)?;
    let Some(&at) = head.operand_at.first() else {
        return Some(head);
    };

    let word = args[at].literal()?;
    // (A subcommand the table names; not one any word may be, `*`.)
    if verbs.iter().any(|v| v.names.split('|').any(|n| n == word)) {
        head.verbs.push(at);
    }
    let sub = verbs
        .iter()
        .find(|v| v.names.split('|').any(|n| n == word || n == "*"))
        .and_then(|v| v.spec);
    let whole = Spec {
        operands: Operands::Read,
        ..*spec
    };
    let tail = read_line(sub.unwrap_or(&whole), &args[at + 1..])?;
    head.operands.truncate(1);
    head.operand_at.truncate(1);
    head.operands.extend(tail.operands);
    head.operand_at
        .extend(tail.operand_at.iter().map(|i| i + at + 1));
    head.options.extend(tail.options.into_iter().map(|g| Given {
        at: g.at + at + 1,
        ..g
    }));
    head.ended_at = head.ended_at.or(tail.ended_at.map(|i| i + at + 1));
    head.verbs.extend(tail.verbs.iter().map(|i| i + at + 1));
    Some(head)
}

/// Whether the first operand ends the options: it starts a command or
/// names a subcommand (whose own words follow), or the parser does not
/// permute.
fn stops_at_first(spec: &Spec) -> bool {
    matches!(
        spec.operands,
        Operands::Command { .. } | Operands::Verbs { .. }
    ) || !spec.permute
}

/// Proves `args` harmless under `spec`.
pub(crate) fn prove(spec: &Spec, args: &[Arg]) -> Result<Proof, Unproven> {
    if spec.free {
        return operands_ok(spec, args, &(0..args.len()).collect::<Vec<_>>());
    }
    let parsed = parse(spec, args, stops_at_first(spec), Grammar::Harmless)?;
    if !spec.required.is_empty()
        && !parsed
            .options
            .iter()
            .any(|given| spec.required.contains(&given.name))
    {
        return Err(Unproven::Unasked(spec.required));
    }
    operands_ok(spec, args, &parsed.operands)
}

/// A runner's operands (`Operands::Command`): where the command it runs
/// starts, after `skip` words of its own (its options among them when
/// [`Between`]) and, with `assignments`, `NAME=value` words.
fn command_operands(
    spec: &Spec,
    args: &[Arg],
    operands: &[usize],
    (skip, assignments, between): (usize, bool, Between),
) -> Result<Proof, Unproven> {
    // The first operand stopped the parse: the rest are its.
    let Some(&first) = operands.first() else {
        return Ok(Proof::ReadOnly);
    };
    let mut i = first + skip;
    let ended = first > 0 && args[first - 1].literal() == Some("--");
    if skip > 0 && between == Between::Options && !ended && i < args.len() {
        // (ssh.c: `optind = optreset = 1; goto again`, its own getopt,
        // which stops at the first operand.)
        let tail = &args[i..];
        let parsed = parse(spec, tail, true, Grammar::Harmless)?;
        i += parsed.operands.first().copied().unwrap_or(tail.len());
    } else if skip > 0 && between == Between::PermutedOptions && i < args.len() {
        // The options there must be harmless too; the command
        // starts at the first operand after them (after `--`).
        let tail = &args[i..];
        let parsed = parse(spec, tail, true, Grammar::Harmless)?;
        let start = parsed.operands.first().copied().unwrap_or(tail.len());
        // Getopt::Long permutes: without a `--` before the command,
        // an option-like word after its first one is the wrapper's,
        // and a later `--` is dropped, the words around it joined
        // (`pct exec 101 tar tf X -- --checkpoint-action=…` runs
        // `tar tf X --checkpoint-action=…`): not proven.
        let after_dashes = parsed.ended_at.is_some_and(|e| e < start);
        let optionlike = tail[start..]
            .iter()
            .find(|a| a.literal().is_none_or(|w| w.starts_with('-')));
        if let Some(word) = optionlike.filter(|_| !after_dashes) {
            return Err(Unproven::Option(word.raw().to_string()));
        }
        i += start;
    } else if skip > 0 && args.get(i).and_then(Arg::literal) == Some("--") {
        i += 1;
    }
    while assignments
        && args
            .get(i)
            .and_then(Arg::literal)
            .is_some_and(|a| a.contains('='))
    {
        i += 1;
    }
    Ok(if i < args.len() {
        Proof::Runs(i)
    } else {
        Proof::ReadOnly
    })
}

/// A program's verb and what follows it (`Operands::Verbs`).
fn verb_operands(
    args: &[Arg],
    operands: &[usize],
    verbs: &[Verb],
    bare_ok: bool,
    spec: &Spec,
) -> Result<Proof, Unproven> {
    let Some(&i) = operands.first() else {
        return if bare_ok {
            Ok(Proof::ReadOnly)
        } else {
            Err(Unproven::Verb(String::new()))
        };
    };
    let Some(word) = args[i].literal().filter(|_| !args[i].is_glob()) else {
        return Err(Unproven::Dynamic(args[i].raw().to_string()));
    };
    let verb = verbs
        .iter()
        .find(|v| v.names.split('|').any(|n| n == word || n == "*"))
        .ok_or_else(|| Unproven::Verb(word.to_string()))?;
    match verb.spec {
        Some(sub) => prove(sub, &args[i + 1..]).map(|p| match p {
            Proof::Runs(j) => Proof::Runs(i + 1 + j),
            Proof::ReadOnly => Proof::ReadOnly,
        }),
        // One parser for the whole line: the rest must parse too.
        None if spec.permute => {
            let rest = &args[i + 1..];
            let whole = Spec {
                operands: Operands::Read,
                ..*spec
            };
            parse(&whole, rest, false, Grammar::Harmless).map(|_| Proof::ReadOnly)
        }
        None => Ok(Proof::ReadOnly),
    }
}

/// At most `at_most` operands, each a literal word passing `test`.
fn names_ok(
    args: &[Arg],
    operands: &[usize],
    at_most: usize,
    test: ValueTest,
) -> Result<Proof, Unproven> {
    let named = |i: usize| {
        args[i]
            .literal()
            .filter(|_| !args[i].is_glob())
            .is_some_and(test)
    };
    match operands.get(at_most) {
        Some(&i) => Err(Unproven::Operand(args[i].raw().to_string())),
        None => match operands.iter().find(|&&i| !named(i)) {
            Some(&i) => Err(Unproven::Operand(args[i].raw().to_string())),
            None => Ok(Proof::ReadOnly),
        },
    }
}

fn operands_ok(spec: &Spec, args: &[Arg], operands: &[usize]) -> Result<Proof, Unproven> {
    let raw = |i: usize| args[i].raw().to_string();
    match spec.operands {
        Operands::Read => Ok(Proof::ReadOnly),
        Operands::None => match operands.first() {
            Some(&i) => Err(Unproven::Operand(raw(i))),
            None => Ok(Proof::ReadOnly),
        },
        Operands::AtMost(n) => match operands.get(n) {
            Some(&i) => Err(Unproven::Operand(raw(i))),
            None => Ok(Proof::ReadOnly),
        },
        Operands::Names { at_most, test } => names_ok(args, operands, at_most, test),
        Operands::Exactly { count, test } => match operands.len() < count {
            true => Err(Unproven::Fewer(count)),
            false => names_ok(args, operands, count, test),
        },
        Operands::Command {
            skip,
            assignments,
            between,
            ..
        } => command_operands(spec, args, operands, (skip, assignments, between)),
        Operands::Verbs { .. } if spec.old_style && operands.first().is_some_and(|&i| i > 0) => {
            let whole = Spec {
                operands: Operands::Read,
                ..*spec
            };
            parse(&whole, args, false, Grammar::Harmless).map(|_| Proof::ReadOnly)
        }
        Operands::Verbs { verbs, bare_ok } => verb_operands(args, operands, verbs, bare_ok, spec),
    }
}

/// Walks `args` as the program's parser does. With `stop_at_first`, the
/// first operand ends the walk (it and everything after are operands).
fn parse<'a>(
    spec: &Spec,
    args: &'a [Arg],
    stop_at_first: bool,
    grammar: Grammar,
) -> Result<Parsed<'a>, Unproven> {
    let mut operands = Vec::new();
    let mut options = Vec::new();
    let mut ended = false;
    let mut ended_at = None;
    let mut i = 0;
    while i < args.len() {
        let arg = &args[i];
        let Some(text) = arg.literal() else {
            // Split, a later part may be an option whatever the first is.
            if ended || (!may_be_option(arg.raw()) && !arg.splits()) {
                operands.push(i);
                if stop_at_first {
                    operands.extend(i + 1..args.len());
                    break;
                }
                i += 1;
                continue;
            }
            return Err(Unproven::Dynamic(arg.raw().to_string()));
        };
        if ended || text == "-" || !text.starts_with('-') {
            operands.push(i);
            if stop_at_first || !spec.permute {
                operands.extend(i + 1..args.len());
                break;
            }
            i += 1;
            continue;
        }
        if text == "--" {
            ended = true;
            ended_at = Some(i);
            i += 1;
            continue;
        }
        // (An option word that is a glob is the names of files it
        // matches, its value among them: `-ocustom-columns=X:.e[n]v` may
        // be `…env`; only JSONPath indices keep it what it says.)
        if arg.is_glob() && !index_globs_only(text) {
            return Err(Unproven::Dynamic(text.to_string()));
        }
        let before = options.len();
        let taken = option((spec, grammar), text, &args[i + 1..], &mut options)?;
        for given in &mut options[before..] {
            given.at = i;
        }
        i += 1 + taken;
    }
    Ok(Parsed {
        operands,
        options,
        ended_at,
    })
}

/// Whether a run-time word may start with `-` (unquoted text before the
/// first expansion that starts with something else rules it out).
fn may_be_option(raw: &str) -> bool {
    // A substitution of a command that prints plain fields (`$(docker ps
    // -q)`, `$(pgrep nginx)`): none starts with `-`.
    let quoted = raw.strip_prefix('"').and_then(|r| r.strip_suffix('"'));
    let substituted = quoted
        .unwrap_or(raw)
        .strip_prefix("$(")
        .and_then(|r| r.strip_suffix(')'));
    // (Quoted, one word whatever it holds: containers' names too.)
    // (Or, quoted, lines that each start with a letter: one word.)
    let fields = if quoted.is_some() {
        crate::sources::line_fields
    } else {
        crate::sources::plain_fields
    };
    // (Or, quoted, one absolute path: `"$(readlink -f /usr/bin/python3)"`.)
    let path = |text: &str| quoted.is_some() && crate::sources::prints_absolute_path(text);
    // (A nested `$(command -v qm)` only where the path is made absolute:
    // [`crate::sources::prints_absolute_path`].)
    if substituted.is_some_and(|text| (!text.contains(['(', ')']) && fields(text)) || path(text)) {
        return false;
    }
    // (Quoted, a word that starts with such a command's output and goes
    // on: `"$(date +%d/%b/%Y):1[0-2]"`, `"$(command -v qm).bak"`. Its
    // output may be empty: what follows must not start an option either.)
    // (What follows is the word when the output is empty, `command -v`
    // of a missing program: plain text only, no quote that joins more
    // to it, `"$(command -v x)""--rotate"`; review 117.)
    if let Some((text, rest)) = quoted.and_then(leading_substitution)
        && !text.contains(['(', ')'])
        && crate::sources::starts_no_option(text)
        && !rest.starts_with('-')
        && !rest.contains(['"', '\'', '$', '`', '\\'])
    {
        return false;
    }
    let first = raw.trim_start_matches(['"', '\'']).chars().next();
    match first {
        Some(c) => matches!(c, '-' | '$' | '`' | '\\' | '*' | '?' | '[' | '{' | '~'),
        None => false,
    }
}

/// A word's leading `$(…)`, its text and what follows it (`$(date
/// +%F).log` gives `date +%F` and `.log`); `None` when it starts
/// otherwise or its parentheses do not close.
fn leading_substitution(word: &str) -> Option<(&str, &str)> {
    let inner = word.strip_prefix("$(")?;
    let mut depth = 1;
    for (at, c) in inner.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return Some((&inner[..at], &inner[at + 1..]));
                }
            }
            _ => {}
        }
    }
    None
}

/// The value a next word gives an option: its text, or the word as written
/// when it is only known at run time.
fn next_value(next: &Arg) -> Value<'_> {
    match next.literal() {
        Some(text) => Value::Text(text),
        None => Value::RunTime(next.raw()),
    }
}

/// Checks one option word, adding what it gives to `found`; returns how
/// many following words (of `rest`) it took as values.
fn option<'a>(
    (spec, grammar): (&Spec, Grammar),
    text: &'a str,
    rest: &'a [Arg],
    found: &mut Vec<Given<'a>>,
) -> Result<usize, Unproven> {
    if let Some(long) = text.strip_prefix("--") {
        return long_option((spec, grammar), long, text, rest.first(), found);
    }
    let cluster = &text[1..];
    if spec.single_dash_long && cluster.chars().count() > 1 {
        return long_option((spec, grammar), cluster, text, rest.first(), found);
    }
    if spec.numeric && cluster.chars().all(|c| c.is_ascii_digit()) {
        found.push(Given::new(cluster, false, Kind::Flag));
        return Ok(0);
    }
    // Words taken so far by the cluster's `next_word` options.
    let mut taken = 0;
    for (at, c) in cluster.char_indices() {
        let name = &cluster[at..at + c.len_utf8()];
        let stuck = &cluster[at + c.len_utf8()..];
        let next = rest.get(taken);
        if spec.next_word.contains(c) {
            let Some(word) = next else {
                return Err(Unproven::Option(format!("-{c}")));
            };
            if word.may_be_several() {
                return Err(Unproven::Dynamic(word.raw().to_string()));
            }
            if grammar == Grammar::Harmless {
                check_value(spec, name, Some(word.raw()), text)?;
            }
            taken += 1;
            found.push(Given {
                value: Some(next_value(word)),
                from: taken,
                ..Given::new(name, false, Kind::Valued)
            });
            continue;
        }
        match short_kind(spec, grammar, c) {
            Some(Kind::Flag) => found.push(Given::new(name, false, Kind::Flag)),
            Some(Kind::Valued) => {
                let value = if stuck.is_empty() {
                    next.map(|a| a.raw())
                } else {
                    Some(stuck)
                };
                if let Some(n) = next.filter(|n| {
                    stuck.is_empty() && n.may_be_several() && !index_glob_value(spec, name, n)
                }) {
                    return Err(Unproven::Dynamic(n.raw().to_string()));
                }
                if grammar == Grammar::Harmless {
                    check_value(spec, name, value, text)?;
                }
                let from_next = stuck.is_empty() && next.is_some();
                let value = match stuck {
                    "" => next.map(next_value),
                    stuck => Some(Value::Text(stuck)),
                };
                found.push(Given {
                    value,
                    from: if from_next { taken + 1 } else { 0 },
                    ..Given::new(name, false, Kind::Valued)
                });
                return Ok(taken + usize::from(from_next));
            }
            Some(Kind::Optional) => {
                if grammar == Grammar::Harmless && spec.checked.iter().any(|(n, _)| *n == name) {
                    check_value(spec, name, (!stuck.is_empty()).then_some(stuck), text)?;
                }
                let value = (!stuck.is_empty()).then_some(Value::Text(stuck));
                found.push(Given {
                    value,
                    ..Given::new(name, false, Kind::Optional)
                });
                return Ok(taken);
            }
            None => return Err(Unproven::Option(format!("-{c}"))),
        }
    }
    Ok(taken)
}

/// A boolean as pve-common's `parse_boolean` reads one (any case).
pub(crate) fn pve_boolean_word(word: &str) -> bool {
    ["1", "yes", "true", "on", "0", "no", "false", "off"]
        .iter()
        .any(|b| word.eq_ignore_ascii_case(b))
}

/// What the short option `c` takes, among the options `grammar` accepts.
fn short_kind(spec: &Spec, grammar: Grammar, c: char) -> Option<Kind> {
    let other = match grammar {
        Grammar::Harmless => &Other::NONE,
        Grammar::Whole => spec.other,
    };
    if spec.flags.contains(c) || other.flags.contains(c) {
        Some(Kind::Flag)
    } else if spec.valued.contains(c) || other.valued.contains(c) {
        Some(Kind::Valued)
    } else if spec.optional.contains(c) || other.optional.contains(c) {
        Some(Kind::Optional)
    } else {
        None
    }
}

/// The long option `name` (without `--` or a value) names in `spec`
/// (with its other options under `Grammar::Whole`), and its kind; by an
/// unambiguous prefix only where the table lists every long option.
fn long_named(spec: &Spec, grammar: Grammar, name: &str) -> Option<(&'static str, Kind)> {
    let other = match grammar {
        Grammar::Harmless => &Other::NONE,
        Grammar::Whole => spec.other,
    };
    let lists = [
        (spec.long, Kind::Flag),
        (spec.long_valued, Kind::Valued),
        (spec.long_optional, Kind::Optional),
        (other.long, Kind::Flag),
        (other.long_valued, Kind::Valued),
        (other.long_optional, Kind::Optional),
    ];
    let all = lists
        .iter()
        .flat_map(|(list, kind)| list.iter().map(move |o| (*o, *kind)));
    let exact = all.clone().find(|(o, _)| *o == name);
    match exact {
        Some(found) => Some(found),
        None if spec.abbrev && !name.is_empty() => {
            let mut candidates = all.filter(|(o, _)| o.starts_with(name));
            match (candidates.next(), candidates.next()) {
                (Some(found), None) => Some(found),
                _ => None,
            }
        }
        None => None,
    }
}

/// Reads the long option `long` (`text` as written, `--name[=value]`),
/// its value from `next` when it takes one and has none attached; adds
/// it to `found` and returns how many following words it took.
fn long_option<'a>(
    (spec, grammar): (&Spec, Grammar),
    long: &'a str,
    text: &str,
    next: Option<&'a Arg>,
    found: &mut Vec<Given<'a>>,
) -> Result<usize, Unproven> {
    let (name, value) = match long.split_once('=') {
        Some((n, v)) => (n, Some(v)),
        None => (long, None),
    };
    let unknown = || {
        Unproven::Option(match value {
            Some(_) => text.split('=').next().unwrap_or(text).to_string(),
            None => text.to_string(),
        })
    };
    let Some((known, kind)) = long_named(spec, grammar, name) else {
        return Err(unknown());
    };
    match kind {
        Kind::Valued => {
            if let Some(n) = next.filter(|n| {
                value.is_none() && n.may_be_several() && !index_glob_value(spec, known, n)
            }) {
                return Err(Unproven::Dynamic(n.raw().to_string()));
            }
            let given = value.or_else(|| next.and_then(Arg::literal));
            let given = match (value, next) {
                (None, Some(n)) if n.is_dynamic() => Some(n.raw()),
                _ => given,
            };
            if grammar == Grammar::Harmless {
                check_value(spec, known, given, text)?;
            }
            let taken = match value {
                Some(v) => Some(Value::Text(v)),
                None => next.map(next_value),
            };
            found.push(Given {
                value: taken,
                from: usize::from(value.is_none() && next.is_some()),
                ..Given::new(known, true, Kind::Valued)
            });
            Ok(usize::from(value.is_none() && next.is_some()))
        }
        // The program refuses a value there; refusing is harmless, but
        // proving the program's reading is simpler than guessing it.
        Kind::Flag if value.is_some() => Err(unknown()),
        Kind::Optional if value.is_none() && spec.optional_next => {
            // The next word is the value when it is a boolean; one only
            // known at run time may be either.
            let taken = match next {
                Some(n) if n.is_dynamic() => return Err(Unproven::Dynamic(n.raw().to_string())),
                Some(n) => n.literal().filter(|w| pve_boolean_word(w)),
                None => None,
            };
            if grammar == Grammar::Harmless && spec.checked.iter().any(|(n, _)| *n == known) {
                check_value(spec, known, taken, text)?;
            }
            found.push(Given {
                value: taken.map(Value::Text),
                from: usize::from(taken.is_some()),
                ..Given::new(known, true, kind)
            });
            Ok(usize::from(taken.is_some()))
        }
        Kind::Flag | Kind::Optional => {
            // (An optional value is checked as a required one is: `wp
            // --path=DIR`; bare, it holds none the test passes.)
            if kind == Kind::Optional
                && grammar == Grammar::Harmless
                && spec.checked.iter().any(|(n, _)| *n == known)
            {
                check_value(spec, known, value, text)?;
            }
            found.push(Given {
                value: value.map(Value::Text),
                ..Given::new(known, true, kind)
            });
            Ok(0)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(line: &str) -> Vec<Arg> {
        line.split_whitespace().map(Arg::literal_of).collect()
    }

    const LS: Spec = Spec {
        flags: "alh1",
        valued: "w",
        long: &["all", "human-readable"],
        long_valued: &["width", "sort"],
        long_optional: &["color"],
        ..Spec::GNU
    };

    #[test]
    fn a_reading_gives_every_option_its_value() {
        let line = args("-law5 /x --sort size /y --color=always -- -l");
        let reading = read(&LS, &line).expect("read");
        let named: Vec<(&str, Option<Value>)> =
            reading.options.iter().map(|g| (g.name, g.value)).collect();
        assert_eq!(
            named,
            vec![
                ("l", None),
                ("a", None),
                ("w", Some(Value::Text("5"))),
                ("sort", Some(Value::Text("size"))),
                ("color", Some(Value::Text("always"))),
            ]
        );
        assert_eq!(reading.operands.len(), 3);
        let respelled: Vec<String> = reading
            .respelled(&line, false)
            .expect("clusters respelled")
            .iter()
            .map(|a| a.raw().to_string())
            .collect();
        assert_eq!(
            respelled.join(" "),
            "-l -a -w 5 /x --sort size /y --color=always -- -l"
        );
        // Nothing to respell: the words as they are.
        let plain = args("-l -w 5 /x");
        assert!(
            read(&LS, &plain)
                .and_then(|r| r.respelled(&plain, false))
                .is_none()
        );
        let mut line = args("-w");
        line.push(Arg::dynamic("\"$W\""));
        let reading = read(&LS, &line).map(|r| r.values(&["w", "width"]).collect::<Vec<_>>());
        assert_eq!(reading, Some(vec![Some(Value::RunTime("\"$W\""))]));
        assert!(read(&LS, &args("/x -o y")).is_none());
    }

    #[test]
    fn clusters_and_values_parse_as_getopt_long_does() {
        for ok in [
            "-la /etc",
            "-w5 /x",
            "-w -o /x",
            "--all --human-readable /x",
            "--width=9",
            "--width 9 x",
            "--sort size",
            "--color=always",
            "/x -l",
            "-- -o",
        ] {
            assert_eq!(prove(&LS, &args(ok)), Ok(Proof::ReadOnly), "{ok}");
        }
        for (bad, why) in [
            ("-lo x", Unproven::Option("-o".into())),
            ("-ltmp", Unproven::Option("-t".into())),
            ("--output=x", Unproven::Option("--output".into())),
            ("--all=x", Unproven::Option("--all".into())),
            ("x -o y", Unproven::Option("-o".into())),
        ] {
            assert_eq!(prove(&LS, &args(bad)), Err(why), "{bad}");
        }
        // Abbreviations are not proven: `--config` is an option of its own
        // to LVM, not `--configreport` cut short.
        const LVS: Spec = Spec {
            long_valued: &["configreport"],
            ..Spec::GNU
        };
        assert_eq!(
            prove(&LVS, &args("--config x")),
            Err(Unproven::Option("--config".into()))
        );
        assert_eq!(prove(&LVS, &args("--configreport vg")), Ok(Proof::ReadOnly));
        // Where a table lists every long option, a unique prefix names one.
        const TWO: Spec = Spec {
            long: &["human", "help"],
            abbrev: true,
            ..Spec::GNU
        };
        assert!(prove(&TWO, &args("--h")).is_err());
        assert_eq!(prove(&TWO, &args("--hu")), Ok(Proof::ReadOnly));
    }

    #[test]
    fn an_attached_value_is_never_read_as_flags() {
        const TAR: Spec = Spec {
            flags: "tvz",
            valued: "f",
            ..Spec::GNU
        };
        // `-tzf/tmp/x`: `f` takes `/tmp/x`; its letters are not flags.
        assert_eq!(prove(&TAR, &args("-tzf/tmp/x")), Ok(Proof::ReadOnly));
        assert_eq!(
            prove(&TAR, &args("-xzf/tmp/x")),
            Err(Unproven::Option("-x".into()))
        );
    }

    #[test]
    fn posix_parsers_stop_at_the_first_operand() {
        const NICE: Spec = Spec {
            valued: "n",
            operands: Operands::Command {
                between: Between::Nothing,
                skip: 0,
                assignments: false,
                joined: false,
            },
            ..Spec::POSIX
        };
        assert_eq!(prove(&NICE, &args("-n 5 rm -rf /")), Ok(Proof::Runs(2)));
        const TIMEOUT: Spec = Spec {
            flags: "v",
            valued: "sk",
            operands: Operands::Command {
                skip: 1,
                assignments: false,
                joined: false,
                between: Between::Nothing,
            },
            ..Spec::POSIX
        };
        assert_eq!(
            prove(&TIMEOUT, &args("-s KILL 5 ls -l")),
            Ok(Proof::Runs(3))
        );
        assert_eq!(
            prove(&TIMEOUT, &args("-p 5 ls")),
            Err(Unproven::Option("-p".into()))
        );
    }

    #[test]
    fn run_time_words_may_be_any_option_unless_they_cannot_start_with_a_dash() {
        let mut a = args("-l");
        a.push(Arg::dynamic("$x"));
        assert_eq!(prove(&LS, &a), Err(Unproven::Dynamic("$x".into())));
        let mut b = args("-l");
        b.push(Arg::dynamic("/srv/$x"));
        assert_eq!(prove(&LS, &b), Ok(Proof::ReadOnly));
        let mut c = args("-l --");
        c.push(Arg::dynamic("$x"));
        assert_eq!(prove(&LS, &c), Ok(Proof::ReadOnly));
    }

    #[test]
    fn subcommands_are_listed_or_not_read_only() {
        const LOG: Spec = Spec {
            flags: "p",
            long_valued: &["oneline-not-really"],
            ..Spec::GNU
        };
        const GIT: Spec = Spec {
            valued: "C",
            operands: Operands::Verbs {
                verbs: &[Verb {
                    names: "log|show",
                    spec: Some(&LOG),
                }],
                bare_ok: true,
            },
            ..Spec::POSIX
        };
        assert_eq!(prove(&GIT, &args("-C /srv log -p")), Ok(Proof::ReadOnly));
        assert_eq!(
            prove(&GIT, &args("-C /srv push")),
            Err(Unproven::Verb("push".into()))
        );
        assert_eq!(
            prove(&GIT, &args("log -c x")),
            Err(Unproven::Option("-c".into()))
        );
        const SYSTEMCTL: Spec = Spec {
            flags: "al",
            valued: "P",
            operands: Operands::Verbs {
                verbs: &[Verb {
                    names: "status",
                    spec: None,
                }],
                bare_ok: true,
            },
            ..Spec::GNU
        };
        // `-P` takes `status`: the subcommand is `reboot`.
        assert_eq!(
            prove(&SYSTEMCTL, &args("-P status reboot")),
            Err(Unproven::Verb("reboot".into()))
        );
        assert_eq!(
            prove(&SYSTEMCTL, &args("status caddy -l")),
            Ok(Proof::ReadOnly)
        );
        assert_eq!(
            prove(&SYSTEMCTL, &args("status caddy -x")),
            Err(Unproven::Option("-x".into()))
        );
    }
}
