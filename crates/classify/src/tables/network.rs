//! Network inspection: addresses, sockets, routes, name lookups, probes,
//! firewalls, web servers' configuration checks, HTTP fetches to standard
//! output and certificates.
//!
//! Sources: the man pages and `--help` on Debian 12 bookworm where the tool
//! is installed here (iproute2 6.1.0-3, net-tools 2.10-0.1+deb12u2,
//! libc-bin 2.36-9+deb12u14, openssh 1:9.2p1-2+deb12u10, curl
//! 7.88.1-10+deb12u15, wget 1.21.3-1+deb12u1, openssl 3.0.19-1~deb12u2,
//! hostname 3.23+nmu1); for the rest, the man pages of the bookworm
//! packages fetched with `apt-get download` and read with `man -l`, not
//! installed (iputils 3:20221126-1+deb12u1, traceroute 1:2.1.2-1, mtr-tiny
//! 0.95-1, bind9 1:9.18.49-1~deb12u3, netcat-openbsd 1.219-1, ncat
//! 7.93+dfsg1-1, tcpdump 4.99.3-1, iptables 1.8.9-2, nftables
//! 1.0.6-2+deb12u2, ufw 0.36.2-1, iftop 1.0~pre4-9, nload 0.7.4-2+b1, nginx
//! 1.22.1-9+deb12u11, apache2 2.4.71-1~deb12u1, haproxy 2.6.12-1+deb12u4,
//! sudo 1.9.13p3-1+deb12u4, certbot 2.1.0-4); caddy (not in bookworm) from
//! the caddy 2.6.2 man pages (caddy-fmt(8), caddy-adapt(8), cobra flags).
//!
//! Left out on purpose everywhere: options that write a file (curl `-o`,
//! wget `-O`: the value decides, which a table cannot check), run code
//! (`-engine`/`-provider`, nginx `-c`/`-g`, apache `-f`/`-C`, haproxy `-f`
//! with `lua-load`, tcpdump `-z`), read commands from a file (`ip -batch`,
//! `nft -f`, curl `-K`), send data (curl `-d`/`-F`/`-T`/`-X`) or read a
//! secret and print what it derives (ssh-keygen `-y`, openssl `pkey`).

use super::*;

/// Options: none; operands: none.
const NOTHING: Spec = Spec {
    operands: Operands::None,
    ..Spec::POSIX
};

/// Keywords only (`ip addr show dev eth0 scope global`): the `show` parsers
/// of iproute2 take selectors, never actions.
const KEYWORDS: Spec = Spec::FREE;

/// `ip OBJECT show|list|lst|ls|sh|help`, bare OBJECT shows.
const IP_SHOW: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "show|list|lst|ls|sh|help",
            spec: Some(&KEYWORDS),
        }],
        bare_ok: true,
    },
    ..Spec::POSIX
};

/// `OBJECT show` of the objects other than link, whose `s` and `l` can
/// only be `show` and `list` (iproute2 checks the changing verbs first,
/// none of which starts so: do_ipaddr tests add, change, replace, delete,
/// then list/show/lst; review 139): `ip address`, `rule`, `maddress`,
/// `tunnel` and the like.
const IP_SHOW_ABBREVIATED: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "show|list|lst|ls|sh|s|l|help",
            spec: Some(&KEYWORDS),
        }],
        bare_ok: true,
    },
    ..Spec::POSIX
};

/// `ip route` and `ip neigh`: `show` and `get` (a lookup); `s`, `l` and
/// `g` too, which iproute2 matches to them after the changing verbs,
/// none of which starts so (review 139).
const IP_ROUTE: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "show|list|lst|ls|sh|get|s|l|g|help",
            spec: Some(&KEYWORDS),
        }],
        bare_ok: true,
    },
    ..Spec::POSIX
};

/// `ip netns`: listing only (`exec` is judged by the wrappers); `l` and
/// `s` are `list` and `show`, checked first (review 139).
const IP_NETNS: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "list|show|l|s|list-id|identify|pids|help",
            spec: Some(&KEYWORDS),
        }],
        bare_ok: true,
    },
    ..Spec::POSIX
};

/// `ip xfrm policy`: the IPsec policies listed or counted (selectors and
/// templates, no keys).
const IP_XFRM_POLICY: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "show|list|lst|count|help",
            spec: Some(&KEYWORDS),
        }],
        bare_ok: true,
    },
    ..Spec::POSIX
};

/// `ip xfrm state count`: how many SAs (not their list: `ip xfrm state`
/// prints each SA's encryption and authentication keys).
const IP_XFRM_STATE: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "count|help",
            spec: Some(&NOTHING),
        }],
        bare_ok: false,
    },
    ..Spec::POSIX
};

/// `ip xfrm` (xfrm.c matches `state`, then `policy`, by prefix): not
/// `monitor`, which prints each new SA with its keys.
const IP_XFRM: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "policy|pol|po",
                spec: Some(&IP_XFRM_POLICY),
            },
            Verb {
                names: "state|st",
                spec: Some(&IP_XFRM_STATE),
            },
        ],
        bare_ok: false,
    },
    ..Spec::POSIX
};

/// ip(8), iproute2 6.1.0: global options are single-dash words matched by
/// prefix in a fixed order (`-b` is `-batch`, so only `-br` is brief);
/// `-batch`, `-force`, `-loops` and `-rcvbuf` are left out. Objects are
/// matched by prefix too; only the spellings listed here are proven.
/// `xfrm` only lists policies and counts SAs (its states show IPsec keys);
/// `mptcp` is left out.
const IP: Spec = Spec {
    flags: "046BMNVacdhijoprst",
    valued: "fn",
    long: &[
        "human",
        "human-readable",
        "iec",
        "stats",
        "statistics",
        "details",
        "resolve",
        "oneline",
        "timestamp",
        "tshort",
        "Version",
        "brief",
        "json",
        "pretty",
        "help",
        "Numeric",
        "all",
        // ip.c matches any prefix of its option words, the first in its
        // list winning; these prefixes reach only the harmless ones
        // (`-b` alone is `-batch`, which is not here).
        "br",
        "bri",
        "brie",
        "co",
        "col",
        "colo",
        "ts",
        "tsh",
        "tsho",
        "tshor",
    ],
    long_valued: &["family", "netns"],
    long_optional: &["color"],
    abbrev: false,
    permute: false,
    single_dash_long: true,
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "a|ad|addr|address",
                spec: Some(&IP_SHOW_ABBREVIATED),
            },
            Verb {
                names: "l|li|link",
                spec: Some(&IP_SHOW),
            },
            Verb {
                names: "r|ro|route",
                spec: Some(&IP_ROUTE),
            },
            Verb {
                names: "n|ne|neigh|neighbor|neighbour",
                spec: Some(&IP_ROUTE),
            },
            Verb {
                names: "ru|rule",
                spec: Some(&IP_SHOW_ABBREVIATED),
            },
            Verb {
                names: "m|maddr|maddress",
                spec: Some(&IP_SHOW_ABBREVIATED),
            },
            Verb {
                names: "tu|tunnel|tuntap|netconf|vrf|mroute|tcp_metrics|tcpmetrics|stats|nexthop",
                spec: Some(&IP_SHOW_ABBREVIATED),
            },
            Verb {
                names: "netns",
                spec: Some(&IP_NETNS),
            },
            Verb {
                names: "x|xf|xfr|xfrm",
                spec: Some(&IP_XFRM),
            },
            Verb {
                names: "mo|mon|monitor",
                spec: Some(&KEYWORDS),
            },
            Verb {
                names: "help",
                spec: Some(&NOTHING),
            },
        ],
        bare_ok: true,
    },
    ..Spec::GNU
};

/// ss(8), iproute2 6.1.0. Left out: `-K`/`--kill` (closes sockets),
/// `-D`/`--diag` (writes a file), `-F`/`--filter` (reads a filter file).
const SS: Spec = Spec {
    flags: "046EHMOSTVZabdehilmnoprstuvwxz",
    valued: "AfN",
    long: &[
        "all",
        "bpf",
        "cgroup",
        "context",
        "contexts",
        "dccp",
        "events",
        "extended",
        "help",
        "inet-sockopt",
        "info",
        "ipv4",
        "ipv6",
        "listening",
        "memory",
        "mptcp",
        "no-header",
        "numeric",
        "oneline",
        "options",
        "packet",
        "processes",
        "raw",
        "resolve",
        "sctp",
        "summary",
        "tcp",
        "threads",
        "tipc",
        "tipcinfo",
        "tos",
        "udp",
        "unix",
        "version",
        "vsock",
        "xdp",
    ],
    long_valued: &["family", "query", "socket", "net"],
    ..Spec::GNU
};

/// netstat(8), net-tools 2.10: every option only selects what is listed.
const NETSTAT: Spec = Spec {
    flags: "46CFMNSUWZacegilnoprstuvwx",
    valued: "A",
    long: &[
        "all",
        "cache",
        "context",
        "continuous",
        "extend",
        "fib",
        "groups",
        "interfaces",
        "listening",
        "masquerade",
        "numeric",
        "numeric-hosts",
        "numeric-ports",
        "numeric-users",
        "programs",
        "route",
        "statistics",
        "symbolic",
        "timers",
        "verbose",
        "wide",
        "tcp",
        "udp",
        "udplite",
        "sctp",
        "raw",
        "unix",
        "inet",
        "inet6",
        "help",
        "version",
    ],
    long_valued: &["protocol"],
    ..Spec::GNU
};

/// ping(8), iputils 20221126. Left out: `-f` (flood) and `-l` (preload),
/// which load the network; the rest only shape the probes.
const PING: Spec = Spec {
    flags: "46aAbBCdDhLnOqrRUvV",
    valued: "ceFiImMNpQsStTwW",
    // An interval under 0.2 s floods as `-f` does (root may go lower).
    checked: &[("i", ping_interval)],
    ..Spec::GNU
};

/// A ping interval of at least 0.2 seconds.
fn ping_interval(value: &str) -> bool {
    value.parse::<f64>().is_ok_and(|seconds| seconds >= 0.2)
}

/// traceroute(1), traceroute 2.1.2 (its own option parser: no
/// abbreviations are proven). Not `-A`/`--as-path-lookups`: it asks a
/// routing registry about every hop (`whois.radb.net`, TCP 43), a host
/// outside the lab the command never names, and `-n` does not stop it.
const TRACEROUTE: Spec = Spec {
    flags: "46dFInrTUeVD",
    // Not `-g`/`--gateway`: a loose source route through any host.
    valued: "fimNptlwqszMOP",
    long: &[
        "icmp",
        "tcp",
        "debug",
        "dont-fragment",
        "udp",
        "dccp",
        "extensions",
        "version",
        "help",
        "mtu",
        "back",
    ],
    long_valued: &[
        "first",
        "interface",
        "max-hops",
        "sim-queries",
        "port",
        "tos",
        "flowlabel",
        "wait",
        "queries",
        "source",
        "sendwait",
        "module",
        "options",
        "protocol",
        "sport",
        "fwmark",
    ],
    abbrev: false,
    ..Spec::GNU
};

/// tracepath(8), iputils 20221126.
const TRACEPATH: Spec = Spec {
    flags: "46bnV",
    valued: "lmp",
    ..Spec::GNU
};

/// mtr(8), mtr-tiny 0.95. Left out: `-F`/`--filename` (host names read
/// from a file, so where it sends is not on the command line), and
/// `-z`/`--aslookup` and `-y`/`--ipinfo` (each hop's address looked up
/// under `origin.asn.cymru.com`, an outside name, even with `-n`).
const MTR: Spec = Spec {
    flags: "46CSTbeghjlnprtuvwx",
    valued: "BGILMPQUZacfimos",
    long: &[
        "help",
        "version",
        "report",
        "report-wide",
        "xml",
        "curses",
        "gtk",
        "raw",
        "csv",
        "json",
        "split",
        "no-dns",
        "show-ips",
        "mpls",
        "udp",
        "tcp",
        "sctp",
    ],
    long_valued: &[
        "displaymode",
        "order",
        "interval",
        "report-cycles",
        "psize",
        "bitpattern",
        "gracetime",
        "tos",
        "interface",
        "address",
        "first-ttl",
        "max-ttl",
        "max-unknown",
        "port",
        "localport",
        "timeout",
        "mark",
    ],
    ..Spec::GNU
};

/// dig(1), bind9 9.18: options anywhere, `+opts` and `@server` are
/// operands. Left out: `-k` and `-y` (TSIG keys), `-f` (queries read
/// from a file: names and servers not on the command line).
const DIG: Spec = Spec {
    flags: "46hmruv",
    valued: "bcpqtx",
    abbrev: false,
    ..Spec::GNU
};

/// host(1), bind9 9.18.
const HOST: Spec = Spec {
    flags: "46aACdlnrsTUvVw",
    valued: "cmNpRtW",
    abbrev: false,
    ..Spec::GNU
};

/// nslookup(1), bind9 9.18: `-option` and `-option=value`, matched by
/// prefix. Interactive mode only looks names up.
const NSLOOKUP: Spec = Spec {
    flags: "46",
    long: &[
        "all",
        "debug",
        "nodebug",
        "d2",
        "nod2",
        "defname",
        "nodefname",
        "recurse",
        "norecurse",
        "search",
        "nosearch",
        "vc",
        "novc",
        "fail",
        "nofail",
        "version",
    ],
    long_valued: &[
        "type",
        "querytype",
        "query",
        "class",
        "port",
        "timeout",
        "retry",
        "domain",
        "ndots",
        "srchlist",
    ],
    permute: true,
    single_dash_long: true,
    ..Spec::GNU
};

/// getent(1), glibc 2.36: only databases without secrets (`shadow` and
/// `gshadow` are left out). `-s`/`--service` only for `files`: it moves
/// any database to another service, DNS included (`getent -s dns
/// networks NAME` asks the resolver, which passes the name on).
const GETENT: Spec = Spec {
    flags: "AiV",
    valued: "s",
    long: &["help", "no-addrconfig", "no-idn", "usage", "version"],
    long_valued: &["service"],
    checked: &[("s", files_service), ("service", files_service)],
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "ahosts|ahostsv4|ahostsv6|aliases|ethers|group|hosts|initgroups|netgroup|networks|passwd|protocols|rpc|services",
            spec: None,
        }],
        bare_ok: false,
    },
    ..Spec::GNU
};

/// `getent -s [DATABASE:]files`: the local files only.
fn files_service(value: &str) -> bool {
    value.rsplit(':').next() == Some("files")
}

/// ssh-keyscan(1), OpenSSH 9.2p1. Left out: `-f` (host names read from a
/// file or the input: where it connects is not on the command line).
const SSH_KEYSCAN: Spec = Spec {
    flags: "46cDHv",
    valued: "pTt",
    ..Spec::GNU
};

