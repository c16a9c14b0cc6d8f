//! Identity and secrets stores asked only to report (blind corpus 68):
//! HashiCorp Vault 1.15's and OpenBao 2's CLI (status, mounts, policies,
//! key names, PKI's public certificates; never a secret's value, a
//! token's own id, a wrapped response or a curl string holding the
//! token), MIT Kerberos 1.20's `klist` (principals and times; not `-K`,
//! the keys), OpenSSH 9.2's `ssh-add -l`/`-L` (the agent's public keys),
//! OpenLDAP 2.5's `ldapsearch` (named attributes, none a password's; the
//! rules screen them) and `ldapwhoami`, smallstep's `step certificate
//! inspect|fingerprint|verify|needs-renewal` of files.
//! Where each connects (`-address`, `-H`, `--ca-url`) is `egress`'s.

use super::*;

/// Vault's flags every command takes (Go's flag package: one dash or
/// two, `-name=value` or `-name value`; flags end at the first operand).
/// Not `-wrap-ttl` (wraps the answer: a token made), `-output-curl-string`
/// (prints the token), `-output-policy`, `-client-key`, `-mfa`.
const VAULT_FLAGS: Spec = Spec {
    single_dash_long: true,
    permute: false,
    long: &[
        "detailed",
        "tls-skip-verify",
        "non-interactive",
        "help",
        "h",
    ],
    long_valued: &[
        "address",
        "ca-cert",
        "ca-path",
        "namespace",
        "ns",
        "format",
        "field",
        "mount",
        "tls-server-name",
    ],
    operands: Operands::None,
    ..Spec::GNU
};

const VAULT_ONE: Spec = Spec {
    operands: Operands::AtMost(1),
    ..VAULT_FLAGS
};

const VAULT_TWO: Spec = Spec {
    operands: Operands::AtMost(2),
    ..VAULT_FLAGS
};

/// `vault list PATH`: key names; not token accessors (each one looks up
/// or revokes a token; review 64), nor lease ids (each one renews or
/// revokes a lease, `sys/leases/lookup/…`; review 141).
const VAULT_LIST: Spec = Spec {
    operands: Operands::Names {
        at_most: 1,
        test: |path| {
            let lower = path.to_ascii_lowercase();
            !lower.contains("accessors") && !lower.contains("leases")
        },
    },
    ..VAULT_FLAGS
};

/// `vault read PATH` of a path that answers with no secret
/// ([`vault_public_path`]).
const VAULT_READ: Spec = Spec {
    operands: Operands::Names {
        at_most: 1,
        test: vault_public_path,
    },
    ..VAULT_FLAGS
};

/// Paths whose read answers with no secret and changes nothing: the
/// store's health, seal state, leader, mounts and policies; identities'
/// entities and groups. Not `pki/crl/rotate` (a read that rotates),
/// `database/creds/…` (a read that makes credentials), any KV, nor a
/// PKI mount's certificates (a mount's name says nothing of its kind).
fn vault_public_path(path: &str) -> bool {
    let path = path.trim_start_matches('/').trim_end_matches('/');
    let parts: Vec<&str> = path.split('/').collect();
    let plain = path
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'/' | b'_' | b'-' | b':' | b'.'))
        && !parts
            .iter()
            .any(|p| p.is_empty() || *p == "." || *p == "..");
    plain
        && match parts.as_slice() {
            [
                "sys",
                "health" | "seal-status" | "leader" | "mounts" | "auth" | "host-info" | "ha-status"
                | "key-status" | "version-history" | "policy" | "policies",
            ] => true,
            ["sys", "policy", _] | ["sys", "policies", "acl"] | ["sys", "policies", "acl", _] => {
                true
            }
            ["identity", "entity" | "group", "name" | "id", _] => true,
            // (Not a PKI mount's paths by their shape: a KV mount may be
            // named `pki_old`, and `pki_old/cert/db` is then a secret;
            // review 64.)
            _ => false,
        }
}

verbs_then!(VAULT_LISTS, "list", VAULT_FLAGS, false);
verbs_then!(VAULT_POLICY, "list|read", VAULT_ONE, false);
verbs_then!(VAULT_KV_METADATA, "get", VAULT_ONE, false);
verbs_then!(VAULT_RAFT, "list-peers", VAULT_FLAGS, false);
verbs_then!(VAULT_TOKEN, "capabilities", VAULT_TWO, false);

