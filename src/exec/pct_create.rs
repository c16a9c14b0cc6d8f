//! `pct_create`: create, start and register one container, nothing more
//! (packages are the agent's own later `run` steps, so each failure is
//! visible and fixable).
//!
//! Pre-flights, each learned the hard way:
//! - VMIDs are cluster-wide: a requested one is checked against
//!   `pvesh get /cluster/resources`; taken or absent, a free one comes from
//!   `pvesh get /cluster/nextid`.
//! - A hostname is refused when Nomos registered it already, and also when
//!   a guest of that name is on the cluster (the same
//!   `/cluster/resources`): a `pct create` that finished after Nomos timed
//!   out or crashed is not in Nomos's store, and asking again must not
//!   make a second one. The refusal names the guest's VMID and node.
//! - What the host offers is read from its own API first ([`super::pve`]):
//!   the root disk goes on a storage that takes them (asked for, the
//!   inventory's `rootfs_storage`, else the best thin one: a ZFS install has
//!   no `local-lvm`); templates are looked for on every storage that holds
//!   them, and the default is the newest `debian-N-standard` (never a
//!   TurnKey appliance); the bridge must exist; a cluster must be quorate.
//!   The tool does this survey when it proposes, so the card names the
//!   storage and template that will be used.
//! - DHCP is the default, with no gateway. A static IP needs its gateway,
//!   which must answer `ping -I BRIDGE` from the host (a host-wide ping can
//!   succeed through routes the container lacks), judged by exact markers
//!   (`UNREACHABLE` contains `REACHABLE`: substring checks can never fail).
//!   That proves the path only when the host has an address on the bridge;
//!   on a bridge without one the check is made from inside the container
//!   once it runs (retried for up to ten seconds while its network comes
//!   up), and its outcome is a note, never a false failure.
//! - A container whose start fails is still registered (`stopped`, with the
//!   failure), so a retry never makes a second one.
//! - `privileged`/`nesting` accept true/false/1/0/"true"/"false"; nesting
//!   is on by default for unprivileged containers (systemd in Debian 12/13
//!   guests needs it, as Proxmox's own wizard sets it).

use std::collections::BTreeMap;
use std::net::Ipv4Addr;

use serde_json::Value;
use tokio_util::sync::CancellationToken;

use super::target::HostSpec;
use super::{ExecError, Executor, Limits, OutputSink, RunStatus};
use crate::domain::Target;
pub use crate::domain::container::{Created, NewContainer, Step};
use crate::domain::target::{self, HostAttrs, LxcAttrs};
use crate::store::entities::{self, NewEntity};
use crate::store::{Store, StoreError};

pub const PREFLIGHT_OK: &str = "PREFLIGHT_OK";
pub const PREFLIGHT_FAIL: &str = "PREFLIGHT_FAIL";
/// The check from inside a container that has no `ping`.
pub const PREFLIGHT_NO_PING: &str = "PREFLIGHT_NO_PING";

/// What a container gets when the request leaves a size or place out
/// (shown on the card, so the approver reads what will be created).
pub const DEFAULT_MEMORY_MB: u32 = 1024;
pub const DEFAULT_CORES: u32 = 1;
pub const DEFAULT_DISK_GB: u32 = 8;

/// Why a container was not created. Messages say what to do instead.
#[derive(Debug, thiserror::Error)]
pub enum PctCreateError {
    #[error("invalid pct_create parameters: {0}")]
    Params(String),
    #[error(transparent)]
    Exec(#[from] ExecError),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("{step} failed{}: {output}", exit_code.map(|c| format!(" (exit {c})")).unwrap_or_default())]
    Step {
        step: String,
        exit_code: Option<i32>,
        output: String,
    },
    #[error("{0}")]
    Template(String),
    #[error(
        "gateway {gateway} does not answer on bridge {bridge} from host {host}. Do not guess another gateway in the \
         same subnet: copy bridge and gateway from an existing container in the same /28 (see the network entities), \
         or leave ip out to use DHCP"
    )]
    GatewayUnreachable {
        gateway: String,
        bridge: String,
        host: String,
    },
    #[error(
        "{} already exists (VMID {vmid}); choose another hostname or remove the old container first",
        Target::lxc(hostname)
    )]
    Exists { hostname: String, vmid: String },
    #[error(
        "a guest named {hostname} already exists on the cluster: {what} VMID {vmid} on node {node}, which \
         Nomos has not registered (an earlier `pct create` may have finished after Nomos timed out or \
         stopped). Nomos will not create a second {hostname}: look at it (`{tool} config {vmid}` on node \
         {node}), then destroy it (destructive: a typed phrase) or choose another hostname",
        what = kind.word(),
        tool = kind.config_tool()
    )]
    OnCluster {
        hostname: String,
        vmid: u32,
        kind: GuestType,
        node: String,
    },
    #[error("{0}")]
    Storage(String),
    #[error(
        "bridge {bridge} does not exist or is not up on host {host} (bridges up there: {known}); use one of those"
    )]
    NoBridge {
        bridge: String,
        host: String,
        known: String,
    },
    #[error(
        "the cluster of host {host} has no quorum, so Proxmox cannot create a container (its configuration \
         is read-only): bring the other nodes back, or check `pvecm status`"
    )]
    NoQuorum { host: String },
    #[error(transparent)]
    Answer(#[from] super::pve::ParseError),
    #[error(
        "container {vmid} was created but did not start: {output}. It is registered as {} \
         (stopped), so asking again will not make a second one: fix the cause and run `pct start {vmid}` \
         on {}, or destroy it (destructive: a typed phrase)",
        Target::lxc(hostname),
        Target::host(host)
    )]
    StartFailed {
        vmid: u32,
        hostname: String,
        host: String,
        output: String,
    },
}

