//! What loses identities, keys and secrets, or a Windows guest's disks
//! and boot (blind corpora 67 and 68): a Vault or OpenBao sealed, a
//! secrets or auth mount disabled (every secret or user in it gone),
//! secrets deleted or destroyed, certificates revoked, leases and tokens
//! revoked; LDAP entries deleted; Kerberos principals deleted or given
//! new keys (`ktadd`, `cpw`, `ipa-getkeytab` without `-r`: every keytab
//! holding the old keys stops working); a key or a CA's key made anew
//! over the old one (`ssh-keygen -f` an existing key, `step certificate
//! create --force`); a key revoked into a KRL; an ACME account
//! deactivated; PBS's certificate made anew (every fingerprint pinned to
//! it breaks); Windows' format, disk, partition, BitLocker, TPM and boot
//! store commands.

use super::*;

/// What in `name` with the words `lits` loses identities, keys or a
/// Windows guest's data, for this family's programs (`verb`: the first
/// word that is no option).
pub(super) fn judge(name: &str, lits: &[&str], verb: Option<&str>) -> Option<Verdict> {
    #[rustfmt::skip]
    const FAMILY: &[&str] = &[
        "vault", "bao", "ldapdelete", "ldapmodrdn", "kadmin", "kadmin.local", "kdb5_util",
        "ipa-getkeytab", "ipa", "step", "ssh-keygen", "certbot", "pvenode", "net",
        "proxmox-backup-manager", "gpg", "gpg2", "powershell", "powershell.exe", "pwsh",
        "pwsh.exe", "cmd", "cmd.exe", "wevtutil", "wevtutil.exe", "netsh", "netsh.exe",
        "vssadmin", "vssadmin.exe", "format", "format.com",
        // (Review 92: run directly by `qm guest exec`.)
        "shutdown.exe", "robocopy", "robocopy.exe", "sdelete", "sdelete.exe", "sdelete64.exe",
        "diskpart", "diskpart.exe", "msiexec", "msiexec.exe", "sc.exe", "cscript", "cscript.exe",
        "wscript", "wscript.exe",
        // (Blind corpus 199.)
        "taskkill", "taskkill.exe", "schtasks", "schtasks.exe", "reg", "reg.exe", "bcdedit",
        "bcdedit.exe",
    ];
    // A cmdlet run as the command itself (Windows' OpenSSH with
    // PowerShell as its shell: `ssh admin@10.0.0.5 'Stop-Service X'`), or
    // ipconfig (blind corpus 219): judged as PowerShell's text.
    if powershell_cmdlet(name) || matches!(name, "ipconfig" | "ipconfig.exe") {
        let mut text = vec![name];
        text.extend(lits.iter().copied());
        return windows_loses("powershell", &text).map(|why| Verdict::destructive(why.to_string()));
    }
    if !FAMILY.contains(&name) {
        return None;
    }
    let de = |why: &str| Some(Verdict::destructive(why.to_string()));
    let words: Vec<&str> = lits
        .iter()
        .copied()
        .filter(|w| !w.starts_with('-'))
        .collect();
    match name {
        "vault" | "bao" => vault_loses(&words).and_then(de),
        "ldapdelete" => de("deletes directory entries"),
        // (`ldapmodify` with `changetype: delete` in its input, or `-f`
        // of a file: its operations are not on the card.)
        "ldapmodrdn" => de("renames directory entries (their DNs change under every client)"),
        "kadmin" | "kadmin.local" => kadmin_query(lits).and_then(kerberos_loses).and_then(de),
        // (Review 64: the KDC's database replaced, destroyed or its master
        // key changed.)
        // (Any word: `-r REALM` comes first.)
        "kdb5_util"
            if words.iter().any(|w| {
                matches!(
                    *w,
                    "load" | "destroy" | "create" | "update_princ_encryption" | "purge_mkeys"
                )
            }) =>
        {
            de("replaces, destroys or re-keys the KDC's database")
        }
        "ipa-getkeytab" if !lits.iter().any(|w| matches!(*w, "-r" | "--retrieve")) => {
            de("gives the principal new keys: every keytab holding the old ones stops working")
        }
        "ipa" if verb.is_some_and(|v| v.ends_with("-del") || v.ends_with("-disable")) => {
            de("deletes or disables an identity, a host, a service or a rule")
        }
        "step"
            if words.starts_with(&["certificate", "create"])
                && lits.iter().any(|w| matches!(*w, "--force" | "-f")) =>
        {
            de("makes a certificate and key anew over the files it names")
        }
        "step"
            if words.starts_with(&["ca", "revoke"])
                || words.starts_with(&["certificate", "revoke"]) =>
        {
            de("revokes a certificate")
        }
        // A host's key taken out of the cluster's shared known_hosts:
        // migrations and replication to it fail host-key checking (review
        // 136).
        "ssh-keygen"
            if lits.contains(&"-R")
                && lits.iter().any(|w| {
                    w.contains("/etc/pve/priv/known_hosts") || *w == "/etc/ssh/ssh_known_hosts"
                }) =>
        {
            de("removes a host's key from the cluster's shared known_hosts")
        }
        "ssh-keygen" if ssh_keygen_loses(lits) => {
            de("makes a key anew over an existing one, or revokes keys into a KRL")
        }
        // (`unregister`: the ACME account deactivated for good; blind
        // corpus 108.)
        "certbot" if matches!(verb, Some("revoke" | "delete" | "unregister")) => {
            de("revokes or deletes a certificate, or deactivates the ACME account")
        }
        "pvenode"
            if words.starts_with(&["acme", "account", "deactivate"])
                || words.starts_with(&["acme", "cert", "revoke"])
                || words.starts_with(&["cert", "delete"]) =>
        {
            de("deactivates the ACME account, revokes or deletes the node's certificate")
        }
        // Samba's `net ads leave`: the host leaves the domain, its computer
        // account deleted unless `--keep-account` (blind corpus 115).
        "net" if words.starts_with(&["ads", "leave"]) && !lits.contains(&"--keep-account") => {
            de("leaves the Active Directory domain and deletes the host's computer account")
        }
        "proxmox-backup-manager"
            if words.starts_with(&["cert", "update"]) && lits.contains(&"--force") =>
        {
            de("makes PBS's certificate anew: every fingerprint pinned to it breaks")
        }
        // (Blind corpus 119: PBS's account deactivated as pvenode's; a
        // node's custom certificate files written over with `--force`.)
        "proxmox-backup-manager" if words.starts_with(&["acme", "account", "deactivate"]) => {
            de("deactivates the ACME account at the CA, for good")
        }
        "pvenode"
            if words.starts_with(&["cert", "set"]) && crate::rules::pve_boolean(lits, "force") =>
        {
            de("`pvenode cert set --force` writes over the node's custom certificate and key")
        }
        "gpg" | "gpg2" if lits.iter().any(|w| w.starts_with("--delete-")) => {
            de("deletes keys from the keyring")
        }
        "powershell" | "powershell.exe" | "pwsh" | "pwsh.exe" | "cmd" | "cmd.exe" | "wevtutil"
        | "wevtutil.exe" | "netsh" | "netsh.exe" | "vssadmin" | "vssadmin.exe" | "format"
        | "format.com" | "shutdown.exe" | "robocopy" | "robocopy.exe" | "sdelete"
        | "sdelete.exe" | "sdelete64.exe" | "diskpart" | "diskpart.exe" | "msiexec"
        | "msiexec.exe" | "sc.exe" | "cscript" | "cscript.exe" | "wscript" | "wscript.exe"
        | "taskkill" | "taskkill.exe" | "schtasks" | "schtasks.exe" | "reg" | "reg.exe"
        | "bcdedit" | "bcdedit.exe" => windows_loses(name, lits).and_then(de),
        _ => None,
    }
}

