//! The inventory (`inventory.yaml`: hosts, networks, LXCs, services,
//! relationships, checks) and knowledge (`knowledge.yaml`: documents,
//! investigations, runbooks) seed files: their format, their validation, and
//! their idempotent import into the store (`nomos seed`).
//!
//! Validation happens in full before anything is written, and reports every
//! problem at once with the item it concerns. The import runs in one
//! transaction and upserts by slug, so running it twice changes nothing.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::fmt;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::domain::Target;
use crate::domain::target::{self, HostAttrs, LxcAttrs};
use crate::domain::{KnowledgeKind, Transport};
use crate::health::specs::{DiskCheck, HttpCheck, PingCheck, TcpCheck, TlsCheck};
use crate::store::entities::{self, NewCheck, NewEntity, Upsert};
use crate::store::knowledge::{self, NewKnowledge};
use crate::store::{Store, StoreError};

#[derive(Debug, thiserror::Error)]
pub enum InventoryError {
    #[error("cannot read {path}: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path} is not valid YAML for this file: {message}")]
    Parse { path: PathBuf, message: String },
    #[error("{path} has {} problem(s):\n  - {}", problems.len(), problems.join("\n  - "))]
    Invalid {
        path: PathBuf,
        problems: Vec<String>,
    },
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Where the seed files are (`[inventory]` in the config).
#[derive(Debug, Clone)]
pub struct InventorySettings {
    pub file: PathBuf,
    pub knowledge_file: Option<PathBuf>,
}

// ---------------------------------------------------------------------------
// inventory.yaml

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Host {
    pub name: String,
    pub transport: Transport,
    pub address: Option<String>,
    pub port: Option<u16>,
    pub user: Option<String>,
    pub key_path: Option<PathBuf>,
    pub host_key_fingerprint: Option<String>,
    /// `transport: local` only: the folder commands start in (and their
    /// HOME), relative to the inventory file's folder. The demo lab's
    /// sandbox uses it; it is a convenience, not a security boundary (the
    /// risk gate is).
    pub workdir: Option<PathBuf>,
    /// Where Nomos finds programs on the host and in its containers: its
    /// own calls (`pct`, `pvesh`, `bash`, `env`, `setsid`) and the
    /// commands it runs. Default over SSH: `/usr/sbin:/usr/bin:/sbin:/bin`
    /// (no `/usr/local`, where a planted program would shadow them); on
    /// the local transport, Nomos's own `PATH`.
    pub path: Option<String>,
    /// Proxmox hosts: the storage new containers' root disks go on when
    /// the request names none (else the best one that takes root disks).
    pub rootfs_storage: Option<String>,
    /// The Proxmox host that LXCs without a `host` fall back to.
    #[serde(default)]
    pub default: bool,
    pub description: Option<String>,
    #[serde(default)]
    pub attributes: Map<String, Value>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Network {
    pub name: String,
    pub cidr: String,
    pub gateway: Option<String>,
    pub bridge: Option<String>,
    pub host: Option<String>,
    pub description: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lxc {
    pub name: String,
    pub vmid: u32,
    /// Proxmox host name; absent means the default host.
    pub host: Option<String>,
    /// `dhcp` or a CIDR address.
    pub ip: Option<String>,
    pub gateway: Option<String>,
    pub bridge: Option<String>,
    pub description: Option<String>,
    #[serde(default)]
    pub attributes: Map<String, Value>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Service {
    pub name: String,
    /// Slug of the entity it runs on (`lxc:caddy`, `host:strong`).
    pub runs_on: String,
    pub url: Option<String>,
    pub port: Option<u16>,
    pub description: Option<String>,
    #[serde(default)]
    pub attributes: Map<String, Value>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Relationship {
    pub from: String,
    pub kind: String,
    pub to: String,
}

/// A health check. Exactly one of the kind tables (`http`, `tcp`, `tls`,
/// `disk`, `ping`) is set; each is strict about its own keys.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Check {
    pub name: String,
    /// Slug of the entity whose health this check observes.
    pub target: String,
    pub interval_secs: i64,
    #[serde(default = "enabled_by_default")]
    pub enabled: bool,
    pub http: Option<HttpCheck>,
    pub tcp: Option<TcpCheck>,
    pub tls: Option<TlsCheck>,
    pub disk: Option<DiskCheck>,
    pub ping: Option<PingCheck>,
}

impl Check {
    /// The kind and settings of this check, when exactly one kind is set.
    fn kind_and_spec(&self) -> Result<(&'static str, Value), String> {
        let set: Vec<(&'static str, Value)> = [
            ("http", self.http.as_ref().map(serde_json::to_value)),
            ("tcp", self.tcp.as_ref().map(serde_json::to_value)),
            ("tls", self.tls.as_ref().map(serde_json::to_value)),
            ("disk", self.disk.as_ref().map(serde_json::to_value)),
            ("ping", self.ping.as_ref().map(serde_json::to_value)),
        ]
        .into_iter()
        .filter_map(|(kind, spec)| spec.and_then(Result::ok).map(|spec| (kind, spec)))
        .collect();
        match <[_; 1]>::try_from(set) {
            Ok([one]) => Ok(one),
            Err(set) => Err(format!(
                "check {} must set exactly one of {} (it sets {})",
                self.name,
                CHECK_KINDS.join(", "),
                if set.is_empty() {
                    "none".to_string()
                } else {
                    set.iter().map(|(k, _)| *k).collect::<Vec<_>>().join(", ")
                }
            )),
        }
    }
}

fn enabled_by_default() -> bool {
    true
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Inventory {
    #[serde(default)]
    pub hosts: Vec<Host>,
    #[serde(default)]
    pub networks: Vec<Network>,
    #[serde(default)]
    pub lxcs: Vec<Lxc>,
    #[serde(default)]
    pub services: Vec<Service>,
    #[serde(default)]
    pub relationships: Vec<Relationship>,
    #[serde(default)]
    pub checks: Vec<Check>,
    /// Commands the operator declares by name, with their risk class.
    #[serde(default)]
    pub actions: Vec<crate::domain::DeclaredAction>,
}

pub const CHECK_KINDS: &[&str] = &["http", "tcp", "tls", "disk", "ping"];

// ---------------------------------------------------------------------------
// knowledge.yaml

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KnowledgeItem {
    pub slug: String,
    pub title: String,
    pub content: String,
    #[serde(default)]
    pub tags: Vec<String>,
    /// Slugs of the entities this is about.
    #[serde(default)]
    pub about: Vec<String>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KnowledgeFile {
    #[serde(default)]
    pub documents: Vec<KnowledgeItem>,
    #[serde(default)]
    pub investigations: Vec<KnowledgeItem>,
    #[serde(default)]
    pub runbooks: Vec<KnowledgeItem>,
}

impl KnowledgeFile {
    /// Every item with its kind (`document`, `investigation`, `runbook`).
    pub fn items(&self) -> impl Iterator<Item = (KnowledgeKind, &KnowledgeItem)> {
        let tag = |kind: KnowledgeKind| move |item| (kind, item);
        self.documents
            .iter()
            .map(tag(KnowledgeKind::Document))
            .chain(
                self.investigations
                    .iter()
                    .map(tag(KnowledgeKind::Investigation)),
            )
            .chain(self.runbooks.iter().map(tag(KnowledgeKind::Runbook)))
    }
}

// ---------------------------------------------------------------------------
// Loading and validation.

fn read_yaml<T: serde::de::DeserializeOwned>(path: &Path) -> Result<T, InventoryError> {
    let text = std::fs::read_to_string(path).map_err(|source| InventoryError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    serde_yaml_ng::from_str(&text).map_err(|e| InventoryError::Parse {
        path: path.to_path_buf(),
        message: e.to_string(),
    })
}

/// An entity's `snapshots` attribute, when it has one, must name a policy.
fn snapshots_problem(slug: &str, attributes: &Map<String, Value>, problems: &mut Vec<String>) {
    let Some(value) = attributes.get("snapshots") else {
        return;
    };
    let known = value
        .as_str()
        .is_some_and(|w| w.parse::<crate::domain::SnapshotPolicy>().is_ok());
    if !known {
        problems.push(format!(
            "{slug}: snapshots must be on, off or destructive, not {value}"
        ));
    }
}

/// A host's transport settings: a workdir only for local hosts, a valid
/// storage id, and for SSH an address, user, key and a SHA256 fingerprint.
fn host_problems(host: &Host, problems: &mut Vec<String>) {
    snapshots_problem(&Target::host_slug(&host.name), &host.attributes, problems);
    if host.transport == Transport::Ssh && host.workdir.is_some() {
        problems.push(format!(
            "{}: workdir is for transport local only",
            Target::host(&host.name)
        ));
    }
    if let Some(id) = &host.rootfs_storage
        && !crate::exec::pve::storage_id_ok(id)
    {
        problems.push(format!(
            "{}: rootfs_storage `{id}` is not a Proxmox storage id (a-z, 0-9, '-', '_', '.', starting with a letter)",
            Target::host(&host.name)
        ));
    }
    if let Some(problem) = host
        .path
        .as_deref()
        .and_then(crate::exec::shell::path_problem)
    {
        problems.push(format!("{}: path {problem}", Target::host(&host.name)));
    }
    if host.transport == Transport::Local {
        return;
    }
    let missing: Vec<&str> = [
        ("address", host.address.is_none()),
        ("user", host.user.is_none()),
        ("key_path", host.key_path.is_none()),
    ]
    .iter()
    .filter(|(_, missing)| *missing)
    .map(|(key, _)| *key)
    .collect();
    if !missing.is_empty() {
        problems.push(format!(
            "{} uses transport ssh but has no {}",
            Target::host(&host.name),
            missing.join(", ")
        ));
    }
    if let Some(fp) = &host.host_key_fingerprint
        && !fp.starts_with("SHA256:")
    {
        problems.push(format!(
            "{}: host_key_fingerprint must be an OpenSSH SHA256 fingerprint (`SHA256:…`, as `ssh-keygen -lf` prints it)",
            Target::host(&host.name)
        ));
    }
}

/// A name usable inside a slug: lowercase letters, digits, `-`, `_`, `.`.
fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 63
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || matches!(c, '-' | '_' | '.'))
        && name.starts_with(|c: char| c.is_ascii_alphanumeric())
}

impl Inventory {
    pub fn load(path: &Path) -> Result<Inventory, InventoryError> {
        let mut inventory: Inventory = read_yaml(path)?;
        let base = path.parent().unwrap_or(Path::new("."));
        for host in &mut inventory.hosts {
            if let Some(dir) = host.workdir.as_mut().filter(|d| d.is_relative()) {
                *dir = base.join(&*dir);
            }
        }
        let problems = inventory.problems();
        if problems.is_empty() {
            Ok(inventory)
        } else {
            Err(InventoryError::Invalid {
                path: path.to_path_buf(),
                problems,
            })
        }
    }

    /// Everything wrong with this inventory, one line per problem.
    pub fn problems(&self) -> Vec<String> {
        let mut problems = Vec::new();
        let slugs = self.name_problems(&mut problems);
        for host in &self.hosts {
            host_problems(host, &mut problems);
        }
        let defaults: Vec<&str> = self
            .hosts
            .iter()
            .filter(|h| h.default)
            .map(|h| h.name.as_str())
            .collect();
        if defaults.len() > 1 {
            problems.push(format!(
                "more than one host is marked default: {}",
                defaults.join(", ")
            ));
        }
        self.lxc_problems(!defaults.is_empty(), &mut problems);
        self.reference_problems(&slugs, &mut problems);
        self.check_problems(&slugs, &mut problems);
        self.action_problems(&slugs, &mut problems);
        problems
    }

    /// Actions with a bad name, a target that is not a declared host or
    /// container, a slot without its argument (or an argument no slot
    /// uses), or a pattern that is not a regular expression.
    fn action_problems(&self, slugs: &HashSet<String>, problems: &mut Vec<String>) {
        let mut names = HashSet::new();
        for action in &self.actions {
            let at = format!("action:{}", action.name);
            if !valid_name(&action.name) {
                problems.push(format!(
                    "action name `{}` must be 1-63 characters of a-z, 0-9, '-', '_' or '.'",
                    action.name
                ));
            }
            if !names.insert(action.name.as_str()) {
                problems.push(format!("{at} is declared twice"));
            }
            if action.target.parse::<Target>().is_err() || !slugs.contains(&action.target) {
                problems.push(format!(
                    "{at}: target `{}` is not a declared host or container",
                    action.target
                ));
            }
            if action.command.trim().is_empty() {
                problems.push(format!("{at}: the command is empty"));
            }
            let slots = action.slots();
            for slot in &slots {
                if !action.args.iter().any(|a| &a.name == slot) {
                    problems.push(format!("{at}: `{{{slot}}}` has no entry in args"));
                }
            }
            for slot in action.quoted_slots() {
                problems.push(format!(
                    "{at}: `{{{slot}}}` sits inside quotes; Nomos quotes each value itself, so \
                     write it bare (a value inside your quotes could close them)"
                ));
            }
            for arg in &action.args {
                if !slots.contains(&arg.name) {
                    problems.push(format!(
                        "{at}: argument `{}` is not used in the command (write `{{{}}}` where it goes)",
                        arg.name, arg.name
                    ));
                }
                if let Err(e) = arg.accepts("") {
                    problems.push(format!(
                        "{at}: the pattern of `{}` is not valid: {e}",
                        arg.name
                    ));
                }
            }
        }
    }

    /// Names that are not valid or declared twice; returns every slug.
    fn name_problems(&self, problems: &mut Vec<String>) -> HashSet<String> {
        let mut slugs = HashSet::new();
        let names = self
            .hosts
            .iter()
            .map(|h| (Target::HOST, &h.name))
            .chain(self.networks.iter().map(|n| ("network", &n.name)))
            .chain(self.lxcs.iter().map(|l| (Target::LXC, &l.name)))
            .chain(self.services.iter().map(|s| ("service", &s.name)));
        for (kind, name) in names {
            if !valid_name(name) {
                problems.push(format!(
                    "{kind} name `{name}` must be 1-63 characters of a-z, 0-9, '-', '_' or '.'"
                ));
            }
            let slug = format!("{kind}:{name}");
            if !slugs.insert(slug.clone()) {
                problems.push(format!("{slug} is declared twice"));
            }
        }
        slugs
    }

    /// VMIDs (reserved, shared), hosts that do not exist, static
    /// addresses without a gateway.
    fn lxc_problems(&self, has_default: bool, problems: &mut Vec<String>) {
        let host_names: HashSet<&str> = self.hosts.iter().map(|h| h.name.as_str()).collect();
        let mut vmids: HashMap<u32, &str> = HashMap::new();
        for lxc in &self.lxcs {
            snapshots_problem(&Target::lxc_slug(&lxc.name), &lxc.attributes, problems);
            if lxc.vmid < 100 {
                problems.push(format!(
                    "{}: vmid {} is below 100, which Proxmox reserves",
                    Target::lxc(&lxc.name),
                    lxc.vmid
                ));
            }
            if let Some(other) = vmids.insert(lxc.vmid, &lxc.name) {
                problems.push(format!(
                    "{} and {} share vmid {}; VMIDs are unique across the cluster",
                    Target::lxc(other),
                    Target::lxc(&lxc.name),
                    lxc.vmid
                ));
            }
            if let Some(host) = &lxc.host
                && !host_names.contains(host.as_str())
            {
                problems.push(format!(
                    "{}: host `{host}` is not a declared host",
                    Target::lxc(&lxc.name)
                ));
            }
            if lxc.host.is_none() && !has_default {
                problems.push(format!(
                    "{} has no host and no host is marked `default: true`",
                    Target::lxc(&lxc.name)
                ));
            }
            if lxc.ip.as_deref().is_some_and(|ip| ip != "dhcp") && lxc.gateway.is_none() {
                problems.push(format!(
                    "{}: a static ip needs its gateway (copy it from a neighbour on the same /28)",
                    Target::lxc(&lxc.name)
                ));
            }
        }
        for network in &self.networks {
            if let Some(host) = &network.host
                && !host_names.contains(host.as_str())
            {
                problems.push(format!(
                    "network:{}: host `{host}` is not a declared host",
                    network.name
                ));
            }
        }
    }

    /// Services and relationships that name undeclared entities.
    fn reference_problems(&self, slugs: &HashSet<String>, problems: &mut Vec<String>) {
        for service in &self.services {
            if !slugs.contains(&service.runs_on) {
                problems.push(format!(
                    "service:{}: runs_on `{}` is not a declared entity",
                    service.name, service.runs_on
                ));
            }
        }
        for rel in &self.relationships {
            for end in [&rel.from, &rel.to] {
                if !slugs.contains(end) {
                    problems.push(format!(
                        "relationship {} -{}-> {}: `{end}` is not a declared entity",
                        rel.from, rel.kind, rel.to
                    ));
                }
            }
        }
    }

    /// Checks declared twice, on undeclared targets, of no single kind or
    /// too frequent.
    fn check_problems(&self, slugs: &HashSet<String>, problems: &mut Vec<String>) {
        let mut check_names = HashSet::new();
        for check in &self.checks {
            if !check_names.insert(&check.name) {
                problems.push(format!("check {} is declared twice", check.name));
            }
            if !slugs.contains(&check.target) {
                problems.push(format!(
                    "check {}: target `{}` is not a declared entity",
                    check.name, check.target
                ));
            }
            if let Err(problem) = check.kind_and_spec() {
                problems.push(problem);
            }
            if check.interval_secs < 10 {
                problems.push(format!(
                    "check {}: interval_secs must be at least 10, not {}",
                    check.name, check.interval_secs
                ));
            }
        }
    }

    /// The name of the host LXCs without one fall back to.
    pub fn default_host(&self) -> Option<&str> {
        self.hosts
            .iter()
            .find(|h| h.default)
            .map(|h| h.name.as_str())
    }

    /// The entities this inventory declares, with their attributes.
    pub fn entities(&self) -> Vec<NewEntity> {
        let mut out = Vec::new();
        let entity = |kind: &str, name: &str, attributes: Value| NewEntity {
            kind: kind.to_string(),
            slug: format!("{kind}:{name}"),
            name: name.to_string(),
            attributes,
        };
        for h in &self.hosts {
            let typed = HostAttrs {
                transport: h.transport,
                address: h.address.clone(),
                port: h.port,
                user: h.user.clone(),
                key_path: h.key_path.clone(),
                host_key_fingerprint: h.host_key_fingerprint.clone(),
                workdir: h.workdir.clone(),
                path: h.path.clone(),
                rootfs_storage: h.rootfs_storage.clone(),
                description: h.description.clone(),
                default: h.default,
                ..HostAttrs::default()
            };
            out.push(entity(
                Target::HOST,
                &h.name,
                target::encode_over(&typed, &h.attributes),
            ));
        }
        for n in &self.networks {
            let mut a = Map::new();
            put(&mut a, "cidr", json!(n.cidr));
            put_opt(&mut a, "gateway", &n.gateway);
            put_opt(&mut a, "bridge", &n.bridge);
            put_opt(&mut a, "host", &n.host);
            put_opt(&mut a, "description", &n.description);
            out.push(entity("network", &n.name, Value::Object(a)));
        }
        for l in &self.lxcs {
            let typed = LxcAttrs {
                vmid: l.vmid,
                host: l.host.clone(),
                ip: l.ip.clone(),
                gateway: l.gateway.clone(),
                bridge: l.bridge.clone(),
                description: l.description.clone(),
                ..LxcAttrs::default()
            };
            out.push(entity(
                Target::LXC,
                &l.name,
                target::encode_over(&typed, &l.attributes),
            ));
        }
        for s in &self.services {
            let mut a = s.attributes.clone();
            put(&mut a, "runs_on", json!(s.runs_on));
            put_opt(&mut a, "url", &s.url);
            put_opt(&mut a, "port", &s.port);
            put_opt(&mut a, "description", &s.description);
            out.push(entity("service", &s.name, Value::Object(a)));
        }
        for action in &self.actions {
            out.push(entity(
                crate::domain::action::ACTION_KIND,
                &action.name,
                target::encode(action),
            ));
        }
        out
    }

    /// Declared relationships plus the implied ones (an LXC runs on its
    /// host, a service on what it names, a network is on its host).
    pub fn relationships(&self) -> Vec<(String, String, String)> {
        let default = self.default_host();
        let mut out: Vec<(String, String, String)> = Vec::new();
        for l in &self.lxcs {
            if let Some(host) = l.host.as_deref().or(default) {
                out.push((
                    Target::lxc_slug(&l.name),
                    "runs_on".into(),
                    Target::host_slug(host),
                ));
            }
        }
        for s in &self.services {
            out.push((
                format!("service:{}", s.name),
                "runs_on".into(),
                s.runs_on.clone(),
            ));
        }
        for n in &self.networks {
            if let Some(host) = &n.host {
                out.push((
                    format!("network:{}", n.name),
                    "on".into(),
                    Target::host_slug(host),
                ));
            }
        }
        for r in &self.relationships {
            out.push((r.from.clone(), r.kind.clone(), r.to.clone()));
        }
        // An action acts on its target (so knowledge about the target
        // shows the actions that work on it).
        for action in &self.actions {
            out.push((
                format!("{}:{}", crate::domain::action::ACTION_KIND, action.name),
                "acts_on".into(),
                action.target.clone(),
            ));
        }
        out
    }

    pub fn checks(&self) -> Vec<NewCheck> {
        // Validated inventories have exactly one kind per check.
        self.checks
            .iter()
            .filter_map(|c| {
                let (kind, spec) = c.kind_and_spec().ok()?;
                Some(NewCheck {
                    slug: c.name.clone(),
                    target: c.target.clone(),
                    kind: kind.to_string(),
                    interval_secs: c.interval_secs,
                    spec,
                    enabled: c.enabled,
                })
            })
            .collect()
    }
}

fn put(map: &mut Map<String, Value>, key: &str, value: Value) {
    map.insert(key.to_string(), value);
}

fn put_opt<T: serde::Serialize>(map: &mut Map<String, Value>, key: &str, value: &Option<T>) {
    if let Some(v) = value {
        // Strings, numbers and paths always serialise.
        if let Ok(v) = serde_json::to_value(v) {
            map.insert(key.to_string(), v);
        }
    }
}

impl KnowledgeFile {
    pub fn load(path: &Path) -> Result<KnowledgeFile, InventoryError> {
        read_yaml(path)
    }

    /// Problems with this file given the entity slugs that will exist.
    pub fn problems(&self, entity_slugs: &HashSet<String>) -> Vec<String> {
        let mut problems = Vec::new();
        let mut seen = HashSet::new();
        for (kind, item) in self.items() {
            if !valid_name(&item.slug) {
                problems.push(format!(
                    "{kind} `{}`: slug must be 1-63 characters of a-z, 0-9, '-', '_' or '.'",
                    item.slug
                ));
            }
            if !seen.insert(&item.slug) {
                problems.push(format!("{kind} `{}` is declared twice", item.slug));
            }
            if item.title.trim().is_empty() || item.content.trim().is_empty() {
                problems.push(format!("{kind} `{}` needs a title and content", item.slug));
            }
            for about in &item.about {
                if !entity_slugs.contains(about) {
                    problems.push(format!(
                        "{kind} `{}`: about `{about}` is not a known entity",
                        item.slug
                    ));
                }
            }
        }
        problems
    }
}

// ---------------------------------------------------------------------------
// Import.

/// Created / updated / unchanged counts for one table.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    pub created: usize,
    pub updated: usize,
    pub unchanged: usize,
}

impl Tally {
    fn add(&mut self, outcome: Upsert) {
        match outcome {
            Upsert::Created => self.created += 1,
            Upsert::Updated => self.updated += 1,
            Upsert::Unchanged => self.unchanged += 1,
        }
    }
}

/// What an import did, per table.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SeedReport {
    pub tables: BTreeMap<&'static str, Tally>,
}

impl SeedReport {
    pub fn changed(&self) -> bool {
        self.tables.values().any(|t| t.created + t.updated > 0)
    }
}

impl fmt::Display for SeedReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{:<15} {:>8} {:>8} {:>10}",
            "", "created", "updated", "unchanged"
        )?;
        for (table, t) in &self.tables {
            writeln!(
                f,
                "{:<15} {:>8} {:>8} {:>10}",
                table, t.created, t.updated, t.unchanged
            )?;
        }
        Ok(())
    }
}