/// A guest's type in `/cluster/resources`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GuestType {
    /// `lxc`.
    Container,
    /// `qemu`.
    Vm,
}

impl GuestType {
    /// Reads the `type` field: `qemu` is a VM, anything else a container.
    fn from_pve(word: &str) -> GuestType {
        match word {
            "qemu" => GuestType::Vm,
            _ => GuestType::Container,
        }
    }

    /// What it is called in a message.
    fn word(self) -> &'static str {
        match self {
            GuestType::Vm => "VM",
            GuestType::Container => "container",
        }
    }

    /// The tool that shows its config.
    fn config_tool(self) -> &'static str {
        match self {
            GuestType::Vm => "qm",
            GuestType::Container => "pct",
        }
    }
}

/// The network settings, validated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Network {
    Dhcp,
    Static { cidr: String, gateway: Ipv4Addr },
}

/// Checks the parameters without touching anything.
pub fn validate(params: &NewContainer) -> Result<Network, PctCreateError> {
    let bad = |msg: String| Err(PctCreateError::Params(msg));
    let host_label = |s: &str| {
        !s.is_empty()
            && s.len() <= 63
            && s.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
            && !s.starts_with('-')
            && !s.ends_with('-')
    };
    if !host_label(&params.hostname) {
        return bad(format!(
            "hostname `{}` must be 1-63 characters of a-z, 0-9 and '-', not starting or ending with '-'",
            params.hostname
        ));
    }
    if let Some(vmid) = params.vmid
        && !(100..=999_999_999).contains(&vmid)
    {
        return bad(format!("vmid {vmid} is outside 100..999999999"));
    }
    let iface = |s: &str| {
        !s.is_empty()
            && s.len() <= 15
            && s.chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-'))
    };
    if !iface(&params.bridge) {
        return bad(format!(
            "bridge `{}` is not an interface name (like vmbr0)",
            params.bridge
        ));
    }
    if let Some(storage) = &params.storage
        && !storage
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-'))
    {
        return bad(format!("storage `{storage}` is not a storage id"));
    }
    if let Some(template) = &params.template
        && !template
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-' | ':' | '/'))
    {
        return bad(format!("template `{template}` is not a template name"));
    }
    match params.ip.as_deref().map(str::trim) {
        None | Some("") | Some("dhcp") => {
            if let Some(gw) = &params.gateway {
                return bad(format!(
                    "gateway {gw} was given without a static ip; with DHCP the DHCP server gives the gateway, so Nomos does not set one: leave gateway out, or give a static ip"
                ));
            }
            Ok(Network::Dhcp)
        }
        Some(cidr) => static_network(cidr, params.gateway.as_deref()),
    }
}

