//! Database clients asked only to read (PostgreSQL 15's psql and
//! pg_isready, MariaDB 10.11's mysql and mysqladmin, Redis 7's redis-cli,
//! as Debian 12 ships them). A query is proven read-only by
//! [`sql_only_reads`]: one statement that starts with a reading keyword
//! (`SELECT`, `SHOW`, `EXPLAIN` without `ANALYZE`, `TABLE`, `VALUES`,
//! `DESCRIBE`) or one of psql's listing commands (`\dt`, `\l`), holding
//! no word that writes, locks, runs or reaches the file system
//! (`INSERT`, `INTO OUTFILE`, `COPY`, `pg_terminate_backend`, `lo_export`,
//! `load_file`, `system`, `\!`, `\o`, …) and none that reads password
//! hashes (`pg_authid`, `authentication_string`); not `redis-cli config
//! get` (`requirepass`). Left out everywhere:
//! options that run statements or programs from elsewhere (`psql -f`,
//! `mysql --init-command`, `--pager`, `--defaults-file`, `redis-cli
//! --eval`, `-x`, `--pipe`), that write files (`psql -o`/`-L`, `mysql
//! --tee`, `redis-cli --rdb`), and passwords on the command line (`-a`,
//! `-pSECRET`). Where a client reaches a server (`-h`), the egress rules
//! check the host. Without a statement (`psql -d app`) a client reads its
//! input, which the rules make a change.

use super::*;

/// Words that make a statement do more than read (or read secrets).
#[rustfmt::skip]
const NOT_READING: &[&str] = &[
    "insert", "update", "delete", "merge", "upsert", "replace", "create", "alter", "drop",
    "truncate", "grant", "revoke", "copy", "into", "call", "do", "execute", "exec", "prepare",
    "deallocate", "lock", "unlock", "vacuum", "analyze", "analyse", "reindex", "cluster",
    "refresh", "listen", "notify", "set", "reset", "load", "import", "comment", "security",
    "rename", "handler", "install", "uninstall", "shutdown", "kill", "flush", "purge", "start",
    "stop", "change", "savepoint", "commit", "rollback", "begin", "outfile", "dumpfile",
    "load_file", "system", "sleep", "benchmark", "password", "authentication_string",
    "pg_authid", "pg_shadow", "rolpassword", "pg_user_mappings", "pg_user_mapping", "user_mapping_options", "password_reuse_check_history", "global_priv",
    "nextval", "setval", "set_config", "dblink", "txid_current", "for",
    // A query without an end fills the disk with its sort (`WITH
    // RECURSIVE` without a stop).
    "recursive",
    // The sqlite3 shell's functions and table-valued functions that reach
    // files or load code (`SELECT data FROM fsdir WHERE path='/etc'`).
    "readfile", "writefile", "edit", "load_extension", "fsdir", "zipfile", "sqlar",
    "sqlar_compress", "sqlar_uncompress", "fts3_tokenizer", "sqlite_dbpage", "sqlite_dbdata",
    "sqlite_dbptr", "shell_add_schema", "shell_module_schema", "shell_putsnl", "shell_escape_crnl",
];

/// Function-name prefixes with side effects (or that read server files).
#[rustfmt::skip]
const NOT_READING_PREFIXES: &[&str] = &[
    "pg_terminate", "pg_cancel", "pg_reload", "pg_rotate", "pg_switch", "pg_create", "pg_drop",
    "pg_promote", "pg_read", "pg_ls_", "pg_stat_file", "pg_file", "lo_", "dblink",
    "pg_advisory", "pg_logical", "pg_replication", "pg_backup", "pg_start_backup",
    "pg_stop_backup", "pg_wal_replay", "pg_import", "pg_stat_reset", "query_to_", "cursor_to_",
    "table_to_", "schema_to_", "database_to_", "pg_log_", "pg_current_xact",
];

/// psql's listing commands (`\d`, `\dt+`, `\l`, `\du`, `\conninfo`).
fn psql_listing(command: &str) -> bool {
    let word = command.split_whitespace().next().unwrap_or("");
    let name = word.trim_start_matches('\\').trim_end_matches('+');
    word.starts_with('\\')
        && command.matches('\\').count() == 1
        && (matches!(name, "l" | "list" | "conninfo" | "encoding")
            || (name.starts_with('d')
                && name.chars().all(|c| c.is_ascii_alphabetic())
                // Not the settings (`\dconfig` shows `primary_conninfo`,
                // `\drds` the per-role and per-database ones), nor the
                // foreign servers, user mappings and subscriptions
                // (`\des`, `\deu`, `\dRs`: their options and connection
                // strings hold passwords, twelfth review).
                // (psql dispatches by prefix: `\dconfigS`, `\drdsS`
                // are the same commands; review 123.)
                && !name.starts_with("dconfig")
                && !name.starts_with("drds")
                && !name.starts_with("de")
                && !name.starts_with("dRs")))
}

/// The server's listings of its own folders, names and sizes only
/// (`pg_ls_waldir()`; not `pg_ls_dir(PATH)`, any folder).
const FIXED_LISTINGS: &[&str] = &[
    "pg_ls_waldir",
    "pg_ls_logdir",
    "pg_ls_archive_statusdir",
    "pg_ls_tmpdir",
    "pg_ls_logicalsnapdir",
    "pg_ls_logicalmapdir",
    "pg_ls_replslotdir",
];

/// Functions a reading statement may call: the standard ones that only
/// compute or report (a user-defined function, or one outside this list,
/// could do anything: `sys_exec`, `pg_stat_statements_reset`).
#[rustfmt::skip]
const READING_FUNCTIONS: &[&str] = &[
    // SQLite's core date, type and text functions.
    "datetime", "strftime", "date", "time", "julianday", "unixepoch", "typeof", "json_extract",
    "json_array_length", "instr", "hex", "printf", "total", "iif", "unicode", "sqlite_version",
    "count", "sum", "avg", "min", "max", "round", "floor", "ceil", "ceiling", "abs", "left",
    "right", "substr", "substring", "lower", "upper", "length", "char_length", "trim", "ltrim",
    "rtrim", "concat", "concat_ws", "coalesce", "nullif", "greatest", "least", "now",
    "current_timestamp", "current_date", "current_user", "session_user", "version",
    "date_trunc", "date_part", "extract", "to_char", "to_timestamp", "age",
    "string_agg", "group_concat", "format", "cast", "ifnull", "if", "database", "schema",
    "user", "pg_size_pretty", "pg_database_size", "pg_relation_size",
    "pg_total_relation_size", "pg_table_size", "pg_indexes_size", "pg_is_in_recovery",
    "pg_postmaster_start_time", "pg_last_xact_replay_timestamp", "pg_current_wal_lsn",
    "pg_last_wal_receive_lsn", "pg_last_wal_replay_lsn", "pg_wal_lsn_diff", "pg_backend_pid",
    "inet_server_addr", "current_setting", "current_database", "has_table_privilege",
    "pg_get_userbyid", "pg_get_viewdef", "pg_get_indexdef", "obj_description",
    "from_unixtime", "unix_timestamp", "date_format", "datediff", "timestampdiff",
    "sec_to_time", "round", "format_bytes", "sys", "interval", "exists", "in", "any", "all",
    "values", "over", "filter", "row_number", "rank", "dense_rank", "lag", "lead",
    "json_build_object", "array", "unnest", "mod", "pg_blocking_pids",
    // PostgreSQL 16's array sizes and catalog formatters: they print a
    // definition or a type's name (blind corpus 144).
    "cardinality", "array_length", "array_agg", "pg_get_constraintdef", "pg_get_triggerdef",
    "format_type", "pg_typeof", "pg_column_size", "pg_tablespace_size",
    "pg_ls_waldir", "pg_ls_logdir", "pg_ls_archive_statusdir", "pg_ls_tmpdir",
    "pg_ls_logicalsnapdir", "pg_ls_logicalmapdir", "pg_ls_replslotdir",
    "power", "sqrt", "replace_", "split_part", "position", "strpos", "regexp_replace",
    "regexp_matches", "md5", "percentile_cont", "within", "case", "and", "or", "not", "on",
    "using", "from", "join", "where", "select", "as", "by", "with", "lateral",
];

/// Whether every name called like a function in `body` is a reading one.
fn calls_only_reading_functions(body: &str) -> bool {
    let bytes = body.as_bytes();
    let mut i = 0;
    while let Some(open) = body[i..].find('(').map(|p| p + i) {
        let before = body[..open].trim_end();
        let name_start = before
            .char_indices()
            .rev()
            .find(|&(_, c)| !(c.is_ascii_alphanumeric() || c == '_' || c == '.'))
            .map_or(0, |(p, c)| p + c.len_utf8());
        let name = &before[name_start..];
        // A schema-qualified call is a reading function only in the
        // system catalogs (`evil.count(1)` is the user's own `count`).
        let (schema, name) = name.rsplit_once('.').unwrap_or(("", name));
        if !matches!(schema, "" | "pg_catalog" | "information_schema") {
            return false;
        }
        if !name.is_empty() && !READING_FUNCTIONS.contains(&name) {
            return false;
        }
        i = open + 1;
        if i >= bytes.len() {
            break;
        }
    }
    true
}

/// `sql` as the server's lexer reads it, for matching: comments become
/// a space (`--` and `#` to the end of the line, `/* */` nested as
/// PostgreSQL nests them), string literals become `''`, quoted
/// identifiers (`"f"`, `` `f` ``) their bare name. `None` for what cannot
/// be read safely: MySQL's executable comments (`/*! … */` runs), an
/// unterminated quote or comment, dollar quoting, a quoted identifier
/// that is no plain name, `E'…'` escapes.
fn sql_plain(sql: &str) -> Option<String> {
    // Line ends and blanks other than `\n`, `\t` and the space end a
    // comment in one dialect and not another (PostgreSQL ends `--` at a
    // carriage return): refused.
    if sql.chars().any(|c| {
        (c.is_control() && !matches!(c, '\n' | '\t'))
            || (c.is_whitespace() && !matches!(c, ' ' | '\n' | '\t'))
    }) {
        return None;
    }
    let chars: Vec<char> = sql.chars().collect();
    let mut out = String::with_capacity(sql.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        match (c, next) {
            // A comment to the end of the line in every dialect only as
            // `-- ` (MySQL reads `1--1` as `1 - -1`); `#` is MySQL's
            // comment, PostgreSQL's XOR and SQLite's parameter: refused.
            ('-', Some('-')) if chars.get(i + 2).is_none_or(|d| d.is_whitespace()) => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
                out.push(' ');
            }
            ('-', Some('-')) | ('#', _) => return None,
            // SQLite's `[name]` quotes an identifier (a function's too:
            // `[writefile](…)`); PostgreSQL's subscripts: refused.
            ('[' | ']', _) => return None,
            // PostgreSQL's cast.
            (':', Some(':')) => {
                out.push_str("::");
                i += 2;
            }
            // SQLite's `:name` parameter is one token, quotes and all
            // (`:count('), readfile(…), :max(')`, `:$(`, `:é(`), whatever
            // follows the colon: refused.
            (':', _) => return None,
            // A letter outside ASCII is a name character to SQLite (`:é(`)
            // and to PostgreSQL; no reading statement needs one outside a
            // literal.
            (d, _) if !d.is_ascii() => return None,
            ('/', Some('*')) => {
                // MySQL's `/*!…*/`, MariaDB's `/*M!…*/` run; hints too.
                if matches!(chars.get(i + 2), Some('!' | '+' | 'M' | 'm')) {
                    return None;
                }
                // Only PostgreSQL nests comments (SQLite and MySQL end
                // at the first `*/`): a `/*` inside one is refused.
                let mut depth = 0;
                loop {
                    match (chars.get(i), chars.get(i + 1)) {
                        (Some('/'), Some('*')) if depth > 0 => return None,
                        (Some('/'), Some('*')) => {
                            depth += 1;
                            i += 2;
                        }
                        (Some('*'), Some('/')) => {
                            depth -= 1;
                            i += 2;
                            if depth == 0 {
                                break;
                            }
                        }
                        (Some(_), _) => i += 1,
                        (None, _) => return None,
                    }
                }
                out.push(' ');
            }
            ('\'', _) => {
                if out.ends_with(['e', 'E']) {
                    return None;
                }
                i += 1;
                loop {
                    match (chars.get(i), chars.get(i + 1)) {
                        (Some('\''), Some('\'')) => i += 2,
                        (Some('\''), _) => break,
                        (Some('\\'), _) => return None,
                        (Some(_), _) => i += 1,
                        (None, _) => return None,
                    }
                }
                i += 1;
                out.push_str("''");
            }
            ('"' | '`', _) => {
                let close = chars[i + 1..].iter().position(|d| *d == c)? + i + 1;
                let name: String = chars[i + 1..close].iter().collect();
                if name.is_empty() || !name.chars().all(|d| d.is_ascii_alphanumeric() || d == '_') {
                    return None;
                }
                // A keyword quoted is a name (`FROM users "where"`), which
                // the statement's reading below would take for the
                // keyword: refused.
                if SQL_STRUCTURE.contains(&name.to_ascii_lowercase().as_str()) {
                    return None;
                }
                out.push_str(&name);
                i = close + 1;
            }
            ('$', Some(d)) if d == '$' || d.is_ascii_alphabetic() || d == '_' => return None,
            _ => {
                out.push(c);
                i += 1;
            }
        }
    }
    Some(out)
}

