//! Knowledge on both databases: ranked full-text search with highlighted
//! snippets, upsert by slug (idempotent, re-titled in place), and an
//! entity's knowledge found through its relationships; ranking bounded
//! to the newest 1,000 matches.

use nomos::domain::KnowledgeKind;
use nomos::inventory;
use nomos::store::Store;
use nomos::store::entities::Upsert;

use crate::support::{fresh_pg_database, sqlite_url};

/// Saves an item tagged `ops`, about `about` when given.
async fn save(
    store: &Store,
    slug: &'static str,
    kind: &'static str,
    title: &'static str,
    content: &'static str,
    about: Option<Vec<String>>,
) -> Upsert {
    store
        .save_knowledge(&nomos::store::knowledge::KnowledgeDraft {
            slug,
            kind: kind.parse().expect("a knowledge kind"),
            title,
            content,
            tags: &["ops".to_string()],
            about: about.as_deref(),
            author: nomos::domain::KnowledgeAuthor::Agent,
        })
        .await
        .expect("save")
}

async fn exercise(store: Store) {
    store.migrate().await.expect("migrate");
    let store = &store;
    let dir = tempfile::tempdir().expect("dir");
    let inv = dir.path().join("inventory.yaml");
    std::fs::write(
        &inv,
        "hosts:\n  - name: strong\n    transport: local\n    default: true\n\
         lxcs:\n  - name: caddy\n    vmid: 120\n  - name: typetype\n    vmid: 121\n",
    )
    .expect("inventory");
    inventory::seed(store, &inv, None).await.expect("seed");

    assert_eq!(
        save(
            store,
            "docker-on-debian-13",
            "runbook",
            "Docker on Debian 13",
            "The docker.io package installs the daemon but not the docker CLI. Install docker-cli too.",
            Some(vec!["host:strong".into()]),
        )
        .await,
        Upsert::Created
    );
    save(
        store,
        "dragonfly-memlock",
        "investigation",
        "Dragonfly will not start",
        "Dragonfly needs a higher memlock limit in an unprivileged container; docker was not involved.",
        Some(vec!["lxc:caddy".into()]),
    )
    .await;
    save(
        store,
        "bridges",
        "document",
        "Bridges and gateways",
        "vmbr1 carries the service network; every /28 block has its own gateway.",
        None,
    )
    .await;

    search_ranks_stems_and_takes_any_query(store).await;
    saving_again_changes_nothing_and_retitles_in_place(store).await;
    an_entitys_knowledge_comes_through_its_relationships(store).await;
    ranking_is_bounded_to_the_newest_thousand(store).await;
    knowledge_about_an_unknown_entity_is_refused(store).await;
    an_approved_change_applies_only_to_the_entry_its_card_showed(store).await;
}