/// A static address with its gateway: IPv4, a prefix from /8 to /30, and
/// the gateway inside the same block but not the address itself.
fn static_network(cidr: &str, gateway: Option<&str>) -> Result<Network, PctCreateError> {
    let bad = |msg: String| Err(PctCreateError::Params(msg));
    let (addr, prefix) = cidr.split_once('/').ok_or_else(|| {
        PctCreateError::Params(format!("ip `{cidr}` needs a prefix, like 192.168.8.20/28"))
    })?;
    let addr: Ipv4Addr = addr
        .parse()
        .map_err(|_| PctCreateError::Params(format!("ip `{cidr}` is not an IPv4 address")))?;
    let prefix: u32 = prefix
        .parse()
        .ok()
        .filter(|p| (8..=30).contains(p))
        .ok_or_else(|| {
            PctCreateError::Params(format!("ip `{cidr}` needs a prefix from /8 to /30"))
        })?;
    let Some(gateway) = gateway else {
        return bad(format!(
            "a static ip ({cidr}) needs its gateway: copy bridge and gateway from a neighbour on the same /{prefix}, \
             or leave ip out for DHCP"
        ));
    };
    let gateway: Ipv4Addr = gateway.parse().map_err(|_| {
        PctCreateError::Params(format!("gateway `{gateway}` is not an IPv4 address"))
    })?;
    let mask = u32::MAX << (32 - prefix);
    if u32::from(addr) & mask != u32::from(gateway) & mask {
        return bad(format!(
            "gateway {gateway} is not inside {cidr}: each /{prefix} block has its own gateway; copy it from a neighbour in the same block"
        ));
    }
    if addr == gateway {
        return bad(format!("ip {cidr} is the gateway itself"));
    }
    Ok(Network::Static {
        cidr: cidr.to_string(),
        gateway,
    })
}

/// Whether the pre-flight's output says the gateway answered: exactly the
/// OK marker, nothing else.
pub fn preflight_passed(stdout: &str) -> bool {
    stdout.trim() == PREFLIGHT_OK
}

/// Chooses the template: the named one if cached (by volume id or file
/// name, on any storage), else the newest standard Debian.
pub fn choose_template(
    requested: Option<&str>,
    cached: &[String],
) -> Result<String, PctCreateError> {
    match requested {
        Some(name) => cached
            .iter()
            .find(|t| *t == name || t.rsplit('/').next() == Some(name))
            .cloned()
            .ok_or_else(|| {
                PctCreateError::Template(format!(
                    "template `{name}` is not in the host's cache; cached: {}. Use one of those, or omit template for the newest Debian",
                    if cached.is_empty() { "none".to_string() } else { cached.join(", ") }
                ))
            }),
        None => super::pve::newest_debian(cached).cloned().ok_or_else(|| {
            PctCreateError::Template(format!(
                "no standard Debian template in the host's cache ({}): `pveam update`, then \
                 `pveam download local debian-13-standard_…` (see `pveam available --section system`), \
                 or name a cached template",
                if cached.is_empty() { "it is empty".to_string() } else { format!("cached: {}", cached.join(", ")) }
            ))
        }),
    }
}

/// The cluster's guests (containers and VMs, on every node, an offline
/// one's included).
pub const CLUSTER_GUESTS: &str = "pvesh get /cluster/resources --type vm --output-format json";

/// One guest in `pvesh get /cluster/resources --type vm` JSON.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Guest {
    pub vmid: u32,
    /// Its name: a container's hostname, a VM's name (may be empty).
    pub name: String,
    pub kind: GuestType,
    pub node: String,
}

/// The guests in a `/cluster/resources --type vm` answer.
pub fn guests(json: &str) -> Result<Vec<Guest>, PctCreateError> {
    let value: Value = serde_json::from_str(json).map_err(|e| PctCreateError::Step {
        step: "reading /cluster/resources".into(),
        exit_code: None,
        output: e.to_string(),
    })?;
    let text = |r: &Value, key: &str| r.get(key).and_then(Value::as_str).unwrap_or("").to_string();
    Ok(value
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|r| {
            let vmid = r
                .get("vmid")
                .and_then(|v| v.as_u64().or_else(|| v.as_str()?.parse().ok()))?;
            Some(Guest {
                vmid: u32::try_from(vmid).ok()?,
                name: text(r, "name"),
                kind: GuestType::from_pve(&text(r, "type")),
                node: text(r, "node"),
            })
        })
        .collect())
}

/// VMIDs (and names) in `pvesh get /cluster/resources --type vm` JSON.
pub fn used_vmids(json: &str) -> Result<BTreeMap<u32, String>, PctCreateError> {
    Ok(guests(json)?
        .into_iter()
        .map(|g| (g.vmid, g.name))
        .collect())
}

/// The guest already on the cluster that `hostname` would duplicate: one
/// whose name is that hostname, compared as DNS does (case-insensitive;
/// `web.lan` is `web`). Proxmox itself allows any number of guests with
/// one name, so this is Nomos's own check.
pub fn guest_named<'a>(guests: &'a [Guest], hostname: &str) -> Option<&'a Guest> {
    guests.iter().find(|g| {
        let short = g.name.split('.').next().unwrap_or("");
        !short.is_empty() && short.eq_ignore_ascii_case(hostname)
    })
}

