//! A home network's own services (blind corpus 94): Pi-hole's FTL
//! (v6), Kea's servers' configuration tests, ISC dhcpd's, dnsmasq's,
//! NTP's query program, Avahi's mDNS browsing and resolving. Each keeps
//! its checks, versions and listings: no daemon started (each of them
//! starts one without its test option), no configuration of another
//! folder, no remote server.

use super::*;

/// A Pi-hole v6 setting that holds no credential: dotted names outside
/// the web server's section (its API password, hash and TOTP secret).
fn ftl_setting(key: &str) -> bool {
    let plain = key
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_'));
    let lower = key.to_ascii_lowercase();
    plain
        && key.contains('.')
        && !lower.starts_with("webserver")
        && !["pass", "hash", "secret", "totp", "token", "key"]
            .iter()
            .any(|w| lower.contains(w))
}

/// pihole-FTL(8), v6: its version, one setting (`--config KEY`; a second
/// word sets it); without any it starts the resolver.
const PIHOLE_FTL: Spec = Spec {
    flags: "vh",
    long: &["version", "help"],
    long_valued: &["config"],
    checked: &[("config", ftl_setting)],
    required: &["v", "h", "version", "help", "config"],
    operands: Operands::None,
    permute: false,
    ..Spec::GNU
};

/// `pihole-FTL regex-test DOMAIN [REGEX]`, `idn DOMAIN`,
/// `dnsmasq-test` (its configuration checked), `version`.
const PIHOLE_FTL_TEST: Spec = Spec {
    operands: Operands::AtMost(2),
    permute: false,
    ..Spec::GNU
};

/// A Kea configuration file in Kea's own folder.
fn kea_config(value: &str) -> bool {
    value.starts_with("/etc/kea/") && value.ends_with(".conf") && plain_path(value)
}

/// kea-dhcp4(8) and its kin, Kea 2.2: `-t FILE` checks a configuration,
/// `-v`/`-V`/`-W` print versions and build; without one the server
/// starts. Not `-T` (it connects to the lease and host databases).
const KEA: Spec = Spec {
    flags: "vVW",
    valued: "t",
    checked: &[("t", kea_config)],
    required: &["v", "V", "W", "t"],
    operands: Operands::None,
    ..Spec::POSIX
};

/// dhcpd's configuration under /etc/dhcp, its leases under /var/lib/dhcp.
fn dhcpd_config(value: &str) -> bool {
    value.starts_with("/etc/dhcp/") && plain_path(value)
}
fn dhcpd_leases(value: &str) -> bool {
    value.starts_with("/var/lib/dhcp/") && plain_path(value)
}

/// dhcpd(8), ISC DHCP 4.4: `-t` checks the configuration, `-T` the
/// leases file, and it exits. Not `-tf` (a trace file), `-pf`, `-play`.
const DHCPD: Spec = Spec {
    flags: "tTq46",
    long: &["version"],
    long_valued: &["cf", "lf"],
    checked: &[("cf", dhcpd_config), ("lf", dhcpd_leases)],
    required: &["t", "T", "version"],
    single_dash_long: true,
    operands: Operands::None,
    ..Spec::POSIX
};

/// dnsmasq(8) 2.89 `--test`: its default configuration checked (not
/// `-C`/`--conf-file`, another one).
const DNSMASQ: Spec = Spec {
    long: &["test", "version", "help"],
    required: &["test", "version", "help"],
    operands: Operands::None,
    ..Spec::GNU
};

/// One of ntpq's reading commands, with plain words after it.
fn ntpq_command(value: &str) -> bool {
    let mut words = value.split_whitespace();
    let reads = words.next().is_some_and(|c| {
        matches!(
            c,
            "peers"
                | "pe"
                | "as"
                | "lpeers"
                | "opeers"
                | "apeers"
                | "associations"
                | "lassociations"
                | "passociations"
                | "readvar"
                | "rv"
                | "clockvar"
                | "cv"
                | "readlist"
                | "rl"
                | "sysinfo"
                | "sysstats"
                | "kerninfo"
                | "iostats"
                | "monstats"
                | "ifstats"
                | "reslist"
                | "authinfo"
                | "timerstats"
                | "version"
                | "pstats"
        )
    });
    reads
        && words.all(|w| {
            w.bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b',' | b'.' | b'_' | b'='))
        })
}

