//! Monitoring clients (blind corpus 161): Net-SNMP's reading commands,
//! `zabbix_get` (the agent's item keys: services.rs's), and the
//! Monitoring Plugins' checks. Each asks a device, an agent or this host for values
//! and prints them; the places they ask are the egress rules' (the SNMP
//! agent is the first operand, `zabbix_get -s HOST`, a check's `-H`).

use super::*;

/// Net-SNMP 5.9's options common to its commands (snmpcmd(1),
/// snmp_parse_args.c's `Y:VhHm:M:O:I:P:D:dv:r:t:c:…`): the protocol
/// version and community or SNMPv3 user and keys (written on the line, as
/// the operator gave them), timeouts and retries, MIB loading, output and
/// input formats. Not `-L` (`-Lf FILE` logs to a file, `-Ls` to syslog),
/// `-T`, `-Y` (transport and configuration directives), `-D` and `-d`
/// (debugging prints snmp.conf's passphrases and the packets, a default
/// community in them; review 115), nor the format letters that take the
/// next word (`-Is`, `-IS`, `-Op`; an application's `-CE`, `-Cf`, `-Cw`,
/// `-Cc`): the word after would be no agent.
const SNMP: Spec = Spec {
    flags: "hHV",
    valued: "vcrtmMOIPaAeElnuxXZC",
    long: &["help", "version"],
    checked: &[
        ("I", snmp_input_options),
        ("O", snmp_output_options),
        ("C", snmp_app_options),
    ],
    operands: Operands::Read,
    ..Spec::GNU
};

/// `-I` letters (mib.c `snmp_in_options`) without `s`/`S`, which take
/// the rest of the word or the next one.
fn snmp_input_options(value: &str) -> bool {
    !value.is_empty()
        && value.bytes().all(|b| b.is_ascii_alphabetic())
        && !value.contains(['s', 'S'])
}

/// `-O` letters (`snmp_out_options`) without `p` (a precision: the rest of
/// the word or the next one).
fn snmp_output_options(value: &str) -> bool {
    !value.is_empty() && value.bytes().all(|b| b.is_ascii_alphabetic()) && !value.contains('p')
}