/// ssh-keygen(1), OpenSSH 9.2p1: fingerprints (`-l`), known_hosts search
/// (`-F`), bubblebabble (`-B`), certificates (`-L`), SSHFP records (`-r`),
/// the public half of a private key (`-y`: `do_print_public` writes only
/// the public key, as `wg pubkey` does). The rules also require a mode
/// flag, since without one ssh-keygen generates a key. Left out: `-R`
/// (edits known_hosts), `-H` (rewrites it), `-e` (converts), `-P` (a
/// passphrase on the command line), `-D` (loads a PKCS#11 library), and
/// every generation, signing and conversion option.
const SSH_KEYGEN: Spec = Spec {
    // (`-Q -f KRL KEY…`: whether keys are revoked; blind corpus 101.)
    flags: "BLglqvQy",
    valued: "EFfr",
    // The rest of OpenSSH 9.2's getopt string (`g` is read as a flag:
    // its first place in the string).
    other: &Other {
        flags: "AHKUXcehikopu",
        valued: "CDIMNOPRVYZabmnstwz",
        ..Other::NONE
    },
    operands: Operands::Read,
    ..Spec::GNU
};

/// `curl --resolve [+]HOST:PORT:ADDR[,ADDR]…` (or `-HOST:PORT`, which
/// drops an entry) whose every address is a numeric one of the lab
/// (curl reads them with inet_pton: no other spelling).
pub(crate) fn resolves_within_lab(value: &str) -> bool {
    let value = value.trim_start_matches('+');
    if value.starts_with('-') {
        return true;
    }
    let mut parts = value.splitn(3, ':');
    let (Some(_host), Some(_port), Some(addresses)) = (parts.next(), parts.next(), parts.next())
    else {
        return false;
    };
    addresses.split(',').all(|a| {
        let a = a.trim_start_matches('[').trim_end_matches(']');
        a.parse::<std::net::IpAddr>()
            .is_ok_and(crate::hosts::lab_address)
    })
}

/// Headers that carry a credential to the server and nowhere else
/// (matched in any case): the HTTP standard's, and the API keys of the
/// services `rules::programs::web_apis` lists.
pub(crate) const AUTHENTICATION_HEADERS: &[&str] = &[
    "authorization",
    "x-api-key",
    "x-apikey",
    "api-key",
    "x-auth-token",
    "x-emby-token",
    "x-mediabrowser-token",
    "x-plex-token",
    "private-token",
    // (PiKVM's kvmd and SonarQube's monitoring passcode; blind corpora
    // 206, 211.)
    "x-kvmd-passwd",
    "x-sonar-passcode",
];

/// Whether a header's text, as written, names an authentication header
/// with its name written out (`"Authorization: Bearer $TOKEN"`): the
/// value may be only known at run time.
pub(crate) fn names_authentication_header(text: &str) -> bool {
    quoted_plain_expansions(text)
        && text
            .trim_start_matches(['\'', '"'])
            .split_once(':')
            .is_some_and(|(name, _)| {
                !name.contains(['$', '`', '\\', '\'', '"'])
                    && AUTHENTICATION_HEADERS.contains(&name.trim().to_ascii_lowercase().as_str())
            })
}

/// Whether a word, as written, is one word whatever its variables hold,
/// and prints nothing of them: literal text and single-quoted parts, and
/// `$NAME` or `${NAME}` only inside double quotes (no `$IFS` outside
/// quotes to split it, no `${X:?…}` that prints, no substitution, escape
/// or glob; review 105).
pub(crate) fn quoted_plain_expansions(raw: &str) -> bool {
    let mut chars = raw.chars().peekable();
    let mut double = false;
    while let Some(c) = chars.next() {
        match c {
            '"' => double = !double,
            // A single-quoted part: literal up to its closing quote.
            '\'' if !double => {
                let closed = chars.by_ref().any(|c| c == '\'');
                if !closed {
                    return false;
                }
            }
            '$' if double => {
                let braced = chars.next_if_eq(&'{').is_some();
                let mut name = String::new();
                while let Some(c) = chars.next_if(|c| c.is_ascii_alphanumeric() || *c == '_') {
                    name.push(c);
                }
                let closed = !braced || chars.next_if_eq(&'}').is_some();
                if !closed || !name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') {
                    return false;
                }
            }
            '$' | '`' | '\\' => return false,
            '*' | '?' | '[' | '{' | '~' if !double => return false,
            c if c.is_whitespace() && !double => return false,
            _ => {}
        }
    }
    !double
}

/// A header curl sends as given: not `@FILE` (a file's lines sent), and
/// with an expansion only in an authentication header's value.
fn harmless_header(value: &str) -> bool {
    !value.trim_start_matches(['\'', '"']).starts_with('@')
        && (!value.contains(['$', '`']) || names_authentication_header(value))
}

/// A cookie curl sends as given, `NAME=VALUE[; …]` (curl's `cookie.d`:
/// a value without `=` names a file to read cookies from, a jar that may
/// hold others' sessions), its name written out.
pub(crate) fn cookie_data(value: &str) -> bool {
    value
        .trim_start_matches(['\'', '"'])
        .split_once('=')
        .is_some_and(|(name, _)| {
            !name.is_empty()
                && name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))
        })
}

/// curl(1), curl 7.88.1: a GET or HEAD to standard output. curl matches
/// long options by prefix against all of its options (`--trace` is a
/// prefix of `--trace-time`), so no abbreviation is proven. Left out:
/// `-o`/`-O`/`-J`/`--output-dir`/`-D`/`-c`/`--trace*`/`--libcurl`/
/// `--stderr`/`--etag-save`/`--hsts`/`--alt-svc`/`-w` (write files;
/// `-w` has `%output{}` since 8.3), `-d`/`-F`/`-T`/`--json`/`-X`/`-Q`
/// (send or change), `-K` (reads options), `-b FILE`/`-E`/`--key` (send
/// local secrets; `-b NAME=VALUE` is a cookie on the card), `--engine`, `--proto-default` (a bare host then speaks any
/// protocol: `gopher` to a Redis), `--doh-url`/`--dns-servers` (names
/// sent to a resolver of the command's choosing), `--unix-socket`/
/// `--abstract-unix-socket` (a local service's API, Docker's included).
const CURL: Spec = Spec {
    flags: "012346GILNSVZfgiklpqsv#",
    // `-o` only to /dev/null or standard output; `-w` without
    // `%output{FILE}` (curl 8.3+ writes there).
    // Not `-x`/`--proxy`, `-U`, `--connect-to`: they send the request
    // somewhere other than the URL's host; `--resolve` only to addresses
    // of the lab (the URL's host is still checked as always).
    // `-d` and its kin only with `-G` (the rule: they go into the URL's
    // query, a GET), never `@FILE` (a file's contents sent).
    // `-X`: only `GET`, `HEAD` or `POST` (the rules: a POST with a form
    // only to a documented query).
    valued: "AHYemruowdXDb",
    checked: &[
        // (`-D -`: the response's headers on standard output, as `-i`.)
        ("D", crate::options::to_stdout_or_null),
        ("dump-header", crate::options::to_stdout_or_null),
        ("d", |v| !v.contains('@')),
        ("data", |v| !v.contains('@')),
        ("data-urlencode", |v| !v.contains('@')),
        ("data-ascii", |v| !v.contains('@')),
        // (`--url-query name@FILE` sends a file's contents, as
        // `--data-urlencode` does.)
        ("url-query", |v| !v.contains('@')),
        ("o", crate::options::to_stdout_or_null),
        ("output", crate::options::to_stdout_or_null),
        ("w", |v| !v.contains("%output") && !v.starts_with('@')),
        ("write-out", |v| {
            !v.contains("%output") && !v.starts_with('@')
        }),
        // `@FILE` reads the headers (or the format) from a file: its lines
        // are sent, and shown with `-v`.
        ("H", harmless_header),
        ("header", harmless_header),
        ("b", cookie_data),
        ("cookie", cookie_data),
        ("resolve", resolves_within_lab),
        ("X", |v| matches!(v, "GET" | "HEAD" | "POST")),
        ("request", |v| matches!(v, "GET" | "HEAD" | "POST")),
    ],
    checks_expansions: &["H", "header", "b", "cookie"],
    long: &[
        "silent",
        "show-error",
        "fail",
        "fail-with-body",
        "fail-early",
        "location",
        "insecure",
        "head",
        "include",
        "verbose",
        "version",
        "get",
        "globoff",
        "compressed",
        "http1.0",
        "http1.1",
        "http2",
        "http2-prior-knowledge",
        "http3",
        "http3-only",
        "ipv4",
        "ipv6",
        "no-buffer",
        "no-keepalive",
        "no-progress-meter",
        "no-sessionid",
        "path-as-is",
        "proxytunnel",
        "proxy-insecure",
        "tcp-nodelay",
        "tcp-fastopen",
        "tlsv1",
        "tlsv1.0",
        "tlsv1.1",
        "tlsv1.2",
        "tlsv1.3",
        "ssl-reqd",
        "raw",
        "styled-output",
        "progress-bar",
        "cert-status",
        "false-start",
        "no-alpn",
        "no-npn",
        "retry-connrefused",
        "retry-all-errors",
        "disable",
        "list-only",
        "parallel",
        "ssl-no-revoke",
        "ssl-revoke-best-effort",
        "manual",
    ],
    long_valued: &[
        "data",
        "data-urlencode",
        "data-ascii",
        "cookie",
        // (curl 7.87: a part of a GET's query; review 138.)
        "url-query",
        "request",
        "dump-header",
        "resolve",
        "user-agent",
        "header",
        "referer",
        "max-time",
        "connect-timeout",
        "range",
        "user",
        "noproxy",
        "cacert",
        "capath",
        "pinnedpubkey",
        "ciphers",
        "tls-max",
        "tls13-ciphers",
        "curves",
        "retry",
        "retry-delay",
        "retry-max-time",
        "max-filesize",
        "max-redirs",
        "limit-rate",
        "speed-limit",
        "speed-time",
        "interface",
        "local-port",
        "dns-interface",
        "dns-ipv4-addr",
        "dns-ipv6-addr",
        "url",
        "proto",
        "expect100-timeout",
        "happy-eyeballs-timeout-ms",
        "keepalive-time",
        // (Not `--request-target`: it replaces the path the rules read;
        // review 60.)
        "oauth2-bearer",
    ],
    abbrev: false,
    ..Spec::GNU
};

/// wget(1), wget 1.21.3: only `--spider` is read-only, which the rules
/// check; `-O -` cannot be told from `-O FILE` here, so `-O` is left out,
/// with `-o`/`-a` (logs), `-b` (writes wget-log), `-e`, `--post-*`,
/// `--body-*`, `--method`, `-r`/`-p`/`-N`/`-c`/`-P`, `--save-cookies`,
/// `--config`, `-i`. `-n` takes a letter (`-nv`, `-nc`, `-nH`).
const WGET: Spec = Spec {
    flags: "46SVdhqv",
    // `-O -` only: wget writes (and first truncates) any other file.
    valued: "TUntO",
    checked: &[("O", |v| v == "-"), ("output-document", |v| v == "-")],
    long: &[
        "spider",
        "quiet",
        "verbose",
        "no-verbose",
        "server-response",
        "debug",
        "no-check-certificate",
        "inet4-only",
        "inet6-only",
        "https-only",
        "no-dns-cache",
        "no-cache",
        "no-proxy",
        "no-cookies",
        "no-config",
        "no-hsts",
        "retry-connrefused",
        "version",
        "help",
        "no-http-keep-alive",
        "no-iri",
        "no-netrc",
        "ignore-length",
    ],
    long_valued: &[
        "timeout",
        "connect-timeout",
        "dns-timeout",
        "read-timeout",
        "tries",
        "user-agent",
        "header",
        "max-redirect",
        "secure-protocol",
        "ca-certificate",
        "ca-directory",
        "prefer-family",
        "referer",
        "wait",
        "waitretry",
        "limit-rate",
    ],
    ..Spec::GNU
};

/// nc(1), netcat-openbsd 1.219 (and netcat-traditional's common subset):
/// the rules require `-z` (connect, send nothing). Left out: `-l`, `-k`,
/// `-e`/`-c` (traditional: run a program), `-x`/`-X` (proxy), `-U`, `-F`,
/// `-q`, `-N`, `-C`, `-P`.
const NC: Spec = Spec {
    flags: "46Ddnuvz",
    valued: "MTimpsw",
    ..Spec::GNU
};

/// ncat(1), nmap 7.93: with `-z` (the rules require it). Left out:
/// `-l`, `-k`, `-e`, `-c`, `--lua-exec`, `-o`, `-x`, `--append-output`,
/// `--send-only`, `--broker`, `--chat`, `--proxy*`, `--ssl*`.
const NCAT: Spec = Spec {
    flags: "46nuvz",
    valued: "ipsw",
    long: &["nodns", "verbose", "udp", "version", "help"],
    long_valued: &["wait", "idle-timeout", "source-port", "source"],
    ..Spec::GNU
};

/// tcpdump(8), tcpdump 4.99.3: watching and reading captures (`-r`).
/// Left out: `-w`, `-C`, `-G`, `-W` (write), `-z` (runs a command), `-Z`,
/// `-I`/`--monitor-mode` (changes the interface's mode), `-E`/`-M`
/// (secrets), `-m`, `-V`, and `-A`, `-x`, `-X` (they print what packets
/// carry: passwords and tokens in clear protocols).
const TCPDUMP: Spec = Spec {
    flags: "#DHJKLNOSUbdefhlnpqtuv",
    // Not `-F FILE`: a filter read from a file names hosts it looks up.
    valued: "BQTcijrsy",
    long: &[
        "count",
        "list-interfaces",
        "help",
        "version",
        "immediate-mode",
        "list-time-stamp-types",
        "micro",
        "nano",
        "dont-verify-checksums",
        "list-data-link-types",
        "number",
        "no-optimize",
        "no-promiscuous-mode",
        "absolute-tcp-sequence-numbers",
        "packet-buffered",
        "print",
    ],
    long_valued: &[
        "buffer-size",
        "interface",
        "time-stamp-type",
        "time-stamp-precision",
        "direction",
        "snapshot-length",
        "linktype",
    ],
    ..Spec::GNU
};

