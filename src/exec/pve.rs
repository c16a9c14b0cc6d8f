//! What a Proxmox VE host offers a new container, read from its own API
//! through `pvesh … --output-format json`: the storages that hold root
//! disks and templates, the templates cached on every one of them, the
//! bridges with their addresses, and cluster quorum. The commands are
//! constants (read-only, nothing from outside in them but validated storage
//! ids); the parsers are pure functions over the JSON text, so each rule
//! has a unit test. API paths use the node name `localhost`, which
//! `pvesh` maps to the node it runs on.

use serde_json::Value;

/// Storages enabled for container root disks.
pub const ROOTDIR_STORAGES: &str =
    "pvesh get /nodes/localhost/storage --content rootdir --enabled 1 --output-format json";
/// Storages enabled for container templates.
pub const TEMPLATE_STORAGES: &str =
    "pvesh get /nodes/localhost/storage --content vztmpl --enabled 1 --output-format json";
/// Every storage of the host, with its type (for what a volume on it can do).
pub const ALL_STORAGES: &str = "pvesh get /nodes/localhost/storage --output-format json";
/// The host's bridges (Linux and OVS) with their configured addresses.
pub const BRIDGES: &str =
    "pvesh get /nodes/localhost/network --type any_bridge --output-format json";
/// The cluster's members and, in a cluster, its quorum.
pub const CLUSTER_STATUS: &str = "pvesh get /cluster/status --output-format json";

/// The templates cached on `storage` (an id [`storage_id_ok`] accepted).
pub fn template_content(storage: &str) -> String {
    format!(
        "pvesh get /nodes/localhost/storage/{storage}/content --content vztmpl --output-format json"
    )
}

/// One storage as the host reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Storage {
    pub id: String,
    /// `dir`, `lvmthin`, `zfspool`, `btrfs`, `rbd`, …
    pub kind: String,
    /// Free bytes, when the storage is active and says.
    pub avail: Option<u64>,
}

/// One bridge of the host.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bridge {
    pub name: String,
    /// Its IPv4 address with prefix, when it has one configured.
    pub cidr: Option<String>,
}

/// Whether the cluster can take a new guest.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Quorum {
    /// A single node, no cluster: nothing to agree with.
    Standalone,
    Quorate,
    /// A cluster without quorum: `/etc/pve` is read-only, `pct create` fails.
    Lost,
}

/// Why a host's answer could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("cannot read {what} from the host's answer: {why}")]
pub struct ParseError {
    pub what: &'static str,
    pub why: String,
}

fn array(json: &str, what: &'static str) -> Result<Vec<Value>, ParseError> {
    let value: Value = serde_json::from_str(json.trim()).map_err(|e| ParseError {
        what,
        why: e.to_string(),
    })?;
    match value {
        Value::Array(items) => Ok(items),
        other => Err(ParseError {
            what,
            why: format!("expected a JSON array, got {}", kind_of(&other)),
        }),
    }
}

fn kind_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

fn text<'a>(item: &'a Value, key: &str) -> Option<&'a str> {
    item.get(key).and_then(Value::as_str)
}

/// A number the API may send as a number or a string.
fn number(item: &Value, key: &str) -> Option<u64> {
    let v = item.get(key)?;
    v.as_u64().or_else(|| v.as_str()?.parse().ok())
}

/// Whether `id` is a storage id as Proxmox defines them
/// (`pve-storage-id`: a lower-case letter, then letters, digits, `-`, `_`,
/// `.`, ending in a letter or digit). Ids that are not are never put in a
/// command.
pub fn storage_id_ok(id: &str) -> bool {
    let bytes = id.as_bytes();
    let inner = |b: &u8| b.is_ascii_lowercase() || b.is_ascii_digit() || b"-_.".contains(b);
    match (bytes.first(), bytes.last()) {
        (Some(first), Some(last)) => {
            first.is_ascii_lowercase()
                && (last.is_ascii_lowercase() || last.is_ascii_digit())
                && bytes.iter().all(inner)
        }
        _ => false,
    }
}