const VAULT_KV: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "list",
                spec: Some(&VAULT_ONE),
            },
            Verb {
                names: "metadata",
                spec: Some(&VAULT_KV_METADATA),
            },
        ],
        bare_ok: false,
    },
    ..Spec::POSIX
};

const VAULT_OPERATOR: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "key-status|members",
                spec: Some(&VAULT_FLAGS),
            },
            Verb {
                names: "raft",
                spec: Some(&VAULT_RAFT),
            },
        ],
        bare_ok: false,
    },
    ..Spec::POSIX
};

/// vault(1) and bao(1): the commands that only report.
const VAULT: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "status|version",
                spec: Some(&VAULT_FLAGS),
            },
            Verb {
                names: "auth|secrets|audit|namespace|plugin",
                spec: Some(&VAULT_LISTS),
            },
            Verb {
                names: "policy",
                spec: Some(&VAULT_POLICY),
            },
            Verb {
                names: "kv",
                spec: Some(&VAULT_KV),
            },
            Verb {
                names: "list",
                spec: Some(&VAULT_LIST),
            },
            Verb {
                names: "read",
                spec: Some(&VAULT_READ),
            },
            Verb {
                names: "operator",
                spec: Some(&VAULT_OPERATOR),
            },
            Verb {
                names: "token",
                spec: Some(&VAULT_TOKEN),
            },
        ],
        bare_ok: false,
    },
    ..Spec::ORDERED
};

/// klist(1), MIT Kerberos 1.20: the cache's or a keytab's principals,
/// times, flags and encryption types. Not `-K` (the keys themselves),
/// `-C` (the cache's configuration entries).
const KLIST: Spec = Spec {
    flags: "ceflAsantkiV",
    operands: Operands::AtMost(1),
    ..Spec::POSIX
};

/// ssh-add(1), OpenSSH 9.2: `-l` (fingerprints) and `-L` (public keys) of
/// the agent's identities; every other form adds, deletes or locks.
const SSH_ADD: Spec = Spec {
    flags: "lLv",
    valued: "E",
    operands: Operands::None,
    ..Spec::POSIX
};

/// ldapsearch(1), OpenLDAP 2.5: a search. Not `-t`/`-T` (values written
/// to files), `-f` (filters from a file), `-W` (a prompt), `-e` (any
/// control, `relax` and `noop` among them), `-y` (a password file),
/// `-h`/`-p` (the old host and port: `-H` is read by `egress`). The
/// attributes asked for are screened by the rules.
const LDAPSEARCH: Spec = Spec {
    flags: "AcLnNuvxZMQ",
    valued: "bsaDHlwzYXURoE",
    checked: &[("E", ldap_paged)],
    ..Spec::POSIX
};

/// `-E pr=SIZE[/noprompt]`: paged results only.
fn ldap_paged(value: &str) -> bool {
    value
        .trim_start_matches('!')
        .strip_prefix("pr=")
        .is_some_and(|v| {
            let (size, rest) = v.split_once('/').unwrap_or((v, ""));
            size.bytes().all(|b| b.is_ascii_digit()) && matches!(rest, "" | "noprompt")
        })
}

/// ldapwhoami(1), OpenLDAP 2.5: who the bind is.
const LDAPWHOAMI: Spec = Spec {
    flags: "nvxZNQ",
    valued: "DHwYXURo",
    operands: Operands::None,
    ..Spec::POSIX
};

/// `step certificate inspect|fingerprint|verify|needs-renewal FILE`
/// (smallstep CLI 0.25): a certificate file read (not a URL: that
/// connects; `--roots` a public bundle).
const STEP_CERT_FILE: Spec = Spec {
    long: &["short", "insecure", "bundle", "help", "sha1", "raw", "json"],
    long_valued: &["format", "roots", "host", "expires-in", "servername"],
    operands: Operands::Names {
        at_most: 1,
        test: local_file,
    },
    ..Spec::GNU
};

/// A word naming a local file, no URL.
fn local_file(word: &str) -> bool {
    !word.contains("://") && !word.starts_with('-')
}