/// The keywords that give a statement its structure for
/// [`names_a_whole_row`] (its clauses, joins and aliases).
#[rustfmt::skip]
const SQL_STRUCTURE: &[&str] = &[
    "select", "from", "join", "on", "using", "as", "where", "group", "having", "window", "order",
    "limit", "offset", "fetch", "for", "union", "intersect", "except", "returning", "inner",
    "left", "right", "full", "cross", "natural", "outer", "lateral", "with", "values", "table",
];

/// Whether every operator in `body` (literals blanked) is a built-in
/// comparison, arithmetic or concatenation one.
fn only_plain_operators(body: &str) -> bool {
    const PLAIN: &[&str] = &[
        "=", "<>", "!=", "<", ">", "<=", ">=", "+", "-", "*", "/", "%", "||", ".",
    ];
    let op_char = |c: char| "+-*/<>=~!@#%^&|`?".contains(c);
    let mut run = String::new();
    for c in body.chars().chain(std::iter::once(' ')) {
        if op_char(c) {
            run.push(c);
        } else {
            // (`@@version`: MySQL's system variable, read; its name is
            // screened as any other's.)
            let variable = run == "@@" && c.is_ascii_alphabetic();
            if !run.is_empty() && !PLAIN.contains(&run.as_str()) && run != "*" && !variable {
                return false;
            }
            run.clear();
        }
    }
    true
}

/// One token of a plain statement, for [`names_a_whole_row`].
#[derive(Debug, Clone, PartialEq)]
enum SqlToken {
    /// A name or keyword, with whether a `.` stands right before or after
    /// it (`u.name`, `public.users`) and whether `(` follows it.
    Word {
        text: String,
        qualified: bool,
        schema: bool,
        called: bool,
    },
    Open,
    Close,
    Comma,
}

fn sql_tokens(body: &str) -> Vec<SqlToken> {
    let chars: Vec<char> = body.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_ascii_alphabetic() || c == '_' {
            let start = i;
            while i < chars.len()
                && (chars[i].is_ascii_alphanumeric() || matches!(chars[i], '_' | '$'))
            {
                i += 1;
            }
            out.push(SqlToken::Word {
                text: chars[start..i].iter().collect(),
                qualified: start > 0 && chars[start - 1] == '.',
                schema: chars.get(i) == Some(&'.'),
                called: chars[i..].iter().find(|c| !c.is_whitespace()) == Some(&'('),
            });
            continue;
        }
        match c {
            '(' => out.push(SqlToken::Open),
            ')' => out.push(SqlToken::Close),
            ',' => out.push(SqlToken::Comma),
            _ => {}
        }
        i += 1;
    }
    out
}

/// Where a `FROM` clause stands at one depth of parentheses.
#[derive(Clone, Copy, PartialEq)]
enum FromState {
    Outside,
    /// Its list of tables and aliases (after `FROM`, `JOIN`, a comma).
    List,
    /// A join's condition (after `ON`, `USING`), until a comma or a join.
    Condition,
}

/// Whether a statement (plain, lower case) uses a table's name or alias
/// as a value: PostgreSQL reads it as the whole row, every column of it
/// (`SELECT u FROM users u`, `format('%s', u)`). The names are those of
/// every `FROM` list, at any depth, after commas and joins (tables, the
/// last part of `public.users`, aliases, whatever word follows `AS`); a
/// use is the same word anywhere else, not qualified (`u.name` is a
/// column) and not a CTE's definition (`WITH x AS (…)`).
fn names_a_whole_row(body: &str) -> bool {
    let tokens = sql_tokens(body);
    let mut names = std::collections::HashSet::new();
    let mut listed = std::collections::HashSet::new();
    let mut frames = vec![FromState::Outside];
    let mut after_as = false;
    for (at, token) in tokens.iter().enumerate() {
        // (A table's alias with a list of column names, `FROM oc_users
        // m(a, b, c)`, `AS x(…)`: its columns renamed by position, a
        // password's among them under any name; review 137.)
        if frames.last() == Some(&FromState::List)
            && (after_as || at.checked_sub(1).is_some_and(|b| listed.contains(&b)))
            && lists_columns(token)
        {
            return true;
        }
        let state = frames.last().copied().unwrap_or(FromState::Outside);
        let mut next = state;
        match token {
            // `FROM (users u CROSS JOIN d)`: a parenthesised join is part
            // of the list, its aliases names of the query.
            SqlToken::Open if state == FromState::List => frames.push(FromState::List),
            SqlToken::Open => frames.push(FromState::Outside),
            SqlToken::Close => {
                frames.pop();
                if frames.is_empty() {
                    frames.push(FromState::Outside);
                }
            }
            SqlToken::Comma if state == FromState::Condition => next = FromState::List,
            SqlToken::Comma => {}
            SqlToken::Word { text, schema, .. } => {
                let word = text.as_str();
                if state == FromState::List && after_as {
                    names.insert(word);
                    listed.insert(at);
                } else if word == "from" || word == "join" {
                    next = FromState::List;
                } else if matches!(word, "on" | "using") && state != FromState::Outside {
                    next = FromState::Condition;
                } else if CLAUSES.contains(&word) {
                    next = FromState::Outside;
                } else if state == FromState::List
                    && word != "as"
                    && !JOINS.contains(&word)
                    && !schema
                {
                    names.insert(word);
                    listed.insert(at);
                }
                after_as = word == "as";
            }
        }
        if !matches!(token, SqlToken::Open | SqlToken::Close)
            && let Some(top) = frames.last_mut()
        {
            *top = next;
        }
    }
    uses_a_row(&tokens, &names, &listed)
}

/// Words that end a `FROM` clause at their depth.
const CLAUSES: &[&str] = &[
    "where",
    "group",
    "having",
    "window",
    "order",
    "limit",
    "offset",
    "fetch",
    "for",
    "union",
    "intersect",
    "except",
    "returning",
    "select",
];

/// Words of a join, inside a list.
const JOINS: &[&str] = &[
    "inner", "left", "right", "full", "cross", "natural", "outer", "lateral",
];

/// Whether a word of a `FROM` list right after a table (or `AS`) opens a
/// list of column names, `FROM oc_users m(a, b, c)`, `AS x(…)`: the
/// table's columns renamed by position, a password's among them under any
/// name (review 137); not a keyword that takes parentheses.
fn lists_columns(token: &SqlToken) -> bool {
    matches!(token, SqlToken::Word { text, called: true, .. }
        if !matches!(text.as_str(), "using" | "on" | "index" | "key")
            && !CLAUSES.contains(&text.as_str())
            && !JOINS.contains(&text.as_str()))
}

/// Whether a statement's tokens use one of its `FROM` names (`names`,
/// at the token positions `listed`) as a value: the whole row.
fn uses_a_row(
    tokens: &[SqlToken],
    names: &std::collections::HashSet<&str>,
    listed: &std::collections::HashSet<usize>,
) -> bool {
    let defined = |at: usize| matches!(tokens.get(at + 1), Some(SqlToken::Word { text, called: true, .. }) if text == "as");
    // (PostgreSQL's attribute notation: `u.row_to_json` is
    // `row_to_json(u)`, a function of the whole row; review 137.)
    let of_a_row = |at: usize, text: &str| {
        WHOLE_ROW_CALLS.contains(&text)
            && matches!(at.checked_sub(1).and_then(|b| tokens.get(b)),
                Some(SqlToken::Word { text: row, schema: true, .. }) if names.contains(row.as_str()))
    };
    tokens.iter().enumerate().any(|(at, token)| match token {
        SqlToken::Word {
            text,
            qualified: true,
            ..
        } if of_a_row(at, text) => true,
        SqlToken::Word {
            text,
            qualified,
            schema,
            ..
        } => {
            !qualified
                && !schema
                && !listed.contains(&at)
                && !defined(at)
                && names.contains(text.as_str())
        }
        _ => false,
    })
}

/// PostgreSQL's functions of one value of any type, a row among them,
/// that give it back whole or as text (`row_to_json(u)`, `text(u)`,
/// `coalesce(u)`): called on a row by attribute notation (`u.to_json`).
const WHOLE_ROW_CALLS: &[&str] = &[
    "row_to_json",
    "to_json",
    "to_jsonb",
    "json_agg",
    "jsonb_agg",
    "json_agg_strict",
    "jsonb_agg_strict",
    "array_agg",
    "hstore",
    "text",
    "varchar",
    "bpchar",
    "concat",
    "format",
    "json_build_array",
    "jsonb_build_array",
    "quote_literal",
    "quote_nullable",
    "coalesce",
    "greatest",
    "least",
    // (The row's own output and send functions: as text, as bytes;
    // review 138.)
    "record_out",
    "record_send",
];

/// Whether `sql` is one statement that only reads.
pub(crate) fn sql_only_reads(sql: &str) -> bool {
    reads_in(sql, Dialect::Any)
}

/// Whether `sql`, sent to a MySQL or MariaDB server, only reads: as
/// [`sql_only_reads`], but a table's name among the selected columns is
/// a column of that name (`SELECT User, Host FROM mysql.user`), not the
/// whole row as PostgreSQL reads it (blind corpora 159, 171).
pub(crate) fn mysql_only_reads(sql: &str) -> bool {
    reads_in(sql, Dialect::MySql)
}

/// Which server a statement goes to, where their readings differ.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Dialect {
    /// PostgreSQL's or any other: the strictest reading.
    Any,
    MySql,
}

fn reads_in(sql: &str, dialect: Dialect) -> bool {
    let trimmed = sql.trim();
    if psql_listing(trimmed) {
        return true;
    }
    // Comments out, literals blanked, quoted identifiers unquoted, before
    // anything is matched (`SELECT f/**/()`, `SELECT "f"()`).
    let Some(plain) = sql_plain(trimmed) else {
        return false;
    };
    let lower = plain.to_ascii_lowercase();
    // mysql's `\G` ends a statement (vertical output).
    let body = lower
        .trim_end_matches(|c: char| c == ';' || c.is_whitespace())
        .trim_end_matches("\\g")
        .trim_end_matches(|c: char| c == ';' || c.is_whitespace());
    if body.is_empty() || body.contains('\\') {
        return false;
    }
    // Several statements in one string (`mysql -e "SHOW …; SHOW …"`,
    // psql's `-c` sends them as one query): each one reads. Literals are
    // blanked, so each `;` left ends a statement.
    let statements: Vec<&str> = body.split(';').map(str::trim).collect();
    // (Inside a transaction that only opens and ends: `BEGIN READ ONLY;
    // SELECT …; COMMIT`; blind corpus 45.)
    let inner = match statements.as_slice() {
        [first, inner @ .., last] if opens_transaction(first) && ends_transaction(last) => inner,
        all => all,
    };
    statements.len() <= MAX_STATEMENTS
        && !inner.is_empty()
        && inner
            .iter()
            .all(|s| !s.is_empty() && statement_reads(s, trimmed, dialect))
}

/// `BEGIN`, `START TRANSACTION`, with `READ ONLY` or an isolation level.
fn opens_transaction(statement: &str) -> bool {
    let mut words = statement.split_whitespace();
    matches!(words.next(), Some("begin" | "start"))
        && words.all(|w| {
            matches!(
                w.trim_end_matches(','),
                "transaction"
                    | "work"
                    | "read"
                    | "only"
                    | "isolation"
                    | "level"
                    | "repeatable"
                    | "serializable"
                    | "committed"
                    | "deferrable"
                    | "not"
            )
        })
}

/// `COMMIT`, `ROLLBACK`, `END`, `ABORT` (with `WORK` or `TRANSACTION`).
fn ends_transaction(statement: &str) -> bool {
    let mut words = statement.split_whitespace();
    matches!(words.next(), Some("commit" | "rollback" | "end" | "abort"))
        && words.all(|w| matches!(w, "work" | "transaction"))
}

/// More statements than this in one string are not read one by one.
const MAX_STATEMENTS: usize = 8;

