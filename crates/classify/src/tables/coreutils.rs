//! GNU coreutils, the text tools that only read, and the bash builtins.
//!
//! Written on Debian 12 (bookworm) from each tool's `--help`, man page and,
//! for the builtins, `help NAME` of bash 5.2.15-2+b8: coreutils 9.1-1,
//! grep 3.8-5, diffutils 1:3.8-4, findutils 4.9.0-4, sed 4.9-1, gawk
//! 1:5.2.1, mawk 1.3.4.20200120-3.1, gzip 1.12-1, bzip2 1.0.8-5+b1,
//! xz-utils 5.4.1-1, zstd 1.5.4+dfsg2-5, util-linux / bsdextrautils
//! 2.38.1-5+deb12u3, file 1:5.44-3, less 590-2.1~deb12u2, most 5.0.0a-4,
//! tree 2.1.0, jq 1.6-2.1+deb12u1, ripgrep 13.0.0-4+b2, silversearcher-ag
//! 2.2.0+git20200805, bc 1.07.1-3+b1, ncal 12.1.8, xxd 2:9.0.1378-2,
//! acl 2.3.1, e2fsprogs 1.47.0-2, debianutils 5.7, libc-bin 2.36.
//!
//! glibc's `getopt` permutes (options may follow operands) unless the
//! program asks otherwise, so every C program here permutes (`Spec::POSIX`
//! and `Spec::GNU` both do; checking every word is also the safe side).
//! `xxd`, `less` and `awk` stop at the first operand and say so, and so
//! do the bash builtins (`Spec::ORDERED`: bash's own option parser ends
//! the options at the first operand, `printf '%s' "$x"`).

use super::*;

/// ls(1), coreutils 9.1: every option only changes the listing.
const LS: Spec = Spec {
    flags: "1ABCDFGHLNQRSUXZabcdfghiklmnopqrstuvx",
    valued: "ITw",
    long: &[
        "all",
        "almost-all",
        "author",
        "context",
        "dereference",
        "dereference-command-line",
        "dereference-command-line-symlink-to-dir",
        "directory",
        "dired",
        "escape",
        "file-type",
        "full-time",
        "group-directories-first",
        "help",
        "hide-control-chars",
        "human-readable",
        "ignore-backups",
        "inode",
        "kibibytes",
        "literal",
        "no-group",
        "numeric-uid-gid",
        "quote-name",
        "recursive",
        "reverse",
        "show-control-chars",
        "si",
        "size",
        "version",
        "zero",
    ],
    long_valued: &[
        "block-size",
        "format",
        "hide",
        "ignore",
        "indicator-style",
        "quoting-style",
        "sort",
        "tabsize",
        "time",
        "time-style",
        "width",
    ],
    long_optional: &["classify", "color", "hyperlink"],
    ..Spec::GNU
};

/// cat(1), coreutils 9.1.
const CAT: Spec = Spec {
    flags: "AETbenstuv",
    long: &[
        "help",
        "number",
        "number-nonblank",
        "show-all",
        "show-ends",
        "show-nonprinting",
        "show-tabs",
        "squeeze-blank",
        "version",
    ],
    ..Spec::GNU
};

/// tac(1), coreutils 9.1.
const TAC: Spec = Spec {
    flags: "br",
    valued: "s",
    long: &["before", "regex", "help", "version"],
    long_valued: &["separator"],
    ..Spec::GNU
};

/// head(1), coreutils 9.1: its getopt string is `c:n:qvz0123456789`
/// (`-5` is the obsolete `-n 5`).
const HEAD: Spec = Spec {
    flags: "qvz0123456789",
    valued: "cn",
    long: &[
        "quiet",
        "silent",
        "verbose",
        "zero-terminated",
        "help",
        "version",
    ],
    long_valued: &["bytes", "lines"],
    numeric: true,
    ..Spec::GNU
};

/// tail(1), coreutils 9.1: `c:n:fFqs:vz0123456789`. `--pid` only waits
/// for a process to end, it does not signal it.
const TAIL: Spec = Spec {
    flags: "fFqvz0123456789",
    valued: "cns",
    long: &[
        "retry",
        "quiet",
        "silent",
        "verbose",
        "zero-terminated",
        "help",
        "version",
    ],
    long_valued: &[
        "bytes",
        "lines",
        "max-unchanged-stats",
        "pid",
        "sleep-interval",
    ],
    long_optional: &["follow"],
    numeric: true,
    ..Spec::GNU
};

/// wc(1), coreutils 9.1. Not `--files0-from`: the names it reads reach
/// the output in errors (a secret file's lines would).
const WC: Spec = Spec {
    flags: "cmlLw",
    long: &[
        "bytes",
        "chars",
        "lines",
        "max-line-length",
        "words",
        "help",
        "version",
    ],
    long_valued: &[],
    ..Spec::GNU
};

/// grep(1), grep 3.8 (egrep and fgrep run `grep -E`/`grep -F "$@"`). No
/// option of grep writes or runs anything; `-f` only reads patterns.
/// The digits are options (`-5` is `-C 5`); `-y` and `-u` are the
/// obsolete, still accepted spellings of `-i` and of nothing.
const GREP: Spec = Spec {
    flags: "EFGPiywxzsvVbnHhoqaIrRLlcTZUu0123456789",
    valued: "efmdDABC",
    long: &[
        "extended-regexp",
        "fixed-strings",
        "basic-regexp",
        "perl-regexp",
        "ignore-case",
        "no-ignore-case",
        "word-regexp",
        "line-regexp",
        "null-data",
        "no-messages",
        "invert-match",
        "version",
        "help",
        "byte-offset",
        "line-number",
        "line-buffered",
        "with-filename",
        "no-filename",
        "only-matching",
        "quiet",
        "silent",
        "text",
        "recursive",
        "dereference-recursive",
        "files-without-match",
        "files-with-matches",
        "count",
        "initial-tab",
        "null",
        "no-group-separator",
        "binary",
    ],
    long_valued: &[
        "regexp",
        "file",
        "max-count",
        "label",
        "binary-files",
        "directories",
        "devices",
        "include",
        "exclude",
        "exclude-from",
        "exclude-dir",
        "group-separator",
        "before-context",
        "after-context",
        "context",
    ],
    long_optional: &["color", "colour"],
    ..Spec::GNU
};

/// zgrep(1), gzip 1.12: a script that parses the options itself and
/// passes them to grep. Left out: `-f`/`--file` (it copies a non-regular
/// pattern file into a temporary file) and the options zgrep refuses
/// (`-r -R -d -z -Z`, `--include`, `--exclude…`).
const ZGREP: Spec = Spec {
    flags: "EFGPiywxsvVbnHhoqaILlcTUu0123456789",
    valued: "emDABC",
    long: &[
        "extended-regexp",
        "fixed-strings",
        "basic-regexp",
        "perl-regexp",
        "ignore-case",
        "no-ignore-case",
        "word-regexp",
        "line-regexp",
        "no-messages",
        "invert-match",
        "version",
        "help",
        "byte-offset",
        "line-number",
        "line-buffered",
        "with-filename",
        "no-filename",
        "only-matching",
        "quiet",
        "silent",
        "text",
        "files-without-match",
        "files-with-matches",
        "count",
        "initial-tab",
        "no-group-separator",
        "binary",
    ],
    long_valued: &[
        "regexp",
        "max-count",
        "label",
        "binary-files",
        "devices",
        "group-separator",
        "before-context",
        "after-context",
        "context",
    ],
    long_optional: &["color", "colour"],
    ..Spec::GNU
};

/// rg(1), ripgrep 13 (clap: no abbreviations). Left out: `--pre` and
/// `--pre-glob` (run a program on every file), `-z`/`--search-zip` (runs
/// the decompressors).
const RG: Spec = Spec {
    flags: "bsciFlLhHv.nxUINoPpqSaVwu0",
    valued: "ABCEefgMmjrtT",
    long: &[
        "auto-hybrid-regex",
        "binary",
        "block-buffered",
        "byte-offset",
        "case-sensitive",
        "column",
        "count",
        "count-matches",
        "crlf",
        "debug",
        "files",
        "files-with-matches",
        "files-without-match",
        "fixed-strings",
        "follow",
        "glob-case-insensitive",
        "help",
        "heading",
        "hidden",
        "ignore-case",
        "ignore-file-case-insensitive",
        "include-zero",
        "invert-match",
        "json",
        "line-buffered",
        "line-number",
        "line-regexp",
        "max-columns-preview",
        "mmap",
        "multiline",
        "multiline-dotall",
        "no-config",
        "no-filename",
        "no-heading",
        "no-ignore",
        "no-ignore-dot",
        "no-ignore-exclude",
        "no-ignore-files",
        "no-ignore-global",
        "no-ignore-messages",
        "no-ignore-parent",
        "no-ignore-vcs",
        "no-line-number",
        "no-messages",
        "no-mmap",
        "no-pcre2-unicode",
        "no-require-git",
        "no-unicode",
        "null",
        "null-data",
        "one-file-system",
        "only-matching",
        "passthru",
        "pcre2",
        "pcre2-version",
        "pretty",
        "quiet",
        "smart-case",
        "stats",
        "text",
        "trim",
        "type-list",
        "unrestricted",
        "version",
        "vimgrep",
        "with-filename",
        "word-regexp",
        "no-context-separator",
        "sort-files",
        "no-binary",
        "no-column",
        "no-crlf",
        "no-follow",
        "no-hidden",
        "no-block-buffered",
        "no-line-buffered",
        "no-pcre2",
        "no-text",
        "no-trim",
        "no-fixed-strings",
        "no-glob-case-insensitive",
        "no-include-zero",
        "no-multiline",
        "no-multiline-dotall",
        "no-one-file-system",
        "no-auto-hybrid-regex",
        "no-ignore-file-case-insensitive",
        "no-invert-match",
        "no-unicode",
        "unicode",
        "pcre2-unicode",
        "no-stats",
        "no-max-columns-preview",
    ],
    long_valued: &[
        "after-context",
        "before-context",
        "color",
        "colors",
        "context",
        "context-separator",
        "dfa-size-limit",
        "encoding",
        "engine",
        "field-context-separator",
        "field-match-separator",
        "file",
        "glob",
        "iglob",
        "ignore-file",
        "max-columns",
        "max-count",
        "max-depth",
        "max-filesize",
        "path-separator",
        "regex-size-limit",
        "regexp",
        "replace",
        "sort",
        "sortr",
        "threads",
        "type",
        "type-add",
        "type-clear",
        "type-not",
    ],
    abbrev: false,
    ..Spec::GNU
};