verbs_then!(
    STEP_CERTIFICATE,
    "inspect|fingerprint|verify|needs-renewal|lint",
    STEP_CERT_FILE,
    false
);
verbs_then!(STEP_SSH, "inspect|fingerprint", STEP_CERT_FILE, false);

/// step(1): the certificate and SSH certificate inspections.
const STEP: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "certificate",
                spec: Some(&STEP_CERTIFICATE),
            },
            Verb {
                names: "ssh",
                spec: Some(&STEP_SSH),
            },
        ],
        bare_ok: false,
    },
    ..Spec::POSIX
};

/// samba-tool(8), Samba 4.17–4.19, on the domain controller's own
/// database (no `-H`, `-U`, `-P`, `--option`, `--configfile`: another
/// server, credentials, settings): the users', groups' and computers'
/// lists, a user's groups, the FSMO roles, the domain's level and
/// password settings, the replication status, `dbcheck` without `--fix`
/// or `--reindex`, the sysvol ACL check; `user show` only of attributes
/// named by their names (an OID is resolved to any attribute; review
/// 113), none a secret one (`unicodePwd`, `supplementalCredentials`,
/// LAPS' and BitLocker's passwords, certificates' keys). Not `gpo
/// listall`: it finds a DC through DNS and connects to it. Blind corpus
/// 153.
const SAMBA_TOOL: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "user",
                spec: Some(&SAMBA_USER),
            },
            Verb {
                names: "group",
                spec: Some(&SAMBA_GROUP),
            },
            Verb {
                names: "computer",
                spec: Some(&SAMBA_LIST),
            },
            Verb {
                names: "fsmo",
                spec: Some(&SAMBA_SHOW),
            },
            Verb {
                names: "domain",
                spec: Some(&SAMBA_DOMAIN),
            },
            Verb {
                names: "drs",
                spec: Some(&SAMBA_DRS),
            },
            Verb {
                names: "dbcheck",
                spec: Some(&SAMBA_DBCHECK),
            },
            Verb {
                names: "ntacl",
                spec: Some(&SAMBA_NTACL),
            },
        ],
        bare_ok: false,
    },
    ..Spec::POSIX
};
const SAMBA_WORDS: Spec = Spec {
    long: &["full-dn", "json", "summary", "verbose", "quiet"],
    operands: Operands::AtMost(1),
    ..Spec::GNU
};
verbs_then!(SAMBA_LIST, "list", SAMBA_WORDS, false);
verbs_then!(SAMBA_SHOW, "show", SAMBA_WORDS, false);
verbs_then!(SAMBA_NTACL, "sysvolcheck", SAMBA_WORDS, false);
verbs_then!(SAMBA_DRS, "showrepl", SAMBA_DRS_WORDS, false);
const SAMBA_DRS_WORDS: Spec = Spec {
    // (No DC named: the local one.)
    operands: Operands::None,
    ..SAMBA_WORDS
};
const SAMBA_USER: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "list|getgroups",
                spec: Some(&SAMBA_WORDS),
            },
            Verb {
                names: "show",
                spec: Some(&SAMBA_USER_SHOW),
            },
        ],
        bare_ok: false,
    },
    ..Spec::POSIX
};
const SAMBA_USER_SHOW: Spec = Spec {
    long_valued: &["attributes"],
    checked: &[("attributes", no_secret_attribute)],
    required: &["attributes"],
    ..SAMBA_WORDS
};
const SAMBA_GROUP: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "list|listmembers",
            spec: Some(&SAMBA_WORDS),
        }],
        bare_ok: false,
    },
    ..Spec::POSIX
};
const SAMBA_DOMAIN: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "level|passwordsettings",
            spec: Some(&SAMBA_SHOW),
        }],
        bare_ok: false,
    },
    ..Spec::POSIX
};
const SAMBA_DBCHECK: Spec = Spec {
    long: &["cross-ncs", "quiet", "verbose"],
    operands: Operands::None,
    ..Spec::GNU
};