/// The id in `pvesh get /cluster/nextid` output (a number, maybe quoted).
pub fn parse_nextid(output: &str) -> Option<u32> {
    output.trim().trim_matches('"').parse().ok()
}

struct Runner<'a> {
    executor: &'a Executor,
    host: HostSpec,
    limits: Limits,
    sink: OutputSink,
    cancel: CancellationToken,
    steps: Vec<Step>,
}

impl Runner<'_> {
    /// Runs one step on the host; a non-zero exit is an error with output.
    async fn step(&mut self, command: String) -> Result<String, PctCreateError> {
        let outcome = self
            .executor
            .run_on(
                &self.host,
                &command,
                self.limits,
                self.sink.clone(),
                self.cancel.clone(),
            )
            .await?;
        let output = outcome.tail(2048);
        self.steps.push(Step {
            command: command.clone(),
            status: outcome.status,
            exit_code: outcome.exit_code,
            output: output.clone(),
        });
        if outcome.status != RunStatus::Completed {
            return Err(PctCreateError::Step {
                step: format!("`{command}`"),
                exit_code: outcome.exit_code,
                output: if output.trim().is_empty() {
                    outcome.note.unwrap_or_default()
                } else {
                    output
                },
            });
        }
        Ok(outcome.stdout)
    }
}

/// What the host offers this request, read before anything is created.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    pub host: String,
    /// The storage the root disk goes on.
    pub storage: String,
    /// The template volume id.
    pub template: String,
    /// The bridge's IPv4 address on the host, when it has one: only then
    /// can a ping from the host prove the container's gateway.
    pub bridge_cidr: Option<String>,
}

/// Surveys the host for `params` (read-only): quorum, the root-disk
/// storage, the template, the bridge. The tool calls it when it proposes,
/// so the card names what will be used; `run` calls it again.
pub async fn plan(
    executor: &Executor,
    store: &Store,
    params: &NewContainer,
    limits: Limits,
) -> Result<Plan, PctCreateError> {
    let host = resolve_host(executor, params).await?;
    let mut run = Runner {
        executor,
        host,
        limits,
        sink: super::discard(),
        cancel: CancellationToken::new(),
        steps: Vec::new(),
    };
    Ok(survey(&mut run, store, params).await?.0)
}

async fn resolve_host(
    executor: &Executor,
    params: &NewContainer,
) -> Result<HostSpec, PctCreateError> {
    let resolver = executor.resolver();
    Ok(match &params.host {
        Some(name) => resolver.host(Target::host_name(name)).await?,
        None => resolver.default_host().await?,
    })
}

impl super::pve::HostRead for Runner<'_> {
    type Error = PctCreateError;
    fn read(
        &mut self,
        command: String,
    ) -> impl std::future::Future<Output = Result<String, PctCreateError>> + Send {
        self.step(command)
    }
}

/// The survey: quorum, then the cluster's guests (a guest that already has
/// the hostname stops everything: Nomos's own store only knows what it
/// registered, and a `pct create` that finished after a timeout or a crash
/// is only on the cluster), then storage, template and bridge. Returns the
/// plan and the guests (for the VMID choice).
async fn survey(
    run: &mut Runner<'_>,
    store: &Store,
    params: &NewContainer,
) -> Result<(Plan, Vec<Guest>), PctCreateError> {
    use super::pve;
    let host = run.host.name.clone();
    let offer = pve::offer(run).await?;
    if offer.quorum == pve::Quorum::Lost {
        return Err(PctCreateError::NoQuorum { host });
    }
    let guests = guests(&run.step(CLUSTER_GUESTS.to_string()).await?)?;
    if let Some(twin) = guest_named(&guests, &params.hostname) {
        return Err(PctCreateError::OnCluster {
            hostname: params.hostname.clone(),
            vmid: twin.vmid,
            kind: twin.kind,
            node: twin.node.clone(),
        });
    }
    let configured = store
        .get_entity(&Target::host_slug(&host))
        .await?
        .and_then(|e| target::decode::<HostAttrs>(&e.attributes.0).ok())
        .and_then(|a| a.rootfs_storage);
    let storage = pve::choose_storage(
        params.storage.as_deref(),
        configured.as_deref(),
        &offer.rootdir,
    )
    .map_err(PctCreateError::Storage)?;
    let template = choose_template(params.template.as_deref(), &offer.cached)?;
    let Some(bridge) = offer.bridges.iter().find(|b| b.name == params.bridge) else {
        return Err(PctCreateError::NoBridge {
            bridge: params.bridge.clone(),
            host,
            known: offer
                .bridges
                .iter()
                .map(|b| b.name.as_str())
                .collect::<Vec<_>>()
                .join(", "),
        });
    };
    Ok((
        Plan {
            host,
            storage,
            template,
            bridge_cidr: bridge.cidr.clone(),
        },
        guests,
    ))
}

