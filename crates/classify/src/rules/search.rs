//! What a recursive search prints: every line of every file it reads, or
//! only the lines that hold a plain word, or only names and counts. A
//! folder that holds secrets by place (`/etc`, `/root`) is refused to any
//! search; any other tree not known public only to a search that may
//! print a secret line, since a file secret by its name alone (an app's
//! `.env`, `tls.key`) may sit anywhere in it (`grep -r . /srv`), but a
//! line holding `listen` or `proxy_pass` is no secret
//! (`grep -rn listen /etc/nginx`). grep(1) (GNU grep 3.8), rg(1)
//! (ripgrep 13), ag(1) (the_silver_searcher 2.2), diff(1) (GNU 3.8).

use crate::secret_paths::SettingsFormat;

/// Words no line holding a secret needs to be found by: a search for
/// one of these (any case, inside a longer word too) may print secrets.
const SECRET_WORDS: &[&str] = &[
    "pass",
    "pwd",
    "secret",
    "token",
    "key",
    "auth",
    "cred",
    "priv",
    "begin",
    "bearer",
    "cookie",
    "salt",
    "aws",
    "dsn",
    "psk",
    "otp",
    "url",
    "jwt",
    "ldap",
    "smtp",
    "cert",
    "sig",
    "http",
    "postgres",
    "mysql",
    "mongo",
    "redis",
    "amqp",
    "ftp",
    "session",
    "login",
    // Prefixes of tokens as services issue them.
    "ghp_",
    "gho_",
    "ghs_",
    "ghu_",
    "github_pat",
    "glpat",
    "sk_",
    "pk_",
    "rk_",
    "xox",
    "akia",
    "asia",
    "eyj",
    "hvs",
    "npm_",
    "pypi-",
    "dop_v1",
];

/// Longer secret words: a part of one (`assword`, `ecret`, `reshared`)
/// finds the same lines.
const SECRET_WORDS_WHOLE: &[&str] = &[
    "password",
    "passwd",
    "passphrase",
    "secret",
    "token",
    "apikey",
    "api_key",
    "private",
    "privatekey",
    "presharedkey",
    "preshared",
    "credential",
    "credentials",
    "authorization",
    "bearer",
    "cookie",
    "certificate",
    "signature",
    "session",
    "connection",
    "connstr",
];

/// Long options that take no value, per program family: any other long
/// option (an abbreviation, one this list does not know) may take the
/// next word as its value, so the pattern is no longer known.
const KNOWN_LONG_FLAGS: &[&str] = &[
    "--recursive",
    "--dereference-recursive",
    "--ignore-case",
    "--no-ignore-case",
    "--word-regexp",
    "--line-regexp",
    "--line-number",
    "--with-filename",
    "--no-filename",
    "--count",
    "--files-with-matches",
    "--files-without-match",
    "--files-without-matches",
    "--only-matching",
    "--quiet",
    "--silent",
    "--no-messages",
    "--byte-offset",
    "--initial-tab",
    "--null",
    "--text",
    "--fixed-strings",
    "--basic-regexp",
    "--extended-regexp",
    "--perl-regexp",
    "--color",
    "--colour",
    "--line-buffered",
    "--hidden",
    "--no-ignore",
    "--no-ignore-vcs",
    "--no-ignore-dot",
    "--no-ignore-parent",
    "--no-ignore-global",
    "--smart-case",
    "--case-sensitive",
    "--no-line-number",
    "--heading",
    "--no-heading",
    "--vimgrep",
    "--json",
    "--trim",
    "--stats",
    "--files",
    "--crlf",
    "--no-config",
    "--one-file-system",
    "--count-matches",
    "--brief",
    "--unified",
    "--new-file",
    "--ignore-all-space",
    "--ignore-space-change",
    "--ignore-blank-lines",
    "--expand-tabs",
    "--report-identical-files",
    "--ignore-file-name-case",
    "--no-ignore-file-name-case",
    "--literal",
    "--numbers",
    "--nonumbers",
    "--noheading",
    "--nocolor",
    "--filename",
    "--nofilename",
    "--case-sensitive",
    "--smart-case",
    "--word-regexp",
];

/// Name globs whose files are no secrets by convention: documentation,
/// web pages, pictures, examples. Any other glob (`*.conf` takes in
/// `wg0.conf`, `*.toml` a runner's token) narrows nothing.
const NOT_SECRET_EXTENSIONS: &[&str] = &[
    "md", "markdown", "rst", "adoc", "html", "htm", "css", "svg", "png", "jpg", "jpeg", "gif",
    "ico", "webp", "pdf", "woff", "woff2", "ttf", "example", "sample", "dist", "template", "tmpl",
    "po", "pot", "mo", "lock", "log",
    // Packages and compiled code: public by nature. (Not disk images or
    // backups, `raw`, `qcow2`, `img`, `vma`, `iso`: a guest's disk holds
    // its shadow file and keys, and its cloud-init image its passwords.
    // The readers of their headers only, `qemu-img info`, `file`, show
    // no contents and need no narrowing.)
    "deb", "rpm", "so", "o", "a", "pyc",
];

/// Configuration keywords that hold a secret word but name no secret:
/// nginx's upstream directives.
const NOT_SECRET_WORDS: &[&str] = &[
    "proxy_pass",
    "fastcgi_pass",
    "uwsgi_pass",
    "scgi_pass",
    "grpc_pass",
    "memcached_pass",
    // Privilege settings (LXC's `unprivileged`, compose's `privileged`),
    // sudoers' tag, login.defs' ageing settings, a PCI passthrough, FTP's
    // passive ports (blind corpus 37).
    "privileged",
    "unprivileged",
    "privilege",
    "privileges",
    "nopasswd",
    "pass_max_days",
    "pass_min_days",
    "pass_warn_age",
    "pass_min_len",
    "passthrough",
    "passive",
    // The kernel's and systemd's sandbox settings (`/proc/PID/status`'s
    // `NoNewPrivs`, `PrivateTmp=`; blind corpus 165).
    "nonewprivs",
    "no_new_privs",
    "nonewprivileges",
    "privatetmp",
    "privatedevices",
    "privatenetwork",
    "privateusers",
    "privatemounts",
    "privateipc",
    // ZFS's resumable receive's state (GUIDs and offsets; blind corpus
    // 214).
    "receive_resume_token",
];

/// Options that take a value, per program (their values are no operand).
pub(super) fn valued(program: &str) -> &'static [&'static str] {
    match program {
        "rg" => &[
            "-e",
            "-f",
            "-g",
            "-t",
            "-T",
            "-E",
            "-j",
            "-M",
            "-r",
            "-m",
            "-A",
            "-B",
            "-C",
            "-d",
            "--regexp",
            "--file",
            "--glob",
            "--iglob",
            "--type",
            "--type-not",
            "--encoding",
            "--threads",
            "--max-columns",
            "--replace",
            "--pre",
            "--pre-glob",
            "--type-add",
            "--type-clear",
            "--sort",
            "--sortr",
            "--max-depth",
            "--max-filesize",
            "--color",
            "--colors",
            "--context-separator",
            "--field-match-separator",
            "--field-context-separator",
            "--path-separator",
            "--max-count",
            "--after-context",
            "--before-context",
            "--context",
            "--engine",
            "--dfa-size-limit",
            "--regex-size-limit",
            "--ignore-file",
        ],
        "ag" | "ack" | "ack-grep" | "ugrep" | "pt" | "sift" => &[
            "-A",
            "-B",
            "-C",
            "-G",
            "-g",
            "-m",
            "-p",
            "-W",
            "--depth",
            "--file-search-regex",
            "--after",
            "--before",
            "--context",
            "--max-count",
            "--path-to-ignore",
            "--ignore",
            "--ignore-dir",
            "--width",
            "--pager",
            "--type",
            "-t",
        ],
        "diff" => &[
            "-C",
            "-D",
            "-F",
            "-I",
            "-L",
            "-S",
            "-W",
            "-x",
            "-X",
            "--label",
            "--exclude",
            "--exclude-from",
            "--starting-file",
            "--ignore-matching-lines",
            "--width",
            "--show-function-line",
            "--ifdef",
            "--tabsize",
            "--horizon-lines",
            "--palette",
        ],
        _ => &[
            "-e",
            "-f",
            "-d",
            "-D",
            "-A",
            "-B",
            "-C",
            "-m",
            "--directories",
            "--devices",
            "--include",
            "--exclude",
            "--exclude-dir",
            "--regexp",
            "--file",
            "--label",
            "--context",
            "--after-context",
            "--before-context",
            "--binary-files",
            "--group-separator",
            "--max-count",
            "--exclude-from",
        ],
    }
}

/// Short options that take a value, as letters: a cluster's flags end at
/// the first (`-equery` is `-e query`).
fn valued_letters(program: &str) -> &'static str {
    match program {
        "rg" => "ABCEMTdefgjmrt",
        "diff" => "CDFILSWxX",
        "ag" | "ack" | "ack-grep" | "ugrep" | "pt" | "sift" => "ABCGgmpWt",
        _ => "ABCDdefm",
    }
}

/// One word of a search's command line, as its option parser reads it.
#[derive(Debug)]
enum Word<'a> {
    /// A short cluster: its flags, and the valued letter ending it with
    /// its value (`-rie.`: flags `ri`, `e` = `.`).
    Short {
        flags: String,
        valued: Option<(char, Option<&'a str>)>,
    },
    /// A long option, with its value (`--regexp=x`, or the next word when
    /// it takes one).
    Long {
        name: &'a str,
        value: Option<&'a str>,
    },
    Operand(&'a str),
}

/// A search's words (literal, options included), read once.
pub(crate) struct Search<'a> {
    program: String,
    words: Vec<Word<'a>>,
}