/// Attributes a domain keeps secret or that hold a password (any case).
fn no_secret_attribute(list: &str) -> bool {
    const SECRET: &[&str] = &[
        "unicodepwd",
        "dbcspwd",
        "pwdhistory",
        "supplementalcredentials",
        "priorvalue",
        "currentvalue",
        "trustauth",
        "initialauth",
        "managedpassword",
        "recoverypassword",
        "ownerinformation",
        "admpwd",
        "laps",
        "keycredential",
        "password",
        "secret",
        "virtual",
        "pki",
        "pkcs",
        "masterkey",
        "credential",
        "key",
        "*",
    ];
    let lower = list.to_ascii_lowercase();
    let names = list.split(',').all(|a| {
        a.starts_with(|c: char| c.is_ascii_alphabetic())
            && a.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
    });
    names && !SECRET.iter().any(|s| lower.contains(s))
}

/// ipa(1), FreeIPA 4.10: a topic's `-show`, `-find` and `-status`
/// commands and the policy tests, asked of the domain's server (blind
/// corpus 186). Not `--out` (`cert-show`, `user-show` write a file), nor
/// the topics whose entries are secrets (vaults, OTP tokens' keys).
const IPA_READ: Spec = Spec {
    long: &["all", "raw", "pkey-only", "rights", "no-members", "help"],
    long_valued: &[
        "sizelimit",
        "timelimit",
        "name",
        "user",
        "host",
        "service",
        "subject",
        "login",
        "uid",
        "first",
        "last",
        "email",
        "in-groups",
        "in-hostgroups",
        "status",
        "srchost",
        "enabled",
        "disabled",
        "desc",
        "type",
        "location",
        "issuer",
        "min",
        "max",
        "ca",
    ],
    operands: Operands::Names {
        at_most: 2,
        test: |w| {
            !w.starts_with('-')
                && w.chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-' | '@'))
        },
    },
    abbrev: false,
    ..Spec::GNU
};

/// ipa(1): the topics' `-show` and `-find` commands, a user's status,
/// the access test, the client's environment, a ping; not of the vaults
/// and OTP tokens (their keys), nor any that writes.
const IPA: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "user-show|user-find|group-show|group-find|host-show|host-find|hostgroup-show|hostgroup-find|service-show|service-find|hbacrule-show|hbacrule-find|hbacsvc-show|hbacsvc-find|hbacsvcgroup-show|hbacsvcgroup-find|sudorule-show|sudorule-find|sudocmd-show|sudocmd-find|sudocmdgroup-show|sudocmdgroup-find|dnszone-show|dnszone-find|dnsrecord-show|dnsrecord-find|dnsconfig-show|dnsconfig-find|dnsforwardzone-show|dnsforwardzone-find|pwpolicy-show|pwpolicy-find|server-show|server-find|server-role-show|server-role-find|topologysegment-show|topologysegment-find|topologysuffix-show|topologysuffix-find|cert-show|cert-find|ca-show|ca-find|role-show|role-find|privilege-show|privilege-find|permission-show|permission-find|config-show|config-find|idrange-show|idrange-find|trust-show|trust-find|automember-show|automember-find|location-show|location-find|netgroup-show|netgroup-find|selinuxusermap-show|selinuxusermap-find|realmdomains-show|realmdomains-find|krbtpolicy-show|krbtpolicy-find|idview-show|idview-find|stageuser-show|stageuser-find|certprofile-show|certprofile-find|caacl-show|caacl-find|servicedelegationrule-show|servicedelegationrule-find|sysaccount-show|sysaccount-find|user-status|hbactest|env|ping",
            spec: Some(&IPA_READ),
        }],
        bare_ok: false,
    },
    ..Spec::GNU
};

/// ipactl(8) `status`; ipa-getcert(1) `list` (certmonger's tracked
/// requests); ipa-replica-manage(1) `list` (the replicas' names).
const IPA_STATUS: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "status|list",
            spec: Some(&IDENTITY_NO_WORDS),
        }],
        bare_ok: false,
    },
    ..Spec::GNU
};

const IDENTITY_NO_WORDS: Spec = Spec {
    flags: "v",
    long: &["verbose"],
    operands: Operands::None,
    ..Spec::GNU
};

