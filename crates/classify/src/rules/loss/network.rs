//! What cuts the network or opens it: ssh/scp/rsync options that run
//! programs, firewalls (iptables, ufw, nft's persistence), AppArmor, `tc`,
//! bridges, `ip`, `nc`, `ethtool`, VPN clients, fail2ban, HTTP clients'
//! deleting requests.

use super::*;

/// The file `openvpn --genkey TYPE FILE` writes: the word after the type,
/// or `--secret FILE` anywhere on the line (OpenVPN reads every option
/// first, then `do_genkey` writes a `secret` key to `--secret`'s file:
/// "the old --genkey --secret foo.file syntax"; review 73).
fn genkey_file<'a>(lits: &[&'a str]) -> Option<&'a str> {
    let at = lits.iter().position(|w| *w == "--genkey")?;
    let secret = lits
        .windows(2)
        .find(|p| p[0] == "--secret")
        .map(|p| p[1])
        .filter(|f| !f.starts_with('-'));
    secret.or(match &lits[at + 1..] {
        [kind, file, ..] if !kind.starts_with('-') && !file.starts_with('-') => Some(file),
        _ => None,
    })
}

/// What in `name` with the words `lits` loses data or availability, for
/// this family's programs (`verb`: the first word that is no option).
pub(super) fn judge(name: &str, lits: &[&str], verb: Option<&str>) -> Option<Verdict> {
    let de = |why: String| Some(Verdict::destructive(why));
    let has = |w: &str| lits.contains(&w);
    match name {
        // ipset(8): a set emptied, destroyed or an entry deleted; the
        // firewall rules that match it now match nothing (or everything
        // for an allow list; blind corpus 62).
        "ipset"
            // (The verb after options and their values: `ipset -o plain
            // flush`; review 60.)
            if matches!(
                lits.iter().enumerate().find(|(i, w)| {
                    !(w.starts_with('-')
                        || *i > 0 && matches!(lits[i - 1], "-o" | "-output" | "--output"))
                }).map(|(_, w)| *w),
                Some("flush" | "destroy" | "x" | "del" | "swap")
            ) || matches!(verb, Some("flush" | "destroy" | "x" | "del" | "swap"))
                || lits.iter().any(|w| {
                    matches!(*w, "-F" | "-X" | "-D" | "-W" | "--flush" | "--destroy" | "--del" | "--swap")
                }) =>
        {
            de("`ipset` empties, destroys or swaps a set, or deletes an entry the firewall matches".into())
        }
        "ssh" | "scp" | "sftp" | "rsync"
            if lits.iter().any(|w| {
                let w = w.to_ascii_lowercase();
                w.contains("proxycommand")
                    || w.contains("localcommand")
                    || w.contains("knownhostscommand")
                    || w.contains("proxyusefdpass")
                    // Libraries it loads, configuration it includes, a
                    // command the server runs instead of the card's.
                    || w.contains("pkcs11provider")
                    || w.contains("securitykeyprovider")
                    || ["include=", "include "]
                        .iter()
                        .any(|k| w.strip_prefix("-o").unwrap_or(&w).starts_with(k))
                    || w.contains("remotecommand")
            }) || (name != "ssh"
                && remote_shell(lits).is_some_and(|v| v != "ssh" && !v.starts_with("ssh ")))
                || (matches!(name, "ssh" | "sftp") && has("-F"))
                || (name == "sftp" && lits.iter().any(|w| w.starts_with("-F"))) =>
        {
            de(format!(
                "`{name}` runs a program of its own choosing (a proxy or remote shell)"
            ))
        }
        // snmpset(1) sets objects on a device: a switch port's
        // `ifAdminStatus`, a PDU's outlet, a UPS's shutdown (blind corpus
        // 161); what it switches off is not read from its words.
        "snmpset" => de("`snmpset` sets values on a device, switching ports, outlets or power off".into()),
        // (A v3 user's keys changed, an access entry or group removed on
        // the agent: its pollers locked out; review 115.)
        "snmpusm" | "snmpvacm" => de(format!("`{name}` changes who may use the device's agent, locking pollers out")),
        // (check_tcp sends `-s`'s text to the port: `FLUSHALL\r\n` to
        // Redis; review 115.)
        "check_tcp"
            if lits.iter().any(|w| {
                matches!(*w, "-s" | "--send" | "-q" | "--quit") || w.starts_with("--send=") || w.starts_with("--quit=")
            }) =>
        {
            de("`check_tcp` sends text a service may act on (`FLUSHALL`, `SHUTDOWN`)".into())
        }

        "tcpdump" if lits.iter().any(|w| w.starts_with("-z")) => {
            de("`tcpdump -z` runs a program on each file it writes".into())
        }
        "iptables" | "ip6tables" | "iptables-nft" | "iptables-legacy"
            if lits.iter().any(|w| matches!(*w, "DROP" | "REJECT"))
                && lits
                    .iter()
                    .any(|w| matches!(*w, "-I" | "-A" | "--insert" | "--append")) =>
        {
            de("`iptables` adds a rule that drops traffic, which can cut off SSH".into())
        }
        // ipfw(8): every rule flushed or deleted, or the firewall off (the
        // kernel's default rule denies; review 128).
        "ipfw"
            if lits.iter().any(|w| matches!(*w, "flush" | "delete" | "disable"))
                || lits.iter().any(|w| matches!(*w, "deny" | "reset" | "unreach")) =>
        {
            de("`ipfw` flushes or deletes rules, or blocks traffic: SSH may be cut".into())
        }
        // pfctl(8) (pf on OPNsense, pfSense, the BSDs): the firewall off
        // (as `ufw disable`), its rules or a table's addresses flushed,
        // deleted or replaced (blind corpus 64). (States killed and
        // counters zeroed are changes, as `conntrack -F` and `iptables
        // -Z` are.)
        "pfctl"
            // (A table command by any unique prefix, `-T fl`, `-Tr`;
            // review 61.)
            if lits.iter().enumerate().any(|(i, w)| {
                let table_command = w
                    .strip_prefix("-T")
                    .filter(|v| !v.is_empty())
                    .or_else(|| (*w == "-T").then(|| lits.get(i + 1).copied()).flatten());
                (w.starts_with('-') && !w.starts_with("--") && !w.starts_with("-T") && w.contains(['d', 'F']))
                    || matches!(*w, "flush" | "delete" | "replace" | "expire")
                    || table_command.is_some_and(|c| {
                        !c.is_empty()
                            && ["flush", "delete", "replace", "expire", "kill"]
                                .iter()
                                .any(|v| v.starts_with(c))
                    })
            }) =>
        {
            de("`pfctl` turns pf off, or flushes rules or a table's addresses".into())
        }
        // firewalld (blind corpus 199): panic mode drops every packet; a
        // default zone or a target that drops, SSH's service or port taken
        // out, a rich rule that drops or rejects: each can cut off SSH.
        "firewall-cmd" | "firewall-offline-cmd" if firewalld_cuts_access(lits) => {
            de("`firewall-cmd` drops traffic or stops allowing SSH, which can cut off access".into())
        }
        "ufw" if matches!(verb, Some("deny" | "reject")) => {
            de("`ufw` blocks traffic, which can cut off SSH".into())
        }
        // The firewall or the containers' confinement turned off by a
        // setting, as `pve-firewall stop` turns it off (thirty-first
        // review): every port open, every profile unloaded.
        "ufw" if matches!(verb, Some("disable" | "reset")) => {
            de("`ufw` turns the firewall off, opening every port".into())
        }
        // (Turned on, its default policy denies what no rule allows: SSH
        // among it, unless a rule was added first; blind corpora 158,
        // 162.)
        "ufw" if verb == Some("enable") => {
            de("`ufw enable` turns the firewall on, whose default policy can cut off SSH".into())
        }
        "iptables" | "ip6tables" | "iptables-nft" | "iptables-legacy"
            if lits
                .iter()
                .any(|w| matches!(*w, "-P" | "--policy"))
                && lits.contains(&"ACCEPT") =>
        {
            de("`iptables -P … ACCEPT` lets every packet through a chain".into())
        }
        "aa-teardown" => de("`aa-teardown` unloads every AppArmor profile, the containers' too".into()),
        "aa-complain" | "aa-disable" => {
            de(format!("`{name}` stops AppArmor from enforcing a profile"))
        }
        "tc" if lits
            .iter()
            .any(|w| matches!(*w, "loss" | "blackhole" | "drop")) =>
        {
            de("`tc` drops traffic".into())
        }
        // A shaper or policer held under 1 Mbit/s (`tbf rate 1kbit`): the
        // link, or the class, all but stops (blind corpus 225).
        // (Its verb by any prefix tc(8) matches, `repl`, `ch`; cake's
        // `bandwidth` and fq's `maxrate` too; a `plug` queue holds every
        // packet; review 138.)
        "tc" if lits.get(1).is_some_and(|v| {
            !v.is_empty() && ["add", "change", "replace"].iter().any(|x| x.starts_with(v))
        }) && (lits.windows(2).any(|p| {
            // (An HTB class's `rate` is its floor when a `ceil` lets it
            // borrow: the ceiling is its limit.)
            let limits: &[&str] = if lits.contains(&"ceil") {
                &["ceil"]
            } else {
                &["rate", "bandwidth", "maxrate"]
            };
            limits.contains(&p[0]) && tc_rate(p[1]).is_some_and(|bits| bits < 1e6)
        }) || lits.contains(&"plug")
            // (netem holding each packet 10 s or more, a FIFO of no
            // packets; review 138.)
            || lits.windows(2).any(|p| {
                p[0] == "delay" && p[1].strip_suffix('s').filter(|v| !v.ends_with(['m', 'u'])).and_then(|v| v.parse::<f64>().ok()).is_some_and(|secs| secs >= 10.0)
            })
            || (lits.iter().any(|w| matches!(*w, "pfifo" | "bfifo")) && lits.windows(2).any(|p| p == ["limit", "0"]))) =>
        {
            de("`tc` holds a link or class under 1 Mbit/s, or every packet, which all but stops its traffic".into())
        }
        // An uplink's VLAN changed (`ovs-vsctl set port eno1 tag=999`):
        // the host's own traffic leaves on another VLAN (blind corpus
        // 225).
        // (Tables and columns by any unique prefix, in any case
        // (ovs-vsctl's `score_partial_match`); any port but a guest's
        // own (`tap…`, `veth…`, the firewall's `fw…`): the bridge's
        // internal port carries the host's address; review 138.)
        "ovs-vsctl"
            if lits.windows(3).any(|p| {
                p[0] == "set"
                    && p[1].len() >= 2
                    && "port".starts_with(p[1].to_ascii_lowercase().as_str())
                    && !["tap", "veth", "fwpr", "fwln", "fwbr"].iter().any(|g| p[2].starts_with(g))
            }) && lits.iter().any(|w| {
                w.split_once('=').is_some_and(|(column, _)| {
                    let column = column.to_ascii_lowercase();
                    column.len() >= 2 && ["tag", "trunks", "vlan_mode"].iter().any(|c| c.starts_with(column.as_str()))
                })
            }) =>
        {
            de("`ovs-vsctl` moves a host port to other VLANs, which can cut the host off".into())
        }
        // (A bridge in `secure` fail mode forwards nothing without a
        // controller's flows; review 138.)
        "ovs-vsctl" if lits.windows(2).any(|p| p[0] == "set-fail-mode" ) && lits.contains(&"secure") => {
            de("`ovs-vsctl set-fail-mode … secure` leaves a bridge without flows: it forwards nothing".into())
        }
        "brctl" if matches!(verb, Some("delif" | "delbr")) => {
            de("`brctl` takes a bridge or its port away".into())
        }
        "ip" if has("nomaster") || (has("link") && has("del")) => {
            de("`ip` takes an interface out of its bridge or deletes it".into())
        }
        // (Blind corpus 69: a rule or route that drops or refuses
        // traffic (`ip rule add blackhole`, a default route to nowhere);
        // any change to vmbr0, the bridge Proxmox puts the host's own
        // address on (its MTU, VLAN filtering, its state).)
        // (`ip route flush`, any prefix: every route of the table gone;
        // review 66.)
        "ip" if lits.iter().any(|w| !w.is_empty() && "route".starts_with(w))
            && lits.iter().any(|w| !w.is_empty() && "flush".starts_with(w)) =>
        {
            de("`ip route flush` takes every route of the table away".into())
        }
        "ip" if lits.iter().any(|w| {
            // (Any prefix ip(8) takes: `ip ro`, `ip r`, `ip ru`.)
            (!w.is_empty() && "route".starts_with(w)) || (w.len() >= 2 && "rule".starts_with(w))
        })
            && lits.iter().any(|w| matches!(*w, "add" | "a" | "replace" | "change" | "append"))
            && lits.iter().any(|w| matches!(*w, "blackhole" | "unreachable" | "prohibit")) =>
        {
            de("`ip` adds a rule or route that drops or refuses traffic".into())
        }
        "ip" if has("link")
            && lits.iter().any(|w| matches!(*w, "set" | "s" | "change"))
            && lits.iter().any(|w| matches!(*w, "vmbr0" | "dev=vmbr0")) =>
        {
            de("`ip link set` changes vmbr0, the bridge the host's own address is on".into())
        }
        // (Blind corpus 69: Open vSwitch's configuration reset or a bridge
        // or port deleted, every flow deleted, the switch daemon told to
        // exit.)
        "ovs-vsctl" if lits.contains(&"--") && lits.iter().any(|w| {
            matches!(*w, "emer-reset" | "del-br" | "del-port" | "del-manager" | "del-ssl" | "del-controller")
        }) =>
        {
            de("`ovs-vsctl` resets Open vSwitch's configuration or deletes a bridge, port or manager".into())
        }
        "ovs-vsctl"
            if lits
                .iter()
                .any(|w| matches!(*w, "emer-reset" | "del-br" | "del-port" | "del-fail-mode" | "del-controller")) =>
        {
            de("`ovs-vsctl` resets Open vSwitch's configuration or deletes a bridge or port".into())
        }
        "ovs-ofctl" if lits.iter().any(|w| matches!(*w, "del-flows" | "del-groups" | "del-meters" | "replace-flows")) => {
            de("`ovs-ofctl` deletes or replaces a bridge's flows".into())
        }
        "ovs-appctl"
            if lits
                .iter()
                .any(|w| matches!(*w, "exit" | "revalidator/purge" | "ovsdb-server/remove-db")) =>
        {
            de("`ovs-appctl` stops the switch daemon or purges its flows".into())
        }
        // (A port's STP state set: `state 0` disables it, and any other
        // state but forwarding drops its traffic; blind corpus 156.)
        // (`s`, `se`: set, by bridge(8)'s prefix matching.)
        "bridge" if has("link") && lits.iter().any(|w| !w.is_empty() && "set".starts_with(w)) && has("state") => {
            de("`bridge link set … state` stops a bridge port forwarding".into())
        }
        "bridge" if has("vlan") && has("del") && lits.windows(2).any(|p| p[0] == "vid" && p[1] == "1") => {
            de("`bridge vlan del … vid 1` takes the untagged VLAN (the host's own) off a port".into())
        }
        // nft(8): a chain on the input hook whose policy drops: every
        // packet the ruleset does not accept, SSH's among them.
        "nft" if {
            let text = lits.join(" ").to_ascii_lowercase();
            let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
            text.contains("hook input") && text.contains("policy drop")
        } =>
        {
            de("`nft` makes an input chain whose policy drops every other packet, SSH's among them".into())
        }
        // A rule that drops or rejects, or a chain's policy set to drop
        // (`nft add rule inet filter input drop`, `nft chain … '{ policy
        // drop; }'`): as iptables' `-j DROP` (review 92).
        "nft" if {
            let text = lits.join(" ").to_ascii_lowercase();
            let tokens: Vec<&str> = text
                .split(|c: char| c.is_whitespace() || matches!(c, '{' | '}' | ';'))
                .filter(|t| !t.is_empty())
                .collect();
            let rule = tokens.windows(2).any(|p| {
                matches!(p[0], "add" | "insert" | "replace" | "create" | "a" | "i") && p[1] == "rule"
            });
            let blocks = tokens.iter().any(|t| matches!(*t, "drop" | "reject"));
            let policy = tokens.windows(2).any(|p| p == ["policy", "drop"]);
            (rule && blocks) || policy
        } =>
        {
            de("`nft` adds a rule or a policy that drops or refuses traffic".into())
        }
        // An interface taken down or its address removed, as `ifdown`
        // (review 92): NetworkManager's networking off, a device or
        // connection down; ifconfig's `down` or `0.0.0.0`.
        "nmcli"
            if {
                let words: Vec<&str> = lits.iter().copied().filter(|w| !w.starts_with('-')).collect();
                let prefix = |w: &str, of: &str| !w.is_empty() && of.starts_with(w);
                match words.as_slice() {
                    [n, off, ..] => {
                        (prefix(n, "networking") && *off == "off")
                            || ((prefix(n, "device") || prefix(n, "connection"))
                                && (prefix(off, "disconnect") || *off == "down" || prefix(off, "delete")))
                    }
                    _ => false,
                }
            } =>
        {
            de("`nmcli` takes networking, a device or a connection down, which can cut the host off".into())
        }
        "ifconfig" if lits.iter().any(|w| matches!(*w, "down" | "0.0.0.0" | "0")) && lits.len() >= 2 => {
            de("`ifconfig` takes an interface down or removes its address".into())
        }
        // firewalld's panic mode drops every packet, SSH's among them.
        "firewall-cmd" if lits.contains(&"--panic-on") => {
            de("`firewall-cmd --panic-on` drops every packet, SSH's among them".into())
        }
        // A default route replaced or changed: the host may lose its way
        // out and back (review 92).
        "ip" if lits.iter().any(|w| !w.is_empty() && "route".starts_with(w))
            && lits.iter().any(|w| matches!(*w, "replace" | "change" | "del" | "delete"))
            && lits.iter().any(|w| matches!(*w, "default" | "0.0.0.0/0" | "::/0")) =>
        {
            de("`ip route` replaces or removes the default route, the host's way out and back".into())
        }
        "wget"
            if lits.iter().any(|w| {
                w.strip_prefix("--meth")
                    .is_some_and(|m| m.to_ascii_uppercase().contains("DELETE"))
            }) || lits
                .windows(2)
                .any(|p| p[0].starts_with("--meth") && p[1].eq_ignore_ascii_case("DELETE")) =>
        {
            de("`wget` sends a DELETE request".into())
        }
        // (HTTPie and xh as the curl line that sends the same request.)
        "http" | "https" | "xh" | "xhs" => {
            let args: Vec<crate::words::Arg> =
                lits.iter().map(|w| crate::words::Arg::literal_of(*w)).collect();
            let curl = super::super::programs::httpie::as_curl(&args, "http")?;
            let curl: Vec<&str> = curl.iter().map(crate::words::Arg::raw).collect();
            // (Its output file however spelled, `--ou FILE`, over one the
            // host needs; review 138.)
            if let Some(path) = curl.windows(2).find(|p| p[0] == "-o" && critical(p[1])).map(|p| p[1]) {
                return de(format!("`{name}` writes its output over {path}, which the host needs"));
            }
            super::super::programs::curl::loses(&curl).and_then(|why| de(format!("`{name}` {why}")))
        }
        "curl" => super::super::programs::curl::loses(lits).and_then(|why| de(format!("`curl` {why}"))),
        "ethtool"
            if lits.iter().any(|w| {
                matches!(
                    *w,
                    "--reset" | "-r" | "--flash" | "-f" | "-E" | "--change-eeprom"
                )
            }) =>
        {
            de("`ethtool` resets, flashes or rewrites a network card".into())
        }
        // `ethtool -s DEV speed|duplex|autoneg|port …` renegotiates the
        // link, which drops it (for good when the far end disagrees).
        // (An offline self-test takes the link down while it runs; blind
        // corpus 156.)
        "ethtool" if lits.iter().any(|w| matches!(*w, "-t" | "--test")) && has("offline") => {
            de("`ethtool -t … offline` takes the link down for its test".into())
        }
        "ethtool" if lits.iter().any(|w| matches!(*w, "-s" | "--change")) => {
            de("`ethtool -s` changes the link's settings, which takes it down".into())
        }
        // A file client's own commands that delete on the server
        // (smbclient's `del`, `deltree`, `rm`, `rmdir`; lftp's `rm`,
        // `rmdir`, `mrm`, `glob rm`; blind corpus 80), in `-c`/`-e` text.
        "smbclient" | "lftp" if client_commands_delete(lits) => {
            de(format!("`{name}` deletes files on the server"))
        }
        "nc" | "ncat" | "netcat"
            if lits.iter().any(|w| {
                matches!(*w, "-e" | "-c" | "--exec" | "--sh-exec" | "--lua-exec")
                    || w.starts_with("--exec=")
                    || w.starts_with("--sh-exec=")
            }) =>
        {
            de(format!("`{name}` runs a program for whoever connects"))
        }
        "rsync"
            if lits
                .iter()
                .any(|w| {
                    w.starts_with("--del")
                        || matches!(*w, "--remove-source-files" | "--remove-sent-files")
                })
                && !crate::rules::rsync_dry_run(lits) =>
        {
            de("`rsync` deletes files (`--delete`, `--del`, `--remove-source-files`)".into())
        }
        // `ip vrf exec VRF CMD`, `ip -n NS netns exec …` (options before the
        // object hide the command from the wrapper that judges it).
        "ip" if lits.contains(&"exec")
            && (lits.contains(&"vrf")
                || (lits.contains(&"netns") && lits.first().is_some_and(|w| w.starts_with('-')))) =>
        {
            de("`ip … exec` runs a command that is not judged here".into())
        }
        // (A ban blocks an address, an operator's own among them; blind
        // corpus 162.)
        "fail2ban-client" if verb == Some("set") && has("banip") => {
            de("`fail2ban-client set … banip` blocks an address at the firewall".into())
        }
        // (A released lease takes the interface's address away; blind
        // corpus 156.)
        "dhclient" if lits.iter().any(|w| matches!(*w, "-r" | "-x")) => {
            de("`dhclient -r` releases the interface's address".into())
        }
        "fail2ban-client" if matches!(verb, Some("stop" | "unban")) || has("stop") => {
            de("`fail2ban-client stop` stops the ban service or a jail".into())
        }
        // `tailscale funnel`: a local port published to the whole
        // internet (blind corpus 29: the Proxmox UI's 8006).
        "tailscale" if verb == Some("funnel") && !lits.iter().any(|w| matches!(*w, "status" | "off" | "reset")) => {
            de("`tailscale funnel` publishes a local service to the internet".into())
        }
        "tailscale" | "zerotier-cli" if matches!(verb, Some("down" | "logout" | "leave")) => {
            de(format!("`{name}` takes the host off its network"))
        }
        // swanctl(8): `-t` is `--terminate` as the first option (the
        // command is picked by its letter; review 73).
        // (getopt_long takes any prefix: `--te`, `--term`; review 74.)
        "swanctl"
            if lits.first().is_some_and(|w| {
                *w == "-t" || (w.len() > 3 && "--terminate".starts_with(w))
            }) =>
        {
            de("`swanctl --terminate` takes a tunnel down".into())
        }
        // wg(8) `set IFACE private-key FILE`: the interface's key replaced,
        // which no peer's configuration names (blind corpus 84).
        // `setconf` and `syncconf` make the interface match a file: peers
        // it does not list are gone (review 136).
        "wg" if matches!(verb, Some("setconf" | "syncconf")) => {
            de(format!("`wg {}` replaces the interface's peers with a file's", verb.unwrap_or("setconf")))
        }
        "wg" if verb == Some("set") && has("private-key") => {
            de("`wg set … private-key` replaces the interface's key, which no peer knows".into())
        }
        // openvpn(8) 2.5+ `--genkey TYPE [FILE]`: a new key written over
        // FILE (without one, to standard output).
        "openvpn" if genkey_file(lits).is_some_and(|f| !f.starts_with("/tmp/") && f != "-") => {
            de("`openvpn --genkey` writes a new key over the file it names".into())
        }
        // netfilter-persistent(8): `save` writes the running rules over
        // the saved boot ones (/etc/iptables/rules.v4, rules.v6), `flush`
        // empties the running ones.
        "netfilter-persistent" if lits.iter().any(|w| matches!(*w, "save" | "flush")) => {
            de("`netfilter-persistent` writes over the firewall's boot rules or empties the running ones".into())
        }
        // OpenWrt's sysupgrade(8): flashes the image and reboots (`-n`
        // drops the configuration, `-r` writes a backup over it); only
        // `-T` (test), `-l` (list the backup's files), `-b` (create a
        // backup) and `-h` flash nothing.
        "sysupgrade"
            if !lits.iter().any(|w| {
                matches!(
                    *w,
                    "-T" | "--test" | "-l" | "--list-backup" | "-b" | "--create-backup" | "-h" | "--help"
                )
            }) =>
        {
            de("`sysupgrade` flashes a new firmware (or restores a backup over the configuration) and reboots".into())
        }
        // Floods (blind corpus 217): ping's `-f` sends as fast as replies
        // come back (a hundred a second at least), hping3's `--flood` as
        // fast as it can, nmap's `dos` scripts try to take services down,
        // and masscan at a rate past what a home link carries saturates
        // it: the target, or the lab's network, stops answering.
        "ping" | "ping6" if ping_floods(lits) => {
            de(format!("`{name} -f` floods the target: it and the link may stop answering"))
        }
        "hping3" | "hping" if lits.contains(&"--flood") => {
            de(format!("`{name} --flood` floods the target: it and the link may stop answering"))
        }
        "nmap" if nmap_runs_dos_scripts(lits) => {
            de("`nmap --script` runs `dos` scripts, written to take services down".into())
        }
        "masscan" if masscan_rate(lits).is_some_and(|r| r >= 100_000.0) => {
            de("`masscan` sends at a rate that saturates the lab's links".into())
        }
        // pf does not pick a connection up mid-stream (rules `keep state`
        // with `flags S/SA`): killed states are cut connections, SSH's
        // among them; a ruleset loaded over the running one (`-f` without
        // `-n`) may leave no pass rule (blind corpus 219).
        "pfctl"
            if lits.iter().any(|w| {
                w.starts_with('-')
                    && !w.starts_with("--")
                    && w[1..].chars().take_while(|c| !"aDFiLopstTx".contains(*c)).any(|c| matches!(c, 'k' | 'K' | 'f'))
            }) && !lits.iter().any(|w| w.starts_with('-') && !w.starts_with("--") && w[1..].chars().take_while(|c| !"aDFiLopstTxkKf".contains(*c)).any(|c| c == 'n')) =>
        {
            de("`pfctl` kills states (cutting connections) or loads a ruleset over the running one".into())
        }
        // A wireless link dropped, a radio blocked: a host on Wi-Fi loses
        // its network.
        "iw" if lits.iter().any(|w| matches!(*w, "disconnect" | "del")) || (has("set") && has("down")) => {
            de("`iw` drops a wireless link or removes its interface".into())
        }
        "rfkill"
            if verb == Some("block")
                && lits.iter().any(|w| matches!(*w, "all" | "wlan" | "wifi" | "wwan") || w.parse::<u32>().is_ok()) =>
        {
            de("`rfkill block` turns radios off: a host on Wi-Fi loses its network".into())
        }
        _ => None,
    }
}

