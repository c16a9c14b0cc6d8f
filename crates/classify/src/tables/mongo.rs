//! MongoDB's shells' `--eval` code read as JavaScript, and the monitors
//! `mongostat` and `mongotop` (Database Tools 100.x) by their table.
//!
//! `--eval` is JavaScript, which can do anything; [`js_only_reads`] reads
//! it as a small language of its own: expressions only (no assignment,
//! declaration, block or loop), calls only of the shell's documented
//! readers (`find`, `aggregate`, `countDocuments`, `rs.status`,
//! `db.serverStatus`, `adminCommand` with a command that reads), no
//! method handed on as a value, no stage or operator that writes or runs
//! code on the server. What it accepts is only kept from the database
//! clients' loss verdict (rules/loss.rs): never proven read-only, since
//! two source-reading reviews (110, 111) each found JavaScript that
//! passed and wrote; `mongosh` also sends usage telemetry to MongoDB's
//! servers unless its configuration turns that off
//! (rules/programs/databases.rs).

use super::*;

/// `mongostat [options] [SECONDS]`, `mongotop [options] [SECONDS]`.
const MONGO_MONITOR: Spec = Spec {
    // (`-o FIELDS`, `-O FIELDS`: the columns shown.)
    valued: "hnoO",
    flags: "v",
    long: &[
        "json",
        "discover",
        "all",
        "humanReadable",
        "noheaders",
        "locks",
        "quiet",
        "verbose",
    ],
    long_valued: &["host", "port", "rowcount"],
    operands: Operands::Names {
        at_most: 1,
        test: seconds,
    },
    ..Spec::GNU
};

fn seconds(word: &str) -> bool {
    !word.is_empty() && word.bytes().all(|b| b.is_ascii_digit())
}

pub(super) const ENTRIES: &[Entry] = &[Entry {
    names: &["mongostat", "mongotop"],
    spec: &MONGO_MONITOR,
    read_only: &[
        "mongostat --host 10.0.40.11 --rowcount 5",
        "mongotop --rowcount 3 10",
        "mongostat -o host,insert,query,conn --rowcount 1",
    ],
    not: &["mongostat -u admin -p x", "mongotop --uri mongodb://x"],
}];

/// Methods of the shell, its cursors and JavaScript's own values that
/// only read or format what was read.
#[rustfmt::skip]
const READERS: &[&str] = &[
    // Collections and cursors.
    "find", "findOne", "countDocuments", "estimatedDocumentCount", "count", "distinct",
    "aggregate", "getIndexes", "getIndexKeys", "getIndexSpecs", "stats", "dataSize",
    "storageSize", "totalIndexSize", "totalSize", "isCapped", "latencyStats", "explain",
    "getShardDistribution", "sort", "limit", "skip", "batchSize",
    "hint", "maxTimeMS", "comment", "collation", "allowDiskUse", "readPref", "toArray",
    "itcount", "size", "hasNext", "next", "pretty", "getName", "getFullName",
    // Databases, the server, replica sets and shards.
    "getCollectionNames", "getCollectionInfos", "getCollection", "getSiblingDB", "getName",
    "serverStatus", "serverBuildInfo", "serverCmdLineOpts", "version", "hostInfo", "isMaster",
    "hello", "currentOp", "getProfilingStatus", "getProfilingLevel", "getReplicationInfo",
    "printReplicationInfo", "printSecondaryReplicationInfo", "printSlaveReplicationInfo",
    "printCollectionStats", "printShardingStatus", "getUsers", "getUser", "getRoles", "getRole",
    "getMongo", "getDBNames", "getLogComponents", "getWriteConcern", "getReadConcern",
    "status", "conf", "config", "isBalancerRunning", "getBalancerState", "adminCommand",
    "runCommand",
    // JavaScript's values.
    "map", "forEach", "filter", "reduce", "slice", "keys", "values", "entries", "join",
    "includes", "indexOf", "toString", "toFixed", "toISOString", "toLocaleString", "getTime",
    "valueOf", "stringify", "floor", "round", "ceil", "max", "min", "abs", "log",
    "some", "every", "flat", "concat", "reverse", "toUpperCase", "toLowerCase", "trim",
    "startsWith", "endsWith", "split", "now",
];