/// What a Vault (or OpenBao) command loses: the store sealed, a mount or
/// an audit device disabled, secrets deleted, destroyed or their metadata
/// removed, a policy, a token, a lease or a certificate revoked or
/// deleted, PKI's store tidied, a raft peer removed or a snapshot
/// restored over the store.
fn vault_loses(words: &[&str]) -> Option<&'static str> {
    let path_ends = |ends: &[&str]| {
        words.get(1).is_some_and(|p| {
            ends.iter()
                .any(|e| p.trim_end_matches('/').rsplit('/').next() == Some(e))
        })
    };
    match words {
        ["operator", "seal", ..] => {
            Some("seals the store: nothing reads a secret until it is unsealed")
        }
        ["operator", "raft", "remove-peer", ..]
        | ["operator", "raft", "snapshot", "restore", ..] => {
            Some("removes a node from the cluster or restores a snapshot over the store")
        }
        ["operator", "rekey" | "rotate" | "generate-root", ..] => {
            Some("changes the store's keys or makes a root token")
        }
        ["secrets" | "auth" | "audit", "disable" | "move", ..] => {
            Some("disables or moves a mount: every secret or user in it is gone")
        }
        ["kv", "delete" | "destroy" | "undelete" | "rollback", ..]
        | ["kv", "metadata", "delete", ..] => Some("deletes or destroys secrets"),
        ["delete", ..] => Some("deletes what the path holds"),
        ["policy" | "namespace", "delete", ..] => Some("deletes a policy or a namespace"),
        ["token" | "lease", "revoke", ..] => {
            Some("revokes tokens or leases (and the secrets issued with them)")
        }
        ["write", ..]
            if path_ends(&[
                "revoke",
                "tidy",
                "revoke-with-key",
                "rotate",
                "rotate-root",
                "seal",
                "trim",
            ]) =>
        {
            Some("revokes certificates, tidies PKI's store, seals the store or rotates keys")
        }
        // (Review 64: the same through a path's middle: `database/rotate-
        // root/NAME`, `sys/leases/revoke-prefix/…`, `transit/keys/K/trim`,
        // `sys/storage/raft/remove-peer`, `sys/storage/raft/snapshot-force`.)
        ["write", path, ..]
            if path.split('/').any(|p| {
                matches!(
                    p,
                    "rotate-root"
                        | "revoke-prefix"
                        | "revoke-force"
                        | "remove-peer"
                        | "snapshot-force"
                        | "seal"
                )
            }) =>
        {
            Some(
                "rotates a root credential, revokes leases, removes a raft peer or seals the store",
            )
        }
        _ => None,
    }
}