/// ag(1), silversearcher-ag 2.2.0 (getopt_long). Left out: `--pager`,
/// which runs a program. `-z` decompresses with zlib in-process.
const AG: Spec = Spec {
    flags: "acDfFHiLlnoQRrSstuUvVwz0",
    valued: "ABCgGmpW",
    long: &[
        "ackmate",
        "break",
        "nobreak",
        "count",
        "color",
        "nocolor",
        "column",
        "filename",
        "nofilename",
        "heading",
        "noheading",
        "group",
        "nogroup",
        "files-with-matches",
        "files-without-matches",
        "print-all-files",
        "numbers",
        "nonumbers",
        "only-matching",
        "print-long-lines",
        "passthrough",
        "passthru",
        "silent",
        "stats",
        "stats-only",
        "vimgrep",
        "null",
        "print0",
        "all-types",
        "debug",
        "follow",
        "fixed-strings",
        "hidden",
        "ignore-case",
        "one-device",
        "literal",
        "case-sensitive",
        "smart-case",
        "search-binary",
        "all-text",
        "unrestricted",
        "skip-vcs-ignores",
        "invert-match",
        "word-regexp",
        "search-zip",
        "nopager",
        "help",
        "version",
        "list-file-types",
        "recurse",
        "norecurse",
        "mmap",
        "nommap",
        "multiline",
        "nomultiline",
    ],
    long_valued: &[
        "color-line-number",
        "color-match",
        "color-path",
        "filename-pattern",
        "depth",
        "file-search-regex",
        "ignore",
        "ignore-dir",
        "max-count",
        "path-to-ignore",
        "width",
        "workers",
    ],
    long_optional: &["after", "before", "context"],
    ..Spec::GNU
};

/// less(1), less 590 (also zless, which runs less with a LESSOPEN of
/// `gzip -cdfq`). Options stop at the first file name. Left out: `-o -O`
/// (`--log-file`, write the input to a file), `-k` and `--lesskey-*`
/// (key bindings that may set LESSOPEN), `-t -T` (tags), `--save-marks`
/// (writes the history file) and `-+` (reset to default). NOTE: a
/// `+cmd` word is an operand to this parser, so `less '+!cmd' f` is only
/// kept out of read-only by the rules.
const LESS: Spec = Spec {
    flags: "?aABcdeEfFgGiIJKLmMnNqQrRsSuUVwWX~",
    valued: "bDhjpPxyz\"#",
    long: &[
        "help",
        "search-skip-screen",
        "SEARCH-SKIP-SCREEN",
        "auto-buffers",
        "clear-screen",
        "dumb",
        "quit-at-eof",
        "QUIT-AT-EOF",
        "force",
        "quit-if-one-screen",
        "hilite-search",
        "HILITE-SEARCH",
        "ignore-case",
        "IGNORE-CASE",
        "status-column",
        "quit-on-intr",
        "no-lessopen",
        "long-prompt",
        "LONG-PROMPT",
        "line-numbers",
        "LINE-NUMBERS",
        "quiet",
        "QUIET",
        "silent",
        "SILENT",
        "raw-control-chars",
        "RAW-CONTROL-CHARS",
        "squeeze-blank-lines",
        "chop-long-lines",
        "underline-special",
        "UNDERLINE-SPECIAL",
        "version",
        "hilite-unread",
        "HILITE-UNREAD",
        "no-init",
        "tilde",
        "file-size",
        "follow-name",
        "incsearch",
        "mouse",
        "no-keypad",
        "no-histdups",
        "use-backslash",
        "use-color",
    ],
    long_valued: &[
        "buffers",
        "color",
        "max-back-scroll",
        "jump-target",
        "pattern",
        "prompt",
        "tabs",
        "max-forw-scroll",
        "window",
        "quotes",
        "shift",
        "line-num-width",
        "rscroll",
        "status-col-width",
        "wheel-lines",
    ],
    permute: false,
    ..Spec::GNU
};

/// more(1), util-linux 2.38.1 (getopt_long). `+N` and `+/pattern` are
/// operands.
const MORE: Spec = Spec {
    flags: "dflcpesuhV",
    valued: "n",
    long: &[
        "silent",
        "logical",
        "no-pause",
        "print-over",
        "clean-print",
        "exit-on-eof",
        "squeeze",
        "plain",
        "help",
        "version",
    ],
    long_valued: &["lines"],
    numeric: true,
    ..Spec::GNU
};

/// zmore(1), gzip 1.12: only `--help` and `--version`; the pager is
/// `$PAGER` (the rules judge the environment).
const ZMORE: Spec = Spec {
    long: &["help", "version"],
    abbrev: false,
    ..Spec::GNU
};

/// most(1), most 5.0.0a: its own parser. NOTE: `+d` (allow deleting the
/// file from inside the pager) is an operand to this parser.
const MOST: Spec = Spec {
    flags: "1bCdMszvtcu",
    abbrev: false,
    ..Spec::GNU
};

/// file(1), file 5.44. Left out: `-C`/`--compile` (writes a magic.mgc),
/// `-p`/`--preserve-date` (resets the files' access times), `-S`/
/// `--no-sandbox` (lifts its syscall sandbox).
const FILE: Spec = Spec {
    flags: "vzZbciklLhnN0rsdI",
    // Not `-f LIST` or `-m MAGIC`: they read a file whose lines reach the
    // output (in errors), which could be a secret.
    valued: "eFP",
    long: &[
        "help",
        "version",
        "uncompress",
        "uncompress-noreport",
        "brief",
        "checking-printout",
        "mime",
        "apple",
        "extension",
        "mime-type",
        "mime-encoding",
        "keep-going",
        "list",
        "dereference",
        "no-dereference",
        "no-buffer",
        "no-pad",
        "print0",
        "raw",
        "special-files",
        "debug",
    ],
    long_valued: &[
        "magic-file",
        "exclude",
        "exclude-quiet",
        "files-from",
        "separator",
        "parameter",
    ],
    ..Spec::GNU
};

/// stat(1), coreutils 9.1.
const STAT: Spec = Spec {
    flags: "Lft",
    valued: "c",
    long: &["dereference", "file-system", "terse", "help", "version"],
    long_valued: &["cached", "format", "printf"],
    ..Spec::GNU
};

/// df(1), coreutils 9.1. Left out: `--sync` (syncs every file system
/// first).
const DF: Spec = Spec {
    flags: "ahHiklPTv",
    valued: "Btx",
    long: &[
        "all",
        "human-readable",
        "si",
        "inodes",
        "local",
        "no-sync",
        "portability",
        "total",
        "print-type",
        "help",
        "version",
    ],
    long_valued: &["block-size", "type", "exclude-type"],
    long_optional: &["output"],
    ..Spec::GNU
};

/// du(1), coreutils 9.1.
const DU: Spec = Spec {
    flags: "0abcDHhkLlmPSsx",
    valued: "BdtX",
    long: &[
        "null",
        "all",
        "apparent-size",
        "bytes",
        "total",
        "dereference-args",
        "human-readable",
        "inodes",
        "dereference",
        "count-links",
        "no-dereference",
        "separate-dirs",
        "si",
        "summarize",
        "one-file-system",
        "help",
        "version",
    ],
    long_valued: &[
        "block-size",
        "max-depth",
        "threshold",
        "time-style",
        "exclude",
        "exclude-from",
    ],
    long_optional: &["time"],
    ..Spec::GNU
};

/// pwd: bash's builtin (`pwd [-LP]`) and coreutils' (also `--help`).
const PWD: Spec = Spec {
    flags: "LP",
    long: &["help", "version", "logical", "physical"],
    operands: Operands::None,
    ..Spec::POSIX
};

/// Programs whose only options are `--help` and `--version` (coreutils
/// 9.1: whoami, logname, hostid, groups, users, arch; `tty` adds `-s`):
/// their operands are user names or a utmp file, which they only read.
const PLAIN: Spec = Spec {
    long: &["help", "version"],
    ..Spec::GNU
};

/// tty(1), coreutils 9.1.
const TTY: Spec = Spec {
    flags: "s",
    long: &["silent", "quiet", "help", "version"],
    operands: Operands::None,
    ..Spec::GNU
};

/// nproc(1), coreutils 9.1.
const NPROC: Spec = Spec {
    long: &["all", "help", "version"],
    long_valued: &["ignore"],
    operands: Operands::None,
    ..Spec::GNU
};

/// id(1), coreutils 9.1.
const ID: Spec = Spec {
    flags: "aZgGnruz",
    long: &[
        "context", "group", "groups", "name", "real", "user", "zero", "help", "version",
    ],
    ..Spec::GNU
};

/// printenv(1), coreutils 9.1.
const PRINTENV: Spec = Spec {
    flags: "0",
    long: &["null", "help", "version"],
    ..Spec::GNU
};

/// cut(1), coreutils 9.1.
const CUT: Spec = Spec {
    flags: "nsz",
    valued: "bcdf",
    long: &[
        "complement",
        "only-delimited",
        "zero-terminated",
        "help",
        "version",
    ],
    long_valued: &[
        "bytes",
        "characters",
        "delimiter",
        "fields",
        "output-delimiter",
    ],
    ..Spec::GNU
};

/// column(1), util-linux 2.38.1.
const COLUMN: Spec = Spec {
    flags: "tdeLJxhV",
    valued: "nONlEHRTWripcos",
    long: &[
        "table",
        "table-noheadings",
        "table-header-repeat",
        "keep-empty-lines",
        "json",
        "fillrows",
        "help",
        "version",
    ],
    long_valued: &[
        "table-name",
        "table-order",
        "table-columns",
        "table-columns-limit",
        "table-noextreme",
        "table-hide",
        "table-right",
        "table-truncate",
        "table-wrap",
        "tree",
        "tree-id",
        "tree-parent",
        "output-width",
        "output-separator",
        "separator",
    ],
    ..Spec::GNU
};

/// diff(1), diffutils 3.8: `0123456789abBcC:dD:eEfF:hHiI:lL:nNpPqrsS:tTuU:vwW:x:X:yZ`.
/// Left out: `-l`/`--paginate` (runs `pr`).
const DIFF: Spec = Spec {
    flags: "0123456789abBcdeEfhHinNpPqrstTuvwyZ",
    valued: "CDFILSUWxX",
    long: &[
        "normal",
        "brief",
        "report-identical-files",
        "ed",
        "rcs",
        "side-by-side",
        "left-column",
        "suppress-common-lines",
        "show-c-function",
        "expand-tabs",
        "initial-tab",
        "suppress-blank-empty",
        "recursive",
        "no-dereference",
        "new-file",
        "unidirectional-new-file",
        "ignore-file-name-case",
        "no-ignore-file-name-case",
        "ignore-case",
        "ignore-tab-expansion",
        "ignore-trailing-space",
        "ignore-space-change",
        "ignore-all-space",
        "ignore-blank-lines",
        "text",
        "strip-trailing-cr",
        "minimal",
        "speed-large-files",
        "help",
        "version",
    ],
    long_valued: &[
        "width",
        "show-function-line",
        "label",
        "tabsize",
        "exclude",
        "exclude-from",
        "starting-file",
        "from-file",
        "to-file",
        "ignore-matching-lines",
        "ifdef",
        "old-group-format",
        "new-group-format",
        "unchanged-group-format",
        "changed-group-format",
        "line-format",
        "old-line-format",
        "new-line-format",
        "unchanged-line-format",
        "horizon-lines",
        "palette",
    ],
    long_optional: &["context", "unified", "color"],
    ..Spec::GNU
};

