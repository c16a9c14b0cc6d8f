//! The rules for database clients: each arm judges one program (or family)
//! by its flags and subcommands. Part of [`super::specific`].

use super::*;

/// Judges `name args…` if it is one of this family's programs.
pub(super) fn judge(_w: &mut Walker, name: &str, args: &[Arg], _depth: usize) -> Option<Verdict> {
    let mu = |why: &str| Verdict::mutation(format!("`{name}` {why}"));
    Some(match name {
        // A line break inside a word sends a line of its own: another
        // command to the server (review 50).
        "redis-cli" | "valkey-cli" | "curl"
            if args
                .iter()
                .any(|a| a.literal().is_some_and(|w| w.contains(['\r', '\n']))) =>
        {
            mu("has a line break inside a word, which the server reads as another command")
        }
        // libpq sends the user's and database's names as written in its
        // first packet, before the server answers: a line break there is
        // a command line of its own to whatever listens on the port
        // (memcached's `flush_all`, an MTA's `RCPT TO`; review 137).
        "psql" | "pg_isready" | "pg_dump" | "pg_dumpall" | "vacuumlo" | "pg_basebackup"
            if connection_line_break(name, args) =>
        {
            Verdict::destructive(format!(
                "`{name}` has a line break in a connection word, which a service on that port reads as a command of its own"
            ))
        }
        "psql"
            if !(has_short(args, 'c', "dFhpRU")
                || has_short(args, 'l', "dFhpRU")
                || has_flag(args, "", &["command", "list", "version", "help"])) =>
        {
            mu("reads statements from its input")
        }
        "mysql" | "mariadb"
            if !(has_short(args, 'e', "DhPuS")
                || has_flag(args, "", &["execute", "version", "help"])) =>
        {
            mu("reads statements from its input")
        }
        "redis-cli" | "valkey-cli"
            if positionals(
                args,
                &[
                    "-h",
                    "-p",
                    "-n",
                    "-r",
                    "-i",
                    "-s",
                    "-a",
                    "-u",
                    "--user",
                    "--pass",
                    "--pattern",
                    "--count",
                    "--memkeys-samples",
                ],
            )
            .is_empty()
                && !args.iter().filter_map(Arg::literal).any(|a| {
                    matches!(
                        a,
                        "--scan"
                            | "--bigkeys"
                            | "--memkeys"
                            | "--hotkeys"
                            | "--latency"
                            | "--latency-history"
                            | "--latency-dist"
                            | "--stat"
                            | "--version"
                            | "--help"
                    )
                }) =>
        {
            mu("reads commands from its input")
        }
        // InfluxDB 1's shell reads statements from its input without
        // `-execute`; InfluxDB 2's CLI takes a subcommand.
        "influx"
            if !(has_flag(args, "", &["execute", "version", "help"])
                || args
                    .iter()
                    .filter_map(Arg::literal)
                    .any(|w| w.starts_with("-execute=") || w == "-execute" || w == "-version")
                // (A value is no subcommand: `influx -host 10.0.0.5` is
                // the shell; review 98.)
                || !crate::tables::operands(name, args).is_empty()) =>
        {
            mu("reads statements from its input")
        }
        // (Values hold Kubernetes' secrets: keys and counts only.)
        // (Options only before `--`: after it, `--keys-only` is a key;
        // review 60.)
        "etcdctl"
            if args.iter().any(|a| a.literal() == Some("get"))
                && (args.iter().any(|a| a.literal() == Some("--"))
                    || !args
                        .iter()
                        .any(|a| matches!(a.literal(), Some("--keys-only" | "--count-only")))) =>
        {
            mu("prints stored values, which may hold secrets (Kubernetes' among them)")
        }
        // (Every key's name, session ids among them, without a pattern
        // under a plain prefix; review 62.)
        "redis-cli" | "valkey-cli"
            if {
                let lits: Vec<String> = args
                    .iter()
                    .filter_map(Arg::literal)
                    .map(str::to_ascii_lowercase)
                    .collect();
                let has = |w: &str| {
                    lits.iter()
                        .any(|l| l == w || l.starts_with(&format!("{w}=")))
                };
                (has("--scan") && !has("--pattern"))
                    || (lits.iter().any(|l| l == "scan") && !has("match"))
                    // (The biggest, hottest and largest keys by name;
                    // review 63.)
                    || has("--bigkeys")
                    || has("--memkeys")
                    || has("--hotkeys")
            } =>
        {
            mu("lists every key's name, session ids among them")
        }
        // (ldapsearch prints every user attribute without a list, or with
        // `*`: `userPassword`'s hashes, cn=config's `olcRootPW`; a filter
        // on one is an oracle on it; blind corpus 68.)
        "ldapsearch" if !ldap_asks_plain_attributes(args) => {
            mu("asks for every attribute, or for one that holds a password, a key or a secret")
        }
        // (Its `--eval` code that only reads (tables/mongo.rs) still
        // phones home: usage telemetry to MongoDB's servers unless its
        // configuration turns it off; review 110.)
        // (`--version` and `--help` print and exit before any of it.)
        "mongosh"
            if !(args.len() == 1
                && matches!(args[0].literal(), Some("--version" | "--help" | "-h"))) =>
        {
            mu(
                "sends usage telemetry to MongoDB's servers, outside the lab, unless its \
             configuration (not seen here) turns it off",
            )
        }
        // (The legacy shell's JavaScript, however it reads: never proven
        // to only read; reviews 110, 111.)
        "mongo" => mu("runs JavaScript, which is never proven to only read"),
        "sqlite3" if !sqlite_reads(args) => mu(
            "may write its database (without `-readonly`), or runs what is not one reading \
             statement per word (a dot-command, its input)",
        ),
        _ => return None,
    })
}

