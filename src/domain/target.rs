//! Hosts and containers as the store keeps them: one `Transport`, and the
//! typed attributes the inventory writes, the executor reads and
//! `pct_create` writes again, so a key is spelled in one place.
//!
//! Attributes are stored as a JSON object on the entity; the named fields
//! below are the ones Nomos itself reads, and anything else an operator
//! wrote in the inventory's `attributes:` rides along in `extra`.

use std::path::PathBuf;

use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{Map, Value};

use super::text::text_enum;

/// Where work runs: a host (`host:NAME`) or a container (`lxc:NAME`), as
/// the inventory's slugs, cards, tools and commands spell it. This type is
/// the one place those prefixes are read or written.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Target {
    Host(String),
    Lxc(String),
}

/// Text that is not `host:NAME` or `lxc:NAME`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a target; use `host:NAME` or `lxc:NAME`")]
pub struct NotATarget(pub String);

impl Target {
    /// The entity kind of a host.
    pub const HOST: &'static str = "host";
    /// The entity kind of a container.
    pub const LXC: &'static str = "lxc";
    /// The entity kinds that are targets, as `list_entities` names them.
    pub const KINDS: [&'static str; 2] = [Target::HOST, Target::LXC];

    pub fn host(name: impl Into<String>) -> Target {
        Target::Host(name.into())
    }

    pub fn lxc(name: impl Into<String>) -> Target {
        Target::Lxc(name.into())
    }

    /// The host's or container's name, without its kind.
    pub fn name(&self) -> &str {
        match self {
            Target::Host(name) | Target::Lxc(name) => name,
        }
    }

    /// The entity kind (`host` or `lxc`).
    pub fn kind(&self) -> &'static str {
        match self {
            Target::Host(_) => Target::HOST,
            Target::Lxc(_) => Target::LXC,
        }
    }

    pub fn is_host(&self) -> bool {
        matches!(self, Target::Host(_))
    }

    /// Whether `text` names a host (`host:NAME`).
    pub fn names_host(text: &str) -> bool {
        text.parse::<Target>().is_ok_and(|t| t.is_host())
    }

    /// A host's name as an attribute or argument may give it: `pve` or
    /// `host:pve`.
    pub fn host_name(text: &str) -> &str {
        let text = text.trim();
        text.strip_prefix(Target::HOST)
            .and_then(|rest| rest.strip_prefix(':'))
            .unwrap_or(text)
    }

    /// The slug of host `name` (`host:NAME`).
    pub fn host_slug(name: &str) -> String {
        Target::host(name).to_string()
    }

    /// The slug of container `name` (`lxc:NAME`).
    pub fn lxc_slug(name: &str) -> String {
        Target::lxc(name).to_string()
    }
}

impl std::str::FromStr for Target {
    type Err = NotATarget;

    /// `host:NAME` or `lxc:NAME` (the kind in any case), with a name that
    /// has no space or colon.
    fn from_str(text: &str) -> Result<Target, NotATarget> {
        let bad = || NotATarget(text.to_string());
        let (kind, name) = text.trim().split_once(':').ok_or_else(bad)?;
        if name.is_empty() || name.contains(|c: char| c.is_whitespace() || c == ':') {
            return Err(bad());
        }
        let kind = kind.to_ascii_lowercase();
        if kind == Target::HOST {
            Ok(Target::host(name))
        } else if kind == Target::LXC {
            Ok(Target::lxc(name))
        } else {
            Err(bad())
        }
    }
}

impl std::fmt::Display for Target {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", self.kind(), self.name())
    }
}

/// How Nomos reaches a host.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Transport {
    /// SSH to the host's address with a key; the host key must be pinned.
    #[default]
    Ssh,
    /// Commands run on the bot's own machine (development and tests only).
    Local,
}

text_enum!(Transport, "transport", {
    Ssh => "ssh",
    Local => "local",
});

/// When Nomos snapshots a container before approved work on it (`[exec]
/// snapshots`, or a host's or container's `snapshots` attribute).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum SnapshotPolicy {
    /// Before config_mutation and destructive work.
    #[default]
    On,
    /// Never.
    Off,
    /// Before destructive work only.
    DestructiveOnly,
}

text_enum!(SnapshotPolicy, "snapshot policy", {
    On => "on",
    Off => "off",
    DestructiveOnly => "destructive",
});

/// What a proposal's card says about a snapshot, decided before approval
/// and kept with the execution's work.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "plan", rename_all = "snake_case")]
pub enum SnapshotPlan {
    /// Nomos snapshots the container before the work runs.
    Take,
    /// The container cannot be snapshotted; the card says why.
    Impossible { why: String },
}

fn is_false(b: &bool) -> bool {
    !b
}