/// iptables(8)/ip6tables(8), iptables 1.8.9: listing (`-L`, `-S`, with an
/// optional chain) and checking (`-C`, a rule's common match and target
/// options). Left out: every command that changes rules, `-Z`/`--zero`
/// (resets counters, allowed with `-L`), `--modprobe` (runs a program).
const IPTABLES: Spec = Spec {
    // `-C`/`--check` asks whether a rule exists (exit status 0 or 1): its
    // rule's match and target options are only parsed. Not `-A`, `-I`,
    // `-D`, `-R`, `-F`, `-Z`, `-N`, `-X`, `-P`, `-E`, `--modprobe`.
    flags: "46LSCVhnvxf",
    valued: "tpsdiojgm",
    optional: "wW",
    long: &[
        "list",
        "list-rules",
        "check",
        "numeric",
        "verbose",
        "exact",
        "line-numbers",
        "version",
        "ipv4",
        "ipv6",
        "fragment",
        "syn",
    ],
    long_valued: &[
        "table",
        "protocol",
        "source",
        "destination",
        "in-interface",
        "out-interface",
        "jump",
        "goto",
        "match",
        // Common matches' and targets' options (iptables-extensions(8)).
        "dport",
        "sport",
        "dports",
        "sports",
        "destination-port",
        "source-port",
        "state",
        "ctstate",
        "comment",
        "icmp-type",
        "icmpv6-type",
        "mac-source",
        "uid-owner",
        "gid-owner",
        "limit",
        "limit-burst",
        "mark",
        "src-range",
        "dst-range",
        "tcp-flags",
        "match-set",
        "to-destination",
        "to-source",
        "to-ports",
        "log-prefix",
        "log-level",
        "reject-with",
        "set-mark",
    ],
    long_optional: &["wait", "wait-interval"],
    // A name is looked up (DNS, sent out): only numeric addresses.
    checked: &[
        ("s", numeric_addresses),
        ("d", numeric_addresses),
        ("source", numeric_addresses),
        ("destination", numeric_addresses),
        ("src-range", numeric_addresses),
        ("dst-range", numeric_addresses),
        ("to-destination", numeric_addresses),
        ("to-source", numeric_addresses),
    ],
    ..Spec::GNU
};

/// Whether an iptables address value names no host: numeric addresses,
/// each with its mask, range or port (`10.0.0.0/8,192.168.1.5`,
/// `10.0.0.1-10.0.0.9`, `10.0.0.2:8080`, `[fd00::1]:443`), `!` before.
fn numeric_addresses(value: &str) -> bool {
    let numeric = |a: &str| a.parse::<std::net::IpAddr>().is_ok();
    value.split(',').all(|part| {
        let part = part.trim_start_matches('!');
        let part = part.split_once('/').map_or(part, |(address, _)| address);
        let part = match part.strip_prefix('[') {
            Some(bracketed) => bracketed.split_once(']').map_or("", |(address, _)| address),
            None if part.matches(':').count() == 1 => part.split_once(':').map_or(part, |(a, _)| a),
            None => part,
        };
        part.split('-').all(numeric)
    })
}

/// iptables-save(8), iptables 1.8.9. Left out: `-f`/`--file` (writes) and
/// `-M`/`--modprobe` (runs a program).
const IPTABLES_SAVE: Spec = Spec {
    flags: "c",
    valued: "t",
    long: &["counters"],
    long_valued: &["table"],
    operands: Operands::None,
    ..Spec::GNU
};

/// The families nft(8) takes, and nothing after.
const NFT_FAMILY: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "ip|ip6|inet|arp|bridge|netdev",
            spec: Some(&NOTHING),
        }],
        bare_ok: true,
    },
    ..Spec::POSIX
};

/// `nft describe EXPRESSION` (a payload or meta selector, one to three
/// plain identifiers).
const NFT_DESCRIBE: Spec = Spec {
    operands: Operands::Names {
        at_most: 3,
        test: nft_identifier,
    },
    ..Spec::POSIX
};

/// `nft list WHAT [FAMILY]`, and `nft list table|chain|set|… [FAMILY]
/// TABLE [NAME]`: nft joins its arguments into one command line, so a
/// free word could carry `; flush ruleset`; the names must be plain
/// identifiers (see [`nft_identifier`]).
const NFT_LIST: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "ruleset|tables|chains|sets|maps|counters|quotas|limits|flowtables|meters|hooks",
                spec: Some(&NFT_FAMILY),
            },
            Verb {
                names: "table|chain|set|map|flowtable|counter|quota|limit|meter",
                spec: Some(&NFT_NAMED),
            },
        ],
        bare_ok: false,
    },
    ..Spec::POSIX
};

/// `[FAMILY] TABLE [NAME]` after `nft list table|chain|…`.
const NFT_NAMED: Spec = Spec {
    operands: Operands::Names {
        at_most: 3,
        test: nft_identifier,
    },
    ..Spec::POSIX
};

/// An nft identifier as its scanner reads one (nftables 1.0.6,
/// `scanner.l`: a letter or `_`, then letters, digits, `_`, `/`, `\`
/// and `.`): no blank, `;`, brace, `#`, `$` or quote, so the word cannot
/// end the `list` command and start another.
fn nft_identifier(word: &str) -> bool {
    let mut chars = word.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        // (And `-` after the first: nftables' scanner, `f2b-table`;
        // blind corpus 101.)
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '/' | '\\' | '.' | '-'))
}

/// nft(8), nftables 1.0.6. `-f FILE` only from the ruleset's own folders
/// (a line nft cannot parse is printed in its error) and only loaded by
/// the rules with `-c` (`--check`: parsed, never applied). Left out: `-i`
/// (reads commands), `-I`, `-D`, `-o`, `-d`.
const NFT: Spec = Spec {
    flags: "NSTVajnpstuvyc",
    valued: "f",
    long_valued: &["file"],
    checked: &[("f", nft_ruleset_file), ("file", nft_ruleset_file)],
    long: &[
        "handle",
        "json",
        "numeric",
        "stateless",
        "terse",
        "service",
        "reversedns",
        "guid",
        "numeric-priority",
        "numeric-protocol",
        "numeric-time",
        "version",
        "help",
        "check",
    ],
    permute: false,
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "list",
                spec: Some(&NFT_LIST),
            },
            Verb {
                names: "monitor",
                spec: Some(&NFT_MONITOR),
            },
            // `nft describe EXPRESSION`: a selector's type and its values'
            // names (`nft describe tcp flags`), plain identifiers only
            // (blind corpus 143).
            Verb {
                names: "describe",
                spec: Some(&NFT_DESCRIBE),
            },
        ],
        bare_ok: true,
    },
    ..Spec::GNU
};

/// `nft monitor [new|destroy] [tables|chains|sets|rules|elements|ruleset|
/// trace]` (blind corpus 110).
const NFT_MONITOR: Spec = Spec {
    operands: Operands::Names {
        at_most: 2,
        test: |w| {
            matches!(
                w,
                "new"
                    | "destroy"
                    | "tables"
                    | "chains"
                    | "sets"
                    | "rules"
                    | "elements"
                    | "ruleset"
                    | "trace"
            )
        },
    },
    ..Spec::GNU
};

/// sshd's configuration in its own folder, written plainly.
fn sshd_config_file(value: &str) -> bool {
    value.starts_with("/etc/ssh/") && plain_path(value)
}

/// Caddy's configuration in its own folder, written plainly.
fn caddy_config_file(value: &str) -> bool {
    value.starts_with("/etc/caddy/") && plain_path(value)
}

/// sudo's own policy: `/etc/sudoers` or a file of `/etc/sudoers.d`.
fn sudoers_file(value: &str) -> bool {
    value == "/etc/sudoers"
        || value
            .strip_prefix("/etc/sudoers.d/")
            .is_some_and(|name| !name.is_empty() && !name.starts_with('.') && !name.contains('/'))
            && plain_path(value)
}

/// A ruleset file where Debian keeps nftables' own (`/etc/nftables.conf`,
/// `/etc/nftables.d/…`, `/etc/nftables/…`), written plainly.
fn nft_ruleset_file(value: &str) -> bool {
    (value == "/etc/nftables.conf"
        || value.starts_with("/etc/nftables.d/")
        || value.starts_with("/etc/nftables/"))
        && plain_path(value)
}

/// postconf(1), Postfix 3.7: prints parameters (`-n` set ones, `-d`
/// defaults, `-M`/`-F`/`-P` master.cf, `-m`/`-l`/`-a`/`-A` what it
/// supports), named ones only as plain parameter names. Left out: `-e`,
/// `-X`, `-#` (edit main.cf or master.cf), `-c` (another configuration
/// folder), `-o` (overrides), `-b`/`-t` (template files), `-T`.
const POSTCONF: Spec = Spec {
    flags: "aAdfFhHlmMnpPvx",
    operands: Operands::Names {
        at_most: 32,
        test: postfix_parameter,
    },
    other: &Other {
        flags: "eX#",
        valued: "cCoT",
        ..Other::NONE
    },
    ..Spec::POSIX
};

/// A Postfix parameter or master.cf service name (`smtpd_tls_cert_file`,
/// `smtp/inet`): letters, digits, `_`, `-`, `.` and `/`, no `=`; not one
/// whose name speaks of a password, a secret or a token (a
/// `smtp_sasl_password_maps` may be `static:user:password` or an
/// `inline:{…}` table; review 98).
fn postfix_parameter(word: &str) -> bool {
    let lower = word.to_ascii_lowercase();
    word.starts_with(|c: char| c.is_ascii_alphabetic())
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '/'))
        && !["pass", "secret", "token"]
            .iter()
            .any(|w| lower.contains(w))
}

/// doveconf(1), Dovecot 2.3/2.4: prints the whole configuration, its
/// passwords and other secret settings hidden (`# hidden, use -P to show
/// it`), and settings by name, none of whose names speaks of a key, a
/// password, a secret or a token (doveconf.c shows a setting named in
/// full unhidden: `doveconf doveadm_api_key`). Left out: `-P` (shows
/// them), `-x` (expands `<file` values: the TLS private key's contents),
/// `-c` (another configuration file), `-m`.
const DOVECONF: Spec = Spec {
    // (Not `-S`: it prints every setting unhidden; review 82.)
    flags: "adhnN",
    valued: "f",
    // (Settings by name; blind corpus 95.)
    operands: Operands::Names {
        at_most: 8,
        test: dovecot_setting,
    },
    other: &Other {
        flags: "Px",
        valued: "cm",
        ..Other::NONE
    },
    ..Spec::POSIX
};

/// A Dovecot setting's name that speaks of no secret.
fn dovecot_setting(value: &str) -> bool {
    let lower = value.to_ascii_lowercase();
    !value.is_empty()
        && value
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_')
        && ![
            "key", "pass", "secret", "token", "hash", "cred", "salt", "header", "url", "uri",
            "dict", "args", "connect",
        ]
        .iter()
        .any(|w| lower.contains(w))
}

/// unbound-checkconf(8), Unbound 1.17: checks the default configuration
/// (`-f` prints its path, `-o NAME` one option's value, `-q` quiet), named
/// or not, or one of its `.conf` files under /etc/unbound (a drop-in of
/// `unbound.conf.d`). Left out: any other file (its errors quote what it
/// could not read: the control keys sit beside the configuration).
const UNBOUND_CHECKCONF: Spec = Spec {
    flags: "fhq",
    valued: "o",
    operands: Operands::Names {
        at_most: 1,
        test: |v| {
            v.strip_prefix("/etc/unbound/").is_some_and(|rest| {
                rest.ends_with(".conf")
                    && rest
                        .split('/')
                        .all(|part| !part.is_empty() && !part.starts_with('.'))
            })
        },
    },
    ..Spec::POSIX
};

/// upsc(8), NUT 2.8: a UPS's variables (`upsc UPS[@HOST[:PORT]]
/// [VARIABLE]`), the UPSes a server has (`-l`, `-L`), its clients (`-c`).
/// The host is checked as any place a program reaches.
const UPSC: Spec = Spec {
    flags: "lLchV",
    operands: Operands::AtMost(2),
    ..Spec::POSIX
};

/// upscmd(8), NUT 2.8: only `-l UPS[@HOST]`, the instant commands a UPS
/// has (listed without a login). Any other use runs one (`shutdown.return`,
/// `load.off`).
const UPSCMD: Spec = Spec {
    flags: "lhV",
    operands: Operands::AtMost(1),
    ..Spec::POSIX
};

/// iptables-restore(8), iptables 1.8.9, as `--test` (parsed, never
/// committed: the rules require it). Not `-M` (the modprobe it runs), no
/// file operand (its errors quote the line they could not read): the
/// rules only on its input, whose redirection is checked as any read.
const IPTABLES_RESTORE: Spec = Spec {
    flags: "tncvVh",
    valued: "wWT",
    long: &["test", "noflush", "counters", "verbose", "version", "help"],
    long_valued: &["wait", "wait-interval", "table"],
    operands: Operands::None,
    ..Spec::GNU
};

const UFW_STATUS: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "verbose|numbered",
            spec: Some(&NOTHING),
        }],
        bare_ok: true,
    },
    ..Spec::POSIX
};

const UFW_SHOW: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "raw|builtins|before-rules|user-rules|after-rules|logging-rules|listening|added",
            spec: Some(&NOTHING),
        }],
        bare_ok: false,
    },
    ..Spec::POSIX
};

const UFW_APP: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "list",
                spec: Some(&NOTHING),
            },
            Verb {
                names: "info",
                spec: Some(&Spec {
                    operands: Operands::AtMost(1),
                    ..Spec::POSIX
                }),
            },
        ],
        bare_ok: false,
    },
    ..Spec::POSIX
};

/// ufw(8), ufw 0.36.2 (its own parser; `--dry-run` first only prints).
/// Left out: `app update`, `app default`, every rule command.
const UFW: Spec = Spec {
    long: &["dry-run"],
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "status",
                spec: Some(&UFW_STATUS),
            },
            Verb {
                names: "show",
                spec: Some(&UFW_SHOW),
            },
            Verb {
                names: "app",
                spec: Some(&UFW_APP),
            },
            Verb {
                names: "version|help",
                spec: Some(&NOTHING),
            },
        ],
        bare_ok: false,
    },
    ..Spec::POSIX
};

/// iftop(8), iftop 1.0pre4. Left out: `-c` (reads options from a file).
const IFTOP: Spec = Spec {
    flags: "BNPbhlnpt",
    valued: "FGLfimos",
    operands: Operands::None,
    ..Spec::POSIX
};

/// nload(1), nload 0.7.4: devices are operands.
const NLOAD: Spec = Spec {
    flags: "hm",
    valued: "Uaiotu",
    ..Spec::POSIX
};

/// dnsdomainname(1), hostname 3.23: prints; it refuses to set a name.
const DNSDOMAINNAME: Spec = Spec {
    flags: "v",
    operands: Operands::None,
    ..Spec::POSIX
};

/// named-checkconf(1), bind9 9.18: the default configuration only (a
/// named.conf may load plugins, so a file operand and `-t` chroot are left
/// out). `-p` prints the configuration, TSIG keys included, so it is
/// read-only only with `-x` (secrets obscured): a rule checks that.
const NAMED_CHECKCONF: Spec = Spec {
    flags: "chjlpvxz",
    // (The default file named: `named-checkconf -z /etc/bind/named.conf`.)
    operands: Operands::Names {
        at_most: 1,
        test: |v| v == "/etc/bind/named.conf",
    },
    ..Spec::GNU
};