/// Whether `sqlite3 …` opens its database read-only and runs one reading
/// statement per word after the file ([`crate::tables::sql_only_reads`]),
/// or only prints its version or help. A word starting with `.` is a
/// dot-command (`.shell`, `.output`); without a statement the shell
/// reads its input.
fn sqlite_reads(args: &[Arg]) -> bool {
    let Some(words) = args.iter().map(Arg::literal).collect::<Option<Vec<&str>>>() else {
        return false;
    };
    let valued = [
        "-separator",
        "--separator",
        "-newline",
        "--newline",
        "-nullvalue",
        "--nullvalue",
    ];
    // Options as sqlite3 reads them: not another option's value
    // (`-separator -readonly` opens the file to write), not after `--`.
    let (mut readonly, mut informs, mut value_next) = (false, false, false);
    for w in &words {
        match *w {
            _ if value_next => value_next = false,
            "--" => break,
            w if valued.contains(&w) => value_next = true,
            "-readonly" | "--readonly" => readonly = true,
            "-version" | "--version" | "-help" | "--help" => informs = true,
            _ => {}
        }
    }
    let operands = positionals(args, &valued);
    // Only alone: with a file named, the shell opens it (to write, and
    // creates it) before it prints its version.
    if informs && operands.is_empty() {
        return true;
    }
    let Some((file, statements)) = operands.split_first() else {
        return false;
    };
    // A `file:` URI is percent-decoded and takes parameters (`file:/var%2F
    // lib/…`, `?vfs=`): no path check reads it as the shell does.
    let uri = file
        .literal()
        .is_none_or(|f| f.to_ascii_lowercase().starts_with("file:"));
    readonly
        && !uri
        && !statements.is_empty()
        && statements.iter().all(|s| {
            s.literal().is_some_and(|sql| {
                listing_dot_command(sql)
                    || reading_pragma(sql)
                    || (!sql.trim_start().starts_with('.') && crate::tables::sql_only_reads(sql))
            })
        })
}