/// cmp(1), diffutils 3.8.
/// patch(1), GNU patch 2.7, only with `--dry-run` ("print the results of
/// applying the patches without actually changing any files"). Not `-o`
/// (an output file), `--merge`, `-b`/`-B`/`-Y`/`-z`/`-V` (backups).
const PATCH: Spec = Spec {
    flags: "ceEflnNRstTuvZ",
    valued: "dDFgipx",
    long: &[
        "dry-run",
        "verbose",
        "quiet",
        "silent",
        "batch",
        "forward",
        "reverse",
        "posix",
        "binary",
        "ignore-whitespace",
        "unified",
        "context",
        "normal",
        "ed",
        "remove-empty-files",
        "force",
        "set-utc",
        "set-time",
        "follow-symlinks",
    ],
    long_valued: &[
        "strip",
        "directory",
        "input",
        "fuzz",
        "get",
        "reject-format",
        "read-only",
        "quoting-style",
    ],
    required: &["dry-run"],
    ..Spec::GNU
};

/// sdiff(1), diffutils 3.8: two files side by side. Not `-o FILE` (the
/// interactive merge written there), `--diff-program` (runs it).
const SDIFF: Spec = Spec {
    flags: "abBdEHilstWZv",
    valued: "Iw",
    long: &[
        "ignore-case",
        "ignore-tab-expansion",
        "ignore-trailing-space",
        "ignore-space-change",
        "ignore-all-space",
        "ignore-blank-lines",
        "text",
        "expand-tabs",
        "left-column",
        "suppress-common-lines",
        "minimal",
        "speed-large-files",
        "strip-trailing-cr",
        "help",
        "version",
    ],
    long_valued: &["ignore-matching-lines", "width", "tabsize"],
    ..Spec::GNU
};

/// diff3(1), diffutils 3.8: three files compared, or merged to the
/// output (`-m`). Not `--diff-program` (runs it).
const DIFF3: Spec = Spec {
    flags: "aAeEimTxX3v",
    valued: "L",
    long: &[
        "text",
        "show-all",
        "ed",
        "show-overlap",
        "overlap-only",
        "easy-only",
        "merge",
        "initial-tab",
        "strip-trailing-cr",
        "help",
        "version",
    ],
    long_valued: &["label"],
    ..Spec::GNU
};

/// patchutils 0.4's lsdiff, grepdiff and filterdiff (one program in
/// three modes): a patch's files, hunks or lines that match, printed.
/// Not filterdiff's `--in-place` (writes the patch), grepdiff's `-f`
/// (a pattern file).
const PATCHUTILS: Spec = Spec {
    flags: "nsEvHhz",
    valued: "pixIXF#",
    long: &[
        "line-number",
        "number-files",
        "status",
        "empty-files-as-removed",
        "verbose",
        "with-filename",
        "no-filename",
        "decompress",
        "clean",
        "remove-timestamps",
        "annotate",
        "extended-regexp",
        "list",
        "filter",
        "grep",
        "help",
        "version",
    ],
    long_valued: &[
        "strip-match",
        "strip",
        "addprefix",
        "addoldprefix",
        "addnewprefix",
        "include",
        "exclude",
        "include-from-file",
        "exclude-from-file",
        "hunks",
        "lines",
        "files",
        "format",
        "as-numbered-lines",
        "git-prefixes",
        "output-matching",
    ],
    ..Spec::GNU
};

/// patchutils 0.4's interdiff and combinediff: two patches' difference
/// or combination, printed. Not flipdiff (its `--in-place`).
const INTERDIFF: Spec = Spec {
    flags: "qbBiwz",
    valued: "pUd",
    long: &[
        "quiet",
        "ignore-space-change",
        "ignore-blank-lines",
        "ignore-case",
        "ignore-all-space",
        "decompress",
        "interpolate",
        "combine",
        "no-revert-omitted",
        "help",
        "version",
    ],
    long_valued: &["strip-match", "unified", "drop-context"],
    ..Spec::GNU
};

/// diffstat(1) 1.65: a patch's changed lines counted per file. Not `-o
/// FILE` (the output written there), `-e FILE` (errors written there).
const DIFFSTAT: Spec = Spec {
    flags: "bcChHkKlmqRstTuvV",
    valued: "fnNprwSD",
    ..Spec::POSIX
};

const CMP: Spec = Spec {
    flags: "blsv",
    valued: "in",
    long: &[
        "print-bytes",
        "verbose",
        "quiet",
        "silent",
        "help",
        "version",
    ],
    long_valued: &["ignore-initial", "bytes"],
    ..Spec::GNU
};

/// comm(1), coreutils 9.1.
const COMM: Spec = Spec {
    flags: "123z",
    long: &[
        "check-order",
        "nocheck-order",
        "total",
        "zero-terminated",
        "help",
        "version",
    ],
    long_valued: &["output-delimiter"],
    ..Spec::GNU
};

/// md5sum, sha*sum, b2sum, cksum, coreutils 9.1: `-c` only reads the
/// checksum files and the files they name.
/// b3sum 1.5 (BLAKE3's reference tool; blind corpus 214): digests, as
/// sha256sum's. Not `-c`/`--check` (it opens what its list names, asked
/// as sha256sum's), nor `--keyed` or `--derive-key` (a key read from the
/// input, a context).
const B3SUM: Spec = Spec {
    long: &["no-mmap", "no-names", "raw", "tag"],
    long_valued: &["num-threads", "length"],
    ..Spec::GNU
};

const SUMS: Spec = Spec {
    flags: "bctzw",
    valued: "la",
    long: &[
        "binary",
        "check",
        "tag",
        "untagged",
        "text",
        "zero",
        "ignore-missing",
        "quiet",
        "status",
        "strict",
        "warn",
        "debug",
        "help",
        "version",
    ],
    long_valued: &["length", "algorithm"],
    ..Spec::GNU
};

/// od(1), coreutils 9.1: `A:aBbcDdeFfHhIij:LlN:OoS:st:vw::Xx`.
const OD: Spec = Spec {
    flags: "aBbcDdeFfHhIiLlOosvXx",
    valued: "AjNSt",
    optional: "w",
    long: &["output-duplicates", "traditional", "help", "version"],
    long_valued: &[
        "address-radix",
        "endian",
        "skip-bytes",
        "read-bytes",
        "format",
    ],
    long_optional: &["strings", "width"],
    ..Spec::GNU
};

/// hexdump(1), util-linux 2.38.1: `-f` only reads a format file.
const HEXDUMP: Spec = Spec {
    flags: "bcCdoxvhV",
    valued: "efns",
    optional: "L",
    long: &[
        "one-byte-octal",
        "one-byte-char",
        "canonical",
        "two-bytes-decimal",
        "two-bytes-octal",
        "two-bytes-hex",
        "no-squeezing",
        "help",
        "version",
    ],
    long_valued: &["format", "format-file", "length", "skip"],
    long_optional: &["color"],
    ..Spec::GNU
};

/// strings(1), binutils 2.40 (getopt `adfhHn:wot:e:T:s:U:Vv0123456789`).
const STRINGS: Spec = Spec {
    flags: "adfhHwovV0123456789",
    valued: "ntTesU",
    long: &[
        "all",
        "data",
        "print-file-name",
        "include-all-whitespace",
        "help",
        "version",
    ],
    long_valued: &[
        "bytes",
        "radix",
        "target",
        "encoding",
        "unicode",
        "output-separator",
    ],
    numeric: true,
    ..Spec::GNU
};

/// realpath(1), coreutils 9.1.
const REALPATH: Spec = Spec {
    flags: "emLPqsz",
    long: &[
        "canonicalize-existing",
        "canonicalize-missing",
        "logical",
        "physical",
        "quiet",
        "strip",
        "no-symlinks",
        "zero",
        "help",
        "version",
    ],
    long_valued: &["relative-to", "relative-base"],
    ..Spec::GNU
};

/// readlink(1), coreutils 9.1.
const READLINK: Spec = Spec {
    flags: "femnqsvz",
    long: &[
        "canonicalize",
        "canonicalize-existing",
        "canonicalize-missing",
        "no-newline",
        "quiet",
        "silent",
        "verbose",
        "zero",
        "help",
        "version",
    ],
    ..Spec::GNU
};

/// dirname(1), coreutils 9.1.
const DIRNAME: Spec = Spec {
    flags: "z",
    long: &["zero", "help", "version"],
    ..Spec::GNU
};

/// basename(1), coreutils 9.1.
const BASENAME: Spec = Spec {
    flags: "az",
    valued: "s",
    long: &["multiple", "zero", "help", "version"],
    long_valued: &["suffix"],
    ..Spec::GNU
};

/// seq(1), coreutils 9.1: a negative number is an operand (`seq 5 -1 1`).
const SEQ: Spec = Spec {
    flags: "w",
    valued: "fs",
    long: &["equal-width", "help", "version"],
    long_valued: &["format", "separator"],
    numeric: true,
    ..Spec::GNU
};

/// fd(1) (Debian's `fdfind`), fd 8.6: names of files matching a
/// pattern, names only. Not `-x`/`--exec`, `-X`/`--exec-batch` (run a
/// command per file), `-l`/`--list-details` (runs `ls`), `--ignore-file`
/// (reads a file of its choosing), `--base-directory` (moves first).
const FD: Spec = Spec {
    flags: "HIusigFaLp01qh",
    valued: "dtEeSojc",
    long: &[
        "hidden",
        "no-ignore",
        "no-ignore-vcs",
        "no-ignore-parent",
        "no-global-ignore-file",
        "unrestricted",
        "case-sensitive",
        "ignore-case",
        "glob",
        "regex",
        "fixed-strings",
        "absolute-path",
        "relative-path",
        "follow",
        "full-path",
        "print0",
        "prune",
        "quiet",
        "show-errors",
        "one-file-system",
        "strip-cwd-prefix",
        "help",
        "version",
    ],
    long_valued: &[
        "max-depth",
        "min-depth",
        "exact-depth",
        "type",
        "extension",
        "exclude",
        "size",
        "changed-within",
        "changed-before",
        "change-newer-than",
        "change-older-than",
        "newer",
        "older",
        "owner",
        "search-path",
        "max-results",
        "threads",
        "color",
        "path-separator",
    ],
    ..Spec::GNU
};

/// tree(1), tree 2.1.0: its own parser, where `-L`, `-P`, `-I`, `-H`,
/// `-T` take the next word even inside a cluster (`-dL 2`) and never an
/// attached one (`-L2` takes the next word too): they are listed as
/// flags, so their value is an operand and a `-…` value is checked as
/// options (`-Lo 2 out` stays unproven). Left out: `-o` (writes the
/// listing to a file) and `-R` (reruns tree with `-o 00Tree.html` in
/// every directory).
const TREE: Spec = Spec {
    flags: "adlfxLPIqNQpugshDFvtcUriASnCXJHT",
    long: &[
        "gitignore",
        "ignore-case",
        "matchdirs",
        "metafirst",
        "prune",
        "info",
        "noreport",
        "si",
        "du",
        "inodes",
        "device",
        "dirsfirst",
        "filesfirst",
        "nolinks",
        "fflinks",
        "version",
        "help",
    ],
    long_valued: &[
        "gitfile",
        "infofile",
        "charset",
        "filelimit",
        "timefmt",
        "sort",
        "hintro",
        "houtro",
    ],
    abbrev: false,
    ..Spec::GNU
};