/// Whether one statement (plain, lower case, no `;`) only reads; `raw`
/// is the text it came from, for the settings it names.
fn statement_reads(body: &str, raw: &str, dialect: Dialect) -> bool {
    // (`EXPLAIN ANALYZE` runs what it explains and shows the plan, no
    // row: the statement explained is judged as one that runs.)
    let (explains, body) = match explained(body) {
        Some(inner) => (true, inner),
        None => (false, body),
    };
    let uncast = without_builtin_casts(body);
    let body = uncast.as_str();
    if dialect == Dialect::Any && names_a_whole_row(body) {
        return false;
    }
    let tokens: Vec<&str> = body
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|t| !t.is_empty())
        .collect();
    // Statements' own text, their values with it: `SHOW BINLOG EVENTS`,
    // `SHOW RELAYLOG 'conn' EVENTS` (review 61), in any spacing or with a
    // comment between (review 62), and the logs kept as tables (the
    // general and slow logs, performance_schema's statement history).
    let statement_text = (tokens.iter().any(|t| matches!(*t, "binlog" | "relaylog"))
        && tokens.contains(&"events"))
        || tokens.iter().any(|t| {
            matches!(
                *t,
                "general_log"
                    | "slow_log"
                    | "events_statements_history"
                    | "events_statements_history_long"
                    | "events_statements_current"
            )
        })
        // (PostgreSQL's statement statistics keep utility statements'
        // text whole, `ALTER ROLE … PASSWORD '…'`: their `query` column;
        // review 63.)
        || (tokens
            .iter()
            .any(|t| matches!(*t, "pg_stat_statements" | "pg_stat_monitor"))
            && tokens.iter().any(|t| t.contains("query")));
    if statement_text {
        return false;
    }
    // MySQL's `SHOW CREATE TABLE|VIEW|DATABASE [db.]name`: the DDL, no
    // row (not `SHOW CREATE USER`, which prints the password hash; blind
    // corpus 61).
    if let [
        "show",
        "create",
        // (Not `TABLE`: a FEDERATED, CONNECT or Spider table's DDL holds
        // its connection's password; review 60.)
        "view" | "database" | "schema" | "sequence",
        name @ ..,
    ] = tokens.as_slice()
        && (1..=2).contains(&name.len())
        && !body.contains(['(', '*'])
    {
        return true;
    }
    let starts = matches!(
        tokens.first().copied(),
        // (`WITH` leads a query as well as a change; a change holds
        // one of the words refused below: `WITH x AS (…) DELETE …`.)
        // (Not `TABLE t`: every column of a table.)
        Some("select" | "show" | "explain" | "values" | "describe" | "desc" | "with")
    ) && (!explains
        || matches!(tokens.first().copied(), Some("select" | "values" | "with")));
    // Tables that hold password hashes or replication credentials in
    // every row. (`mysql.user` keeps its hashes in its own columns,
    // `authentication_string` and `Password`, screened below: `SELECT
    // User, Host FROM mysql.user` only lists the accounts.)
    let credentials = tokens.windows(2).any(|p| {
        p[0] == "mysql" && matches!(p[1], "global_priv" | "slave_master_info" | "servers")
    }) || tokens.contains(&"pg_subscription")
        // (`SHOW TABLE STATUS`: each table's comment, where a Spider
        // table keeps its connection's password; review 137.)
        || (tokens.first() == Some(&"show") && tokens.windows(2).any(|p| p == ["table", "status"]))
        || tokens.contains(&"grants")
        || tokens.contains(&"global_priv")
        || settings_with_credentials(raw, &tokens)
        || application_secrets(&tokens);
    // Applications' credentials: a column or table named for them, or
    // every column of any table (Uptime Kuma's `user` holds hashes and
    // TOTP seeds, its `notification` bot tokens in `config`).
    // (`SELECT name, setting FROM pg_settings WHERE name IN (…)`: the
    // `setting` column of plain settings.)
    let credential_name = !settings_by_plain_names(raw)
        && tokens.iter().any(|t| {
            [
            "pass",
            "secret",
            "token",
            "totp",
            "twofa",
            "twofactor",
            "apikey",
            "api_key",
            "credential",
            "privkey",
            "private_key",
            "salt",
            "hash",
            "otp_",
            "mfa",
            "passphrase",
            "psk",
            "pwd",
            "encryption",
            "cfg",
            "connection_string",
            "header",
            "jwt",
            "cookie",
            "bearer",
            "oauth",
            "ldap",
            "smtp",
            "webhook",
            "appconfig",
            // Session keys, signing and private keys, seeds, recovery
            // codes, activation keys (thirty-second review).
            "_key",
            "sessions",
            "session_id",
            "session_data",
            "_session",
            "seed",
            "signing",
            "private",
            "activation",
            "component_config",
            "authentication",
            // (A connection's string with its password, keys glued to
            // their word, MySQL 8's second password hash; review 137.)
            "dsn",
            "database_url",
            "database_uri",
            "conn_str",
            "connstr",
            "jdbc",
            "redis_url",
            "mongo_url",
            "amqp_url",
            "backup_code",
            "accesskey",
            "masterkey",
            "enckey",
            "hmackey",
            "user_attributes",
            // (A Spider or CONNECT table's connection, in its comment.)
            "table_comment",
        ]
        .iter()
        .any(|c| t.contains(c))
            || (matches!(*t, "key" | "keys" | "sid" | "session") || t.ends_with("sessions"))
                && *t != "session_user"
            // Short and unusual names of the same (thirty-third review):
            // `pw`, `cred`, `auth`, Rails' `reset_digest`, `otp`, `pin`,
            // a wallet's `mnemonic`, `pem`, `key_data`.
            || ["cred", "digest", "mnemonic", "secure_json"].iter().any(|c| t.contains(c))
            || ["pw", "auth", "otp", "pin", "pem"].iter().any(|w| {
                t == w
                    || t.starts_with(&format!("{w}_"))
                    || t.ends_with(&format!("_{w}"))
            })
            || t.starts_with("key_")
            // Recovery codes, not the server's recovery state
            // (`pg_is_in_recovery()`).
            || t.starts_with("recovery")
            || t.contains("_recovery_")
            // Settings blobs and tables, whatever they hold (a
            // notification's `config`, Sonarr's `Settings`, a `setting`
            // table's `jwtSecret` row).
            || matches!(
                *t,
                "config" | "configuration" | "settings" | "setting" | "options" | "payload"
            )
        });
    // Any `*` but `count(*)`: every column, however spelled (`SELECT ALL
    // *`, `DISTINCTROW *`, `t.*`); an application's tables hold tokens in
    // columns of any name (a notification's `config`, a monitor's
    // `basic_auth_pass`).
    // (`TABLE t` is `SELECT * FROM t`, a union's branch or a subquery's
    // too: `SELECT 1,2 UNION TABLE users`; review 48.)
    let every_column = {
        selects_every_column(body)
            || (tokens.contains(&"table")
                && !matches!(tokens.first().copied(), Some("show" | "describe" | "desc")))
    };
    let credentials =
        credentials || credential_name || (every_column && !explains && !statistics_view(body));
    // A cast to a type or an operator calls the type's or operator's
    // function (`CAST(x AS t)`, `x::t`, `1 +++ 1`): only the built-in
    // comparison and arithmetic operators are read.
    let casts = body.contains("::")
        || tokens
            .iter()
            .any(|t| matches!(*t, "cast" | "convert" | "treat"));
    starts
        && !credentials
        && !casts
        && only_plain_operators(body)
        && calls_only_reading_functions(body)
        && !tokens.iter().any(|t| {
            NOT_READING.contains(t)
                || (NOT_READING_PREFIXES.iter().any(|p| t.starts_with(p))
                    && called(body, t)
                    && !FIXED_LISTINGS.contains(t))
        })
}