impl<'a> Search<'a> {
    pub(crate) fn new(program: &str, words: &[&'a str]) -> Self {
        let letters = valued_letters(program);
        let long_valued = valued(program);
        let mut parsed = Vec::new();
        let mut i = 0;
        let mut rest = false;
        while let Some(&w) = words.get(i) {
            i += 1;
            if rest || !w.starts_with('-') || w == "-" {
                parsed.push(Word::Operand(w));
            } else if w == "--" {
                rest = true;
            } else if let Some(long) = w.strip_prefix("--") {
                let (name, value) = match long.split_once('=') {
                    Some((n, v)) => (&w[..n.len() + 2], Some(v)),
                    None if long_valued.contains(&w) => {
                        i += 1;
                        (w, words.get(i - 1).copied())
                    }
                    None => (w, None),
                };
                parsed.push(Word::Long { name, value });
            } else {
                let cluster = &w[1..];
                let flags: String = cluster
                    .chars()
                    .take_while(|c| !letters.contains(*c))
                    .collect();
                let valued = cluster[flags.len()..].chars().next().map(|letter| {
                    let attached = &cluster[flags.len() + letter.len_utf8()..];
                    if attached.is_empty() {
                        i += 1;
                        (letter, words.get(i - 1).copied())
                    } else {
                        (letter, Some(attached))
                    }
                });
                parsed.push(Word::Short { flags, valued });
            }
        }
        Search {
            program: program.to_string(),
            words: parsed,
        }
    }

    fn flags(&self) -> String {
        self.words
            .iter()
            .filter_map(|w| match w {
                Word::Short { flags, .. } => Some(flags.as_str()),
                _ => None,
            })
            .collect()
    }

    fn longs(&self) -> impl Iterator<Item = &str> {
        self.words.iter().filter_map(|w| match w {
            Word::Long { name, .. } => Some(*name),
            _ => None,
        })
    }

    /// Values of the option `letter`/`long` (`-e X`, `-eX`, `-rie.`,
    /// `--regexp=X`, `--regexp X`).
    fn values(&self, letter: char, long: &str) -> Vec<&'a str> {
        self.words
            .iter()
            .filter_map(|w| match w {
                Word::Short {
                    valued: Some((l, value)),
                    ..
                } if *l == letter => *value,
                Word::Long { name, value } if *name == long => *value,
                _ => None,
            })
            .collect()
    }

    /// The words that are no option and no option's value.
    pub(crate) fn operands(&self) -> Vec<&'a str> {
        self.words
            .iter()
            .filter_map(|w| match w {
                Word::Operand(o) => Some(*o),
                _ => None,
            })
            .collect()
    }

    /// The patterns searched for, and whether they are all known
    /// (`-f FILE` reads them from a file).
    fn patterns(&self) -> (Vec<&'a str>, bool) {
        let file = !self.values('f', "--file").is_empty();
        let given = self.values('e', "--regexp");
        if !given.is_empty() || file {
            return (given, !file);
        }
        if self.program == "diff" {
            return (Vec::new(), false);
        }
        (self.operands().into_iter().take(1).collect(), true)
    }

    /// The folders searched: the operands after the pattern (`rg
    /// --files` has none).
    pub(crate) fn folders(&self) -> Vec<&'a str> {
        let operands = self.operands();
        let pattern_first = self.program != "diff"
            && !(self.program == "rg" && self.longs().any(|l| l == "--files"))
            && self.values('e', "--regexp").is_empty()
            && self.values('f', "--file").is_empty();
        operands
            .get(usize::from(pattern_first)..)
            .unwrap_or(&[])
            .to_vec()
    }

    /// Only names or counts are printed (`grep -rl`, `rg --files`,
    /// `diff -rq`).
    pub(crate) fn names_only(&self) -> bool {
        let flags = self.flags();
        match self.program.as_str() {
            "diff" => flags.contains('q') || self.longs().any(|l| l == "--brief"),
            _ => {
                // (rg's `-L` follows links; grep's and ag's list names.)
                let letters: &[char] = if self.program == "rg" {
                    &['l', 'c', 'q']
                } else {
                    &['l', 'L', 'c', 'q']
                };
                flags.contains(letters)
                    || self.longs().any(|l| {
                        matches!(
                            l,
                            "--files-with-matches"
                                | "--files-without-match"
                                | "--files-without-matches"
                                | "--count"
                                | "--count-matches"
                                | "--quiet"
                                | "--silent"
                                | "--files"
                        )
                    })
            }
        }
    }

    /// Whether grep (or diff) walks its folders: `-r`, `-R`, a long
    /// option that abbreviates `--recursive` or `--dereference-recursive`,
    /// or `--directories` (any abbreviation, `-d`) `recurse`, read as
    /// grep's options are (a `--` ends them; `-e --` is a pattern).
    pub(crate) fn recursive(&self) -> bool {
        let long =
            |given: &str, full: &str, least: usize| given.len() >= least && full.starts_with(given);
        let letters: &[char] = if self.program == "diff" {
            &['r']
        } else {
            &['r', 'R']
        };
        // (`-d rec`: gnulib's argmatch takes any unambiguous prefix.)
        let recurse = |v: &str| v.len() >= 3 && "recurse".starts_with(v);
        self.flags().contains(letters)
            || self.values('d', "--directories").into_iter().any(recurse)
            || self.words.iter().enumerate().any(|(i, w)| match w {
                Word::Long { name, value } => {
                    long(name, "--recursive", 5)
                        || (self.program != "diff" && long(name, "--dereference-recursive", 5))
                        || (self.program != "diff"
                            && long(name, "--directories", 4)
                            && value
                                .or(match self.words.get(i + 1) {
                                    Some(Word::Operand(next)) => Some(*next),
                                    _ => None,
                                })
                                .is_some_and(recurse))
                }
                _ => false,
            })
    }

    /// Symbolic links are followed (`grep -R`, `rg -L`): a public tree
    /// may lead anywhere (a package's config linked from `/etc`).
    fn follows_links(&self) -> bool {
        let letter = match self.program.as_str() {
            "rg" => 'L',
            "ag" | "ack" | "ack-grep" | "ugrep" | "pt" | "sift" => 'f',
            _ => 'R',
        };
        self.flags().contains(letter)
            || self
                .longs()
                .any(|l| matches!(l, "--dereference-recursive" | "--follow"))
    }

    /// Whether searching the folder (or folder glob) `path` may print a
    /// secret: a search that may print a secret line reaches one in any
    /// tree not known public (in any tree at all when it follows links);
    /// any search, in a folder that holds secrets by place.
    pub(crate) fn reaches_secret(&self, path: &str) -> bool {
        // A walk that reads devices (`-R`, `-D read`) opens every node
        // under `/dev`: the watchdog, serial lines, raw disks (thirty-eighth
        // review).
        if self.reads_devices()
            && crate::secret_paths::walk_may_reach_acting(
                path,
                false,
                &crate::secret_paths::Folders::home(),
            )
        {
            return true;
        }
        // (Lines are printed, not names or counts.)
        // (`-o` with a plain word prints only that word; a setting's name
        // whose lines hold no credential prints only those settings.)
        // (A setting's whole line may hold a credential too: a command
        // line, one-line JSON; thirty-eighth review.)
        let lines = !self.names_only() && !self.narrowed_by_name() && !self.only_matching();
        match (
            self.may_print_secret_lines(),
            path.contains(['*', '?', '[']),
        ) {
            (true, _) => self.follows_links() || crate::secret_paths::tree_may_hold_secrets(path),
            (false, true) => {
                crate::secret_paths::folder_pattern_holds_secrets(path)
                    || (lines && crate::secret_paths::tree_may_hold_secrets(path))
            }
            (false, false) => {
                crate::secret_paths::folder_holds_secrets(path)
                    || (lines && crate::secret_paths::tree_may_hold_secrets(path))
            }
        }
    }

    /// Whether the walk reads device nodes: it follows links (`-R`,
    /// which reads devices by default), or is told to (`-D read`,
    /// `--devices=read`).
    fn reads_devices(&self) -> bool {
        self.follows_links() || self.values('D', "--devices").contains(&"read")
    }

    /// Only the matched text is printed (`-o`, `--only-matching`).
    fn only_matching(&self) -> bool {
        self.flags().contains('o')
            || self
                .words
                .iter()
                .any(|w| matches!(w, Word::Long { name, .. } if *name == "only-matching"))
    }

    /// Lines other than the matching ones may be printed: context (`-A`,
    /// `-C 3`, `-5`, `-r999`), inverted matches, whole files as one line
    /// (`-z`), every line (`--passthru`), matches across lines, or an
    /// option this reading does not know (it may take the pattern as its
    /// value).
    /// Lines around a match are printed (`-A`, `-B`, `-C`, `-3`,
    /// `--context`).
    fn prints_context(&self) -> bool {
        self.flags().chars().any(|c| c.is_ascii_digit())
            || self.words.iter().any(|w| match w {
                Word::Short {
                    valued: Some((l, _)),
                    ..
                } => matches!(l, 'A' | 'B' | 'C'),
                Word::Long { name, .. } => ["--context", "--after-context", "--before-context"]
                    .iter()
                    .any(|full| name.len() >= 4 && full.starts_with(name)),
                _ => false,
            })
    }

    fn prints_other_lines(&self) -> bool {
        let flags = self.flags();
        flags.contains(['v', 'z', 'U'])
            || flags.chars().any(|c| c.is_ascii_digit())
            || self.words.iter().any(|w| {
                matches!(w, Word::Short { valued: Some((l, _)), .. } if matches!(l, 'A' | 'B' | 'C'))
            })
            || self.words.iter().any(|w| match w {
                Word::Long { name, value: None } => !KNOWN_LONG_FLAGS.contains(name),
                Word::Long { name, .. } => name.starts_with("--context")
                    || name.starts_with("--after")
                    || name.starts_with("--before"),
                _ => false,
            })
    }

    /// Only files with names that are no secret are read: every name glob
    /// given (`rg -g '*.md'`, `grep --include='*.html'`) ends in an
    /// extension from [`NOT_SECRET_EXTENSIONS`]. (`!` globs exclude, and
    /// narrow nothing; a brace list may hold anything.)
    fn narrowed_by_name(&self) -> bool {
        let mut globs = self.values('g', "--glob");
        globs.extend(self.values('\0', "--iglob"));
        globs.extend(self.values('\0', "--include"));
        let globs: Vec<&str> = globs
            .into_iter()
            .map(|g| g.trim_matches(['\'', '"']))
            .filter(|g| !g.starts_with('!'))
            .collect();
        !globs.is_empty() && globs.iter().all(|g| harmless_name_glob(g))
    }

    /// Whether the search may print a line holding a secret: it prints
    /// contents, and not only lines that hold a plain word no secret line
    /// needs (`grep -rn listen`: yes to `grep -r .`, `grep -r token`,
    /// `grep -ri assword`, `grep -rv '^#'`, `diff -r`, `grep -rf words`).
    pub(crate) fn may_print_secret_lines(&self) -> bool {
        if self.names_only() || self.narrowed_by_name() {
            return false;
        }
        let (patterns, known) = self.patterns();
        let only_word_lines = known
            && !patterns.is_empty()
            && patterns.iter().all(|p| plain_word(p))
            && !self.prints_other_lines();
        !only_word_lines
    }
}