/// Names a call may start from: the shell's objects, JavaScript's
/// formatters, MongoDB's value constructors.
#[rustfmt::skip]
const ROOTS: &[&str] = &[
    "db", "rs", "sh", "JSON", "Math", "Object", "Date", "ISODate", "ObjectId", "NumberLong",
    "NumberInt", "NumberDecimal", "UUID", "Timestamp", "print", "printjson", "console", "tojson",
    "Number", "String",
];

/// Commands `adminCommand`/`runCommand` may be given: the server's
/// reports.
#[rustfmt::skip]
const READ_COMMANDS: &[&str] = &[
    "ping", "listDatabases", "serverStatus", "replSetGetStatus", "replSetGetConfig",
    "getParameter", "getLog", "getCmdLineOpts", "buildInfo", "buildinfo", "hostInfo",
    "connectionStatus", "isMaster", "ismaster", "hello", "currentOp", "top", "dbStats",
    "dbstats", "collStats", "listCollections", "listIndexes", "listShards", "balancerStatus",
    "getDefaultRWConcern", "whatsmyuri",
    "usersInfo", "rolesInfo", "lockInfo", "getShardMap", "connPoolStats",
    "shardConnPoolStats", "replSetGetRBID",
];

/// Collections that hold credentials: the users' SCRAM hashes, the keys
/// that sign the cluster's time.
const CREDENTIAL_COLLECTIONS: &[&str] = &["system.users", "system.keys"];

/// Keys whose value names a collection (`$lookup`'s `from`,
/// `$unionWith`): a string written out, none of
/// [`CREDENTIAL_COLLECTIONS`].
const COLLECTION_KEYS: &[&str] = &["from", "coll", "$unionWith"];

/// Keys that write, run code on the server, or print credentials.
const FORBIDDEN_KEYS: &[&str] = &[
    "$out",
    "$merge",
    "$where",
    "$function",
    "$accumulator",
    "showCredentials",
];

/// Whether `code` (a `--eval` script) only reads, in the small language
/// this module reads.
pub(crate) fn js_only_reads(code: &str) -> bool {
    let Some(tokens) = tokenize(code) else {
        return false;
    };
    // (A field or collection named for a credential: UniFi's
    // `x_shadow`, an app's `password`, `apiKey`, `sessions`.)
    // (`$$ROOT`, `$$CURRENT`: the whole document, grouped or pushed;
    // review 110.)
    let credential = tokens.iter().any(|t| match t {
        Tok::Ident(w) | Tok::Str(w) => {
            (!READERS.contains(&w.as_str()) && !ROOTS.contains(&w.as_str()) && names_credential(w))
                || w.contains("$$ROOT")
                || w.contains("$$CURRENT")
        }
        _ => false,
    });
    if credential {
        return false;
    }
    let mut reader = Reader {
        tokens: &tokens,
        at: 0,
        depth: 0,
        params: Vec::new(),
    };
    reader.program().is_some() && reader.at == tokens.len()
}

/// A name that names a credential, in any case.
fn names_credential(word: &str) -> bool {
    const PARTS: &[&str] = &[
        "pass", "pwd", "secret", "token", "shadow", "salt", "hash", "cred", "apikey", "api_key",
        "private", "otp", "mfa", "session", "cookie", "jwt", "bearer", "seed", "mnemonic", "key",
        "auth", "cert", "signing", "recovery",
    ];
    let lower = word.to_ascii_lowercase();
    // (Meteor's `services`: bcrypt hashes and login tokens, in any path,
    // `services.google`, `$services`; reviews 110, 111.)
    PARTS.iter().any(|p| lower.contains(p))
        || lower
            .split(|c: char| !c.is_ascii_alphanumeric() && c != '_')
            .any(|part| part == "services")
}

/// Methods that call what they are given (JavaScript's arrays' and the
/// shell's cursors' `forEach`, `map`, `sort`…, `JSON.stringify`'s
/// replacer): each argument an arrow function or a literal, never a
/// method handed on (`[{}].forEach(db.x.remove, db.x)`; review 111).
const CALLERS: &[&str] = &[
    "forEach",
    "map",
    "filter",
    "reduce",
    "reduceRight",
    "some",
    "every",
    "find",
    "findIndex",
    "findLast",
    "findLastIndex",
    "flatMap",
    "sort",
    "toSorted",
    "stringify",
];

