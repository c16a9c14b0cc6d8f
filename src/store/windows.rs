//! Approval windows: the `windows` table. An assent window (any approval
//! opens one for its session) lets config_mutation run without asking; a
//! destructive window (a typed confirmation opens one per action it named)
//! lets further work doing the *same* action on the *same* target run.
//! Both are rows with a fixed expiry: listed, revocable, closed with the
//! decision that opened them if it is withdrawn, and never extended by a
//! restart (nothing here reads the clock; callers pass `now`). Which
//! windows open at all is the gate's call (`gate::policy`).

use serde::Serialize;
use serde_json::json;
use time::{Duration, OffsetDateTime};
use uuid::Uuid;

use super::audit::{self, Action};
use super::{Store, StoreError, Tx, on_pool, on_tx};
use crate::domain::{ActionOn, OpenWindows, Via, WindowKind, WindowNote};

#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
pub struct Window {
    pub id: Uuid,
    pub session_id: Uuid,
    pub kind: WindowKind,
    /// The target it covers (`None`: an assent window from before they
    /// had one, which covers nothing).
    pub target: Option<String>,
    /// The one action a destructive window covers (`stop`); `None` for
    /// assent windows (and for destructive windows from before actions
    /// were recorded, which cover nothing).
    pub action: Option<String>,
    /// The approval whose decision opened it.
    pub approval_id: Option<Uuid>,
    pub opened_by: String,
    pub opened_via: Via,
    pub opened_at: OffsetDateTime,
    pub expires_at: OffsetDateTime,
    pub revoked_at: Option<OffsetDateTime>,
}

/// A window to open: its kind, for a destructive window the action and
/// target it covers, and the decision that opens it.
#[derive(Debug, Clone, Copy)]
pub struct Opening<'a> {
    pub session_id: Uuid,
    pub kind: WindowKind,
    /// What it covers: `(action, target)` for a destructive window,
    /// `(_, target)` for an assent window (the action is not kept).
    pub scope: Option<(&'a str, &'a str)>,
    pub approval_id: Option<Uuid>,
    pub opened_by: &'a str,
    pub via: Via,
    pub now: OffsetDateTime,
    pub lasts: Duration,
}

/// Opens a window inside `tx` and audits it.
pub async fn open(tx: &mut Tx, opening: Opening<'_>) -> Result<Window, StoreError> {
    let Opening {
        session_id,
        kind,
        scope,
        approval_id,
        opened_by,
        via,
        now,
        lasts,
    } = opening;
    let (target, action) = match kind {
        WindowKind::Assent => {
            let (_, target) = scope
                .ok_or_else(|| StoreError::Invalid("an assent window needs a target".into()))?;
            (Some(target), None)
        }
        WindowKind::Destructive => {
            let (action, target) = scope.ok_or_else(|| {
                StoreError::Invalid("a destructive window needs an action and a target".into())
            })?;
            (Some(target), Some(action))
        }
    };
    let window = Window {
        id: Uuid::now_v7(),
        session_id,
        kind,
        target: target.map(str::to_string),
        action: action.map(str::to_string),
        approval_id,
        opened_by: opened_by.to_string(),
        opened_via: via,
        opened_at: now,
        expires_at: now + lasts,
        revoked_at: None,
    };
    on_tx!(tx, |conn| {
        sqlx::query(
            "INSERT INTO windows (id, session_id, kind, target, action, approval_id, opened_by, opened_via, \
             opened_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
        )
        .bind(window.id)
        .bind(window.session_id)
        .bind(window.kind)
        .bind(&window.target)
        .bind(&window.action)
        .bind(window.approval_id)
        .bind(&window.opened_by)
        .bind(window.opened_via)
        .bind(window.opened_at)
        .bind(window.expires_at)
        .execute(&mut *conn)
        .await?;
    });
    audit::record(
        tx,
        &audit::Entry {
            at: now,
            actor: opened_by,
            via,
            action: Action::WindowOpened,
            execution_id: None,
            approval_id,
            risk_class: None,
            detail: json!({
                "window": window.id,
                "session": session_id,
                "kind": window.kind,
                "target": window.target,
                "action": window.action,
                "expires_at": window.expires_at.unix_timestamp(),
            }),
        },
    )
    .await?;
    Ok(window)
}

