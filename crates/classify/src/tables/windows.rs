//! Windows guests' reads (blind corpus 88), reached through the QEMU
//! guest agent (`qm guest exec ID -- powershell …`, `… -- cmd /c …`, or a
//! tool by itself). PowerShell is read in a grammar small enough to read
//! whole: `powershell -NoProfile -Command` with a pipeline that starts
//! with one `Get-*` cmdlet of a closed list and goes on through the
//! formatting cmdlets, each with its own parameters by full name (no
//! prefix, no alias; reviews 75, 76); no script block but a property
//! test, no variable but `$true`/`$false`/`$null`, no subexpression, no
//! redirection, no pieces glued into one argument, no provider or UNC
//! path, no word that names a password. The built-in tools read with
//! their reporting switches only, as written (`ipconfig /all`, `sc
//! query`, `wevtutil qe`, `vssadmin list`).
//! Everything else asks.
//! Sources: Microsoft's PowerShell 5.1 and 7.4 reference
//! (about_pwsh, about_Parsing, about_Script_Blocks, the cmdlets' pages)
//! and the Windows Server command reference for each tool.
//!
//! As tables, their arguments are no getopt options (`/all`,
//! `-NoProfile`, a whole PowerShell pipeline in one word), so each table
//! reads every word as an operand and proves it plain: a PowerShell word
//! is a command-line parameter this grammar takes or a whole reporting
//! pipeline; any other program's word has no character cmd.exe or
//! PowerShell reads as more than text, and names no other computer or
//! account. Which combination reports is the grammar's to read, for the
//! rule in `rules::programs::windows`.

use super::*;

/// The Windows programs this module reads, by their lower-case name
/// without `.exe`.
#[rustfmt::skip]
const PROGRAMS: &[&str] = &[
    "powershell", "pwsh", "cmd", "ipconfig", "systeminfo", "tasklist", "driverquery", "w32tm",
    "wevtutil", "sc", "fsutil", "vssadmin", "manage-bde",
];

/// `name` as a Windows program of [`PROGRAMS`] (`IPCONFIG.EXE` is
/// `ipconfig`); `None` for any other.
pub(crate) fn windows_program(name: &str) -> Option<&'static str> {
    // (Without a copy: every program the rules reach asks.)
    let exe = name.len() > 4
        && name
            .get(name.len() - 4..)
            .is_some_and(|e| e.eq_ignore_ascii_case(".exe"));
    let bare = if exe { &name[..name.len() - 4] } else { name };
    PROGRAMS
        .iter()
        .copied()
        .find(|p| p.eq_ignore_ascii_case(bare))
}

/// The text `powershell -NoProfile [-NonInteractive] [-NoLogo] -Command
/// TEXT…` runs: every word after `-Command` joined with blanks, as
/// PowerShell joins them. `None` without `-NoProfile` (a profile is a
/// script of its own), without `-Command`, or with any other parameter
/// (`-File`, `-EncodedCommand`, `-ExecutionPolicy`, …).
pub(crate) fn powershell_command(lits: &[&str]) -> Option<String> {
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

/// A cmdlet a pipeline may use, with the parameters it may be given,
/// by their full names (no prefix, no alias: `-Cn` is `-ComputerName`,
/// `-LP` `-LogPath`). `first`: it may start a pipeline (it reports);
/// otherwise it shapes what it is given.
struct Cmdlet {
    name: &'static str,
    first: bool,
    parameters: &'static [&'static str],
}

