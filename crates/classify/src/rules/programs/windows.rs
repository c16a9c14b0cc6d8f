//! Windows guests' reads (blind corpus 88), reached through the QEMU
//! guest agent (`qm guest exec ID -- powershell …`, `… -- cmd /c …`, or a
//! tool by itself). PowerShell is read in a grammar small enough to read
//! whole: `powershell -NoProfile -Command` with a pipeline that starts
//! with one `Get-*` cmdlet of a closed list and goes on through the
//! formatting cmdlets; no script block but a property test, no variable
//! but `$true`/`$false`/`$null`, no subexpression, no redirection, no
//! parameter that names another computer, a credential or an output file
//! (by any prefix PowerShell takes), no word that names a password. The
//! built-in tools read with their reporting switches only (`ipconfig
//! /all`, `sc query`, `wevtutil qe`, `vssadmin list`, `netsh … show`).
//! Everything else asks; what loses data is `rules::loss::identity`'s.
//! Sources: Microsoft's PowerShell 5.1 and 7.4 reference
//! (about_pwsh, about_Parsing, about_Script_Blocks, the cmdlets' pages)
//! and the Windows Server command reference for each tool.

use super::*;

/// Judges a Windows program (`ipconfig.exe` as `ipconfig`).
pub(super) fn judge(_w: &mut Walker, name: &str, args: &[Arg], _depth: usize) -> Option<Verdict> {
    let program = windows_program(name)?;
    let lits = args
        .iter()
        .map(Arg::literal)
        .collect::<Option<Vec<&str>>>()?;
    let reads = match program {
        "powershell" | "pwsh" => {
            powershell_command(&lits).is_some_and(|text| pipeline_reads(&text))
        }
        "cmd" => cmd_command(&lits).is_some_and(|words| tool_reads(&words)),
        _ => {
            let mut words = vec![program];
            words.extend(lits.iter().copied());
            tool_reads(&words)
        }
    };
    // (Any other line is judged as an unknown program's: a word naming
    // loss, `Remove-ADUser`, `sc delete`, stays destructive.)
    reads.then(|| Verdict::read_only(format!("`{name}` only runs reporting commands")))
}

/// The Windows programs this module reads, by their lower-case name
/// without `.exe`.
#[rustfmt::skip]
const PROGRAMS: &[&str] = &[
    "powershell", "pwsh", "cmd", "ipconfig", "systeminfo", "tasklist", "driverquery", "w32tm",
    "nltest", "dcdiag", "wevtutil", "sc", "wmic", "fsutil", "gpresult", "repadmin", "vssadmin",
    "manage-bde", "pnputil", "wbadmin", "netsh", "getmac",
];

/// `name` as a Windows program of [`PROGRAMS`] (`IPCONFIG.EXE` is
/// `ipconfig`); `None` for any other.
pub(crate) fn windows_program(name: &str) -> Option<&'static str> {
    let lower = name.to_ascii_lowercase();
    let bare = lower.strip_suffix(".exe").unwrap_or(&lower);
    PROGRAMS.iter().copied().find(|p| *p == bare)
}

/// The text `powershell -NoProfile [-NonInteractive] [-NoLogo] -Command
/// TEXT…` runs: every word after `-Command` joined with blanks, as
/// PowerShell joins them. `None` without `-NoProfile` (a profile is a
/// script of its own), without `-Command`, or with any other parameter
/// (`-File`, `-EncodedCommand`, `-ExecutionPolicy`, …).
fn powershell_command(lits: &[&str]) -> Option<String> {
    let mut profile = true;
    for (at, word) in lits.iter().enumerate() {
        match parameter(word)? {
            Parameter::NoProfile => profile = false,
            Parameter::Quiet => {}
            Parameter::Command => {
                let text = lits[at + 1..].join(" ");
                return (!profile && !text.trim().is_empty()).then_some(text);
            }
        }
    }
    None
}

/// A parameter of PowerShell's command line this module reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Parameter {
    NoProfile,
    /// `-NonInteractive`, `-NoLogo`.
    Quiet,
    Command,
}