/// Creates, starts and registers a container per `params` (as the card
/// showed it).
pub async fn run(
    executor: &Executor,
    store: &Store,
    params: &NewContainer,
    limits: Limits,
    sink: OutputSink,
    cancel: CancellationToken,
) -> Result<Created, PctCreateError> {
    let network = validate(params)?;
    refuse_existing(store, &params.hostname).await?;
    let mut run = Runner {
        executor,
        host: resolve_host(executor, params).await?,
        limits,
        sink,
        cancel,
        steps: Vec::new(),
    };
    let (plan, guests) = survey(&mut run, store, params).await?;
    let mut notes = Vec::new();
    let vmid = choose_vmid(&mut run, &guests, params.vmid, &mut notes).await?;
    let net0 = net0(&mut run, params, &network, &plan).await?;
    run.step(create_command(params, &plan, vmid, &net0)).await?;
    let started = run.step(format!("pct start {vmid}")).await;
    let mut created = Created {
        entity: Target::lxc_slug(&params.hostname),
        hostname: params.hostname.clone(),
        vmid,
        host: plan.host.clone(),
        template: plan.template.clone(),
        bridge: params.bridge.clone(),
        ip: match &network {
            Network::Dhcp => "dhcp".to_string(),
            Network::Static { cidr, .. } => cidr.clone(),
        },
        gateway: match &network {
            Network::Dhcp => None,
            Network::Static { gateway, .. } => Some(gateway.to_string()),
        },
        notes,
        steps: Vec::new(),
    };
    if let Err(e) = started {
        let output = e.to_string();
        register(store, &created, Some(&output)).await?;
        return Err(PctCreateError::StartFailed {
            vmid,
            hostname: created.hostname,
            host: created.host,
            output,
        });
    }
    if let (Network::Static { gateway, .. }, None) = (&network, &plan.bridge_cidr) {
        let note = gateway_from_inside(&mut run, vmid, *gateway, &params.bridge).await;
        created.notes.push(note);
    }
    register(store, &created, None).await?;
    created.steps = run.steps;
    Ok(created)
}

async fn refuse_existing(store: &Store, hostname: &str) -> Result<(), PctCreateError> {
    match store.get_entity(&Target::lxc_slug(hostname)).await? {
        Some(existing) => Err(PctCreateError::Exists {
            hostname: hostname.to_string(),
            vmid: target::decode::<LxcAttrs>(&existing.attributes.0)
                .map_or_else(|_| "?".into(), |a| a.vmid.to_string()),
        }),
        None => Ok(()),
    }
}

/// The requested VMID when free among the cluster's `guests`, else the
/// cluster's next free one (with a note saying why).
async fn choose_vmid(
    run: &mut Runner<'_>,
    guests: &[Guest],
    requested: Option<u32>,
    notes: &mut Vec<String>,
) -> Result<u32, PctCreateError> {
    let used: BTreeMap<u32, &str> = guests.iter().map(|g| (g.vmid, g.name.as_str())).collect();
    if let Some(id) = requested
        && !used.contains_key(&id)
    {
        return Ok(id);
    }
    let next = parse_nextid(
        &run.step("pvesh get /cluster/nextid --output-format json".to_string())
            .await?,
    )
    .ok_or_else(|| PctCreateError::Step {
        step: "pvesh get /cluster/nextid".into(),
        exit_code: None,
        output: "no VMID in its output".into(),
    })?;
    if used.contains_key(&next) {
        return Err(PctCreateError::Step {
            step: "choosing a VMID".into(),
            exit_code: None,
            output: format!("the cluster offered {next}, which is in use; try again"),
        });
    }
    if let Some(id) = requested {
        notes.push(format!(
            "VMID {id} is taken by {} (VMIDs are cluster-wide); used {next}",
            used[&id]
        ));
    }
    Ok(next)
}