/// ntpq(1), NTPsec/ntp 4.2.8: peers and variables read from a server
/// (`-c` of a reading command; the host is judged where it sends data).
/// Not `-i` (commands from its input), `:config`, `writevar`, `keyid`.
const NTPQ: Spec = Spec {
    flags: "46npw",
    valued: "c",
    checked: &[("c", ntpq_command)],
    // (Without `-c` or `-p` it reads its commands from its input:
    // `:config`, `rv > FILE`; review 82.)
    required: &["c", "p"],
    // (Options before the host only: whether a later `-c` is read as one
    // depends on the build; review 82.)
    permute: false,
    operands: Operands::AtMost(1),
    ..Spec::GNU
};

/// A name Avahi resolves on the local link: `.local` (any other goes
/// to the unicast DNS servers, and on outside the lab; review 82), or a
/// link-local address (any other's reverse name goes there too; review
/// 84).
fn link_local_name(value: &str) -> bool {
    let name = value.strip_suffix('.').unwrap_or(value);
    let link_local = match value.parse::<std::net::IpAddr>() {
        Ok(std::net::IpAddr::V4(v4)) => v4.is_link_local(),
        Ok(std::net::IpAddr::V6(v6)) => v6.is_unicast_link_local(),
        Err(_) => false,
    };
    name == "local"
        || link_local
        || (name.ends_with(".local")
            && name
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-')))
}

/// A service type to browse for (`_ipp._tcp`, a subtype
/// `_printer._sub._http._tcp`), with no domain after it.
fn service_type(value: &str) -> bool {
    let labels: Vec<&str> = value.split('.').collect();
    let label = |l: &str| {
        l.len() > 1
            && l.starts_with('_')
            && l[1..]
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-')
    };
    let protocol = labels.last().is_some_and(|l| matches!(*l, "_tcp" | "_udp"));
    protocol
        && labels.iter().all(|l| label(l))
        && (labels.len() == 2 || (labels.len() == 4 && labels[1] == "_sub"))
}

/// avahi-browse(1), Avahi 0.8: services announced on the local link.
const AVAHI_BROWSE: Spec = Spec {
    flags: "abcDfhklprtvV",
    valued: "d",
    checked: &[("d", link_local_name), ("domain", link_local_name)],
    long: &[
        "all",
        "resolve",
        "terminate",
        "parsable",
        "no-db-lookup",
        "ignore-local",
        "verbose",
        "cache",
        "browse-domains",
        "no-fail",
        "dump-db",
        "help",
        "version",
    ],
    long_valued: &["domain"],
    operands: Operands::Names {
        at_most: 1,
        test: service_type,
    },
    ..Spec::GNU
};

/// avahi-resolve(1): a `.local` name's address, or an address's name.
const AVAHI_RESOLVE: Spec = Spec {
    flags: "naf46vhV",
    long: &["name", "address", "verbose", "help", "version"],
    operands: Operands::Names {
        at_most: 4,
        test: link_local_name,
    },
    ..Spec::GNU
};

/// avahi-daemon(8) `--check`: whether it runs (and its version).
const AVAHI_DAEMON: Spec = Spec {
    flags: "cVh",
    long: &["check", "version", "help"],
    required: &["c", "V", "h", "check", "version", "help"],
    operands: Operands::None,
    ..Spec::GNU
};

/// OpenWrt's UCI packages whose options hold no credential (Wi-Fi keys
/// live in `wireless`, PPPoE and WireGuard keys in `network`, logins in
/// `rpcd`, `ddns`, `openvpn`, `mwan3`'s none but kept out as unread).
const UCI_PLAIN_PACKAGES: &[&str] = &[
    "dhcp",
    "firewall",
    "system",
    "fstab",
    "luci",
    "uhttpd",
    "dropbear",
    "sqm",
    "upnpd",
    "ucitrack",
    "irqbalance",
];

/// A UCI path (`PACKAGE[.SECTION[.OPTION]]`, sections as names or
/// `@type[N]`) printing no credential: a package of
/// [`UCI_PLAIN_PACKAGES`], or one option whose name names no secret
/// (`wireless.radio0.channel`, never `wireless.wifinet0.key`).
fn uci_path(value: &str) -> bool {
    let plain = value
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-' | b'@' | b'[' | b']'));
    let parts: Vec<&str> = value.split('.').collect();
    let secret_word = |part: &str| {
        let lower = part.to_ascii_lowercase();
        // (`r0kh`/`r1kh` hold 802.11r's key, `pincode` a SIM's PIN, SNMP's
        // `community` its password; review 91.)
        [
            "key",
            "pass",
            "secret",
            "psk",
            "token",
            "auth",
            "identity",
            "private",
            "cert",
            "sae",
            "kh",
            "pin",
            "community",
            "hash",
            "cred",
            "otp",
            "wep",
        ]
        .iter()
        .any(|w| lower.contains(w))
    };
    plain
        && !parts.iter().any(|p| p.is_empty())
        && (UCI_PLAIN_PACKAGES.contains(&parts[0]) || (parts.len() == 3 && !secret_word(parts[2])))
}

/// uci(1), OpenWrt 23.05: `get PATH` and `show [PATH]` of paths that
/// print no credential ([`uci_path`]); `-q` (quiet), `-X` (no extended
/// names), `-n`/`-N` (names for anonymous sections). Not `-c DIR`, `-p`,
/// `-P` (another configuration folder, or a save folder it writes to),
/// `-f FILE` (batch commands), `changes` and `export` (pending values,
/// whole packages).
const UCI: Spec = Spec {
    flags: "qXnN",
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "get|show",
            spec: Some(&UCI_PATH),
        }],
        bare_ok: false,
    },
    ..Spec::POSIX
};
const UCI_PATH: Spec = Spec {
    operands: Operands::Exactly {
        count: 1,
        test: uci_path,
    },
    ..Spec::POSIX
};

