//! The bot's own secrets at rest, after real starts against Synapse: the
//! data dir is 0700 and every file in it 0600 (database, lock, session,
//! store passphrase, the Matrix stores); the Matrix stores are encrypted
//! with a generated passphrase that is kept and reused; an open data dir
//! is refused with the `chmod` that fixes it; and an unencrypted store
//! from an earlier version still opens with its login (and its files are
//! narrowed to 0600).

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use matrix_sdk::authentication::matrix::MatrixSession;
use nomos::matrix::session::{Paths, StoreState, store_key, store_state};

use crate::support::bot::{Extra, config_toml, local_inventory};
use crate::support::eventually;
use crate::support::matrix::Account;
use crate::support::matrix::{create_room, login, membership};
use crate::support::scenario::Scenario;

const LIMIT: Duration = Duration::from_secs(60);

fn mode(path: &Path) -> u32 {
    std::fs::metadata(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .permissions()
        .mode()
        & 0o7777
}

/// A `nomos run` config for `bot` with its data dir at `dir/data`.
fn bot_toml(dir: &Path, hs: &str, bot: &Account, operator: &str) -> String {
    local_inventory(dir, "here");
    config_toml(
        dir,
        hs,
        bot,
        &[operator],
        "http://127.0.0.1:9/v1",
        Extra::default(),
    )
}

/// Runs the bot of `toml` until it has joined a new room the operator
/// invites it to (so it has logged in, synced and written its stores),
/// then stops it cleanly.
async fn run_until_joined(toml: &str, dir: &Path, hs: &str, operator: &Account, bot: &Account) {
    let (shutdown, running) = crate::support::start_bot(toml, dir);
    let op = login(hs, operator).await;
    let room = create_room(&op, &[&bot.user_id]).await;
    eventually("the bot to join", LIMIT, || async {
        if running.is_finished() {
            panic!("the bot stopped before joining");
        }
        (membership(&op, &room, &bot.user_id).await.as_deref() == Some("join")).then_some(())
    })
    .await;
    shutdown.cancel();
    let result = tokio::time::timeout(Duration::from_secs(20), running)
        .await
        .expect("the bot stops")
        .expect("bot task");
    assert!(result.is_ok(), "{result:?}");
}

/// Every file below `dir`, recursively.
fn files_below(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).expect("read_dir").flatten() {
        let path = entry.path();
        if path.is_dir() {
            out.extend(files_below(&path));
        } else {
            out.push(path);
        }
    }
    out
}

/// Whether any of the crypto store's files (database and WAL) holds
/// `needle` in plain text.
fn crypto_store_contains(store: &Path, needle: &str) -> bool {
    files_below(store)
        .iter()
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("matrix-sdk-crypto"))
        })
        .any(|p| {
            let bytes = std::fs::read(p).unwrap_or_default();
            bytes
                .windows(needle.len())
                .any(|window| window == needle.as_bytes())
        })
}

