//! `pct_create`: propose a new container (create, start, register). The
//! parameters are checked here, before anyone is asked to approve, so an
//! impossible request (a static IP without a gateway, a gateway with DHCP)
//! goes back to the model instead of onto a card.

use serde_json::{Value, json};

use super::{Tool, ToolError, ToolFuture, TurnCtx, args, run::submit};
use crate::domain::RiskClass;
use crate::domain::Target;
use crate::domain::{NewContainer, Work};
use crate::exec::pct_create::{self, Network};
use crate::store::executions::Request;

pub(super) struct PctCreate;

impl Tool for PctCreate {
    fn name(&self) -> &'static str {
        "pct_create"
    }

    fn description(&self) -> &'static str {
        "Create, start and register a new LXC container on a Proxmox host (it needs an operator's \
         approval). Only `hostname` is required. Leave `vmid` out: a free id is chosen from the whole \
         cluster (reusing one broke things before). Leave `template` out: the newest cached Debian is \
         used. Networking is DHCP by default, and DHCP is what you should use. A static `ip` needs the \
         `bridge` and `gateway` of its own network: copy them exactly from an existing container on \
         the same host in the same /28 (see list_entities / get_entity); never invent a gateway. With \
         DHCP give no gateway. The gateway is pre-flighted from the host; if that fails, use DHCP or \
         ask. Packages are not installed here: afterwards use `run` on `lxc:HOSTNAME`, one step at a \
         time."
    }

    fn parameters(&self) -> Value {
        json!({
            "type": "object",
            "properties": {
                "hostname": {"type": "string", "description": "Container hostname; becomes lxc:HOSTNAME."},
                "host": {"type": "string", "description": "Proxmox host name (without `host:`); the default host when left out."},
                "vmid": {"type": "integer", "description": "Leave out to get a free id."},
                "template": {"type": "string", "description": "Leave out for the newest cached Debian."},
                "bridge": {"type": "string", "description": "Network bridge, default vmbr0."},
                "ip": {"type": "string", "description": "`dhcp` (default) or IPv4 with prefix, e.g. 192.168.8.20/28."},
                "gateway": {"type": "string", "description": "Only with a static ip: the gateway of that /28, copied from a neighbour."},
                "privileged": {"type": "boolean", "description": "Default false (unprivileged)."},
                "nesting": {"type": "boolean", "description": "Needed for Docker inside the container."},
                "memory_mb": {"type": "integer"},
                "cores": {"type": "integer"},
                "disk_gb": {"type": "integer"},
                "storage": {"type": "string"}
            },
            "required": ["hostname"],
            "additionalProperties": false
        })
    }

    fn call<'a>(&'a self, ctx: &'a mut TurnCtx, raw: Value) -> ToolFuture<'a> {
        Box::pin(async move {
            let mut params: NewContainer = args(self.name(), raw)?;
            let network = pct_create::validate(&params).map_err(|e| ToolError::Arguments {
                tool: "pct_create",
                reason: e.to_string(),
            })?;
            let slug = Target::lxc_slug(&params.hostname);
            if ctx.agent.store().get_entity(&slug).await?.is_some() {
                return Err(ToolError::Refused(format!(
                    "`{slug}` already exists; pick another hostname or work on the existing container"
                )));
            }
            // What the host offers, read now (read-only) so the card names
            // the storage and template that will be used.
            let survey_limits = crate::exec::Limits {
                timeout: std::time::Duration::from_secs(30),
                output_cap: 256 * 1024,
            };
            let plan = pct_create::plan(
                ctx.agent.dispatcher().executor(),
                ctx.agent.store(),
                &params,
                survey_limits,
            )
            .await
            .map_err(|e| ToolError::Refused(e.to_string()))?;
            let target = Target::host_slug(&plan.host);
            if ctx.agent.store().get_entity(&target).await?.is_none() {
                return Err(ToolError::Refused(format!(
                    "there is no `{target}` in the inventory"
                )));
            }
            // The survey's choices are part of what the card shows and
            // the runner creates.
            params.host = Some(plan.host.clone());
            params.storage = Some(plan.storage.clone());
            params.template = Some(plan.template.clone());
            params.nesting = Some(params.nesting());
            let request = Request {
                session_id: Some(ctx.session),
                target,
                command: describe(&params, &plan, &network),
                purpose: format!("create container {}", params.hostname),
                work: Work::PctCreate(Box::new(params.clone())),
                window: None,
                // A privileged container's root is the host's root: losing
                // that boundary is destructive-class (a typed phrase).
                declared_risk: Some(if params.privileged {
                    RiskClass::Destructive
                } else {
                    RiskClass::ConfigMutation
                }),
                requested_by: ctx.requested_by.clone(),
                turn_id: Some(ctx.turn),
            };
            submit(ctx, request).await
        })
    }
}