/// The storages in a `/nodes/…/storage` answer that are online (an
/// enabled storage whose NFS share is down is listed with `active: 0`, and
/// `pct create` on it fails), with valid ids only.
pub fn storages(json: &str) -> Result<Vec<Storage>, ParseError> {
    Ok(array(json, "the storage list")?
        .iter()
        .filter(|item| number(item, "active") != Some(0))
        .filter_map(|item| {
            let id = text(item, "storage")?;
            storage_id_ok(id).then(|| Storage {
                id: id.to_string(),
                kind: text(item, "type").unwrap_or("").to_string(),
                avail: number(item, "avail"),
            })
        })
        .collect())
}

/// The volume ids in a `/nodes/…/storage/…/content` answer.
pub fn volids(json: &str) -> Result<Vec<String>, ParseError> {
    Ok(array(json, "the template list")?
        .iter()
        .filter_map(|item| text(item, "volid"))
        .filter(|id| id.contains(":vztmpl/"))
        .map(str::to_string)
        .collect())
}

/// The bridges in a `/nodes/…/network` answer that are up (one only
/// configured, `active: 0`, makes `pct start` fail with "bridge does not
/// exist").
pub fn bridges(json: &str) -> Result<Vec<Bridge>, ParseError> {
    Ok(array(json, "the network list")?
        .iter()
        .filter(|item| number(item, "active") != Some(0))
        .filter_map(|item| {
            let name = text(item, "iface")?;
            let cidr = text(item, "cidr").map(str::to_string).or_else(|| {
                let address = text(item, "address")?;
                Some(match text(item, "netmask") {
                    Some(mask) => format!("{address}/{mask}"),
                    None => address.to_string(),
                })
            });
            Some(Bridge {
                name: name.to_string(),
                cidr,
            })
        })
        .collect())
}

/// The quorum in a `/cluster/status` answer: a `cluster` entry (present
/// only on a clustered node) carries `quorate`.
pub fn quorum(json: &str) -> Result<Quorum, ParseError> {
    let items = array(json, "the cluster status")?;
    Ok(
        match items.iter().find(|i| text(i, "type") == Some("cluster")) {
            None => Quorum::Standalone,
            Some(cluster) if number(cluster, "quorate") == Some(1) => Quorum::Quorate,
            Some(_) => Quorum::Lost,
        },
    )
}

/// Runs one of the read-only commands above on a host and returns its
/// standard output (`pct_create` records each as a step; `nomos doctor`
/// only reads).
pub trait HostRead {
    type Error: From<ParseError>;
    fn read(
        &mut self,
        command: String,
    ) -> impl std::future::Future<Output = Result<String, Self::Error>> + Send;
}

/// Everything a host offers a new container, as its API says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Offer {
    pub quorum: Quorum,
    /// Storages that take root disks.
    pub rootdir: Vec<Storage>,
    /// Storages that hold templates.
    pub holders: Vec<Storage>,
    /// The templates cached on all of them.
    pub cached: Vec<String>,
    pub bridges: Vec<Bridge>,
}

/// Reads what the host offers (quorum first, then storages, templates on
/// every holder, bridges).
pub async fn offer<R: HostRead>(host: &mut R) -> Result<Offer, R::Error> {
    let quorum = quorum(&host.read(CLUSTER_STATUS.to_string()).await?)?;
    let rootdir = storages(&host.read(ROOTDIR_STORAGES.to_string()).await?)?;
    let holders = storages(&host.read(TEMPLATE_STORAGES.to_string()).await?)?;
    let mut cached = Vec::new();
    for holder in &holders {
        cached.extend(volids(&host.read(template_content(&holder.id)).await?)?);
    }
    let bridges = bridges(&host.read(BRIDGES.to_string()).await?)?;
    Ok(Offer {
        quorum,
        rootdir,
        holders,
        cached,
        bridges,
    })
}