/// zcat(1), gzip 1.12 (`gzip -cd`): everything goes to standard output.
const ZCAT: Spec = Spec {
    flags: "fhlLqrtvV",
    valued: "S",
    long: &[
        "force",
        "help",
        "list",
        "license",
        "quiet",
        "recursive",
        "test",
        "verbose",
        "version",
        "stdout",
        "to-stdout",
        "decompress",
        "uncompress",
    ],
    long_valued: &["suffix"],
    ..Spec::GNU
};

/// bzcat(1), bzip2 1.0.8: its own parser, exact long names.
const BZCAT: Spec = Spec {
    flags: "sqvLVhkcd",
    long: &[
        "small",
        "quiet",
        "verbose",
        "license",
        "version",
        "help",
        "keep",
        "stdout",
        "decompress",
    ],
    abbrev: false,
    ..Spec::GNU
};

/// xzcat(1), xz-utils 5.4.1 (`xz --decompress --stdout`).
const XZCAT: Spec = Spec {
    flags: "qvQhHVkcdf",
    valued: "TMF",
    long: &[
        "quiet",
        "verbose",
        "no-warn",
        "help",
        "long-help",
        "version",
        "single-stream",
        "no-sparse",
        "ignore-check",
        "robot",
        "keep",
        "stdout",
        "to-stdout",
        "decompress",
        "uncompress",
        "force",
    ],
    long_valued: &[
        "threads",
        "memlimit",
        "memlimit-decompress",
        "memory",
        "format",
    ],
    ..Spec::GNU
};

/// zstdcat(1), zstd 1.5.4 (`zstd -dcf`): its own parser. Left out: `-o`
/// (writes a file) and `--rm` (removes the source).
const ZSTDCAT: Spec = Spec {
    flags: "qvhVfcd",
    long: &[
        "quiet",
        "verbose",
        "help",
        "version",
        "force",
        "stdout",
        "decompress",
        "no-progress",
    ],
    abbrev: false,
    ..Spec::GNU
};

/// nl(1), coreutils 9.1.
const NL: Spec = Spec {
    flags: "p",
    valued: "bdfhilnsvw",
    long: &["no-renumber", "help", "version"],
    long_valued: &[
        "body-numbering",
        "section-delimiter",
        "footer-numbering",
        "header-numbering",
        "line-increment",
        "join-blank-lines",
        "number-format",
        "number-separator",
        "starting-line-number",
        "number-width",
    ],
    ..Spec::GNU
};

/// fold(1), coreutils 9.1 (also `-NUM`).
const FOLD: Spec = Spec {
    flags: "bs0123456789",
    valued: "w",
    long: &["bytes", "spaces", "help", "version"],
    long_valued: &["width"],
    numeric: true,
    ..Spec::GNU
};

/// fmt(1), coreutils 9.1 (also `-NUM`).
const FMT: Spec = Spec {
    flags: "cstu0123456789",
    valued: "pwg",
    long: &[
        "crown-margin",
        "split-only",
        "tagged-paragraph",
        "uniform-spacing",
        "help",
        "version",
    ],
    long_valued: &["prefix", "width", "goal"],
    numeric: true,
    ..Spec::GNU
};

/// pr(1), coreutils 9.1: `-0123456789D:FJN:TW:abcde::fh:i::l:mn::o:rs::S::tvw:`.
const PR: Spec = Spec {
    flags: "0123456789FJTabcdfmrtv",
    valued: "DNWhlow",
    optional: "einsS",
    long: &[
        "across",
        "show-control-chars",
        "double-space",
        "form-feed",
        "join-lines",
        "merge",
        "no-file-warnings",
        "omit-header",
        "omit-pagination",
        "show-nonprinting",
        "help",
        "version",
    ],
    long_valued: &[
        "columns",
        "date-format",
        "header",
        "length",
        "first-line-number",
        "indent",
        "width",
        "page-width",
    ],
    long_optional: &[
        "expand-tabs",
        "output-tabs",
        "number-lines",
        "separator",
        "sep-string",
    ],
    numeric: true,
    ..Spec::GNU
};

/// paste(1), coreutils 9.1.
const PASTE: Spec = Spec {
    flags: "sz",
    valued: "d",
    long: &["serial", "zero-terminated", "help", "version"],
    long_valued: &["delimiters"],
    ..Spec::GNU
};

/// join(1), coreutils 9.1.
const JOIN: Spec = Spec {
    flags: "iz",
    valued: "aejotv12",
    long: &[
        "ignore-case",
        "check-order",
        "nocheck-order",
        "header",
        "zero-terminated",
        "help",
        "version",
    ],
    ..Spec::GNU
};

/// expand(1), coreutils 9.1 (also `-NUM`, and `-t` lists).
const EXPAND: Spec = Spec {
    flags: "i0123456789",
    valued: "t",
    long: &["initial", "help", "version"],
    long_valued: &["tabs"],
    numeric: true,
    ..Spec::GNU
};

/// unexpand(1), coreutils 9.1.
const UNEXPAND: Spec = Spec {
    flags: "a0123456789",
    valued: "t",
    long: &["all", "first-only", "help", "version"],
    long_valued: &["tabs"],
    numeric: true,
    ..Spec::GNU
};

/// rev(1), util-linux 2.38.1.
const REV: Spec = Spec {
    flags: "0hV",
    long: &["zero", "help", "version"],
    ..Spec::GNU
};

/// tr(1), coreutils 9.1: `-d` deletes characters from the stream.
const TR: Spec = Spec {
    flags: "cCdst",
    long: &[
        "complement",
        "delete",
        "squeeze-repeats",
        "truncate-set1",
        "help",
        "version",
    ],
    ..Spec::GNU
};

/// base64, base32, basenc, coreutils 9.1: decoding only prints.
const BASENC: Spec = Spec {
    flags: "di",
    valued: "w",
    long: &[
        "decode",
        "ignore-garbage",
        "base64",
        "base64url",
        "base32",
        "base32hex",
        "base16",
        "base2msbf",
        "base2lsbf",
        "z85",
        "help",
        "version",
    ],
    long_valued: &["wrap"],
    ..Spec::GNU
};

/// bc(1), bc 1.07.1: the bc language reads files and standard input and
/// has no way to write a file or run a program.
const BC: Spec = Spec {
    flags: "hilwsqv",
    long: &[
        "help",
        "interactive",
        "mathlib",
        "warn",
        "standard",
        "quiet",
        "version",
    ],
    ..Spec::GNU
};

/// cal/ncal(1), ncal 12.1.8 (glibc getopt, short options only).
const CAL: Spec = Spec {
    flags: "3bhjJpwySMCNeo1",
    valued: "ABWsmdH",
    long: &["help", "version"],
    abbrev: false,
    ..Spec::GNU
};

/// locale(1), glibc 2.36 (argp).
const LOCALE: Spec = Spec {
    flags: "amckvV?",
    long: &[
        "all-locales",
        "charmaps",
        "category-name",
        "keyword-name",
        "verbose",
        "help",
        "usage",
        "version",
    ],
    ..Spec::GNU
};

/// getconf(1), glibc 2.36.
const GETCONF: Spec = Spec {
    flags: "a",
    valued: "v",
    long: &["help", "version"],
    abbrev: false,
    ..Spec::GNU
};

/// numfmt(1), coreutils 9.1.
const NUMFMT: Spec = Spec {
    flags: "z",
    valued: "d",
    long: &["debug", "grouping", "zero-terminated", "help", "version"],
    long_valued: &[
        "delimiter",
        "field",
        "format",
        "from",
        "from-unit",
        "invalid",
        "padding",
        "round",
        "suffix",
        "to",
        "to-unit",
    ],
    long_optional: &["header"],
    ..Spec::GNU
};

/// lsattr(1), e2fsprogs 1.47.0 (getopt `RVadlpv`).
const LSATTR: Spec = Spec {
    flags: "RVadlpv",
    ..Spec::GNU
};

/// getfacl(1), acl 2.3.1.
const GETFACL: Spec = Spec {
    flags: "adceEsRLPtnpvh",
    long: &[
        "access",
        "default",
        "omit-header",
        "all-effective",
        "no-effective",
        "skip-base",
        "recursive",
        "logical",
        "physical",
        "tabular",
        "numeric",
        "one-file-system",
        "absolute-names",
        "version",
        "help",
    ],
    ..Spec::GNU
};

/// uuidgen(1), util-linux 2.38.1.
/// uname(1), coreutils 9.1: every option only prints.
const UNAME: Spec = Spec {
    flags: "asnrvmpio",
    long: &[
        "all",
        "kernel-name",
        "nodename",
        "kernel-release",
        "kernel-version",
        "machine",
        "processor",
        "hardware-platform",
        "operating-system",
        "help",
        "version",
    ],
    operands: Operands::None,
    ..Spec::GNU
};

const UUIDGEN: Spec = Spec {
    // Not `-t`/`--time`: it writes /var/lib/libuuid/clock.txt (the
    // syscall oracle caught it).
    flags: "rmsxhV",
    valued: "nN",
    long: &["random", "md5", "sha1", "hex", "help", "version"],
    long_valued: &["namespace", "name"],
    operands: Operands::None,
    ..Spec::GNU
};

/// look(1), util-linux 2.38.1.
const LOOK: Spec = Spec {
    flags: "adfhV",
    valued: "t",
    long: &["alternative", "alphanum", "ignore-case", "help", "version"],
    long_valued: &["terminate"],
    ..Spec::GNU
};

/// which(1), debianutils 5.7: a script taking `-a` and `-s`.
const WHICH: Spec = Spec {
    flags: "as",
    abbrev: false,
    ..Spec::GNU
};

/// whereis(1), util-linux 2.38.1: its own parser; the directories after
/// `-B`, `-M`, `-S` (up to `-f`) are operands here.
const WHEREIS: Spec = Spec {
    flags: "bmsulBMSfhV",
    long: &["help", "version"],
    abbrev: false,
    ..Spec::GNU
};

/// sort(1), coreutils 9.1. Left out: `-o`/`--output` (writes a file),
/// `--compress-program` (runs a program), `-T`/`--temporary-directory`
/// (writes temporaries where told).
const SORT: Spec = Spec {
    flags: "bdfgiMhnRrVcCmsuz",
    valued: "kSt",
    long: &[
        "ignore-leading-blanks",
        "dictionary-order",
        "ignore-case",
        "general-numeric-sort",
        "ignore-nonprinting",
        "month-sort",
        "human-numeric-sort",
        "numeric-sort",
        "random-sort",
        "reverse",
        "version-sort",
        "debug",
        "merge",
        "stable",
        "unique",
        "zero-terminated",
        "help",
        "version",
    ],
    long_valued: &[
        "random-source",
        "sort",
        "batch-size",
        "key",
        "buffer-size",
        "field-separator",
        "parallel",
    ],
    long_optional: &["check"],
    ..Spec::GNU
};

/// shuf(1), coreutils 9.1. Left out: `-o`/`--output`.
const SHUF: Spec = Spec {
    flags: "erz",
    valued: "in",
    long: &["echo", "repeat", "zero-terminated", "help", "version"],
    long_valued: &["input-range", "head-count", "random-source"],
    ..Spec::GNU
};