/// A PRAGMA that only reports, asked without a value (`PRAGMA
/// integrity_check`, `PRAGMA journal_mode`, `PRAGMA table_info(users)`):
/// on a database opened read-only, none of these changes the file, and
/// the list holds none that sets a connection's behaviour or loads code
/// (blind corpus 61). Not `wal_checkpoint`, `optimize`, `incremental_
/// vacuum`, nor any with `=`.
fn reading_pragma(text: &str) -> bool {
    const REPORTS: &[&str] = &[
        "integrity_check",
        "quick_check",
        "foreign_key_check",
        "journal_mode",
        "page_count",
        "page_size",
        "freelist_count",
        "user_version",
        "schema_version",
        "application_id",
        "encoding",
        "auto_vacuum",
        "compile_options",
        "database_list",
        "table_info",
        "table_xinfo",
        "table_list",
        "index_list",
        "index_info",
        "index_xinfo",
        "foreign_key_list",
        "collation_list",
        "function_list",
        "module_list",
        "pragma_list",
        "data_version",
        "max_page_count",
        "cache_size",
        "synchronous",
        "busy_timeout",
        "wal_autocheckpoint",
        "locking_mode",
    ];
    let lower = text
        .trim()
        .trim_end_matches(';')
        .trim()
        .to_ascii_lowercase();
    let Some(rest) = lower.strip_prefix("pragma") else {
        return false;
    };
    if !rest.starts_with(char::is_whitespace) {
        return false;
    }
    let rest = rest.trim_start();
    // An optional schema (`main.`), the name, and at most one argument in
    // parentheses that is a plain name or number.
    let (name, argument) = match rest.split_once('(') {
        Some((name, argument)) => (name.trim_end(), argument.strip_suffix(')')),
        None => (rest, Some("")),
    };
    let name = name.rsplit_once('.').map_or(name, |(schema, n)| {
        if schema
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_')
        {
            n
        } else {
            ""
        }
    });
    // (`PRAGMA name(value)` sets as `= value` does: an argument only
    // where it names a table or index, or bounds a check.)
    const NAMED: &[&str] = &[
        "integrity_check",
        "quick_check",
        "foreign_key_check",
        "table_info",
        "table_xinfo",
        "table_list",
        "index_list",
        "index_info",
        "index_xinfo",
        "foreign_key_list",
    ];
    argument.is_some_and(|a| {
        a.is_empty()
            || (NAMED.contains(&name)
                && a.trim()
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_'))
    }) && REPORTS.contains(&name)
}

/// The sqlite3 shell's dot-commands that only list the schema: `.tables`,
/// `.schema`, `.indexes`, `.databases`, `.dbinfo`, alone or with one
/// plain table name or `LIKE` pattern (`.schema users`, `.tables mon%`).
fn listing_dot_command(text: &str) -> bool {
    let words: Vec<&str> = text.split_whitespace().collect();
    let plain = |w: &str| {
        w.chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '%'))
    };
    match words.as_slice() {
        [command] | [command, _] => {
            matches!(
                *command,
                ".tables" | ".schema" | ".indexes" | ".databases" | ".dbinfo"
            ) && words.get(1).is_none_or(|w| plain(w))
                && !text.contains(['\n', ';'])
        }
        _ => false,
    }
}