/// Storage types that give a container's disk thin provisioning and
/// snapshots, preferred when nothing says which storage to use.
const PREFERRED_KINDS: &[&str] = &["zfspool", "lvmthin", "btrfs", "rbd"];

/// Chooses the storage for a root disk among those that take one: the
/// one asked for, else the inventory's `rootfs_storage` for the host, else
/// the only one, else a thin-provisioning one with the most free space.
pub fn choose_storage(
    requested: Option<&str>,
    configured: Option<&str>,
    available: &[Storage],
) -> Result<String, String> {
    let names = || {
        available
            .iter()
            .map(|s| format!("{} ({})", s.id, s.kind))
            .collect::<Vec<_>>()
            .join(", ")
    };
    if available.is_empty() {
        return Err(
            "the host has no enabled storage for container root disks (content `rootdir`): \
             add one in Datacenter → Storage, or enable `Container` content on one"
                .to_string(),
        );
    }
    for (wanted, source) in [
        (requested, "asked for"),
        (configured, "the inventory's rootfs_storage"),
    ] {
        if let Some(id) = wanted {
            return match available.iter().find(|s| s.id == id) {
                Some(s) => Ok(s.id.clone()),
                None => Err(format!(
                    "storage `{id}` ({source}) does not take container root disks on this host; it has: {}",
                    names()
                )),
            };
        }
    }
    let best = available
        .iter()
        .max_by_key(|s| {
            (
                PREFERRED_KINDS.contains(&s.kind.as_str()),
                s.avail.unwrap_or(0),
            )
        })
        .map(|s| s.id.clone());
    best.ok_or_else(names)
}

/// A standard Debian template's release and version
/// (`debian-12-standard_12.12-1_amd64.tar.zst` → 12, [12, 12, 1]); `None`
/// for anything else (TurnKey appliances built on Debian included).
pub fn standard_debian(volid: &str) -> Option<(u64, Vec<u64>)> {
    let file = volid.rsplit('/').next().unwrap_or(volid);
    let rest = file.strip_prefix("debian-")?;
    let (release, rest) = rest.split_once("-standard_")?;
    let release: u64 = release.parse().ok()?;
    let (version, _arch_and_ext) = rest.split_once('_')?;
    let parts: Option<Vec<u64>> = version.split(['.', '-']).map(|p| p.parse().ok()).collect();
    Some((release, parts?))
}