/// `word` as one of [`Parameter`], by any prefix PowerShell takes that
/// names it alone (`-nop`, `-noni`, `-c`).
fn parameter(word: &str) -> Option<Parameter> {
    let lower = word.to_ascii_lowercase();
    let param = lower.strip_prefix('-')?;
    let names = |full: &str, least: usize| param.len() >= least && full.starts_with(param);
    if names("noprofile", 3) {
        Some(Parameter::NoProfile)
    } else if names("noninteractive", 4) || names("nologo", 3) {
        Some(Parameter::Quiet)
    } else if names("command", 1) {
        Some(Parameter::Command)
    } else {
        None
    }
}

/// Whether `word` is a PowerShell command-line parameter this module
/// reads (for the table's proof).
pub(crate) fn powershell_parameter(word: &str) -> bool {
    parameter(word).is_some()
}

/// Cmdlets a pipeline may start with: they only report, and what they
/// report holds no secret. Not `Get-Content`, `Get-Item`,
/// `Get-ItemProperty` (a file's or a registry value's contents:
/// Winlogon's `DefaultPassword`), `Get-BitLockerVolume` (recovery
/// passwords), `Get-Variable`, `Get-History`, `Get-Credential`,
/// `Get-WindowsUpdateLog` (writes a file), `Get-Clipboard`.
#[rustfmt::skip]
const READ_CMDLETS: &[&str] = &[
    "get-service", "get-process", "get-winevent", "get-eventlog", "get-smbshare", "get-smbsession",
    "get-smbconnection", "get-smbserverconfiguration", "get-pnpdevice", "get-ciminstance",
    "get-wmiobject", "get-hotfix", "get-disk", "get-volume", "get-partition", "get-physicaldisk",
    "get-storagepool", "get-virtualdisk", "get-dnsserverzone", "get-dnsserverresourcerecord",
    "get-dnsserverforwarder", "get-dnsclientserveraddress", "get-dnsclientcache", "get-netadapter",
    "get-netadapterstatistics", "get-netipaddress", "get-netipconfiguration", "get-netipinterface",
    "get-netroute", "get-nettcpconnection", "get-netudpendpoint", "get-netfirewallrule",
    "get-netfirewallprofile", "get-netconnectionprofile", "get-netneighbor", "get-mpcomputerstatus",
    "get-mpthreatdetection", "get-aduser", "get-adcomputer", "get-adgroup", "get-adgroupmember",
    "get-addomaincontroller", "get-addomain", "get-adforest", "get-adreplicationfailure",
    "get-adreplicationpartnermetadata", "get-adorganizationalunit", "get-scheduledtask",
    "get-scheduledtaskinfo", "get-counter", "get-dhcpserverv4scope", "get-dhcpserverv4lease",
    "get-dhcpserverv4statistics", "get-computerinfo", "get-timezone", "get-date", "get-localuser",
    "get-localgroup", "get-localgroupmember", "get-windowsfeature", "get-windowsoptionalfeature",
    "get-psdrive", "get-printer", "get-tpm", "get-acl", "get-childitem", "get-appxpackage",
    "get-dedupstatus", "get-dedupvolume", "get-clusternode", "get-clusterresource",
    "get-clustergroup", "get-vm", "get-vmswitch", "get-netlbfoteam", "get-uptime", "get-module",
];

/// Cmdlets (and their usual aliases) a pipeline may go on through: they
/// filter, sort, shape and print what they are given.
#[rustfmt::skip]
const SHAPING_CMDLETS: &[&str] = &[
    "where-object", "where", "select-object", "select", "sort-object", "sort", "format-table", "ft",
    "format-list", "fl", "format-wide", "fw", "measure-object", "measure", "group-object", "group",
    "convertto-json", "convertto-csv", "out-string",
];
// (Not `ForEach-Object`: `ForEach-Object Kill` calls each object's
// method of that name.)

/// Parameters that send a cmdlet elsewhere, make it act, or name an
/// output: refused under any prefix PowerShell would take for them.
#[rustfmt::skip]
const REFUSED_PARAMETERS: &[&str] = &[
    "computername", "cimsession", "session", "credential", "outfile", "filepath", "asjob",
    "passthru", "scriptblock", "process", "begin", "end", "membername", "argumentlist",
    "authtype", "server", "pssession", "servername", "pscomputername",
    // (Aliases: `-Cn` is `-ComputerName` to Get-Service, Get-Process,
    // Get-WinEvent, Get-EventLog, Get-WmiObject, Get-CimInstance.)
    "cn",
];

