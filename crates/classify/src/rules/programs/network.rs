//! The rules for interfaces, sockets, fetches, TLS, firewalls and packet
//! capture: each arm judges one program (or family) by its flags and
//! subcommands. Part of [`super::specific`].

use super::*;

/// Judges `name args…` if it is one of this family's programs.
pub(super) fn judge(_w: &mut Walker, name: &str, args: &[Arg], _depth: usize) -> Option<Verdict> {
    let ro = |why: &str| Verdict::read_only(format!("`{name}` {why}"));
    let mu = |why: &str| Verdict::mutation(format!("`{name}` {why}"));
    let de = |why: &str| Verdict::destructive(format!("`{name}` {why}"));
    let verb = |values: &[&str]| positionals(args, values).first().copied();
    Some(match name {
        // (Not with `-n`/`--no-act`, which only prints what it would
        // do, as ifup's; review 139.)
        "ifdown" if !crate::tables::proves_read_only(name, args) => {
            de("takes a network interface down")
        }
        // (Without `-r` or `-D` tshark captures, through dumpcap, which
        // writes the packets to a temporary file; blind corpus 217.)
        "tshark"
            if !has_flag(args, "D", &["list-interfaces"])
                && option_value(args, &["-r", "--read-file", "-G"]).is_none() =>
        {
            mu("captures from an interface (dumpcap writes the packets to a temporary file)")
        }
        // ifupdown2's ifreload(8) applies the whole interfaces file at once:
        // a mistake in it cuts the host off the network (its `-s`/`--syntax-check`
        // only checks the file).
        "ifreload" if !has_flag(args, "sn", &["syntax-check", "no-act"]) => {
            de("applies every interface's configuration, which can cut the host off the network")
        }
        "wg-quick" if verb(&[]).and_then(Arg::literal) == Some("down") => {
            de("takes a WireGuard tunnel down")
        }
        // (getopt_long: `--k`, `--ki`, `--kil` are `--kill`.)
        "ss" => either(
            has_flag(args, "K", &["kill"])
                || args
                    .iter()
                    .filter_map(Arg::literal)
                    .any(|w| abbreviates(w, "kill")),
            de("kills sockets"),
            ro("lists sockets"),
        ),
        "wget" => {
            let to_stdout = matches!(
                option_value(args, &["-O", "--output-document"]).as_deref(),
                Some("-" | "/dev/null")
            ) || args
                .iter()
                .filter_map(Arg::literal)
                .any(|a| a == "-qO-" || a == "-O-");
            let lits: Vec<&str> = args.iter().filter_map(Arg::literal).collect();
            // wget(1): it rewrites its HSTS database (`~/.wget-hsts`) after
            // an https fetch unless `--no-hsts` (review 47), an http one
            // too when redirected to https (review 48); not for an address,
            // which HSTS never notes (RFC 6797, 8.1).
            let address_only = |w: &str| {
                w.to_ascii_lowercase()
                    .strip_prefix("http://")
                    .is_some_and(|rest| {
                        let host = crate::egress::host_of(rest);
                        host.parse::<std::net::IpAddr>().is_ok() || host == "localhost"
                    })
            };
            // (A URL: a scheme, or a host's name without one, `nas/x`.)
            let url_like = |w: &str| {
                w.contains("://")
                    || (!w.starts_with('/') && !w.contains(' ') && w.contains(['.', '/', ':']))
            };
            let hsts = !has_flag(args, "", &["no-hsts"])
                && args.iter().any(|a| {
                    !a.raw().starts_with('-')
                        && a.literal().is_none_or(|w| url_like(w) && !address_only(w))
                });
            if let Some(why) = super::curl::api_reveals(&lits) {
                mu(why)
            } else if let Some(loses) =
                super::curl::acts_on_get(&args.iter().map(Arg::raw).collect::<Vec<_>>())
            {
                if loses {
                    de(
                        "asks a device or service to switch off, reset or restart (it acts on a GET)",
                    )
                } else {
                    mu("asks a device or service to act (on a GET)")
                }
            } else if hsts {
                mu(
                    "rewrites its HSTS database (`~/.wget-hsts`) after an https fetch, unless `--no-hsts`",
                )
            } else if has_flag(args, "", &["spider"]) || to_stdout {
                ro("fetches a URL without saving it")
            } else {
                mu("downloads a file")
            }
        }
        // OpenSSL 3's loaders fetch `http://` names (`x509 -in`, `crl -in`,
        // `verify CERT`): a place the egress rules never see.
        "openssl" if args.iter().any(|a| a.raw().contains("://")) => {
            mu("loads a certificate or list from a URL, a place it sends a request to")
        }
        "openssl" => either(
            args.iter()
                .filter_map(Arg::literal)
                .any(|a| a == "-out" || a == "-keyout"),
            mu("writes files"),
            ro("inspects certificates or keys"),
        ),
        "ip" => {
            let object = verb(&[
                "-n", "-netns", "-f", "-family", "-b", "-batch", "-rc", "-l", "-loops",
            ]);
            let rest: Vec<&str> = args
                .iter()
                .filter_map(Arg::literal)
                .filter(|a| !a.starts_with('-'))
                .collect();
            // (`ip xfrm state|policy ACTION`: the action is the third
            // word; blind corpus 84.)
            let xfrm = object
                .and_then(Arg::literal)
                .is_some_and(|o| !o.is_empty() && "xfrm".starts_with(o));
            let action = rest.get(if xfrm { 2 } else { 1 }).copied();
            if first_dynamic(args).is_some() {
                return Some(mu("has arguments only known at run time"));
            }
            // (xfrm matches its actions by prefix, in order: `f`, `fl`
            // are `flush`; `delall` is `deleteall`; review 73.)
            let xfrm_loses = xfrm
                && action.is_some_and(|a| {
                    !a.is_empty()
                        && ("flush".starts_with(a)
                            || a == "delall"
                            || (a.len() >= 2 && "deleteall".starts_with(a)))
                });
            if xfrm_loses {
                return Some(de("removes IPsec SAs or policies"));
            }
            // (`s`, `l` and `g` are show, list and get for every object
            // but link (where `s` is `set`): iproute2 checks the changing
            // verbs first and none starts so; review 139.)
            let abbreviated_read = object.and_then(Arg::literal).is_some_and(|o| {
                !o.is_empty()
                    && !"link".starts_with(o)
                    && [
                        "route",
                        "address",
                        "neighbour",
                        "neigh",
                        "rule",
                        "maddress",
                        "tunnel",
                        "netns",
                        "tuntap",
                        "nexthop",
                        "vrf",
                        "mroute",
                    ]
                    .iter()
                    .any(|x| x.starts_with(o))
            }) && matches!(action, Some("s" | "l" | "g"));
            if abbreviated_read {
                return Some(ro("shows network state"));
            }
            match (object.and_then(Arg::literal), action) {
                (None, _) => ro("prints usage"),
                (Some("mo" | "mon" | "monitor"), _) => ro("watches network events"),
                // `ip address s` is `show` (ipaddress.c).
                (Some("a" | "ad" | "addr" | "address"), Some("s")) => ro("shows addresses"),
                (
                    _,
                    None
                    | Some(
                        "show" | "list" | "lst" | "ls" | "sh" | "get" | "monitor" | "help"
                        | "count",
                    ),
                ) => ro("shows network state"),
                (_, Some("del" | "delete" | "flush" | "deleteall")) => {
                    de("removes network configuration")
                }
                _ if rest.contains(&"down") => de("takes a link down"),
                _ => mu("changes network configuration"),
            }
        }
        "iptables" | "ip6tables" | "iptables-legacy" | "iptables-nft" | "ip6tables-legacy"
        | "ip6tables-nft" | "ebtables" | "arptables" | "ebtables-nft" | "ebtables-legacy"
        | "arptables-nft" | "arptables-legacy" => {
            let lits: Vec<&str> = args.iter().filter_map(Arg::literal).collect();
            let drops = has_flag(args, "P", &["policy"])
                && lits.iter().any(|a| matches!(*a, "DROP" | "REJECT"));
            // (ebtables' `--init-table`: every rule and chain of the table
            // gone, as a flush; `--atomic-commit`: the table replaced by a
            // file's; getopt_long takes them by any unique prefix, `--init`;
            // blind corpus 143, review 106.)
            // (Long options by any prefix, as getopt_long takes them:
            // `--fl`, `--delete-c`, `--pol`; review 107.)
            let long = |name: &str| lits.iter().any(|w| long_prefix(w, name));
            let drops =
                drops || (long("policy") && lits.iter().any(|a| matches!(*a, "DROP" | "REJECT")));
            let replaces = long("init-table")
                || long("atomic-commit")
                // (`--atomic-save`/`--atomic-init` without `--atomic-file`
                // write the file `EBTABLES_ATOMIC_FILE` names.)
                || ((long("atomic-save") || long("atomic-init")) && !long("atomic-file"));
            if has_flag(args, "FXD", &[])
                || ["flush", "delete-chain", "delete"].iter().any(|n| long(n))
                || drops
                || replaces
            {
                de("flushes, deletes or blocks firewall rules")
            } else if has_flag(args, "LSC", &["list", "list-rules", "check"])
                && !has_flag(args, "Z", &["zero"])
            {
                ro("lists firewall rules")
            } else {
                mu("changes firewall rules")
            }
        }
        // nft(8) joins its words into one line, where `;` ends a command:
        // each command is judged (`nft list ruleset ';' flush ruleset`).
        "nft" if nft_later_command_loses(args) => de("removes firewall rules"),
        "nft" => {
            let lits: Vec<&str> = args
                .iter()
                .filter_map(Arg::literal)
                .filter(|a| !a.starts_with('-'))
                .collect();
            match lits.first() {
                None => either(
                    has_flag(args, "f", &["file"]),
                    mu("loads a ruleset"),
                    ro("prints usage"),
                ),
                Some(&"list") => ro("lists the ruleset"),
                // (`monitor [new|destroy] [tables|…|trace|ruleset]`: the
                // changes and traced packets as they come.)
                Some(&"monitor") => ro("prints the ruleset's events as they come"),
                Some(&"describe") => ro("describes a selector's type"),
                Some(&("flush" | "delete" | "destroy")) => de("removes firewall rules"),
                _ => mu("changes firewall rules"),
            }
        }
        "ufw"
            if verb(&[]).and_then(Arg::literal) == Some("default")
                && args
                    .iter()
                    .filter_map(Arg::literal)
                    .any(|a| matches!(a, "deny" | "reject")) =>
        {
            de("blocks traffic by default, which can cut off SSH")
        }
        "ufw" => by_verb(
            name,
            verb(&[]),
            &["status", "show", "version", "help", "app"],
            &["reset", "delete"],
        ),
        "tcpdump" => either(
            has_flag(args, "w", &[]),
            mu("writes a capture file"),
            ro("watches traffic"),
        ),
        // (Without a host on the line, fping reads the hosts to probe from
        // its input: where it connects is not on the card.)
        "fping" => either(
            crate::tables::operands(name, args).is_empty(),
            mu("reads the hosts it probes from its input"),
            ro("probes hosts"),
        ),
        "nc" | "ncat" | "netcat" => either(
            has_flag(args, "z", &["zero"]),
            ro("probes a port"),
            mu("opens a raw connection that can send data"),
        ),
        // vtysh(1), FRR 8: `-c` commands. `show …` only reports (not the
        // running or startup configuration: BGP and OSPF passwords); a
        // routing process removed, a hard clear of every session or the
        // configuration erased loses routes; anything else changes them.
        // Without `-c` it reads commands from its input.
        // (vtysh writes every `-c` command to its history file,
        // `~/.history_frr`, unless `-H /dev/null` or `VTYSH_HISTFILE=/dev/
        // null`; review 66.)
        "vtysh" => match vtysh(args) {
            Vtysh::Shows
                if !(args.windows(2).any(|p| {
                    matches!(p[0].literal(), Some("-H" | "--histfile"))
                        && p[1].literal() == Some("/dev/null")
                }) || args
                    .iter()
                    .any(|a| a.literal() == Some("--histfile=/dev/null"))
                    || _w.prefix_env.iter().any(|(n, v)| {
                        n == "VTYSH_HISTFILE" && v.as_deref() == Some("/dev/null")
                    })) =>
            {
                mu("writes the commands to its history file (`-H /dev/null` writes none)")
            }
            Vtysh::Shows => ro("shows FRR's state"),
            Vtysh::Loses => {
                de("removes a routing process, clears every session or erases the configuration")
            }
            Vtysh::Changes => mu("sends FRR commands that change routing"),
            Vtysh::Reveals => reads_secret(
                "FRR's running or startup configuration, whose neighbours' passwords it prints",
            ),
        },
        // (`--` starts another command of ovs-vsctl's own, which its
        // table does not read: `list-br -- show`; review 66.)
        "ovs-vsctl" if args.iter().any(|a| a.literal() == Some("--")) => {
            mu("runs further commands after `--`")
        }
        // (Without `-l`/`-L` it adds the default keys to the agent.)
        "ssh-add" => either(
            has_flag(args, "lL", &[]),
            ro("lists the agent's keys"),
            mu("adds keys to the agent"),
        ),
        "ssh-keygen" => either(
            // (`-L` shows a certificate, `-r` prints SSHFP records: both
            // in its table; blind corpus 68.)
            has_flag(args, "lFyBDLrQ", &[]) && !has_flag(args, "R", &[]),
            ro("inspects keys"),
            mu("changes keys or known hosts"),
        ),
        _ => return None,
    })
}