/// Whether a `*` of `body` stands for every column: where a column or a
/// table's `.` may stand (first, after `SELECT`, `ALL`, `DISTINCT`,
/// `DISTINCTROW`, `,`, `(` or `.`), not `count(*)`; a `*` after an
/// operand is a product (`blks_hit * 100.0`; blind corpus 45).
fn selects_every_column(body: &str) -> bool {
    let squeezed = body.replace("count(*)", "count()");
    squeezed.match_indices('*').any(|(at, _)| {
        let before = squeezed[..at].trim_end();
        let after = squeezed[at + 1..].trim_start();
        let word = before
            .rsplit(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .next()
            .unwrap_or("");
        let next = after
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .next()
            .unwrap_or("");
        // A product stands between two operands: a name, a number or a
        // closed group before it, no keyword (`DISTINCT ON (id) *`,
        // `SQL_NO_CACHE *`, `STRAIGHT_JOIN *`; review 54), and one after
        // it that is no `FROM`.
        let operand_before = before
            .ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_' || c == ')')
            && !matches!(
                word,
                "select"
                    | "all"
                    | "distinct"
                    | "distinctrow"
                    | "straight_join"
                    | "high_priority"
                    | "on"
                    | "top"
            )
            && !word.starts_with("sql_");
        let operand_after = after
            .starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_' || c == '(')
            && next != "from";
        !(operand_before && operand_after)
    })
}

/// The statement an `EXPLAIN` explains, past its options: PostgreSQL's
/// list (`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) …`) or the words before
/// it (`EXPLAIN ANALYZE VERBOSE …`). `None` for no `EXPLAIN`, or an
/// option not known (PostgreSQL 17's list).
fn explained(body: &str) -> Option<&str> {
    const OPTIONS: &[&str] = &[
        "analyze",
        "analyse",
        "verbose",
        "costs",
        "settings",
        "generic_plan",
        "buffers",
        "serialize",
        "wal",
        "timing",
        "summary",
        "memory",
        "format",
        "text",
        "xml",
        "json",
        "yaml",
        "none",
        "binary",
        "true",
        "false",
        "on",
        "off",
        "1",
        "0",
    ];
    let mut rest = body.strip_prefix("explain")?;
    if !rest.starts_with([' ', '\n', '\t', '(']) {
        return None;
    }
    rest = rest.trim_start();
    if let Some(list) = rest.strip_prefix('(') {
        let (options, after) = list.split_once(')')?;
        let known = options
            .split([',', ' ', '\n', '\t'])
            .filter(|w| !w.is_empty())
            .all(|w| OPTIONS.contains(&w));
        return known.then(|| after.trim_start());
    }
    loop {
        match rest.split_once(char::is_whitespace) {
            Some(("analyze" | "analyse" | "verbose", after)) => {
                rest = after.trim_start();
            }
            _ => return Some(rest),
        }
    }
}

/// `body` without its casts to built-in types (`x::numeric`,
/// `'t'::regclass`, `x::numeric(10,2)`): the type's own input function
/// computes, as the reading functions do. A cast to any other type (a
/// user's, whose functions may do anything) stays.
fn without_builtin_casts(body: &str) -> String {
    const TYPES: &[&str] = &[
        "smallint",
        "int",
        "int2",
        "int4",
        "int8",
        "integer",
        "bigint",
        "numeric",
        "decimal",
        "real",
        "float",
        "float4",
        "float8",
        "text",
        "varchar",
        "char",
        "bpchar",
        "name",
        "bool",
        "boolean",
        "date",
        "time",
        "timestamp",
        "timestamptz",
        "interval",
        "json",
        "jsonb",
        "uuid",
        "inet",
        "cidr",
        "oid",
        "regclass",
        "regtype",
        "regnamespace",
        "regrole",
    ];
    let mut out = String::with_capacity(body.len());
    let mut rest = body;
    while let Some(at) = rest.find("::") {
        out.push_str(&rest[..at]);
        let after = rest[at + 2..].trim_start();
        let end = after
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(after.len());
        if !TYPES.contains(&&after[..end]) {
            out.push_str("::");
            rest = &rest[at + 2..];
            continue;
        }
        let mut tail = &after[end..];
        // A type modifier: `(10,2)`.
        if let Some(inside) = tail.strip_prefix('(')
            && let Some((modifier, past)) = inside.split_once(')')
            && modifier
                .chars()
                .all(|c| c.is_ascii_digit() || c == ',' || c == ' ')
        {
            tail = past;
        }
        rest = tail;
    }
    out.push_str(rest);
    out
}

/// Tables whose rows are credentials whatever their columns are called
/// (thirty-third review): PowerDNS's DNSSEC keys, Zabbix's secret macros,
/// Nextcloud's preferences (password-reset tokens) and app tokens,
/// Airflow's connections and variables. (The statements other sessions
/// run, `pg_stat_activity.query` and the process list, stay read-only,
/// as `ps` does with command lines: a password in one is the writer's
/// slip, and every corpus an operator wrote reads them to diagnose.)
fn application_secrets(tokens: &[&str]) -> bool {
    let has = |t: &str| tokens.contains(&t);
    // (Nextcloud's tables by any prefix, `oc_` or the installer's own;
    // Guacamole's saved connection passwords, Zabbix's webhook and web
    // scenario secrets, Nginx Proxy Manager's DNS credentials, WordPress's
    // plugin settings; thirty-fourth review.)
    tokens.iter().any(|t| {
        t.ends_with("_preferences")
            || t.ends_with("_authtoken")
            || t.ends_with("_options")
            || t.starts_with("guacamole_")
    }) || (has("media_type_param") || has("httptest_field"))
        || (has("certificate") && has("meta"))
        || [
            "cryptokeys",
            "globalmacro",
            "hostmacro",
            "oc_preferences",
            "oc_authtoken",
        ]
        .iter()
        .any(|t| has(t))
        || (has("connection") && (has("extra") || has("password")))
        || (has("variable") && has("val"))
        || integration_settings(tokens)
}

/// Tables and columns where applications keep the settings of what they
/// connect to, keys and passwords among them (review 123): settings
/// tables by their ending (`oc_external_config`, `oc_appconfig`,
/// Keycloak's `identity_provider_config`), integrations, bridges,
/// transports and channels (LibreNMS's, Nextcloud Talk's, Miniflux's,
/// Healthchecks'), data sources (NetBox), SNMP communities (LibreNMS,
/// Zabbix), API codes (phpIPAM), jobs' arguments (Nextcloud's federation
/// secrets).
fn integration_settings(tokens: &[&str]) -> bool {
    tokens.iter().any(|t| {
        t.ends_with("_config")
            || t.ends_with("appconfig")
            || t.ends_with("integrations")
            || t.ends_with("_bridges")
            || t.ends_with("_transports")
            || t.ends_with("transport_config")
            || t.ends_with("_channel")
            || t.ends_with("datasource")
            || t.contains("community")
            || *t == "app_code"
            || (t.contains("apprise") && t.ends_with("_url"))
    }) || (tokens.contains(&"argument") && tokens.iter().any(|t| t.ends_with("jobs")))
}

/// `SELECT * FROM VIEW` of PostgreSQL's statistics views whose columns
/// are counters, times, names and states (`pg_stat_archiver`,
/// `pg_stat_database`, `pg_stat_user_tables`…). Not `pg_stat_activity`
/// nor `pg_stat_statements` (query texts, a password among them).
fn statistics_view(body: &str) -> bool {
    const VIEWS: &[&str] = &[
        "pg_stat_archiver",
        "pg_stat_bgwriter",
        "pg_stat_checkpointer",
        "pg_stat_database",
        "pg_stat_database_conflicts",
        "pg_stat_wal",
        "pg_stat_io",
        "pg_stat_user_tables",
        "pg_stat_all_tables",
        "pg_stat_sys_tables",
        "pg_stat_user_indexes",
        "pg_stat_all_indexes",
        "pg_statio_user_tables",
        "pg_statio_all_tables",
        "pg_statio_user_indexes",
        "pg_stat_replication",
        "pg_stat_replication_slots",
        "pg_stat_wal_receiver",
        "pg_stat_progress_vacuum",
        "pg_stat_progress_analyze",
        "pg_stat_progress_create_index",
        "pg_stat_progress_basebackup",
        "pg_replication_slots",
        "pg_locks",
        // MariaDB's and MySQL's: the process list (what `SHOW FULL
        // PROCESSLIST` shows), InnoDB's state, and the sys schema's
        // summaries (statements as digests, their literals taken out).
        "information_schema.processlist",
        "information_schema.innodb_trx",
        "information_schema.innodb_metrics",
        "information_schema.innodb_buffer_pool_stats",
        "sys.processlist",
        "sys.session",
        "sys.statement_analysis",
        "sys.statements_with_runtimes_in_95th_percentile",
        "sys.statements_with_full_table_scans",
        "sys.statements_with_temp_tables",
        "sys.statements_with_sorting",
        "sys.statements_with_errors_or_warnings",
        "sys.schema_table_statistics",
        "sys.schema_index_statistics",
        "sys.schema_unused_indexes",
        "sys.schema_redundant_indexes",
        "sys.schema_table_lock_waits",
        "sys.innodb_lock_waits",
        "sys.innodb_buffer_stats_by_schema",
        "sys.innodb_buffer_stats_by_table",
        "sys.host_summary",
        "sys.user_summary",
        "sys.io_global_by_file_by_bytes",
        "sys.io_global_by_wait_by_latency",
        "sys.memory_global_by_current_bytes",
        "sys.memory_global_total",
        "sys.wait_classes_global_by_latency",
        "sys.metrics",
    ];
    let words: Vec<&str> = body.split_whitespace().collect();
    // (Filtered, ordered or cut: `WHERE command <> 'Sleep' ORDER BY time
    // DESC LIMIT 10`; the clauses are judged with the statement.)
    match words.as_slice() {
        ["select", "*", "from", view, tail @ ..] => {
            let view = view.strip_prefix("pg_catalog.").unwrap_or(view);
            // (No other query inside: `WHERE x IN (SELECT * FROM users)`,
            // `WHERE 1=0 UNION TABLE users`; review 48.)
            const QUERIES: &[&str] = &[
                "select",
                "union",
                "intersect",
                "except",
                "minus",
                "table",
                "values",
                "from",
                "join",
                "into",
                "for",
                "lock",
                "procedure",
                "with",
            ];
            let joined = tail.join(" ");
            VIEWS.contains(&view)
                && (joined.is_empty()
                    || ["where ", "order ", "limit "]
                        .iter()
                        .any(|c| joined.starts_with(c)))
                && !joined.contains(['*', '(', ','])
                && !tail.iter().any(|w| QUERIES.contains(w))
        }
        _ => false,
    }
}

/// `SELECT COLUMNS FROM pg_settings WHERE name IN ('a', 'b')` (or `name =
/// 'a'`): the rows of settings named as literals, none a connection's,
/// a command's or an extension's (`app.jwt_secret`), nothing else read.
fn settings_by_plain_names(sql: &str) -> bool {
    let lower = sql.trim().trim_end_matches(';').trim().to_ascii_lowercase();
    let Some(rest) = lower.strip_prefix("select") else {
        return false;
    };
    let Some((columns, rest)) = rest.split_once(" from ") else {
        return false;
    };
    let plain_columns = columns
        .chars()
        .all(|c| c.is_ascii_lowercase() || matches!(c, '_' | ',' | ' '));
    let rest = rest.trim_start();
    let rest = rest.strip_prefix("pg_catalog.").unwrap_or(rest);
    let Some(condition) = rest
        .strip_prefix("pg_settings")
        .and_then(|r| r.trim_start().strip_prefix("where"))
        .and_then(|r| r.trim_start().strip_prefix("name"))
        .map(str::trim_start)
    else {
        return false;
    };
    let list = match condition.strip_prefix('=') {
        Some(one) => one.trim(),
        None => match condition
            .strip_prefix("in")
            .map(str::trim_start)
            .and_then(|r| r.strip_prefix('('))
            .and_then(|r| r.strip_suffix(')'))
        {
            Some(list) => list,
            None => return false,
        },
    };
    let plain_name = |item: &str| {
        let Some(name) = item
            .trim()
            .strip_prefix('\'')
            .and_then(|n| n.strip_suffix('\''))
        else {
            return false;
        };
        !name.is_empty()
            && name
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
            && ![
                "conninfo",
                "passphrase",
                "command",
                "password",
                "secret",
                "key",
                "token",
                "ssl",
            ]
            .iter()
            .any(|w| name.contains(w))
    };
    plain_columns && list.split(',').all(plain_name)
}

/// Whether `name` is called somewhere in `body` (followed by `(`): the
/// prefixes of functions that act (`pg_replication_slot_advance(…)`) also
/// begin views that only show (`pg_replication_slots`), and a name not
/// called runs nothing.
fn called(body: &str, name: &str) -> bool {
    body.match_indices(name)
        .any(|(at, _)| body[at + name.len()..].trim_start().starts_with('('))
}

/// Whether a statement reads server settings or statistics that hold
/// credentials: `primary_conninfo` (the replication password, shown to a
/// superuser) by `SHOW ALL`, `SHOW primary_conninfo`, `pg_settings`,
/// `pg_file_settings` or `current_setting(…)`; sampled column values
/// (`pg_statistic`, `pg_stats`: a users table's password hashes).
/// `current_setting` reads only when its one argument is a literal that
/// names no connection setting (`current_setting('primary_' || 'conninfo')`
/// builds the name at run time). `sql` is the raw statement.
fn settings_with_credentials(sql: &str, tokens: &[&str]) -> bool {
    if settings_by_plain_names(sql) {
        return false;
    }
    const VIEWS: &[&str] = &[
        "pg_settings",
        "pg_file_settings",
        "pg_statistic",
        "pg_statistic_ext_data",
        "pg_stats",
        "pg_stats_ext",
        "pg_stats_ext_exprs",
        "primary_conninfo",
        "ssl_passphrase_command",
        "pg_db_role_setting",
        "pg_show_all_settings",
        "srvoptions",
        "umoptions",
        "archive_command",
        "restore_command",
        "archive_cleanup_command",
        "recovery_end_command",
    ];
    if tokens == ["show", "all"] || tokens.iter().any(|t| VIEWS.contains(t)) {
        return true;
    }
    // (`SHOW app.dsn`: an extension's or application's own setting, any
    // name with a dot, may hold a credential, as for `current_setting`;
    // review 137.)
    if tokens.len() == 3 && tokens[0] == "show" && sql.contains('.') {
        return true;
    }
    if !tokens.contains(&"current_setting") {
        return false;
    }
    let lower = sql.to_ascii_lowercase();
    // A connection setting, or an extension's or app's own (`app.jwt_secret`,
    // any name with a dot), may hold a credential.
    if [
        "conninfo",
        "passphrase",
        "secret",
        "password",
        "token",
        "key",
        // (`archive_command` and its kin: the archive's transfer login;
        // review 137.)
        "command",
        ".",
    ]
    .iter()
    .any(|w| lower.contains(w))
    {
        return true;
    }
    // Each call's argument: one literal, then `)` or `, missing_ok`.
    lower.match_indices("current_setting").any(|(at, _)| {
        let rest = lower[at + "current_setting".len()..].trim_start();
        let Some(rest) = rest.strip_prefix('(') else {
            return true;
        };
        let Some(rest) = rest.trim_start().strip_prefix('\'') else {
            return true;
        };
        let Some(end) = rest.find('\'') else {
            return true;
        };
        !rest[end + 1..].trim_start().starts_with([')', ','])
    })
}

/// psql(1), PostgreSQL 15: with `-c` holding a reading statement, or `-l`.
const PSQL: Spec = Spec {
    flags: "AabeEHlnqStwxX",
    valued: "cdFhpRU",
    long: &[
        "no-align",
        "echo-all",
        "echo-errors",
        "echo-queries",
        "echo-hidden",
        "html",
        "list",
        "no-readline",
        "quiet",
        "single-line",
        "tuples-only",
        "no-password",
        "expanded",
        "no-psqlrc",
        "csv",
        "version",
        "help",
    ],
    long_valued: &[
        "command",
        "dbname",
        "field-separator",
        "host",
        "port",
        "record-separator",
        "username",
    ],
    checked: &[("c", sql_only_reads), ("command", sql_only_reads)],
    operands: Operands::AtMost(2),
    ..Spec::GNU
};

/// pg_isready(1), PostgreSQL 15: whether a server accepts connections.
const PG_ISREADY: Spec = Spec {
    flags: "qV",
    valued: "dhptU",
    long: &["quiet", "version", "help"],
    long_valued: &["dbname", "host", "port", "timeout", "username"],
    operands: Operands::None,
    ..Spec::GNU
};

/// vacuumlo(1), PostgreSQL 16, as its dry run reads it: `-n` only lists
/// the large objects it would remove (the rules make any other run
/// destructive); the host is checked as psql's is.
const VACUUMLO: Spec = Spec {
    flags: "nvwW",
    valued: "hlpU",
    long: &[
        "dry-run",
        "verbose",
        "no-password",
        "password",
        "help",
        "version",
    ],
    long_valued: &["host", "limit", "port", "username"],
    required: &["n", "dry-run"],
    // (Database names; not a connection string, `service=prod` or
    // `postgresql://…`, which can name any host; review 108.)
    operands: Operands::Names {
        at_most: 8,
        test: |w| !w.contains(['=', '/', ':', '@']),
    },
    ..Spec::GNU
};

/// mysql(1), MariaDB 10.11: with `-e` holding a reading statement.
const MYSQL: Spec = Spec {
    flags: "BENrstvX",
    valued: "eDhPuS",
    long: &[
        "batch",
        "vertical",
        "skip-column-names",
        "column-names",
        "raw",
        "silent",
        "table",
        "verbose",
        "xml",
        "html",
        "version",
        "help",
    ],
    long_valued: &[
        "execute", "database", "host", "port", "user", "socket", "protocol",
    ],
    checked: &[("e", mysql_only_reads), ("execute", mysql_only_reads)],
    operands: Operands::AtMost(1),
    ..Spec::GNU
};

/// (my_getopt's `handle_options` reads options wherever they stand:
/// `mysqladmin extended-status --relative --sleep=5 --count=3`; blind
/// corpus 61.)
const MYSQLADMIN_VERB: Spec = Spec {
    operands: Operands::None,
    ..MYSQLADMIN_OPTIONS
};

const MYSQLADMIN_OPTIONS: Spec = Spec {
    flags: "rsv",
    valued: "hPuSic",
    long: &["relative", "silent", "verbose", "version", "help"],
    long_valued: &["host", "port", "user", "socket", "sleep", "count"],
    ..Spec::GNU
};

/// mysqladmin(1), MariaDB 10.11: the status commands; not `shutdown`,
/// `kill`, `flush-*`, `drop`, `create`, `password`, `reload`.
const MYSQLADMIN: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "status|processlist|version|variables|extended-status|ping",
            spec: Some(&MYSQLADMIN_VERB),
        }],
        bare_ok: false,
    },
    ..MYSQLADMIN_OPTIONS
};

/// Keys, patterns and counts after a reading redis command.
const REDIS_ARGS: Spec = Spec::FREE;

const REDIS_VALUES: Spec = Spec {
    operands: Operands::Names {
        at_most: 32,
        test: redis_plain_key,
    },
    ..Spec::FREE
};

/// A key, field, range or count whose name holds no mark of a credential
/// (`password`, `api_key`, `token`, a session's id, an auth store's
/// `authelia:user:admin`), without regard to case: a key-value store's
/// names are its columns.
fn redis_plain_key(word: &str) -> bool {
    let lower = word.to_ascii_lowercase();
    // (Review 61: a part of the name that is a credential's word alone,
    // `wifi:key`, `app:config pw`, `oidc:refresh:…`, `stripe:sk_live`.)
    // (Review 62: a session's or a form's id, a ticket, a PIN, a second
    // factor, any part ending in `key`: `masterkey`, `signingkey`.)
    if lower
        .split([':', '_', '-', '.', '/', '*', '?', '[', ']'])
        .any(|part| {
            matches!(
                part,
                "pw" | "refresh"
                    | "sk"
                    | "pk"
                    | "reset"
                    | "sid"
                    | "pin"
                    | "2fa"
                    | "csrf"
                    | "xsrf"
                    | "nonce"
                    | "ticket"
                    | "tickets"
                    | "hmac"
                    | "pswd"
                    | "codes"
                    | "code"
                    | "sas"
            ) || part.ends_with("key")
                || (part.starts_with("pw") && part[2..].bytes().all(|b| b.is_ascii_digit()))
                || part.ends_with("keys")
                || part.ends_with("pw")
        })
    {
        return false;
    }
    ![
        "pass",
        "pwd",
        "auth",
        "secret",
        "token",
        "sess",
        "cred",
        "apikey",
        "api_key",
        "_key",
        "key_",
        "private",
        "otp",
        "url",
        "uri",
        "dsn",
        "conn",
        "privkey",
        "psk",
        "mfa",
        "webhook",
        "ldap",
        "smtp",
        "digest",
        "pem",
        "sign",
        "bind",
        "wallet",
        "mnemonic",
        "jwt",
        "cookie",
        "bearer",
        "oauth",
        "hash",
        "salt",
        "seed",
        "cert",
        "login",
        "user",
        "ticket",
        "csrf",
        "recovery",
        "backupcode",
        "pincode",
        "pepper",
        "pword",
        "shadow",
        "magic",
        "encrypt",
        "unseal",
        "invite",
        "verif",
        "vault",
        "phpredis",
    ]
    .iter()
    .any(|mark| lower.contains(mark))
}