/// named-checkzone(1), bind9 9.18. Left out: `-o` but to its output
/// (`-o -`; a file it writes), `-F`, `-s`.
const NAMED_CHECKZONE: Spec = Spec {
    flags: "Ddhjqv",
    valued: "FJLMSTWcfiklmnortw",
    checked: &[("o", |v| v == "-")],
    ..Spec::GNU
};

/// nginx(8), nginx 1.22.1: its version and build (`-v`, `-V`), help.
/// Left out: `-t`/`-T` (test mode still runs ngx_init_cycle: it opens
/// every log its configuration names for appending and creates the pid
/// file and temp folders when missing; review 44), `-s` (signals),
/// `-c`/`-g`/`-p`/`-e` (a configuration of the caller's choosing can
/// `load_module`, or open logs anywhere).
const NGINX: Spec = Spec {
    flags: "?Vhqv",
    operands: Operands::None,
    // nginx's own parser takes clusters and stuck values (`-tc FILE`).
    // (Not its test, `-t`/`-T`: it opens the pid file read-write and the
    // logs for appending, creating those missing, and binds its listening
    // sockets, unix ones leaving their files (ngx_cycle.c, nginx 1.24).)
    other: &Other {
        flags: "tT",
        valued: "cegps",
        ..Other::NONE
    },
    ..Spec::POSIX
};

const CADDY_CONFIG: Spec = Spec {
    long_valued: &["config", "adapter", "envfile"],
    checked: &[("config", caddy_config_file)],
    operands: Operands::None,
    abbrev: false,
    ..Spec::GNU
};

/// (Without `--config`, `adapt` reads `./Caddyfile`, wherever the
/// command runs; review 78.)
const CADDY_ADAPT: Spec = Spec {
    long: &["pretty"],
    required: &["config"],
    ..CADDY_CONFIG
};

const CADDY_FMT: Spec = Spec {
    long: &["diff"],
    operands: Operands::AtMost(1),
    abbrev: false,
    ..Spec::GNU
};

const CADDY_MODULES: Spec = Spec {
    long: &["packages", "versions", "skip-standard"],
    operands: Operands::None,
    abbrev: false,
    ..Spec::GNU
};

/// brctl(8), bridge-utils 1.7: the bridges, a bridge's learned MACs and
/// its spanning-tree state. Not `addbr`, `delbr`, `addif`, `delif`, the
/// `set…` verbs.
const BRCTL_NAMES: Spec = Spec {
    operands: Operands::Names {
        at_most: 8,
        test: |w| !w.starts_with('-'),
    },
    ..Spec::POSIX
};

const BRCTL: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "show|showmacs|showstp",
            spec: Some(&BRCTL_NAMES),
        }],
        bare_ok: false,
    },
    ..Spec::POSIX
};

/// caddy(8), caddy 2.6.2 (cobra): `adapt`, `fmt` without
/// `--overwrite`, `list-modules`, `version`, `build-info`. Left out:
/// `validate` and `adapt --validate` (they provision every module as if to
/// start: a site with `tls internal` generates and stores a root CA's and
/// an intermediate's keys when none exist, logs are created; review 44),
/// `environ` (prints the environment), `hash-password`, and every command
/// that starts, stops, reloads or trusts.
const CADDY: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "adapt",
                spec: Some(&CADDY_ADAPT),
            },
            Verb {
                names: "fmt",
                spec: Some(&CADDY_FMT),
            },
            Verb {
                names: "list-modules",
                spec: Some(&CADDY_MODULES),
            },
            Verb {
                names: "version|build-info|help",
                spec: Some(&NOTHING),
            },
        ],
        bare_ok: true,
    },
    ..Spec::POSIX
};

/// a2query(1), Debian's apache2 2.4: whether a module, site or
/// configuration is enabled (`-m|-s|-c [NAME]`, its symbolic links in
/// `/etc/apache2/*-enabled`), the MPM, the version, the server root.
const A2QUERY: Spec = Spec {
    flags: "qmscMvadh",
    operands: Operands::AtMost(1),
    ..Spec::GNU
};

/// apache2ctl(8), apache2 2.4.71: its flags are passed to apache2, and
/// only flags that select a mode are here (`-D`, `-T`, `-e` alone start
/// the server). Left out: `-k`, `-f`, `-C`, `-c` (a configuration of the
/// caller's choosing can `LoadModule`), `-X`.
const APACHECTL: Spec = Spec {
    flags: "LMSVhltv",
    // httpd 2.4's apr_getopt string `C:c:D:d:E:e:f:k:hlLMStTvVX`.
    other: &Other {
        flags: "TX",
        valued: "CcDdEefk",
        ..Other::NONE
    },
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "configtest|status|fullstatus|help",
            spec: Some(&NOTHING),
        }],
        bare_ok: true,
    },
    ..Spec::POSIX
};

/// haproxy(1), haproxy 2.6.12: versions only. `-c -f FILE` is left out:
/// `lua-load` in the file runs Lua while the check parses it.
const HAPROXY: Spec = Spec {
    flags: "Vv",
    operands: Operands::None,
    ..Spec::POSIX
};

/// sshd(8), OpenSSH 9.2p1: test modes (the rules require `-t`, `-T` or
/// `-V`). Left out: `-E` (log file), `-D`, `-d`, `-e`, `-i`, `-h`, `-c`.
const SSHD: Spec = Spec {
    flags: "46TVqt",
    valued: "Cfo",
    // (Its configuration only from its own folder: getopt takes the next
    // word whatever it is, `-f -x.conf`, and an `Include` of another
    // file echoes its lines as bad options; review 78.)
    checked: &[("f", sshd_config_file)],
    operands: Operands::None,
    ..Spec::GNU
};

/// visudo(8), sudo 1.9.13p3: check mode (the rules require `-c`). Left
/// out: `-x`/`--export` (writes).
const VISUDO: Spec = Spec {
    flags: "IOPVchqs",
    valued: "f",
    // (Only the system's own policy: sudo's parser follows the
    // `@include`s of whatever file it is given, `-` its input, and echoes
    // each line it cannot parse, `/etc/shadow`'s among them; review 78.)
    checked: &[("f", sudoers_file), ("file", sudoers_file)],
    long: &[
        "check",
        "help",
        "no-includes",
        "owner",
        "perms",
        "quiet",
        "strict",
        "version",
    ],
    long_valued: &["file"],
    operands: Operands::Names {
        at_most: 1,
        test: sudoers_file,
    },
    ..Spec::GNU
};

// certbot(1), certbot 2.1.0, has no table: every run but `--version`
// and `--help` writes /var/log/letsencrypt/letsencrypt.log, rotates
// the old logs (deleting past its backup count) and takes its lock,
// `certificates` and `plugins` too (thirty-ninth review).

/// openssl's subcommands: single-dash long options, no abbreviation, the
/// first operand ends the options.
const OPENSSL_SUB: Spec = Spec {
    single_dash_long: true,
    abbrev: false,
    permute: false,
    operands: Operands::None,
    ..Spec::GNU
};

const OPENSSL_X509: Spec = Spec {
    long: &[
        "help",
        "noout",
        "text",
        "subject",
        "issuer",
        "dates",
        "startdate",
        "enddate",
        "serial",
        "fingerprint",
        "hash",
        "subject_hash",
        "issuer_hash",
        "subject_hash_old",
        "issuer_hash_old",
        "ocspid",
        "ocsp_uri",
        "email",
        "alias",
        "purpose",
        "pubkey",
        "modulus",
        "nocert",
        "sha1",
        "sha256",
        "sha384",
        "sha512",
        "md5",
    ],
    long_valued: &[
        "in",
        "inform",
        "nameopt",
        "certopt",
        "ext",
        "checkend",
        "checkhost",
        "checkemail",
        "checkip",
        "dateopt",
    ],
    ..OPENSSL_SUB
};

const OPENSSL_REQ: Spec = Spec {
    long: &[
        "help", "noout", "text", "verify", "subject", "pubkey", "modulus",
    ],
    long_valued: &["in", "inform", "nameopt", "reqopt"],
    ..OPENSSL_SUB
};

/// `openssl rsa|pkey|ec` (OpenSSL 3.0): a private key checked, its
/// modulus or its public half printed, never the key itself: `-noout`
/// or `-pubout` required, no `-text` (every private component), `-out`,
/// `-engine`, `-provider*`.
const OPENSSL_KEY: Spec = Spec {
    long: &["help", "noout", "check", "modulus", "pubout", "pubin"],
    long_valued: &["in", "inform", "passin"],
    required: &["noout", "pubout"],
    ..OPENSSL_SUB
};

const OPENSSL_CRL: Spec = Spec {
    long: &[
        "help",
        "noout",
        "text",
        "hash",
        "hash_old",
        "issuer",
        "lastupdate",
        "nextupdate",
        "fingerprint",
        "crlnumber",
    ],
    long_valued: &["in", "inform", "nameopt"],
    ..OPENSSL_SUB
};

/// `openssl pkcs7` (OpenSSL 3.0): a PKCS#7 bundle's certificates and
/// CRLs printed (public); not `-out`.
const OPENSSL_PKCS7: Spec = Spec {
    long: &["help", "noout", "text", "print", "print_certs", "quiet"],
    long_valued: &["in", "inform", "outform"],
    ..OPENSSL_SUB
};

/// `openssl crl2pkcs7`: certificates (`-certfile`) and a CRL wrapped in
/// PKCS#7, to standard output; not `-out`.
const OPENSSL_CRL2PKCS7: Spec = Spec {
    long: &["help", "nocrl"],
    long_valued: &["in", "inform", "outform", "certfile"],
    ..OPENSSL_SUB
};

/// `openssl asn1parse`: a file's DER structure printed (a key's numbers
/// too: which file it reads is the secret rules' to judge). Not `-out`
/// (the DER written), `-genstr`, `-genconf`, `-oid` (another file read).
const OPENSSL_ASN1PARSE: Spec = Spec {
    long: &["help", "i", "noout", "dump"],
    long_valued: &["in", "inform", "offset", "length", "strparse", "dlimit"],
    operands: Operands::None,
    ..OPENSSL_SUB
};

/// `openssl ecparam -list_curves`, or a named curve's parameters (not
/// `-genkey`, which prints a new private key, nor `-out`).
const OPENSSL_ECPARAM: Spec = Spec {
    long: &["help", "list_curves", "text", "noout", "check"],
    long_valued: &["name", "in", "inform", "outform", "conv_form", "param_enc"],
    operands: Operands::None,
    ..OPENSSL_SUB
};

/// `openssl storeutl -noout`: what a store holds, listed (`-certs`,
/// `-crls`, `-keys` name their kinds only with `-noout`); its operand is
/// the file or URI read.
const OPENSSL_STOREUTL: Spec = Spec {
    // (Not `-text`: a key's private numbers, printed; review 141.)
    long: &["help", "noout", "certs", "crls", "r", "public"],
    required: &["noout"],
    operands: Operands::AtMost(1),
    ..OPENSSL_SUB
};

/// `openssl s_client` (OpenSSL 3.0): a TLS handshake to show a server's
/// certificate; where it connects is egress-checked (`-connect`,
/// `-proxy`). Left out: `-sess_out`, `-keylogfile`, `-msgfile`,
/// `-trace` files, `-cert`/`-key` (a local identity), `-engine`,
/// `-provider*`, `-ssl_config`.
const OPENSSL_S_CLIENT: Spec = Spec {
    long: &[
        "help",
        "showcerts",
        "brief",
        "quiet",
        "state",
        "prexit",
        "status",
        "verify_return_error",
        "tls1",
        "tls1_1",
        "tls1_2",
        "tls1_3",
        "no_tls1_3",
        "dtls",
        "crlf",
        "no_ign_eof",
        "ign_eof",
        "debug",
        "msg",
        "nbio",
        "4",
        "6",
        "no-CAfile",
        "no-CApath",
        "no-CAstore",
        "x509_strict",
        "partial_chain",
        "ct",
        "noct",
        "servername_fatal",
        "noservername",
    ],
    long_valued: &[
        "connect",
        "host",
        "port",
        "servername",
        "CAfile",
        "CApath",
        "verify",
        "starttls",
        "alpn",
        "cipher",
        "ciphersuites",
        "proxy",
        "name",
        "verify_hostname",
        "verify_depth",
        "timeout",
        "groups",
        "sigalgs",
        "curves",
    ],
    ..OPENSSL_SUB
};

const OPENSSL_VERIFY: Spec = Spec {
    long: &[
        "help",
        "verbose",
        "show_chain",
        "crl_check",
        "crl_check_all",
        "x509_strict",
        "partial_chain",
        "no-CAfile",
        "no-CApath",
        "no-CAstore",
        "ignore_critical",
        "issuer_checks",
        "check_ss_sig",
        "policy_check",
        "explicit_policy",
        "use_deltas",
        "no_check_time",
        "allow_proxy_certs",
        "trusted_first",
        "no_alt_chains",
    ],
    long_valued: &[
        "CAfile",
        "CApath",
        "CAstore",
        "untrusted",
        "trusted",
        "CRLfile",
        "purpose",
        "verify_hostname",
        "verify_ip",
        "verify_email",
        "attime",
        "verify_depth",
        "auth_level",
        "policy",
        "nameopt",
    ],
    operands: Operands::Read,
    ..OPENSSL_SUB
};

const OPENSSL_CIPHERS: Spec = Spec {
    flags: "Vsv",
    long: &["help", "tls1", "tls1_1", "tls1_2", "tls1_3", "stdname"],
    long_valued: &["convert", "ciphersuites"],
    operands: Operands::AtMost(1),
    ..OPENSSL_SUB
};

const OPENSSL_DGST: Spec = Spec {
    flags: "cr",
    long: &[
        "help",
        "hex",
        "binary",
        "list",
        "md5",
        "sha1",
        "sha224",
        "sha256",
        "sha384",
        "sha512",
        "sha512-224",
        "sha512-256",
        "sha3-224",
        "sha3-256",
        "sha3-384",
        "sha3-512",
        "shake128",
        "shake256",
        "blake2b512",
        "blake2s256",
        "sm3",
        "ripemd160",
    ],
    operands: Operands::Read,
    ..OPENSSL_SUB
};

const OPENSSL_VERSION: Spec = Spec {
    flags: "abcdefoprv",
    long: &["help"],
    ..OPENSSL_SUB
};

const OPENSSL_RAND: Spec = Spec {
    long: &["help", "hex", "base64"],
    operands: Operands::AtMost(1),
    ..OPENSSL_SUB
};

