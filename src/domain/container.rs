//! A new container: what `pct_create` is asked to make, and the record of
//! what it made. Both are kept with the execution (its work and its
//! report), so the card, the runner and the model read one typed value.

use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;

use super::execution::RunStatus;

/// A container to create, as `pct_create`'s caller asks for it (the
/// model's tool arguments, completed by the host survey when proposed).
/// Kept whole in the execution, so the runner creates what the card showed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewContainer {
    pub hostname: String,
    #[serde(
        default,
        deserialize_with = "flexible_vmid",
        skip_serializing_if = "Option::is_none"
    )]
    pub vmid: Option<u32>,
    /// Proxmox host name; the default host when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub host: Option<String>,
    /// A template volume id or file name from the host's cache.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub template: Option<String>,
    #[serde(default = "default_bridge")]
    pub bridge: String,
    /// `dhcp` (the default) or an IPv4 address with prefix, e.g. 192.168.8.20/28.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ip: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gateway: Option<String>,
    #[serde(default, deserialize_with = "flexible_bool")]
    pub privileged: bool,
    /// `None`: on for unprivileged containers, off for privileged ones.
    #[serde(
        default,
        deserialize_with = "flexible_opt_bool",
        skip_serializing_if = "Option::is_none"
    )]
    pub nesting: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub memory_mb: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cores: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub disk_gb: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub storage: Option<String>,
}

impl NewContainer {
    /// Whether the container gets `nesting=1`.
    pub fn nesting(&self) -> bool {
        self.nesting.unwrap_or(!self.privileged)
    }
}

fn default_bridge() -> String {
    "vmbr0".to_string()
}

/// `true`, `false`, `1`, `0`, `"true"`, `"false"`, `"1"`, `"0"`, `"yes"`, `"no"`.
fn flexible_bool<'de, D: Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
    let value = Value::deserialize(d)?;
    match &value {
        Value::Bool(b) => Ok(*b),
        Value::Number(n) if n.as_u64() == Some(1) => Ok(true),
        Value::Number(n) if n.as_u64() == Some(0) => Ok(false),
        Value::String(s) => match s.trim().to_ascii_lowercase().as_str() {
            "true" | "1" | "yes" => Ok(true),
            "false" | "0" | "no" => Ok(false),
            _ => Err(serde::de::Error::custom(format!(
                "`{s}` is not a boolean (use true or false)"
            ))),
        },
        Value::Null => Ok(false),
        other => Err(serde::de::Error::custom(format!(
            "`{other}` is not a boolean (use true or false)"
        ))),
    }
}

/// [`flexible_bool`], with absent or null meaning "not said".
fn flexible_opt_bool<'de, D: Deserializer<'de>>(d: D) -> Result<Option<bool>, D::Error> {
    let value = Value::deserialize(d)?;
    if value.is_null() {
        return Ok(None);
    }
    flexible_bool(value)
        .map(Some)
        .map_err(serde::de::Error::custom)
}

/// A number or numeric string; 0, null and "" mean "pick one".
fn flexible_vmid<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u32>, D::Error> {
    let value = Value::deserialize(d)?;
    let n = match &value {
        Value::Null => return Ok(None),
        Value::Number(n) => n.as_u64(),
        Value::String(s) if s.trim().is_empty() => return Ok(None),
        Value::String(s) => s.trim().parse::<u64>().ok(),
        _ => None,
    };
    match n {
        Some(0) => Ok(None),
        Some(n) => u32::try_from(n)
            .map(Some)
            .map_err(|_| serde::de::Error::custom(format!("vmid {n} is too large"))),
        None => Err(serde::de::Error::custom(format!("`{value}` is not a VMID"))),
    }
}

/// One command of the creation, for the record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    pub command: String,
    pub status: RunStatus,
    pub exit_code: Option<i32>,
    pub output: String,
}

/// What was created.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Created {
    pub entity: String,
    pub hostname: String,
    pub vmid: u32,
    pub host: String,
    pub template: String,
    pub bridge: String,
    /// `dhcp` or the static address.
    pub ip: String,
    pub gateway: Option<String>,
    pub notes: Vec<String>,
    pub steps: Vec<Step>,
}

impl Created {
    pub fn summary(&self) -> String {
        format!(
            "created {} (VMID {}) on {} from {}, {} on {}{}",
            self.entity,
            self.vmid,
            super::Target::host(&self.host),
            self.template,
            self.ip,
            self.bridge,
            self.gateway
                .as_deref()
                .map(|g| format!(" via {g}"))
                .unwrap_or_default()
        )
    }
}