/// What may follow whole documents: the cursor's own shaping and counts.
const CURSOR_ONLY: &[&str] = &[
    "sort",
    "limit",
    "skip",
    "batchSize",
    "hint",
    "maxTimeMS",
    "comment",
    "collation",
    "allowDiskUse",
    "readPref",
    "toArray",
    "explain",
    "count",
    "itcount",
    "size",
    "hasNext",
];

/// Members no read needs, through which code is built or a method is
/// called on another object (`Object.constructor('…')`, `f.call(db.x)`).
const FORBIDDEN_MEMBERS: &[&str] = &[
    "constructor",
    "prototype",
    "__proto__",
    "call",
    "apply",
    "bind",
    "__defineGetter__",
    "__defineSetter__",
    "__lookupGetter__",
    "oplog",
];

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Ident(String),
    Str(String),
    Num(String),
    Punct(&'static str),
}

/// JavaScript's tokens, as far as this language goes; `None` for
/// anything else (a template with `${`, a regular expression, a comment).
fn tokenize(code: &str) -> Option<Vec<Tok>> {
    const PUNCT: &[&str] = &[
        "===", "!==", "...", "=>", "==", "!=", "<=", ">=", "&&", "||", "??", "?.", "(", ")", "[",
        "]", "{", "}", ",", ":", ";", ".", "+", "-", "*", "%", "<", ">", "!", "?", "/",
    ];
    let chars: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
        } else if c.is_ascii_alphabetic() || c == '_' || c == '$' {
            let start = i;
            while i < chars.len() && (chars[i].is_ascii_alphanumeric() || "_$".contains(chars[i])) {
                i += 1;
            }
            out.push(Tok::Ident(chars[start..i].iter().collect()));
        } else if c.is_ascii_digit() {
            let start = i;
            while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '.') {
                i += 1;
            }
            out.push(Tok::Num(chars[start..i].iter().collect()));
        } else if matches!(c, '"' | '\'' | '`') {
            let (text, end) = string_at(&chars, i)?;
            out.push(Tok::Str(text));
            i = end;
        } else {
            let rest: String = chars[i..chars.len().min(i + 3)].iter().collect();
            let p = PUNCT.iter().find(|p| rest.starts_with(**p))?;
            // (A comment or a regular expression: not read.)
            if *p == "/" && matches!(chars.get(i + 1), Some('/' | '*')) {
                return None;
            }
            out.push(Tok::Punct(p));
            i += p.len();
        }
        if out.len() > 4096 {
            return None;
        }
    }
    Some(out)
}

/// The string literal starting at `start` and where it ends; a template
/// with a substitution, or one not closed, is `None`.
fn string_at(chars: &[char], start: usize) -> Option<(String, usize)> {
    let quote = chars[start];
    let mut text = String::new();
    let mut i = start + 1;
    while i < chars.len() {
        match chars[i] {
            // (Only escapes that stand for themselves: `\u0024out` is
            // `$out`; review 110.)
            '\\' => {
                let next = *chars.get(i + 1)?;
                if !matches!(next, '"' | '\'' | '\\' | '`') {
                    return None;
                }
                text.push(next);
                i += 2;
            }
            '$' if quote == '`' && chars.get(i + 1) == Some(&'{') => return None,
            c if c == quote => return Some((text, i + 1)),
            c => {
                text.push(c);
                i += 1;
            }
        }
    }
    None
}

/// Whether a `find` call's words `( FILTER, { a: 1, b: 1 } )` name the
/// fields it returns: a second argument, an object whose every value is
/// `1` or `true` (or `_id: 0`).
fn projects(args: &[Tok]) -> bool {
    // The second argument's opening brace: after the first `,` at depth 1.
    let mut depth = 0;
    let mut at = None;
    for (i, t) in args.iter().enumerate() {
        match t {
            Tok::Punct("(" | "[" | "{") => depth += 1,
            Tok::Punct(")" | "]" | "}") => depth -= 1,
            Tok::Punct(",") if depth == 1 => {
                at = Some(i + 1);
                break;
            }
            _ => {}
        }
    }
    let Some(at) = at else {
        return false;
    };
    let Some(Tok::Punct("{")) = args.get(at) else {
        return false;
    };
    // (At least one field named: `{_id: 0}` alone, or `{}`, returns the
    // whole document; review 110.)
    let includes = args[at + 1..].windows(3).any(|w| match w {
        [Tok::Ident(k) | Tok::Str(k), Tok::Punct(":"), value] => {
            k != "_id"
                && (matches!(value, Tok::Ident(v) if v == "true")
                    || matches!(value, Tok::Num(n) if n == "1"))
        }
        _ => false,
    });
    let mut entries = args[at + 1..].chunks(4);
    includes
        && entries.all(|entry| match entry {
            [Tok::Punct("}"), ..] | [Tok::Punct(")")] => true,
            [
                Tok::Ident(k) | Tok::Str(k),
                Tok::Punct(":"),
                value,
                Tok::Punct("," | "}"),
            ] => {
                matches!(value, Tok::Ident(v) if v == "true")
                    || matches!(value, Tok::Num(n) if n == "1")
                    || (k == "_id" && matches!(value, Tok::Num(n) if n == "0"))
                    || (k == "_id" && matches!(value, Tok::Ident(v) if v == "false"))
            }
            _ => false,
        })
        && matches!(args.last(), Some(Tok::Punct(")")))
}