/// A key pattern (`KEYS`, `SCAN … MATCH`, `--pattern`) that only
/// matches names under a namespace of whole `:`-segments, each plain and
/// none a framework's session namespace (`cache:*`, `queue:jobs:*`): a
/// pattern's glob can spell any name (`[s]ess:*`, `s?ss:*`, `*ess:*`,
/// `laravel*`: session ids; reviews 62, 63), and all of them (`*`) lists
/// every session's.
fn redis_key_pattern(word: &str) -> bool {
    // (Frameworks' session and ticket namespaces, whose keys are ids:
    // Rack, Spring, Django (`:1:`), Laravel, Symfony, CodeIgniter, SCS,
    // Koa, CAS, Express's connect-redis, PHP's phpredis; review 63.)
    const SESSIONS: &[&str] = &[
        "rack", "spring", "laravel", "sf", "sf2", "ci", "scs", "koa", "cas", "connect", "express",
        "phpredis", "django", "flask", "rails", "1", "",
    ];
    let prefix = &word[..word.find(['*', '?', '[', '\\']).unwrap_or(word.len())];
    if prefix == word {
        return redis_plain_key(word);
    }
    // A prefix of whole `:`-segments (`cache:`, `queue:jobs:`), each a
    // plain name and no session namespace. (Not a name cut anywhere else:
    // `cache*` takes in `cache:sess:…`; review 63.)
    let Some(namespace) = prefix.strip_suffix(':') else {
        return false;
    };
    namespace.split(':').all(|segment| {
        let lower = segment.to_ascii_lowercase();
        !SESSIONS.contains(&lower.as_str())
            && !lower.contains("sess")
            && segment
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.'))
    }) && redis_plain_key(prefix)
        && redis_plain_key(word)
}

/// `SCAN CURSOR [MATCH PATTERN] [COUNT N] [TYPE T]`, its pattern read as
/// [`redis_key_pattern`] (the rules ask for a `MATCH`).
fn redis_scan_word(word: &str) -> bool {
    word.bytes().all(|b| b.is_ascii_digit())
        || matches!(
            word.to_ascii_lowercase().as_str(),
            "match" | "count" | "type" | "string" | "list" | "set" | "zset" | "hash" | "stream"
        )
        || redis_key_pattern(word)
}

const REDIS_SCAN: Spec = Spec {
    operands: Operands::Names {
        at_most: 8,
        test: redis_scan_word,
    },
    ..Spec::FREE
};

const REDIS_PATTERN: Spec = Spec {
    operands: Operands::Names {
        at_most: 1,
        test: redis_key_pattern,
    },
    ..Spec::FREE
};

const REDIS_SLOWLOG: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            // (Not `GET`: each slow command's arguments, the values of
            // `SET`/`HSET` among them; review 60.)
            names: "len|LEN",
            spec: Some(&REDIS_ARGS),
        }],
        bare_ok: false,
    },
    ..Spec::POSIX
};

const REDIS_SUB: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            // (Redis reads commands in any case: `OBJECT ENCODING`; blind
            // corpus 144.)
            names: "list|info|getname|usage|stats|doctor|latest|nodes|slots|channels|numsub|\
                    encoding|freq|idletime|refcount|LIST|INFO|USAGE|STATS|DOCTOR|LATEST|NODES|\
                    GETNAME|SLOTS|CHANNELS|NUMSUB|ENCODING|FREQ|IDLETIME|REFCOUNT",
            spec: Some(&REDIS_ARGS),
        }],
        bare_ok: false,
    },
    ..Spec::POSIX
};

/// `CONFIG GET NAME…` (Redis 7 takes several): named parameters, or
/// patterns that match none of the credentials (`CONFIG GET *` lists
/// `requirepass` and `masterauth`; `maxmemory*` does not), and none that
/// holds or names a credential ([`redis_public_parameter`]).
const REDIS_CONFIG: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "get|GET",
            spec: Some(&REDIS_CONFIG_NAMES),
        }],
        bare_ok: false,
    },
    ..Spec::POSIX
};

const REDIS_CONFIG_NAMES: Spec = Spec {
    operands: Operands::Names {
        at_most: 16,
        test: redis_public_parameter,
    },
    ..Spec::FREE
};

/// A configuration parameter's name, spelled out (letters, digits and
/// `-`: Redis reads `*`, `?` and `[` as a pattern), that neither holds nor
/// names a credential: not `requirepass`, `masterauth`, `masteruser`, the
/// TLS key passphrases, nor anything with `pass`, `auth`, `user`, `acl`
/// or `key` in it (names are matched without regard to case, as Redis
/// does).
fn redis_public_parameter(name: &str) -> bool {
    /// The parameters that hold or name a credential (Redis 7).
    const CREDENTIALS: &[&str] = &[
        "requirepass",
        "masterauth",
        "masteruser",
        "tls-key-file-pass",
        "tls-client-key-file-pass",
        "aclfile",
    ];
    let lower = name.to_ascii_lowercase();
    // A pattern that matches none of them (`maxmemory*`, `save`); not
    // `*`, nor one with a credential word in it.
    let pattern = lower.contains(['*', '?', '[']);
    if pattern {
        let fixed = lower.split(['*', '?', '[']).next().unwrap_or("");
        return fixed.len() >= 3
            && lower
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "-*?[]".contains(c))
            && !CREDENTIALS
                .iter()
                .any(|c| crate::secret_paths::glob_matches(&lower, c))
            && !["pass", "auth", "user", "acl", "key", "secret", "token"]
                .iter()
                .any(|part| lower.contains(part));
    }
    !lower.is_empty()
        && lower.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        && lower.starts_with(|c: char| c.is_ascii_alphabetic())
        && !["pass", "auth", "user", "acl", "key", "secret", "token"]
            .iter()
            .any(|part| lower.contains(part))
}

/// redis-cli(1), Redis 7: a reading command (or a scan mode); not `-a`
/// (a password on the command line), `--eval`, `-x`, `--pipe`, `--rdb`.
/// Redis' and Sentinel's ports: another service on another port reads
/// each word as a line of its own protocol (SMTP, memcached, FTP;
/// review 50).
fn redis_port(value: &str) -> bool {
    matches!(value, "6379" | "6380" | "6381" | "26379")
}

/// A Unix socket named for Redis or Valkey (`/run/redis/redis-server.sock`).
fn redis_socket(value: &str) -> bool {
    let name = value.rsplit('/').next().unwrap_or(value);
    value.starts_with('/')
        && name.ends_with(".sock")
        && (name.contains("redis") || name.contains("valkey"))
        && !value.contains("..")
}

const REDIS_CLI: Spec = Spec {
    flags: "c",
    // (`-s SOCKET`: the server's Unix socket, on this host: one named for
    // Redis or Valkey; another socket, QMP's or rrdcached's, would take
    // the words as its own commands; review 49.)
    valued: "hpnris",
    long: &[
        "scan",
        "bigkeys",
        "memkeys",
        "hotkeys",
        "latency",
        "latency-history",
        "latency-dist",
        "stat",
        "raw",
        "no-raw",
        "csv",
        "no-auth-warning",
        "version",
        "help",
    ],
    long_valued: &["pattern", "count", "memkeys-samples"],
    permute: false,
    checked: &[
        ("s", redis_socket),
        ("p", redis_port),
        ("pattern", redis_key_pattern),
    ],
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "ping|info|dbsize|ttl|pttl|type|exists|strlen|llen|scard|zcard|hlen|\
                        hexists|lastsave|time|role|xlen|bitcount|pfcount|echo|\
                        PING|INFO|DBSIZE|TTL|PTTL|TYPE|EXISTS|STRLEN|LLEN|SCARD|ZCARD|HLEN|\
                        HEXISTS|LASTSAVE|TIME|ROLE|XLEN|BITCOUNT|PFCOUNT|ECHO",
                spec: Some(&REDIS_ARGS),
            },
            // Key names, by a pattern under a plain prefix (review 62:
            // names are session ids, `sess:<sid>`).
            Verb {
                names: "keys|KEYS",
                spec: Some(&REDIS_PATTERN),
            },
            Verb {
                names: "scan|SCAN",
                spec: Some(&REDIS_SCAN),
            },
            // Values, of keys and fields whose names hold no credential's
            // mark (review 59: `HGET user:1 password`, `GET api_key`, a
            // session's token); not `HGETALL`, `HVALS`, `DUMP`, which are
            // Redis' `SELECT *`.
            // (Not the verbs that return a whole list, set, hash or
            // stream: `LRANGE`, `SMEMBERS`, `ZRANGE`, `*SCAN`, `XRANGE`,
            // `XINFO … FULL`; review 60.)
            Verb {
                // (`KEYS PATTERN` too: names that are tokens, `sess:*`,
                // ask; review 61.)
                names: "get|mget|hget|hmget|lindex|sismember|zscore|zrank|getrange|xpending|\
                        hkeys|GET|MGET|HGET|HMGET|LINDEX|SISMEMBER|ZSCORE|ZRANK|GETRANGE|XPENDING|\
                        HKEYS",
                spec: Some(&REDIS_VALUES),
            },
            // (`XINFO GROUPS|CONSUMERS`: names and counters; not `STREAM`,
            // whose first and last entries come with their fields.)
            Verb {
                names: "xinfo|XINFO",
                spec: Some(&REDIS_XINFO),
            },
            Verb {
                names: "slowlog|SLOWLOG",
                spec: Some(&REDIS_SLOWLOG),
            },
            Verb {
                names: "config|CONFIG",
                spec: Some(&REDIS_CONFIG),
            },
            Verb {
                // (`FUNCTION LIST|STATS`: the libraries and their state.)
                names: "client|memory|latency|cluster|pubsub|object|function|CLIENT|MEMORY|LATENCY|\
                        CLUSTER|PUBSUB|OBJECT|FUNCTION",
                spec: Some(&REDIS_SUB),
            },
            Verb {
                names: "sentinel|SENTINEL",
                spec: Some(&REDIS_SENTINEL),
            },
            // (`ACL WHOAMI|USERS|CAT`: names only; not `LIST`/`GETUSER`,
            // which print the password hashes, nor `LOG RESET`,
            // `DELUSER`, `SETUSER`; blind corpus 61.)
            Verb {
                names: "acl|ACL",
                spec: Some(&REDIS_ACL),
            },
        ],
        bare_ok: true,
    },
    ..Spec::GNU
};

verbs_then!(
    REDIS_XINFO,
    "groups|consumers|help|GROUPS|CONSUMERS|HELP",
    REDIS_VALUES,
    false
);
verbs_then!(
    REDIS_ACL,
    "whoami|users|cat|WHOAMI|USERS|CAT",
    REDIS_ARGS,
    false
);

/// Options every RabbitMQ 3.13 CLI tool takes (`rabbitmqctl`,
/// `rabbitmq-diagnostics`, `rabbitmq-plugins`, `rabbitmq-queues`), before
/// or after the command: output and time limits. Not `-n`/`--node` (another
/// node, anywhere), `--erlang-cookie`, `-l`/`--longnames`.
const RABBITMQ_OPTIONS: Spec = Spec {
    flags: "qs",
    valued: "tp",
    long: &[
        "quiet",
        "silent",
        "no-table-headers",
        "offline",
        "enabled",
        "explicit",
        "implicit",
        "verbose",
        "minimal",
    ],
    long_valued: &["timeout", "formatter", "vhost", "unit", "number"],
    operands: Operands::AtMost(12),
    ..Spec::POSIX
};

/// rabbitmqctl(8), RabbitMQ 3.13: the broker's listings and status (queue,
/// connection, user and permission names and counters). Not
/// `list_parameters`/`list_global_parameters` (federation and shovel URIs
/// with passwords), `environment`, `report` (the application environment,
/// `default_pass`), nor anything that changes, closes, purges or forgets.
const RABBITMQCTL: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "list_queues|list_exchanges|list_bindings|list_connections|list_channels|\
                    list_consumers|list_users|list_vhosts|list_permissions|\
                    list_user_permissions|list_topic_permissions|list_policies|\
                    list_operator_policies|list_feature_flags|list_unresponsive_queues|\
                    cluster_status|status|ping|await_startup|version",
            spec: Some(&RABBITMQ_OPTIONS),
        }],
        bare_ok: false,
    },
    ..RABBITMQ_OPTIONS
};

/// rabbitmq-diagnostics(8), RabbitMQ 3.13: health checks and reports of
/// the local node. Not `environment`, `os_env` (its environment, a
/// password among it), `command_line_arguments` (`-setcookie COOKIE`;
/// review 60), `discover_peers`, `observer`, `consume_event_stream`.
const RABBITMQ_DIAGNOSTICS: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "status|ping|check_running|check_local_alarms|check_alarms|\
                    check_port_connectivity|check_virtual_hosts|check_port_listener|\
                    check_protocol_listener|check_certificate_expiration|memory_breakdown|\
                    listeners|alarms|cluster_status|server_version|erlang_version|\
                    maybe_stuck|runtime_thread_stats|tls_versions|cipher_suites|\
                    log_location|is_running|is_booting|log_tail|\
                    schema_info",
            spec: Some(&RABBITMQ_OPTIONS),
        }],
        bare_ok: false,
    },
    ..RABBITMQ_OPTIONS
};

// (Not `rabbitmq-plugins list`: as root, the packaged wrapper chowns and
// chmods the Erlang cookie after every run; review 60.)
verbs_then!(
    RABBITMQ_QUEUES,
    "check_if_node_is_quorum_critical|check_if_node_is_mirror_sync_critical|quorum_status",
    RABBITMQ_OPTIONS,
    false
);