/// What a vtysh line does, by its `-c` commands.
enum Vtysh {
    Shows,
    Reveals,
    Changes,
    Loses,
}

fn vtysh(args: &[Arg]) -> Vtysh {
    let lits: Vec<&str> = args.iter().filter_map(Arg::literal).collect();
    let mut commands = Vec::new();
    let mut i = 0;
    while i < lits.len() {
        match lits[i] {
            "-c" | "--command" => {
                commands.extend(lits.get(i + 1).map(|c| c.to_ascii_lowercase()));
                i += 2;
            }
            // (Which daemon, the history file; nothing else.)
            "-d" | "--daemon" | "-N" | "--pathspace" | "-H" | "--histfile" => i += 2,
            "--histfile=/dev/null" => i += 1,
            "-u" | "--user" | "-w" | "--writeconfig" => {
                return Vtysh::Changes;
            }
            w if w.starts_with('-') => return Vtysh::Changes,
            _ => return Vtysh::Changes,
        }
    }
    if args.iter().any(Arg::is_dynamic) || commands.is_empty() {
        return Vtysh::Changes;
    }
    let loses = commands.iter().any(|c| {
        let words: Vec<&str> = c.split_whitespace().collect();
        let joined = words.join(" ");
        // (Any prefix FRR takes: `wr erase`, `era start`; review 66.)
        let erase = words
            .first()
            .is_some_and(|w| w.len() >= 3 && "erase".starts_with(w))
            || (words
                .first()
                .is_some_and(|w| w.len() >= 2 && "write".starts_with(w))
                && words
                    .get(1)
                    .is_some_and(|w| w.len() >= 3 && "erase".starts_with(w)));
        joined.contains("no router")
            || erase
            // (An interface or a neighbour shut down: its traffic or its
            // routes are gone until someone undoes it.)
            || (words.last() == Some(&"shutdown") && words.first() != Some(&"no"))
            || c.starts_with("erase")
            || (words.first() == Some(&"clear") && words.contains(&"*") && !words.contains(&"soft"))
    });
    if loses {
        return Vtysh::Loses;
    }
    // (The state's families, by their full names: FRR takes any unique
    // prefix (`sh ru` is the running configuration), and `show mgmt`,
    // `show yang` print or write the configuration; review 65.)
    const FAMILIES: &[&str] = &[
        "bgp",
        "ip",
        "ipv6",
        "evpn",
        "interface",
        "vrf",
        "version",
        "ospf",
        "ospf6",
        "bfd",
        "pim",
        "mpls",
        "nexthop-group",
        "zebra",
        "l2vpn",
        "memory",
        "vni",
        "route-map",
        "vrrp",
        "babel",
        "rip",
        "ripng",
        "segment-routing",
        "srv6",
    ];
    let show = |c: &String| {
        let words: Vec<&str> = c.split_whitespace().collect();
        matches!(words.first(), Some(&("show" | "sho" | "sh")))
    };
    let plain_show = |c: &String| {
        let words: Vec<&str> = c.split_whitespace().collect();
        words.get(1).is_some_and(|w| FAMILIES.contains(w))
            && !c.contains(['|', ';', '\n'])
            && !words
                .iter()
                .any(|w| matches!(*w, "file" | "with-config" | "mgmt" | "yang"))
    };
    if !commands.iter().all(show) {
        Vtysh::Changes
    } else if commands.iter().all(plain_show) {
        Vtysh::Shows
    } else {
        // (Any other `show`: the running configuration by any prefix,
        // `show mgmt`, `show yang … with-config`; review 65.)
        Vtysh::Reveals
    }
}