/// The query a `kadmin`/`kadmin.local` line runs (`-q QUERY`).
fn kadmin_query<'a>(lits: &[&'a str]) -> Option<&'a str> {
    lits.windows(2)
        .find(|p| p[0] == "-q")
        .map(|p| p[1])
        .or_else(|| {
            lits.iter()
                .find_map(|w| w.strip_prefix("-q").filter(|q| !q.is_empty()))
        })
}

/// What a kadmin query loses: a principal or policy deleted or renamed,
/// keys made anew (`ktadd`/`xst` randomise them unless `-norandkey`;
/// `cpw`), old keys purged, a keytab's entries removed.
fn kerberos_loses(query: &str) -> Option<&'static str> {
    let mut words = query.split_whitespace();
    let command = words.next()?;
    let norandkey = query.split_whitespace().any(|w| w == "-norandkey");
    match command {
        "delprinc" | "delete_principal" | "delpol" | "delete_policy" | "renprinc"
        | "rename_principal" | "purgekeys" | "ktremove" | "ktrem" => {
            Some("deletes or renames a principal or policy, or removes keys")
        }
        "ktadd" | "xst" if !norandkey => {
            Some("gives the principal new keys: every keytab holding the old ones stops working")
        }
        "cpw" | "change_password" => Some("changes a principal's password or keys"),
        _ => None,
    }
}