/// uniq(1), coreutils 9.1: a second operand is an output file, so at most
/// one (the input) is allowed. Also `-NUM` (skip fields).
const UNIQ: Spec = Spec {
    flags: "cdDiuz0123456789",
    valued: "fsw",
    long: &[
        "count",
        "repeated",
        "ignore-case",
        "unique",
        "zero-terminated",
        "help",
        "version",
    ],
    long_valued: &["skip-fields", "skip-chars", "check-chars"],
    long_optional: &["all-repeated", "group"],
    operands: Operands::AtMost(1),
    ..Spec::GNU
};

/// xxd(1), vim 9.0.1378 (xxd 2022-01-14): its own parser, where an option
/// is named by its first letters (`-c8`, `-cols 8`, `-ps`, `--ps`) and the
/// first operand ends options. Long spellings are listed exactly; the
/// attached short forms (`-c8`) are left unproven. Left out: `-r`/
/// `-revert` (writes binary, patching an output file). A second operand
/// is the output file: at most one.
const XXD: Spec = Spec {
    flags: "abCEeiupdhv",
    valued: "cglnos",
    long: &[
        "ps",
        "plain",
        "postscript",
        "bits",
        "autoskip",
        "capitalize",
        "EBCDIC",
        "include",
        "upper",
        "help",
        "version",
    ],
    long_valued: &["cols", "len", "seek", "groupsize", "name", "offset"],
    abbrev: false,
    permute: false,
    single_dash_long: true,
    operands: Operands::AtMost(1),
    ..Spec::GNU
};

/// tee(1), coreutils 9.1: its operands are files it writes; the rules
/// allow only sinks (/dev/null) there.
const TEE: Spec = Spec {
    flags: "aip",
    long: &["append", "ignore-interrupts", "help", "version"],
    long_optional: &["output-error"],
    ..Spec::GNU
};

/// sed(1), sed 4.9. Only the flags, exact long names (no abbreviations)
/// and the script as the first operand, which is where the rules look for
/// `w`, `W` and `e`, or the scripts of every `-e` (in a cluster, attached,
/// or `--expression=`, read as getopt does: `-ne 'w f'`, `-e'w f'`, `-le5`
/// is `-l e5`). Left out: `-i` (edits in place), `-f` (a script file,
/// unknown).
const SED: Spec = Spec {
    flags: "nErsuz",
    valued: "el",
    long: &[
        "quiet",
        "silent",
        "debug",
        "posix",
        "regexp-extended",
        "separate",
        "sandbox",
        "unbuffered",
        "null-data",
        "follow-symlinks",
        "help",
        "version",
    ],
    long_valued: &["expression", "line-length"],
    abbrev: false,
    other: &Other {
        flags: "b",
        valued: "f",
        optional: "i",
        long: &["binary", "zero-terminated"],
        long_valued: &["file"],
        long_optional: &["in-place"],
    },
    ..Spec::GNU
};

/// awk, gawk 5.2.1, mawk 1.3.4: the program text is the first operand,
/// which the rules read (they skip only the values of `-F`, `-v`,
/// `--field-separator`, `--assign`, written whole). So no short flags
/// (`-bF :` would hide the program from the rules) and no abbreviations.
/// Left out: `-f`/`--file`, `-E`/`--exec`, `-i`/`--include`, `-e`/
/// `--source` (program text the rules do not read), `-l`/`--load` (loads
/// a shared library), `-W` (mawk's `-W exec`), `-d`/`-p`/`-o`/`-D`
/// (`--dump-variables`, `--profile`, `--pretty-print`, `--debug` write
/// files or run the debugger). Stops at the program text (gawk's `+`).
const AWK: Spec = Spec {
    valued: "Fv",
    long: &[
        "characters-as-bytes",
        "traditional",
        "copyright",
        "gen-pot",
        "help",
        "bignum",
        "use-lc-numeric",
        "non-decimal-data",
        "optimize",
        "posix",
        "re-interval",
        "no-optimize",
        "sandbox",
        "lint-old",
        "version",
    ],
    long_valued: &["field-separator", "assign"],
    abbrev: false,
    permute: false,
    ..Spec::GNU
};

/// find(1), findutils 4.9.0: `-H -L -P -D opts -Olevel`, the starting
/// points, then the expression (`-name` style, one dash, exact names).
/// `(`, `)`, `!`, `,` are operands; `-a`, `-o`, `-d` one-letter words.
/// Left out: `-delete`, `-exec`, `-execdir`, `-ok`, `-okdir`, `-fls`,
/// `-fprint`, `-fprint0`, `-fprintf` (the rules judge them).
const FIND: Spec = Spec {
    flags: "HLPaod",
    valued: "D",
    long: &[
        "O0",
        "O1",
        "O2",
        "O3",
        "depth",
        "help",
        "ignore_readdir_race",
        "mount",
        "noignore_readdir_race",
        "noleaf",
        "version",
        "warn",
        "nowarn",
        "xdev",
        "follow",
        "daystart",
        "empty",
        "executable",
        "false",
        "nogroup",
        "nouser",
        "readable",
        "true",
        "writable",
        "ls",
        "print",
        "print0",
        "prune",
        "quit",
        "not",
        "and",
        "or",
    ],
    long_valued: &[
        "maxdepth",
        "mindepth",
        "regextype",
        "amin",
        "anewer",
        "atime",
        "cmin",
        "cnewer",
        "context",
        "ctime",
        "fstype",
        "gid",
        "group",
        "ilname",
        "iname",
        "inum",
        "ipath",
        "iregex",
        "iwholename",
        "links",
        "lname",
        "mmin",
        "mtime",
        "name",
        "newer",
        "path",
        "perm",
        "regex",
        "samefile",
        "size",
        "type",
        "uid",
        "used",
        "user",
        "wholename",
        "xtype",
        "printf",
        "neweraa",
        "neweraB",
        "newerac",
        "neweram",
        "newerat",
        "newerBa",
        "newerBB",
        "newerBc",
        "newerBm",
        "newerBt",
        "newerca",
        "newercB",
        "newercc",
        "newercm",
        "newerct",
        "newerma",
        "newermB",
        "newermc",
        "newermm",
        "newermt",
    ],
    abbrev: false,
    single_dash_long: true,
    ..Spec::GNU
};

/// dd(1), coreutils 9.1: only `--help`/`--version` are options; the
/// `key=value` operands are read as operands, and the rules judge `of=`
/// (any target but a sink is destructive). Without `of=` dd writes to
/// standard output, so `conv=`, `oflag=`, `seek=` change only that.
const DD: Spec = Spec {
    long: &["help", "version"],
    ..Spec::GNU
};

/// date(1), coreutils 9.1: `-f` and `-r` only read. Left out: `-s`/`--set`.
/// An operand that is not `+FORMAT` sets the clock: the rules judge it.
const DATE: Spec = Spec {
    flags: "Ru",
    valued: "dfr",
    optional: "I",
    long: &[
        "debug",
        "resolution",
        "rfc-email",
        "utc",
        "universal",
        "help",
        "version",
    ],
    long_valued: &["date", "file", "rfc-3339", "reference"],
    // `-f FILE` prints each line it cannot read as a date: a file known
    // when the command is read, and no secret.
    checked: &[("f", super::read_file), ("file", super::read_file)],
    long_optional: &["iso-8601"],
    ..Spec::GNU
};

/// jq(1), jq 1.6: its own parser (clusters, exact long names, options
/// anywhere). jq's language cannot write files or run programs; `-f`,
/// `-L`, `--slurpfile`, `--rawfile` only read. `--arg NAME VALUE` and
/// its kin take two words: the second is an operand here, which is as
/// harmless.
/// (Not `-L`/`--library-path`: `import "x" as $x` then reads any file
/// there; a rule refuses `import` and `include` in the program too.)
const JQ: Spec = Spec {
    flags: "cnesrRCMSajh",
    valued: "f",
    long: &[
        "seq",
        "stream",
        "slurp",
        "raw-input",
        "null-input",
        "compact-output",
        "tab",
        "color-output",
        "monochrome-output",
        "ascii-output",
        "unbuffered",
        "sort-keys",
        "raw-output",
        "join-output",
        "exit-status",
        "args",
        "jsonargs",
        "help",
        "version",
        "debug-dump-disasm",
        "debug-trace",
    ],
    long_valued: &[
        "indent",
        "from-file",
        "arg",
        "argjson",
        "slurpfile",
        "rawfile",
        "argfile",
    ],
    // (Not `--run-tests`: it runs the programs of a file, or of the
    // input; review 129.)
    abbrev: false,
    ..Spec::GNU
};

/// test and `[`, bash 5.2 builtins (and coreutils 9.1): the operators as
/// one-dash options. `-v NAME` and `-R NAME` evaluate an array subscript
/// (`test -v 'a[$(cmd)]'` runs cmd): the rules refuse any name with a
/// subscript or only known at run time, so plain names pass here. A word
/// only known at run time could be `-v`, so `[ -n "$x" ]` is unproven.
const TEST: Spec = Spec {
    flags: "abcdefghknoprstuvwxzGLNORS",
    long: &[
        "eq", "ne", "lt", "le", "gt", "ge", "ef", "nt", "ot", "help", "version",
    ],
    abbrev: false,
    numeric: true,
    single_dash_long: true,
    ..Spec::GNU
};

/// printf: bash's builtin. `-v VAR` assigns (`printf -v 'a[$(cmd)]' x`
/// runs cmd): the rules refuse a name with a subscript.
const PRINTF: Spec = Spec {
    valued: "v",
    long: &["help", "version"],
    ..Spec::ORDERED
};

/// type, bash 5.2 builtin.
const TYPE: Spec = Spec {
    flags: "afptP",
    ..Spec::ORDERED
};

// --- bash builtins (bash 5.2.15, `help NAME`): no long options, no
// abbreviations, the first operand ends the options.

/// `cd [-L|[-P [-e]] [-@]] [dir]`, `pushd`/`popd [-n] [+N | -N | dir]`.
const CD: Spec = Spec {
    flags: "LPe@",
    operands: Operands::AtMost(1),
    ..Spec::ORDERED
};

const PUSHD: Spec = Spec {
    flags: "n",
    numeric: true,
    operands: Operands::AtMost(1),
    ..Spec::ORDERED
};

/// `dirs [-clpv] [+N] [-N]`. Left out: `-c` (clears the stack).
const DIRS: Spec = Spec {
    flags: "lpv",
    numeric: true,
    operands: Operands::AtMost(1),
    ..Spec::ORDERED
};

/// `shopt [-pqsu] [-o] [optname ...]`: only the printing forms. Left
/// out: `-s` and `-u` (set and unset shell options such as `extdebug`).
const SHOPT: Spec = Spec {
    flags: "pqo",
    ..Spec::ORDERED
};

/// `wait [-fn] [-p var] [id ...]`. Left out: `-p VAR` (assigns, so a
/// subscript `a[$(cmd)]` runs cmd).
const WAIT: Spec = Spec {
    flags: "fn",
    ..Spec::ORDERED
};

/// `hash [-lr] [-p pathname] [-dt] [name ...]`: listing and looking up.
/// Left out: `-p` (points a name at any file), `-r`, `-d`.
const HASH: Spec = Spec {
    flags: "lt",
    ..Spec::ORDERED
};