/// ping(8) (iputils 20240117): `-f` in any cluster of options, before a
/// letter that takes a value.
/// A rate as tc(8) reads it ("RATES"), in bits a second: a bare number
/// or `bit`, SI (`kbit`, `mbit`, …) and IEC (`kibit`, …) multiples of
/// bits, and `bps` with its multiples in bytes.
fn tc_rate(text: &str) -> Option<f64> {
    let lower = text.to_ascii_lowercase();
    // (strtod's number: an exponent too, `1e3bit`; a share of the link,
    // `0.01%`, taken of 1 Gbit/s; review 138.)
    if let Some(share) = lower.strip_suffix('%') {
        return share.parse::<f64>().ok().map(|p| p / 100.0 * 1e9);
    }
    let mut end = 0;
    for (at, c) in lower.char_indices() {
        let exponent = c == 'e'
            && lower[at + 1..].starts_with(|d: char| d.is_ascii_digit() || d == '-' || d == '+');
        if !(c.is_ascii_digit()
            || c == '.'
            || exponent
            || (matches!(c, '-' | '+') && lower[..at].ends_with('e')))
        {
            break;
        }
        end = at + c.len_utf8();
    }
    let number: f64 = lower[..end].parse().ok()?;
    let factor = match &lower[end..] {
        "" | "bit" => 1.0,
        "kbit" => 1e3,
        "mbit" => 1e6,
        "gbit" => 1e9,
        "tbit" => 1e12,
        "kibit" => 1024.0,
        "mibit" => 1024.0 * 1024.0,
        "gibit" => 1024.0 * 1024.0 * 1024.0,
        "bps" => 8.0,
        "kbps" => 8e3,
        "mbps" => 8e6,
        "gbps" => 8e9,
        "kibps" => 8.0 * 1024.0,
        "mibps" => 8.0 * 1024.0 * 1024.0,
        _ => return None,
    };
    Some(number * factor)
}