/// Whether `ldapsearch …` names the attributes it prints (after its
/// filter), each one of a list of plain ones (names, memberships,
/// timestamps, the configuration's plain settings), or prints types only
/// (`-A`); and its filter tests only such attributes. An allow-list, as
/// slapd reads other names too: an object class returns every attribute
/// it allows (`@person`, `posixAccount`), `+` the operational ones
/// (ppolicy's `pwdHistory`), an OID any attribute (`2.5.4.35` is
/// `userPassword`), and settings without a mark hold credentials
/// (`olcSyncrepl`'s `credentials=`, accesslog's `reqMod`; review 64).
fn ldap_asks_plain_attributes(args: &[Arg]) -> bool {
    #[rustfmt::skip]
    const PLAIN: &[&str] = &[
        "dn", "1.1", "cn", "sn", "uid", "uidnumber", "gidnumber", "mail", "memberof", "member",
        "memberuid", "uniquemember", "displayname", "givenname", "homedirectory", "loginshell",
        "description", "objectclass", "entrydn", "entryuuid", "createtimestamp",
        "modifytimestamp", "creatorsname", "modifiersname", "namingcontexts",
        "supportedsaslmechanisms", "supportedldapversion", "supportedcontrol",
        "supportedextension", "supportedfeatures", "subschemasubentry", "vendorname",
        "vendorversion", "ou", "o", "dc", "l", "st", "c", "telephonenumber", "title", "gecos",
        "shadowexpire", "shadowlastchange", "shadowmax", "shadowmin", "shadowwarning",
        "shadowinactive", "pwdchangedtime", "pwdaccountlockedtime", "pwdfailuretime",
        "pwdpolicysubentry", "pwdreset", "pwdgraceusetime", "olcdatabase", "olcsuffix",
        "olcrootdn", "olcaccess", "olcmoduleload", "olcmodulepath", "olctlscertificatefile",
        "olctlscertificatekeyfile", "olctlscacertificatefile", "olctlscipher suite",
        "olctlsciphersuite", "olctlsprotocolmin", "olcloglevel", "olcdbdirectory", "olcdbindex",
        "olcdbmaxsize", "olcoverlay", "olcserverid", "olcmirrormode", "olcreadonly",
        "olcsizelimit", "olctimelimit", "contextcsn", "entrycsn", "structuralobjectclass",
        "hassubordinates", "numsubordinates", "krbprincipalname", "krblastsuccessfulauth",
        "krbloginfailedcount", "krblastfailedauth", "krbpasswordexpiration", "nsaccountlock",
        "ipauniqueid", "employeenumber", "employeetype", "departmentnumber", "manager",
        "seealso", "host", "labeleduri", "businesscategory", "street", "postalcode",
    ];
    let plain = |name: &str| {
        let base = name.split(';').next().unwrap_or(name).to_ascii_lowercase();
        PLAIN.contains(&base.as_str())
    };
    let Some(line) = crate::tables::reading("ldapsearch", args) else {
        return false;
    };
    let types_only = line.options.iter().any(|g| g.name == "A");
    let Some(words) = line
        .operands
        .iter()
        .map(|a| a.literal())
        .collect::<Option<Vec<&str>>>()
    else {
        return false;
    };
    let (filter, attributes) = match words.split_first() {
        // (A first operand with no `=` is an attribute: the filter is then
        // `(objectClass=*)`.)
        Some((first, rest)) if first.contains('=') => (Some(*first), rest),
        _ => (None, words.as_slice()),
    };
    // (Each test's attribute: the name before `=`, `~=`, `>=`, `<=`, `:`.)
    let filter_plain = filter.is_none_or(|f| {
        f.split(['(', ')', '&', '|', '!'])
            .filter(|test| !test.trim().is_empty())
            .all(|test| {
                let name = test.split(['=', '~', '>', '<', ':']).next().unwrap_or("");
                plain(name.trim())
            })
    });
    filter_plain && (types_only || (!attributes.is_empty() && attributes.iter().all(|a| plain(a))))
}

/// Whether a libpq client's line has a line break in a word other than
/// psql's statement (`-c TEXT`, `-cTEXT`, a cluster ending in `c`,
/// `--command`): a user, database or connection string.
fn connection_line_break(name: &str, args: &[Arg]) -> bool {
    let mut statement_next = false;
    args.iter().any(|arg| {
        let statement = std::mem::take(&mut statement_next);
        let Some(word) = arg.literal() else {
            return false;
        };
        if name == "psql" && !statement {
            if word == "--command" {
                statement_next = true;
                return false;
            }
            if word.starts_with("--command=") {
                return false;
            }
            // (psql's valued letters; `c` first of them takes the rest.)
            if let Some(cluster) = word.strip_prefix('-').filter(|c| !c.starts_with('-'))
                && let Some((at, letter)) =
                    cluster.char_indices().find(|(_, l)| "cdFhpRU".contains(*l))
                && letter == 'c'
            {
                statement_next = at + 1 == cluster.len();
                return false;
            }
        }
        // (A URI's user or database percent-decoded: `%0D%0A`.)
        let lower = word.to_ascii_lowercase();
        !statement
            && (word.contains(['\r', '\n'])
                || (lower.contains("://") && (lower.contains("%0a") || lower.contains("%0d"))))
    })
}