/// The cmdlets of the grammar (review 75: an allow-list of parameters
/// per cmdlet, none that names a path, another computer, a credential or
/// a log file). Not `Get-Content`, `Get-Item`, `Get-ItemProperty`,
/// `Get-ChildItem`, `Get-Acl` (files, the registry, `Env:`), nor
/// `Get-BitLockerVolume`, `Get-Tpm`, `Get-Variable`, `Get-History`,
/// `Get-Credential`, `Get-WindowsUpdateLog`, `Get-ADReplication*`.
#[rustfmt::skip]
const CMDLETS: &[Cmdlet] = &[
    Cmdlet { name: "get-service", first: true, parameters: &["name", "displayname", "include", "exclude", "dependentservices", "requiredservices"] },
    Cmdlet { name: "get-process", first: true, parameters: &["name", "id", "includeusername"] },
    Cmdlet { name: "get-winevent", first: true, parameters: &["logname", "maxevents", "filterhashtable", "filterxpath", "oldest", "listlog", "providername", "listprovider", "erroraction"] },
    Cmdlet { name: "get-eventlog", first: true, parameters: &["logname", "newest", "entrytype", "source", "instanceid", "after", "before", "list"] },
    Cmdlet { name: "get-volume", first: true, parameters: &["driveletter", "filesystemlabel"] },
    Cmdlet { name: "get-disk", first: true, parameters: &["number", "friendlyname"] },
    Cmdlet { name: "get-partition", first: true, parameters: &["disknumber", "driveletter", "partitionnumber"] },
    Cmdlet { name: "get-physicaldisk", first: true, parameters: &["friendlyname"] },
    Cmdlet { name: "get-storagepool", first: true, parameters: &["friendlyname", "isprimordial"] },
    Cmdlet { name: "get-virtualdisk", first: true, parameters: &["friendlyname"] },
    Cmdlet { name: "get-netadapter", first: true, parameters: &["name", "interfacedescription", "physical", "includehidden"] },
    Cmdlet { name: "get-netadapterstatistics", first: true, parameters: &["name"] },
    Cmdlet { name: "get-netipaddress", first: true, parameters: &["addressfamily", "interfacealias", "interfaceindex", "ipaddress"] },
    Cmdlet { name: "get-netipconfiguration", first: true, parameters: &["interfacealias", "detailed", "all"] },
    Cmdlet { name: "get-netipinterface", first: true, parameters: &["addressfamily", "interfacealias"] },
    Cmdlet { name: "get-netroute", first: true, parameters: &["addressfamily", "destinationprefix", "interfacealias"] },
    Cmdlet { name: "get-nettcpconnection", first: true, parameters: &["state", "localport", "remoteport", "localaddress", "remoteaddress", "owningprocess"] },
    Cmdlet { name: "get-netudpendpoint", first: true, parameters: &["localport", "localaddress"] },
    Cmdlet { name: "get-netneighbor", first: true, parameters: &["state", "addressfamily", "interfacealias"] },
    Cmdlet { name: "get-netfirewallprofile", first: true, parameters: &["name"] },
    Cmdlet { name: "get-netfirewallrule", first: true, parameters: &["displayname", "name", "enabled", "direction", "action"] },
    Cmdlet { name: "get-netconnectionprofile", first: true, parameters: &["interfacealias"] },
    Cmdlet { name: "get-dnsclientserveraddress", first: true, parameters: &["addressfamily", "interfacealias"] },
    Cmdlet { name: "get-dnsserverzone", first: true, parameters: &["name"] },
    Cmdlet { name: "get-dnsserverresourcerecord", first: true, parameters: &["zonename", "name", "rrtype"] },
    Cmdlet { name: "get-dhcpserverv4scope", first: true, parameters: &["scopeid"] },
    Cmdlet { name: "get-dhcpserverv4lease", first: true, parameters: &["scopeid"] },
    Cmdlet { name: "get-hotfix", first: true, parameters: &["id", "description"] },
    Cmdlet { name: "get-computerinfo", first: true, parameters: &["property"] },
    Cmdlet { name: "get-scheduledtask", first: true, parameters: &["taskname", "taskpath"] },
    Cmdlet { name: "get-scheduledtaskinfo", first: true, parameters: &["taskname", "taskpath"] },
    Cmdlet { name: "get-smbshare", first: true, parameters: &["name", "special"] },
    Cmdlet { name: "get-smbsession", first: true, parameters: &[] },
    Cmdlet { name: "get-smbconnection", first: true, parameters: &[] },
    Cmdlet { name: "get-localuser", first: true, parameters: &["name"] },
    Cmdlet { name: "get-localgroup", first: true, parameters: &["name"] },
    Cmdlet { name: "get-localgroupmember", first: true, parameters: &["group", "name"] },
    Cmdlet { name: "get-windowsfeature", first: true, parameters: &["name"] },
    Cmdlet { name: "get-mpcomputerstatus", first: true, parameters: &[] },
    Cmdlet { name: "get-counter", first: true, parameters: &["counter", "sampleinterval", "maxsamples", "listset"] },
    Cmdlet { name: "get-pnpdevice", first: true, parameters: &["class", "friendlyname", "presentonly", "status"] },
    Cmdlet { name: "get-ciminstance", first: true, parameters: &["classname", "filter", "property"] },
    Cmdlet { name: "get-wmiobject", first: true, parameters: &["class", "filter", "property"] },
    Cmdlet { name: "get-aduser", first: true, parameters: &["identity", "filter", "properties", "searchbase", "searchscope", "resultsetsize"] },
    Cmdlet { name: "get-adcomputer", first: true, parameters: &["identity", "filter", "properties", "searchbase", "searchscope", "resultsetsize"] },
    Cmdlet { name: "get-adgroup", first: true, parameters: &["identity", "filter", "properties", "searchbase", "searchscope"] },
    Cmdlet { name: "get-adgroupmember", first: true, parameters: &["identity", "recursive"] },
    Cmdlet { name: "get-adorganizationalunit", first: true, parameters: &["identity", "filter", "searchbase"] },
    Cmdlet { name: "get-addomaincontroller", first: true, parameters: &["identity", "filter"] },
    Cmdlet { name: "get-addomain", first: true, parameters: &[] },
    Cmdlet { name: "get-adforest", first: true, parameters: &[] },
    Cmdlet { name: "get-timezone", first: true, parameters: &["listavailable"] },
    Cmdlet { name: "get-date", first: true, parameters: &["format", "uformat"] },
    Cmdlet { name: "get-uptime", first: true, parameters: &["since"] },
    Cmdlet { name: "where-object", first: false, parameters: &[
        "eq", "ne", "gt", "ge", "lt", "le", "like", "notlike", "match", "notmatch", "contains",
        "notcontains", "in", "notin", "ceq", "cne", "clike", "cmatch", "not",
    ] },
    Cmdlet { name: "select-object", first: false, parameters: &["property", "first", "last", "skip", "unique", "expandproperty", "excludeproperty"] },
    Cmdlet { name: "sort-object", first: false, parameters: &["property", "descending", "unique", "top", "bottom"] },
    Cmdlet { name: "format-table", first: false, parameters: &["property", "autosize", "wrap", "hidetableheaders", "groupby"] },
    Cmdlet { name: "format-list", first: false, parameters: &["property", "groupby"] },
    Cmdlet { name: "format-wide", first: false, parameters: &["property", "column", "autosize"] },
    Cmdlet { name: "measure-object", first: false, parameters: &["property", "sum", "average", "maximum", "minimum", "line", "word", "character"] },
    Cmdlet { name: "group-object", first: false, parameters: &["property", "noelement"] },
    Cmdlet { name: "convertto-json", first: false, parameters: &["depth", "compress"] },
    Cmdlet { name: "convertto-csv", first: false, parameters: &["notypeinformation", "delimiter"] },
    Cmdlet { name: "out-string", first: false, parameters: &["width", "stream"] },
];