const OPENSSL_LIST: Spec = Spec {
    flags: "1",
    long: &[
        "help",
        "verbose",
        "commands",
        "digest-commands",
        "digest-algorithms",
        "cipher-commands",
        "cipher-algorithms",
        "public-key-algorithms",
        "public-key-methods",
        "kdf-algorithms",
        "mac-algorithms",
        "providers",
        "disabled",
    ],
    ..OPENSSL_SUB
};

/// openssl(1), OpenSSL 3.0: inspecting certificates, requests, CRLs,
/// chains, digests, ciphers. Bare `openssl` reads commands from standard
/// input, so it is not proven. Left out: `s_client` (sends data), `pkey`,
/// `rsa`, `pkcs12`, `enc` (read or print secrets), every generating
/// command, and in all of them `-out`, `-keyout`, `-writerand`,
/// `-engine`, `-provider*`, `-passin`, `-config`.
const OPENSSL: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "x509",
                spec: Some(&OPENSSL_X509),
            },
            Verb {
                names: "req",
                spec: Some(&OPENSSL_REQ),
            },
            Verb {
                names: "crl",
                spec: Some(&OPENSSL_CRL),
            },
            Verb {
                names: "rsa|pkey|ec",
                spec: Some(&OPENSSL_KEY),
            },
            Verb {
                names: "verify",
                spec: Some(&OPENSSL_VERIFY),
            },
            Verb {
                names: "s_client",
                spec: Some(&OPENSSL_S_CLIENT),
            },
            Verb {
                names: "ciphers",
                spec: Some(&OPENSSL_CIPHERS),
            },
            Verb {
                // (`openssl md5` and its kin are `dgst -md5`; blind
                // corpus 71.)
                names: "dgst|md5|sha1|sha224|sha256|sha384|sha512",
                spec: Some(&OPENSSL_DGST),
            },
            Verb {
                names: "version",
                spec: Some(&OPENSSL_VERSION),
            },
            // (Blind corpus 119.)
            Verb {
                names: "pkcs7",
                spec: Some(&OPENSSL_PKCS7),
            },
            Verb {
                names: "crl2pkcs7",
                spec: Some(&OPENSSL_CRL2PKCS7),
            },
            Verb {
                names: "storeutl",
                spec: Some(&OPENSSL_STOREUTL),
            },
            // (Review 141.)
            Verb {
                names: "asn1parse",
                spec: Some(&OPENSSL_ASN1PARSE),
            },
            Verb {
                names: "ecparam",
                spec: Some(&OPENSSL_ECPARAM),
            },
            Verb {
                names: "rand",
                spec: Some(&OPENSSL_RAND),
            },
            Verb {
                names: "list",
                spec: Some(&OPENSSL_LIST),
            },
            Verb {
                names: "errstr",
                spec: Some(&Spec {
                    operands: Operands::Read,
                    ..OPENSSL_SUB
                }),
            },
            Verb {
                names: "help",
                spec: Some(&NOTHING),
            },
        ],
        bare_ok: false,
    },
    ..Spec::POSIX
};

#[rustfmt::skip]
/// nmap(1) 7.93: host discovery and port scans of the given targets (the
/// egress check keeps them to the lab): `-sn`, `-sL`, `-sT`, `-sS`,
/// `-sU`, ping types, timing, ports. Not `-sV`/`-sC`/`-A`/`--script` (run
/// scripts or send probes' payloads), `-o*` (write files), `-iL`/`-iR`
/// (targets from a file, or random ones), `-D`/`-S`/`-e` (spoofing).
/// (`-s` and `-P` take only an attached value: `P::`, `s::` in nmap.cc's
/// getopt string; `-P` alone is a ping and the next word a target.)
const NMAP: Spec = Spec {
    // (`-O`: OS detection from the replies to its own probes, no script;
    // blind corpus 90.)
    flags: "6nvFrRO",
    valued: "pT",
    optional: "sP",
    long: &[
        "open", "reason", "traceroute", "osscan-limit", "osscan-guess", "iflist", "version-light",
        "version-all",
    ],
    long_valued: &[
        "top-ports", "max-retries", "host-timeout", "min-rate", "max-rate", "script",
        "script-help", "version-intensity",
    ],
    checked: &[
        ("s", nmap_scan),
        ("P", nmap_ping),
        ("p", nmap_ports),
        ("script", nmap_safe_scripts),
        ("script-help", nmap_safe_scripts),
        ("max-rate", |v| v.parse::<u32>().is_ok_and(|r| r <= 10_000)),
        ("min-rate", |v| v.parse::<u32>().is_ok_and(|r| r <= 10_000)),
    ],
    ..Spec::GNU
};

/// A port list (`22,80,443`, `1-1024`, `T:80,U:53`, `-`): not a long
/// option nmap's `getopt_long_only` would read in `-proxy=…`.
fn nmap_ports(ports: &str) -> bool {
    ports
        .chars()
        .all(|c| c.is_ascii_digit() || matches!(c, ',' | '-' | ':' | 'T' | 'U' | 'S'))
}

fn nmap_scan(kind: &str) -> bool {
    // (Not `-sV`: it runs the `version` category's scripts with its
    // probes.)
    matches!(kind, "n" | "L" | "T" | "S" | "U" | "P")
}

/// NSE scripts named one by one (no category, no path, no glob) among
/// those of the `safe` category that only read what a service shows
/// anyone: TLS and SSH parameters, titles and headers, NFS exports, SMB's
/// and NTP's own reports (nmap 7.94's script database). Not `dos`,
/// `brute`, `exploit`, `intrusive` nor any other.
fn nmap_safe_scripts(value: &str) -> bool {
    const SAFE: &[&str] = &[
        "ssl-enum-ciphers",
        "ssl-cert",
        "ssh2-enum-algos",
        "ssh-hostkey",
        "http-title",
        "http-headers",
        "http-server-header",
        "nfs-showmount",
        "nfs-ls",
        "rpcinfo",
        "banner",
        "smb-os-discovery",
        "smb-protocols",
        "smb2-security-mode",
        "ntp-info",
        "dns-nsid",
        "rdp-ntlm-info",
        "tls-alpn",
        "ssl-date",
        "http-methods",
        "sslv2",
    ];
    value.split(',').all(|s| SAFE.contains(&s))
}

fn nmap_ping(kind: &str) -> bool {
    kind == "n" || kind.starts_with(['E', 'S', 'A', 'U', 'P'])
}

/// iw(8), iw 6.7: a device's or a radio's report (`iw dev`, `iw list`,
/// `iw phy phy0 info`, `iw dev wlan0 link|info`, `station|survey|scan
/// dump`, the cached scan results, `get power_save`), the regulatory
/// domain, events. Not `scan` itself (the radio leaves its channel), nor
/// anything that connects, disconnects or sets.
const IW_DUMP: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "dump",
            spec: Some(&NOTHING),
        }],
        bare_ok: false,
    },
    ..Spec::POSIX
};

fn iw_setting(word: &str) -> bool {
    matches!(
        word,
        "power_save" | "mesh_param" | "mcast_rate" | "txq" | "coalesce" | "wowlan"
    )
}

const IW_GET: Spec = Spec {
    operands: Operands::Exactly {
        count: 1,
        test: iw_setting,
    },
    ..Spec::POSIX
};

const IW_DEVICE: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "info|link",
                spec: Some(&NOTHING),
            },
            Verb {
                names: "station|survey|mpath|mpp|scan",
                spec: Some(&IW_DUMP),
            },
            Verb {
                names: "get",
                spec: Some(&IW_GET),
            },
        ],
        bare_ok: false,
    },
    ..Spec::POSIX
};

const IW_DEV: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "*",
            spec: Some(&IW_DEVICE),
        }],
        bare_ok: true,
    },
    ..Spec::POSIX
};

const IW_RADIO: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "info|channels",
            spec: Some(&NOTHING),
        }],
        bare_ok: false,
    },
    ..Spec::POSIX
};

const IW_PHY: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "*",
            spec: Some(&IW_RADIO),
        }],
        bare_ok: true,
    },
    ..Spec::POSIX
};

const IW_REG: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "get",
            spec: Some(&NOTHING),
        }],
        bare_ok: false,
    },
    ..Spec::POSIX
};

const IW_EVENT: Spec = Spec {
    flags: "trf",
    operands: Operands::None,
    ..Spec::POSIX
};

const IW: Spec = Spec {
    long: &["version", "debug"],
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "dev",
                spec: Some(&IW_DEV),
            },
            Verb {
                names: "phy",
                spec: Some(&IW_PHY),
            },
            Verb {
                names: "list|features|commands",
                spec: Some(&NOTHING),
            },
            Verb {
                names: "reg",
                spec: Some(&IW_REG),
            },
            Verb {
                names: "event",
                spec: Some(&IW_EVENT),
            },
        ],
        bare_ok: false,
    },
    ..Spec::POSIX
};

/// hping3(8), hping3 3.0.0-alpha-2: a few probes of one host (TCP flags,
/// ICMP, UDP, a port, a count, an interval, traceroute mode). Not
/// `--flood`, `-a`/`--spoof` and `--rand-source` (another host's
/// address), `-E`/`--file` (a file's bytes sent), `-9`/`--listen`
/// (the traffic on the wire printed), `-8`/`--scan`.
const HPING3: Spec = Spec {
    flags: "nqV012FSRPAUXYjJ",
    valued: "cipItsdwoCK",
    long: &[
        "traceroute",
        "fast",
        "faster",
        "numeric",
        "quiet",
        "icmp",
        "udp",
        "syn",
        "ack",
        "fin",
        "rst",
        "push",
        "urg",
        "tr-stop",
        "tr-keep-ttl",
        "tr-no-rtt",
        "verbose",
    ],
    long_valued: &[
        "count",
        "interval",
        "destport",
        "baseport",
        "ttl",
        "data",
        "win",
        "interface",
        "tos",
        "icmptype",
        "icmpcode",
    ],
    operands: Operands::AtMost(1),
    ..Spec::GNU
};

/// masscan(8), 1.3: a scan of the ranges named at a rate a home link
/// carries (`--rate`/`--max-rate` at most 10,000 packets a second; its
/// default is 100), ports, an interface, banners, a wait. Not its output
/// files (`-oL`, `-oJ`, `--output-filename`), `--adapter-ip` and
/// `--source-ip` (another host's address), `--conf`, `--excludefile`,
/// `--resume`.
const MASSCAN: Spec = Spec {
    valued: "pe",
    long: &["banners", "open-only", "open", "ping", "offline"],
    long_valued: &[
        "ports", "rate", "max-rate", "wait", "adapter", "range", "exclude", "retries",
    ],
    checked: &[
        ("rate", |v| v.parse::<f64>().is_ok_and(|r| r <= 10_000.0)),
        ("max-rate", |v| {
            v.parse::<f64>().is_ok_and(|r| r <= 10_000.0)
        }),
    ],
    operands: Operands::Read,
    ..Spec::GNU
};

/// wpa_cli(8), wpa_supplicant 2.10: the supplicant's status, networks,
/// scan results and signal (a network's `psk` is never read back). Not
/// `-a` (an action script run on events), `-B`, `-g`, nor any command
/// that connects, disconnects, scans or sets.
const WPA_CLI: Spec = Spec {
    valued: "ip",
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "status|list_networks|scan_results|signal_poll|ping|mib|interface|get_capability",
            spec: Some(&Spec {
                operands: Operands::AtMost(1),
                ..Spec::POSIX
            }),
        }],
        bare_ok: false,
    },
    ..Spec::POSIX
};

/// arping(8), iputils 20221126: requests to one host on the link. Not
/// `-U`, `-A` (unsolicited announcements that rewrite the neighbours'
/// caches), `-s` (a source address that may be another host's), `-V`
/// (Habets' arping reads it as a VLAN, iputils as the version).
const ARPING: Spec = Spec {
    flags: "fqbDh",
    valued: "cwiI",
    operands: Operands::AtMost(1),
    ..Spec::POSIX
};

/// fping(8), fping 5.1: probes of hosts named on the line (`-g` spans a
/// range or a network; the egress rules judge each). Not `-f`/`--file`
/// (the hosts come from a file), `-l`/`--loop` (without end).
const FPING: Spec = Spec {
    flags: "46aAdDegmMnNqsuxX",
    valued: "bBcCHiIOpQrStT",
    long: &[
        "ipv4",
        "ipv6",
        "alive",
        "addr",
        "rdns",
        "timestamp",
        "elapsed",
        "generate",
        "all",
        "dontfrag",
        "name",
        "netdata",
        "outage",
        "quiet",
        "squiet",
        "stats",
        "unreach",
        "version",
        "help",
    ],
    long_valued: &[
        "size",
        "backoff",
        "count",
        "vcount",
        "ttl",
        "interval",
        "iface",
        "tos",
        "period",
        "retry",
        "src",
        "timeout",
        "reachable",
        "fast-reachable",
    ],
    operands: Operands::Read,
    ..Spec::GNU
};

/// iperf3(1) 3.12 as a client of a lab host (the egress check reads
/// `-c`): throughput tests of at most a minute (a test fills the link
/// while it runs; `-t 3600` takes it for an hour, thirty-ninth review).
/// Not `-s`/`-D` (a server), `--logfile`, `-F` (reads or writes a file),
/// `-I`/`--pidfile`, the RSA and user options, nor `-n`/`-k` (a test as
/// long as its byte or block count takes).
const IPERF3: Spec = Spec {
    flags: "46RuJVdZ",
    // (`-B ADDR`: the local address to bind, blind corpus 217.)
    valued: "ctpPblwOiCB",
    long: &[
        "json", "reverse", "udp", "verbose", "version", "bidir", "zerocopy", "help",
    ],
    long_valued: &[
        "client",
        "time",
        "port",
        "parallel",
        "bitrate",
        "bandwidth",
        "length",
        "window",
        "omit",
        "interval",
        "connect-timeout",
        "title",
        "bind",
    ],
    // (`-O N` runs N seconds before the timed test: the same bound.)
    checked: &[
        ("t", a_minute_at_most),
        ("time", a_minute_at_most),
        ("O", a_minute_at_most),
        ("omit", a_minute_at_most),
    ],
    operands: Operands::None,
    ..Spec::GNU
};

/// A test's length in seconds, 1 to 60 (`0` runs without end).
fn a_minute_at_most(value: &str) -> bool {
    value.parse::<u32>().is_ok_and(|s| (1..=60).contains(&s))
}

/// `ipset list|save [SET]` and `ipset test SET ENTRY`: the sets and their
/// members. Options are words with one dash (`-name`, `-terse`) or their
/// first letters. Not `-file` (writes or reads a file of any name) nor
/// `-resolve` (asks the resolver about every member).
const IPSET_READ: Spec = Spec {
    flags: "tnsq",
    valued: "o",
    long: &["terse", "name", "sorted", "quiet"],
    long_valued: &["output"],
    single_dash_long: true,
    operands: Operands::Names {
        at_most: 2,
        test: ipset_word,
    },
    ..Spec::POSIX
};