/// Whether an `aggregate` call's pipeline counts or groups its
/// documents and has no stage that brings whole documents back (`$facet`
/// with an empty branch, `$unionWith`, `$lookup`, `$replaceRoot`; review
/// 111): only [`PLAIN_STAGES`], one of [`SHAPING`] among them.
fn shapes(args: &[Tok]) -> bool {
    let keys: Vec<&str> = args
        .windows(2)
        .filter_map(|w| match (&w[0], &w[1]) {
            (Tok::Ident(k) | Tok::Str(k), Tok::Punct(":")) => Some(k.as_str()),
            _ => None,
        })
        .collect();
    let stages = keys.iter().filter(|k| STAGES.contains(k));
    stages.clone().all(|k| PLAIN_STAGES.contains(k))
        && stages.into_iter().any(|k| SHAPING.contains(k))
}

/// Aggregation stages (MongoDB 7.0's reference).
#[rustfmt::skip]
const STAGES: &[&str] = &[
    "$addFields", "$bucket", "$bucketAuto", "$changeStream", "$collStats", "$count",
    "$currentOp", "$densify", "$documents", "$facet", "$fill", "$geoNear", "$graphLookup",
    "$group", "$indexStats", "$limit", "$listLocalSessions", "$listSessions", "$lookup",
    "$match", "$merge", "$out", "$planCacheStats", "$project", "$redact", "$replaceRoot",
    "$replaceWith", "$sample", "$search", "$searchMeta", "$set", "$setWindowFields",
    "$skip", "$sort", "$sortByCount", "$unionWith", "$unset", "$unwind",
];

/// Stages that bring no other document in.
const PLAIN_STAGES: &[&str] = &[
    "$match",
    "$group",
    "$count",
    "$sort",
    "$limit",
    "$skip",
    "$sortByCount",
    "$bucket",
    "$bucketAuto",
    "$collStats",
    "$indexStats",
    "$unwind",
];

/// Stages whose output is counts or groups.
const SHAPING: &[&str] = &[
    "$group",
    "$count",
    "$sortByCount",
    "$bucket",
    "$bucketAuto",
    "$collStats",
    "$indexStats",
];

struct Reader<'a> {
    tokens: &'a [Tok],
    at: usize,
    depth: usize,
    /// Arrow functions' parameters in scope.
    params: Vec<String>,
}