/// Whether a line search of a file whose settings hold credentials
/// ([`crate::secret_paths::credential_settings_file`]) shows none: it
/// prints names or counts only, or (`anchored_away`, a VM's
/// configuration, whose one credential setting is `cipassword:`) every
/// pattern is anchored at a line's start on a setting's name that is no
/// `ci…` one (`grep -E '^(memory|cores|net0):'`), with no inverted match
/// and no context lines (reviews 48 and 49: a plain word may be the
/// credential's own setting, `stats` of `stats auth`).
pub(crate) fn shows_no_setting(program: &str, words: &[&str], format: SettingsFormat) -> bool {
    let search = Search::new(program, words);
    if search.names_only() {
        return true;
    }
    let (patterns, known) = search.patterns();
    // Each alternative names a setting of the format that holds none: a
    // VM's settings anchored at a line's start, not `ci…` (`cipassword:`);
    // compose's keys that hold no value of the environment's (`image:`).
    let plain = |p: &str| {
        let (text, _) = wildcards_as_dots(p.trim_matches(['\'', '"']));
        alternatives(&text).is_some_and(|each| {
            each.iter().all(|a| {
                // (The name right after the `^`: `^.*_proxy` matches
                // anywhere in a line; review 120.)
                let anchored = a
                    .strip_prefix('^')
                    .is_some_and(|r| r.starts_with(|c: char| c.is_ascii_alphanumeric()));
                let rest = a.trim_start_matches(['^', ' ', '.', '*', '+']);
                let word: String = rest
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                // (A key as written in the file, with its colon: `image:`;
                // not `args`, where a VM's raw QEMU arguments, SMBIOS
                // credentials among them, live; review 50.)
                let keyed = rest[word.len()..].starts_with(':');
                match format {
                    // (Nor a start of `args` or `cipassword`: `^ar`; review 51.)
                    SettingsFormat::VmConfig => {
                        // (`^cicustom`, `^citype` name no `cipassword`
                        // line; blind corpus 221.)
                        anchored
                            && word.len() >= 2
                            && !(word.to_ascii_lowercase().starts_with("ci")
                                && ("cipassword".starts_with(word.to_ascii_lowercase().as_str())
                                    || word.to_ascii_lowercase().starts_with("cipassword")
                                    || rest[word.len()..]
                                        .starts_with(['.', '[', '(', '\\', '?', '*', '{', '|'])))
                            && !word.starts_with("args")
                            && !"args".starts_with(word.as_str())
                    }
                    SettingsFormat::Compose => keyed && COMPOSE_PLAIN_KEYS.contains(&word.as_str()),
                    // (Nor a start of `http_proxy`, its one credential.)
                    SettingsFormat::ClusterOptions => {
                        anchored
                            && word.len() >= 2
                            && !word.starts_with("http")
                            && !"http_proxy".starts_with(word.as_str())
                    }
                    // (At a line's start only: a word found anywhere may
                    // be inside a connection string, `port` in
                    // `primary_conninfo`; review 138.)
                    SettingsFormat::Database => anchored && names_no_database_credential(&word),
                    SettingsFormat::Other => false,
                }
            })
        })
    };
    known
        && !patterns.is_empty()
        && !search.prints_other_lines()
        && patterns
            .iter()
            .all(|p| plain(p) && !may_match_credential(p))
}

/// Whether a setting's name (or its start) searched for in a database's
/// settings file names none that holds a credential: PostgreSQL's
/// connection and command settings, Redis' `requirepass`, `masterauth`
/// and ACL `user` lines, Galera's `wsrep_sst_auth`, InfluxDB's
/// `shared-secret`, mongod's passwords (the generic names, `pass`,
/// `secret`, `key`, are `may_match_credential`'s).
fn names_no_database_credential(word: &str) -> bool {
    const CREDENTIALS: &[&str] = &[
        "primary_conninfo",
        "conninfo",
        "archive_command",
        "restore_command",
        "archive_cleanup_command",
        "recovery_end_command",
        "ssl_passphrase_command",
        "command",
        "requirepass",
        "masterauth",
        "masteruser",
        "wsrep_sst_auth",
        "auth",
        "shared_secret",
        "querypassword",
        "certificatekeyfilepassword",
        "dsn",
    ];
    let word = word.to_ascii_lowercase();
    word.len() >= 3
        && !"user".starts_with(word.as_str())
        && !CREDENTIALS
            .iter()
            .any(|c| c.starts_with(word.as_str()) || word.contains(c))
}

/// Whether a line search prints only the lines that assign plain names
/// (`grep -E '^(ZED_EMAIL_ADDR|ZED_NOTIFY_VERBOSE)=' zed.rc`, `grep
/// '^APP_URL=' .env`; blind corpus 176): every pattern is `^`, then one
/// name or a group of them, then `=`, each name of letters, digits and
/// `_` with a `_` in it (no base64 line of a key starts so), naming no
/// credential nor a URL or connection (`WEBHOOK_URL` holds its token);
/// no inverted match, no context lines.
pub(crate) fn picks_plain_assignments(program: &str, words: &[&str]) -> bool {
    if !matches!(program, "grep" | "egrep" | "fgrep" | "rg") {
        return false;
    }
    let search = Search::new(program, words);
    let (patterns, known) = search.patterns();
    // (Not Perl's syntax, `-P`, whose `(?` groups and escapes this does
    // not read.)
    known
        && !patterns.is_empty()
        && !search.prints_other_lines()
        && !search.flags().contains('P')
        && !words.iter().any(|w| w.starts_with("--perl"))
        && patterns.iter().all(|p| plain_assignment_pattern(p))
}

fn plain_assignment_pattern(pattern: &str) -> bool {
    let Some(rest) = pattern.trim_matches(['\'', '"']).strip_prefix('^') else {
        return false;
    };
    // (`^(A|B)=`, `^A=`, or a group between a fixed start and end:
    // `^ZED_(EMAIL_ADDR|NOTIFY_VERBOSE)=`.)
    let (names, tail): (Vec<String>, &str) = match rest.split_once('(') {
        Some((start, group)) => match group.split_once(')') {
            Some((alternatives, after)) => {
                let end = after.find('=').unwrap_or(after.len());
                (
                    alternatives
                        .split('|')
                        .map(|a| format!("{start}{a}{}", &after[..end]))
                        .collect(),
                    &after[end..],
                )
            }
            None => return false,
        },
        None => match rest.find('=') {
            Some(at) => (vec![rest[..at].to_string()], &rest[at..]),
            None => return false,
        },
    };
    // (Nothing after the `=` but `.*`: another alternative, `=|.`, would
    // match every line; review 118.)
    matches!(tail, "=" | "=.*")
        && names.iter().all(|name| {
            let lower = name.to_ascii_lowercase();
            // (A name of a plain kind by its last part, `…_LEVEL`,
            // `…_PORT`: a connection's (`PAPERLESS_REDIS`,
            // `RESTIC_REPOSITORY`, `MQTT_BROKER`) holds a URL whose
            // password no word of its name tells; review 119.)
            let kind = name.rsplit('_').next().unwrap_or("").to_ascii_uppercase();
            // (Or LinuxServer.io's and the shell's own: `^(PUID|PGID|TZ)=`;
            // review 120.)
            matches!(name.as_str(), "PUID" | "PGID" | "TZ" | "UMASK" | "LANG")
                || PLAIN_SETTING_KINDS.contains(&kind.as_str())
                    && name.contains('_')
                    && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
                    && !may_match_credential(name)
                    && ![
                        "url", "uri", "dsn", "webhook", "conn", "endpoint", "proxy", "auth",
                        "hash", "salt", "psw", "pin", "phrase", "totp", "otp", "user", "seed",
                        "sig", "cookie", "session", "private", "cert", "login", "account", "sid",
                        "pat",
                    ]
                    .iter()
                    .any(|w| lower.contains(w))
        })
}