/// etcdctl(1), etcd 3.5, on the local member (`127.0.0.1:2379`): member
/// and endpoint states, alarms, keys without values (`get --keys-only`,
/// `--count-only`: values hold Kubernetes' secrets). Not `--endpoints`,
/// `--cluster` (every member's address, read from the cluster),
/// `--debug` (prints every flag's value, the `ETCDCTL_PASSWORD` its
/// environment gave among them; review 60),
/// `--discovery-srv`, `check perf` (writes), `put`, `del`, `compact`,
/// `defrag`, `snapshot save`.
const ETCDCTL: Spec = Spec {
    valued: "w",
    long: &["hex"],
    long_valued: &["write-out", "command-timeout", "dial-timeout"],
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "member",
                spec: Some(&ETCDCTL_MEMBER),
            },
            Verb {
                names: "endpoint",
                spec: Some(&ETCDCTL_ENDPOINT),
            },
            Verb {
                names: "alarm",
                spec: Some(&ETCDCTL_ALARM),
            },
            Verb {
                names: "version",
                spec: Some(&ETCDCTL_WORDS),
            },
            Verb {
                names: "user|role|lease",
                spec: Some(&ETCDCTL_LIST),
            },
            Verb {
                names: "get",
                spec: Some(&ETCDCTL_GET),
            },
        ],
        bare_ok: false,
    },
    ..Spec::POSIX
};
const ETCDCTL_WORDS: Spec = Spec {
    valued: "w",
    long: &["hex"],
    long_valued: &["write-out", "command-timeout", "dial-timeout"],
    operands: Operands::None,
    ..Spec::POSIX
};
verbs_then!(ETCDCTL_MEMBER, "list", ETCDCTL_WORDS, false);
verbs_then!(
    ETCDCTL_ENDPOINT,
    "status|health|hashkv",
    ETCDCTL_WORDS,
    false
);
verbs_then!(ETCDCTL_ALARM, "list", ETCDCTL_WORDS, false);
// (Users', roles' and leases' names; blind corpus 102.)
verbs_then!(ETCDCTL_LIST, "list", ETCDCTL_WORDS, false);

/// etcdutl(1), etcd 3.5: a snapshot file's hash, revision and size.
const ETCDUTL: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "snapshot",
            spec: Some(&ETCDUTL_SNAPSHOT),
        }],
        bare_ok: false,
    },
    ..ETCDCTL_WORDS
};
verbs_then!(ETCDUTL_SNAPSHOT, "status", ETCDUTL_FILE, false);
const ETCDUTL_FILE: Spec = Spec {
    operands: Operands::AtMost(1),
    ..ETCDCTL_WORDS
};

/// A data folder's control file, its state or its checksums, PostgreSQL
/// 15's server programs (blind corpus 102): `pg_controldata [-D] DIR`,
/// `pg_ctl status -D DIR`, `pg_checksums [--check] -D DIR` (not
/// `--enable`, `--disable`), `pg_verifybackup DIR` (not `-w`, a WAL
/// folder it may decompress into), `pg_resetwal -n DIR` (what it would
/// write; without `-n` it writes), `pg_waldump --stats` (counts, no
/// record's data; not `--save-fullpage`, which writes pages out).
const PG_CONTROLDATA: Spec = Spec {
    flags: "V?",
    valued: "D",
    long: &["version", "help"],
    long_valued: &["pgdata"],
    operands: Operands::AtMost(1),
    ..Spec::GNU
};
const PG_CTL: Spec = Spec {
    valued: "D",
    long_valued: &["pgdata"],
    flags: "V",
    long: &["version", "help"],
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "status",
            spec: Some(&PG_CTL_STATUS),
        }],
        bare_ok: false,
    },
    ..Spec::GNU
};
const PG_CTL_STATUS: Spec = Spec {
    operands: Operands::None,
    ..PG_CONTROLDATA
};
const PG_CHECKSUMS: Spec = Spec {
    flags: "cvPV",
    valued: "Df",
    long: &["check", "verbose", "progress", "version", "help"],
    long_valued: &["pgdata", "filenode"],
    ..PG_CONTROLDATA
};
const PG_VERIFYBACKUP: Spec = Spec {
    flags: "enqsPV",
    valued: "im",
    long: &[
        "exit-on-error",
        "no-parse-wal",
        "quiet",
        "skip-checksums",
        "progress",
        "version",
        "help",
    ],
    long_valued: &["ignore", "manifest-path"],
    // (Without `-n` it runs pg_waldump through a shell; review 89.)
    required: &["n", "no-parse-wal"],
    ..PG_CONTROLDATA
};
const PG_RESETWAL: Spec = Spec {
    flags: "nV",
    long: &["dry-run", "version", "help"],
    required: &["n", "dry-run", "V", "version", "help"],
    ..PG_CONTROLDATA
};
const PG_WALDUMP: Spec = Spec {
    flags: "bqwxzV",
    valued: "pnrsetFRB",
    long: &["bkp-details", "quiet", "fullpage", "version", "help"],
    long_valued: &[
        "path", "limit", "rmgr", "start", "end", "timeline", "fork", "relation", "block", "xid",
    ],
    long_optional: &["stats"],
    required: &["z", "stats", "V", "version", "help"],
    operands: Operands::AtMost(2),
    ..Spec::GNU
};

/// `etcdctl get KEY [END]` with `--keys-only` or `--count-only`: checked
/// by `rules::programs::databases` over the whole line.
const ETCDCTL_GET: Spec = Spec {
    valued: "w",
    long: &["hex", "prefix", "from-key", "keys-only", "count-only"],
    long_valued: &[
        "write-out",
        "command-timeout",
        "dial-timeout",
        "limit",
        "rev",
        "sort-by",
        "order",
    ],
    operands: Operands::AtMost(2),
    ..Spec::POSIX
};

/// Sentinel's reports (redis-sentinel, Redis 7): the masters it watches,
/// their replicas and sentinels, a master's address, the quorum; not
/// `CONFIG` (its `auth-pass`), `SET`, `RESET`, `FAILOVER`, `REMOVE`,
/// `MONITOR`.
const REDIS_SENTINEL: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "masters|master|replicas|slaves|sentinels|get-master-addr-by-name|ckquorum|\
                    myid|MASTERS|MASTER|REPLICAS|SLAVES|SENTINELS|GET-MASTER-ADDR-BY-NAME|CKQUORUM|\
                    MYID",
            spec: Some(&REDIS_ARGS),
        }],
        bare_ok: false,
    },
    ..Spec::POSIX
};

/// sqlite3(1), the shell of SQLite 3.40 (Debian 12): how it shows
/// results. Its file and statements are the rules' (`-readonly`, each
/// statement one that reads: `rules::programs::databases`). Left out:
/// `-cmd` and `-init` (run what another word or a file says), `-A`
/// (archives), `-append`, `-zip`, `-deserialize`, `-vfs`, `-mmap` and the
/// memory settings.
const SQLITE3: Spec = Spec {
    long: &[
        "readonly", "header", "noheader", "column", "csv", "json", "line", "list", "markdown",
        "table", "box", "html", "quote", "ascii", "tabs", "bail", "batch", "echo", "nofollow",
        "stats", "safe", "version", "help",
    ],
    long_valued: &["separator", "newline", "nullvalue"],
    single_dash_long: true,
    operands: Operands::Read,
    ..Spec::GNU
};

/// mysqlshow(1), MariaDB 10.11: databases, tables, columns and counts;
/// not `-p` (a password on the line), `--defaults-file` and the other
/// files it reads.
/// (Not `-i`/`--status`: `SHOW TABLE STATUS`, whose comments hold a
/// Spider table's connection; review 138.)
const MYSQLSHOW: Spec = Spec {
    flags: "ktv",
    valued: "hPuS",
    long: &[
        "count",
        "keys",
        "show-table-type",
        "verbose",
        "version",
        "help",
    ],
    long_valued: &["host", "port", "user", "socket", "protocol"],
    operands: Operands::AtMost(3),
    ..Spec::GNU
};

/// pg_archivecleanup(1), PostgreSQL 15: only as its dry run (`-n` lists
/// what it would remove), which the loss rule requires.
const PG_ARCHIVECLEANUP: Spec = Spec {
    flags: "dn",
    valued: "x",
    long: &["debug", "dry-run", "help", "version"],
    long_valued: &["strip-extension"],
    operands: Operands::AtMost(2),
    ..Spec::GNU
};

/// redis-check-rdb and redis-check-aof (Redis 7): a file checked, not
/// fixed (`--fix`, `--truncate-to-timestamp`: the loss rule).
const REDIS_CHECK: Spec = Spec {
    operands: Operands::AtMost(1),
    ..Spec::ORDERED
};

/// The influx CLIs: InfluxDB 1's shell with one statement that reads
/// (`-execute`, as [`sql_only_reads`] proves it: `SHOW …`, `SELECT`
/// without `INTO`), and InfluxDB 2's listings. Not `-username` or
/// `-password`, nor `--token` (a credential on the line), `-import`,
/// `query` (Flux can write: `to()`).
const INFLUX: Spec = Spec {
    long: &["pretty", "version", "help", "json", "hide-headers"],
    long_valued: &[
        "execute",
        "database",
        "format",
        "precision",
        "host",
        "port",
        "org",
        "org-id",
        "name",
    ],
    checked: &[("execute", influxql_only_reads)],
    single_dash_long: true,
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "task|org|dashboards",
                spec: Some(&INFLUX_LIST),
            },
            // (Buckets' and users' lists as JSON too: names, ids,
            // retention rules, no script and no credential; blind corpus
            // 61.)
            Verb {
                names: "bucket|user",
                spec: Some(&INFLUX_LIST_JSON),
            },
            Verb {
                names: "ping|version",
                spec: Some(&INFLUX_NONE),
            },
            Verb {
                names: "query",
                spec: Some(&INFLUX_QUERY),
            },
        ],
        bare_ok: true,
    },
    ..Spec::GNU
};
/// Whether InfluxDB 1's `-execute` text only reads (InfluxQL, InfluxDB
/// 1.8's language reference): each statement (`;` apart) a `SELECT`
/// without `INTO` (its only writing clause: InfluxQL's functions are
/// aggregates, selectors and transformations of what it reads), an
/// `EXPLAIN`, or a `SHOW` of the schema, the users' names, the server's
/// statistics and queries; not `SHOW SUBSCRIPTIONS` (their destinations'
/// URLs may hold credentials). Words are compared outside quotes; a word
/// `INTO` anywhere else refuses it. Or what [`sql_only_reads`] proves.
fn influxql_only_reads(text: &str) -> bool {
    // (The 1.x shell runs each line of `-execute` as a command of its
    // own: `insert`, `connect HOST`, `use`; review 114.)
    if text.contains(['\n', '\r']) {
        return false;
    }
    const SHOWN: &[&str] = &[
        "DATABASES",
        "MEASUREMENTS",
        "SERIES",
        "TAG",
        "FIELD",
        "RETENTION",
        "USERS",
        "GRANTS",
        "STATS",
        "DIAGNOSTICS",
        "QUERIES",
        "SHARDS",
        "SHARD",
        "CONTINUOUS",
        "MEASUREMENT",
    ];
    let Some(statements) = influxql_statements(text) else {
        return false;
    };
    let statements: Vec<&Vec<String>> = statements.iter().filter(|s| !s.is_empty()).collect();
    let subscriptions = statements
        .iter()
        .any(|words| words.iter().any(|w| w == "SUBSCRIPTIONS"));
    if subscriptions {
        return false;
    }
    sql_only_reads(text)
        || !statements.is_empty()
            && statements.iter().all(|words| {
                !words.iter().any(|w| w == "INTO")
                    && match words.first().map(String::as_str) {
                        Some("SELECT" | "EXPLAIN") => true,
                        Some("SHOW") => words.get(1).is_some_and(|w| SHOWN.contains(&w.as_str())),
                        _ => false,
                    }
            })
}

/// InfluxQL text's statements (`;` apart), each its words outside quotes
/// in upper case; `None` for a quote that does not end or a comment.
fn influxql_statements(text: &str) -> Option<Vec<Vec<String>>> {
    let mut statements = vec![Vec::new()];
    let mut chars = text.chars().peekable();
    let mut word = String::new();
    let flush = |word: &mut String, statements: &mut Vec<Vec<String>>| {
        if !word.is_empty()
            && let Some(last) = statements.last_mut()
        {
            last.push(std::mem::take(word).to_ascii_uppercase());
        }
    };
    while let Some(c) = chars.next() {
        match c {
            '\'' | '"' => {
                flush(&mut word, &mut statements);
                // (A quoted string or identifier, `\` escaping.)
                let mut closed = false;
                while let Some(q) = chars.next() {
                    if q == '\\' {
                        chars.next();
                    } else if q == c {
                        closed = true;
                        break;
                    }
                }
                if !closed {
                    return None;
                }
            }
            ';' => {
                flush(&mut word, &mut statements);
                statements.push(Vec::new());
            }
            c if c.is_ascii_alphanumeric() || c == '_' => word.push(c),
            // (Comments are refused, not read: `--` and `/* */`.)
            '-' if chars.peek() == Some(&'-') => return None,
            '/' if chars.peek() == Some(&'*') => return None,
            // (A `/` may open a regular expression, `h =~ /'/`, where the
            // parser takes an operand (a quote in it is a character); or
            // divide. Where the two readings may split the text
            // differently, a quote or `;` before the next `/`, it is
            // refused; review 137.)
            '/' if {
                let mut rest = chars.clone();
                let mut span = String::new();
                let mut closed = false;
                while let Some(r) = rest.next() {
                    if r == '\\' {
                        rest.next();
                    } else if r == '/' {
                        closed = true;
                        break;
                    } else {
                        span.push(r);
                    }
                }
                closed && span.contains(['\'', '"', ';'])
            } =>
            {
                return None;
            }
            _ => flush(&mut word, &mut statements),
        }
    }
    flush(&mut word, &mut statements);
    Some(statements)
}

