//! Health as observed: an entity's status and the kinds of checks.

use super::text::text_enum;

/// An entity's health: the worst of its enabled checks' latest results,
/// or `stale` when nothing observed it for too long.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HealthStatus {
    /// Never observed.
    Unknown,
    Healthy,
    Degraded,
    Unhealthy,
    Stale,
}

text_enum!(HealthStatus, "health status", {
    Unknown => "unknown",
    Healthy => "healthy",
    Degraded => "degraded",
    Unhealthy => "unhealthy",
    Stale => "stale",
});

impl HealthStatus {
    /// How bad it is, for "the worst of".
    pub fn severity(self) -> u8 {
        match self {
            HealthStatus::Unhealthy => 4,
            HealthStatus::Stale => 3,
            HealthStatus::Degraded => 2,
            HealthStatus::Healthy => 1,
            HealthStatus::Unknown => 0,
        }
    }

    /// Whether it needs someone's attention.
    pub fn is_trouble(self) -> bool {
        match self {
            HealthStatus::Unhealthy | HealthStatus::Degraded | HealthStatus::Stale => true,
            HealthStatus::Healthy | HealthStatus::Unknown => false,
        }
    }
}

/// What a health check does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CheckKind {
    Http,
    Tcp,
    Tls,
    Disk,
    Ping,
}

text_enum!(CheckKind, "check kind", {
    Http => "http",
    Tcp => "tcp",
    Tls => "tls",
    Disk => "disk",
    Ping => "ping",
});