/// A set's name (no dot) or an entry of addresses, networks, ranges,
/// ports and MACs (`10.0.0.5`, `10.0.0.0/24,tcp:80`): ipset resolves a
/// host name given as an entry (libipset's parser: "Hostnames are
/// resolved"), a query to any domain (review 48).
fn ipset_word(word: &str) -> bool {
    let set_name = !word.is_empty()
        && !word.contains('.')
        && !word.contains(':')
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-'));
    let address = |part: &str| {
        let part = part.split('/').next().unwrap_or(part);
        part.split('-')
            .all(|a| a.parse::<std::net::IpAddr>().is_ok())
    };
    let port = |part: &str| {
        let digits = part.rsplit(':').next().unwrap_or(part);
        !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit() || c == '-')
    };
    let mac = |part: &str| {
        part.len() == 17
            && part
                .split(':')
                .all(|h| h.len() == 2 && h.chars().all(|c| c.is_ascii_hexdigit()))
    };
    set_name
        || (!word.is_empty()
            && word
                .split(',')
                .all(|part| address(part) || port(part) || mac(part)))
}

/// ipset(8), ipset 7.17.
const IPSET: Spec = Spec {
    flags: "tnsq",
    valued: "o",
    long: &["terse", "name", "sorted", "quiet", "help", "version"],
    long_valued: &["output"],
    single_dash_long: true,
    permute: false,
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "list|save|test",
            spec: Some(&IPSET_READ),
        }],
        bare_ok: false,
    },
    ..Spec::POSIX
};

/// nstat(8), iproute2 6.1: the kernel's SNMP counters. Not `-r`/`--reset`
/// nor `-n`/`--nooutput` (they rewrite the history file), nor `-d`
/// (a daemon); the rules ask for `-a -s` (`--ignore --noupdate`), without
/// which nstat opens, locks and may rewrite its history file
/// (`/tmp/.nstat.u0`).
const NSTAT: Spec = Spec {
    flags: "hVzasjp",
    valued: "t",
    long: &[
        "help", "version", "zeros", "ignore", "noupdate", "json", "pretty",
    ],
    long_valued: &["interval"],
    ..Spec::GNU
};

/// `tc OBJECT show|list|ls [dev DEV] [parent ID] …`: what is attached.
const TC_SHOW: Spec = Spec {
    operands: Operands::Read,
    ..Spec::ORDERED
};

/// `tc qdisc|class|filter|chain|action` with nothing after it shows.
const TC_OBJECT: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "show|list|ls",
            spec: Some(&TC_SHOW),
        }],
        bare_ok: true,
    },
    ..Spec::ORDERED
};

/// tc(8), iproute2 6.1: traffic control's queues, classes and filters,
/// shown. Its options are words with one dash (`-s`, `-stats`,
/// `-details`). Not `-batch`/`-b` (runs a file of commands), `-netns`,
/// `-force`, nor any object's `add`, `change`, `replace`, `del`.
const TC: Spec = Spec {
    flags: "sdrpjg",
    long: &[
        "stats",
        "statistics",
        "details",
        "raw",
        "pretty",
        "json",
        "graph",
        "iec",
    ],
    single_dash_long: true,
    permute: false,
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "qdisc|class|filter|chain|action|actions",
            spec: Some(&TC_OBJECT),
        }],
        bare_ok: false,
    },
    ..Spec::POSIX
};

/// pfctl(8) (pf on OPNsense, pfSense and the BSDs): `-s MODIFIER`
/// shows rules, states, counters, interfaces, tables (every modifier
/// only shows), `-t TABLE -T show|test` a table's addresses. Not `-e`,
/// `-d`, `-f` (loads rules), `-F`, `-k`/`-K`, `-z`, `-x`, `-r`
/// (reverse look-ups), nor another `-T` command; blind corpus 64.
const PFCTL: Spec = Spec {
    flags: "vngq",
    valued: "stTa",
    checked: &[("T", pf_table_read), ("s", pf_modifier)],
    operands: Operands::AtMost(4),
    ..Spec::ORDERED
};

fn pf_table_read(command: &str) -> bool {
    matches!(command, "show" | "test" | "s" | "t")
}

fn pf_modifier(modifier: &str) -> bool {
    !modifier.is_empty() && modifier.chars().all(|c| c.is_ascii_alphabetic())
}

/// sockstat(1) (FreeBSD): open sockets, listening or connected.
const SOCKSTAT: Spec = Spec {
    flags: "46cilLnqsSuUvw",
    valued: "jpP",
    operands: Operands::None,
    ..Spec::ORDERED
};

/// vtysh(1), FRR 8.4: `-c COMMAND` (the rules read each: `show …` only,
/// not the configuration), `-d DAEMON`. Not `-b` (applies the boot
/// configuration), `-f` (runs a file's commands), `-w` (writes it), `-u`
/// `-E`, `--pathspace` (another instance).
const VTYSH: Spec = Spec {
    valued: "cdH",
    long_valued: &["command", "daemon", "histfile"],
    checked: &[
        ("H", |v| v == "/dev/null"),
        ("histfile", |v| v == "/dev/null"),
    ],
    operands: Operands::None,
    ..Spec::GNU
};

/// ovs-vsctl(8), Open vSwitch 3.1: the bridges', ports' and interfaces'
/// names and relations (not `show`, `list`, `get`: an IPsec tunnel's
/// `options:psk`; not `--db`, another server).
/// ifconfig(8), net-tools 2.10 and FreeBSD's: the interfaces shown, all
/// or one (`-a`, `-l` lists their names, `-s` a short table). Not an
/// interface with settings after it (`ifconfig vlan0 down`).
const IFCONFIG: Spec = Spec {
    flags: "alsv",
    operands: Operands::AtMost(1),
    ..Spec::POSIX
};

const OVS_VSCTL_NAME: Spec = Spec {
    operands: Operands::AtMost(1),
    ..Spec::ORDERED
};
const OVS_VSCTL: Spec = Spec {
    long: &["bare", "no-headings", "pretty", "version", "help"],
    long_valued: &["timeout", "format", "columns", "data"],
    permute: false,
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "list-br|list-ports|list-ifaces|br-exists|port-to-br|iface-to-br|br-to-vlan|\
                    br-to-parent|get-fail-mode|get-controller",
            spec: Some(&OVS_VSCTL_NAME),
        }],
        bare_ok: false,
    },
    ..Spec::GNU
};

/// A switch named as a local bridge (`vmbr2`), not `tcp:HOST:PORT` or a
/// socket path elsewhere.
fn local_bridge(word: &str) -> bool {
    !word.is_empty()
        && word
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.'))
}

/// ovs-ofctl(8): the OpenFlow tables, ports and flows of a local bridge.
const OVS_OFCTL_BRIDGE: Spec = Spec {
    valued: "O",
    long: &[
        "names", "no-names", "stats", "no-stats", "rsort", "sort", "readable",
    ],
    long_valued: &["protocols"],
    operands: Operands::Names {
        at_most: 2,
        test: |w| local_bridge(w) || (w.contains('=') && !w.contains(['/', ' '])),
    },
    ..Spec::GNU
};
const OVS_OFCTL: Spec = Spec {
    valued: "O",
    long_valued: &["protocols"],
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "show|dump-flows|dump-ports|dump-ports-desc|dump-tables|dump-groups|\
                    dump-group-stats|dump-meters|queue-stats|dump-aggregate",
            spec: Some(&OVS_OFCTL_BRIDGE),
        }],
        bare_ok: false,
    },
    ..Spec::GNU
};

/// ovs-appctl(8): ovs-vswitchd's reports (not `-t` another daemon's
/// socket, nor `fdb/flush`, `exit`, `vlog/set`, `bond/set-active-slave`).
const OVS_APPCTL_ARGS: Spec = Spec {
    operands: Operands::Names {
        at_most: 3,
        test: |w| {
            !w.is_empty()
                && w.bytes().all(|b| {
                    b.is_ascii_alphanumeric()
                        || matches!(b, b'_' | b'-' | b'.' | b',' | b'=' | b':')
                })
        },
    },
    ..Spec::ORDERED
};
const OVS_APPCTL: Spec = Spec {
    long_valued: &["timeout"],
    permute: false,
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "bond/show|lacp/show|lacp/stats-show|fdb/show|fdb/stats-show|dpif/show|\
                    dpif/dump-flows|coverage/show|ofproto/list|list-commands|version|\
                    vlog/list|upcall/show|memory/show|ovs/route/show|tnl/ports/show|\
                    dpctl/dump-flows|dpif/show-dp-features|cfm/show|bfd/show|stp/show|rstp/show|\
                    mdb/show",
            spec: Some(&OVS_APPCTL_ARGS),
        }],
        bare_ok: false,
    },
    ..Spec::GNU
};