/// Words that name a secret wherever they stand (a property, a class, a
/// log): LAPS' and gMSA's passwords, BitLocker's recovery keys.
const SECRET_WORDS: &[&str] = &[
    "password",
    "pwd",
    "secret",
    "recovery",
    "keyprotector",
    "laps",
    "credential",
    "token",
];

/// Whether a PowerShell pipeline only reports (see the module's header).
pub(crate) fn pipeline_reads(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    if SECRET_WORDS.iter().any(|w| lower.contains(w)) {
        return false;
    }
    let Some(tokens) = tokens(text) else {
        return false;
    };
    let stages: Vec<&[Token]> = tokens.split(|t| *t == Token::Pipe).collect();
    stages.iter().enumerate().all(|(at, stage)| {
        let Some((Token::Word(cmdlet), rest)) = stage.split_first() else {
            return false;
        };
        let cmdlet = cmdlet.to_ascii_lowercase();
        let known = if at == 0 {
            READ_CMDLETS.contains(&cmdlet.as_str())
        } else {
            SHAPING_CMDLETS.contains(&cmdlet.as_str())
        };
        known && stage_arguments_read(&cmdlet, rest)
    })
}

/// A stage's arguments: parameters none of [`REFUSED_PARAMETERS`] (by
/// any prefix), values that are words, quoted strings or a test block
/// ([`value_reads`]).
fn stage_arguments_read(cmdlet: &str, args: &[Token]) -> bool {
    let mut previous: Option<String> = None;
    for token in args {
        let ok = match token {
            Token::Pipe => false,
            Token::Word(w) if w.starts_with('-') && w.len() > 1 => {
                let param = w[1..].to_ascii_lowercase();
                let param = param.split(':').next().unwrap_or("").to_string();
                let refused = REFUSED_PARAMETERS
                    .iter()
                    .any(|r| r.starts_with(param.as_str()));
                previous = Some(param);
                !refused
            }
            Token::Word(value) | Token::Quoted(value) => {
                value_reads(cmdlet, &previous.take().unwrap_or_default(), value)
            }
            Token::Table => {
                previous = None;
                true
            }
            Token::Test { filter } => {
                let after = previous.take().unwrap_or_default();
                // A bare name first is a command but in an AD filter.
                !filter || (!after.is_empty() && "filter".starts_with(after.as_str()))
            }
        };
        if !ok {
            return false;
        }
    }
    true
}

/// A value given after the parameter `after` (empty: a positional one):
/// no UNC path (another computer); a CIM class (or a WQL query's) only
/// `Win32_*` or `CIM_*`; no `-Properties *` for Active Directory (every
/// attribute a reader may see); `Get-ChildItem` only of files (not
/// `Env:`, `Variable:`, the registry, whose listing shows values).
fn value_reads(cmdlet: &str, after: &str, value: &str) -> bool {
    let lower = value.to_ascii_lowercase();
    let names = |full: &str| !after.is_empty() && full.starts_with(after);
    if lower.starts_with("\\") || lower.starts_with("//") {
        return false;
    }
    let cim = cmdlet == "get-ciminstance" || cmdlet == "get-wmiobject";
    if cim && (after.is_empty() || names("classname") || after == "class") {
        return lower.starts_with("win32_") || lower.starts_with("cim_");
    }
    if cim && names("query") {
        let words: Vec<&str> = lower.split_whitespace().collect();
        return words
            .windows(2)
            .any(|p| p[0] == "from" && (p[1].starts_with("win32_") || p[1].starts_with("cim_")))
            && words.iter().filter(|w| **w == "from").count() == 1;
    }
    if cmdlet.starts_with("get-ad") && names("properties") && lower.contains('*') {
        return false;
    }
    if cmdlet == "get-childitem" {
        // A drive letter (`D:\Shares`, `C:`) is a file system's.
        let provider =
            lower.split_once(':').is_some_and(|(p, _)| p.len() != 1) || lower.contains("::");
        return !provider;
    }
    true
}

/// One token of the grammar.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Token {
    Pipe,
    /// A bare word (a cmdlet, a parameter, a value).
    Word(String),
    /// A single-quoted string, or a double-quoted one with no `$` or
    /// backtick (nothing expanded).
    Quoted(String),
    /// `@{ name = 'literal'; … }`: a hashtable of literals.
    Table,
    /// `{ $_.Prop [-op literal] }`, or (`filter`) `{ Prop -op literal }`,
    /// which only an Active Directory `-Filter` reads as no command.
    Test {
        filter: bool,
    },
}