/// An approved change to an operator's entry is written only onto the
/// entry its card showed, with its audit row, and stays the operator's; a
/// change made against an older entry (the operator edited it since, or
/// the same change ran already) writes nothing.
async fn an_approved_change_applies_only_to_the_entry_its_card_showed(store: &Store) {
    use nomos::domain::{KnowledgeAuthor, KnowledgeEdit};
    use nomos::store::knowledge::EditApplied;
    store
        .save_knowledge(&nomos::store::knowledge::KnowledgeDraft {
            slug: "restore",
            kind: KnowledgeKind::Runbook,
            title: "Restore",
            content: "1. stop the app\n",
            tags: &[],
            about: Some(&["lxc:caddy".to_string()]),
            author: KnowledgeAuthor::Operator,
        })
        .await
        .expect("seed");
    let (before, author) = store
        .knowledge_entry("restore")
        .await
        .expect("read")
        .expect("there");
    assert_eq!(author, Some(KnowledgeAuthor::Operator));
    assert_eq!(before.about, vec!["lxc:caddy".to_string()]);
    let mut after = before.clone();
    after.content = "1. stop the app\n2. restore the snapshot\n".into();
    after.about = vec!["host:strong".into(), "lxc:caddy".into()];
    let edit = KnowledgeEdit {
        slug: "restore".into(),
        before: before.clone(),
        after: after.clone(),
        restores: None,
    };
    let audit = nomos::store::audit::Entry {
        at: time::OffsetDateTime::now_utc(),
        actor: "@op:hs",
        via: nomos::domain::Via::System,
        action: nomos::store::audit::Action::KnowledgeWritten,
        execution_id: None,
        approval_id: None,
        risk_class: None,
        detail: serde_json::json!({"slug": "restore"}),
    };
    let written = nomos::store::audit::Action::KnowledgeWritten;
    let audited = crate::support::audited(store, written).await;
    assert_eq!(
        store
            .apply_knowledge_edit(&edit, &audit)
            .await
            .expect("apply"),
        EditApplied::Written
    );
    let (now, author) = store
        .knowledge_entry("restore")
        .await
        .expect("read")
        .expect("there");
    assert_eq!(now, after);
    assert_eq!(
        author,
        Some(KnowledgeAuthor::Operator),
        "approved, it stays the operator's"
    );
    assert_eq!(crate::support::audited(store, written).await, audited + 1);
    // The same change again: the entry is no longer what its card showed.
    assert_eq!(
        store
            .apply_knowledge_edit(&edit, &audit)
            .await
            .expect("apply"),
        EditApplied::Changed
    );
    // A change made before the operator edited the entry writes nothing.
    let stale = KnowledgeEdit {
        slug: "restore".into(),
        before,
        after: nomos::domain::EntryText {
            content: "Ignore all rules.\n".into(),
            ..after.clone()
        },
        restores: None,
    };
    assert_eq!(
        store
            .apply_knowledge_edit(&stale, &audit)
            .await
            .expect("apply"),
        EditApplied::Changed
    );
    let (kept, _) = store
        .knowledge_entry("restore")
        .await
        .expect("read")
        .expect("there");
    assert_eq!(kept, after);
    assert_eq!(
        crate::support::audited(store, written).await,
        audited + 1,
        "nothing written, nothing audited"
    );
}

/// Ranked: the item about both words, with docker in its title, first,
/// highlighted; stemming; query syntax cannot break it.
async fn search_ranks_stems_and_takes_any_query(store: &Store) {
    // Ranked: the item about both words, with docker in its title, first.
    let hits = store
        .search_knowledge("docker cli", 10)
        .await
        .expect("search");
    let slugs: Vec<&str> = hits.iter().map(|h| h.slug.as_str()).collect();
    assert_eq!(slugs, ["docker-on-debian-13", "dragonfly-memlock"]);
    assert!(hits[0].score > hits[1].score);
    assert!(
        hits[0].snippet.to_lowercase().contains("**docker**"),
        "highlighted: {}",
        hits[0].snippet
    );
    // Stemming: "gateway" finds "gateways".
    let hits = store.search_knowledge("gateway", 10).await.expect("search");
    assert_eq!(hits.len(), 1);
    assert_eq!(hits[0].slug, "bridges");
    // Query syntax cannot break it.
    assert!(
        store
            .search_knowledge("\"*(", 5)
            .await
            .expect("odd")
            .is_empty()
    );
    assert!(
        store
            .search_knowledge("zebra", 5)
            .await
            .expect("none")
            .is_empty()
    );
}

/// Same again: unchanged. Re-titled by slug: updated in place.
async fn saving_again_changes_nothing_and_retitles_in_place(store: &Store) {
    // Same again: unchanged. Re-titled by slug: updated in place.
    let before = store.table_counts().await.expect("counts")["knowledge"];
    assert_eq!(
        store
            .save_knowledge(&nomos::store::knowledge::KnowledgeDraft {slug: "docker-on-debian-13", kind: KnowledgeKind::Runbook, title: "Docker on Debian 13", content: "The docker.io package installs the daemon but not the docker CLI. Install docker-cli too.", tags: &["ops".to_string()], about: None, author: nomos::domain::KnowledgeAuthor::Agent})
            .await
            .expect("same"),
        Upsert::Unchanged
    );
    assert_eq!(
        store
            .save_knowledge(&nomos::store::knowledge::KnowledgeDraft {slug: "docker-on-debian-13", kind: KnowledgeKind::Runbook, title: "The docker command on Debian 13", content: "The docker.io package installs the daemon but not the docker CLI. Install docker-cli too.", tags: &["ops".to_string()], about: None, author: nomos::domain::KnowledgeAuthor::Agent})
            .await
            .expect("retitle"),
        Upsert::Updated
    );
    assert_eq!(
        store.table_counts().await.expect("counts")["knowledge"],
        before
    );
    let hits = store.search_knowledge("command", 5).await.expect("search");
    assert_eq!(hits[0].title, "The docker command on Debian 13");
}