/// Validates both files, then imports them in one transaction. Entities
/// already in the store (registered by `pct_create`, say) count as known
/// for references.
pub async fn seed(
    store: &Store,
    inventory_path: &Path,
    knowledge_path: Option<&Path>,
) -> Result<SeedReport, InventoryError> {
    let inventory = Inventory::load(inventory_path)?;
    let knowledge = knowledge_path.map(KnowledgeFile::load).transpose()?;
    let new_entities = inventory.entities();
    if let (Some(path), Some(k)) = (knowledge_path, &knowledge) {
        let mut slugs: HashSet<String> = store
            .list_entities(None)
            .await?
            .into_iter()
            .map(|e| e.slug)
            .collect();
        slugs.extend(new_entities.iter().map(|e| e.slug.clone()));
        let problems = k.problems(&slugs);
        if !problems.is_empty() {
            return Err(InventoryError::Invalid {
                path: path.to_path_buf(),
                problems,
            });
        }
    }
    let mut report = SeedReport::default();
    let mut tx = store.begin().await?;
    let mut ids = Ids::default();
    let mut tally = Tally::default();
    for e in &new_entities {
        let (id, outcome) = entities::upsert_entity(&mut tx, e).await?;
        tally.add(outcome);
        ids.known.insert(e.slug.clone(), id);
    }
    report.tables.insert("entities", tally);
    // An action taken out of the inventory is gone: nothing may run it
    // with its old command and class.
    let actions: Vec<String> = new_entities
        .iter()
        .filter(|e| e.kind == crate::domain::action::ACTION_KIND)
        .map(|e| e.slug.clone())
        .collect();
    entities::delete_missing(&mut tx, crate::domain::action::ACTION_KIND, &actions).await?;
    let mut tally = Tally::default();
    for (from, kind, to) in inventory.relationships() {
        let from_id = ids.of(&mut tx, &from).await?;
        let to_id = ids.of(&mut tx, &to).await?;
        tally.add(entities::ensure_relationship(&mut tx, from_id, &kind, to_id).await?);
    }
    report.tables.insert("relationships", tally);
    let mut tally = Tally::default();
    for check in inventory.checks() {
        let target = ids.of(&mut tx, &check.target).await?;
        tally.add(entities::upsert_check(&mut tx, &check, target).await?);
    }
    report.tables.insert("check_defs", tally);
    let mut knowledge_written = 0;
    if let Some(k) = &knowledge {
        let tally = import_knowledge(&mut tx, &mut ids, k).await?;
        knowledge_written = tally.created + tally.updated;
        report.tables.insert("knowledge", tally);
    }
    tx.commit().await?;
    if knowledge_written > 0 {
        // Searches right after a bulk import are planned from fresh
        // statistics, not guessed.
        store.refresh_search_statistics().await?;
    }
    Ok(report)
}