/// sssctl(8), SSSD 2.8: a domain's status, the configuration check, the
/// domains' list, a user's checks.
const SSSCTL: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "domain-status|config-check|user-checks",
            spec: Some(&SSSCTL_READ),
        }],
        bare_ok: false,
    },
    ..Spec::GNU
};

const SSSCTL_READ: Spec = Spec {
    // (Not `-s`/`--start`: it starts SSSD when it is not running;
    // review 121.)
    flags: "aolt",
    long: &["active", "online", "servers", "help"],
    long_valued: &["service", "action"],
    checked: &[("action", |v| matches!(v, "acct" | "auth"))],
    operands: Operands::AtMost(1),
    ..Spec::GNU
};

/// wbinfo(1), Samba 4.17: users, groups, domains, the DC's reachability
/// and the trust's state as winbind sees them. Not `--set-auth-user`,
/// `--krb5auth`/`-a` (a password), `--change-secret`.
const WBINFO: Spec = Spec {
    flags: "ugmpDtnsSYUG",
    long: &[
        "domain-users",
        "domain-groups",
        "trusted-domains",
        "online-status",
        "ping-dc",
        "check-secret",
        "own-domain",
        "all-domains",
        "ping",
        "version",
        "help",
        "domain-info",
        "sequence",
    ],
    long_valued: &["user-info", "group-info", "user-groups", "domain"],
    operands: Operands::AtMost(1),
    ..Spec::GNU
};

/// nmblookup(1), Samba 4.17: a NetBIOS name or a node's status (`-A
/// ADDRESS`), asked of the lab (the egress rules judge the address).
const NMBLOOKUP: Spec = Spec {
    flags: "ASMrRd",
    valued: "BU",
    long: &[
        "lookup-by-ip",
        "status",
        "master-browser",
        "recursion",
        "root-port",
    ],
    long_valued: &["broadcast", "unicast"],
    // (`-U`/`-B`: where the queries go, a lab address only; review 121.)
    checked: &[
        ("B", lab_ip),
        ("U", lab_ip),
        ("broadcast", lab_ip),
        ("unicast", lab_ip),
    ],
    operands: Operands::Names {
        at_most: 1,
        test: |w| lab_ip(w) || netbios_name(w),
    },
    ..Spec::GNU
};

/// An address of the lab (loopback, the private ranges).
fn lab_ip(word: &str) -> bool {
    word.parse::<std::net::IpAddr>()
        .is_ok_and(crate::hosts::lab_address)
}

/// A NetBIOS name, asked by broadcast on the host's own networks: no
/// dot, no colon (no DNS name, no address).
fn netbios_name(word: &str) -> bool {
    // (A letter first: `134744072` and `0x08080808` are addresses to
    // the resolver; review 122.)
    word.starts_with(|c: char| c.is_ascii_alphabetic())
        && word.len() <= 15
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '#'))
}

/// p11-kit's trust(1): the trust store's anchors and certificates
/// listed or dumped (public certificates). Not `extract`, `anchor`,
/// `extract-compat` (they write).
const TRUST: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "list|dump",
            spec: Some(&TRUST_LISTING),
        }],
        bare_ok: false,
    },
    ..Spec::POSIX
};

const TRUST_LISTING: Spec = Spec {
    long: &["help", "verbose"],
    long_valued: &["filter", "purpose"],
    operands: Operands::None,
    ..Spec::GNU
};

/// gpgv(1), GnuPG 2.2: a signature checked against keyrings, which it
/// only reads. Not `-o`/`--output` (the signed data written),
/// `--status-fd`/`--logger-fd` (written to a descriptor).
const GPGV: Spec = Spec {
    flags: "vq",
    long: &[
        "verbose",
        "quiet",
        "ignore-time-conflict",
        "enable-special-filenames",
    ],
    long_valued: &["keyring", "weak-digest", "homedir", "assert-pubkey-algo"],
    ..Spec::GNU
};