/// `history [n]`: only printing. Left out: `-c -d -a -n -r -w -p -s`.
const HISTORY: Spec = Spec {
    operands: Operands::AtMost(1),
    ..Spec::ORDERED
};

/// `unalias [-a] name …`: only removes aliases of this shell.
const UNALIAS: Spec = Spec {
    flags: "a",
    ..Spec::ORDERED
};

/// `ulimit [-SHabcdefiklmnpqrstuvxPRT] [limit]`: printing only, so no
/// operand (a limit sets it).
const ULIMIT: Spec = Spec {
    flags: "SHabcdefiklmnpqrstuvxPRT",
    operands: Operands::None,
    ..Spec::ORDERED
};

/// `umask [-p] [-S] [mode]`: printing only, so no mode.
const UMASK: Spec = Spec {
    flags: "pS",
    operands: Operands::None,
    ..Spec::ORDERED
};

/// `read [-ers] [-a array] [-d delim] [-i text] [-n nchars] [-N nchars]
/// [-p prompt] [-t timeout] [-u fd] [name ...]`. Left out: `-a` (assigns
/// an array), `-e`/`-i` (readline, reads the inputrc). NOTE: a name
/// operand with a subscript (`read 'a[$(cmd)]'`) runs cmd; the table
/// cannot see inside operands.
const READ: Spec = Spec {
    flags: "rs",
    // (`-a NAME`: the array's name is judged with the other names read
    // assigns, as `PATH` or `BASH_ALIASES` would be.)
    valued: "adnNptu",
    ..Spec::ORDERED
};

/// `getopts optstring name [arg ...]`: bash refuses a subscripted name.
/// (bash's builtins stop at their first operand.)
const GETOPTS: Spec = Spec::ORDERED;

/// `jobs [-lnprs] [jobspec ...]`. Left out: `-x` (runs a command).
const JOBS: Spec = Spec {
    flags: "lnprs",
    ..Spec::ORDERED
};

/// `set`: bare it prints the variables; flags that only change how this
/// shell reports and stops (`-euxv`, …). Every word is checked (a `+x`
/// word would otherwise end the options and hide a later `-k`). Left out:
/// `-o NAME` (its value may be `keyword` or `allexport`), `-a`
/// (allexport: later assignments reach every program's environment),
/// `-k` (keyword: `cmd LD_PRELOAD=x` becomes environment), `-H`, `-p`,
/// `-t`. `+x` words turn options off and are operands here.
const SET: Spec = Spec {
    flags: "euxvCfnETbhmPB",
    // `-o NAME` only for options that make the script stricter or
    // quieter; not `keyword` (later `NAME=VALUE` arguments become a
    // command's environment), `posix` (another grammar), `allexport`.
    valued: "o",
    checked: &[("o", |v| {
        matches!(
            v,
            "errexit"
                | "nounset"
                | "xtrace"
                | "verbose"
                | "pipefail"
                | "noglob"
                | "noclobber"
                | "errtrace"
                | "functrace"
                | "noexec"
        )
    })],
    ..Spec::GNU
};

/// `unset [-f] [-v] [-n] [name ...]`. NOTE: a subscripted name of an
/// existing array (`unset 'a[$(cmd)]'`) runs cmd.
const UNSET: Spec = Spec {
    flags: "fvn",
    ..Spec::ORDERED
};

/// `alias [-p] [name[=value] ...]`: the rules make any operand
/// destructive.
const ALIAS: Spec = Spec {
    flags: "p",
    ..Spec::ORDERED
};

/// `declare [-aAfFgIlrtu] [name[=value] ...]` (`typeset`, `local`):
/// attributes that only shape what a name holds, and the listing of
/// functions (`-f`, `-F`). Left out: `-i` (each later assignment is
/// arithmetic, which runs a `a[$(cmd)]` it holds), `-n` (a name that
/// stands for another), `-x` (exports), `-p` (prints variables, the
/// environment's credentials among them). The names and values are the
/// builtin's rule's (a steering name, command text kept).
const DECLARE: Spec = Spec {
    flags: "aAfFgIlrtu",
    ..Spec::ORDERED
};

/// `help [-dms] [pattern ...]`.
const HELP: Spec = Spec {
    flags: "dms",
    ..Spec::ORDERED
};