/// ssh-keygen making a key (no mode flag) to a file that names a key of
/// the host's or a user's default names (`-f /root/.ssh/id_ed25519`,
/// `/etc/ssh/ssh_host_*_key`: answered `y`, the old key is gone), or
/// revoking keys into a KRL (`-k`).
fn ssh_keygen_loses(lits: &[&str]) -> bool {
    let cluster = |c: char| {
        lits.iter()
            .any(|w| w.starts_with('-') && !w.starts_with("--") && w[1..].contains(c))
    };
    let file = lits
        .windows(2)
        .find(|p| p[0] == "-f")
        .map(|p| p[1])
        .or_else(|| {
            lits.iter()
                .find_map(|w| w.strip_prefix("-f").filter(|v| !v.is_empty()))
        });
    // (A key in use by its name, or any key kept in /etc/ssh: a CA's
    // `host_ca`; blind corpus 119.)
    let existing_key = file.is_some_and(crate::secret_paths::names_credential_in_use);
    let mode = [
        'l', 'F', 'B', 'L', 'r', 'y', 'D', 'R', 'Q', 'e', 'i', 'p', 's', 'H', 'k', 'A',
    ]
    .iter()
    .any(|c| cluster(*c));
    cluster('k') || (!mode && existing_key)
}

/// PowerShell's verbs that take something away (approved verbs,
/// `Get-Verb`): a service, a process or a machine stopped, an item,
/// a package or a disk removed, cleared, dismounted or reset. (Not
/// `Restart` nor `Disable`, changes as `systemctl restart` and `disable`
/// are; `Restart-Computer`, `Disable-NetAdapter` are named below; nor
/// `Format`, whose cmdlets but `Format-Volume` shape output.)
const POWERSHELL_LOSS_VERBS: &[&str] = &[
    "stop",
    "remove",
    "clear",
    "uninstall",
    "dismount",
    "reset",
    "suspend",
    "unregister",
    "initialize",
    "revoke",
    "disconnect",
    "block",
];

/// Nouns whose objects live in the PowerShell session itself (`Clear-Host`
/// clears the screen, `Remove-Variable` a variable): nothing is lost.
const POWERSHELL_SESSION_NOUNS: &[&str] = &[
    "host",
    "variable",
    "module",
    "job",
    "psdrive",
    "pssession",
    "transcript",
    "history",
    "typedata",
    "alias",
    "event",
    "psbreakpoint",
    "formatdata",
];

/// Whether `word` is a PowerShell cmdlet's name (`Verb-Noun`).
pub(super) fn powershell_cmdlet(word: &str) -> bool {
    word.split_once('-').is_some_and(|(verb, noun)| {
        !verb.is_empty()
            && !noun.is_empty()
            && verb.chars().all(|c| c.is_ascii_alphabetic())
            && noun.chars().all(|c| c.is_ascii_alphanumeric())
            && verb.starts_with(|c: char| c.is_ascii_uppercase())
            && noun.starts_with(|c: char| c.is_ascii_uppercase())
    })
}

/// Whether a word (lowercase) is a cmdlet whose verb takes something
/// away, outside the session's own objects.
fn cmdlet_loses(word: &str) -> bool {
    // (Nor a cache emptied, `Clear-DnsClientCache`: it fills again.)
    word.split_once('-').is_some_and(|(verb, noun)| {
        POWERSHELL_LOSS_VERBS.contains(&verb)
            && !noun.is_empty()
            && noun.chars().all(|c| c.is_ascii_alphanumeric())
            && !POWERSHELL_SESSION_NOUNS.contains(&noun)
            && !noun.ends_with("cache")
    })
}