/// Whether nft's line may flush, delete or destroy past its first word:
/// a later command on the joined line (`;` or a line break ends one, a
/// word after `--` is part of it), a JSON command (`-j`), a file it
/// includes (`include "/etc/nftables.conf"` starts with `flush
/// ruleset`), commands read from its input (`-i`), or a word only known
/// at run time (a `;` in a variable); review 106.
fn nft_later_command_loses(args: &[Arg]) -> bool {
    let dynamic = args.iter().any(|a| a.literal().is_none());
    let lits: Vec<&str> = args.iter().filter_map(Arg::literal).collect();
    let ended = lits.iter().position(|a| *a == "--").unwrap_or(lits.len());
    // (An option by its letter in a cluster, or by any prefix of its
    // long name, `--inter`, `--js`, `--fil`; review 107.)
    let option = |letter: char, name: &str| {
        lits[..ended].iter().any(|a| {
            long_prefix(a, name)
                || (a.starts_with('-') && !a.starts_with("--") && a.contains(letter))
        })
    };
    let interactive = option('i', "interactive");
    let json = option('j', "json");
    let file = option('f', "file");
    // (Every word after `--` is part of the line; before it, a word with
    // a blank, `;` or a brace is too.)
    let words = lits
        .iter()
        .enumerate()
        .filter(|(at, a)| {
            *at > ended
                || !a.starts_with('-')
                || a.contains(char::is_whitespace)
                || a.contains([';', '{'])
        })
        .map(|(_, a)| *a)
        .collect::<Vec<_>>()
        .join(" ")
        .to_ascii_lowercase();
    // (JSON escapes spell any word: `\u0066lush`.)
    let escaped = json && words.contains('\\');
    let verbs = |text: &str| {
        text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .filter(|w| !w.is_empty())
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    // (Each command's first word; in JSON any word, `{"flush": …}`.)
    let loses = words.split([';', '\n']).any(|command| {
        let words = verbs(command);
        words
            .first()
            .is_some_and(|w| matches!(w.as_str(), "flush" | "delete" | "destroy" | "include"))
            || (json
                && words
                    .iter()
                    .any(|w| matches!(w.as_str(), "flush" | "delete" | "destroy")))
    });
    // (`-c`/`--check`: nothing is committed, whatever the line holds.)
    !option('c', "check") && (dynamic || interactive || loses || escaped || file)
}

/// Whether `word` is `--` and a prefix of the long option `name` (of two
/// letters or more, or the whole name), as getopt_long takes it.
fn long_prefix(word: &str, name: &str) -> bool {
    word.strip_prefix("--")
        .map(|w| w.split('=').next().unwrap_or(w))
        .is_some_and(|w| (w.len() >= 2 || w == name) && name.starts_with(w))
}