/// `text` as tokens, or `None` where it holds anything else: `;`, `&`,
/// a backtick, `$` but `$true`/`$false`/`$null`, parentheses, brackets,
/// redirections, a script block that is no test.
fn tokens(text: &str) -> Option<Vec<Token>> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == ' ' || c == '\t' {
            i += 1;
        } else if c.is_whitespace() {
            // (A line break ends a statement, as `;` does.)
            return None;
        } else if c == '|' {
            out.push(Token::Pipe);
            i += 1;
        } else if c == '\'' || c == '"' {
            let (s, next) = quoted(&chars, i)?;
            out.push(Token::Quoted(s));
            i = next;
        } else if c == '@' && chars.get(i + 1) == Some(&'{') {
            let close = (i + 2..chars.len()).find(|&j| chars[j] == '}')?;
            let inner: String = chars[i + 2..close].iter().collect();
            literal_table(&inner).then_some(())?;
            out.push(Token::Table);
            i = close + 1;
        } else if c == '{' {
            let close = (i + 1..chars.len()).find(|&j| chars[j] == '}')?;
            let inner: String = chars[i + 1..close].iter().collect();
            out.push(Token::Test {
                filter: property_test(&inner)?,
            });
            i = close + 1;
        } else {
            let start = i;
            while i < chars.len()
                && !chars[i].is_whitespace()
                && !matches!(chars[i], '|' | '\'' | '"')
            {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            plain_word(&word).then_some(())?;
            out.push(Token::Word(word));
        }
    }
    Some(out)
}

/// A quoted string from `chars[at]` (its quote) to its end, and the index
/// after it: `''` inside single quotes is a quote; a double-quoted string
/// with `$`, a backtick or `""` is refused (PowerShell expands it).
fn quoted(chars: &[char], at: usize) -> Option<(String, usize)> {
    let quote = chars[at];
    let mut s = String::new();
    let mut i = at + 1;
    loop {
        let c = *chars.get(i)?;
        if c == quote {
            if quote == '\'' && chars.get(i + 1) == Some(&'\'') {
                s.push('\'');
                i += 2;
                continue;
            }
            return Some((s, i + 1));
        }
        if quote == '"' && matches!(c, '$' | '`') {
            return None;
        }
        // (Typographic quotes are quotes to PowerShell too.)
        if matches!(
            c,
            '\u{2018}'
                | '\u{2019}'
                | '\u{201a}'
                | '\u{201b}'
                | '\u{201c}'
                | '\u{201d}'
                | '\u{201e}'
        ) {
            return None;
        }
        s.push(c);
        i += 1;
    }
}

/// A bare word with no character PowerShell reads as more than text.
fn plain_word(word: &str) -> bool {
    const VALUES: &[&str] = &["$true", "$false", "$null"];
    if VALUES.contains(&word.to_ascii_lowercase().as_str()) {
        return true;
    }
    word.chars().all(|c| {
        c.is_ascii_alphanumeric()
            || matches!(
                c,
                '-' | '_' | '.' | ',' | '*' | ':' | '\\' | '/' | '%' | '+' | '='
            )
    }) && !word.starts_with('.')
        && !word.contains("::")
}

/// `name = 'literal'; name = 12` and nothing else.
fn literal_table(inner: &str) -> bool {
    inner
        .split(';')
        .filter(|e| !e.trim().is_empty())
        .all(|entry| {
            entry.split_once('=').is_some_and(|(name, value)| {
                let name = name.trim();
                let value = value.trim();
                !name.is_empty()
                    && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                    && literal(value)
            })
        })
}

/// A literal: a single-quoted string without a quote inside, a number,
/// `$true`, `$false`, `$null`.
fn literal(value: &str) -> bool {
    let quoted = value.len() >= 2
        && value.starts_with('\'')
        && value.ends_with('\'')
        && !value[1..value.len() - 1].contains(['\'', '\u{2018}', '\u{2019}']);
    quoted
        || (!value.is_empty() && value.chars().all(|c| c.is_ascii_digit()))
        || matches!(
            value.to_ascii_lowercase().as_str(),
            "$true" | "$false" | "$null"
        )
}