/// The `--net0` value; for a static address on a bridge the host has an
/// address on, the gateway must answer from the host first.
async fn net0(
    run: &mut Runner<'_>,
    params: &NewContainer,
    network: &Network,
    plan: &Plan,
) -> Result<String, PctCreateError> {
    let bridge = &params.bridge;
    match network {
        Network::Dhcp => Ok(format!("name=eth0,bridge={bridge},ip=dhcp")),
        Network::Static { cidr, gateway } => {
            if plan.bridge_cidr.is_some() {
                let probe = format!(
                    "ping -c 1 -W 2 -I {bridge} {gateway} >/dev/null 2>&1 && echo {PREFLIGHT_OK} || echo {PREFLIGHT_FAIL}"
                );
                if !preflight_passed(&run.step(probe).await?) {
                    return Err(PctCreateError::GatewayUnreachable {
                        gateway: gateway.to_string(),
                        bridge: bridge.clone(),
                        host: plan.host.clone(),
                    });
                }
            }
            Ok(format!("name=eth0,bridge={bridge},ip={cidr},gw={gateway}"))
        }
    }
}

fn create_command(params: &NewContainer, plan: &Plan, vmid: u32, net0: &str) -> String {
    let mut create = format!(
        "pct create {vmid} {template} --hostname {hostname} --net0 {net0} --unprivileged {unpriv} \
         --memory {memory} --cores {cores} --rootfs {storage}:{disk} --onboot 1",
        template = plan.template,
        hostname = params.hostname,
        unpriv = if params.privileged { 0 } else { 1 },
        memory = params.memory_mb.unwrap_or(DEFAULT_MEMORY_MB),
        cores = params.cores.unwrap_or(DEFAULT_CORES),
        storage = plan.storage,
        disk = params.disk_gb.unwrap_or(DEFAULT_DISK_GB),
    );
    if params.nesting() {
        create.push_str(" --features nesting=1");
    }
    create
}

/// The gateway check from inside the running container, for a bridge the
/// host has no address on (a ping from the host proves nothing there).
/// Its outcome is a note: the container exists either way.
async fn gateway_from_inside(
    run: &mut Runner<'_>,
    vmid: u32,
    gateway: Ipv4Addr,
    bridge: &str,
) -> String {
    let inner = inside_probe(gateway);
    let probe = match super::target::lxc_command(vmid, &inner, run.host.search_path()) {
        Ok(command) => command,
        Err(e) => return format!("the gateway could not be checked from inside: {e}"),
    };
    match run.step(probe).await {
        Ok(out) if preflight_passed(&out) => format!(
            "bridge {bridge} has no address on the host, so the gateway was checked from inside \
             the container: {gateway} answers"
        ),
        Ok(out) if out.trim() == PREFLIGHT_NO_PING => format!(
            "warning: gateway {gateway} could not be checked from inside the container: it has no \
             `ping` (bridge {bridge} has no address on the host, so it could not be checked before \
             either): install iputils-ping in it and ping the gateway, or switch the container to DHCP"
        ),
        Ok(_) => format!(
            "warning: gateway {gateway} does not answer from inside the container within \
             {INSIDE_PROBE_SECS} s (bridge {bridge} has no address on the host, so it could not be \
             checked before): check the gateway, or switch the container to DHCP"
        ),
        Err(e) => {
            format!("warning: the gateway could not be checked from inside the container: {e}")
        }
    }
}

/// How long the check from inside keeps trying: a container's network is
/// not always up the moment `pct start` returns.
pub const INSIDE_PROBE_SECS: u32 = 10;

/// The check from inside (bash, run through `pct exec`): one ping every
/// second or so until the gateway answers or [`INSIDE_PROBE_SECS`] have
/// passed; a container without `ping` says so rather than failing.
pub fn inside_probe(gateway: Ipv4Addr) -> String {
    format!(
        "command -v ping >/dev/null 2>&1 || {{ echo {PREFLIGHT_NO_PING}; exit 0; }}; \
         end=$((SECONDS + {INSIDE_PROBE_SECS})); \
         until ping -c 1 -W 2 {gateway} >/dev/null 2>&1; do \
         if [ \"$SECONDS\" -ge \"$end\" ]; then echo {PREFLIGHT_FAIL}; exit 0; fi; sleep 1; done; \
         echo {PREFLIGHT_OK}"
    )
}