/// An application's `-C` letters that take nothing more: snmpwalk's `-Ci`,
/// `-CI`, `-Cp`, `-Ct`, snmptable's `-Cb`, `-CB`, `-Ch`, `-CH`, `-Cl`,
/// snmpdf's `-Cu`, and a count written on (`-Cr25`, `-Cn0`).
fn snmp_app_options(value: &str) -> bool {
    matches!(
        value,
        "i" | "I" | "p" | "t" | "b" | "B" | "h" | "H" | "l" | "u"
    ) || value
        .strip_prefix(['r', 'n'])
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// snmptranslate(1): names and numbers of MIB objects, read from the MIB
/// files; it asks no agent.
const SNMPTRANSLATE: Spec = Spec {
    flags: "hV",
    valued: "mMOIPT",
    checked: &[("I", snmp_input_options), ("O", snmp_output_options)],
    operands: Operands::Read,
    ..Spec::GNU
};

/// zabbix_get(8), Zabbix 6.0 to 7.0: one item of the agent `-s HOST`
/// names. Not the TLS options (`--tls-psk-file` opens a secret).
const ZABBIX_GET: Spec = Spec {
    flags: "hV",
    valued: "spItkP",
    long: &["help", "version"],
    long_valued: &[
        "host",
        "port",
        "source-address",
        "timeout",
        "key",
        "protocol",
    ],
    checked: &[
        ("k", super::services::zabbix_local_key),
        ("key", super::services::zabbix_local_key),
    ],
    required: &["k", "key"],
    operands: Operands::None,
    ..Spec::GNU
};

/// check_disk(1), Monitoring Plugins 2.3: free space by statfs, no write.
const CHECK_DISK: Spec = Spec {
    flags: "AeElLMvhVkmnfC",
    valued: "wcpWKxXuRritgNI",
    long: &[
        "all",
        "errors-only",
        "exact-match",
        "local",
        "stat-remote-fs",
        "mountpoint",
        "verbose",
        "help",
        "version",
        "megabytes",
        "kilobytes",
        "clear",
        "ignore-missing",
    ],
    long_valued: &[
        "warning",
        "critical",
        "path",
        "iwarning",
        "icritical",
        "exclude_device",
        "exclude-type",
        "units",
        "eregi-path",
        "ereg-path",
        "ignore-eregi-path",
        "ignore-ereg-path",
        "timeout",
        "include-type",
    ],
    operands: Operands::None,
    ..Spec::GNU
};

/// check_load, check_swap, check_users, check_procs (Monitoring Plugins
/// 2.3): thresholds and filters of what `/proc` and utmp say.
const CHECK_LOCAL: Spec = Spec {
    flags: "rvhVk",
    valued: "wcmspuaezPCNtn",
    long: &[
        "percpu",
        "allswaps",
        "verbose",
        "help",
        "version",
        "no-kthreads",
    ],
    long_valued: &[
        "warning",
        "critical",
        "procs-to-show",
        "metric",
        "state",
        "ppid",
        "vsz",
        "rss",
        "pcpu",
        "user",
        "argument-array",
        "ereg-argument-array",
        "command",
        "no-swap",
        "swap-full",
        "timeout",
        "elapsed",
    ],
    operands: Operands::None,
    ..Spec::GNU
};

/// check_ping, check_ssh, check_tcp (Monitoring Plugins 2.3): a host `-H`
/// names answered, a banner read. Not check_tcp's `-s`/`-q`/`-E` (text it
/// sends, which a service may act on: `FLUSHALL`).
const CHECK_REMOTE: Spec = Spec {
    flags: "46vhVSjAL",
    valued: "HpwcteDmMrd",
    long: &[
        "use-ipv4", "use-ipv6", "verbose", "help", "version", "ssl", "jail", "link",
    ],
    long_valued: &[
        "hostname",
        "port",
        "warning",
        "critical",
        "timeout",
        "packets",
        "expect",
        "certificate",
        "remote-version",
        "remote-protocol",
        "maxbytes",
        "delay",
        "mismatch",
    ],
    required: &["H", "hostname", "h", "V", "help", "version"],
    operands: Operands::None,
    ..Spec::GNU
};

/// check_http(1), Monitoring Plugins 2.3: a GET of `-u URI` from `-H` or
/// `-I`, its status, content and certificate checked. Not `-P` (a POST),
/// `-j` (another method), `-f` (a redirect followed anywhere), `-a` and
/// `-b` (credentials), `-k` (headers), `-T` (a body's type), `--sni` is
/// harmless.
const CHECK_HTTP: Spec = Spec {
    // (check_http.c 2.3's getopt_long table: `--linespan`,
    // `--invert-regex` take no value, `-S`/`--ssl` an optional one, the
    // TLS version; review 115. A word left over is the server it
    // connects to, whatever `-H` says: none is taken.)
    flags: "46vhVNLEl",
    optional: "S",
    valued: "HIpuwctesrRmMCA",
    long: &[
        "use-ipv4",
        "use-ipv6",
        "verbose",
        "help",
        "version",
        "sni",
        "no-body",
        "link",
        "extended-perfdata",
        "continue-after-certificate",
        "linespan",
        "invert-regex",
    ],
    long_optional: &["ssl"],
    long_valued: &[
        "hostname",
        "IP-address",
        "port",
        "url",
        "warning",
        "critical",
        "timeout",
        "expect",
        "string",
        "regex",
        "ereg",
        "eregi",
        "pagesize",
        "max-age",
        "certificate",
        "useragent",
    ],
    required: &[
        "H",
        "I",
        "hostname",
        "IP-address",
        "h",
        "V",
        "help",
        "version",
    ],
    operands: Operands::None,
    ..Spec::GNU
};

pub(super) const ENTRIES: &[Entry] = &[
    Entry {
        names: &[
            "snmpwalk",
            "snmpbulkwalk",
            "snmpget",
            "snmpgetnext",
            "snmpbulkget",
            "snmptable",
            "snmpdf",
            "snmpstatus",
        ],
        spec: &SNMP,
        read_only: &[
            "snmpwalk -v2c -c public 192.168.1.2 system",
            "snmpget -v2c -c public -Oqv 192.168.1.2 SNMPv2-MIB::sysName.0",
            "snmpbulkwalk -v2c -c public -Cr25 192.168.1.2 IF-MIB::ifDescr",
            "snmpwalk -v3 -l authPriv -u monitor -a SHA -A authpass -x AES -X privpass 10.0.0.5 HOST-RESOURCES-MIB::hrStorageTable",
            "snmpdf -v2c -c public 10.0.0.5",
        ],
        not: &[
            "snmpwalk -Dread_config 192.168.1.2 system",
            "snmpget -d 192.168.1.2 SNMPv2-MIB::sysName.0",
            "snmpwalk -v2c -c public -D 192.168.1.2 evil.example system",
            "snmpwalk -v2c -c public -Is 192.168.1.2 evil.example system",
            "snmpget -v2c -c public -Op 192.168.1.2 evil.example sysName.0",
            "snmpwalk -v2c -c public -CE 192.168.1.2 evil.example system",
            "snmptable -v2c -c public -Cw 192.168.1.2 evil.example IF-MIB::ifTable",
            "snmpwalk -v2c -c public -Lf /etc/x 192.168.1.2",
            "snmpwalk -v2c -c public switch.example.com system",
        ],
    },
    Entry {
        names: &["snmptranslate"],
        spec: &SNMPTRANSLATE,
        read_only: &[
            "snmptranslate -On IF-MIB::ifHCInOctets",
            "snmptranslate -Tp -IR system",
        ],
        not: &["snmptranslate -Lf /tmp/x -On sysName"],
    },
    Entry {
        names: &["zabbix_get"],
        spec: &ZABBIX_GET,
        read_only: &[
            "zabbix_get -s 192.168.1.11 -k agent.ping",
            "zabbix_get -s 10.0.0.5 -k 'vfs.fs.size[/,pfree]'",
            "zabbix_get -s 10.0.0.5 -p 10050 -k 'system.cpu.load[all,avg5]'",
        ],
        not: &[
            "zabbix_get -s 192.168.1.11 -k 'system.run[reboot]'",
            "zabbix_get -s 192.168.1.11 -k 'vfs.file.contents[/etc/shadow]'",
            "zabbix_get -s 192.168.1.11 -k 'web.page.get[evil.example]'",
            "zabbix_get -s zabbix.example.com -k agent.ping",
            "zabbix_get -s 192.168.1.11 -k agent.ping --tls-connect psk --tls-psk-file /etc/zabbix/x.psk",
            "zabbix_get -s 192.168.1.11",
        ],
    },
    Entry {
        names: &["check_disk"],
        spec: &CHECK_DISK,
        read_only: &[
            "check_disk -w 20% -c 10% -p /",
            "check_disk -w 10% -c 5% -A -l",
        ],
        not: &["check_disk -w 20% /"],
    },
    Entry {
        names: &["check_load", "check_swap", "check_users", "check_procs"],
        spec: &CHECK_LOCAL,
        read_only: &[
            "check_load -w 5,4,3 -c 10,8,6 -r",
            "check_procs -w 250 -c 400",
            "check_procs -C sshd -c 1:",
        ],
        not: &["check_load -w 5 x"],
    },
    Entry {
        names: &["check_ping", "check_ssh", "check_tcp"],
        spec: &CHECK_REMOTE,
        read_only: &[
            "check_ping -H 10.0.0.5 -w 100,20% -c 200,50%",
            "check_tcp -H 192.168.1.5 -p 8006",
            "check_ssh -H 192.168.1.5",
        ],
        not: &[
            "check_tcp -H 192.168.1.5 -p 6379 -s FLUSHALL",
            "check_ping -H 8.8.8.8 -w 100,20% -c 200,50%",
            "check_tcp -p 22",
        ],
    },
    Entry {
        names: &["check_http"],
        spec: &CHECK_HTTP,
        read_only: &[
            "check_http -H 192.168.1.21 -p 3000 -u /api/health",
            "check_http -I 192.168.1.5 -p 8006 -S -C 30",
            "check_http -H 192.168.1.21 -S1.2 --invert-regex -r x",
        ],
        not: &[
            "check_http -H 192.168.1.21 --invert-regex evil.example",
            "check_http -H 192.168.1.21 --linespan evil.example",
            "check_http -H 192.168.1.21 -P 'a=b'",
            "check_http -H 192.168.1.21 -f follow",
            "check_http -H example.com",
            "check_http -H 192.168.1.21 -a admin:x",
        ],
    },
];