pub(super) const ENTRIES: &[Entry] = &[
    Entry {
        names: &["trust"],
        spec: &TRUST,
        read_only: &[
            "trust list --filter=ca-anchors",
            "trust dump --filter=ca-anchors",
        ],
        not: &[
            "trust anchor /tmp/evil.crt",
            "trust extract --format=pem-bundle /tmp/x",
        ],
    },
    Entry {
        names: &["gpgv"],
        spec: &GPGV,
        read_only: &[
            "gpgv --keyring /usr/share/keyrings/debian-archive-keyring.gpg /var/lib/apt/lists/x_InRelease",
        ],
        not: &[
            "gpgv -o /etc/x --keyring k.gpg a.sig",
            "gpgv --status-fd 3 a.sig",
        ],
    },
    Entry {
        names: &["ipa"],
        spec: &IPA,
        read_only: &[
            "ipa user-show jdoe",
            "ipa user-find --disabled=true --sizelimit=50",
            "ipa hbactest --user=jdoe --host=fs1.office.lan --service=sshd",
            "ipa dnszone-show office.lan",
            "ipa pwpolicy-show",
            "ipa host-find --pkey-only",
        ],
        not: &[
            "ipa user-del jdoe",
            "ipa user-show jdoe --out=/etc/x",
            "ipa vault-retrieve v",
            "ipa otptoken-show t",
            "ipa user-mod jdoe --shell=/bin/sh",
        ],
    },
    Entry {
        names: &["ipactl", "ipa-getcert", "ipa-replica-manage"],
        spec: &IPA_STATUS,
        read_only: &[
            "ipactl status",
            "ipa-getcert list",
            "ipa-replica-manage list",
        ],
        not: &[
            "ipactl restart",
            "ipa-getcert stop-tracking -i 1",
            "ipa-replica-manage del r2",
        ],
    },
    Entry {
        names: &["sssctl"],
        spec: &SSSCTL,
        read_only: &["sssctl domain-status office.lan", "sssctl config-check"],
        not: &[
            "sssctl cache-remove",
            "sssctl cache-expire -E",
            "sssctl logs-remove",
        ],
    },
    Entry {
        names: &["wbinfo"],
        spec: &WBINFO,
        read_only: &[
            "wbinfo -u",
            "wbinfo --ping-dc",
            "wbinfo -t",
            "wbinfo --online-status",
        ],
        not: &[
            "wbinfo -a alice%secret",
            "wbinfo --change-secret",
            "wbinfo --set-auth-user=alice%x",
        ],
    },
    Entry {
        names: &["nmblookup"],
        spec: &NMBLOOKUP,
        read_only: &[
            "nmblookup -A 192.168.10.30",
            "nmblookup -S FILESERVER",
            "nmblookup -U 10.0.0.2 -R pve1",
        ],
        not: &[
            "nmblookup -A 8.8.8.8",
            "nmblookup -U 8.8.8.8 -R pve1",
            "nmblookup -B 8.8.8.8 pve1",
            "nmblookup fs.example.com",
        ],
    },
    Entry {
        names: &["samba-tool"],
        spec: &SAMBA_TOOL,
        read_only: &[
            "samba-tool user list",
            "samba-tool user getgroups alice",
            "samba-tool user show alice --attributes=lastLogonTimestamp,userAccountControl,pwdLastSet",
            "samba-tool group listmembers 'Domain Admins'",
            "samba-tool computer list",
            "samba-tool fsmo show",
            "samba-tool domain level show",
            "samba-tool domain passwordsettings show",
            "samba-tool drs showrepl --summary",
            "samba-tool dbcheck --cross-ncs",
            "samba-tool ntacl sysvolcheck",
        ],
        not: &[
            "samba-tool user show alice",
            "samba-tool user show alice --attributes=unicodePwd",
            "samba-tool user show alice --attributes=1.2.840.113556.1.4.90",
            "samba-tool user show alice --attributes=cn,msPKIDPAPIMasterKeys",
            "samba-tool gpo listall",
            "samba-tool user show alice --attributes=msLAPS-Password",
            "samba-tool user getpassword alice --attributes=virtualClearTextUTF8",
            "samba-tool user delete alice",
            "samba-tool dbcheck --fix --yes",
            "samba-tool dbcheck --reindex",
            "samba-tool drs showrepl dc2",
            "samba-tool fsmo seize --role=all --force",
            "samba-tool domain passwordsettings set --min-pwd-length=8",
            "samba-tool user list -H ldap://dc.example.com -U admin%x",
        ],
    },
    Entry {
        names: &["vault", "bao"],
        spec: &VAULT,
        read_only: &[
            "vault status",
            "vault status -format=json",
            "vault secrets list -detailed",
            "vault auth list",
            "vault policy list",
            "vault policy read nomos-ops",
            "vault kv list secret/homelab/",
            "vault kv metadata get secret/homelab/pbs",
            "vault list pki_int/certs",
            "vault read sys/health",
            "vault operator raft list-peers",
            "vault operator key-status",
            "vault token capabilities secret/data/homelab/pve",
            "bao status",
        ],
        not: &[
            "vault kv get secret/homelab/pbs",
            "vault read secret/homelab/pbs",
            "vault read pkisecrets/cert/db",
            "vault list auth/token/accessors",
            "vault read database/creds/readonly",
            "vault read pki_int/crl/rotate",
            "vault token lookup",
            "vault print token",
            "vault status -output-curl-string",
            "vault read -wrap-ttl=60s pki/cert/ca",
            "vault login",
            "vault write pki_int/issue/lab common_name=x",
            "vault operator seal",
            "vault secrets disable pki_int",
            "vault kv delete secret/x",
        ],
    },
    Entry {
        names: &["klist"],
        spec: &KLIST,
        read_only: &[
            "klist",
            "klist -e",
            "klist -kt /etc/krb5.keytab",
            "klist -A -f",
        ],
        not: &["klist -kK /etc/krb5.keytab", "klist -C"],
    },
    Entry {
        names: &["ssh-add"],
        spec: &SSH_ADD,
        read_only: &["ssh-add -l", "ssh-add -L", "ssh-add -l -E md5"],
        not: &[
            "ssh-add",
            "ssh-add -D",
            "ssh-add /root/.ssh/id_ed25519",
            "ssh-add -x",
        ],
    },
    Entry {
        names: &["ldapsearch"],
        spec: &LDAPSEARCH,
        read_only: &[
            "ldapsearch -x -H ldap://10.0.0.20 -b dc=lab,dc=internal -LLL '(uid=alice)' dn memberOf",
            "ldapsearch -Y EXTERNAL -H ldapi:/// -b cn=config -LLL '(olcDatabase=*)' olcDatabase olcSuffix",
            "ldapsearch -x -LLL -E pr=500/noprompt -b ou=people,dc=lab,dc=internal uid cn",
            "ldapsearch -x -A -b dc=lab,dc=internal",
        ],
        not: &[
            "ldapsearch -x -b dc=lab,dc=internal",
            "ldapsearch -x -b dc=lab,dc=internal '*'",
            "ldapsearch -x -b dc=lab,dc=internal uid userPassword",
            "ldapsearch -Y EXTERNAL -H ldapi:/// -b cn=config olcRootPW",
            "ldapsearch -x -T /tmp/v -t -b dc=lab uid",
            "ldapsearch -x -f /tmp/filters uid",
            "ldapsearch -x -e relax -b dc=lab uid",
            "ldapsearch -x -H ldap://evil.example -b dc=lab uid",
        ],
    },
    Entry {
        names: &["ldapwhoami"],
        spec: &LDAPWHOAMI,
        read_only: &[
            "ldapwhoami -x -H ldaps://10.0.0.20",
            "ldapwhoami -Y EXTERNAL -H ldapi:///",
        ],
        not: &[
            "ldapwhoami -x -H ldap://evil.example",
            "ldapwhoami -x -y /root/pw",
        ],
    },
    Entry {
        names: &["step"],
        spec: &STEP,
        read_only: &[
            "step certificate inspect /root/.step/certs/root_ca.crt --short",
            "step certificate fingerprint /root/.step/certs/intermediate_ca.crt",
            "step certificate verify /etc/ssl/lab/nas.crt --roots /root/.step/certs/root_ca.crt --host nas.lab.internal",
            "step certificate needs-renewal /etc/ssl/lab/pve1.crt --expires-in 720h",
            "step ssh inspect /etc/ssh/ssh_host_ed25519_key-cert.pub",
        ],
        not: &[
            "step certificate inspect https://evil.example",
            "step certificate create x x.crt x.key",
            "step ca certificate x x.crt x.key",
            "step certificate inspect /etc/ssl/private/lab.key",
        ],
    },
];