/// The last parts of settings' names that say their value is plain: a
/// mode, a level, a number, a time, a port, a place on this host, an
/// address to mail or listen on.
#[rustfmt::skip]
const PLAIN_SETTING_KINDS: &[&str] = &[
    "ENV", "MODE", "LEVEL", "VERBOSE", "DEBUG", "INTERVAL", "SECS", "SECONDS", "MINUTES", "HOURS",
    "DAYS", "TIMEOUT", "PORT", "ADDR", "EMAIL", "NAME", "TZ", "TIMEZONE", "LANG", "LANGUAGE",
    "LOCALE", "VERSION", "ENABLED", "ENABLE", "DISABLED", "DISABLE", "SIZE", "LIMIT", "MAX", "MIN",
    "COUNT", "WORKERS", "THREADS", "DIR", "PATH", "UID", "GID", "UMASK", "FORMAT", "TYPE",
    "DRIVER", "ENGINE", "ZONE", "DOMAIN", "REGION", "THEME", "TITLE", "LISTEN", "BIND", "SCHEME",
    "PROTOCOL", "VERIFY", "CRON", "SCHEDULE", "RETENTION", "KEEP", "HOST", "HOSTNAME", "TAG",
];

/// Compose's service keys whose lines hold no environment value (not
/// `environment`, `command`, `entrypoint`, `labels`: Traefik's basic-auth
/// hashes live there; nor `healthcheck`, `logging`, `deploy`, `init`,
/// whose one-line form holds commands and URLs: review 51).
#[rustfmt::skip]
const COMPOSE_PLAIN_KEYS: &[&str] = &[
    "image", "container_name", "restart", "ports", "volumes", "networks", "depends_on",
    "mem_limit", "cpus", "privileged", "cap_add", "cap_drop", "devices", "network_mode",
    "extra_hosts", "working_dir", "platform", "pull_policy", "profiles", "expose", "tmpfs",
    "shm_size", "runtime", "services", "version", "env_file",
];

/// Whether `--NAME` (written in full) takes a glob of file names the
/// search matches names against, never opening it.
pub(crate) fn glob_option(program: &str, name: &str) -> bool {
    match program {
        "grep" | "egrep" | "fgrep" | "zgrep" | "zegrep" | "zfgrep" => {
            matches!(name, "--include" | "--exclude" | "--exclude-dir")
        }
        "rg" => matches!(name, "--glob" | "--iglob"),
        _ => false,
    }
}

/// Which of a grep's words is its pattern, when that is certain: no
/// `-e`/`-f` (nor a long option that may abbreviate `--regexp`,
/// `--file` or `--exclude-from`), every word known, and this reading of
/// grep's options and the plainer "first word not an option" agree on
/// the same word (`grep -i PasswordAuthentication FILE`: the pattern is
/// text to match, no file to read; `grep --color always FILE` is read
/// both ways, so neither word is spared).
pub(crate) fn pattern_index(program: &str, words: &[Option<&str>]) -> Option<usize> {
    if matches!(program, "jq" | "gojq" | "yq") {
        return filter_index(program, words);
    }
    if !matches!(
        program,
        "grep" | "egrep" | "fgrep" | "zgrep" | "zegrep" | "zfgrep" | "rg"
    ) {
        return None;
    }
    let lits: Vec<&str> = words.iter().copied().collect::<Option<_>>()?;
    let may_name_a_pattern_file = lits.iter().any(|w| {
        let long = w
            .strip_prefix("--")
            .map(|l| l.split('=').next().unwrap_or(l));
        long.is_some_and(|l| {
            !l.is_empty()
                && ["regexp", "file", "exclude-from", "files"]
                    .iter()
                    .any(|full| full.starts_with(l))
        })
    });
    let search = Search::new(program, &lits);
    let (patterns, known) = search.patterns();
    let given = !search.values('e', "--regexp").is_empty();
    if may_name_a_pattern_file || given || !known {
        return None;
    }
    let first = lits.iter().position(|w| !w.starts_with('-'))?;
    (patterns.as_slice() == [lits[first]] && lits[..first].iter().all(|w| *w != "--"))
        .then_some(first)
}

/// Whether a jq filter may name a credential: by a name
/// ([`may_name_credential`], the entries' own keys aside) or by one it
/// builds (`.["pa" + "ssword"]`, `getpath(["pa\u0073sword"])`, decoded or
/// assembled text; review 87).
fn jq_may_name_credential(filter: &str) -> bool {
    let builds = [
        "getpath", "implode", "@base64d", "\\u", "ascii", "ltrimstr", "rtrimstr", "splits",
    ]
    .iter()
    .any(|w| filter.contains(w))
        || joined_names_may_be_looked_up(filter);
    builds || may_name_credential(&without_entry_keys(filter))
}

/// Whether text a jq filter joins (`"pa" + "ss"`, `"\(.a)"`) may reach
/// a lookup: from the first stage of its pipeline (`|` at the top level,
/// outside strings) that joins, every stage only prints fields; stages
/// before it pick the input, and no text they hold is built
/// (`select(.level >= 3) | .time + " " + .message`; blind corpus 171).
fn joined_names_may_be_looked_up(filter: &str) -> bool {
    // (Text is joined by `+` beside a string, an interpolation, and by
    // variables, `add` and `join` too: `$a+$b`, `["pa","ss"]|add`; review
    // 116.)
    let joins = |stage: &&str| {
        concatenates(stage)
            || stage.contains("\\(")
            || (stage.contains('$') && stage.contains('+'))
            || jq_names_word(stage, "add")
            || jq_names_word(stage, "join")
    };
    // (A definition may give a later stage's function any body, `def
    // length: .[0][.[1]];`: the whole filter then only prints fields.)
    if jq_names_word(filter, "def") {
        return joins(&filter) && !only_prints_fields(filter);
    }
    let stages = top_level_stages(filter);
    match stages.iter().position(joins) {
        Some(first) => !stages[first..].iter().all(|s| only_prints_fields(s)),
        None => false,
    }
}

/// Whether a jq filter's code names `word` as a word of its own (not a
/// path's key, `.add`).
fn jq_names_word(filter: &str, word: &str) -> bool {
    filter.match_indices(word).any(|(at, _)| {
        let before = filter[..at].chars().next_back();
        let after = filter[at + word.len()..].chars().next();
        !before.is_some_and(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '$'))
            && !after.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
    })
}

/// A jq filter cut at each `|` outside strings, brackets and
/// parentheses (`|=` cuts too, and its `= …` prints more than fields).
fn top_level_stages(filter: &str) -> Vec<&str> {
    let mut stages = Vec::new();
    let (mut depth, mut start, mut in_string, mut escaped) = (0i32, 0, false, false);
    for (at, c) in filter.char_indices() {
        if in_string {
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => in_string = true,
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            '|' if depth == 0 => {
                stages.push(&filter[start..at]);
                start = at + 1;
            }
            _ => {}
        }
    }
    stages.push(&filter[start..]);
    stages
}

/// Whether a jq filter joins a string literal to something (`"pa" +
/// "ssword"`, `.time + " " + .message`).
fn concatenates(filter: &str) -> bool {
    filter.contains("\" +")
        || filter.contains("+ \"")
        || filter.contains("\"+")
        || filter.contains("+\"")
}

/// Whether a jq filter only prints fields it names, with text joined or
/// interpolated between them (`.time + " " + .message`, `.[] |
/// "\(.Name) \(.Status)"`; blind corpus 159): outside its strings, only
/// paths of plain names (`.a.b`, `.[]`, `.[0]`), pipes, commas, `+`,
/// `-`, `//`, parentheses, arrays built of those, and a few functions
/// that take no name (`tostring`, `length`). Anything else may
/// look a key up by a name the joined text builds: an index, `."NAME"`,
/// `has`, paths and entries, or a search of the serialized object
/// (`tojson | split("\"pa" + "ssword\":\"")`; review 114).
fn only_prints_fields(filter: &str) -> bool {
    // (Not `select` nor a comparison: `env[] | select(.name == "DB_PA" +
    // "SS") | .value` finds a credential by a built name.)
    // (Nor `tostring`, an object's JSON text, which `/` splits by a
    // string: review 115.)
    const FUNCTIONS: &[&str] = &[
        "tonumber",
        "length",
        "not",
        "empty",
        "null",
        "true",
        "false",
        "floor",
        "round",
        "ascii_downcase",
        "ascii_upcase",
        // (A number of seconds as a date: no name can come of it.)
        "todate",
        "todateiso8601",
        // (A sum or a joined text, printed: what matters is a lookup by
        // it, which no stage after may make.)
        "add",
        "join",
    ];
    let Some(code) = jq_code(filter) else {
        return false;
    };
    let mut rest = code.as_str();
    while let Some(at) = rest.find(|c: char| c.is_ascii_alphabetic() || c == '_') {
        let word_end = rest[at..]
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .map_or(rest.len(), |n| at + n);
        let after_dot = rest[..at].ends_with('.');
        if !after_dot && !FUNCTIONS.contains(&&rest[at..word_end]) {
            return false;
        }
        rest = &rest[word_end..];
    }
    code.chars().all(|c| {
        c.is_ascii_alphanumeric()
            || c.is_whitespace()
            || matches!(c, '_' | '.' | '|' | '+' | '-' | ',' | '(' | ')' | '[' | ']')
    }) && !code.contains("..")
        // (`[` only to build an array: after a value it indexes, `.x[…]`,
        // `.[…]`, `(…)[…]`.)
        && code.match_indices('[').all(|(at, _)| {
            !code[..at]
                .trim_end()
                .ends_with(|c: char| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | ']' | ')'))
        })
}