/// CIM classes that hold no secret and act on nothing when read (not
/// `Win32_Environment`, which is the environment; `Win32_Product`, whose
/// enumeration reconfigures every MSI product; `Win32_PingStatus`, which
/// pings; review 75).
#[rustfmt::skip]
const CIM_CLASSES: &[&str] = &[
    "win32_operatingsystem", "win32_computersystem", "win32_processor", "win32_logicaldisk",
    "win32_diskdrive", "win32_volume", "win32_networkadapter", "win32_networkadapterconfiguration",
    "win32_service", "win32_bios", "win32_physicalmemory", "win32_quickfixengineering",
    "win32_pnpsigneddriver", "win32_pnpentity", "win32_videocontroller", "win32_timezone",
    "win32_pagefileusage", "win32_shadowcopy", "win32_baseboard", "win32_diskpartition",
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
    // (A process's `StartInfo.EnvironmentVariables` is the reader's own
    // environment under Windows PowerShell; review 76.)
    "startinfo",
    "environment",
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
        let Some((Token::Word(name), rest)) = stage.split_first() else {
            return false;
        };
        let name = name.to_ascii_lowercase();
        CMDLETS
            .iter()
            .find(|c| c.name == name && c.first == (at == 0))
            .is_some_and(|cmdlet| stage_arguments_read(cmdlet, rest))
    })
}

