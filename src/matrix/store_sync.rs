//! How often matrix-sdk's stores reach the disk.
//!
//! matrix-sdk opens its SQLite stores (`matrix-sdk-state`, `-crypto`,
//! `-event-cache`, `-media`) in WAL mode and never sets `synchronous`,
//! so each connection keeps SQLite's default, FULL: an fsync of the WAL on
//! every commit. Every sync commits to the state store and twice to the
//! crypto store (the Olm account is saved with each sync's key counts), so
//! three fsyncs stood between the homeserver's answer and the first event
//! handler: between an operator's ✅ and the decision. (matrix-rust-sdk
//! issue 6797 asks for a setting; 0.18 has none.)
//!
//! Here those connections, and only those, run at NORMAL: a commit is
//! written to the WAL without an fsync, which SQLite documents as never
//! corrupting a WAL database; a crash of Nomos loses nothing (the WAL is in
//! the page cache), and a power loss or an OS crash can roll back the last
//! seconds of commits. What that can cost, and why it is safe here:
//! - the state store (sync position, room state): the next sync starts
//!   from an older position and repeats events; each is handled once by
//!   Nomos's own inbound claims, which stay fsynced (Nomos's store keeps
//!   FULL, see `Store::connect`);
//! - the crypto store: a room key received in those seconds is lost (its
//!   messages cannot be read until it is shared again), and the outbound
//!   group session's message index could roll back, so a message would be
//!   sent at an index already used; Nomos therefore discards its outbound
//!   room keys at every start (`discard_outbound_room_keys`), and the next
//!   message in each encrypted room starts a new session.
//!
//! It is done with an SQLite auto-extension: a function SQLite runs for
//! every connection opened in this process, which sets NORMAL when the
//! database file is one of matrix-sdk's and leaves every other connection
//! as it was.

use std::ffi::{CStr, c_char, c_int};

use libsqlite3_sys as ffi;

/// The file names of matrix-sdk's stores start with this.
const MATRIX_STORE_PREFIX: &[u8] = b"matrix-sdk-";

/// Whether the database at `path` (as SQLite reports it) is one of
/// matrix-sdk's stores.
fn is_matrix_store(path: &[u8]) -> bool {
    let name = path.rsplit(|b| *b == b'/').next().unwrap_or(path);
    name.starts_with(MATRIX_STORE_PREFIX)
}

/// The auto-extension: NORMAL for a connection to one of matrix-sdk's
/// stores. Never fails the open (a connection it cannot adjust keeps
/// FULL, which is only slower).
unsafe extern "C" fn relax_matrix_store(
    db: *mut ffi::sqlite3,
    _error: *mut *mut c_char,
    _api: *const ffi::sqlite3_api_routines,
) -> c_int {
    // SAFETY: SQLite calls an auto-extension with the connection it has
    // just opened; the name it returns lives as long as the connection.
    let name = unsafe { ffi::sqlite3_db_filename(db, c"main".as_ptr()) };
    if name.is_null() {
        return ffi::SQLITE_OK;
    }
    // SAFETY: a non-null result is a NUL-terminated string.
    let path = unsafe { CStr::from_ptr(name) };
    if is_matrix_store(path.to_bytes()) {
        // SAFETY: an open connection, a NUL-terminated statement, no
        // callback and no error message asked for.
        let done = unsafe {
            ffi::sqlite3_exec(
                db,
                c"PRAGMA synchronous = NORMAL".as_ptr(),
                None,
                std::ptr::null_mut(),
                std::ptr::null_mut(),
            )
        };
        if done != ffi::SQLITE_OK {
            tracing::debug!(code = done, "a matrix-sdk store keeps synchronous = FULL");
        }
    }
    ffi::SQLITE_OK
}

/// Registers the auto-extension for every connection opened from now on
/// (once per process; SQLite ignores a second registration of the same
/// function). Call it before matrix-sdk opens its stores.
pub fn relax_matrix_stores() {
    // SAFETY: `relax_matrix_store` has the signature SQLite expects of an
    // auto-extension and touches only the connection it is given.
    let registered = unsafe { ffi::sqlite3_auto_extension(Some(relax_matrix_store)) };
    if registered != ffi::SQLITE_OK {
        tracing::warn!(
            code = registered,
            "cannot register the SQLite auto-extension; matrix-sdk's stores fsync every commit"
        );
    }
}

/// Drops the outbound group session of every joined room, so the next
/// message in each encrypted room starts a new one: after a power loss
/// the crypto store may hold a session whose message index is behind the
/// messages already sent with it, and an index must never be used twice.
/// (A room with no session has nothing to drop.)
pub async fn discard_outbound_room_keys(client: &matrix_sdk::Client) {
    for room in client.joined_rooms() {
        if let Err(e) = room.discard_room_key().await {
            tracing::debug!(room = %room.room_id(), error = %e, "cannot discard the room key");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sqlx::ConnectOptions;
    use std::str::FromStr;

    #[test]
    fn only_matrix_sdk_files_are_relaxed() {
        assert!(is_matrix_store(
            b"/var/lib/nomos/matrix/store/matrix-sdk-state.sqlite3"
        ));
        assert!(is_matrix_store(b"matrix-sdk-crypto.sqlite3"));
        assert!(!is_matrix_store(b"/var/lib/nomos/nomos.db"));
        assert!(!is_matrix_store(b"/srv/matrix-sdk-state.sqlite3/nomos.db"));
        assert!(!is_matrix_store(b""));
    }

    async fn level(path: &std::path::Path) -> i64 {
        let options =
            sqlx::sqlite::SqliteConnectOptions::from_str(&format!("sqlite://{}", path.display()))
                .expect("options")
                .create_if_missing(true)
                .journal_mode(sqlx::sqlite::SqliteJournalMode::Wal);
        let mut conn = options.connect().await.expect("connect");
        sqlx::query_scalar("PRAGMA synchronous")
            .fetch_one(&mut conn)
            .await
            .expect("pragma")
    }

    /// matrix-sdk's files open at NORMAL (1); any other database keeps
    /// SQLite's default, FULL (2). (Nomos's store sets FULL itself:
    /// `store::tests`.)
    #[tokio::test]
    async fn matrix_sdk_stores_run_at_normal_and_nothing_else_does() {
        relax_matrix_stores();
        relax_matrix_stores(); // twice is once
        let dir = tempfile::tempdir().expect("tempdir");
        assert_eq!(level(&dir.path().join("matrix-sdk-state.sqlite3")).await, 1);
        assert_eq!(
            level(&dir.path().join("matrix-sdk-crypto.sqlite3")).await,
            1
        );
        assert_eq!(level(&dir.path().join("other.db")).await, 2);
        assert_eq!(level(&dir.path().join("nomos.db")).await, 2);
    }
}