/// A jq filter's code outside its strings ([`only_prints_fields`]), each
/// string a blank, each interpolation's own code checked as a filter of
/// its own; iterations (`.[]`), indexes by a number (`.data[0]`,
/// `.[-1]`) and the alternative operator `//` blanked too. `None` when a
/// string does not end or an interpolation prints more than fields.
fn jq_code(filter: &str) -> Option<String> {
    let mut code = String::with_capacity(filter.len());
    let mut chars = filter.chars();
    while let Some(c) = chars.next() {
        if c != '"' {
            code.push(c);
            continue;
        }
        // A string: its text is no code, its interpolations are.
        loop {
            match chars.next()? {
                '"' => break,
                '\\' => {
                    let escaped = chars.next()?;
                    if escaped == '(' {
                        let mut depth = 1;
                        let mut inner = String::new();
                        for c in chars.by_ref() {
                            depth += match c {
                                '(' => 1,
                                ')' => -1,
                                _ => 0,
                            };
                            if depth == 0 {
                                break;
                            }
                            inner.push(c);
                        }
                        if depth != 0 || inner.contains('"') || !only_prints_fields(&inner) {
                            return None;
                        }
                    }
                }
                _ => {}
            }
        }
        code.push(' ');
    }
    // (`//` is the alternative; a `/` alone divides, or splits strings.)
    let mut code = code.replace(".[]", " ").replace("//", " ");
    while let Some(at) = code.find('[') {
        let close = code[at + 1..].find(']').map(|n| at + 1 + n);
        match close {
            Some(end)
                if !code[at + 1..end].trim().is_empty()
                    && code[at + 1..end]
                        .trim()
                        .trim_start_matches('-')
                        .bytes()
                        .all(|b| b.is_ascii_digit()) =>
            {
                code.replace_range(at..=end, " ");
            }
            _ => break,
        }
    }
    Some(code)
}

/// Where jq's (or yq's) filter is: its first operand, when no option
/// reads the filter from a file or takes values (`--arg NAME VALUE`) the
/// first operand could be mistaken for; not one that names a credential
/// ([`may_name_credential`]), still judged as the word it is.
fn filter_index(program: &str, words: &[Option<&str>]) -> Option<usize> {
    let lits: Vec<&str> = words.iter().copied().collect::<Option<_>>()?;
    let first = lits.iter().position(|w| !w.starts_with('-'))?;
    let plain = lits[..first].iter().all(|w| {
        matches!(
            *w,
            "-r" | "-j"
                | "-c"
                | "-e"
                | "-s"
                | "-n"
                | "-S"
                | "-M"
                | "-C"
                | "-a"
                | "--raw-output"
                | "--compact-output"
                | "--sort-keys"
                | "--exit-status"
                | "--slurp"
                | "--null-input"
                | "--join-output"
                | "--monochrome-output"
                | "--ascii-output"
                | "--tab"
                | "-rc"
                | "-cr"
                | "-er"
                | "-re"
                | "-rj"
        ) || (program == "yq" && matches!(*w, "-y" | "-Y" | "-o=json" | "-oy" | "-oj"))
    });
    (plain && !jq_may_name_credential(lits[first])).then_some(first)
}

/// Whether a grep prints the lines of a credential's setting from a file
/// not known public (`grep -i DB_PASS /srv/app/config.py`, `grep -E
/// 'api_token|port' .env.example`): lines are printed, not names or
/// counts, and a pattern names such a setting ([`may_name_credential`]).
/// (What it reads from a pipe was judged where it came from.)
pub(crate) fn prints_credential_lines(
    program: &str,
    words: &[Option<&str>],
    upstream_private: bool,
) -> bool {
    if !LINE_SEARCHES.contains(&program) {
        return false;
    }
    // (A word only known at run time may be a pattern or a file of any
    // kind: it stands as one that is both.)
    let lits: Vec<&str> = words.iter().map(|w| w.unwrap_or(RUN_TIME)).collect();
    let search = Search::new(program, &lits);
    let (patterns, known) = search.patterns();
    // (`-o` with words alone prints only those words.)
    let words_alone = search.only_matching()
        && patterns.iter().all(|p| {
            p.trim_matches(['\'', '"'])
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-'))
        });
    // (Lines printed around a match hold what sits beside it: the
    // password after its user, a PEM block after its first line.)
    let beside = |p: &str| {
        let lower = p.to_ascii_lowercase();
        [
            "user", "login", "auth", "db_", "smtp", "mysql", "postgres", "redis", "ldap",
        ]
        .iter()
        .any(|w| lower.contains(w))
    };
    let credential = !known
        || patterns.iter().any(|p| {
            *p == RUN_TIME || may_match_credential(p) || (search.prints_context() && beside(p))
        });
    // (`-` is the input.)
    let mut files = search.folders();
    let reads_input = files.contains(&"-");
    files.retain(|f| *f != "-");
    // (Name globs narrow only the files named: grep reads its input
    // whatever `--include` says.)
    let narrowed = !files.is_empty() && search.narrowed_by_name();
    if search.names_only() {
        return false;
    }
    // A pattern that takes a credential's value after its name
    // (`api_key=[^& ]*`, `token: *\S+`) pulls the values out of any
    // file, a log known public too (blind corpus 120).
    // (Lines of the input that do not match, `journalctl -u cron | grep
    // -v 'session opened'`: no more than the input's own; blind corpus
    // 187.)
    let inverted_input =
        search.flags().contains('v') || search.longs().any(|l| l == "--invert-match");
    if patterns.iter().any(|p| takes_credential_value(p)) && !(inverted_input && files.is_empty()) {
        return true;
    }
    if narrowed || words_alone || !credential {
        return false;
    }
    (files.is_empty() || reads_input) && upstream_private && !inverted_input
        || files.iter().any(|file| private_file(file))
}

/// Whether an awk program may match a credential's line
/// ([`may_match_credential`]: `/[Pp]assword/`, `$1=="DB_PASS"{print
/// $2}`, or a variable it is given, `p=pass`) or a jq filter names one
/// ([`may_name_credential`]: `.. | .password?`), and it reads a file not
/// known public or a private input; a program from a file (`-f`,
/// `--from-file`) may name any.
pub(crate) fn program_names_credential(
    program: &str,
    words: &[Option<&str>],
    upstream_private: bool,
) -> bool {
    let lits: Vec<&str> = words.iter().map(|w| w.unwrap_or(RUN_TIME)).collect();
    let from_file = lits
        .iter()
        .any(|w| matches!(*w, "-f" | "--file" | "--from-file") || w.starts_with("--from-file="));
    // (awk's program is a pattern language: `/[Pp]assword/`, `$1 ~
    // /pass/`; jq's names keys. The values of `-F`, `-v`, `--arg` are no
    // program; `-v X=Y` and `X=Y` operands set variables it may match
    // with: `$0 ~ p` with `p=pass`.)
    let awk = program != "jq" && program != "yq";
    let names = |text: &str| {
        text == RUN_TIME
            || if awk {
                may_match_credential(text)
            } else {
                jq_may_name_credential(text)
            }
    };
    let valued = [
        "-F",
        "-v",
        "--assign",
        "--field-separator",
        "--arg",
        "--argjson",
        "--slurpfile",
        "--rawfile",
        "-L",
    ];
    let mut operands: Vec<&str> = Vec::new();
    let mut set_values: Vec<&str> = Vec::new();
    let mut i = 0;
    while let Some(w) = lits.get(i) {
        i += 1;
        if valued.contains(w) {
            let take = if matches!(*w, "--arg" | "--argjson" | "--slurpfile" | "--rawfile") {
                2
            } else {
                1
            };
            set_values.extend(lits.iter().skip(i).take(take).copied());
            i += take;
        } else if let Some(v) = w
            .strip_prefix("-v")
            .filter(|v| !v.is_empty() && !w.starts_with("--"))
        {
            set_values.push(v);
        } else if !w.starts_with('-') {
            operands.push(w);
        }
    }
    let mut operands = operands.into_iter();
    let named = from_file
        || operands.next().is_some_and(names)
        || set_values
            .iter()
            .any(|v| may_name_credential(v.split_once('=').map_or(v, |(_, value)| value)));
    let (assignments, files): (Vec<&str>, Vec<&str>) =
        operands.partition(|w| w.contains('=') && awk);
    let named = named
        || assignments
            .iter()
            .any(|a| may_name_credential(a.split_once('=').map_or(a, |(_, value)| value)));
    named
        && if files.is_empty() {
            upstream_private
        } else {
            files.iter().any(|f| private_file(f))
        }
}

/// A jq filter without the entries' keys it names (`to_entries[] |
/// .key`, `with_entries(select(.key | test("^a")))`: an object's keys,
/// not a field named `key`), where its values are only ever leaves
/// (`.value`, not `.value.key` or `.value | .key`, a field again).
pub(crate) fn without_entry_keys(filter: &str) -> std::borrow::Cow<'_, str> {
    // (After the first `to_entries`/`with_entries` only: `.key,
    // to_entries` prints a field; no `..`, which finds every `key`
    // field; a value only a leaf, its parentheses looked through,
    // `(.value) | .key`; review 87.)
    let Some(start) = ["to_entries", "with_entries"]
        .iter()
        .filter_map(|w| filter.find(w))
        .min()
    else {
        return std::borrow::Cow::Borrowed(filter);
    };
    // (A field of a value is a leaf too, when nothing is piped into it:
    // `select(.value.online == 0) | .key`; blind corpus 196.)
    let leaf_values = filter.match_indices(".value").all(|(at, v)| {
        let mut rest = &filter[at + v.len()..];
        while let Some(field) = rest
            .strip_prefix('.')
            .filter(|f| f.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_'))
        {
            rest = field.trim_start_matches(|c: char| c.is_ascii_alphanumeric() || c == '_');
        }
        let rest = rest.trim_start_matches([')', ' ', '\t']);
        !rest.starts_with(['|', '.', '[', '?'])
            && !rest.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
    });
    // (Nor another output beside the entries', `(to_entries|length),
    // (.[] | .key)`: no `,` and no other iteration.)
    if !leaf_values
        || filter.contains("..")
        || filter.contains(',')
        || filter.contains(".[]")
        || !filter[start..].contains(".key")
    {
        return std::borrow::Cow::Borrowed(filter);
    }
    let Some(regions) = entry_regions(filter, start) else {
        return std::borrow::Cow::Borrowed(filter);
    };
    let mut out = String::with_capacity(filter.len());
    let mut done = 0;
    for (at, _) in filter.match_indices(".key") {
        let before = filter[..at].chars().next_back();
        let after = filter[at + 4..].chars().next();
        // (At a path's start, and the whole name: not `.a.key`, `.keys`.)
        let path_start = before
            .is_none_or(|c| !(c.is_ascii_alphanumeric() || "_]).?\"".contains(c)))
            || filter[..at].ends_with("\\(");
        let whole = after.is_none_or(|c| !(c.is_ascii_alphanumeric() || c == '_'));
        let entry = regions.iter().any(|(from, to)| (*from..*to).contains(&at));
        if path_start && whole && entry {
            out.push_str(&filter[done..at]);
            out.push_str(".name_of_entry");
            done = at + 4;
        }
    }
    out.push_str(&filter[done..]);
    std::borrow::Cow::Owned(out)
}