/// Entity ids by slug: those this import wrote, and those it looked up.
#[derive(Default)]
struct Ids {
    known: HashMap<String, uuid::Uuid>,
}

impl Ids {
    async fn of(
        &mut self,
        tx: &mut crate::store::Tx,
        slug: &str,
    ) -> Result<uuid::Uuid, InventoryError> {
        if let Some(id) = self.known.get(slug) {
            return Ok(*id);
        }
        let id = entities::entity_id(tx, slug).await?.ok_or_else(|| {
            InventoryError::Store(StoreError::Invalid(format!(
                "entity {slug} vanished during the import"
            )))
        })?;
        self.known.insert(slug.to_string(), id);
        Ok(id)
    }
}

/// Writes the knowledge file's items, each linked to the entities it is
/// about.
async fn import_knowledge(
    tx: &mut crate::store::Tx,
    ids: &mut Ids,
    file: &KnowledgeFile,
) -> Result<Tally, InventoryError> {
    let mut tally = Tally::default();
    for (kind, item) in file.items() {
        let mut about = BTreeSet::new();
        for slug in &item.about {
            about.insert(ids.of(tx, slug).await?);
        }
        let new = NewKnowledge {
            slug: item.slug.clone(),
            kind,
            title: item.title.clone(),
            content: item.content.clone(),
            tags: item.tags.clone(),
            about,
            author: crate::domain::KnowledgeAuthor::Operator,
        };
        tally.add(knowledge::upsert_knowledge(tx, &new).await?);
    }
    Ok(tally)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(yaml: &str) -> Inventory {
        serde_yaml_ng::from_str(yaml).expect("yaml")
    }

    #[test]
    fn shipped_seeds_are_valid() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let inventory = Inventory::load(&root.join("seeds/inventory.yaml")).expect("inventory");
        let knowledge = KnowledgeFile::load(&root.join("seeds/knowledge.yaml")).expect("knowledge");
        let slugs: HashSet<String> = inventory.entities().into_iter().map(|e| e.slug).collect();
        assert_eq!(knowledge.problems(&slugs), Vec::<String>::new());
        assert!(slugs.contains("host:strong"));
        assert!(
            knowledge
                .items()
                .any(|(kind, _)| kind == KnowledgeKind::Runbook)
        );
        assert!(
            knowledge
                .items()
                .any(|(kind, _)| kind == KnowledgeKind::Investigation)
        );
    }

    #[test]
    fn reports_every_problem_at_once() {
        let inv = parse(
            r#"
hosts:
  - name: strong
    transport: ssh
    address: 10.0.0.1
    path: "/usr/bin::/bin"
  - name: Bad Name
    transport: local
  - name: rel
    transport: local
    path: "bin:/usr/bin"
lxcs:
  - name: a
    vmid: 120
    host: nowhere
  - name: b
    vmid: 120
    ip: 192.168.8.20/28
services:
  - name: web
    runs_on: lxc:missing
checks:
  - name: c1
    target: service:web
    interval_secs: 1
  - name: c2
    target: service:web
    interval_secs: 60
    tcp: {host: web, port: 80}
    ping: {host: web}
"#,
        );
        let problems = inv.problems().join("\n");
        for needle in [
            "host:strong uses transport ssh but has no user, key_path",
            "`Bad Name`",
            "share vmid 120",
            "host `nowhere` is not a declared host",
            "lxc:b has no host and no host is marked `default: true`",
            "a static ip needs its gateway",
            "runs_on `lxc:missing`",
            "check c1 must set exactly one of http, tcp, tls, disk, ping (it sets none)",
            "check c2 must set exactly one of http, tcp, tls, disk, ping (it sets tcp, ping)",
            "interval_secs must be at least 10",
            "host:strong: path has an empty entry",
            "host:rel: path has `bin`, which is not an absolute folder",
        ] {
            assert!(
                problems.contains(needle),
                "missing {needle:?} in:\n{problems}"
            );
        }
    }

    #[test]
    fn unknown_keys_are_rejected() {
        let err = serde_yaml_ng::from_str::<Inventory>(
            "hosts:\n  - name: a\n    transport: local\n    adress: x\n",
        )
        .unwrap_err()
        .to_string();
        assert!(err.contains("adress"), "{err}");
    }

    #[test]
    fn actions_are_checked_and_become_entities_acting_on_their_target() {
        let inv = parse(
            "hosts:\n  - name: lab\n    transport: local\n    default: true\n\
             actions:\n  - name: shop-restart\n    target: host:lab\n    \
             command: /srv/shop/ctl restart {unit}\n    risk: config_mutation\n    \
             args:\n      - name: unit\n        pattern: '[a-z]+'\n",
        );
        assert_eq!(inv.problems(), Vec::<String>::new());
        let entity = inv
            .entities()
            .into_iter()
            .find(|e| e.slug == "action:shop-restart")
            .expect("the action entity");
        assert_eq!(entity.kind, "action");
        let back: crate::domain::DeclaredAction =
            target::decode(&entity.attributes).expect("reads back");
        assert_eq!(back.risk, crate::domain::RiskClass::ConfigMutation);
        assert!(inv.relationships().contains(&(
            "action:shop-restart".into(),
            "acts_on".into(),
            "host:lab".into()
        )));
        let bad = parse(
            "hosts:\n  - name: lab\n    transport: local\n    default: true\n\
             actions:\n  - name: Bad Name\n    target: lxc:ghost\n    \
             command: x {a} {b}\n    risk: read_only\n    \
             args:\n      - name: a\n        pattern: '('\n      - name: c\n        pattern: x\n",
        );
        let problems = bad.problems().join("\n");
        for needle in [
            "action name `Bad Name`",
            "target `lxc:ghost` is not a declared host or container",
            "`{b}` has no entry in args",
            "argument `c` is not used",
            "the pattern of `a` is not valid",
        ] {
            assert!(problems.contains(needle), "{needle} in:\n{problems}");
        }
    }

    #[test]
    fn implied_relationships_use_default_host() {
        let inv = parse(
            r#"
hosts:
  - name: strong
    transport: local
    default: true
lxcs:
  - name: caddy
    vmid: 121
services:
  - name: caddy
    runs_on: lxc:caddy
"#,
        );
        assert!(inv.problems().is_empty(), "{:?}", inv.problems());
        let rels = inv.relationships();
        assert!(rels.contains(&("lxc:caddy".into(), "runs_on".into(), "host:strong".into())));
        assert!(rels.contains(&("service:caddy".into(), "runs_on".into(), "lxc:caddy".into())));
    }
}