/// A stage's arguments: each parameter one of the cmdlet's, by its full
/// name (`-Name` or `-Name:value`), each value a plain word or string
/// ([`value_reads`]), a hashtable only for `Get-WinEvent
/// -FilterHashtable`, a script block only as a property test (or an AD
/// cmdlet's `-Filter`).
fn stage_arguments_read(cmdlet: &Cmdlet, args: &[Token]) -> bool {
    let mut after = String::new();
    for (at, token) in args.iter().enumerate() {
        // (A list goes on after a comma, and before one: `-Properties
        // Name, *`, `Name , info`, `'Name','info'`; reviews 76, 79.)
        let listed = |value: &str| {
            value.ends_with(',')
                || matches!(args.get(at + 1), Some(Token::Word(next)) if next.starts_with(','))
        };
        let ok = match token {
            Token::Pipe => false,
            Token::Word(w) if w.starts_with('-') && w.len() > 1 && !w.starts_with("-,") => {
                let (name, value) = w[1..].split_once(':').unwrap_or((&w[1..], ""));
                let name = name.to_ascii_lowercase();
                let known = cmdlet.parameters.contains(&name.as_str());
                // (`-Name:value` takes its value: the next word is no
                // longer the parameter's; review 76.)
                let ok = known && (value.is_empty() || value_reads(cmdlet.name, &name, value));
                after = if value.is_empty() || listed(value) {
                    name
                } else {
                    String::new()
                };
                ok
            }
            Token::Word(value) | Token::Quoted(value) => {
                let ok = value_reads(cmdlet.name, &after, value);
                if !listed(value) {
                    after.clear();
                }
                ok
            }
            Token::Table => {
                cmdlet.name == "get-winevent" && std::mem::take(&mut after) == "filterhashtable"
            }
            Token::Test { filter } => {
                let given = std::mem::take(&mut after);
                if *filter {
                    cmdlet.name.starts_with("get-ad") && given == "filter"
                } else {
                    cmdlet.name == "where-object" && given.is_empty()
                }
            }
        };
        if !ok {
            return false;
        }
    }
    true
}