/// Where `.key` in a jq filter is an entry's: after `to_entries`
/// (`start`), or inside `with_entries(…)`, whose result is an object
/// again, whose own `key` field `.key` would print; none once
/// `from_entries` made one (review 131), nor where a value's field may be
/// spelled otherwise, `."value"`, `.["value"]` (review 133).
fn entry_regions(filter: &str, start: usize) -> Option<Vec<(usize, usize)>> {
    if filter.contains("from_entries") || filter.contains("\"value\"") {
        return None;
    }
    if !filter.contains("with_entries") {
        return Some(vec![(start, filter.len())]);
    }
    Some(
        filter
            .match_indices("with_entries(")
            .map(|(at, w)| {
                let open = at + w.len();
                let mut depth = 1i32;
                let end = filter[open..]
                    .char_indices()
                    .find_map(|(i, c)| {
                        depth += match c {
                            '(' => 1,
                            ')' => -1,
                            _ => 0,
                        };
                        (depth == 0).then_some(open + i)
                    })
                    .unwrap_or(filter.len());
                (open, end)
            })
            .collect(),
    )
}

/// The line searches [`prints_credential_lines`] reads.
pub(crate) const LINE_SEARCHES: &[&str] =
    &["grep", "egrep", "fgrep", "zgrep", "zegrep", "zfgrep", "rg"];

/// A file whose lines may hold a credential: not in a public tree, nor
/// OpenSSH's own configuration (no keyword of sshd_config(5) or
/// ssh_config(5) takes one).
pub(super) fn private_file(word: &str) -> bool {
    if word == RUN_TIME {
        return true;
    }
    let file = word.trim_matches(['\'', '"']);
    let ssh_config = ["/etc/ssh/sshd_config", "/etc/ssh/ssh_config"]
        .iter()
        .any(|c| {
            file.strip_prefix(c)
                .is_some_and(|rest| rest.is_empty() || rest.starts_with(".d/"))
        })
        && !file.contains("..");
    !ssh_config && crate::secret_paths::tree_may_hold_secrets(file)
}

/// Whether a command (its text) prints the lines of a file not known
/// public: a printer or filter of files (`cat`, `head`, `sed -n`, `grep
/// -v '^#'`…, however wrapped: `sudo`, `docker exec app`, `ssh pve2`)
/// and a path among its words that is such a file (`cat
/// /srv/app/config.py | grep DB_PASS` is `grep DB_PASS
/// /srv/app/config.py`).
pub(crate) fn prints_private_file(text: &str) -> bool {
    const PRINTERS: &[&str] = &[
        "cat", "tac", "head", "tail", "nl", "zcat", "bzcat", "xzcat", "lzcat", "zstdcat", "xz",
        "gzip", "bzip2", "zstd", "less", "more", "bat", "batcat", "strings", "sed", "awk", "gawk",
        "mawk", "cut", "sort", "uniq", "tr", "column", "paste", "grep", "egrep", "fgrep", "rg",
        "jq", "yq", "envsubst", "dd", "expand", "unexpand", "pr", "fold", "fmt", "shuf", "join",
        "comm", "diff", "tee", "base64", "base32", "basenc", "xxd", "od", "hexdump", "iconv",
        "rev", "echo", "printf", "while", "read", "cp", "install", "sponge", "gunzip", "unxz",
        "unzstd", "bunzip2", "lz4cat", "numfmt", "look", "show", "cat-file", "blame",
    ];
    // (jq's and yq's filter is no file, `jq -r '.[].volid'`: their first
    // operand, a quoted one whole, is left out; blind corpus 137.)
    let filter = filter_of(text);
    let words: Vec<&str> = text
        .split_whitespace()
        .filter(|w| filter.as_deref().is_none_or(|f| !f.contains(w)))
        .map(|w| w.trim_matches(['\'', '"', ';', '(', ')', '{', '}']))
        .collect();
    let printer = words
        .iter()
        .any(|w| PRINTERS.contains(&w.rsplit('/').next().unwrap_or(w)) || w.starts_with("$(<"));
    // (A path as written, relative ones too: `cat app/config.py`, `<
    // FILE`, `$(<FILE)`, `if=FILE`.)
    let path_like = |w: &str| {
        let w = w
            .strip_prefix("if=")
            .or_else(|| w.strip_prefix("$(<"))
            .or_else(|| w.strip_prefix('<'))
            .unwrap_or(w);
        (w.contains('/') || w.contains('.'))
            && !w.starts_with('-')
            && !w.starts_with("/dev/")
            && !w.contains("://")
            && w.chars().any(|c| c.is_ascii_alphabetic())
            && private_file(w)
    };
    printer && words.iter().skip(1).any(|w| path_like(w))
}

/// The filter of the one jq or yq command that is `text`: its first word
/// after the program that is no option (quotes kept), when no option
/// before it takes a value (`--arg`, `-f` would move it).
fn filter_of(text: &str) -> Option<String> {
    let commands = crate::words::shell_commands(text);
    let [words] = commands.as_slice() else {
        return None;
    };
    let (program, rest) = words.split_first()?;
    if !matches!(program.as_str(), "jq" | "yq" | "gojq") {
        return None;
    }
    let mut options = rest.iter().take_while(|w| w.starts_with('-'));
    if options.any(|o| o.starts_with("--") || o.contains(['f', 'L'])) {
        return None;
    }
    rest.iter().find(|w| !w.starts_with('-')).cloned()
}

/// What stands for a word only known at run time.
pub(super) const RUN_TIME: &str = "$(…)";

/// Whether a pattern (as grep reads it: a regular expression) may match
/// a credential's line: it names one ([`may_name_credential`]); or a
/// literal run of it (four characters or more) is part of a credential's
/// name (`assword`); or a wildcard next to its letters may finish one
/// (`DB_P[A-Z]+`, `MYSQL_ROOT_P.*`) or, as one character, spell one
/// (`pa.s`, `p[a]ssword`, `tok.n`, `p\x61ssword`, `p.s.w.r.d`) (reviews
/// 40 and 41). (Wildcards alone, `^[^#]`, `.*`, pick lines as `cat`
/// prints them; `(?s)server \{.*?\}` spells and finishes no name.)
/// A pattern that takes a credential's value: where a wildcard starts
/// (a bracket, a dot, an escape), the literal word before it, or the one
/// before that past a literal prefix (`token=ghp_[…]`, `Authorization:
/// Bearer [^ ]*`), names a credential, a session or a signature, the
/// separators between skipped (`=`, `:`, quotes, blanks, `[=:]`,
/// a lookbehind's `(?<=` and `)`); or the literal is the start of a
/// token format (`AKIA…`, `eyJ…`, `ghp_…`). Blind corpus 120, review 95.
/// (The first 16 wildcards, 64 characters of name each: a hostile
/// pattern is looked at no further.)
pub(crate) fn takes_credential_value(pattern: &str) -> bool {
    let text = pattern.trim_matches(['\'', '"']);
    // (A URL's user and password: `://[^:/]+:[^@/]+@`.)
    if text.contains("://") && text.contains('@') && text.contains(['[', '.', '\\']) {
        return true;
    }
    // A regex that ends right after a credential's name and separator
    // (sed's `s/.*password=//p`, awk's `sub(/.*token=/, "")`, `s/.*Bearer
    // //`): what follows is printed (review 96).
    let ends_at_name = text.match_indices('/').take(16).any(|(at, _)| {
        let before = &text[..at];
        let name = before.trim_end_matches([' ', '=', ':']);
        name.len() < before.len() && {
            let (_, word) = last_word(name);
            !word.is_empty() && names_credential_value(word)
        }
    });
    if ends_at_name {
        return true;
    }
    text.char_indices()
        .filter(|(_, c)| matches!(c, '[' | '.' | '\\'))
        .take(16)
        .any(|(at, _)| {
            let before = &text[..at];
            let from = before.char_indices().rev().nth(63).map_or(0, |(i, _)| i);
            let mut rest = &before[from..];
            (0..2).any(|_| {
                rest = rest.trim_end_matches([
                    ' ', '*', '?', '+', ')', '"', '\'', ':', '=', ']', '[', '(', '<', '|', '^',
                ]);
                let word;
                (rest, word) = last_word(rest);
                !word.is_empty() && (names_credential_value(word) || token_format(word))
            })
        })
}

/// `text` split before its last word (letters, digits, `_`, `-`).
fn last_word(text: &str) -> (&str, &str) {
    let at = text
        .char_indices()
        .rev()
        .find(|(_, c)| !(c.is_ascii_alphanumeric() || *c == '_' || *c == '-'))
        .map_or(0, |(i, c)| i + c.len_utf8());
    text.split_at(at)
}