#[rustfmt::skip]
pub(super) const ENTRIES: &[Entry] = &[
    Entry {
        names: &["uname"],
        spec: &UNAME,
        read_only: &["uname -a", "uname -sr", "uname --kernel-release"],
        not: &["uname -Z", "uname x"],
    },
    Entry {
        names: &["ls", "dir", "vdir"],
        spec: &LS,
        read_only: &["ls -la /etc", "ls -lh --sort=size /var/log", "ls --color=auto -w 80 /", "ls -- -o", "for opts in -l -a; do ls $opts /etc; done"],
        not: &["ls -l --output=/tmp/x"],
    },
    Entry {
        names: &["cat"],
        spec: &CAT,
        read_only: &["cat -n /etc/hosts", "cat /etc/os-release"],
        not: &["cat -z /etc/hosts", "cat /etc/shadow"],
    },
    Entry {
        names: &["tac"],
        spec: &TAC,
        read_only: &["tac /var/log/syslog", "tac -s '--' -b /tmp/list"],
        not: &["tac -o /tmp/x /etc/hosts"],
    },
    Entry {
        names: &["head"],
        spec: &HEAD,
        read_only: &["head -n 20 /var/log/syslog", "head -5 /etc/passwd", "head -c1K /var/log/dpkg.log", "head --lines=3 /etc/fstab -v"],
        not: &["head -o /tmp/x /etc/hosts"],
    },
    Entry {
        names: &["tail"],
        spec: &TAIL,
        read_only: &["tail -n 100 /var/log/syslog", "tail -f /var/log/nginx/error.log", "tail -20f /var/log/syslog", "tail --follow=name --retry /var/log/caddy.log"],
        not: &["tail -x /var/log/syslog"],
    },
    Entry {
        names: &["wc"],
        spec: &WC,
        read_only: &["wc -l /etc/passwd", "wc -lwc /etc/hosts"],
        not: &["wc --total=always /etc/hosts"],
    },
    Entry {
        names: &["grep", "egrep", "fgrep"],
        spec: &GREP,
        read_only: &["grep -rno listen /etc/nginx", "grep -C3 -i error /var/log/syslog", "egrep -v '^#|^$' /etc/ssh/sshd_config", "grep --exclude-dir=.git -rl TODO /srv/app"],
        not: &["grep -X foo /etc/hosts", "grep $flags x /etc/hosts"],
    },
    Entry {
        names: &["zgrep", "zegrep", "zfgrep"],
        spec: &ZGREP,
        read_only: &["zgrep -i 'failed password' /var/log/auth.log.2.gz", "zgrep -c error /var/log/syslog.2.gz"],
        not: &["zgrep -f /tmp/pats /var/log/syslog.2.gz"],
    },
    Entry {
        names: &["rg"],
        spec: &RG,
        read_only: &["rg -no listen /etc/nginx", "rg --files /srv/app", "rg -tpy -g '!tests' import /usr/lib/python3/dist-packages/apt"],
        not: &["rg --pre /tmp/x.sh foo /srv", "rg -z foo /var/log"],
    },
    Entry {
        names: &["ag"],
        spec: &AG,
        read_only: &["ag -o timeout /etc/caddy", "ag --depth 2 -l foo /srv"],
        not: &["ag --pager 'sh -c id' foo /srv"],
    },
    Entry {
        names: &["less", "zless"],
        spec: &LESS,
        read_only: &["less -R /var/log/syslog", "less -N +G /etc/hosts", "zless /var/log/syslog.2.gz"],
        not: &["less -o /tmp/copy /etc/hosts", "less --log-file=/tmp/copy /etc/hosts", "less -k /tmp/keys /etc/hosts"],
    },
    Entry {
        names: &["more"],
        spec: &MORE,
        read_only: &["more /etc/services", "more -20 +/http /etc/services"],
        not: &["more -x /etc/hosts"],
    },
    Entry {
        names: &["zmore"],
        spec: &ZMORE,
        read_only: &["zmore /var/log/syslog.2.gz"],
        not: &["zmore -x /var/log/syslog.2.gz"],
    },
    Entry {
        names: &["most"],
        spec: &MOST,
        read_only: &["most /var/log/syslog", "most -s /etc/services"],
        not: &["most -x /etc/hosts"],
    },
    Entry {
        names: &["file"],
        spec: &FILE,
        read_only: &["file /usr/bin/ls", "file -bi /tmp/upload.bin", "file -sL /dev/sda1"],
        not: &["file -C -m /tmp/magic", "file -p /etc/hosts"],
    },
    Entry {
        names: &["stat"],
        spec: &STAT,
        read_only: &["stat /etc/hosts", "stat -c '%a %U %n' /etc/ssh/sshd_config", "stat -fL /"],
        not: &["stat -x /etc/hosts"],
    },
    Entry {
        names: &["df"],
        spec: &DF,
        read_only: &["df -h", "df -hT -x tmpfs", "df --output=source,pcent /"],
        not: &["df --sync -h"],
    },
    Entry {
        names: &["du"],
        spec: &DU,
        read_only: &["du -sh /var/lib/docker", "du -xh --max-depth=1 / 2>/dev/null", "du -d1 -h /srv | sort -h"],
        not: &["du -sh --foo /var"],
    },
    Entry {
        names: &["pwd"],
        spec: &PWD,
        read_only: &["pwd", "pwd -P"],
        not: &["pwd -x"],
    },
    Entry {
        names: &["whoami", "logname", "hostid", "groups", "users", "arch"],
        spec: &PLAIN,
        read_only: &["whoami", "groups www-data", "hostid", "arch"],
        not: &["whoami -x"],
    },
    Entry {
        names: &["tty"],
        spec: &TTY,
        read_only: &["tty", "tty -s"],
        not: &["tty -x"],
    },
    Entry {
        names: &["nproc"],
        spec: &NPROC,
        read_only: &["nproc", "nproc --all"],
        not: &["nproc -x"],
    },
    Entry {
        names: &["id"],
        spec: &ID,
        read_only: &["id", "id -un", "id -Gn www-data"],
        not: &["id -x"],
    },
    Entry {
        names: &["printenv"],
        spec: &PRINTENV,
        read_only: &["printenv PATH", "printenv -0 HOME"],
        not: &["printenv -x"],
    },
    Entry {
        names: &["cut"],
        spec: &CUT,
        read_only: &["cut -d: -f1 /etc/passwd", "cut -c1-20 /var/log/syslog", "cut --fields=2,3 -d, /tmp/x.csv"],
        not: &["cut -o /tmp/x -f1 /etc/passwd"],
    },
    Entry {
        names: &["column"],
        spec: &COLUMN,
        read_only: &["column -t /etc/fstab", "column -ts: /etc/passwd"],
        not: &["column -X /etc/fstab"],
    },
    Entry {
        names: &["diff"],
        spec: &DIFF,
        read_only: &["diff -u /etc/ssh/sshd_config.bak /etc/ssh/sshd_config", "diff -rq /etc/nginx /tmp/nginx", "diff -U5 --color=always a b"],
        // Every differing line of every file below, an app's `.env` or
        // `tls.key` included.
        not: &["diff -l a b", "diff --paginate a b", "diff -ru /srv/app /tmp/app"],
    },
    Entry {
        names: &["patch"],
        spec: &PATCH,
        read_only: &[
            "patch --dry-run -p1 -d /etc -i /root/patches/sshd-hardening.patch",
            "patch --dry-run -R -p1 -d /etc -i /root/patches/chrony-pool.patch",
        ],
        not: &[
            "patch -p1 -d /etc -i /root/patches/a.patch",
            "patch --dry-run -o /etc/x -p1 -i a.patch",
            "patch --dry-run -b -p1 -i a.patch",
        ],
    },
    Entry {
        names: &["sdiff"],
        spec: &SDIFF,
        read_only: &["sdiff -s -w 160 /etc/chrony/chrony.conf /root/etc-baseline/chrony/chrony.conf"],
        not: &["sdiff -o /etc/chrony/chrony.conf a b", "sdiff --diff-program=/tmp/x a b"],
    },
    Entry {
        names: &["diff3"],
        spec: &DIFF3,
        read_only: &["diff3 -m mine base theirs"],
        not: &["diff3 --diff-program=/tmp/x a b c"],
    },
    Entry {
        names: &["lsdiff", "grepdiff", "filterdiff"],
        spec: &PATCHUTILS,
        read_only: &[
            "lsdiff -p1 /root/patches/a.patch",
            "filterdiff -i '*sshd_config' /root/patches/sshd-hardening.patch",
            "grepdiff -n PermitRootLogin /root/patches/a.patch",
        ],
        not: &["filterdiff --in-place -x '*.orig' a.patch", "grepdiff -f /tmp/patterns a.patch"],
    },
    Entry {
        names: &["interdiff", "combinediff"],
        spec: &INTERDIFF,
        read_only: &["interdiff /root/patches/v1.patch /root/patches/v2.patch"],
        not: &["interdiff --flip a.patch b.patch"],
    },
    Entry {
        names: &["diffstat"],
        spec: &DIFFSTAT,
        read_only: &["diffstat /root/patches/sshd-hardening.patch", "diffstat -p1 -w 80 a.patch"],
        not: &["diffstat -o /etc/motd a.patch", "diffstat -e /etc/motd a.patch"],
    },
    Entry {
        names: &["cmp"],
        spec: &CMP,
        read_only: &["cmp /tmp/a /tmp/b", "cmp -l -n 100 a b"],
        not: &["cmp -x a b"],
    },
    Entry {
        names: &["comm"],
        spec: &COMM,
        read_only: &["comm -23 /tmp/a /tmp/b", "comm --nocheck-order -3 a b"],
        not: &["comm -x a b"],
    },
    Entry {
        names: &["md5sum", "sha1sum", "sha224sum", "sha256sum", "sha384sum", "sha512sum", "b2sum", "cksum"],
        spec: &SUMS,
        read_only: &["sha256sum /tmp/proxmox.iso", "cksum -a sha256 --untagged /tmp/x"],
        // `-c` opens what its list names (the rules ask: a list may name
        // a device that acts when opened).
        not: &["md5sum -o /tmp/x /etc/hosts", "sha256sum -c SHA256SUMS --ignore-missing"],
    },
    Entry {
        names: &["b3sum"],
        spec: &B3SUM,
        read_only: &["b3sum /var/lib/vz/template/iso/x.iso", "b3sum --num-threads 8 --no-names /tmp/x"],
        not: &["b3sum -c B3SUMS", "b3sum --keyed /tmp/x"],
    },
    Entry {
        names: &["od"],
        spec: &OD,
        read_only: &["od -c /tmp/x", "od -An -tx1 -N16 /dev/urandom", "od -w32 -x /tmp/x"],
        not: &["od -y /tmp/x"],
    },
    Entry {
        names: &["hexdump"],
        spec: &HEXDUMP,
        read_only: &["hexdump -C /tmp/x", "hexdump -n 64 -C /boot/efi/EFI/debian/shimx64.efi"],
        not: &["hexdump -Z /tmp/x"],
    },
    Entry {
        names: &["strings"],
        spec: &STRINGS,
        read_only: &["strings /usr/bin/ls", "strings -n 8 -td /tmp/core"],
        not: &["strings -x /tmp/x"],
    },
    Entry {
        names: &["realpath"],
        spec: &REALPATH,
        read_only: &["realpath .", "realpath --relative-to=/srv /srv/app/x"],
        not: &["realpath -x ."],
    },
    Entry {
        names: &["readlink"],
        spec: &READLINK,
        read_only: &["readlink -f /usr/bin/python3", "readlink /proc/1/exe"],
        not: &["readlink -x /x"],
    },
    Entry {
        names: &["dirname"],
        spec: &DIRNAME,
        read_only: &["dirname /etc/nginx/nginx.conf"],
        not: &["dirname -x /etc"],
    },
    Entry {
        names: &["basename"],
        spec: &BASENAME,
        read_only: &["basename /etc/nginx/nginx.conf .conf", "basename -s .log -a a.log b.log"],
        not: &["basename -x /etc"],
    },
    Entry {
        names: &["seq"],
        spec: &SEQ,
        read_only: &["seq 1 10", "seq -w 1 5 100", "seq 10 -1 1", "seq -s, 5"],
        not: &["seq -x 5"],
    },
    Entry {
        names: &["fd", "fdfind"],
        spec: &FD,
        read_only: &[
            "fdfind -e log --changed-within 1h . /opt",
            "fd -H -t f '\\.conf$' /etc/nginx",
            "fdfind --max-depth=2 compose /srv",
        ],
        not: &[
            "fd -e log -x rm",
            "fdfind -X cat . /etc",
            "fd --exec-batch wc -l",
            "fd -l . /etc",
            "fd --ignore-file /etc/shadow x",
        ],
    },
    Entry {
        names: &["tree"],
        spec: &TREE,
        read_only: &["tree -L 2 /etc/nginx", "tree -dL 2 /srv", "tree /etc -a --charset=ascii"],
        not: &["tree -o /tmp/tree.txt /etc", "tree -Lo 2 /tmp/out /etc", "tree -R -H . /srv"],
    },
    Entry {
        names: &["zcat"],
        spec: &ZCAT,
        read_only: &["zcat /var/log/syslog.2.gz", "zcat -f /var/log/dpkg.log*"],
        not: &["zcat -x /var/log/syslog.2.gz"],
    },
    Entry {
        names: &["bzcat"],
        spec: &BZCAT,
        read_only: &["bzcat /tmp/x.bz2"],
        not: &["bzcat -z /tmp/x"],
    },
    Entry {
        names: &["xzcat"],
        spec: &XZCAT,
        read_only: &["xzcat /tmp/x.xz", "xzcat -T0 /tmp/x.xz"],
        not: &["xzcat -z /tmp/x"],
    },
    Entry {
        names: &["zstdcat"],
        spec: &ZSTDCAT,
        read_only: &["zstdcat /var/log/journal.zst"],
        not: &["zstdcat -o /tmp/x /tmp/x.zst", "zstdcat --rm /tmp/x.zst"],
    },
    Entry {
        names: &["nl"],
        spec: &NL,
        read_only: &["nl -ba /etc/fstab", "nl -w3 -s': ' /etc/hosts"],
        not: &["nl -x /etc/hosts"],
    },
    Entry {
        names: &["fold"],
        spec: &FOLD,
        read_only: &["fold -w 80 -s /tmp/x", "fold -40 /tmp/x"],
        not: &["fold -x /tmp/x"],
    },
    Entry {
        names: &["fmt"],
        spec: &FMT,
        read_only: &["fmt -w 72 /tmp/x"],
        not: &["fmt -x /tmp/x"],
    },
    Entry {
        names: &["pr"],
        spec: &PR,
        read_only: &["pr -2 -t /etc/services", "pr -n -h Title /tmp/x"],
        not: &["pr -x /tmp/x"],
    },
    Entry {
        names: &["paste"],
        spec: &PASTE,
        read_only: &["paste -sd, /tmp/list", "paste a b"],
        not: &["paste -x a b"],
    },
    Entry {
        names: &["join"],
        spec: &JOIN,
        read_only: &["join -t: -1 1 -2 1 /tmp/a /tmp/b"],
        not: &["join -x a b"],
    },
    Entry {
        names: &["expand"],
        spec: &EXPAND,
        read_only: &["expand -t 4 /tmp/x"],
        not: &["expand -x /tmp/x"],
    },
    Entry {
        names: &["unexpand"],
        spec: &UNEXPAND,
        read_only: &["unexpand -a /tmp/x"],
        not: &["unexpand -x /tmp/x"],
    },
    Entry {
        names: &["rev"],
        spec: &REV,
        read_only: &["rev /tmp/x"],
        not: &["rev -x /tmp/x"],
    },
    Entry {
        names: &["tr"],
        spec: &TR,
        read_only: &["tr -d '\\r' < /tmp/x", "tr a-z A-Z < /etc/hostname", "tr -s ' '"],
        not: &["tr -x a b"],
    },
    Entry {
        names: &["base64", "base32", "basenc"],
        spec: &BASENC,
        read_only: &["base64 -w0 /tmp/x", "base64 -d /tmp/x.b64", "basenc --base16 /tmp/x"],
        not: &["base64 -d /tmp/x | sh", "base64 -o /tmp/x"],
    },
    Entry {
        names: &["bc"],
        spec: &BC,
        read_only: &["bc -l", "echo '2^10' | bc"],
        not: &["bc -x"],
    },
    Entry {
        names: &["cal", "ncal"],
        spec: &CAL,
        read_only: &["cal", "cal -3", "ncal -wb 2025"],
        not: &["cal -x"],
    },
    Entry {
        names: &["locale"],
        spec: &LOCALE,
        read_only: &["locale", "locale -a"],
        not: &["locale -x"],
    },
    Entry {
        names: &["getconf"],
        spec: &GETCONF,
        read_only: &["getconf PAGESIZE", "getconf -a"],
        not: &["getconf -x"],
    },
    Entry {
        names: &["numfmt"],
        spec: &NUMFMT,
        read_only: &["numfmt --to=iec 1048576", "numfmt --from=iec --field=2 --header=1 /tmp/x"],
        not: &["numfmt -x 5"],
    },
    Entry {
        names: &["lsattr"],
        spec: &LSATTR,
        read_only: &["lsattr /etc/resolv.conf", "lsattr -d /srv"],
        not: &["lsattr -x /etc"],
    },
    Entry {
        names: &["getfacl"],
        spec: &GETFACL,
        read_only: &["getfacl /srv/share", "getfacl -R -p /srv/share"],
        not: &["getfacl -x /srv"],
    },
    Entry {
        names: &["uuidgen"],
        spec: &UUIDGEN,
        read_only: &["uuidgen", "uuidgen -r"],
        not: &["uuidgen -z", "uuidgen foo"],
    },
    Entry {
        names: &["look"],
        spec: &LOOK,
        read_only: &["look -f abc /usr/share/dict/words"],
        not: &["look -x abc"],
    },
    Entry {
        names: &["which"],
        spec: &WHICH,
        read_only: &["which -a python3", "which docker"],
        not: &["which -x docker"],
    },
    Entry {
        names: &["whereis"],
        spec: &WHEREIS,
        read_only: &["whereis nginx", "whereis -b ls"],
        not: &["whereis -x ls"],
    },
    Entry {
        names: &["sort"],
        spec: &SORT,
        read_only: &["sort -k3 -nr /tmp/x", "sort -u -t: -k1,1 /etc/passwd", "sort -h", "sort /tmp/x --reverse"],
        not: &["sort -o /tmp/sorted /tmp/x", "sort --compress-p=sh /tmp/x", "sort -T /srv /tmp/x"],
    },
    Entry {
        names: &["shuf"],
        spec: &SHUF,
        read_only: &["shuf -n 5 /etc/services", "shuf -i 1-100 -n1"],
        not: &["shuf -o /tmp/x /etc/services"],
    },
    Entry {
        names: &["uniq"],
        spec: &UNIQ,
        read_only: &["uniq -c", "uniq -d /tmp/sorted"],
        not: &["uniq /tmp/in /tmp/out"],
    },
    Entry {
        names: &["xxd"],
        spec: &XXD,
        read_only: &["xxd /tmp/x", "xxd -l 64 /boot/vmlinuz", "xxd -ps -c 32 /tmp/x"],
        not: &["xxd -r /tmp/x.hex /tmp/x", "xxd /tmp/a /tmp/b", "xxd -r -p /tmp/x.hex"],
    },
    Entry {
        names: &["tee"],
        spec: &TEE,
        read_only: &["echo hi | tee /dev/null", "df -h | tee -a /dev/stderr"],
        not: &["echo hi | tee /tmp/x", "echo hi | tee -x /dev/null"],
    },
    Entry {
        names: &["sed"],
        spec: &SED,
        read_only: &["sed -n '1,20p' /etc/fstab", "sed -E 's/#.*//' /etc/ssh/sshd_config", "sed -n /Port/p /etc/ssh/sshd_config --posix", "sed -e '/^#/d' -e '/^$/d' /etc/ssh/sshd_config", "sed -ne 1,5p /etc/hosts", "sed --expression=1d -l 40 /etc/hosts"],
        not: &["sed -i 's/a/b/' /etc/hosts", "sed -f /tmp/x.sed /etc/hosts", "sed -e 'w /tmp/x' /etc/hosts", "sed --in-pl 's/a/b/' /etc/hosts", "sed -ne 'w /tmp/x' /etc/hosts", "sed -e p -e'1e id' /etc/hosts", "sed --expression='s/x/y/w /tmp/x' /etc/hosts", "sed -e p /etc/shadow", "sed -e \"$s\" /etc/hosts", "sed -e p -f /tmp/x.sed /etc/hosts"],
    },
    Entry {
        names: &["awk", "gawk", "mawk", "nawk"],
        spec: &AWK,
        read_only: &["awk '{print $1}' /etc/hosts", "awk -F: '$3 == 0 {print $1}' /etc/passwd", "gawk -v n=3 'NR<=n' /etc/hosts"],
        not: &["awk -f /tmp/x.awk /etc/hosts", "gawk -l filefuncs 'BEGIN{}'", "gawk --source 'BEGIN{}' /etc/hosts", "gawk -o/tmp/x '{print}' /etc/hosts"],
    },
    Entry {
        names: &["find"],
        spec: &FIND,
        read_only: &["find /etc -name '*.conf' -mtime -1", "find /var/log -type f -size +100M -printf '%s %p\\n'", "find -L /srv -maxdepth 2 \\( -name '*.yml' -o -name '*.yaml' \\) -print", "find / -xdev -newermt '2024-01-01' ! -path '/proc/*'"],
        not: &["find /tmp -delete", "find /tmp -fprint /tmp/x", "find . -name x -exec rm {} +"],
    },
    Entry {
        names: &["dd"],
        spec: &DD,
        read_only: &["dd if=/tmp/x of=/dev/null bs=1M"],
        not: &["dd if=/dev/zero of=/dev/sda bs=1M", "dd if=/tmp/x of=/tmp/y"],
    },
    Entry {
        names: &["date"],
        spec: &DATE,
        read_only: &["date", "date +%s", "date -u -d @1700000000", "date -I", "date -r /etc/hosts"],
        not: &["date -s '2020-01-01'", "date --se '2020-01-01'"],
    },
    Entry {
        names: &["jq"],
        spec: &JQ,
        read_only: &["jq .version package.json", "jq -r '.[].name' /tmp/x.json", "jq --arg v 1 -n '$v'"],
        not: &["jq -x . /tmp/x"],
    },
    Entry {
        names: &["echo"],
        spec: &Spec::FREE,
        read_only: &["echo hello", "echo -n -e 'a\\tb'"],
        not: &["echo hi > /etc/motd"],
    },
    Entry {
        // Only prints its operands; bash's `printf -v` is left out.
        names: &["printf"],
        spec: &PRINTF,
        read_only: &["printf '%s\\n' a b", "printf -- '-%s\\n' x"],
        not: &["printf -v 'a[$(reboot)]' '%s' y"],
    },
    Entry {
        // No options: the exit status is all they give.
        names: &["true", "false", ":"],
        spec: &Spec::FREE,
        read_only: &["true", "false", ": comment"],
        not: &[": > /etc/hosts"],
    },
    Entry {
        names: &["test", "["],
        spec: &TEST,
        read_only: &["test -f /etc/hosts", "[ -d /tank ]", "[ 3 -gt 2 ]", "test -n abc -a -e /etc"],
        not: &["test -v 'a[$(id)]'", "[ -n \"$x\" ]"],
    },
    Entry {
        // expr(1), coreutils 9.1: only `--help`/`--version`, then an
        // expression it evaluates without running anything.
        names: &["expr"],
        spec: &Spec::FREE,
        read_only: &["expr 1 + 2", "expr length abc"],
        not: &["expr 1 + 2 > /tmp/x"],
    },
    Entry {
        // sleep(1) and yes(1), coreutils 9.1: only `--help`/`--version`.
        names: &["sleep", "yes"],
        spec: &Spec::FREE,
        read_only: &["sleep 5", "yes | head -3"],
        not: &["sleep 5; rm -rf /tmp/x"],
    },
    Entry {
        names: &["type"],
        spec: &TYPE,
        read_only: &["type -a ls", "type docker"],
        not: &["type -x ls"],
    },
    Entry {
        names: &["cd"],
        spec: &CD,
        read_only: &["cd /etc && ls", "cd -P /srv"],
        not: &["cd -x /etc", "cd /etc; rm -rf x"],
    },
    Entry {
        names: &["pushd", "popd"],
        spec: &PUSHD,
        read_only: &["pushd /etc", "popd", "popd +1"],
        not: &["pushd -x /etc"],
    },
    Entry {
        names: &["dirs"],
        spec: &DIRS,
        read_only: &["dirs -v"],
        not: &["dirs -c"],
    },
    Entry {
        names: &["shopt"],
        spec: &SHOPT,
        read_only: &["shopt", "shopt -p", "shopt -q extglob"],
        not: &["shopt -s extdebug", "shopt -u expand_aliases"],
    },
    Entry {
        names: &["wait"],
        spec: &WAIT,
        read_only: &["wait", "wait -n"],
        not: &["wait -p 'a[$(id)]'"],
    },
    Entry {
        names: &["hash"],
        spec: &HASH,
        read_only: &["hash", "hash -t ls"],
        not: &["hash -p /tmp/evil ls", "hash -r"],
    },
    Entry {
        names: &["history"],
        spec: &HISTORY,
        read_only: &["history", "history 20"],
        not: &["history -c", "history -w /tmp/x", "history -d 5"],
    },
    Entry {
        // `exit [n]`, `return [n]`, `break [n]`, `continue [n]`, `shift
        // [n]`, `caller [expr]`, `times`: no options; bash reads the
        // number itself (no arithmetic: `a[$(cmd)]` is refused).
        names: &["exit", "return", "break", "continue", "shift", "caller", "times"],
        spec: &Spec::FREE,
        read_only: &["exit 0", "shift 2", "times"],
        not: &["exit 1 > /etc/hosts"],
    },
    Entry {
        names: &["unalias"],
        spec: &UNALIAS,
        read_only: &["unalias ll", "unalias -a"],
        not: &["unalias -x ll"],
    },
    Entry {
        names: &["ulimit"],
        spec: &ULIMIT,
        read_only: &["ulimit -a", "ulimit -n", "ulimit -Hn"],
        not: &["ulimit -n 1024", "ulimit unlimited"],
    },
    Entry {
        names: &["umask"],
        spec: &UMASK,
        read_only: &["umask", "umask -S"],
        not: &["umask 000", "umask -p 022"],
    },
    Entry {
        names: &["read"],
        spec: &READ,
        read_only: &[
            "read -r line < /etc/hostname",
            "read -rp 'Continue? ' answer",
            "IFS=, read -r -a parts <<< 'a,b'",
        ],
        not: &["read -a PATH < /etc/hosts", "read -e line"],
    },
    Entry {
        names: &["getopts"],
        spec: &GETOPTS,
        read_only: &["getopts ab opt"],
        not: &["getopts -x ab opt"],
    },
    Entry {
        // `let arg …`: each argument is an arithmetic expression, which
        // cannot write; a subscript with `$(…)` in it is judged by the
        // walker as it is in `(( ))`.
        names: &["let"],
        spec: &Spec::FREE,
        read_only: &["let 1+2"],
        not: &["let i=1 > /etc/hosts"],
    },
    Entry {
        names: &["jobs"],
        spec: &JOBS,
        read_only: &["jobs", "jobs -l"],
        not: &["jobs -x rm /tmp/x"],
    },
    Entry {
        names: &["set"],
        spec: &SET,
        read_only: &["set -eux", "set +x", "set -- a b"],
        not: &["set -k", "set -a", "set +e -k", "set -o allexport"],
    },
    Entry {
        names: &["unset"],
        spec: &UNSET,
        read_only: &["unset FOO", "unset -f myfunc"],
        not: &["unset -x FOO"],
    },
    Entry {
        names: &["alias"],
        spec: &ALIAS,
        read_only: &["alias"],
        not: &["alias ls='rm -rf'"],
    },
    Entry {
        // Only the identification files are read-only, by the builtin's
        // rule; the table proves there is nothing else on the line.
        names: &["source", "."],
        spec: &Spec {
            operands: Operands::AtMost(1),
            ..Spec::FREE
        },
        read_only: &[". /etc/os-release", "source /usr/lib/os-release"],
        not: &[". /etc/profile", "source /etc/os-release extra", ". /tmp/x.sh"],
    },
    Entry {
        names: &["declare", "typeset", "local"],
        spec: &DECLARE,
        read_only: &["declare -A mem", "declare -a hosts=(pve1 pve2)", "local h=pve2", "declare -F", "typeset -f"],
        not: &["declare -i n", "declare -n ref=PATH", "declare -x FOO=1", "declare -p", "local PATH=/tmp"],
    },
    Entry {
        names: &["help"],
        spec: &HELP,
        read_only: &["help cd", "help -d read"],
        not: &["help -x cd"],
    },
];
