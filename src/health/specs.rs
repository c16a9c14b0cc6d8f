//! What each kind of health check is told: the `http`, `tcp`, `tls`,
//! `disk` and `ping` tables of a seed file's checks, stored as a check's
//! `spec` and read back by [`super::checks`]. Strict about their own keys,
//! so a typo in a seed file is an error, not a check that never fails.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HttpCheck {
    pub url: String,
    #[serde(default = "http_ok")]
    pub expect_status: u16,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub body_contains: Option<String>,
}

fn http_ok() -> u16 {
    200
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TcpCheck {
    pub host: String,
    pub port: u16,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TlsCheck {
    pub host: String,
    #[serde(default = "https_port")]
    pub port: u16,
    #[serde(default = "warn_days")]
    pub warn_days: u32,
}

fn https_port() -> u16 {
    443
}

fn warn_days() -> u32 {
    14
}

/// Disk usage of `path` on the target host, read over SSH.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DiskCheck {
    pub path: String,
    #[serde(default = "warn_percent")]
    pub warn_percent: u8,
}

fn warn_percent() -> u8 {
    85
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PingCheck {
    pub host: String,
}