/// opkg(1), OpenWrt 23.05: the package lists and details it keeps
/// (`list`, `list-installed`, `list-upgradable`, `info`, `status`,
/// `files`, `search`, `whatdepends`, `depends`, `find`, `print-architecture`).
/// Not `update` (downloads lists), `install`, `remove`, `upgrade`,
/// `flag`, `configure`; not `--conf`, `--offline-root`, `-o`.
const OPKG: Spec = Spec {
    flags: "A",
    long: &["nocase"],
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "list|list-installed|list-upgradable|info|status|files|search|whatdepends|whatprovides|depends|find|print-architecture",
            spec: None,
        }],
        bare_ok: false,
    },
    ..Spec::POSIX
};

/// iwinfo(8), OpenWrt 23.05: a radio's state (`info`, `assoclist`,
/// `txpowerlist`, `freqlist`, `countrylist`, `htmodelist`), or `info` of
/// every radio without a device. Not `scan` (takes the radio off its
/// channel while it scans).
const IWINFO: Spec = Spec {
    operands: Operands::Names {
        at_most: 2,
        test: iwinfo_word,
    },
    ..Spec::POSIX
};

/// iwinfo picks its command by the word's first letter (`s`, `sc`,
/// `survey` all scan; review 91): no word starting with `s`.
fn iwinfo_word(value: &str) -> bool {
    value
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_'))
        && !value.starts_with(['s', 'S'])
}

/// fw4(8), OpenWrt 23.05: `print` and `check` render the nftables
/// ruleset from the configuration without loading it.
const FW4: Spec = Spec {
    flags: "q",
    operands: Operands::Exactly {
        count: 1,
        test: |v| matches!(v, "print" | "check"),
    },
    ..Spec::POSIX
};