impl Reader<'_> {
    fn peek(&self) -> Option<&Tok> {
        self.tokens.get(self.at)
    }

    fn eat(&mut self, p: &str) -> bool {
        let hit = matches!(self.peek(), Some(Tok::Punct(q)) if *q == p);
        self.at += usize::from(hit);
        hit
    }

    fn program(&mut self) -> Option<()> {
        loop {
            self.expr()?;
            if !self.eat(";") || self.peek().is_none() {
                return Some(());
            }
        }
    }

    /// An expression: operands joined by binary operators, or a ternary.
    fn expr(&mut self) -> Option<()> {
        self.depth += 1;
        if self.depth > 64 {
            return None;
        }
        self.unary()?;
        while let Some(Tok::Punct(p)) = self.peek() {
            let binary = [
                "===", "!==", "==", "!=", "<=", ">=", "&&", "||", "??", "+", "-", "*", "%", "<",
                ">", "/",
            ];
            if binary.contains(p) {
                self.at += 1;
                self.unary()?;
            } else if *p == "?" {
                self.at += 1;
                self.expr()?;
                self.eat(":").then_some(())?;
                self.expr()?;
            } else {
                break;
            }
        }
        self.depth -= 1;
        Some(())
    }

    fn unary(&mut self) -> Option<()> {
        while self.eat("!") || self.eat("-") {}
        self.postfix()
    }

    /// A primary value and what follows it: members, indexes, calls.
    fn postfix(&mut self) -> Option<()> {
        // The name a call would call: the last member's, or the root's.
        let mut callee = self.primary()?;
        // Whether the chain so far yields whole documents (`find()`
        // without a projection, a pipeline that shapes nothing), which
        // may hold any application's credentials; a count of them does
        // not.
        let mut whole = false;
        // Whether the chain names one of the shell's objects or methods
        // without calling it: a method handed on is called by whatever
        // takes it (`[d].forEach(db.orders.insertOne, db.orders)`;
        // review 110).
        let mut uncalled = callee.as_deref().is_some_and(|n| ROOTS.contains(&n));
        loop {
            if self.eat(".") || self.eat("?.") {
                let Some(Tok::Ident(name)) = self.peek().cloned() else {
                    return None;
                };
                // (`db.system.users`: the collection of credentials.)
                let member = format!("{}.{name}", callee.as_deref().unwrap_or(""));
                if CREDENTIAL_COLLECTIONS.contains(&member.as_str())
                    || FORBIDDEN_MEMBERS.contains(&name.as_str())
                {
                    return None;
                }
                whole &= name != "length";
                callee = Some(name);
                self.at += 1;
            } else if self.eat("[") {
                // Only an index written out (`members[0]`), never a name
                // (`db['system.users']`, `getDB[k]` with `k` bound to
                // `'constructor'`; review 111).
                if !matches!(self.peek(), Some(Tok::Num(_))) {
                    return None;
                }
                self.at += 1;
                self.eat("]").then_some(())?;
                callee = None;
            } else if matches!(self.peek(), Some(Tok::Punct("("))) {
                let name = callee.take()?;
                // (Whole documents only sorted, limited or counted: a
                // callback would see, and may print, each; review 110.)
                if whole && !CURSOR_ONLY.contains(&name.as_str()) {
                    return None;
                }
                let start = self.at;
                self.call(&name)?;
                uncalled = false;
                let args = &self.tokens[start..self.at];
                whole = match name.as_str() {
                    "find" | "findOne" => !projects(args),
                    "aggregate" => !shapes(args),
                    "count" | "itcount" | "size" | "explain" | "hasNext" | "countDocuments" => {
                        false
                    }
                    _ => whole,
                };
            } else {
                return (!whole && !uncalled).then_some(());
            }
        }
    }

    /// A call of `name`: one that reads, with arguments that do too.
    fn call(&mut self, name: &str) -> Option<()> {
        // (Never a parameter: it may be any function, `Function` itself;
        // review 110.)
        let known = READERS.contains(&name) || (ROOTS.contains(&name) && name != "db");
        if !known {
            return None;
        }
        self.eat("(").then_some(())?;
        let command = matches!(name, "adminCommand" | "runCommand");
        let named = matches!(name, "getCollection" | "getSiblingDB");
        let caller = CALLERS.contains(&name);
        let mut first = true;
        while !self.eat(")") {
            if !first {
                self.eat(",").then_some(())?;
                if self.eat(")") {
                    break;
                }
            }
            if command && first {
                self.command()?;
            } else if named && first {
                self.collection_name()?;
            } else if caller && !(name == "stringify" && first) {
                self.inert_argument()?;
            } else {
                self.expr()?;
            }
            first = false;
        }
        (!command || !first).then_some(())
    }

    /// An argument a caller may call: an arrow function, or a value that
    /// is no function (a literal, an object, an array), alone: not `null
    /// || db.x.remove`.
    fn inert_argument(&mut self) -> Option<()> {
        let inert = match self.peek()? {
            Tok::Num(_) | Tok::Str(_) | Tok::Punct("{" | "[") => true,
            Tok::Ident(w) => {
                matches!(w.as_str(), "true" | "false" | "null")
                    || matches!(self.tokens.get(self.at + 1), Some(Tok::Punct("=>")))
            }
            // (A parenthesis only as an arrow's parameters.)
            Tok::Punct("(") => self.arrow_ahead(),
            _ => false,
        };
        inert.then_some(())?;
        self.primary()?;
        matches!(self.peek(), Some(Tok::Punct("," | ")"))).then_some(())
    }

    /// Whether `( a, b ) =>` starts here.
    fn arrow_ahead(&self) -> bool {
        let mut at = self.at + 1;
        while let Some(Tok::Ident(_)) = self.tokens.get(at) {
            at += 1;
            if self.tokens.get(at) != Some(&Tok::Punct(",")) {
                break;
            }
            at += 1;
        }
        self.tokens.get(at) == Some(&Tok::Punct(")"))
            && self.tokens.get(at + 1) == Some(&Tok::Punct("=>"))
    }

    /// A collection's or database's name, written out, none that holds
    /// credentials.
    fn collection_name(&mut self) -> Option<()> {
        match self.peek()? {
            Tok::Str(name)
                if !CREDENTIAL_COLLECTIONS.contains(&name.as_str())
                    && !name.starts_with("system")
                    && !name.starts_with("oplog")
                    && name != "local" =>
            {
                self.at += 1;
                Some(())
            }
            _ => None,
        }
    }

    /// `adminCommand`'s document (or name): its first key a command
    /// that reads.
    fn command(&mut self) -> Option<()> {
        let name = match (self.peek()?.clone(), self.tokens.get(self.at + 1)) {
            (Tok::Str(s), _) => {
                self.at += 1;
                return READ_COMMANDS.contains(&s.as_str()).then_some(());
            }
            (Tok::Punct("{"), Some(Tok::Ident(k) | Tok::Str(k))) => k.clone(),
            _ => return None,
        };
        READ_COMMANDS.contains(&name.as_str()).then_some(())?;
        // The document itself, nothing made of it (`{ping: 1} && {…}`;
        // review 110).
        self.at += 1;
        self.object()?;
        matches!(self.peek(), Some(Tok::Punct("," | ")"))).then_some(())
    }

    /// A literal, a name, an array, an object, a parenthesised
    /// expression or an arrow function; the name a call of it calls.
    fn primary(&mut self) -> Option<Option<String>> {
        let tok = self.peek()?.clone();
        self.at += 1;
        match tok {
            Tok::Num(_) | Tok::Str(_) => Some(None),
            Tok::Ident(name) if name == "new" => {
                let Some(Tok::Ident(class)) = self.peek().cloned() else {
                    return None;
                };
                self.at += 1;
                matches!(class.as_str(), "Date" | "ISODate" | "ObjectId").then_some(())?;
                Some(Some(class))
            }
            Tok::Ident(name) if matches!(self.peek(), Some(Tok::Punct("=>"))) => {
                self.at += 1;
                self.arrow_body(vec![name])
            }
            Tok::Ident(name) => match name.as_str() {
                "true" | "false" | "null" | "undefined" => Some(None),
                _ if ROOTS.contains(&name.as_str()) || self.params.contains(&name) => {
                    Some(Some(name))
                }
                _ => None,
            },
            Tok::Punct("(") => self.parenthesised(),
            Tok::Punct("[") => {
                self.list("]")?;
                Some(None)
            }
            Tok::Punct("{") => {
                self.object()?;
                Some(None)
            }
            _ => None,
        }
    }

    /// `( expr )`, or an arrow function's parameters `(a, b) => …`.
    fn parenthesised(&mut self) -> Option<Option<String>> {
        let start = self.at;
        let mut names = Vec::new();
        while let Some(Tok::Ident(n)) = self.peek().cloned() {
            self.at += 1;
            names.push(n);
            if !self.eat(",") {
                break;
            }
        }
        if self.eat(")") && self.eat("=>") {
            return self.arrow_body(names);
        }
        self.at = start;
        self.expr()?;
        self.eat(")").then_some(())?;
        Some(None)
    }

    /// An arrow function's body: an expression (no block), its
    /// parameters in scope.
    fn arrow_body(&mut self, names: Vec<String>) -> Option<Option<String>> {
        // (No parameter named as a reader or a root: a call of it would
        // pass as theirs, `parse => parse('…')`; review 111.)
        if names
            .iter()
            .any(|n| ROOTS.contains(&n.as_str()) || READERS.contains(&n.as_str()))
        {
            return None;
        }
        let before = self.params.len();
        self.params.extend(names);
        let body = self.expr();
        self.params.truncate(before);
        body.map(|()| None)
    }

    fn list(&mut self, end: &str) -> Option<()> {
        while !self.eat(end) {
            self.eat("...");
            self.expr()?;
            if !self.eat(",") {
                return self.eat(end).then_some(());
            }
        }
        Some(())
    }

    /// `{ key: value, shorthand, ...spread }`, no key that writes.
    fn object(&mut self) -> Option<()> {
        while !self.eat("}") {
            if self.eat("...") {
                self.expr()?;
            } else {
                let key = match self.peek()?.clone() {
                    Tok::Ident(k) | Tok::Str(k) => k,
                    Tok::Num(_) => String::new(),
                    _ => return None,
                };
                if FORBIDDEN_KEYS.contains(&key.as_str()) {
                    return None;
                }
                self.at += 1;
                if self.eat(":") {
                    let names_collection = COLLECTION_KEYS.contains(&key.as_str())
                        && !matches!(self.peek(), Some(Tok::Punct("{")));
                    if names_collection {
                        self.collection_name()?;
                    } else {
                        self.expr()?;
                    }
                } else if !self.params.contains(&key) {
                    return None;
                }
            }
            if !self.eat(",") {
                return self.eat("}").then_some(());
            }
        }
        Some(())
    }
}