fn saved_session(paths: &Paths) -> MatrixSession {
    serde_json::from_slice(&std::fs::read(&paths.session).expect("session.json"))
        .expect("a saved session")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn files_are_private_and_the_matrix_store_is_encrypted() {
    let Scenario { hs, bot, operator } = Scenario::new().await;
    let dir = tempfile::tempdir().expect("tempdir");
    let toml = bot_toml(dir.path(), &hs, &bot, &operator.user_id);
    let data = dir.path().join("data");
    let paths = Paths::under(&data);

    run_until_joined(&toml, dir.path(), &hs, &operator, &bot).await;

    assert_eq!(mode(&data), 0o700, "data dir");
    for dir in [&paths.dir, &paths.store] {
        assert_eq!(mode(dir), 0o700, "{}", dir.display());
    }
    for file in ["nomos.db", "nomos.db.lock"] {
        assert_eq!(mode(&data.join(file)), 0o600, "{file}");
    }
    assert_eq!(mode(&paths.session), 0o600, "session");
    assert_eq!(mode(&paths.passphrase), 0o600, "passphrase file");
    let everything = files_below(&data);
    assert!(
        everything.iter().any(|p| p.starts_with(&paths.store)),
        "the Matrix store has files: {everything:?}"
    );
    for file in &everything {
        assert_eq!(mode(file), 0o600, "{}", file.display());
    }

    // The store is encrypted with the generated passphrase: 64 hex digits,
    // and neither the bot's user id nor its device id is readable in the
    // crypto store (an unencrypted one holds both; see the test below).
    let passphrase = std::fs::read_to_string(&paths.passphrase).expect("passphrase");
    assert_eq!(passphrase.len(), 64, "32 bytes as hex");
    assert!(passphrase.chars().all(|c| c.is_ascii_hexdigit()));
    assert_eq!(
        store_state(&paths.store).await.expect("probe"),
        StoreState::Encrypted
    );
    let device = saved_session(&paths).meta.device_id.to_string();
    assert!(!crypto_store_contains(&paths.store, &bot.user_id));
    assert!(!crypto_store_contains(&paths.store, &device));

    // A restart reopens it with the kept passphrase, as the same device.
    run_until_joined(&toml, dir.path(), &hs, &operator, &bot).await;
    assert_eq!(
        std::fs::read_to_string(&paths.passphrase).expect("passphrase"),
        passphrase,
        "the passphrase is reused, not regenerated"
    );
    assert_eq!(saved_session(&paths).meta.device_id.to_string(), device);

    // Without its passphrase file the encrypted store is an error that
    // names the file, never a silent new store.
    std::fs::remove_file(&paths.passphrase).expect("remove passphrase");
    let config = nomos::config::Config::from_toml(
        &toml,
        "it.toml".as_ref(),
        dir.path(),
        nomos::config::Purpose::Run,
        &|_| None,
    )
    .expect("config");
    let err = store_key(config.matrix().expect("matrix"), &data)
        .await
        .expect_err("a missing passphrase file is refused")
        .to_string();
    assert!(
        err.contains(&paths.passphrase.display().to_string()),
        "{err}"
    );
    assert!(!paths.passphrase.exists(), "no new passphrase was made");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_configured_passphrase_encrypts_and_a_wrong_one_is_refused() {
    let Scenario { hs, bot, operator } = Scenario::new().await;
    let dir = tempfile::tempdir().expect("tempdir");
    let toml = bot_toml(dir.path(), &hs, &bot, &operator.user_id);
    let with = |passphrase: &str| {
        toml.replace(
            "[access]",
            &format!("store_passphrase = \"{passphrase}\"\n[access]"),
        )
    };
    let data = dir.path().join("data");
    let paths = Paths::under(&data);

    run_until_joined(
        &with("correct horse battery staple"),
        dir.path(),
        &hs,
        &operator,
        &bot,
    )
    .await;
    assert_eq!(
        store_state(&paths.store).await.expect("probe"),
        StoreState::Encrypted
    );
    assert!(
        !paths.passphrase.exists(),
        "no file when the passphrase is configured"
    );
    assert!(!crypto_store_contains(&paths.store, &bot.user_id));
    let device = saved_session(&paths).meta.device_id.to_string();

    // Another passphrase: the store does not open, and the error says
    // which key to check; the login is untouched.
    let (_shutdown, running) =
        crate::support::start_bot(&with("a different passphrase"), dir.path());
    let result = tokio::time::timeout(Duration::from_secs(60), running)
        .await
        .expect("the bot gives up")
        .expect("bot task");
    let err = result
        .expect_err("a wrong passphrase is refused")
        .to_string();
    assert!(err.contains("matrix.store_passphrase"), "{err}");
    assert!(!err.contains("a different passphrase"), "{err}");
    assert_eq!(saved_session(&paths).meta.device_id.to_string(), device);
}

#[tokio::test]
async fn an_open_data_dir_is_refused_with_the_fix() {
    let dir = tempfile::tempdir().expect("tempdir");
    let bot = Account {
        user_id: "@nomos:localhost".into(),
        localpart: "nomos".into(),
        password: "unused-password".into(),
    };
    let toml = bot_toml(dir.path(), "http://127.0.0.1:9", &bot, "@op:localhost");
    let data = dir.path().join("data");
    std::fs::create_dir(&data).expect("mkdir");
    std::fs::set_permissions(&data, std::fs::Permissions::from_mode(0o755)).expect("chmod");

    let (_shutdown, running) = crate::support::start_bot(&toml, dir.path());
    let result = tokio::time::timeout(Duration::from_secs(20), running)
        .await
        .expect("the bot returns at once")
        .expect("bot task");
    let err = result.expect_err("an open data dir is refused").to_string();
    assert!(
        err.contains(&format!("chmod 700 {}", data.display())),
        "{err}"
    );
    assert!(err.contains("0755"), "{err}");
    assert!(
        std::fs::read_dir(&data).expect("read_dir").next().is_none(),
        "nothing was written into the open data dir"
    );
    assert_eq!(mode(&data), 0o755, "the operator's dir is not changed");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unencrypted_store_from_an_earlier_version_keeps_its_login() {
    use matrix_sdk::config::SyncSettings;

    let Scenario { hs, bot, operator } = Scenario::new().await;
    let dir = tempfile::tempdir().expect("tempdir");
    let toml = bot_toml(dir.path(), &hs, &bot, &operator.user_id);
    let data = dir.path().join("data");
    let paths = Paths::under(&data);

    // What an earlier Nomos left: an unencrypted store, a session, files
    // readable by all (the data dir itself already fixed by the operator).
    std::fs::create_dir_all(&paths.store).expect("mkdir");
    std::fs::set_permissions(&data, std::fs::Permissions::from_mode(0o700)).expect("chmod");
    std::fs::set_permissions(&paths.dir, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    let old = matrix_sdk::Client::builder()
        .homeserver_url(&hs)
        .respect_login_well_known(false)
        .sqlite_store(&paths.store, None)
        .build()
        .await
        .expect("old client");
    old.matrix_auth()
        .login_username(&bot.localpart, &bot.password)
        .initial_device_display_name("nomos")
        .send()
        .await
        .expect("old login");
    old.sync_once(SyncSettings::default().timeout(Duration::from_millis(300)))
        .await
        .expect("old sync");
    let session = old.matrix_auth().session().expect("old session");
    let device = session.meta.device_id.to_string();
    std::fs::write(
        &paths.session,
        serde_json::to_vec(&session).expect("session json"),
    )
    .expect("write session");
    std::fs::set_permissions(&paths.session, std::fs::Permissions::from_mode(0o644))
        .expect("chmod");
    drop(old);
    assert_eq!(
        store_state(&paths.store).await.expect("probe"),
        StoreState::Unencrypted
    );
    assert!(
        crypto_store_contains(&paths.store, &bot.user_id),
        "an unencrypted crypto store shows the user id (the check above can fail)"
    );

    run_until_joined(&toml, dir.path(), &hs, &operator, &bot).await;

    assert_eq!(
        saved_session(&paths).meta.device_id.to_string(),
        device,
        "the old login was restored, not replaced"
    );
    assert_eq!(
        store_state(&paths.store).await.expect("probe"),
        StoreState::Unencrypted,
        "kept as it was"
    );
    assert!(
        !paths.passphrase.exists(),
        "no passphrase for a store that does not use one"
    );
    assert_eq!(mode(&paths.dir), 0o700);
    assert_eq!(mode(&paths.session), 0o600);
    for file in files_below(&data) {
        assert_eq!(mode(&file), 0o600, "{}", file.display());
    }
}