/// The newest standard Debian template among `volids`.
pub fn newest_debian(volids: &[String]) -> Option<&String> {
    volids
        .iter()
        .filter_map(|v| standard_debian(v).map(|key| (key, v)))
        .max_by(|(a, _), (b, _)| a.cmp(b))
        .map(|(_, v)| v)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn volids_of(names: &[&str]) -> Vec<String> {
        names.iter().map(|n| n.to_string()).collect()
    }

    #[test]
    fn only_standard_debian_templates_count_newest_by_version() {
        let cached = volids_of(&[
            "local:vztmpl/debian-12-turnkey-wordpress_18.2-1_amd64.tar.gz",
            "local:vztmpl/debian-12-standard_12.12-1_amd64.tar.zst",
            "nas:vztmpl/debian-12-standard_12.7-1_amd64.tar.zst",
            "local:vztmpl/ubuntu-24.04-standard_24.04-2_amd64.tar.zst",
            "local:vztmpl/debian-11-standard_11.7-1_amd64.tar.zst",
        ]);
        assert_eq!(
            newest_debian(&cached).map(String::as_str),
            Some("local:vztmpl/debian-12-standard_12.12-1_amd64.tar.zst")
        );
        let with_13 = [
            cached.clone(),
            volids_of(&["nas:vztmpl/debian-13-standard_13.1-2_amd64.tar.zst"]),
        ]
        .concat();
        assert_eq!(
            newest_debian(&with_13).map(String::as_str),
            Some("nas:vztmpl/debian-13-standard_13.1-2_amd64.tar.zst")
        );
        let turnkey_only = volids_of(&["local:vztmpl/debian-12-turnkey-core_18.0-1_amd64.tar.gz"]);
        assert_eq!(newest_debian(&turnkey_only), None);
        assert_eq!(
            standard_debian("local:vztmpl/debian-x-standard_1_amd64.tar.zst"),
            None
        );
    }

    #[test]
    fn storage_is_asked_for_configured_or_the_best_thin_one() {
        let zfs_host = storages(
            r#"[{"storage":"local","type":"dir","avail":90000000000,"content":"iso,vztmpl,backup,rootdir"},
                {"storage":"local-zfs","type":"zfspool","avail":800000000000,"content":"images,rootdir"}]"#,
        )
        .expect("parses");
        assert_eq!(
            choose_storage(None, None, &zfs_host),
            Ok("local-zfs".into())
        );
        assert_eq!(
            choose_storage(Some("local"), None, &zfs_host),
            Ok("local".into())
        );
        assert_eq!(
            choose_storage(None, Some("local"), &zfs_host),
            Ok("local".into())
        );
        let err = choose_storage(Some("local-lvm"), None, &zfs_host).unwrap_err();
        assert!(
            err.contains("local-lvm") && err.contains("local-zfs (zfspool)"),
            "{err}"
        );
        let err = choose_storage(None, None, &[]).unwrap_err();
        assert!(err.contains("no enabled storage"), "{err}");
        let dir_only = storages(
            r#"[{"storage":"local","type":"dir"},{"storage":"nfs","type":"nfs","active":0}]"#,
        )
        .expect("parses");
        assert_eq!(
            dir_only.len(),
            1,
            "an offline storage is not offered: {dir_only:?}"
        );
        assert_eq!(choose_storage(None, None, &dir_only), Ok("local".into()));
        // Ids Proxmox would not accept never reach a command.
        let odd =
            storages(r#"[{"storage":"x; reboot","type":"dir"},{"storage":"Bad","type":"dir"}]"#)
                .expect("parses");
        assert!(odd.is_empty(), "{odd:?}");
    }

    #[test]
    fn bridges_quorum_and_bad_answers() {
        let nets = bridges(
            r#"[{"iface":"vmbr0","type":"bridge","cidr":"192.168.1.5/24","address":"192.168.1.5","netmask":"24"},
                {"iface":"vmbr1","type":"bridge","active":1},
                {"iface":"vmbr2","type":"OVSBridge","address":"10.0.0.1","netmask":"255.255.255.0"},
                {"iface":"vmbr3","type":"bridge","active":0}]"#,
        )
        .expect("parses");
        assert_eq!(
            nets.len(),
            3,
            "a bridge that is not up is no bridge: {nets:?}"
        );
        assert_eq!(nets[0].cidr.as_deref(), Some("192.168.1.5/24"));
        assert_eq!(nets[1].cidr, None);
        assert_eq!(nets[2].cidr.as_deref(), Some("10.0.0.1/255.255.255.0"));
        assert_eq!(
            quorum(r#"[{"type":"node","name":"pve","local":1}]"#),
            Ok(Quorum::Standalone)
        );
        assert_eq!(
            quorum(r#"[{"type":"cluster","quorate":1,"nodes":2},{"type":"node","name":"a"}]"#),
            Ok(Quorum::Quorate)
        );
        assert_eq!(
            quorum(r#"[{"type":"cluster","quorate":0}]"#),
            Ok(Quorum::Lost)
        );
        let err = storages("┌──────┐ a table").unwrap_err();
        assert!(err.to_string().contains("storage list"), "{err}");
        assert!(
            volids(r#"{"data":[]}"#)
                .unwrap_err()
                .why
                .contains("an object")
        );
        assert_eq!(
            volids(r#"[{"volid":"local:vztmpl/a.tar.zst"},{"volid":"local:iso/x.iso"}]"#),
            Ok(vec!["local:vztmpl/a.tar.zst".to_string()])
        );
    }
}