#[cfg(test)]
mod tests {
    use super::js_only_reads;

    #[test]
    fn reads_the_shells_reports() {
        for code in [
            "db.adminCommand({ping: 1})",
            "rs.status().members.map(m => [m.name, m.stateStr, m.optimeDate])",
            "rs.printSecondaryReplicationInfo()",
            "JSON.stringify(rs.conf().members, null, 2)",
            "db.hello().isWritablePrimary",
            "db.serverStatus().connections",
            "db.adminCommand({listDatabases: 1}).databases",
            "db.stats(1024 * 1024)",
            "db.orders.countDocuments({status: \"pending\"})",
            "db.orders.find({}, {_id: 1, status: 1}).sort({_id: -1}).limit(5)",
            "db.orders.aggregate([{$group: {_id: \"$status\", n: {$sum: 1}}}])",
            "db.currentOp({active: true, secs_running: {$gt: 5}})",
            "db.orders.find({status: \"pending\"}).explain(\"executionStats\").executionStats",
            "db.adminCommand({getLog: \"global\"}).log.slice(-20)",
            "db.getSiblingDB('admin').getUsers()",
            "db.adminCommand('ping'); db.getCollectionNames()",
            "db.x.find({t: {$gte: new Date(Date.now() - 3600 * 1000)}}).count()",
            "db.getCollection('orders').find({}, {name: 1}).limit(1)",
            "db.getCollection('orders').find().count()",
            "db.device.find({}, {name: 1, mac: 1, _id: 0}).limit(10).toArray()",
            "db.orders.find({}).itcount()",
            "db.orders.find().toArray().length",
        ] {
            assert!(js_only_reads(code), "{code}");
        }
    }