/// A value given after the parameter `after` (empty: a positional one):
/// no other computer (`\\host`, a URL), no provider path (`Env:`,
/// `HKLM:`); a CIM class of [`CIM_CLASSES`]; no `*` for Active
/// Directory's properties (every attribute a reader may see).
fn value_reads(cmdlet: &str, after: &str, value: &str) -> bool {
    let lower = value.to_ascii_lowercase();
    if lower.contains("\\\\") || lower.contains("//") || lower.contains("::") {
        return false;
    }
    let cim = cmdlet == "get-ciminstance" || cmdlet == "get-wmiobject";
    if cim && (after.is_empty() || after == "classname" || after == "class") {
        return CIM_CLASSES.contains(&lower.as_str());
    }
    // (Every attribute a reader may see: `*` only as the filter that
    // matches every object; review 76. The properties asked for from a
    // list of plain ones: `msTPM-OwnerInformation` is a TPM's owner
    // password, `description` and `info` often hold one; review 77.)
    if cmdlet.starts_with("get-ad") && lower.contains('*') && after != "filter" {
        return false;
    }
    if cmdlet.starts_with("get-ad") && after == "properties" {
        return lower
            .split(',')
            .filter(|p| !p.trim().is_empty())
            .all(|p| AD_PROPERTIES.contains(&p.trim()));
    }
    // (ConvertTo-Json reads every property itself, as deep as told:
    // `Get-Process | ConvertTo-Json -Depth 3` reaches each process's
    // `StartInfo.EnvironmentVariables`, the reader's environment under
    // Windows PowerShell; review 79. At its default depth, 2, what lies
    // deeper is printed as a type name.)
    if cmdlet == "convertto-json" && after == "depth" {
        return value.parse::<u8>().is_ok_and(|depth| depth <= 2);
    }
    // (A shaping cmdlet's property names are patterns: `StartI*` is
    // `StartInfo`, the reader's environment under Windows PowerShell;
    // review 77.)
    let shaping = CMDLETS.iter().any(|c| c.name == cmdlet && !c.first);
    if shaping && lower.contains(['*', '?', '[']) {
        return false;
    }
    // (An event query's text is pasted into Get-WinEvent's XML query
    // unescaped: no markup, no entity; review 77.)
    if after == "filterxpath" && lower.contains(['<', '>', '&', '"']) {
        return false;
    }
    // (A drive or provider: `C:\`, `Env:`, `HKLM:\…`, in any element of
    // a list; only where a value may be a time, `-After '2024-05-01
    // 10:00'`, or a filter's text, is a `:` plain.)
    let text_values = [
        "after",
        "before",
        "filter",
        "filterxpath",
        "format",
        "uformat",
        "counter",
    ];
    !lower.contains(':') || text_values.contains(&after)
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
        // (Two pieces with no blank between are one argument to PowerShell:
        // `ms-Mcs-AdmP'wd'`, `\'\evil\x'`; review 76.)
        // (A comma between them makes a list: `'a','b'`.)
        let glued = i > 0 && !matches!(chars[i - 1], ' ' | '\t' | '|' | ',');
        if glued
            && !matches!(c, ' ' | '\t' | '|' | ',')
            && out.last().is_some_and(|t| *t != Token::Pipe)
        {
            return None;
        }
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

/// `name = 'literal'; name = 12` and nothing else, with `Get-WinEvent
/// -FilterHashtable`'s keys that name no file (not `Path`: an event log
/// file anywhere, on another computer too; review 75).
fn literal_table(inner: &str) -> bool {
    const KEYS: &[&str] = &["logname", "providername", "id", "level", "keywords", "data"];
    inner
        .split(';')
        .filter(|e| !e.trim().is_empty())
        .all(|entry| {
            entry.split_once('=').is_some_and(|(name, value)| {
                let name = name.trim().to_ascii_lowercase();
                let value = value.trim();
                // (Get-WinEvent pastes these into its XML query unescaped:
                // numbers where it takes numbers, no markup in names;
                // review 77.)
                let number = matches!(name.as_str(), "id" | "level" | "keywords");
                KEYS.contains(&name.as_str())
                    && literal(value)
                    && (!number || value.bytes().all(|b| b.is_ascii_digit()))
                    && !value.contains(['<', '>', '&', '"'])
            })
        })
}

/// Active Directory attributes a reader may ask for by name: names,
/// states, dates, places and memberships; nothing a directory or its
/// users fill with a secret (not `description`, `info`, `comment`, no
/// `ms-Mcs-AdmPwd`, `msLAPS-*`, `msTPM-*`, `msDS-ManagedPassword`,
/// `unicodePwd`, `userPassword`; review 77).
#[rustfmt::skip]
const AD_PROPERTIES: &[&str] = &[
    "name", "samaccountname", "userprincipalname", "displayname", "givenname", "surname", "enabled",
    "lastlogondate", "lastlogontimestamp", "whencreated", "whenchanged", "memberof", "members",
    "mail", "title", "department", "company", "manager", "distinguishedname", "objectclass",
    "objectguid", "objectsid", "sid", "lockedout", "accountexpirationdate", "accountexpires",
    "operatingsystem", "operatingsystemversion", "operatingsystemservicepack", "ipv4address",
    "ipv6address", "dnshostname", "serviceprincipalnames", "canonicalname", "cn", "created",
    "modified", "groupcategory", "groupscope", "homedirectory", "scriptpath", "logoncount",
    "badlogoncount", "lastbadpasswordattempt", "primarygroup", "office", "telephonenumber",
];

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
/// Not `/k` (the shell stays open), nor any switch but `/d`, `/q`, `/u`;
/// and `/d` must be given: without it cmd.exe first runs the registry's
/// `AutoRun` commands, a script of their own as a PowerShell profile is
/// (review 79).
pub(crate) fn cmd_command<'a>(lits: &[&'a str]) -> Option<Vec<&'a str>> {
    let at = lits.iter().position(|w| w.eq_ignore_ascii_case("/c"))?;
    let before: Vec<String> = lits[..at].iter().map(|w| w.to_ascii_lowercase()).collect();
    if !before
        .iter()
        .all(|w| matches!(w.as_str(), "/d" | "/q" | "/u"))
        || !before.iter().any(|w| w == "/d")
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
/// with reporting switches only: each word one the tool's list allows,
/// as written (a `-s` is no `/s`; review 75), a value only where a switch
/// takes one.
pub(crate) fn tool_reads(words: &[&str]) -> bool {
    let Some((first, args)) = words.split_first() else {
        return false;
    };
    let lower: Vec<String> = args.iter().map(|a| a.to_ascii_lowercase()).collect();
    let args: Vec<&str> = lower.iter().map(String::as_str).collect();
    // (No other computer, anywhere in a word: `\\server`, `-backupTarget:\\h`.)
    if args.iter().any(|a| a.contains("\\\\") || a.contains("//")) {
        return false;
    }
    let name = first.to_ascii_lowercase();
    let name = name.strip_suffix(".exe").unwrap_or(&name);
    // `/fo table|list|csv` and the words of a filter or a name.
    let format =
        |i: usize| i > 0 && args[i - 1] == "/fo" && matches!(args[i], "table" | "list" | "csv");
    let only = |allowed: &[&str]| {
        args.iter()
            .enumerate()
            .all(|(i, a)| allowed.contains(a) || format(i))
    };
    match name {
        "ver" | "hostname" => args.is_empty(),
        "vol" => args.len() <= 1 && args.iter().all(|a| drive(a)),
        "whoami" => only(&["/all", "/user", "/groups", "/priv", "/fo", "/nh"]),
        "ipconfig" => only(&["/all", "/displaydns"]),
        "systeminfo" => only(&["/fo", "/nh"]),
        "driverquery" => only(&["/v", "/si", "/fo", "/nh"]),
        "tasklist" => only(&["/v", "/svc", "/m", "/fo", "/nh"]),
        "w32tm" => {
            matches!(args.as_slice(), ["/tz"])
                || (args.first() == Some(&"/query")
                    && args.len() == 2
                    && matches!(args[1], "/status" | "/source" | "/configuration" | "/peers"))
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
                        | "enumdepend")
                )
            ) && args[1..].iter().all(|a| {
                a.chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '=' | '$'))
                    && !a.starts_with('-')
                    && !a.starts_with('/')
            })
        }
        "wevtutil" => {
            let (verb, rest) = args.split_first().map_or(("", &[][..]), |(v, r)| (*v, r));
            let switch = |a: &str| {
                ["/c:", "/rd:", "/f:", "/q:", "/e:"]
                    .iter()
                    .any(|s| a.starts_with(s))
                    || a == "/lf:false"
            };
            match verb {
                "el" | "enum-logs" | "ep" | "enum-publishers" => rest.is_empty(),
                "gl" | "get-log" | "gli" | "get-log-info" => {
                    rest.len() == 1 && !rest[0].starts_with(['/', '-'])
                }
                "qe" | "query-events" => {
                    rest.first().is_some_and(|l| !l.starts_with(['/', '-']))
                        && rest[1..].iter().all(|a| switch(a))
                }
                _ => false,
            }
        }
        "vssadmin" => {
            matches!(args.first(), Some(&"list"))
                && matches!(
                    args.get(1),
                    Some(&("shadows" | "shadowstorage" | "writers" | "providers" | "volumes"))
                )
                && args[2..]
                    .iter()
                    .all(|a| a.strip_prefix("/for=").is_some_and(drive))
        }
        "manage-bde" => {
            matches!(args.first(), Some(&"-status"))
                && args.len() <= 2
                && args[1..].iter().all(|a| drive(a))
        }
        "fsutil" => {
            matches!(
                args.as_slice(),
                ["fsinfo", "drives"]
                    | ["fsinfo", "volumeinfo" | "ntfsinfo" | "drivetype", _]
                    | ["volume", "diskfree", _]
            ) && args.iter().skip(2).all(|a| drive(a))
        }
        _ => false,
    }
}