#[rustfmt::skip]
pub(super) const ENTRIES: &[Entry] = &[
    Entry {
        names: &["uci"],
        spec: &UCI,
        read_only: &["uci show dhcp", "uci show firewall", "uci -q get network.lan.ipaddr", "uci get wireless.default_radio0.ssid", "uci show 'system.@system[0].hostname'"],
        not: &["uci show network", "uci show wireless", "uci get wireless.default_radio0.key", "uci get network.wg0.private_key", "uci changes", "uci commit", "uci set network.lan.ipaddr=10.0.0.1", "uci -c /tmp show dhcp", "uci show", "uci export wireless", "uci get network.wan.password"],
    },
    Entry {
        names: &["opkg"],
        spec: &OPKG,
        read_only: &["opkg list-installed", "opkg list-upgradable", "opkg info wireguard-tools", "opkg files luci"],
        not: &["opkg update", "opkg install tcpdump", "opkg remove luci", "opkg upgrade busybox", "opkg -o /tmp list"],
    },
    Entry {
        names: &["iwinfo"],
        spec: &IWINFO,
        read_only: &["iwinfo", "iwinfo wlan0 assoclist", "iwinfo phy0-ap0 info", "iwinfo wlan1 txpowerlist"],
        not: &["iwinfo wlan0 scan", "iwinfo wlan0 info extra more", "iwinfo wlan0 s", "iwinfo wlan0 survey"],
    },
    Entry {
        names: &["fw4"],
        spec: &FW4,
        read_only: &["fw4 print", "fw4 check", "fw4 -q print"],
        not: &["fw4 reload", "fw4 restart", "fw4 flush", "fw4 start", "fw4"],
    },
    Entry {
        names: &["pihole-FTL"],
        spec: &PIHOLE_FTL,
        read_only: &["pihole-FTL -vv", "pihole-FTL --config dns.upstreams", "pihole-FTL --version"],
        not: &[
            "pihole-FTL",
            "pihole-FTL --config dns.upstreams 9.9.9.9",
            "pihole-FTL --config webserver.api.pwhash",
            "pihole-FTL --config webserver",
            "pihole-FTL --config dns",
            "pihole-FTL sqlite3 /etc/pihole/gravity.db 'DELETE FROM adlist'",
            "pihole-FTL no-daemon",
        ],
    },
    Entry {
        names: &["pihole-FTL regex-test", "pihole-FTL idn", "pihole-FTL dnsmasq-test", "pihole-FTL version"],
        spec: &PIHOLE_FTL_TEST,
        read_only: &["pihole-FTL regex-test ads.tracker.example.com", "pihole-FTL dnsmasq-test", "pihole-FTL idn bücher.example"],
        not: &["pihole-FTL regex-test a b c", "pihole-FTL dnsmasq-test --bogus"],
    },
    Entry {
        names: &["kea-dhcp4", "kea-dhcp6", "kea-dhcp-ddns", "kea-ctrl-agent"],
        spec: &KEA,
        read_only: &["kea-dhcp4 -t /etc/kea/kea-dhcp4.conf", "kea-dhcp6 -V", "kea-ctrl-agent -t /etc/kea/kea-ctrl-agent.conf"],
        not: &["kea-dhcp4 -c /etc/kea/kea-dhcp4.conf", "kea-dhcp4 -t /tmp/x.conf", "kea-dhcp4 -T /etc/kea/kea-dhcp4.conf", "kea-dhcp4"],
    },
    Entry {
        names: &["dhcpd"],
        spec: &DHCPD,
        read_only: &["dhcpd -t -cf /etc/dhcp/dhcpd.conf", "dhcpd -t -6 -cf /etc/dhcp/dhcpd6.conf", "dhcpd -T -lf /var/lib/dhcp/dhcpd.leases"],
        not: &["dhcpd", "dhcpd -t -cf /tmp/x.conf", "dhcpd -t -tf /tmp/trace", "dhcpd -cf /etc/dhcp/dhcpd.conf eth0"],
    },
    Entry {
        names: &["dnsmasq"],
        spec: &DNSMASQ,
        read_only: &["dnsmasq --test", "dnsmasq --version"],
        not: &["dnsmasq", "dnsmasq --test -C /tmp/x.conf", "dnsmasq --test --conf-file=/tmp/x"],
    },
    Entry {
        names: &["ntpq"],
        spec: &NTPQ,
        read_only: &["ntpq -p", "ntpq -pn", "ntpq -c rv", "ntpq -c 'rv 0 stratum,offset,sys_jitter'", "ntpq -c as localhost", "ntpq -pn localhost"],
        not: &["ntpq", "ntpq -n localhost", "ntpq -w", "ntpq -p evil.example", "ntpq -c ':config restrict default ignore'", "ntpq -c 'writevar 0 x=1'", "ntpq -i", "ntpq -c 'rv; keyid 1'"],
    },
    Entry {
        names: &["avahi-browse"],
        spec: &AVAHI_BROWSE,
        read_only: &["avahi-browse -art", "avahi-browse -trp _ipp._tcp"],
        not: &["avahi-browse -a -x", "avahi-browse -a -d evil.example", "avahi-browse _http._tcp.evil.example x"],
    },
    Entry {
        names: &["avahi-resolve", "avahi-resolve-host-name", "avahi-resolve-address"],
        spec: &AVAHI_RESOLVE,
        read_only: &["avahi-resolve -n nas.local", "avahi-resolve-address 169.254.10.20"],
        not: &["avahi-resolve -n nas.local --bogus", "avahi-resolve -n evil.example", "avahi-resolve-host-name www.evil.example", "avahi-resolve -a 8.8.8.8", "avahi-resolve-address 192.168.1.20"],
    },
    Entry {
        names: &["avahi-daemon"],
        spec: &AVAHI_DAEMON,
        read_only: &["avahi-daemon --check", "avahi-daemon -c"],
        not: &["avahi-daemon", "avahi-daemon -D", "avahi-daemon -k", "avahi-daemon -r"],
    },
];