    #[test]
    fn refuses_review_110s_ways_around() {
        for code in [
            // Review 110: code built from a string, a writer handed on as a
            // callback, a command document made of two, escapes, whole
            // documents in other shapes, the oplog.
            "[Object.constructor].map(F => F('return 1')).map(f => f())",
            "[Date.constructor].map(F => F('x'))",
            "[{a: 1}].forEach(db.orders.insertOne, db.orders)",
            "[{a: 1}].some(db.orders.createIndex, db.orders)",
            "db.runCommand({ping: 1} && {insert: 'orders', documents: [{a: 1}]})",
            "db.adminCommand({ping: 1} ? {replSetStepDown: 60} : 0)",
            "db.adminCommand({features: 1, oidReset: 1})",
            "db.orders.aggregate([{$group: {_id: '$a'}}, {'\\u0024out': 'orders'}])",
            "db.orders.aggregate([{$group: {_id: '$a'}}, Object.fromEntries([['$merge', {into: 't'}]])])",
            "db.getUsers({'show\\u0043redentials': true})",
            "db.getSiblingDB('admin').getCollection('system').users.find({}, {name: 1})",
            "db.getSiblingDB('local').oplog.rs.find({op: 'i'}, {ns: 1, o: 1})",
            "db.getSiblingDB('local').getCollection('oplog.rs').find({}, {o: 1})",
            "db.users.find({}, {_id: 0})",
            "db.users.find({}, {})",
            "db.users.findOne({}, {_id: false})",
            "db.users.find({}, {name: 1}).projection({})",
            "db.users.find().map(printjson).itcount()",
            "db.users.find().toArray().map(d => print(d)).length",
            "db.users.aggregate([{$group: {_id: '$$ROOT'}}])",
            "db.users.aggregate([{$group: {_id: null, all: {$push: '$$ROOT'}}}])",
            "db.users.aggregate([{$match: {note: '$group'}}])",
            "db.users.find({}, {services: 1})",
            "rs.status",
            "printjson",
            // Review 111: a name bound at run time, a parameter named as a
            // reader, a writer handed to a caller, whole documents joined.
            "['constructor'].map(k => db.getMongo().getDB[k])",
            "[1].map(parse => parse('x'))",
            "[{}].forEach(db.getCollection('orders').remove, db.getCollection('orders'))",
            "[{}].forEach(x => 1, null || db.getCollection('orders').remove)",
            "db.orders.aggregate([{$count: 'n'}, JSON.parse('{\"$out\": \"orders\"}')])",
            "db.users.aggregate([{$facet: {all: [], n: [{$count: 'n'}]}}])",
            "db.orders.aggregate([{$count: 'n'}, {$unionWith: 'users'}])",
            "db.orders.aggregate([{$group: {_id: '$u'}}, {$lookup: {from: 'users', localField: '_id', foreignField: '_id', as: 'u'}}])",
            "db.users.find({}, {'services.google': 1})",
            "db.orders.find({}, {name: 1}).forEach(printjson)",
        ] {
            assert!(!js_only_reads(code), "{code}");
        }
    }