/// A host entity's attributes.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct HostAttrs {
    #[serde(default)]
    pub transport: Transport,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub address: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub port: Option<u16>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub user: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key_path: Option<PathBuf>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub host_key_fingerprint: Option<String>,
    /// `transport: local` only: the folder commands start in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub workdir: Option<PathBuf>,
    /// Where programs are found on the host and in its containers (a
    /// `:`-separated list of absolute folders).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    /// The storage new containers' root disks go on by default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rootfs_storage: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// The Proxmox host that containers without a `host` live on.
    #[serde(default, skip_serializing_if = "is_false")]
    pub default: bool,
    /// Snapshots of its containers before approved work (overrides
    /// `[exec] snapshots`; a container's own attribute overrides this).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub snapshots: Option<SnapshotPolicy>,
    /// Whether `nomos doctor` surveys it as a Proxmox host (the operator
    /// writes `proxmox: true` under `attributes:`; anything else is no).
    #[serde(
        default,
        skip_serializing_if = "is_false",
        deserialize_with = "only_true"
    )]
    pub proxmox: bool,
    /// What the operator added under `attributes:`.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// An `lxc:` entity's attributes.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct LxcAttrs {
    #[serde(deserialize_with = "vmid_number_or_text")]
    pub vmid: u32,
    /// The Proxmox host's name (`strong` or `host:strong`); `None`: the
    /// default host.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub host: Option<String>,
    /// `dhcp` or a CIDR address.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ip: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gateway: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bridge: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// What `pct_create` recorded: the template, whether it started, why
    /// not, and that it made it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub template: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_error: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub created_by: Option<String>,
    /// Snapshots before approved work on it (overrides its host's and
    /// `[exec] snapshots`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub snapshots: Option<SnapshotPolicy>,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

impl LxcAttrs {
    /// The name of its Proxmox host, when it names one.
    pub fn host_name(&self) -> Option<&str> {
        self.host
            .as_deref()
            .filter(|h| !h.is_empty())
            .map(Target::host_name)
    }
}

/// `true` for a JSON `true`, `false` for anything else: a free-form
/// operator attribute never makes a host unreadable.
fn only_true<'de, D: Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
    Ok(matches!(Value::deserialize(d)?, Value::Bool(true)))
}

/// A VMID as a number or as its digits in text (both appear in
/// hand-written inventories and in `pvesh` output).
fn vmid_number_or_text<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    use serde::de::Error;
    match Value::deserialize(d)? {
        Value::Number(n) => n
            .as_u64()
            .and_then(|v| u32::try_from(v).ok())
            .ok_or_else(|| D::Error::custom(format!("vmid {n} is out of range"))),
        Value::String(s) => s
            .trim()
            .parse()
            .map_err(|_| D::Error::custom(format!("vmid `{s}` is not a number"))),
        other => Err(D::Error::custom(format!("vmid {other} is not a number"))),
    }
}

/// Decodes an entity's stored attributes as `T`, naming what is wrong.
pub fn decode<T: serde::de::DeserializeOwned>(attributes: &Value) -> Result<T, String> {
    T::deserialize(attributes).map_err(|e| e.to_string())
}

/// Encodes typed attributes as the JSON object the store keeps.
pub fn encode<T: Serialize>(attributes: &T) -> Value {
    serde_json::to_value(attributes).unwrap_or_else(|_| Value::Object(Map::new()))
}

/// Encodes typed attributes over what the operator wrote: the operator's
/// keys ride along, and a key Nomos itself sets wins.
pub fn encode_over<T: Serialize>(attributes: &T, operator: &Map<String, Value>) -> Value {
    let mut out = operator.clone();
    if let Value::Object(typed) = encode(attributes) {
        out.extend(typed);
    }
    Value::Object(out)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn targets_parse_and_print_one_way() {
        for (text, want) in [
            ("host:pve", Target::host("pve")),
            (" lxc:web ", Target::lxc("web")),
            ("HOST:pve", Target::host("pve")),
            ("Lxc:web-1", Target::lxc("web-1")),
        ] {
            let got: Target = text.parse().expect(text);
            assert_eq!(got, want, "{text}");
            assert_eq!(got.to_string().parse::<Target>(), Ok(got.clone()));
        }
        assert_eq!(Target::lxc("web").to_string(), "lxc:web");
        for bad in [
            "", "pve", "host:", "lxc:", "vm:web", "host:a b", "lxc:a:b", ":web",
        ] {
            let err = bad.parse::<Target>().expect_err(bad);
            assert!(err.to_string().contains("host:NAME"), "{err}");
        }
        assert!(Target::names_host("host:pve") && !Target::names_host("lxc:pve"));
        assert!(!Target::names_host(" hostile:pve"));
        assert_eq!(Target::host_name("host:pve"), "pve");
        assert_eq!(Target::host_name("pve"), "pve");
    }

    #[test]
    fn host_attributes_keep_what_the_operator_added() {
        let stored = json!({"transport": "local", "workdir": "/srv", "rack": 3, "default": true});
        let host: HostAttrs = decode(&stored).unwrap();
        assert_eq!(host.transport, Transport::Local);
        assert!(host.default);
        assert_eq!(host.extra.get("rack"), Some(&json!(3)));
        assert_eq!(encode(&host), stored);
        let ssh: HostAttrs = decode(&json!({})).unwrap();
        assert_eq!(ssh.transport, Transport::Ssh);
        let bad = decode::<HostAttrs>(&json!({"transport": "carrier-pigeon"})).unwrap_err();
        assert!(bad.contains("carrier-pigeon"), "{bad}");
    }

    #[test]
    fn vmids_are_read_from_numbers_or_digits() {
        let a: LxcAttrs = decode(&json!({"vmid": "160", "host": "host:pve1"})).unwrap();
        assert_eq!(a.vmid, 160);
        assert_eq!(a.host_name(), Some("pve1"));
        assert!(decode::<LxcAttrs>(&json!({"vmid": -1})).is_err());
        assert!(decode::<LxcAttrs>(&json!({"host": "pve1"})).is_err());
    }
}