const INFLUX_LIST: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "list|ls|find",
            spec: Some(&INFLUX_NONE),
        }],
        bare_ok: false,
    },
    ..INFLUX_NONE
};
verbs_then!(INFLUX_LIST_JSON, "list|ls|find", INFLUX_JSON, false);

/// `influx query 'FLUX'` (InfluxDB 2): one query that [`flux_only_reads`]
/// (not `--file`, a script read from elsewhere).
const INFLUX_QUERY: Spec = Spec {
    flags: "r",
    long: &["raw", "hide-headers", "help"],
    long_valued: &["org", "org-id", "host"],
    operands: Operands::Names {
        at_most: 1,
        test: flux_only_reads,
    },
    ..Spec::GNU
};

/// Whether a Flux query only reads named fields (blind corpus 61): its
/// strings hold no interpolation (`"${…}"` evaluates), it imports no
/// package (`http`, `sql`, `secrets`, `csv` reach the network, other
/// databases, the server's secrets and files) and sets no option, every
/// call is a bare name from the list of the universe's transformations
/// that only shape what `from` read (not `to`, `experimental.to`,
/// `buckets`, nor any `package.function(…)`), and it names the field it
/// reads (`r._field == …`, `keep(columns: …)`): a bucket's other fields
/// are its `SELECT *`.
fn flux_only_reads(query: &str) -> bool {
    const CALLS: &[&str] = &[
        "from",
        "range",
        "filter",
        "last",
        "first",
        "mean",
        "max",
        "min",
        "sum",
        "count",
        "group",
        "keep",
        "drop",
        "limit",
        "sort",
        "yield",
        "aggregateWindow",
        "pivot",
        "window",
        "rename",
        "top",
        "bottom",
        "distinct",
        "unique",
        "fill",
        "derivative",
        "difference",
        "median",
        "quantile",
        "stddev",
        "spread",
        "increase",
        "movingAverage",
        "timedMovingAverage",
        "toFloat",
        "toInt",
        "toString",
        "toBool",
        "toUInt",
        "elapsed",
        "tail",
        "sample",
        "map",
        "cumulativeSum",
        "integral",
        "now",
        "truncateTimeColumn",
        "duplicate",
        "set",
        "union",
        "float",
        "int",
        "string",
        "bool",
        "uint",
    ];
    if query.len() > 4096 || query.contains("${") {
        return false;
    }
    // Strings blanked (`\"` escapes inside), comments (`//` to the end of
    // the line) made a blank, as Flux's parser skips them: `to//⏎(…)` is
    // a call of `to` (review 62).
    let mut plain = String::with_capacity(query.len());
    let mut chars = query.chars().peekable();
    while let Some(c) = chars.next() {
        // (A regex literal where an expression starts, `=~ /x\//`, `/"/`:
        // its text is neither a comment nor a string; review 63.)
        let before = plain.trim_end();
        let last_word = before
            .rsplit(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .next()
            .unwrap_or("");
        // (After an operator or a keyword that starts an expression:
        // `if c then /"/ else /b/`; review 64.)
        let expression_starts = before
            .chars()
            .last()
            .is_none_or(|p| "~(,:[=!&|{+-*%<>".contains(p))
            || (before.ends_with(last_word)
                && matches!(
                    last_word,
                    "then" | "else" | "return" | "and" | "or" | "not" | "exists"
                ));
        if c == '/' && chars.peek() != Some(&'/') && expression_starts {
            let mut closed = false;
            while let Some(d) = chars.next() {
                match d {
                    '\\' => {
                        chars.next();
                    }
                    '/' => {
                        closed = true;
                        break;
                    }
                    '\n' => break,
                    _ => {}
                }
            }
            if !closed {
                return false;
            }
            plain.push_str("\"\"");
        } else if c == '/' && chars.peek() == Some(&'/') {
            for d in chars.by_ref() {
                if d == '\n' {
                    break;
                }
            }
            plain.push(' ');
        } else if c == '"' {
            let mut closed = false;
            while let Some(d) = chars.next() {
                match d {
                    '\\' => {
                        chars.next();
                    }
                    '"' => {
                        closed = true;
                        break;
                    }
                    _ => {}
                }
            }
            if !closed {
                return false;
            }
            plain.push_str("\"\"");
        } else {
            plain.push(c);
        }
    }
    let mut words: Vec<(usize, &str)> = Vec::new();
    let mut begun = None;
    for (at, c) in plain
        .char_indices()
        .chain(std::iter::once((plain.len(), ' ')))
    {
        let part = c.is_ascii_alphanumeric() || c == '_';
        match (part, begun) {
            (true, None) => begun = Some(at),
            (false, Some(from)) => {
                words.push((from, &plain[from..at]));
                begun = None;
            }
            _ => {}
        }
    }
    if words
        .iter()
        .any(|(_, w)| matches!(*w, "import" | "option" | "testing"))
    {
        return false;
    }
    let calls_plainly = words.iter().all(|(at, word)| {
        let after = plain[at + word.len()..].trim_start();
        if !after.starts_with('(') {
            return true;
        }
        let dotted = plain[..*at].trim_end().ends_with('.');
        !dotted && CALLS.contains(word)
    });
    // No call of anything but a listed name (`(to)(…)`), no name bound
    // anew (`last = to`): only `==`, `!=`, `<=`, `>=`, `=~`, `=>` hold `=`
    // (review 61).
    let compact: Vec<u8> = plain.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
    let called_indirectly = compact
        .windows(2)
        .any(|p| matches!(p, [b')' | b']' | b'}', b'(']));
    let assigns = compact.iter().enumerate().any(|(i, b)| {
        *b == b'='
            && !matches!(compact.get(i + 1), Some(b'=' | b'>' | b'~'))
            && !matches!(
                i.checked_sub(1).map(|j| compact[j]),
                Some(b'=' | b'!' | b'<' | b'>')
            )
    });
    if called_indirectly || assigns {
        return false;
    }
    // (`from(…, host: "https://…", token: …)` reads another server.)
    let elsewhere = words.iter().any(|(at, word)| {
        matches!(*word, "host" | "token") && plain[at + word.len()..].trim_start().starts_with(':')
    });
    if elsewhere {
        return false;
    }
    let names_field = plain.contains("_field") || plain.contains("keep(");
    calls_plainly && names_field && plain.contains("from(")
}
const INFLUX_JSON: Spec = Spec {
    long: &["hide-headers", "help", "json"],
    ..INFLUX_NONE
};
/// (Not `--json`: a task's whole Flux script, where tokens are written
/// inline; review 54.)
const INFLUX_NONE: Spec = Spec {
    long: &["hide-headers", "help"],
    long_valued: &["org", "org-id", "host", "name", "id"],
    operands: Operands::None,
    ..Spec::GNU
};

pub(super) const ENTRIES: &[Entry] = &[
    Entry {
        names: &["etcdutl"],
        spec: &ETCDUTL,
        read_only: &["etcdutl snapshot status /srv/backup/etcd/snap.db -w table"],
        not: &[
            "etcdutl snapshot restore /srv/backup/etcd/snap.db --data-dir /var/lib/etcd",
            "etcdutl defrag --data-dir /var/lib/etcd",
        ],
    },
    Entry {
        names: &["pg_controldata"],
        spec: &PG_CONTROLDATA,
        read_only: &[
            "pg_controldata /var/lib/postgresql/15/main",
            "pg_controldata -D /var/lib/postgresql/15/main",
        ],
        not: &["pg_controldata --bogus"],
    },
    Entry {
        names: &["pg_ctl"],
        spec: &PG_CTL,
        read_only: &["pg_ctl status -D /var/lib/postgresql/15/main"],
        not: &[
            "pg_ctl stop -D /var/lib/postgresql/15/main",
            "pg_ctl promote -D /x",
            "pg_ctl restart -D /x",
        ],
    },
    Entry {
        names: &["pg_checksums"],
        spec: &PG_CHECKSUMS,
        read_only: &[
            "pg_checksums --check -D /var/lib/postgresql/15/main",
            "pg_checksums -c -D /x -P",
        ],
        not: &["pg_checksums --enable -D /x", "pg_checksums -d -D /x"],
    },
    Entry {
        names: &["pg_verifybackup"],
        spec: &PG_VERIFYBACKUP,
        read_only: &[
            "pg_verifybackup -n /srv/backup/pg/base-2024-05-01",
            "pg_verifybackup -n -q /srv/b",
        ],
        not: &[
            "pg_verifybackup -w /tmp/wal /srv/b",
            "pg_verifybackup /srv/b",
        ],
    },
    Entry {
        names: &["pg_resetwal", "pg_resetxlog"],
        spec: &PG_RESETWAL,
        read_only: &[
            "pg_resetwal -n /var/lib/postgresql/15/main",
            "pg_resetwal --dry-run -D /x",
        ],
        not: &[
            "pg_resetwal /x",
            "pg_resetwal -f /x",
            "pg_resetwal -n -f /x",
        ],
    },
    Entry {
        names: &["pg_waldump"],
        spec: &PG_WALDUMP,
        read_only: &[
            "pg_waldump --stats /var/lib/postgresql/15/main/pg_wal/000000010000002A00000031",
            "pg_waldump -z -p /x 000000010000002A00000031",
        ],
        not: &[
            "pg_waldump /x/000000010000002A00000031",
            "pg_waldump --save-fullpage=/tmp/x --stats /x/0001",
        ],
    },
    Entry {
        names: &["rabbitmqctl"],
        spec: &RABBITMQCTL,
        read_only: &[
            "rabbitmqctl list_queues -p /prod name messages_ready messages_unacknowledged consumers",
            "rabbitmqctl list_queues -p /prod name messages --formatter json",
            "rabbitmqctl cluster_status",
            "rabbitmqctl -q list_users",
            "rabbitmqctl list_permissions -p /prod",
            "rabbitmqctl list_connections user peer_host state channels",
        ],
        not: &[
            "rabbitmqctl list_parameters",
            "rabbitmqctl environment",
            "rabbitmqctl report",
            "rabbitmqctl -n rabbit@far list_queues",
            "rabbitmqctl purge_queue orders",
            "rabbitmqctl close_all_connections x",
            "rabbitmqctl forget_cluster_node rabbit@r3",
            "rabbitmqctl stop_app",
            "rabbitmqctl delete_user bob",
        ],
    },
    Entry {
        names: &["rabbitmq-diagnostics"],
        spec: &RABBITMQ_DIAGNOSTICS,
        read_only: &[
            "rabbitmq-diagnostics status",
            "rabbitmq-diagnostics check_running",
            "rabbitmq-diagnostics memory_breakdown --unit mb",
            "rabbitmq-diagnostics -q check_local_alarms",
        ],
        not: &[
            "rabbitmq-diagnostics environment",
            "rabbitmq-diagnostics os_env",
            "rabbitmq-diagnostics observer",
            "rabbitmq-diagnostics -n rabbit@far status",
        ],
    },
    Entry {
        names: &["rabbitmq-queues"],
        spec: &RABBITMQ_QUEUES,
        read_only: &[
            "rabbitmq-queues check_if_node_is_quorum_critical",
            "rabbitmq-queues quorum_status orders",
        ],
        not: &[
            "rabbitmq-queues rebalance all",
            "rabbitmq-queues grow rabbit@r2 all",
        ],
    },
    Entry {
        names: &["etcdctl"],
        spec: &ETCDCTL,
        read_only: &[
            "etcdctl endpoint status -w table",
            "etcdctl endpoint health",
            "etcdctl member list -w table",
            "etcdctl alarm list",
            "etcdctl get /config/ --prefix --keys-only",
            "etcdctl get /registry --prefix --count-only -w json",
        ],
        not: &[
            "etcdctl get /registry/secrets --prefix",
            "etcdctl get /a --print-value-only",
            "etcdctl endpoint status --cluster",
            "etcdctl --endpoints=http://10.9.9.9:2379 member list",
            "etcdctl put /a b",
            "etcdctl del /a",
            "etcdctl compact 5",
            "etcdctl defrag",
            "etcdctl check perf",
            "etcdctl snapshot save /tmp/x.db",
            "etcdctl alarm disarm",
        ],
    },
    Entry {
        names: &["mysqlshow"],
        spec: &MYSQLSHOW,
        read_only: &[
            "mysqlshow --count wordpress",
            "mysqlshow -k wordpress wp_posts",
        ],
        not: &["mysqlshow -psecret", "mysqlshow --defaults-file=/tmp/x.cnf"],
    },
    Entry {
        names: &["pg_archivecleanup"],
        spec: &PG_ARCHIVECLEANUP,
        read_only: &["pg_archivecleanup -n /mnt/wal 000000010000002A0000003C"],
        not: &["pg_archivecleanup /mnt/wal 000000010000002A0000003C"],
    },
    Entry {
        names: &["redis-check-rdb", "redis-check-aof"],
        spec: &REDIS_CHECK,
        read_only: &[
            "redis-check-rdb /var/lib/redis/dump.rdb",
            "redis-check-aof /var/lib/redis/appendonly.aof",
        ],
        not: &["redis-check-aof --fix /var/lib/redis/appendonly.aof"],
    },
    Entry {
        names: &["influx"],
        spec: &INFLUX,
        read_only: &[
            "influx -execute 'SHOW DATABASES'",
            "influx -database telegraf -execute 'SHOW RETENTION POLICIES'",
            "influx -database proxmox -execute \"SELECT last(cpu) FROM system WHERE host='pve1'\"",
            "influx -database telegraf -execute 'SHOW TAG VALUES FROM cpu WITH KEY = \"host\"'",
            "influx -database telegraf -execute 'SELECT mean(usage_idle) FROM cpu WHERE time > now() - 1h GROUP BY time(5m)'",
            "influx bucket list --org homelab",
            "influx task list --org homelab",
            "influx bucket list --json",
            "influx user list",
            "influx query 'from(bucket: \"telegraf\") |> range(start: -10m) |> filter(fn: (r) => r._field == \"usage_idle\") |> last()'",
        ],
        not: &[
            "influx -execute 'DROP DATABASE x'",
            "influx -execute 'SELECT * INTO x FROM y'",
            "influx -execute 'SELECT * FROM x; DROP MEASUREMENT y'",
            "influx -execute 'SELECT * FROM \"a\" INTO b'",
            "influx -execute 'SHOW SUBSCRIPTIONS'",
            "influx -execute 'SELECT 1 -- x'",
            "influx -password x -execute 'SHOW DATABASES'",
            "influx query 'from(bucket: \"x\") |> to(bucket: \"y\")'",
            "influx task list --json",
            "influx query 'from(bucket: \"x\") |> range(start: -1h)'",
            "influx query 'from(bucket: \"x\", host: \"https://a.example\") |> filter(fn: (r) => r._field == \"a\")'",
            "influx query 'import \"sql\" from(bucket: \"x\") |> filter(fn: (r) => r._field == \"a\")'",
            "influx query 'from(bucket: \"x\") |> filter(fn: (r) => r._field == \"${v}\")'",
            "influx query 'from(bucket: \"x\") |> filter(fn: (r) => r._field == \"a\") |> experimental.to(bucket: \"y\")'",
            "influx query --file /tmp/q.flux",
            "influx user password -n bob",
            "influx user delete -i 1",
            "influx auth list",
        ],
    },
    Entry {
        names: &["sqlite3"],
        spec: &SQLITE3,
        read_only: &[
            "sqlite3 -readonly /var/lib/uptime-kuma/kuma.db 'SELECT name, active FROM monitor;'",
            "sqlite3 -readonly -header -column app.db 'SELECT count(*) FROM users' 'SELECT 1'",
            "sqlite3 --readonly -json /srv/app/app.db \"SELECT id FROM jobs WHERE state = 'done'\"",
            "sqlite3 -version",
            "sqlite3 -readonly app.db .tables",
            "sqlite3 -readonly app.db '.schema monitor'",
            "sqlite3 -readonly kuma.db \"SELECT datetime(time), status FROM heartbeat ORDER BY id DESC LIMIT 5\"",
            "sqlite3 -readonly app.db 'WITH x AS (SELECT 1 AS n) SELECT n FROM x'",
        ],
        not: &[
            "sqlite3 /var/lib/uptime-kuma/kuma.db 'SELECT 1'",
            "sqlite3 -readonly app.db",
            "sqlite3 app.db .tables",
            "sqlite3 -readonly app.db '.schema x; .shell id'",
            "sqlite3 -readonly app.db '.tables x y'",
            "sqlite3 -readonly app.db '.shell id'",
            "sqlite3 -readonly app.db 'WITH x AS (SELECT 1) DELETE FROM t'",
            "sqlite3 -readonly app.db \"SELECT writefile('/tmp/x', 'y')\"",
            "sqlite3 -readonly app.db \"SELECT readfile('/etc/shadow')\"",
            "sqlite3 -readonly app.db 'SELECT 1; DELETE FROM t'",
            "sqlite3 -readonly -cmd '.shell id' app.db 'SELECT 1'",
            "sqlite3 -readonly -init /tmp/x app.db 'SELECT 1'",
            "sqlite3 -readonly app.db \"SELECT load_extension('/tmp/x')\"",
            "sqlite3 -readonly app.db \"ATTACH '/tmp/x' AS x\"",
            "sqlite3 -readonly app.db \"$q\"",
        ],
    },
    Entry {
        names: &["psql"],
        spec: &PSQL,
        read_only: &[
            "psql -c 'SELECT version();'",
            "psql -d app -Atc 'SELECT count(*) FROM users'",
            "psql -c '\\dt+'",
            "psql -l",
            "psql -h 192.168.1.115 -U grafana -d metrics -c 'SELECT now();'",
            "psql -c 'SHOW data_directory;'",
        ],
        not: &[
            "psql -c 'DROP TABLE users'",
            "psql -c 'SELECT 1; DELETE FROM t'",
            "psql -c \"SELECT pg_terminate_backend(123)\"",
            "psql -c '\\! id'",
            "psql -f /tmp/x.sql",
            "psql -d app",
            "psql -c 'SELECT * INTO t2 FROM t'",
            "psql -c 'EXPLAIN ANALYZE DELETE FROM t'",
            "psql -c 'SELECT rolpassword FROM pg_authid'",
            "psql -h db.example.com -c 'SELECT 1'",
            "psql -o /etc/x -c 'SELECT 1'",
        ],
    },
    Entry {
        names: &["vacuumlo"],
        spec: &VACUUMLO,
        read_only: &[
            "vacuumlo -n -v nextcloud",
            "vacuumlo --dry-run -h 10.0.20.12 -U postgres app",
        ],
        not: &["vacuumlo -v nextcloud", "vacuumlo -n -h db.example.com app"],
    },
    Entry {
        names: &["pg_isready"],
        spec: &PG_ISREADY,
        read_only: &["pg_isready", "pg_isready -h 127.0.0.1 -p 5432"],
        not: &["pg_isready -h db.example.com"],
    },
    Entry {
        names: &["mysql", "mariadb"],
        spec: &MYSQL,
        read_only: &[
            "mysql -e 'SHOW DATABASES;'",
            "mysql app -e 'SELECT COUNT(*) FROM orders;'",
            "mysql -N -e \"SHOW VARIABLES LIKE 'max_connections';\"",
            "mysql -e 'SHOW ENGINE INNODB STATUS\\G'",
        ],
        not: &[
            "mysql -e 'DROP DATABASE app'",
            "mysql -e 'system rm -f /tmp/x'",
            "mysql -e \"SELECT * FROM t INTO OUTFILE '/tmp/x'\"",
            "mysql app",
            "mysql --init-command='DROP TABLE t' -e 'SELECT 1'",
            "mysql -e 'SELECT user, authentication_string FROM mysql.user'",
            "mysql -psecret -e 'SELECT 1'",
        ],
    },
    Entry {
        names: &["mysqladmin", "mariadb-admin"],
        spec: &MYSQLADMIN,
        read_only: &[
            "mysqladmin status",
            "mysqladmin processlist",
            "mysqladmin -h 192.168.1.31 ping",
        ],
        not: &[
            "mysqladmin shutdown",
            "mysqladmin flush-hosts",
            "mysqladmin kill 12",
            "mysqladmin drop app",
        ],
    },
    Entry {
        names: &["redis-cli", "valkey-cli"],
        spec: &REDIS_CLI,
        read_only: &[
            "redis-cli ping",
            "redis-cli info memory",
            "redis-cli --scan --pattern 'cache:*'",
            "redis-cli slowlog len",
            "redis-cli client list",
            "redis-cli -h 192.168.1.117 -n 1 llen queue:jobs",
            "redis-cli KEYS 'cache:*'",
            "redis-cli CONFIG GET maxmemory-policy",
            "redis-cli config get maxmemory save appendonly",
        ],
        not: &[
            "redis-cli flushall",
            "redis-cli --bigkeys",
            "redis-cli config set maxmemory 1gb",
            "redis-cli del key",
            "redis-cli",
            "redis-cli -a secret ping",
            "redis-cli --eval /tmp/x.lua",
            "redis-cli client kill 1.2.3.4:5",
            "redis-cli -h cache.example.com ping",
            "redis-cli shutdown",
            "redis-cli slowlog reset",
            "redis-cli --rdb /tmp/dump.rdb",
            "redis-cli CONFIG GET '*'",
            "redis-cli CONFIG GET requirepass",
            "redis-cli config get MasterAuth",
            "redis-cli CONFIG GET maxmemory 'm*'",
            "redis-cli CONFIG GET tls-key-file-pass",
            "redis-cli CONFIG SET maxmemory 1gb",
            "redis-cli CONFIG REWRITE",
            "redis-cli CONFIG RESETSTAT",
        ],
    },
];

#[cfg(test)]
mod tests {
    use super::{mysql_only_reads, sql_only_reads};

    /// A table's name among MySQL's selected columns is a column
    /// (`User`), not PostgreSQL's whole row; the rest is read alike.
    #[test]
    fn mysql_reads_a_column_named_as_its_table() {
        for ok in [
            "SELECT user, host FROM mysql.user",
            "SELECT User, Host, plugin FROM mysql.user ORDER BY User",
            "SELECT db FROM db",
        ] {
            assert!(mysql_only_reads(ok), "{ok}");
        }
        assert!(!sql_only_reads("SELECT t FROM t"));
        for bad in [
            "SELECT user, authentication_string FROM mysql.user",
            "SELECT * FROM mysql.user",
            "SELECT user, Password FROM mysql.user",
            "SELECT 1; DROP TABLE t",
            "SELECT host FROM mysql.global_priv",
        ] {
            assert!(!mysql_only_reads(bad), "{bad}");
        }
    }

    #[test]
    fn only_single_reading_statements_pass() {
        for ok in [
            "SELECT version();",
            "select count(*) from users",
            "SHOW max_connections;",
            "EXPLAIN SELECT * FROM t",
            "\\dt+",
            "\\l",
            "SHOW SLAVE STATUS\\G",
            "SELECT pid, left(query, 60) FROM pg_stat_activity ORDER BY query_start;",
            "SHOW FULL PROCESSLIST",
            // Blind corpus 38: casts to built-in types, EXPLAIN's options,
            // several reading statements, MySQL's statistics views.
            "SELECT round(total_exec_time::numeric, 1) FROM pg_stat_statements",
            "SELECT sum(heap_blks_hit)::float / nullif(sum(heap_blks_read), 0) FROM pg_statio_user_tables",
            "SELECT pg_total_relation_size('t'::regclass)",
            "SELECT x::numeric(10,2) FROM t",
            "EXPLAIN (ANALYZE, BUFFERS) SELECT id FROM t WHERE a = 4 LIMIT 100;",
            "EXPLAIN ANALYZE VERBOSE SELECT * FROM t",
            "EXPLAIN (FORMAT JSON) SELECT 1",
            "SHOW VARIABLES LIKE 'innodb%'; SHOW GLOBAL STATUS LIKE 'Innodb%';",
            "SELECT * FROM information_schema.PROCESSLIST WHERE COMMAND <> 'Sleep' ORDER BY TIME DESC\\G",
            "SELECT * FROM sys.statements_with_runtimes_in_95th_percentile LIMIT 10\\G",
        ] {
            assert!(sql_only_reads(ok), "{ok}");
        }
        for bad in [
            "",
            "DELETE FROM t",
            "SELECT 1; DROP TABLE t",
            "WITH x AS (DELETE FROM t RETURNING *) SELECT * FROM x",
            "SELECT * FROM t FOR UPDATE",
            "SELECT pg_reload_conf()",
            "SELECT lo_export(1, '/tmp/x')",
            "SELECT pg_read_file('/etc/shadow')",
            "EXPLAIN ANALYZE DELETE FROM t",
            "\\! rm -rf /",
            "\\o /etc/passwd",
            "\\dt \\! id",
            "SELECT 1 \\g /tmp/x",
            "SELECT query_to_xml('DELETE FROM t', true, true, '')",
            "SELECT nextval('s')",
            "select f()",
            "select sys_exec('rm x')",
            "select pg_stat_statements_reset()",
            "select get_lock('x', 10)",
            "select * from mysql.user",
            "select * from pg_catalog.pg_subscription",
            "SELECT x::evil FROM t",
            "SELECT x::numeric(evil()) FROM t",
            "SELECT 'a'::text::mytype",
            "EXPLAIN (ANALYZE) DELETE FROM t",
            "EXPLAIN (ANALYZE, EVIL) SELECT 1",
            "EXPLAIN ANALYZE INSERT INTO t VALUES (1)",
            "EXPLAIN ANALYZE WITH x AS (DELETE FROM t RETURNING 1) SELECT * FROM x",
            "EXPLAIN ANALYZE SELECT nextval('s')",
            "EXPLAINANALYZE SELECT 1",
            "ANALYZE t",
            "SHOW VARIABLES; DROP TABLE t",
            "SELECT 1;; SELECT 2",
            "SELECT * FROM information_schema.processlist UNION SELECT * FROM mysql.user",
            "SELECT * FROM sys.metrics, users",
            "SELECT * FROM users WHERE 1 = 1",
            "SELECT * FROM sys.metrics WHERE x IN (SELECT * FROM users)",
            "SELECT * FROM sys.metrics WHERE exists (select * from users)",
            "SELECT * FROM sys.metrics limit 1 union select * from users",
            "SELECT * FROM sys.metrics WHERE 1=0 UNION TABLE nextcloud.oc_users",
            "SELECT 1,2,3,4 UNION TABLE nextcloud.oc_users",
            "SELECT name FROM (TABLE app.accounts) s",
            "VALUES (1) UNION TABLE app.accounts",
            "SELECT * FROM pg_locks WHERE false UNION ALL TABLE app.accounts",
        ] {
            assert!(!sql_only_reads(bad), "{bad}");
        }
    }
}