/// What the card shows for a container request: every parameter the
/// creation will use, as the host survey settled them, so the approver
/// reads all of it.
fn describe(params: &NewContainer, plan: &pct_create::Plan, network: &Network) -> String {
    use crate::exec::pct_create::{DEFAULT_CORES, DEFAULT_DISK_GB, DEFAULT_MEMORY_MB};
    let ip = match network {
        Network::Dhcp => "ip=dhcp".to_string(),
        Network::Static { cidr, gateway } => format!("ip={cidr} gw={gateway}"),
    };
    let vmid = params
        .vmid
        .map_or_else(|| "next-free".to_string(), |v| v.to_string());
    let mut text = format!(
        "pct_create host={host} hostname={hostname} vmid={vmid} template={template} \
         storage={storage} disk_gb={disk} memory_mb={memory} cores={cores} bridge={bridge} {ip} \
         privileged={privileged} nesting={nesting}",
        host = plan.host,
        hostname = params.hostname,
        template = plan.template,
        storage = plan.storage,
        disk = params.disk_gb.unwrap_or(DEFAULT_DISK_GB),
        memory = params.memory_mb.unwrap_or(DEFAULT_MEMORY_MB),
        cores = params.cores.unwrap_or(DEFAULT_CORES),
        bridge = params.bridge,
        privileged = u8::from(params.privileged),
        nesting = u8::from(params.nesting()),
    );
    if matches!(network, Network::Static { .. }) && plan.bridge_cidr.is_none() {
        text.push_str(" gateway-check=inside-after-start");
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(raw: Value) -> NewContainer {
        serde_json::from_value(raw).expect("params")
    }

    fn plan(
        host: &str,
        storage: &str,
        template: &str,
        bridge_cidr: Option<&str>,
    ) -> pct_create::Plan {
        pct_create::Plan {
            host: host.into(),
            storage: storage.into(),
            template: template.into(),
            bridge_cidr: bridge_cidr.map(str::to_string),
        }
    }

    #[test]
    fn the_card_lists_every_parameter_defaults_included() {
        let debian = "local:vztmpl/debian-13-standard_13.1-2_amd64.tar.zst";
        let p = params(json!({"hostname": "web"}));
        let text = describe(
            &p,
            &plan("strong", "local-zfs", debian, Some("10.0.0.2/24")),
            &Network::Dhcp,
        );
        for part in [
            "host=strong",
            "hostname=web",
            "vmid=next-free",
            &format!("template={debian}"),
            "storage=local-zfs",
            "disk_gb=8",
            "memory_mb=1024",
            "cores=1",
            "bridge=vmbr0",
            "ip=dhcp",
            "privileged=0",
            "nesting=1",
        ] {
            assert!(text.contains(part), "{part} missing from {text}");
        }
        let p = params(json!({
            "hostname": "db", "vmid": 170, "template": "x.tar.zst",
            "storage": "tank", "disk_gb": 20, "memory_mb": 4096, "cores": 4,
            "bridge": "vmbr1", "privileged": true
        }));
        let network = Network::Static {
            cidr: "192.168.8.20/28".into(),
            gateway: std::net::Ipv4Addr::new(192, 168, 8, 17),
        };
        let text = describe(
            &p,
            &plan("hubris", "tank", "nas:vztmpl/x.tar.zst", None),
            &network,
        );
        for part in [
            "host=hubris",
            "vmid=170",
            "template=nas:vztmpl/x.tar.zst",
            "storage=tank",
            "disk_gb=20",
            "memory_mb=4096",
            "cores=4",
            "bridge=vmbr1",
            "ip=192.168.8.20/28 gw=192.168.8.17",
            "privileged=1",
            "nesting=0",
            "gateway-check=inside-after-start",
        ] {
            assert!(text.contains(part), "{part} missing from {text}");
        }
    }
}