fn ping_floods(lits: &[&str]) -> bool {
    lits.iter().any(|w| {
        w.starts_with('-')
            && !w.starts_with("--")
            && w[1..]
                .chars()
                .take_while(|c| !"ceFiIlmMpQsStTwW".contains(*c))
                .any(|c| c == 'f')
    })
}

/// nmap(1): `--script` (or `--script=`) naming the `dos` category, alone
/// or in a list or expression (`dos`, `"dos,vuln"`, `"not intrusive or
/// dos"`).
fn nmap_runs_dos_scripts(lits: &[&str]) -> bool {
    lits.iter().enumerate().any(|(i, w)| {
        let value = match w.strip_prefix("--script=") {
            Some(v) => Some(v),
            None if *w == "--script" => lits.get(i + 1).copied(),
            None => None,
        };
        value.is_some_and(|v| {
            v.to_ascii_lowercase()
                .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '*'))
                .any(|part| part == "dos" || part == "*")
        })
    })
}

/// masscan(8): the packets per second `--rate`/`--max-rate` asks for.
fn masscan_rate(lits: &[&str]) -> Option<f64> {
    lits.iter().enumerate().find_map(|(i, w)| {
        let value = match w.split_once('=') {
            Some(("--rate" | "--max-rate", v)) => Some(v),
            _ if matches!(*w, "--rate" | "--max-rate") => lits.get(i + 1).copied(),
            _ => None,
        };
        value.and_then(|v| v.parse::<f64>().ok())
    })
}