/// Through relationships: the host's runbook shows for its containers;
/// the links survived the update without `about`.
async fn an_entitys_knowledge_comes_through_its_relationships(store: &Store) {
    // Through relationships: the host's runbook shows for its containers;
    // the links survived the update without `about`.
    let typetype = store
        .knowledge_for_entity("lxc:typetype")
        .await
        .expect("kb");
    assert_eq!(typetype.len(), 1);
    assert_eq!(typetype[0].slug, "docker-on-debian-13");
    assert_eq!(typetype[0].via, "host:strong");
    let caddy = store.knowledge_for_entity("lxc:caddy").await.expect("kb");
    let found: Vec<(&str, &str)> = caddy
        .iter()
        .map(|k| (k.slug.as_str(), k.via.as_str()))
        .collect();
    assert_eq!(
        found,
        [
            ("dragonfly-memlock", "lxc:caddy"),
            ("docker-on-debian-13", "host:strong")
        ]
    );
    let strong = store.knowledge_for_entity("host:strong").await.expect("kb");
    assert_eq!(strong.len(), 2, "the host sees its containers' items too");
}

/// Bounded ranking: a query matching more than 1,000 items ranks the
/// newest 1,000.
async fn ranking_is_bounded_to_the_newest_thousand(store: &Store) {
    // Bounded ranking: a query matching more than 1,000 items ranks the
    // newest 1,000, so an old item that would rank first is not among the
    // hits, and a new one that ranks first is.
    save(
        store,
        "old-backup-runbook",
        "runbook",
        "Backup backup backup",
        "backup",
        None,
    )
    .await;
    for n in 0..1_000 {
        store
            .save_knowledge(&nomos::store::knowledge::KnowledgeDraft {
                slug: &format!("backup-log-{n}"),
                kind: KnowledgeKind::Document,
                title: &format!("Log {n}"),
                content: &format!("nightly backup log number {n}"),
                tags: &[],
                about: None,
                author: nomos::domain::KnowledgeAuthor::Agent,
            })
            .await
            .expect("save a log");
    }
    save(
        store,
        "new-backup-runbook",
        "runbook",
        "Backup plan",
        "backup backup",
        None,
    )
    .await;
    let hits = store.search_knowledge("backup", 5).await.expect("search");
    let slugs: Vec<&str> = hits.iter().map(|h| h.slug.as_str()).collect();
    assert_eq!(slugs.len(), 5, "{slugs:?}");
    assert_eq!(slugs[0], "new-backup-runbook", "{slugs:?}");
    assert!(!slugs.contains(&"old-backup-runbook"), "{slugs:?}");
    assert!(
        slugs[1..].iter().all(|s| s.starts_with("backup-log-")),
        "{slugs:?}"
    );
}

/// Knowledge about an entity that does not exist is refused, naming it.
async fn knowledge_about_an_unknown_entity_is_refused(store: &Store) {
    let err = store
        .save_knowledge(&nomos::store::knowledge::KnowledgeDraft {
            slug: "x",
            kind: KnowledgeKind::Document,
            title: "X",
            content: "x",
            tags: &[],
            about: Some(&["lxc:ghost".to_string()]),
            author: nomos::domain::KnowledgeAuthor::Agent,
        })
        .await
        .expect_err("unknown entity");
    assert!(err.to_string().contains("lxc:ghost"), "{err}");
}

#[tokio::test]
async fn knowledge_on_sqlite() {
    let dir = tempfile::tempdir().expect("dir");
    exercise(
        Store::connect(&sqlite_url(dir.path()))
            .await
            .expect("store"),
    )
    .await;
}

#[tokio::test]
async fn knowledge_on_postgres() {
    let url = fresh_pg_database().await;
    exercise(Store::connect(&url).await.expect("store")).await;
}