pub(super) const ENTRIES: &[Entry] = &[
    Entry {
        names: &["masscan"],
        spec: &MASSCAN,
        read_only: &["masscan 192.168.10.0/24 -p22,8006,8007 --rate 200"],
        not: &[
            "masscan 10.0.0.0/8 -p0-65535 --rate 10000000",
            "masscan 10.0.0.0/24 -p22 -oL /tmp/x",
            "masscan 8.8.8.0/24 -p53",
        ],
    },
    Entry {
        names: &["wpa_cli"],
        spec: &WPA_CLI,
        read_only: &["wpa_cli -i wlp2s0 status", "wpa_cli -i wlan0 scan_results"],
        not: &[
            "wpa_cli -i wlan0 disconnect",
            "wpa_cli -a /tmp/x.sh",
            "wpa_cli -i wlan0 set_network 0 psk x",
        ],
    },
    Entry {
        names: &["iw"],
        spec: &IW,
        read_only: &[
            "iw dev",
            "iw list",
            "iw dev wlp2s0 link",
            "iw dev wlp2s0 station dump",
            "iw dev wlp2s0 scan dump",
            "iw phy phy0 info",
            "iw reg get",
            "iw event -t",
            "iw dev wlan0 get power_save",
        ],
        not: &[
            "iw dev wlp2s0 scan",
            "iw dev wlp2s0 disconnect",
            "iw dev wlan0 set power_save off",
            "iw reg set US",
            "iw dev wlan0 del",
        ],
    },
    Entry {
        names: &["hping3", "hping"],
        spec: &HPING3,
        read_only: &[
            "hping3 -S -p 8006 -c 3 10.0.0.11",
            "hping3 -1 -c 5 192.168.10.1",
            "hping3 --traceroute -S -p 443 -c 8 10.20.0.25",
        ],
        not: &[
            "hping3 --flood -S -p 80 10.0.0.5",
            "hping3 -a 10.0.0.9 -S 10.0.0.5",
            "hping3 -E /etc/shadow -d 500 10.0.0.5",
            "hping3 -9 HTTP -I eth0",
            "hping3 -S -p 80 -c 3 8.8.8.8",
        ],
    },
    Entry {
        names: &["ifconfig"],
        spec: &IFCONFIG,
        read_only: &[
            "ifconfig",
            "ifconfig -a",
            "ifconfig -l",
            "ifconfig vlan0.20",
            "ifconfig -s",
        ],
        not: &[
            "ifconfig eth0 down",
            "ifconfig eth0 10.0.0.9 netmask 255.255.255.0",
            "ifconfig eth0 mtu 9000",
        ],
    },
    Entry {
        names: &["ovs-vsctl"],
        spec: &OVS_VSCTL,
        read_only: &[
            "ovs-vsctl list-br",
            "ovs-vsctl list-ports vmbr2",
            "ovs-vsctl port-to-br bond2",
        ],
        not: &[
            "ovs-vsctl show",
            "ovs-vsctl list interface",
            "ovs-vsctl --db=tcp:10.0.0.5:6640 list-br",
            "ovs-vsctl del-br vmbr2",
            "ovs-vsctl add-port vmbr2 eth3",
        ],
    },
    Entry {
        names: &["ovs-ofctl"],
        spec: &OVS_OFCTL,
        read_only: &[
            "ovs-ofctl dump-flows vmbr2",
            "ovs-ofctl show vmbr2",
            "ovs-ofctl -O OpenFlow13 dump-ports vmbr2",
        ],
        not: &[
            "ovs-ofctl del-flows vmbr2",
            "ovs-ofctl dump-flows tcp:203.0.113.5:6653",
            "ovs-ofctl add-flow vmbr2 actions=drop",
        ],
    },
    Entry {
        names: &["ovs-appctl"],
        spec: &OVS_APPCTL,
        read_only: &[
            "ovs-appctl bond/show bond2",
            "ovs-appctl lacp/show",
            "ovs-appctl fdb/show vmbr2",
        ],
        not: &[
            "ovs-appctl fdb/flush vmbr2",
            "ovs-appctl exit",
            "ovs-appctl -t /run/x.ctl bond/show",
            "ovs-appctl vlog/set dbg",
        ],
    },
    Entry {
        names: &["vtysh"],
        spec: &VTYSH,
        read_only: &[
            "vtysh -H /dev/null -c 'show bgp l2vpn evpn summary'",
            "vtysh -H /dev/null -c 'show ip route' -c 'show evpn vni'",
            "VTYSH_HISTFILE=/dev/null vtysh -d bgpd -c 'show bgp summary json'",
        ],
        not: &[
            "vtysh",
            "vtysh -c 'show bgp summary'",
            "vtysh -H /tmp/h -c 'show bgp summary'",
            "vtysh -H /dev/null -c 'show isis database detail'",
            "vtysh -c 'show running-config'",
            "vtysh -c 'sh run'",
            "vtysh -c 'conf t' -c 'router bgp 65000'",
            "vtysh -c 'clear ip bgp *'",
            "vtysh -b",
            "vtysh -f /tmp/x",
            "vtysh -c 'show ip route | grep x'",
        ],
    },
    Entry {
        names: &["pfctl"],
        spec: &PFCTL,
        read_only: &[
            "pfctl -si",
            "pfctl -sr",
            "pfctl -vvsr",
            "pfctl -sI -vv",
            "pfctl -ss",
            "pfctl -t sshlockout -T show",
        ],
        not: &[
            "pfctl -d",
            "pfctl -e",
            "pfctl -f /etc/pf.conf",
            "pfctl -F states",
            "pfctl -k 192.168.30.15",
            "pfctl -t x -T flush",
            "pfctl -t x -T add 1.2.3.4",
            "pfctl -z",
            "pfctl -sr -r",
        ],
    },
    Entry {
        names: &["sockstat"],
        spec: &SOCKSTAT,
        read_only: &["sockstat -4l", "sockstat -46 -c"],
        not: &["sockstat -x"],
    },
    Entry {
        names: &["ipset"],
        spec: &IPSET,
        read_only: &[
            "ipset list -n",
            "ipset list blocklist",
            "ipset list -t",
            "ipset save",
            "ipset test blocklist 10.0.0.5",
            "ipset test web 10.0.0.0/24,tcp:80",
        ],
        not: &[
            "ipset add blocklist 1.2.3.4",
            "ipset flush",
            "ipset destroy blocklist",
            "ipset list -file /tmp/x",
            "ipset restore -file /tmp/x",
            "ipset list -resolve",
            "ipset test blocklist evil.example.com",
        ],
    },
    Entry {
        names: &["nstat"],
        spec: &NSTAT,
        read_only: &[
            "nstat -asz",
            "nstat -as TcpRetransSegs",
            "nstat --ignore --noupdate --json",
        ],
        not: &[
            "nstat",
            "nstat -a",
            "nstat -s",
            "nstat -sz TcpRetransSegs",
            "nstat -r",
            "nstat -n",
            "nstat -d 60",
        ],
    },
    Entry {
        names: &["tc"],
        spec: &TC,
        read_only: &[
            "tc -s qdisc show dev eno1",
            "tc qdisc",
            "tc -s -d class show dev vmbr0",
            "tc filter show dev eno1 ingress",
            "tc -j qdisc ls",
        ],
        not: &[
            "tc qdisc add dev eno1 root netem loss 100%",
            "tc qdisc del dev eno1 root",
            "tc -batch /tmp/cmds",
            "tc qdisc replace dev eth0 root fq",
        ],
    },
    Entry {
        names: &["nmap"],
        spec: &NMAP,
        read_only: &[
            "nmap -sn 192.168.1.0/24",
            "nmap -Pn -p 22,80,443 10.0.0.5",
            "nmap -O -Pn --min-rate 1000 192.168.1.10",
            "nmap -sT -T4 --open 192.168.1.10",
        ],
        not: &[
            "nmap -sV 10.0.0.5",
            "nmap --script vuln 10.0.0.5",
            "nmap -oN /tmp/x 10.0.0.5",
            "nmap -sn 8.8.8.8",
            "nmap -iL /tmp/hosts",
        ],
    },
    Entry {
        names: &["arping"],
        spec: &ARPING,
        read_only: &[
            "arping -c 3 -I vmbr0 10.0.0.1",
            "arping -D -c 2 -I eth0 192.168.1.50",
        ],
        not: &[
            "arping -U -c 1 -I vmbr0 10.0.0.5",
            "arping -A -I eth0 10.0.0.5",
            "arping -s 10.0.0.1 -c 3 10.0.0.9",
            "arping -c 3 8.8.8.8",
        ],
    },
    Entry {
        names: &["fping"],
        spec: &FPING,
        read_only: &[
            "fping -a -g 192.168.1.0/24",
            "fping -c 3 -q 10.0.0.5 10.0.0.6",
            "fping -s -g 192.168.1.10 192.168.1.20",
        ],
        not: &[
            "fping -f /etc/hosts",
            "fping -l 10.0.0.5",
            "fping -a -g 8.8.8.0/24",
        ],
    },
    Entry {
        names: &["iperf3"],
        spec: &IPERF3,
        read_only: &[
            "iperf3 -c 192.168.1.21 -t 10 -P 4",
            "iperf3 -c 10.0.0.5 -R -J",
        ],
        not: &[
            "iperf3 -s",
            "iperf3 -c 8.8.8.8",
            "iperf3 -c 10.0.0.5 --logfile /tmp/x",
            "iperf3 -c 10.0.0.5 -u -b 100G -t 3600",
            "iperf3 -c 10.0.0.5 --time=0",
            "iperf3 -c 10.0.0.5 -n 100G",
            "iperf3 -c 10.0.0.5 -u -b 0 -O 600",
        ],
    },
    Entry {
        names: &["ip"],
        spec: &IP,
        read_only: &[
            "ip addr show",
            "ip -br a",
            "ip -4 -o addr show dev vmbr0",
            "ip route",
            "ip -6 route show table all",
            "ip route get 1.1.1.1",
            "ip -s -s link show eth0",
            "ip -d link show vmbr0",
            "ip -j -p addr",
            "ip neigh show dev vmbr0",
            "ip rule list",
            "ip netns list",
            "ip -color=always -br link",
            "ip xfrm policy",
            "ip xfrm policy list dir out",
            "ip xfrm state count",
            "ip -s xfrm policy count",
        ],
        not: &[
            "ip link set vmbr0 down",
            "ip addr flush dev eth0",
            "ip -batch /tmp/cmds",
            "ip -b /tmp/cmds",
            "ip route del default",
            "ip link s eth0 down",
            "ip xfrm state",
            "ip xfrm state list",
            "ip -s xfrm state",
            "ip xfrm monitor",
            "ip xfrm policy flush",
            "ip xfrm state flush",
            "ip xfrm policy deleteall",
            "ip xfrm policy setdefault in block",
            "ip addr add 10.0.0.1/24 dev eth0",
        ],
    },
    Entry {
        names: &["ss"],
        spec: &SS,
        read_only: &[
            "ss -tlnp",
            "ss -tunap",
            "ss -s",
            "ss -o state established '( dport = :ssh )'",
            "ss -H -A tcp,udp -n",
            "ss --listening --numeric --processes",
        ],
        not: &[
            "ss -K dst 10.0.0.5",
            "ss -tn --kill",
            "ss -D /tmp/dump",
            "ss -F /tmp/filter",
        ],
    },
    Entry {
        names: &["netstat"],
        spec: &NETSTAT,
        read_only: &[
            "netstat -tulpn",
            "netstat -rn",
            "netstat -i",
            "netstat -s --tcp",
            "netstat -an --protocol=inet",
        ],
        not: &["netstat -tlnp $extra", "netstat -T"],
    },
    Entry {
        names: &["ping", "ping6"],
        spec: &PING,
        read_only: &[
            "ping -c 4 192.168.1.1",
            "ping -c3 -W 2 10.0.0.1",
            "ping -6 -c 2 -I vmbr0 fe80::1",
            "ping -q -c 10 -i 0.2 10.0.0.1",
        ],
        not: &["ping -f 10.0.0.1", "ping -l 100 10.0.0.1"],
    },
    Entry {
        names: &["traceroute", "traceroute6"],
        spec: &TRACEROUTE,
        read_only: &[
            "traceroute -n 10.0.0.1",
            "traceroute -T -p 443 -w 2 192.168.1.5",
            "traceroute6 -n fd00::1",
        ],
        not: &["traceroute -X 8.8.8.8", "traceroute --fir 2 8.8.8.8"],
    },
    Entry {
        names: &["tracepath"],
        spec: &TRACEPATH,
        read_only: &[
            "tracepath -n 10.0.0.1",
            "tracepath -m 10 -p 33434 192.168.1.1",
        ],
        not: &["tracepath -x 1.1.1.1"],
    },
    Entry {
        names: &["mtr"],
        spec: &MTR,
        read_only: &[
            "mtr -rw -c 10 10.0.0.1",
            "mtr --report --report-cycles 5 --no-dns 192.168.1.1",
            "mtr -n -j -c 3 127.0.0.1",
        ],
        not: &["mtr --frobnicate 8.8.8.8"],
    },
    Entry {
        // (Knot's kdig reads the same words; its `-E`/`-G` tap files are
        // no option of the table.)
        names: &["dig", "kdig"],
        spec: &DIG,
        read_only: &[
            "dig @127.0.0.1 localhost",
            "dig +short A localhost @10.0.0.53",
            "dig -x 192.168.1.1",
            "dig -t MX localhost +noall +answer",
            "dig @127.0.0.1 -p 5353 localhost",
        ],
        not: &[
            "dig -k /etc/bind/rndc.key example.com",
            "dig -y hmac-sha256:k:c2VjcmV0 example.com AXFR",
        ],
    },
    Entry {
        names: &["host"],
        spec: &HOST,
        read_only: &[
            "host localhost",
            "host -t mx localhost 127.0.0.1",
            "host -a 10.0.0.5 10.0.0.53",
        ],
        not: &["host -Z example.com"],
    },
    Entry {
        names: &["nslookup"],
        spec: &NSLOOKUP,
        read_only: &[
            "nslookup localhost",
            "nslookup -type=mx localhost 127.0.0.1",
            "nslookup -debug 10.0.0.5",
        ],
        not: &["nslookup -frob example.com"],
    },
    Entry {
        names: &["getent"],
        spec: &GETENT,
        read_only: &[
            "getent hosts pve.lan",
            "getent passwd root",
            "getent group sudo",
            "getent ahostsv4 pve.local",
        ],
        not: &[
            "getent shadow root",
            "getent gshadow",
            "getent",
            "getent -s dns networks evil.example.com",
        ],
    },
    Entry {
        names: &["ssh-keyscan"],
        spec: &SSH_KEYSCAN,
        read_only: &[
            "ssh-keyscan -t ed25519 10.0.0.5",
            "ssh-keyscan -H -p 2222 192.168.1.20",
        ],
        not: &["ssh-keyscan -Z host.lan"],
    },
    Entry {
        names: &["ssh-keygen"],
        spec: &SSH_KEYGEN,
        read_only: &[
            "ssh-keygen -lf /etc/ssh/ssh_host_ed25519_key.pub",
            "ssh-keygen -l -v -E md5 -f /root/.ssh/authorized_keys",
            "ssh-keygen -F 10.0.0.5 -f /root/.ssh/known_hosts",
            "ssh-keygen -Q -f /srv/krl/revoked.krl /home/alice/.ssh/id_ed25519.pub",
        ],
        not: &[
            "ssh-keygen -y -f /root/.ssh/id_ed25519",
            "ssh-keygen -R 10.0.0.5",
            "ssh-keygen -y -P hunter2 -f /root/.ssh/id_ed25519",
            "ssh-keygen -y -e -f /root/.ssh/id_ed25519",
            "ssh-keygen -p -f /root/.ssh/id_ed25519",
            "ssh-keygen -t ed25519 -f /tmp/k -N ''",
            "ssh-keygen -l -H -f /root/.ssh/known_hosts",
        ],
    },
    Entry {
        names: &["curl"],
        spec: &CURL,
        read_only: &[
            "curl -s http://127.0.0.1:8080/",
            "curl -fsSL http://10.0.0.5/health",
            "curl -I https://localhost",
            "curl -sk -H 'Accept: application/json' https://127.0.0.1:8006/api2/json/version",
            "curl --max-time 5 --retry 2 http://localhost:9100/metrics",
            "curl -sv --resolve cloud.lan:443:192.168.1.50 https://cloud.lan/status.php",
            "curl -sk -b 'PVEAuthCookie=abc' https://127.0.0.1:8006/api2/json/version",
        ],
        not: &[
            "curl -o /tmp/x https://example.com",
            "curl -so/tmp/x https://example.com",
            "curl -X DELETE https://127.0.0.1:8006/api2/json/nodes/pve/qemu/100",
            "curl -sXPOST https://example.com",
            "curl --trace /tmp/t https://example.com",
            "curl -K /tmp/cfg",
            "curl -b /root/cookies.txt https://127.0.0.1/",
            "curl --cookie jar.txt https://127.0.0.1/",
            "curl -d x=1 https://example.com",
            "curl -w '%{http_code}' https://example.com",
            "curl --resolve cloud.home.lan:443:93.184.216.34 https://cloud.home.lan/",
            "curl --resolve x.lan:443:192.168.1.5,8.8.8.8 https://x.lan/",
            "curl --resolve x.lan:443:0xC0A80105 https://x.lan/",
        ],
    },
    Entry {
        names: &["wget"],
        spec: &WGET,
        read_only: &[
            "wget --spider http://127.0.0.1/",
            "wget -q --spider -T 5 http://10.0.0.9/file.iso",
            "wget --spider -S --no-hsts --no-check-certificate https://10.0.0.5:8006",
        ],
        not: &[
            "wget https://example.com/x.sh",
            "wget --spider -O /etc/passwd https://example.com",
            "wget -qO- https://example.com",
            "wget --spider -e robots=off https://example.com",
            "wget --spider -r https://example.com",
        ],
    },
    Entry {
        names: &["nc", "netcat"],
        spec: &NC,
        read_only: &[
            "nc -zv 10.0.0.5 22",
            "nc -z -w 2 192.168.1.5 80 443",
            "nc -zvn 10.0.0.5 8006",
        ],
        not: &[
            "nc -l 4444",
            "nc -zv -e /bin/sh 10.0.0.5 4444",
            "nc 10.0.0.5 25",
            "nc -lkz 4444",
        ],
    },
    Entry {
        names: &["ncat"],
        spec: &NCAT,
        read_only: &["ncat -zv 10.0.0.5 22", "ncat -z -w 2s 192.168.1.5 443"],
        not: &[
            "ncat -l 4444",
            "ncat -z --exec /bin/sh 10.0.0.5 4444",
            "ncat -z -o /tmp/x 10.0.0.5 22",
        ],
    },
    Entry {
        names: &["tcpdump"],
        spec: &TCPDUMP,
        read_only: &[
            "tcpdump -i vmbr0 -nn -c 100 port 53",
            "tcpdump -D",
            "tcpdump -r /tmp/cap.pcap -nn port 22",
            "tcpdump -i any -vvv -s0 -c 20 'tcp port 443'",
            "tcpdump -tttt -e -i eth0 -c 5 arp",
            "tcpdump -ni vmbr0 -c 10 'port 53 or port 123'",
        ],
        // Clear protocols print their passwords at any verbosity.
        not: &[
            "tcpdump -i any -c 200 port 21",
            "tcpdump -i any -c 50 udp port 161",
            "tcpdump -r /tmp/cap.pcap -nn",
            "tcpdump -ni eth0 -c 5 not port 22",
            "tcpdump -ni eth0 -c 5 tcp",
            "tcpdump -w /tmp/x.pcap -i eth0",
            "tcpdump -i eth0 -z gzip -w /tmp/x -G 60",
            "tcpdump -I -i wlan0",
            "tcpdump -i eth0 -C 10 -W 5 -w /tmp/r",
        ],
    },
    Entry {
        names: &[
            "iptables",
            "ip6tables",
            "iptables-legacy",
            "iptables-nft",
            "ip6tables-legacy",
            "ip6tables-nft",
        ],
        spec: &IPTABLES,
        read_only: &[
            "iptables -L -n -v",
            "iptables -t nat -L -n --line-numbers",
            "iptables -S",
            "ip6tables -L INPUT -nvx",
            "iptables -w -L FORWARD",
            "iptables -C INPUT -p tcp --dport 22 -j ACCEPT",
            "iptables -t nat -C POSTROUTING -s 10.0.0.0/24 -o vmbr0 -j MASQUERADE",
            "ip6tables --check INPUT -m conntrack --ctstate ESTABLISHED -j ACCEPT",
        ],
        not: &[
            "iptables -F",
            "iptables -P INPUT DROP",
            "iptables -L -Z",
            "iptables -A INPUT -p tcp --dport 22 -j ACCEPT",
            "iptables -t nat -L --zero",
            "iptables -C INPUT -p tcp -j ACCEPT --modprobe=/tmp/x",
            "iptables -I INPUT -p tcp --dport 22 -j ACCEPT",
            "iptables -D INPUT -p tcp --dport 22 -j ACCEPT",
        ],
    },
    Entry {
        names: &[
            "iptables-save",
            "ip6tables-save",
            "iptables-legacy-save",
            "ip6tables-legacy-save",
            "iptables-nft-save",
            "ip6tables-nft-save",
        ],
        spec: &IPTABLES_SAVE,
        read_only: &[
            "iptables-save",
            "iptables-save -c -t filter",
            "ip6tables-save",
        ],
        not: &[
            "iptables-save -f /etc/iptables/rules.v4",
            "iptables-save -M /tmp/x",
        ],
    },
    Entry {
        names: &[
            "iptables-restore",
            "ip6tables-restore",
            "iptables-legacy-restore",
            "ip6tables-legacy-restore",
            "iptables-nft-restore",
            "ip6tables-nft-restore",
        ],
        spec: &IPTABLES_RESTORE,
        read_only: &[
            "iptables-restore --test < /etc/iptables/rules.v4",
            "ip6tables-restore -t < /etc/iptables/rules.v6",
            "iptables-restore -tv -T filter < /etc/iptables/rules.v4",
        ],
        not: &[
            "iptables-restore < /etc/iptables/rules.v4",
            "iptables-restore -n < x",
            "iptables-restore --test -M /tmp/x < r",
            "iptables-restore --test /etc/shadow",
            "iptables-restore --test < /etc/shadow",
        ],
    },
    Entry {
        names: &["nft"],
        spec: &NFT,
        read_only: &[
            "nft -c -f /etc/nftables.conf",
            "nft --check --file=/etc/nftables.d/lab.nft",
            "nft list ruleset",
            "nft -a list ruleset",
            "nft list tables",
            "nft -j list ruleset inet",
            "nft list chains ip",
            "nft list table inet filter",
            "nft -a list chain inet filter input",
            "nft list set ip nat blocklist_v4",
            "nft -nn list table filter",
            "nft describe tcp flags",
        ],
        not: &[
            "nft flush ruleset",
            "nft -f /etc/nftables.conf",
            "nft list ruleset ';' flush ruleset",
            "nft describe tcp ';' flush ruleset",
            "nft describe 'tcp; flush ruleset'",
            "nft 'list ruleset; flush ruleset'",
            "nft list table inet 'filter; flush ruleset'",
            "nft list table inet \"filter\nflush ruleset\"",
            "nft list chain inet filter input '{'",
            "nft list table inet $TABLE",
            "nft list table 'inet filter' x y",
            "nft list chain inet filter input extra",
            "nft list table inet 'filter#'",
            "nft -i",
            "nft -c -f /etc/shadow",
            "nft -c -f /etc/nftables.d/../../etc/shadow",
            "nft -f /etc/nftables.d/lab.nft",
        ],
    },
    Entry {
        names: &["ufw"],
        spec: &UFW,
        read_only: &[
            "ufw status",
            "ufw status verbose",
            "ufw status numbered",
            "ufw show added",
            "ufw app list",
            "ufw app info OpenSSH",
            "ufw version",
        ],
        not: &[
            "ufw disable",
            "ufw default deny incoming",
            "ufw app update all",
            "ufw delete 3",
        ],
    },
    Entry {
        names: &["iftop"],
        spec: &IFTOP,
        read_only: &[
            "iftop -i vmbr0 -t -s 5",
            "iftop -nNP -i eth0 -t -s 10 -L 20",
        ],
        not: &["iftop -c /tmp/iftoprc -t -s 5"],
    },
    Entry {
        names: &["nload"],
        spec: &NLOAD,
        read_only: &["nload vmbr0", "nload -m -u M eth0 eth1"],
        not: &["nload -z eth0"],
    },
    Entry {
        names: &["dnsdomainname"],
        spec: &DNSDOMAINNAME,
        read_only: &["dnsdomainname", "dnsdomainname -v"],
        not: &["dnsdomainname example.com", "dnsdomainname -F /tmp/name"],
    },
    Entry {
        names: &["named-checkconf"],
        spec: &NAMED_CHECKCONF,
        read_only: &[
            "named-checkconf",
            "named-checkconf -z",
            "named-checkconf -px",
            "named-checkconf -z /etc/bind/named.conf",
        ],
        not: &[
            "named-checkconf /tmp/named.conf",
            "named-checkconf -t /srv/chroot",
        ],
    },
    Entry {
        // (named-compilezone: the same program, its `-o` mandatory; `-o -`
        // prints.)
        names: &["named-checkzone", "named-compilezone"],
        spec: &NAMED_CHECKZONE,
        read_only: &[
            "named-checkzone example.com /etc/bind/db.example.com",
            "named-checkzone -q -k fail example.com /etc/bind/db.example.com",
            "named-checkzone -D -o - home.lan /var/cache/bind/db.home.lan.signed",
        ],
        not: &[
            "named-checkzone -o /etc/bind/db.out example.com /etc/bind/db.example.com",
            "named-checkzone -F raw -o /tmp/x example.com db",
        ],
    },
    Entry {
        names: &["postconf"],
        spec: &POSTCONF,
        read_only: &[
            "postconf -n",
            "postconf mail_version",
            "postconf -d smtpd_tls_security_level myhostname",
            "postconf -M",
            "postconf -nf",
        ],
        not: &[
            "postconf -e 'relayhost = [smtp.example.com]'",
            "postconf -X relayhost",
            "postconf -# relayhost",
            "postconf smtp_sasl_password_maps",
            "postconf -c /tmp/x -n",
            "postconf 'relayhost=x'",
            "postconf -o relayhost=x",
        ],
    },
    Entry {
        names: &["doveconf"],
        spec: &DOVECONF,
        read_only: &[
            "doveconf -n",
            "doveconf -a",
            "doveconf -f service=imap -n",
            "doveconf -h mail_location",
            "doveconf ssl_min_protocol ssl_cipher_list",
        ],
        not: &[
            "doveconf doveadm_api_key",
            "doveconf -h doveadm_password",
            "doveconf ssl_key",
            "doveconf -S",
            "doveconf auth_policy_server_api_header",
            "doveconf auth_policy_server_url",
            "doveconf plugin/mail_crypt_global_private_key",
            "doveconf -h doveadm_api_key",
            "doveconf -P",
            "doveconf -nP",
            "doveconf -x ssl_key",
            "doveconf -c /tmp/x.conf -n",
        ],
    },
    Entry {
        names: &["upsc"],
        spec: &UPSC,
        read_only: &[
            "upsc ups@localhost battery.charge",
            "upsc -l 192.168.1.20",
            "upsc ups@192.168.1.20:3493",
            "upsc -c ups",
        ],
        not: &["upsc ups@ups.example.com", "upsc -l 8.8.8.8"],
    },
    Entry {
        names: &["upscmd"],
        spec: &UPSCMD,
        read_only: &["upscmd -l ups@localhost", "upscmd -l ups"],
        not: &[
            "upscmd ups@localhost shutdown.return",
            "upscmd -u admin -p x ups load.off",
        ],
    },
    Entry {
        names: &["unbound-checkconf"],
        spec: &UNBOUND_CHECKCONF,
        read_only: &[
            "unbound-checkconf",
            "unbound-checkconf -o interface",
            "unbound-checkconf -f",
            "unbound-checkconf /etc/unbound/unbound.conf",
            "unbound-checkconf /etc/unbound/unbound.conf.d/pi-hole.conf",
        ],
        not: &[
            "unbound-checkconf /etc/shadow",
            "unbound-checkconf /tmp/x.conf",
            "unbound-checkconf /etc/unbound/unbound_server.key",
            "unbound-checkconf /etc/unbound/../shadow.conf",
            "unbound-checkconf /etc/unbound/unbound.conf.d/../../x.conf",
        ],
    },
    Entry {
        names: &["nginx"],
        spec: &NGINX,
        read_only: &["nginx -V", "nginx -v"],
        not: &[
            "nginx -t",
            "nginx -T",
            "nginx -tq",
            "nginx -s stop",
            "nginx -s reload",
            "nginx",
            "nginx -t -c /tmp/nginx.conf",
            "nginx -t -g 'load_module /tmp/x.so;'",
        ],
    },
    Entry {
        names: &["brctl"],
        spec: &BRCTL,
        read_only: &[
            "brctl show",
            "brctl show vmbr0",
            "brctl showmacs vmbr0",
            "brctl showstp vmbr1",
        ],
        not: &[
            "brctl addbr vmbr9",
            "brctl delif vmbr0 eno1",
            "brctl setageing vmbr0 0",
            "brctl stp vmbr0 off",
        ],
    },
    Entry {
        names: &["caddy"],
        spec: &CADDY,
        read_only: &[
            "caddy fmt --diff /etc/caddy/Caddyfile",
            "caddy adapt --config /etc/caddy/Caddyfile --pretty",
            "caddy list-modules --versions",
            "caddy version",
        ],
        not: &[
            "caddy fmt --overwrite /etc/caddy/Caddyfile",
            "caddy stop",
            "caddy reload --config /etc/caddy/Caddyfile",
            "caddy run",
            "caddy adapt",
            "caddy adapt --pretty",
            "caddy adapt --config -x.caddy",
            "caddy adapt --config=/tmp/Caddyfile",
        ],
    },
    Entry {
        names: &["apachectl", "apache2ctl"],
        spec: &APACHECTL,
        read_only: &[
            "apachectl -t",
            "apache2ctl configtest",
            "apachectl -S",
            "apache2ctl -M",
        ],
        not: &[
            "apachectl stop",
            "apache2ctl graceful",
            "apachectl -k restart",
            "apachectl -t -f /tmp/httpd.conf",
            "apachectl -D FOREGROUND",
        ],
    },
    Entry {
        names: &["a2query"],
        spec: &A2QUERY,
        read_only: &[
            "a2query -m rewrite",
            "a2query -s",
            "a2query -M",
            "a2query -q -c security",
        ],
        not: &["a2query -m rewrite extra", "a2query -x", "a2query --bogus"],
    },
    Entry {
        names: &["haproxy"],
        spec: &HAPROXY,
        read_only: &["haproxy -v", "haproxy -vv"],
        not: &[
            "haproxy -c -f /tmp/haproxy.cfg",
            "haproxy -f /etc/haproxy/haproxy.cfg",
            "haproxy -D -f /etc/haproxy/haproxy.cfg",
        ],
    },
    Entry {
        names: &["sshd"],
        spec: &SSHD,
        read_only: &[
            "sshd -t",
            "sshd -T",
            "sshd -T -C user=root,host=x,addr=10.0.0.5",
            "/usr/sbin/sshd -t -f /etc/ssh/sshd_config",
        ],
        not: &[
            "sshd -E /tmp/log -t",
            "sshd -D",
            "sshd -p 2222",
            "sshd -T -f -x.conf",
            "sshd -Tf -",
            "sshd -t -f /tmp/sshd_config",
        ],
    },
    Entry {
        names: &["visudo"],
        spec: &VISUDO,
        read_only: &[
            "visudo -c",
            "visudo -cf /etc/sudoers.d/admins",
            "visudo --check --quiet",
        ],
        not: &[
            "visudo",
            "visudo -f /etc/sudoers.d/admins",
            "visudo -c -x /tmp/sudoers.json",
            "visudo -c -f -",
            "visudo -cf /tmp/sudoers",
            "visudo --check /tmp/sudoers",
            "visudo -c -f /dev/stdin",
            "visudo -c --file=/etc/sudoers.d/../../shadow",
        ],
    },
    Entry {
        names: &["openssl"],
        spec: &OPENSSL,
        read_only: &[
            "openssl x509 -in /etc/pve/local/pve-ssl.pem -noout -text",
            "openssl x509 -noout -subject -issuer -enddate -in /etc/ssl/certs/ca.pem",
            "openssl x509 -in cert.pem -noout -checkend 86400",
            "openssl req -in /tmp/x.csr -noout -text",
            "openssl verify -CAfile /etc/pve/pve-root-ca.pem /etc/pve/local/pve-ssl.pem",
            "openssl version -a",
            "openssl ciphers -v 'HIGH:!aNULL'",
            "openssl dgst -sha256 /tmp/x.iso",
            "openssl crl -in /tmp/x.crl -noout -text",
            "openssl rand -hex 16",
            "openssl list -digest-algorithms",
            "openssl pkcs7 -in /root/certs/chain.p7b -inform DER -print_certs -noout",
            "openssl crl2pkcs7 -nocrl -certfile /etc/ssl/certs/lab.pem",
            "openssl storeutl -noout -certs /etc/ssl/certs/ca-certificates.crt",
            "openssl asn1parse -in /etc/pve/local/pve-ssl.pem",
            "openssl ecparam -list_curves",
        ],
        not: &[
            "openssl",
            "openssl genrsa -out /tmp/k.pem 2048",
            "openssl pkcs12 -info -in /root/certs/unifi.p12 -passin pass:x",
            "openssl pkcs12 -export -in a.pem -inkey k.pem -out x.p12 -nokeys",
            "openssl pkcs7 -in a.p7b -print_certs -out /etc/x",
            "openssl storeutl -keys /root/k.pem",
            // (A secret bag's value is printed whatever `-nokeys` says:
            // OpenSSL 3's `dump_certs_pkeys_bag`; review 141.)
            "openssl pkcs12 -info -in /root/certs/unifi.p12 -nokeys -passin pass:x",
            "openssl storeutl -noout -text /root/certs/lab-bundle.pem",
            "openssl x509 -in a.pem -out b.pem",
            "openssl req -new -newkey rsa:2048 -nodes -keyout /tmp/k -out /tmp/r",
            "openssl s_client -connect example.com:443",
            "openssl rsa -in /tmp/k.pem -noout -text",
            "openssl rsa -in /etc/pve/local/pve-ssl.key -check -noout",
            "openssl pkey -in /etc/ssl/private/nas.key -pubout",
            "openssl rsa -noout -modulus -in /etc/ssl/private/nas.key",
            "openssl rsa -in /etc/ssl/private/nas.key",
            "openssl pkey -in /etc/ssl/private/nas.key -out /tmp/k.pem",
            "openssl rsa -in /etc/ssl/private/nas.key -text -pubout",
            "openssl x509 -in a.pem -noout -text -engine /tmp/e.so",
            "openssl rand -writerand /tmp/r 16",
        ],
    },
];
