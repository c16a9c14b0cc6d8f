//! What a recursive search prints: every line of every file it reads, or
//! only the lines that hold a plain word, or only names and counts. A
//! folder that holds secrets by place (`/etc`, `/root`) is refused to any
//! search; any other tree not known public only to a search that may
//! print a secret line, since a file secret by its name alone (an app's
//! `.env`, `tls.key`) may sit anywhere in it (`grep -r . /srv`), but a
//! line holding `listen` or `proxy_pass` is no secret
//! (`grep -rn listen /etc/nginx`). grep(1) (GNU grep 3.8), rg(1)
//! (ripgrep 13), ag(1) (the_silver_searcher 2.2), diff(1) (GNU 3.8).

/// Words no line holding a secret needs to be found by: a search for
/// one of these (any case, inside a longer word too) may print secrets.
const SECRET_WORDS: &[&str] = &[
    "pass", "pwd", "secret", "token", "key", "auth", "cred", "priv", "begin", "bearer", "cookie",
    "salt", "aws", "dsn", "psk", "otp", "url", "jwt", "ldap", "smtp", "cert", "sig",
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
];

/// Options that take a value, per program (their values are no operand).
fn valued(program: &str) -> &'static [&'static str] {
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

/// A search's words (literal, options included), read once.
pub(crate) struct Search<'w, 'a> {
    program: &'w str,
    words: &'w [&'a str],
}

impl<'w, 'a> Search<'w, 'a> {
    pub(crate) fn new(program: &'w str, words: &'w [&'a str]) -> Self {
        Search { program, words }
    }

    /// The flags of a short cluster, up to its first valued option.
    fn flags(&self, word: &str) -> String {
        let letters = valued_letters(self.program);
        match word.strip_prefix('-') {
            Some(rest) if !rest.starts_with('-') => {
                rest.chars().take_while(|c| !letters.contains(*c)).collect()
            }
            _ => String::new(),
        }
    }

    /// The words that are no option and no option's value.
    pub(crate) fn operands(&self) -> Vec<&'a str> {
        let valued = valued(self.program);
        let words = self.words;
        words
            .iter()
            .enumerate()
            .filter(|(i, w)| !(w.starts_with('-') || *i > 0 && valued.contains(&words[i - 1])))
            .map(|(_, w)| *w)
            .collect()
    }

    /// Values of options named `short`/`long` (`-e X`, `-eX`, `--regexp=X`).
    fn values(&self, short: &str, long: &str) -> Vec<&'a str> {
        let mut out = Vec::new();
        for (i, w) in self.words.iter().enumerate() {
            if *w == short || *w == long {
                out.extend(self.words.get(i + 1).copied());
            } else if let Some(v) = w.strip_prefix(&format!("{long}=")) {
                out.push(v);
            } else if let Some(v) = w.strip_prefix(short).filter(|v| !v.is_empty())
                && !w.starts_with("--")
            {
                out.push(v);
            }
        }
        out
    }

    /// The patterns searched for, and whether they are all known
    /// (`-f FILE` reads them from a file).
    fn patterns(&self) -> (Vec<&'a str>, bool) {
        let file = !self.values("-f", "--file").is_empty();
        let given = self.values("-e", "--regexp");
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
            && !(self.program == "rg" && self.words.contains(&"--files"))
            && self.values("-e", "--regexp").is_empty()
            && self.values("-f", "--file").is_empty();
        operands
            .get(usize::from(pattern_first)..)
            .unwrap_or(&[])
            .to_vec()
    }

    /// Only names or counts are printed (`grep -rl`, `rg --files`,
    /// `diff -rq`).
    pub(crate) fn names_only(&self) -> bool {
        let flag = |letters: &[char]| self.words.iter().any(|w| self.flags(w).contains(letters));
        match self.program {
            "diff" => flag(&['q']) || self.words.contains(&"--brief"),
            _ => {
                flag(&['l', 'L', 'c', 'q'])
                    || self.words.iter().any(|w| {
                        matches!(
                            *w,
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

    /// Lines other than the matching ones are printed: context (`-A`,
    /// `-C 3`, `-5`), inverted matches, whole files as one line (`-z`),
    /// every line (`--passthru`), matches across lines.
    fn prints_other_lines(&self) -> bool {
        self.words.iter().any(|w| {
            let flags = self.flags(w);
            let cluster = w.strip_prefix('-').filter(|r| !r.starts_with('-'));
            flags.contains(['v', 'z', 'U'])
                || cluster.is_some_and(|c| {
                    c.chars().next().is_some_and(|first| first.is_ascii_digit())
                        || c[flags.len()..].starts_with(['A', 'B', 'C'])
                })
                || [
                    "--invert-match",
                    "--null-data",
                    "--passthru",
                    "--passthrough",
                    "--multiline",
                    "--context",
                    "--after-context",
                    "--before-context",
                    "--after",
                    "--before",
                ]
                .iter()
                .any(|o| w.starts_with(o))
        })
    }

    /// Only files with names that are no secret are read: a name glob
    /// (`rg -g '*.conf'`, `grep --include='*.yml'`) and none of them may
    /// name a secret. (`!` globs exclude, and narrow nothing.)
    fn narrowed_by_name(&self) -> bool {
        let mut globs = self.values("-g", "--glob");
        globs.extend(self.values("--iglob", "--iglob"));
        globs.extend(self.values("--include", "--include"));
        let globs: Vec<&str> = globs
            .into_iter()
            .map(|g| g.trim_matches(['\'', '"']))
            .filter(|g| !g.starts_with('!'))
            .collect();
        !globs.is_empty()
            && !globs.iter().any(|g| {
                super::secrets::name_pattern_names_secret(g.rsplit('/').next().unwrap_or(g))
            })
    }

    /// Whether the search may print a line holding a secret: it prints
    /// contents, and not only lines that hold a plain word no secret line
    /// needs (`grep -rn listen`: yes to `grep -r .`, `grep -r token`,
    /// `grep -rv '^#'`, `diff -r`, `grep -rf words.txt`).
    pub(crate) fn may_print_secret_lines(&self) -> bool {
        if self.names_only() || self.narrowed_by_name() {
            return false;
        }
        let (patterns, known) = self.patterns();
        let plain = |p: &&str| {
            let word = p.trim_matches(['\'', '"']);
            let lower = word.to_ascii_lowercase();
            word.len() >= 3
                && !word.starts_with('-')
                && word
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
                && (NOT_SECRET_WORDS.contains(&lower.as_str())
                    || !SECRET_WORDS.iter().any(|s| lower.contains(s)))
        };
        let only_word_lines = known
            && !patterns.is_empty()
            && patterns.iter().all(plain)
            && !self.prints_other_lines();
        !only_word_lines
    }
}