/// A script block's text as a property test: `$_.A.B`, `$_.A -op
/// literal` (`Some(false)`), or `A -op literal` (`Some(true)`, an AD
/// filter's); `None` for anything else.
fn property_test(inner: &str) -> Option<bool> {
    const OPS: &[&str] = &[
        "eq",
        "ne",
        "gt",
        "ge",
        "lt",
        "le",
        "like",
        "notlike",
        "match",
        "notmatch",
        "contains",
        "notcontains",
        "in",
        "notin",
    ];
    let words: Vec<&str> = inner.split_whitespace().collect();
    let property = |w: &str, dollar: bool| {
        let rest = if dollar {
            w.strip_prefix("$_.")
        } else {
            Some(w)
        };
        rest.is_some_and(|r| {
            !r.is_empty()
                && r.split('.').all(|p| {
                    !p.is_empty() && p.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                })
        })
    };
    let op = |w: &str| {
        w.strip_prefix('-').is_some_and(|o| {
            let o = o.to_ascii_lowercase();
            let o = o
                .strip_prefix(['c', 'i'])
                .filter(|s| OPS.contains(s))
                .unwrap_or(&o);
            OPS.contains(&o)
        })
    };
    match words.as_slice() {
        [p] if property(p, true) => Some(false),
        [p, o, v] if property(p, true) && op(o) && literal(v) => Some(false),
        [p, o, v] if property(p, false) && op(o) && literal(v) => Some(true),
        _ => None,
    }
}

/// The words `cmd /c TEXT` runs (one pair of quotes around the text
/// taken off), when TEXT has no character cmd.exe reads as more than a
/// word: `&`, `|`, `<`, `>`, `^`, `%`, `!`, parentheses or another quote.
/// Not `/k` (the shell stays open), nor any switch but `/d`, `/q`, `/u`.
fn cmd_command<'a>(lits: &[&'a str]) -> Option<Vec<&'a str>> {
    let at = lits.iter().position(|w| w.eq_ignore_ascii_case("/c"))?;
    if !lits[..at]
        .iter()
        .all(|w| matches!(w.to_ascii_lowercase().as_str(), "/d" | "/q" | "/u"))
    {
        return None;
    }
    let rest = &lits[at + 1..];
    let rest: Vec<&str> = match rest {
        [one] if one.starts_with('"') && one.ends_with('"') && one.len() >= 2 => {
            vec![&one[1..one.len() - 1]]
        }
        _ => rest.to_vec(),
    };
    if rest
        .iter()
        .any(|w| w.contains(['&', '|', '<', '>', '^', '%', '!', '(', ')', '"', '\n', '\r']))
    {
        return None;
    }
    Some(rest.iter().flat_map(|w| w.split_whitespace()).collect())
}