impl Store {
    /// The windows of `session` open at `now` (not expired, not revoked),
    /// soonest to expire first.
    pub async fn list_windows(
        &self,
        session_id: Uuid,
        now: OffsetDateTime,
    ) -> Result<Vec<Window>, StoreError> {
        on_pool!(self, |pool| {
            Ok(sqlx::query_as::<_, Window>(
            "SELECT id, session_id, kind, target, action, approval_id, opened_by, opened_via, opened_at, expires_at, revoked_at \
             FROM windows WHERE session_id = $1 AND revoked_at IS NULL AND expires_at > $2 \
             ORDER BY expires_at",
        )
        .bind(session_id)
        .bind(now)
        .fetch_all(pool)
        .await?)
        })
    }

    /// What the open windows of `session` allow at `now`, for the policy.
    pub async fn open_windows(
        &self,
        session_id: Uuid,
        now: OffsetDateTime,
    ) -> Result<OpenWindows, StoreError> {
        Ok(allowed_by(&self.list_windows(session_id, now).await?))
    }

    /// Closes every open window of `session` now (`!revoke`). Returns how
    /// many were open.
    pub async fn revoke_windows(
        &self,
        session_id: Uuid,
        by: &str,
        via: Via,
        now: OffsetDateTime,
    ) -> Result<u64, StoreError> {
        let mut tx = self.begin().await?;
        let revoked = on_tx!(&mut tx, |conn| {
            sqlx::query(
            "UPDATE windows SET revoked_at = $2 WHERE session_id = $1 AND revoked_at IS NULL AND expires_at > $2",
        )
        .bind(session_id)
        .bind(now)
        .execute(&mut *conn)
        .await?
        .rows_affected()
        });
        if revoked > 0 {
            audit::record(
                &mut tx,
                &audit::Entry {
                    at: now,
                    actor: by,
                    via,
                    action: Action::WindowsRevoked,
                    execution_id: None,
                    approval_id: None,
                    risk_class: None,
                    detail: json!({ "session": session_id, "count": revoked }),
                },
            )
            .await?;
        }
        tx.commit().await?;
        Ok(revoked)
    }
}

/// Closes, inside `tx`, the windows a withdrawn decision opened. Returns
/// how many were open.
pub async fn close_opened_by(
    tx: &mut Tx,
    approval_id: Uuid,
    now: OffsetDateTime,
) -> Result<u64, StoreError> {
    Ok(on_tx!(tx, |conn| {
        sqlx::query(
            "UPDATE windows SET revoked_at = $2 WHERE approval_id = $1 AND revoked_at IS NULL \
             AND expires_at > $2",
        )
        .bind(approval_id)
        .bind(now)
        .execute(&mut *conn)
        .await?
        .rows_affected()
    }))
}

/// What `windows` (open ones, as listed) allow, for the policy.
pub fn allowed_by(windows: &[Window]) -> OpenWindows {
    OpenWindows {
        // Assent windows from before they had a target cover nothing.
        assent: windows
            .iter()
            .filter(|w| w.kind == WindowKind::Assent)
            .filter_map(|w| w.target.clone())
            .collect(),
        destructive: windows
            .iter()
            .filter(|w| w.kind == WindowKind::Destructive)
            .filter_map(|w| {
                Some(ActionOn {
                    action: w.action.clone()?,
                    target: w.target.clone()?,
                })
            })
            .collect(),
    }
}

/// The one of `windows` that lets work on `target` run unasked: for
/// destructive work a destructive window for one of its `actions`, for
/// anything else an assent window; as a note for its card.
pub fn covering(
    windows: &[Window],
    target: &str,
    destructive: bool,
    actions: &[String],
) -> Option<WindowNote> {
    let target = target.trim();
    windows
        .iter()
        .find(|w| {
            w.target.as_deref() == Some(target)
                && match w.kind {
                    WindowKind::Assent => !destructive,
                    WindowKind::Destructive => {
                        w.action.as_ref().is_some_and(|a| actions.contains(a))
                    }
                }
        })
        .map(|w| WindowNote {
            kind: w.kind,
            opened_by: w.opened_by.clone(),
            opened_at: w.opened_at,
            expires_at: w.expires_at,
        })
}