/// Whether a file client's command text (`-c`, `--command`, `-e`, joined
/// or not) holds a command that deletes: its first word in any of the
/// commands split at `;` and line ends.
fn client_commands_delete(lits: &[&str]) -> bool {
    const DELETES: &[&str] = &["del", "deltree", "rm", "rmdir", "mrm", "unlink", "glob"];
    let scripts = lits.iter().enumerate().filter_map(|(i, w)| match *w {
        "-c" | "--command" | "-e" => lits.get(i + 1).copied(),
        _ => w
            .strip_prefix("--command=")
            .or_else(|| w.strip_prefix("-c").filter(|v| !v.is_empty()))
            .or_else(|| w.strip_prefix("-e").filter(|v| !v.is_empty())),
    });
    scripts.into_iter().any(|script| {
        script.split([';', '\n', '&', '|']).any(|command| {
            command
                .split_whitespace()
                .next()
                .is_some_and(|first| DELETES.contains(&first.to_ascii_lowercase().as_str()))
        })
    })
}

/// Whether a firewall-cmd line can cut off access: `--panic-on`, a
/// default zone or zone target that drops or rejects, the `ssh` service
/// or port 22 removed or sent elsewhere, an interface or any source moved
/// into the drop or block zone, a rich rule or direct rule that drops or
/// rejects, a complete reload (established connections' state dropped).
/// Python's argparse takes any unambiguous prefix of an option's name:
/// each is matched so (`--set-default-z=drop`; review 125).
fn firewalld_cuts_access(lits: &[&str]) -> bool {
    // The value of the option `full` in word `i`, by any prefix of its
    // name (at least `--` and three letters), attached or the next word.
    let value = |i: usize, full: &str| -> Option<String> {
        let w = lits[i];
        let (name, attached) = match w.split_once('=') {
            Some((n, v)) => (n, Some(v)),
            None => (w, None),
        };
        let named = name.len() >= 5 && name.starts_with("--") && full.starts_with(name);
        if !named {
            return None;
        }
        attached
            .or_else(|| lits.get(i + 1).copied())
            .map(|v| v.trim_matches(['\'', '"']).to_ascii_lowercase())
    };
    let flag = |i: usize, full: &str| {
        let w = lits[i];
        w.len() >= 5 && w.starts_with("--") && full.starts_with(w)
    };
    let to_blocking_zone = (0..lits.len())
        .any(|i| value(i, "--zone").is_some_and(|z| matches!(z.as_str(), "drop" | "block")));
    (0..lits.len()).any(|i| {
        flag(i, "--panic-on")
            || flag(i, "--complete-reload")
            || value(i, "--set-default-zone")
                .is_some_and(|z| matches!(z.as_str(), "drop" | "block"))
            || value(i, "--set-target")
                .is_some_and(|t| matches!(t.as_str(), "drop" | "reject" | "%%reject%%"))
            || value(i, "--remove-service").is_some_and(|s| s == "ssh")
            || value(i, "--remove-port").is_some_and(|p| p.starts_with("22/"))
            || value(i, "--add-forward-port").is_some_and(|f| f.starts_with("port=22:"))
            || (value(i, "--service").is_some_and(|s| s == "ssh")
                && (0..lits.len()).any(|j| {
                    flag(j, "--set-destination") || value(j, "--set-destination").is_some()
                }))
            || value(i, "--add-rich-rule").is_some_and(|r| {
                r.contains("drop")
                    || r.contains("reject")
                    || (r.contains("forward-port")
                        && (r.contains("port=22 ") || r.contains("port=\"22\"")))
            })
            || (to_blocking_zone
                && [
                    "--change-interface",
                    "--add-interface",
                    "--change-zone",
                    "--add-source",
                    "--change-source",
                ]
                .iter()
                .any(|o| value(i, o).is_some()))
    }) || (lits.contains(&"--direct")
        && lits.iter().any(|w| {
            let w = w.trim_matches(['\'', '"']).to_ascii_lowercase();
            w.contains("drop") || w.contains("reject")
        }))
}