/// A name whose value is a credential: the credential words, a session's
/// or a cookie's, a request's signature, a bearer token.
pub(crate) fn names_credential_value(word: &str) -> bool {
    let lower = word.to_ascii_lowercase();
    may_match_credential(word)
        || [
            "session",
            "cookie",
            "signature",
            "bearer",
            "jwt",
            "csrf",
            "apikey",
            "sessid",
            "ticket",
        ]
        .iter()
        .any(|w| lower.contains(w))
        || matches!(lower.as_str(), "sid" | "sig" | "auth" | "authorization")
}

/// The fixed start of a well-known token format.
fn token_format(word: &str) -> bool {
    [
        "AKIA",
        "ASIA",
        "AIza",
        "eyJ",
        "ghp_",
        "gho_",
        "ghs_",
        "github_pat_",
        "glpat-",
        "xox",
        "sk-",
        "hvs.",
    ]
    .iter()
    .any(|p| word.starts_with(p))
}

pub(crate) fn may_match_credential(pattern: &str) -> bool {
    if may_name_credential(pattern) {
        return true;
    }
    let (text, named) = wildcards_as_dots(pattern.trim_matches(['\'', '"']));
    if !named {
        return false;
    }
    // Grouping, alternatives and counts spelled through (`(p|P)ass`,
    // `to(k|x)en`, `pas{2}`, `pas+`, `to()ken`, PCRE's `(?:s)` and
    // `(?#…)`): each line an alternative matches, its counts written out
    // (review 46). (Too many alternatives: any name.)
    // PCRE's extended mode (`(?x)`) ignores blanks: `tok(?x) en`.
    let text = if text.contains("(?")
        && text.split("(?").skip(1).any(|f| {
            f.split([')', ':'])
                .next()
                .is_some_and(|flags| flags.contains('x'))
        }) {
        text.split_whitespace().collect::<String>()
    } else {
        text
    };
    let Some(each) = alternatives(&text) else {
        return true;
    };
    if each.iter().any(|alternative| {
        let joined = collapsed(alternative);
        may_name_credential(&joined) || part_of_a_name(&joined)
    }) {
        return true;
    }
    // awk's and sed's regexes and strings together (`/p/ && /ass/`,
    // `$0 ~ "pa" "ss"`, `/p/{/ass/p}`): a line they all match, or their
    // concatenation, holds each (review 46).
    let lower = pattern.to_ascii_lowercase();
    let pieces: Vec<&str> = delimited_pieces(&lower)
        .into_iter()
        .filter(|p| !NOT_SECRET_WORDS.contains(p))
        .collect();
    if pieces.len() > 1 {
        let joined = collapsed(&pieces.concat());
        if may_name_credential(&joined) || part_of_a_name(&joined) {
            return true;
        }
        // (However a script's `s/…/…/`, `y/…/…/` or an escaped `\/` pairs
        // the slashes, its words together, each two in a row and all:
        // `s/x/y/;/tok/{/en/p}`; words that name no credential,
        // `proxy_pass`, set apart.)
        let words: Vec<&str> = lower
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .filter(|w| !w.is_empty() && !NOT_SECRET_WORDS.contains(w))
            .collect();
        let joined = |w: &[&str]| {
            let text = w.concat();
            may_name_credential(&text) || part_of_a_name(&text)
        };
        if words.windows(2).any(joined) || joined(&words) {
            return true;
        }
    }
    // A wildcard that repeats (`.*`, `[A-Z]+`, `\w{2,}`) next to a letter
    // may finish any name (`DB_P[A-Z]+`, `MYSQL_ROOT_P.*`).
    let bytes = text.as_bytes();
    let letter = |i: Option<usize>| {
        i.and_then(|i| bytes.get(i))
            .is_some_and(u8::is_ascii_alphanumeric)
    };
    let finishes = (0..bytes.len()).any(|i| {
        bytes[i] == b'.'
            && matches!(bytes.get(i + 1), Some(b'*' | b'+' | b'{'))
            && (letter(i.checked_sub(1)) || letter(Some(i + 2)))
    });
    if finishes {
        return true;
    }
    // A single wildcard stands for one character: each it may be is tried
    // (`pa.s` is `pass`, `tok.n` `token`, `api.key` `api_key`); letters
    // among many wildcards and no literal run of four may spell any name
    // (`p.s.w.r.d`).
    let dots: Vec<usize> = (0..bytes.len()).filter(|i| bytes[*i] == b'.').collect();
    let runs_long = text
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
        .any(|r| r.len() >= 4);
    if dots.len() > 3 || (!dots.is_empty() && !runs_long) {
        return true;
    }
    dots.iter().any(|at| {
        "abcdefghijklmnopqrstuvwxyz_-".chars().any(|c| {
            let mut candidate = text.clone();
            candidate.replace_range(*at..at + 1, &c.to_string());
            may_name_credential(&candidate) || part_of_a_name(&candidate)
        })
    }) || part_of_a_name(&text)
}

/// A pattern (as [`wildcards_as_dots`] wrote it) with its grouping and
/// alternation marks dropped, PCRE comments cut, and `c{N}` written out
/// (at most four times): the letters it may join into a name.
fn collapsed(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '(' if chars.peek() == Some(&'?') => {
                // (`(?#comment)`, `(?x)`, `(?i)`: no letters of the name.)
                for skipped in chars.by_ref() {
                    if skipped == ')' {
                        break;
                    }
                }
            }
            // (`s+` is at least `ss`.)
            '+' => {
                if let Some(last) = out.chars().last().filter(char::is_ascii_alphanumeric) {
                    out.push(last);
                }
            }
            '(' | ')' | '|' | '?' | '*' | '^' | '$' => {}
            '{' => {
                let count: String = chars.by_ref().take_while(|c| *c != '}').collect();
                let times = count
                    .split(',')
                    .next()
                    .unwrap_or("")
                    .parse::<usize>()
                    .unwrap_or(1);
                if let Some(last) = out.chars().last() {
                    for _ in 1..times.min(4) {
                        out.push(last);
                    }
                }
            }
            c => out.push(c),
        }
    }
    out
}

/// What stands between `/…/` and `"…"` in a program's text: awk's and
/// sed's regexes and strings.
fn delimited_pieces(text: &str) -> Vec<&str> {
    let mut pieces = Vec::new();
    let mut rest = text;
    while let Some(found) = rest.find(['/', '"', '\\']) {
        let mut delimiter = rest.as_bytes()[found] as char;
        let mut open = found;
        // sed's `\cREGEXc` address: any delimiter after a backslash
        // (`\,tok,`; review 49).
        if delimiter == '\\' {
            match rest[found + 1..].chars().next() {
                Some(c) if c.is_ascii_punctuation() && c != '\\' => {
                    delimiter = c;
                    open = found + 1;
                }
                _ => {
                    rest = &rest[found + 1..];
                    continue;
                }
            }
        }
        let body = &rest[open + 1..];
        let Some(close) = body.find(delimiter) else {
            break;
        };
        pieces.push(&body[..close]);
        rest = &body[close + 1..];
    }
    pieces
}

/// The alternatives of a pattern (as [`wildcards_as_dots`] wrote it):
/// each group replaced by each of its branches, innermost first, and the
/// branches of the whole (`to(k|x)en` is `token` and `toxen`). `None`
/// past 64 of them.
fn alternatives(text: &str) -> Option<Vec<String>> {
    const MAX: usize = 64;
    let mut done: Vec<String> = Vec::new();
    let mut todo = vec![text.to_string()];
    while let Some(s) = todo.pop() {
        let group = s
            .find(')')
            .and_then(|close| s[..close].rfind('(').map(|open| (open, close)));
        match group {
            Some((open, close)) => {
                for body in group_bodies(&s[open + 1..close])? {
                    for branch in body.split('|') {
                        todo.push(format!("{}{branch}{}", &s[..open], &s[close + 1..]));
                    }
                }
            }
            None => done.extend(s.split('|').map(str::to_string)),
        }
        if todo.len() + done.len() > MAX {
            return None;
        }
    }
    Some(done)
}

/// A group's branches past PCRE's marks (pcre2pattern(3)): `(?:…)`,
/// atomic `(?>…)`, branch-reset `(?|…)`, named groups `(?<n>…)`,
/// `(?P<n>…)`, `(?'n'…)`, flags with a body `(?i:…)`; a lookaround
/// `(?=…)`, `(?!…)`, `(?<=…)`, `(?<!…)` matches no text, so both with and
/// without its body; nothing for a comment or flags alone (`(?#…)`,
/// `(?i)`). `None` for any other `(?` construct (a callout, a
/// recursion, a condition): it may match any name.
fn group_bodies(inner: &str) -> Option<Vec<&str>> {
    let Some(marked) = inner.strip_prefix('?') else {
        return Some(vec![inner]);
    };
    if let Some(body) = ["<=", "<!", "=", "!"]
        .iter()
        .find_map(|m| marked.strip_prefix(m))
    {
        return Some(vec![body, ""]);
    }
    if let Some(body) = [":", ">", "|"].iter().find_map(|m| marked.strip_prefix(m)) {
        return Some(vec![body]);
    }
    if let Some(named) = marked
        .strip_prefix('<')
        .or_else(|| marked.strip_prefix("p<"))
    {
        return named.split_once('>').map(|(_, body)| vec![body]);
    }
    if let Some(named) = marked.strip_prefix('\'') {
        return named.split_once('\'').map(|(_, body)| vec![body]);
    }
    if marked.starts_with('#') {
        return Some(vec![""]);
    }
    // Flags: `(?i)`, `(?x-i)`, `(?i:…)`.
    let (flags, body) = marked.split_once(':').unwrap_or((marked, ""));
    flags
        .chars()
        .all(|c| c.is_ascii_alphabetic() || c == '-' || c == '^')
        .then(|| vec![body])
}