/// A drive (`C:`, `D:\`).
fn drive(word: &str) -> bool {
    let b = word.as_bytes();
    (b.len() == 2 || (b.len() == 3 && b[2] == b'\\')) && b[0].is_ascii_alphabetic() && b[1] == b':'
}

/// A word of `powershell`'s line: a parameter the rule reads, or a
/// pipeline it proves.
fn powershell_word(word: &str) -> bool {
    powershell_parameter(word) || pipeline_reads(word)
}

/// A word of a Windows tool's line with no character cmd.exe reads as
/// more than text, no other computer (`\\server`, `/s`, `/node:`) and no
/// account (`/u`, `/p`).
fn tool_word(word: &str) -> bool {
    let lower = word.to_ascii_lowercase();
    !word.contains(['&', '|', '<', '>', '^', '%', '!', '`', '\n', '\r'])
        && !lower.starts_with("\\\\")
        && !matches!(lower.as_str(), "/s" | "/u" | "/p")
        && ![
            "/node:",
            "/r:",
            "/u:",
            "/p:",
            "/s:",
            "/computer:",
            "/server:",
        ]
        .iter()
        .any(|p| lower.starts_with(p))
}

const POWERSHELL: Spec = Spec {
    free: true,
    operands: Operands::Names {
        at_most: 16,
        test: powershell_word,
    },
    ..Spec::POSIX
};