/// Whether `words` (a program and its arguments) is a Windows tool run
/// with reporting switches only.
fn tool_reads(words: &[&str]) -> bool {
    let Some((first, args)) = words.split_first() else {
        return false;
    };
    let lower: Vec<String> = args.iter().map(|a| a.to_ascii_lowercase()).collect();
    let args: Vec<&str> = lower.iter().map(String::as_str).collect();
    // (No other computer: `\\server`, `/s`, `/node:`, `/r:`; no account:
    // `/u`, `/p`.)
    let remote = args.iter().any(|a| {
        a.starts_with("\\\\")
            || matches!(*a, "/s" | "/u" | "/p")
            || [
                "/node:",
                "/r:",
                "/u:",
                "/p:",
                "/s:",
                "/computer:",
                "/server:",
            ]
            .iter()
            .any(|p| a.starts_with(p))
    });
    if remote {
        return false;
    }
    let switches = |allowed: &[&str]| {
        args.iter().all(|a| {
            !a.starts_with('/')
                || allowed
                    .iter()
                    .any(|s| a == s || (s.ends_with(':') && a.starts_with(s)))
        })
    };
    let Some(program) = windows_program(first).or(match first.to_ascii_lowercase().as_str() {
        "ver" => Some("ver"),
        "vol" => Some("vol"),
        "hostname" => Some("hostname"),
        "whoami" => Some("whoami"),
        _ => None,
    }) else {
        return false;
    };
    match program {
        "ver" | "hostname" => args.is_empty(),
        "vol" => args.len() <= 1,
        "whoami" => switches(&["/all", "/user", "/groups", "/priv", "/fo", "/nh"]),
        "ipconfig" => args
            .iter()
            .all(|a| matches!(*a, "/all" | "/displaydns" | "/allcompartments")),
        "systeminfo" | "driverquery" | "getmac" => switches(&["/fo", "/nh", "/v", "/si"]),
        "tasklist" => switches(&["/v", "/svc", "/m", "/fo", "/nh", "/fi", "/apps"]),
        "w32tm" => {
            args.first() == Some(&"/query")
                && switches(&[
                    "/query",
                    "/status",
                    "/source",
                    "/configuration",
                    "/peers",
                    "/verbose",
                ])
                || args == ["/tz"]
        }
        "nltest" => {
            args.len() == 1
                && [
                    "/dsgetdc:",
                    "/sc_query:",
                    "/dclist:",
                    "/domain_trusts",
                    "/parentdomain",
                ]
                .iter()
                .any(|s| args[0].starts_with(s))
        }
        "dcdiag" => {
            switches(&["/q", "/v", "/test:"])
                && args.iter().all(|a| {
                    a.strip_prefix("/test:").is_none_or(|t| {
                        matches!(
                            t,
                            "replications"
                                | "services"
                                | "advertising"
                                | "fsmocheck"
                                | "netlogons"
                                | "systemlog"
                                | "kccevent"
                                | "sysvolcheck"
                                | "machineaccount"
                                | "ridmanager"
                                | "knowsofroleholders"
                                | "connectivity"
                        )
                    })
                })
        }
        "wevtutil" => {
            matches!(
                args.first(),
                Some(
                    &("el"
                        | "enum-logs"
                        | "gl"
                        | "get-log"
                        | "gli"
                        | "get-log-info"
                        | "qe"
                        | "query-events"
                        | "ep"
                        | "enum-publishers")
                )
            ) && switches(&["/c:", "/rd:", "/f:", "/q:", "/e:", "/lf:false"])
        }
        "sc" => {
            matches!(
                args.first(),
                Some(
                    &("query"
                        | "queryex"
                        | "qc"
                        | "qdescription"
                        | "qfailure"
                        | "getdisplayname"
                        | "getkeyname"
                        | "enumdepend"
                        | "qtriggerinfo")
                )
            ) && args.iter().all(|a| !a.starts_with('/'))
        }
        "wmic" => {
            args.contains(&"get")
                && !args
                    .iter()
                    .any(|a| matches!(*a, "call" | "set" | "delete" | "create" | "path"))
                && args.iter().all(|a| {
                    a.strip_prefix("/format:")
                        .is_none_or(|f| matches!(f, "list" | "csv" | "table" | "value"))
                        && (!a.starts_with('/') || a.starts_with("/format:"))
                })
        }
        "fsutil" => {
            matches!(args.first(), Some(&"fsinfo"))
                && matches!(
                    args.get(1),
                    Some(
                        &("drives"
                            | "volumeinfo"
                            | "ntfsinfo"
                            | "statistics"
                            | "sectorinfo"
                            | "drivetype")
                    )
                )
                || matches!(args.as_slice(), ["volume", "diskfree", _])
        }
        "gpresult" => switches(&["/r", "/scope", "/v", "/z"]),
        "repadmin" => {
            matches!(
                args.first(),
                Some(
                    &("/replsummary"
                        | "/showrepl"
                        | "/queue"
                        | "/showbackup"
                        | "/bridgeheads"
                        | "/istg"
                        | "/showutdvec")
                )
            )
        }
        "vssadmin" => matches!(args.first(), Some(&"list")),
        "manage-bde" => matches!(args.first(), Some(&("-status" | "/status"))) && args.len() <= 2,
        "pnputil" => switches(&[
            "/enum-drivers",
            "/enum-devices",
            "/enum-interfaces",
            "/enum-classes",
            "/connected",
            "/problem",
            "/drivers",
        ]),
        "wbadmin" => {
            matches!(args.first(), Some(&"get"))
                && matches!(
                    args.get(1),
                    Some(&("versions" | "items" | "status" | "disks" | "virtualmachines"))
                )
        }
        "netsh" => {
            args.contains(&"show")
                && !args.iter().any(|a| {
                    a.starts_with("key=")
                        || matches!(
                            *a,
                            "set"
                                | "add"
                                | "delete"
                                | "reset"
                                | "dump"
                                | "export"
                                | "import"
                                | "trace"
                                | "exec"
                        )
                        || a.starts_with("-r")
                        || a.starts_with("-u")
                        || a.starts_with("-p")
                        || a.starts_with("-f")
                })
        }
        _ => false,
    }
}