/// Registers the container as an `lxc:` entity related to its host;
/// `start_error` marks one that was created but did not start.
async fn register(
    store: &Store,
    created: &Created,
    start_error: Option<&str>,
) -> Result<(), PctCreateError> {
    let entity = NewEntity {
        kind: Target::LXC.into(),
        slug: created.entity.clone(),
        name: created.hostname.clone(),
        attributes: target::encode(&LxcAttrs {
            vmid: created.vmid,
            host: Some(created.host.clone()),
            ip: Some(created.ip.clone()),
            bridge: Some(created.bridge.clone()),
            gateway: created.gateway.clone(),
            template: Some(created.template.clone()),
            status: Some(
                if start_error.is_some() {
                    "stopped"
                } else {
                    "running"
                }
                .into(),
            ),
            start_error: start_error.map(str::to_string),
            created_by: Some("pct_create".into()),
            ..LxcAttrs::default()
        }),
    };
    let mut tx = store.begin().await?;
    let (lxc_id, _) = entities::upsert_entity(&mut tx, &entity).await?;
    if let Some(host_id) = entities::entity_id(&mut tx, &Target::host_slug(&created.host)).await? {
        entities::ensure_relationship(&mut tx, lxc_id, "runs_on", host_id).await?;
    }
    tx.commit().await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn params(v: Value) -> Result<NewContainer, serde_json::Error> {
        serde_json::from_value(v)
    }

    #[test]
    fn preflight_is_judged_by_the_exact_marker() {
        assert!(preflight_passed("PREFLIGHT_OK\n"));
        assert!(preflight_passed("  PREFLIGHT_OK  "));
        // The historical bug: "UNREACHABLE" contains "REACHABLE".
        for output in [
            "UNREACHABLE",
            "REACHABLE",
            "PREFLIGHT_FAIL",
            "PREFLIGHT_OK PREFLIGHT_FAIL",
            "NOT PREFLIGHT_OK",
            "",
            "PREFLIGHT_OKAY",
            PREFLIGHT_NO_PING,
        ] {
            assert!(!preflight_passed(output), "{output:?}");
        }
        assert!(!PREFLIGHT_FAIL.contains(PREFLIGHT_OK) && !PREFLIGHT_OK.contains(PREFLIGHT_FAIL));
    }

    #[test]
    fn a_guest_with_the_hostname_on_the_cluster_is_found() {
        let list = guests(
            r#"[{"vmid":100,"name":"flaky","type":"lxc","node":"pve1","status":"stopped"},
                {"vmid":"205","name":"Web.lan","type":"qemu","node":"pve2"},
                {"vmid":300,"type":"lxc","node":"pve1"},
                {"name":"no-vmid"}]"#,
        )
        .expect("json");
        assert_eq!(list.len(), 3, "{list:?}");
        let flaky = guest_named(&list, "flaky").expect("found");
        assert_eq!((flaky.vmid, flaky.node.as_str()), (100, "pve1"));
        assert_eq!(guest_named(&list, "web").map(|g| g.vmid), Some(205));
        for free in ["flak", "flaky2", "lan", ""] {
            assert!(guest_named(&list, free).is_none(), "{free}");
        }
        let refusal = PctCreateError::OnCluster {
            hostname: "flaky".into(),
            vmid: 100,
            kind: GuestType::Container,
            node: "pve1".into(),
        }
        .to_string();
        assert!(
            refusal.contains("container VMID 100 on node pve1")
                && refusal.contains("will not create a second flaky")
                && refusal.contains("`pct config 100`"),
            "{refusal}"
        );
        let vm = PctCreateError::OnCluster {
            hostname: "web".into(),
            vmid: 205,
            kind: GuestType::Vm,
            node: "pve2".into(),
        }
        .to_string();
        assert!(
            vm.contains("VM VMID 205") && vm.contains("`qm config 205`"),
            "{vm}"
        );
        assert!(guests("not json").is_err());
    }

    #[test]
    fn the_check_from_inside_retries_and_says_when_ping_is_missing() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().expect("tempdir");
        let probe = inside_probe(Ipv4Addr::new(10, 20, 0, 1));
        let run = |path: String| {
            // By absolute path: the PATH given to it is the one under test.
            let out = std::process::Command::new("/bin/bash")
                .args(["--noprofile", "--norc", "-c", &probe])
                .env("PATH", path)
                .output()
                .expect("bash runs");
            String::from_utf8_lossy(&out.stdout).trim().to_string()
        };
        // No ping at all (nothing else on PATH either).
        assert_eq!(run(dir.path().display().to_string()), PREFLIGHT_NO_PING);
        // A gateway that answers the third try (the network comes up late).
        let ping = dir.path().join("ping");
        let count = dir.path().join("count");
        std::fs::write(
            &ping,
            format!(
                "#!/bin/sh\necho x >> {c}\n[ \"$(wc -l < {c})\" -ge 3 ]\n",
                c = count.display()
            ),
        )
        .expect("fake ping");
        std::fs::set_permissions(&ping, std::fs::Permissions::from_mode(0o755)).expect("chmod");
        let path = format!("{}:/usr/bin:/bin", dir.path().display());
        assert_eq!(run(path.clone()), PREFLIGHT_OK);
        let tries = std::fs::read_to_string(&count).expect("count");
        assert_eq!(tries.lines().count(), 3);
        assert!(
            probe.contains(&format!("SECONDS + {INSIDE_PROBE_SECS}")),
            "{probe}"
        );
    }

    #[test]
    fn booleans_and_vmids_are_flexible() {
        for (v, want) in [
            (json!(true), true),
            (json!(1), true),
            (json!("true"), true),
            (json!("1"), true),
            (json!(false), false),
            (json!(0), false),
            (json!("false"), false),
        ] {
            let p = params(json!({"hostname": "a", "privileged": v.clone(), "nesting": v}))
                .expect("parses");
            assert_eq!((p.privileged, p.nesting), (want, Some(want)));
        }
        assert!(params(json!({"hostname": "a", "nesting": "maybe"})).is_err());
        assert_eq!(
            params(json!({"hostname": "a", "vmid": "160"}))
                .expect("p")
                .vmid,
            Some(160)
        );
        assert_eq!(
            params(json!({"hostname": "a", "vmid": 0})).expect("p").vmid,
            None
        );
        assert!(
            params(json!({"hostname": "a", "post_install": "x"})).is_err(),
            "unknown keys are refused"
        );
    }

    #[test]
    fn network_rules() {
        let p = |v: Value| params(v).expect("parses");
        assert_eq!(
            validate(&p(json!({"hostname": "web"}))).expect("dhcp"),
            Network::Dhcp
        );
        assert_eq!(p(json!({"hostname": "web"})).bridge, "vmbr0");
        let no_gw = validate(&p(json!({"hostname": "web", "ip": "192.168.8.20/28"})))
            .unwrap_err()
            .to_string();
        assert!(no_gw.contains("needs its gateway"), "{no_gw}");
        let dhcp_gw = validate(&p(json!({"hostname": "web", "gateway": "192.168.8.2"})))
            .unwrap_err()
            .to_string();
        assert!(dhcp_gw.contains("without a static ip"), "{dhcp_gw}");
        let other_block = validate(&p(
            json!({"hostname": "web", "ip": "192.168.8.20/28", "gateway": "192.168.8.2"}),
        ))
        .unwrap_err()
        .to_string();
        assert!(other_block.contains("not inside"), "{other_block}");
        let ok = validate(&p(json!({"hostname": "web", "ip": "192.168.8.20/28", "gateway": "192.168.8.18", "bridge": "vmbr1"}))).expect("static");
        assert!(matches!(ok, Network::Static { .. }));
        for bad in [
            json!({"hostname": "Web"}),
            json!({"hostname": "-x"}),
            json!({"hostname": "a", "vmid": 99}),
            json!({"hostname": "a", "bridge": "vmbr0; reboot"}),
            json!({"hostname": "a", "ip": "10.0.0.5"}),
        ] {
            assert!(validate(&p(bad.clone())).is_err(), "{bad}");
        }
    }

    #[test]
    fn templates_and_vmids() {
        let cached: Vec<String> = [
            "local:vztmpl/debian-12-standard_12.7-1_amd64.tar.zst",
            "nas:vztmpl/debian-13-standard_13.1-2_amd64.tar.zst",
            "local:vztmpl/debian-13-turnkey-wordpress_19.0-1_amd64.tar.gz",
            "local:vztmpl/alpine-3.20-default_20240908_amd64.tar.xz",
        ]
        .iter()
        .map(|t| t.to_string())
        .collect();
        assert_eq!(
            choose_template(None, &cached).expect("newest"),
            "nas:vztmpl/debian-13-standard_13.1-2_amd64.tar.zst"
        );
        assert_eq!(
            choose_template(Some("debian-12-standard_12.7-1_amd64.tar.zst"), &cached)
                .expect("by file"),
            "local:vztmpl/debian-12-standard_12.7-1_amd64.tar.zst"
        );
        let missing = choose_template(Some("debian-13.0-1"), &cached)
            .unwrap_err()
            .to_string();
        assert!(
            missing.contains("not in the host's cache")
                && missing.contains("debian-13-standard_13.1-2"),
            "{missing}"
        );
        let none = choose_template(None, &cached[2..]).unwrap_err().to_string();
        assert!(none.contains("no standard Debian template"), "{none}");
        assert!(choose_template(None, &[]).is_err());
        let used = used_vmids(
            r#"[{"vmid":132,"name":"rclone","type":"lxc"},{"vmid":"121","name":"caddy"}]"#,
        )
        .expect("json");
        assert_eq!(used.get(&132).map(String::as_str), Some("rclone"));
        assert!(used.contains_key(&121));
        assert_eq!(parse_nextid("\"160\"\n"), Some(160));
        assert_eq!(parse_nextid("160"), Some(160));
    }
}
