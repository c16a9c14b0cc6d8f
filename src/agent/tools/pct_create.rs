//! `pct_create`: propose a new container (create, start, register). The
//! parameters are checked here, before anyone is asked to approve, so an
//! impossible request (a static IP without a gateway, a gateway with DHCP)
//! goes back to the model instead of onto a card.

use serde_json::{Value, json};

use super::{Tool, ToolError, ToolFuture, TurnCtx, args, run::submit};
use crate::exec::pct_create::{self, Network, Params};
use crate::gate::RiskClass;
use crate::store::executions::Request;

pub struct PctCreate;

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
            let params: Params = args(self.name(), raw.clone())?;
            let network = pct_create::validate(&params).map_err(|e| ToolError::Arguments {
                tool: "pct_create",
                reason: e.to_string(),
            })?;
            let slug = format!("lxc:{}", params.hostname);
            if ctx.agent.store().get_entity(&slug).await?.is_some() {
                return Err(ToolError::Refused(format!(
                    "`{slug}` already exists; pick another hostname or work on the existing container"
                )));
            }
            let host = match &params.host {
                Some(name) => name.clone(),
                None => {
                    ctx.agent
                        .dispatcher()
                        .executor()
                        .resolver()
                        .default_host()
                        .await
                        .map_err(|e| ToolError::Refused(e.to_string()))?
                        .name
                }
            };
            let target = format!("host:{host}");
            if ctx.agent.store().get_entity(&target).await?.is_none() {
                return Err(ToolError::Refused(format!(
                    "there is no `{target}` in the inventory"
                )));
            }
            let request = Request {
                session_id: Some(ctx.session),
                kind: "pct_create".into(),
                target,
                command: describe(&params, &network),
                purpose: format!("create container {}", params.hostname),
                params: raw,
                declared_risk: Some(RiskClass::ConfigMutation),
                requested_by: ctx.requested_by.clone(),
                turn_id: Some(ctx.turn),
            };
            submit(ctx, request).await
        })
    }
}

/// What the card shows for a container request.
fn describe(params: &Params, network: &Network) -> String {
    let mut text = format!(
        "pct_create hostname={} bridge={}",
        params.hostname, params.bridge
    );
    match network {
        Network::Dhcp => text.push_str(" ip=dhcp"),
        Network::Static { cidr, gateway } => text.push_str(&format!(" ip={cidr} gw={gateway}")),
    }
    if let Some(vmid) = params.vmid {
        text.push_str(&format!(" vmid={vmid}"));
    }
    if let Some(t) = &params.template {
        text.push_str(&format!(" template={t}"));
    }
    for (flag, on) in [
        ("privileged", params.privileged),
        ("nesting", params.nesting),
    ] {
        if on {
            text.push_str(&format!(" {flag}=1"));
        }
    }
    text
}