/// Whether a literal run (four characters or more) of a pattern is part
/// of a credential's name (`assword`, `ssword`).
fn part_of_a_name(text: &str) -> bool {
    const NAMES: &[&str] = &[
        "password",
        "passwd",
        "passphrase",
        "secret",
        "token",
        "apikey",
        "api_key",
        "api-key",
        "access_key",
        "private_key",
        "privatekey",
        "credential",
        "bearer",
        "authorization",
        "extraheader",
        "jwt",
    ];
    text.to_ascii_lowercase()
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
        .filter(|r| r.len() >= 4)
        .any(|r| NAMES.iter().any(|name| name.contains(r)))
}

/// A pattern with every way of matching a letter written `.`: `\w`,
/// `\S`, a bracket of letters or negated, a PCRE escape (`\x61`,
/// `\141`, `\N{…}`); other escapes and brackets as a character that is
/// no letter. Returns it in lower case, and whether it writes a letter
/// (a pattern of wildcards alone, `^[^#]`, `.*`, picks lines as `cat`
/// prints them).
fn wildcards_as_dots(pattern: &str) -> (String, bool) {
    let mut out = String::with_capacity(pattern.len());
    let mut named = false;
    let mut chars = pattern.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some('w' | 'S') => out.push('.'),
                // (And back-references, `\g1`, `\g{-1}`, `\k<n>`: any
                // text a group matched; review 49.)
                Some(e @ ('x' | 'N' | 'o' | 'u' | 'c' | 'g' | 'k' | '0'..='9')) => {
                    // (Past its digits or braces: `\x61`, `\x{61}`, `\141`,
                    // `\N{U+61}`, `\cA`.)
                    let rest = chars.as_str();
                    let skip = if rest.starts_with('{') {
                        rest.find('}').map_or(rest.len(), |end| end + 1)
                    } else if e == 'k' && rest.starts_with(['<', '\'']) {
                        rest[1..]
                            .find(['>', '\''])
                            .map_or(rest.len(), |end| end + 2)
                    } else if e == 'g' {
                        rest.chars()
                            .take_while(|c| c.is_ascii_digit() || *c == '-')
                            .count()
                    } else if e == 'c' {
                        1.min(rest.len())
                    } else {
                        rest.chars()
                            .take(2)
                            .take_while(char::is_ascii_hexdigit)
                            .count()
                    };
                    chars = rest[skip..].chars();
                    out.push('.');
                    named = true;
                }
                // (Anchors match no character: `tok\Ben` is `token`; a
                // class of blanks, digits or non-letters is none; any other
                // escaped letter is that letter to GNU grep, `to\ken`.)
                Some('b' | 'B' | 'A' | 'z' | 'Z' | 'G' | 'Q' | 'E' | 'K') => {}
                Some('s' | 'd' | 'W' | 'D' | 'h' | 'v' | 'R' | 'n' | 't' | 'r') => out.push(' '),
                Some(e) if e.is_ascii_alphabetic() => {
                    named = true;
                    out.push(e.to_ascii_lowercase());
                }
                // (An escaped `.`, `*`, `[` is that character in every
                // syntax, no wildcard: `^lxc\.` matches `lxc.` only; blind
                // corpus 164. Not `\(`, `\|`, `\+`, `\{`: BRE's operators.)
                Some('.' | '*' | '[' | ']' | '^' | '$' | '/' | ':' | '=' | '#' | '@' | ',') => {
                    out.push(':')
                }
                Some(e) => out.push(e),
                None => {}
            },
            '[' => out.push(if bracket_matches_letters(&mut chars, &mut named) {
                '.'
            } else {
                '0'
            }),
            c if c.is_ascii_alphabetic() => {
                named = true;
                out.push(c.to_ascii_lowercase());
            }
            c => out.push(c),
        }
    }
    (out, named)
}

/// Reads a bracket expression after its `[` (up to its `]`, a `]` first
/// and `[:class:]`s inside): whether it may match a letter, negated or
/// holding a letter or a class with letters (`[a-z]`, `[^0-9]`,
/// `[[:alpha:]]`; not `[0-9.]`, `[[:digit:]]`, `[[:space:]]`).
fn bracket_matches_letters(chars: &mut std::str::Chars<'_>, named: &mut bool) -> bool {
    let mut letters = false;
    let mut first = true;
    while let Some(c) = chars.next() {
        match c {
            '^' if first => letters = true,
            ']' if !first => return letters,
            '[' if chars.as_str().starts_with(':') => {
                let rest = chars.as_str();
                let name = rest[1..].split(':').next().unwrap_or("");
                letters |= !matches!(name, "digit" | "space" | "blank" | "punct" | "cntrl");
                // (Past `:NAME:]`.)
                let skip = (name.len() + 3).min(rest.len());
                *chars = rest[skip..].chars();
            }
            c => {
                letters |= c.is_ascii_alphabetic();
                *named |= c.is_ascii_alphabetic();
            }
        }
        first = false;
    }
    true
}

/// Whether a pattern may find credential lines by their setting's name
/// (`api_token`, `DB_PASS`, `secret_key`): a word of it holds a
/// credential's mark, and is no setting known to hold none (sshd's
/// `PasswordAuthentication`, `PubkeyAuthentication`, `HostKey`…). Such a
/// pattern is still judged as the word it is (as a name, a file may be
/// a secret); any other is only text to match.
fn may_name_credential(pattern: &str) -> bool {
    const MARKS: &[&str] = &[
        "pass",
        "pwd",
        "secret",
        "token",
        "cred",
        "priv",
        "bearer",
        "authorization",
        "dsn",
        "jwt",
        // (Review 41: pre-shared keys, services' token prefixes, a
        // database's URL, a PEM block's first line.)
        "psk",
        "preshared",
        "ghp_",
        "glpat",
        "xox",
        "database_url",
        "connection_string",
        "begin",
        // (Review 42: more services' token prefixes, a PEM line.)
        "eyj",
        "sk_live",
        "sk_test",
        "gho_",
        "ghs_",
        "ghu_",
        "github_pat",
        "npm_",
        "hvs.",
        "akia",
        "-----",
        // (Review 47: a container's or a unit's environment, where
        // credentials are passed: `lxc.environment`, PVE 9's `env:`,
        // `Environment=`.)
        "environment",
    ];
    // sshd_config(5), ssh_config(5), postgresql.conf: settings whose lines
    // hold a yes/no, an algorithm list or a path.
    const SETTINGS: &[&str] = &[
        "passwordauthentication",
        "permitemptypasswords",
        "kbdinteractiveauthentication",
        "challengeresponseauthentication",
        "pubkeyauthentication",
        "hostbasedauthentication",
        "gssapiauthentication",
        "kerberosauthentication",
        "authenticationmethods",
        "maxauthtries",
        "hostkey",
        "hostkeyalgorithms",
        "authorizedkeysfile",
        "pubkeyacceptedalgorithms",
        "pubkeyacceptedkeytypes",
        "stricthostkeychecking",
        "updatehostkeys",
        "password_encryption",
    ];
    let lower = pattern.to_ascii_lowercase();
    // (A URL may carry its user's password: `postgres://u:p@db/x`,
    // `//[^:]+:[^@]+@`; a PEM block's line, `-----BEGIN`, `KEY-----`.)
    if lower.contains("://")
        || (lower.contains("//") && lower.contains('@'))
        || lower.contains("-----")
    {
        return true;
    }
    lower
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
        .filter(|word| !word.is_empty())
        .any(|word| {
            // (`apikey`, `secret_key`, `ACCESS_KEY`, `wg_keys`; not `keepalive`.)
            // (`keys` alone lists, jq's and yq's builtin among others.)
            let key = word.len() > 3
                && word != "keys"
                && (word.ends_with("key") || word.ends_with("keys"));
            // (`_pw`, `pw_`, `db_pw`: a password's short name; `env`, a
            // container's environment.)
            let pw =
                word.ends_with("pw") || word.starts_with("pw_") || word == "key" || word == "env";
            let key = key || pw;
            // (A setting's name cut short, ten letters at least:
            // `passwordauth`, `authorizedkeys`; blind corpus 75.)
            // (Not where a quantifier or a wildcard may extend it,
            // `password_e*`, `password_e?`; review 69.)
            // (Judged only for a marked word: most are not.)
            let setting = || {
                SETTINGS.contains(&word)
                    || (word.len() >= 10
                        && !lower.contains(['*', '?', '+', '.', '\\', '[', '{', '('])
                        && SETTINGS.iter().any(|s| s.starts_with(word)))
            };
            (key || MARKS.iter().any(|m| word.contains(m)))
                && !setting()
                && !NOT_SECRET_WORDS.contains(&word)
        })
}

/// A pattern that is a plain word no secret line needs: letters, digits,
/// `_` and `-`, at least three, holding no secret word and no part of a
/// longer one (`assword`, `oken`).
fn plain_word(pattern: &str) -> bool {
    let word = pattern.trim_matches(['\'', '"']);
    let lower = word.to_ascii_lowercase();
    if NOT_SECRET_WORDS.contains(&lower.as_str()) {
        return true;
    }
    word.len() >= 3
        && !word.starts_with('-')
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        && !SECRET_WORDS.iter().any(|s| lower.contains(s))
        && !SECRET_WORDS_WHOLE
            .iter()
            .any(|s| s.contains(lower.as_str()))
}

/// A name glob that takes in only files no secret is kept in: `*.EXT`
/// (or `NAME.EXT`) with a harmless extension, no brace list.
pub(crate) fn harmless_name_glob(glob: &str) -> bool {
    let name = glob.rsplit('/').next().unwrap_or(glob).to_ascii_lowercase();
    // Whatever comes before, every name it matches ends in `.EXT`.
    !name.contains(['{', '['])
        && NOT_SECRET_EXTENSIONS.iter().any(|ext| {
            name.strip_suffix(ext)
                .is_some_and(|stem| stem.ends_with('.'))
        })
}
