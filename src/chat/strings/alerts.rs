//! What the ops room hears when an entity's health changes.

use crate::domain::HealthStatus;

/// An entity went bad (unhealthy or stale).
pub fn went_bad(entity: &str, status: HealthStatus, detail: Option<&str>) -> String {
    format!("🔴 **{entity}** is {status}{}", detail_suffix(detail))
}

/// An entity came back from bad.
pub fn recovered(entity: &str, status: HealthStatus, detail: Option<&str>) -> String {
    format!(
        "🟢 **{entity}** recovered: {status} again{}",
        detail_suffix(detail)
    )
}

fn detail_suffix(detail: Option<&str>) -> String {
    detail.map(|d| format!(": {d}")).unwrap_or_default()
}