/// What a Windows command line (powershell's or cmd's text) loses: a
/// volume formatted, a disk cleaned or a partition removed, BitLocker or
/// the TPM cleared, boot entries deleted, files deleted recursively.
fn windows_loses(name: &str, lits: &[&str]) -> Option<&'static str> {
    let program = name.to_ascii_lowercase();
    let program = program.strip_suffix(".exe").unwrap_or(&program);
    let text = format!("{program} {}", lits.join(" ")).to_ascii_lowercase();
    let words: Vec<&str> = text
        .split(|c: char| {
            c.is_whitespace() || matches!(c, '\'' | '"' | ';' | '|' | '&' | '(' | ')' | '{' | '}')
        })
        .filter(|w| !w.is_empty())
        .collect();
    // (Written into Windows' own folders: `> C:\Windows\…\hosts`, `copy
    // /y x C:\Windows\System32\config\SAM`; review 92.)
    let system_written = text.split('>').skip(1).any(|after| {
        after
            .trim_start_matches('>')
            .trim_start()
            .starts_with("c:\\windows\\")
    }) || ([
        "copy",
        "move",
        "xcopy",
        "copy-item",
        "move-item",
        "set-content",
        "out-file",
    ]
    .iter()
    .any(|c| words.contains(c))
        && words.iter().skip(2).any(|w| w.starts_with("c:\\windows\\")));
    let has = |w: &str| words.contains(&w);
    let destroys = has("format")
        || has("format.com")
        || has("diskpart")
        || has("clear-disk")
        || has("format-volume")
        || has("remove-partition")
        || has("initialize-disk")
        || has("clear-tpm")
        || has("disable-bitlocker")
        || has("remove-bitlockerkeyprotector")
        || (has("manage-bde") && (has("-off") || has("-forcerecovery") || has("-delete")))
        || (has("bcdedit") && has("/delete"))
        || (has("reagentc") && has("/disable"))
        || has("cipher") && has("/w")
        || (["del", "erase", "rd", "rmdir"].iter().any(|c| has(c)) && has("/s"))
        || (["remove-item", "rm", "ri", "del", "rmdir", "erase", "rd"]
            .iter()
            .any(|c| has(c))
            // (Any prefix PowerShell takes for `-Recurse`: `-r`, `-rec`.)
            && words.iter().any(|w| w.len() >= 2 && "-recurse".starts_with(*w)))
        // robocopy's `/MIR` and `/PURGE` delete what the source lacks;
        // sdelete overwrites and deletes.
        || (has("robocopy") && (has("/mir") || has("/purge")))
        || has("sdelete")
        || has("sdelete64")
        || has("vssadmin") && has("delete")
        || has("wbadmin") && has("delete")
        || has("stop-computer")
        // (Blind corpus 88: the adapter the agent reaches the guest
        // through, the firewall closed both ways, an event log emptied, a
        // database dropped through sqlcmd.)
        || has("disable-netadapter")
        || has("remove-netadapter")
        || (has("netsh") && has("interface") && has("set")
            && (has("admin=disabled") || has("disabled") || has("admin=disable")))
        // (Blocking by default, both ways, as netsh's `blockoutbound`.)
        || (has("set-netfirewallprofile")
            && words.iter().any(|w| w.starts_with("-defaultoutboundaction"))
            && has("block"))
        // (Shrinking the shadow storage drops the oldest shadow copies.)
        || (has("vssadmin") && has("resize") && has("shadowstorage"))
        || (has("netsh") && words.iter().any(|w| w.contains("blockoutbound")))
        || has("clear-eventlog")
        || (has("wevtutil") && (has("cl") || has("clear-log")))
        || (has("drop") && (has("database") || has("table")))
        || has("restart-computer")
        || (has("shutdown") && (has("/s") || has("/r") || has("/p")))
        || (has("shutdown.exe") && (has("/s") || has("/r") || has("/p")))
        || system_written
        // (A script file or an encoded payload: what it does is not on
        // the card; an uninstall; a service kept from starting.)
        // (PowerShell's own `-File`, before any `-Command`: not
        // Get-ChildItem's switch inside a command.)
        || (matches!(program, "powershell" | "pwsh")
            && words.iter().skip(1).take_while(|w| !matches!(**w, "-command" | "-c")).any(|w| *w == "-file"))
        || (matches!(program, "powershell" | "pwsh")
            && words.iter().skip(1).take_while(|w| !matches!(**w, "-command" | "-c")).any(|w| w.len() >= 4 && "-encodedcommand".starts_with(*w)))
        || has("cscript")
        || has("wscript")
        || (has("msiexec") && (has("/x") || has("/uninstall")))
        || (has("sc") || has("sc.exe")) && has("config") && has("disabled")
        || (has("set-service") && has("disabled"))
        || (has("netsh") && has("interface") && has("set") && has("disable"))
        // (Blind corpus 199: processes killed, services stopped or
        // deleted, a task scheduled or removed, the registry written:
        // its `Run` keys, services' `ImagePath` and debuggers run code.)
        || has("taskkill")
        || has("taskkill.exe")
        || ["stop-process", "spps"].iter().any(|c| has(c))
        || has("stop-service")
        || has("remove-service")
        || (has("net") && has("stop"))
        || ((has("sc") || has("sc.exe")) && (has("stop") || has("delete") || has("create")))
        || ((has("schtasks") || has("schtasks.exe"))
            && ["/create", "/change", "/run", "/delete", "/end"].iter().any(|c| has(c)))
        || ["register-scheduledtask", "unregister-scheduledtask", "new-service"]
            .iter()
            .any(|c| has(c))
        || ((has("reg") || has("reg.exe"))
            && ["add", "delete", "import", "restore", "load", "unload", "copy"]
                .iter()
                .any(|c| has(c)))
        || (["set-itemproperty", "new-itemproperty", "remove-item", "remove-itemproperty", "sp"]
            .iter()
            .any(|c| has(c))
            && words.iter().any(|w| w.starts_with("hklm:") || w.starts_with("registry::")))
        || (has("bcdedit") && (has("/set") || has("/deletevalue") || has("/import")))
        // (Blind corpus 219: any cmdlet whose verb takes away, a key
        // written into OpenSSH's administrators' list, the address given
        // back.)
        || words.iter().any(|w| cmdlet_loses(w))
        || (["add-content", "set-content", "out-file", "ac", "sc"].iter().any(|c| has(c))
            && words.iter().any(|w| w.contains("authorized_keys")))
        || ((has("ipconfig") || has("ipconfig.exe")) && (has("/release") || has("/release6")));
    // (A request that sends a file or a body to a host that is no
    // private or loopback address: what it sends cannot be taken back.)
    let sender = [
        "invoke-restmethod",
        "invoke-webrequest",
        "irm",
        "iwr",
        "curl.exe",
        "start-bitstransfer",
        "bitsadmin",
    ]
    .iter()
    .any(|c| has(c));
    let uploads = words.iter().any(|w| {
        matches!(
            *w,
            "-infile" | "-body" | "-upload" | "/upload" | "-t" | "-f" | "-d"
        )
    });
    let outside = words.iter().any(|w| {
        w.split_once("://").is_some_and(|(_, rest)| {
            let host = crate::hosts::host_of(rest);
            host.parse::<std::net::IpAddr>()
                .map_or(true, |a| !crate::hosts::lab_address(a))
        })
    });
    if sender && uploads && outside {
        return Some("sends a file or a body to a host outside the lab's addresses");
    }
    destroys.then_some(
        "formats, wipes or repartitions a disk, clears BitLocker or the TPM, deletes boot \
         entries or files recursively, shuts the guest down, cuts its network off, empties an \
         event log or drops a database",
    )
}