const WINDOWS_TOOL: Spec = Spec {
    free: true,
    operands: Operands::Names {
        at_most: 32,
        test: tool_word,
    },
    ..Spec::POSIX
};

#[rustfmt::skip]
pub(super) const ENTRIES: &[Entry] = &[
    Entry {
        names: &["powershell", "powershell.exe", "pwsh", "pwsh.exe"],
        spec: &POWERSHELL,
        read_only: &[
            "powershell -NoProfile -Command \"Get-Service | Where-Object Status -eq 'Running' | Select-Object -First 30 Name,DisplayName\"",
            "powershell -NoProfile -Command 'Get-Volume | Where-Object { $_.DriveLetter } | Format-Table DriveLetter,Size'",
            "powershell -NoProfile -Command \"Get-WinEvent -FilterHashtable @{LogName='System'; ProviderName='viostor'} -MaxEvents 10\"",
            "powershell -NoProfile -Command 'Get-ADUser -Filter {Enabled -eq $false} -Properties LastLogonDate | Select-Object SamAccountName,LastLogonDate'",
            "powershell -NoProfile -NonInteractive -c \"Get-CimInstance -ClassName Win32_OperatingSystem | Select-Object Caption,Version\"",
        ],
        not: &[
            "powershell -Command Get-Service",
            "powershell -NoProfile -Command \"Get-Service; Remove-Item C:\\x\"",
            "powershell -NoProfile -Command \"Get-Process notepad | ForEach-Object Kill\"",
            "powershell -NoProfile -Command \"Get-Process | Stop-Process\"",
            "powershell -NoProfile -Command \"Get-Content C:\\Windows\\Panther\\unattend.xml\"",
            "powershell -NoProfile -Command \"Get-ChildItem Env:\"",
            "powershell -NoProfile -Command \"Get-ADUser -Filter * -Properties *\"",
            "powershell -NoProfile -Command \"Get-ADComputer dc01 -Properties ms-Mcs-AdmPwd\"",
            "powershell -NoProfile -Command \"Get-Service -ComputerName dc02\"",
            "powershell -NoProfile -Command \"Get-Service -Comp dc02\"",
            "powershell -NoProfile -Command \"Get-Service | Where-Object { Remove-Item x }\"",
            "powershell -NoProfile -Command \"Get-Service $(Remove-Item x)\"",
            "powershell -NoProfile -EncodedCommand RwBlAHQA",
            "powershell -NoProfile -Command \"Get-CimInstance SoftwareLicensingService\"",
            "powershell -NoProfile -Command \"Get-ChildItem \\\\fileserver\\share\"",
        ],
    },
    Entry {
        names: &["cmd", "cmd.exe"],
        spec: &WINDOWS_TOOL,
        read_only: &["cmd /d /c ver", "cmd /d /c \"sc query NTDS\"", "cmd /q /d /c \"vssadmin list shadowstorage\"", "cmd /D /C \"manage-bde -status C:\""],
        not: &["cmd /c ver", "cmd /q /c \"sc query NTDS\"", "cmd /d /c \"vssadmin delete shadows /all /quiet\"", "cmd /c \"sc query state= all | findstr x\"", "cmd /k ver", "cmd /c \"del /s /q D:\\x\"", "cmd /c \"manage-bde -protectors -get C:\""],
    },
    Entry {
        names: &[
            "ipconfig", "ipconfig.exe", "systeminfo", "systeminfo.exe", "tasklist", "tasklist.exe",
            "driverquery", "driverquery.exe", "w32tm", "w32tm.exe", "wevtutil", "wevtutil.exe", "sc",
            "sc.exe", "fsutil", "fsutil.exe", "vssadmin", "vssadmin.exe", "manage-bde", "manage-bde.exe",
        ],
        spec: &WINDOWS_TOOL,
        read_only: &[
            "ipconfig /all", "systeminfo /fo list", "tasklist /svc /fo table", "driverquery /v /fo csv",
            "w32tm /query /status", "wevtutil qe System /c:20 /rd:true /f:text", "sc queryex MSSQLSERVER",
            "sc query type= service state= all", "fsutil volume diskfree D:", "vssadmin list shadows /for=C:",
        ],
        not: &[
            "ipconfig /release", "wevtutil cl Security", "sc delete MSSQLSERVER", "sc stop W32Time",
            "systeminfo /s dc02", "systeminfo -s dc02", "tasklist -s dc02", "fsutil file setzerodata offset=0 length=1 x",
            "w32tm /resync", "vssadmin delete shadows /all", "wevtutil qe System /r:dc02", "sc \\\\dc02 query",
            "vssadmin resize shadowstorage /for=C: /on=C: /maxsize=320MB",
        ],
    },
];