    #[test]
    fn refuses_writers_code_and_credentials() {
        for code in [
            "db.orders.drop()",
            "db.dropDatabase()",
            "db.orders.deleteMany({})",
            "db.orders.find().forEach(d => db.archive.insertOne(d))",
            "db.orders.aggregate([{$out: 'x'}])",
            "db.orders.aggregate([{'$merge': {into: 'x'}}])",
            "db.orders.find({$where: 'sleep(100000)'})",
            "db.getUsers({showCredentials: true})",
            "db.adminCommand({shutdown: 1})",
            "db.adminCommand({setParameter: 1, logLevel: 5})",
            "db.adminCommand('shutdown')",
            "db.runCommand({usersInfo: 1, showCredentials: true})",
            "db.sessions.explain('executionStats').remove({})",
            "x = 1",
            "var x = db.stats()",
            "db.orders['drop']()",
            "db.constructor.constructor('return process')()",
            "[].constructor.constructor('x')()",
            "load('/tmp/x.js')",
            "require('child_process')",
            "process.exit(1)",
            "db.x.find().forEach(function (d) { db.y.insert(d) })",
            "`${db.dropDatabase()}`",
            "db.x.find() // db.x.drop()",
            "db.x.find(/a/)",
            "(db) => db.dropDatabase()",
            "db.adminCommand()",
            "db.getSiblingDB('admin').system.users.find()",
            "db.getSiblingDB('admin').getCollection('system.users').find()",
            "db.getSiblingDB('admin')['system.users'].find()",
            "db.getCollectionNames().forEach(c => printjson(db.getCollection(c).find().toArray()))",
            "db.getCollection('system.' + 'users').find()",
            "db.x.aggregate([{$lookup: {from: 'system.users', localField: 'a', foreignField: 'b', as: 'c'}}])",
            "db.x.aggregate([{$unionWith: 'system.keys'}])",
            "db.x.aggregate([{$unionWith: {coll: 'system.users'}}])",
            "db.runCommand({find: 'system.users'})",
            "'x'.padStart(1e10)",
            // Whole documents, or fields named for credentials.
            "db.admin.find({}, {name: 1, x_shadow: 1})",
            "db.admin.find()",
            "db.users.findOne({name: 'a'})",
            "db.users.find({}, {password: 0})",
            "db.users.find({}, {name: 1, hash: 1})",
            "db.orders.aggregate([{$match: {status: 'done'}}])",
            "db.users.distinct('apiKey')",
            "db.system.profile.find().sort({ts: -1}).limit(5)",
            "db.x.find().forEach(d => printjson(d))",
            "{",
            "",
        ] {
            assert!(!js_only_reads(code), "{code}");
        }
    }
}
