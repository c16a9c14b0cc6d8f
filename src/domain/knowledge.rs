//! What a piece of written-down knowledge is.

use super::text::text_enum;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum KnowledgeKind {
    /// Reference: how something is set up.
    Document,
    /// What was found out while working on something.
    Investigation,
    /// Steps to follow.
    Runbook,
}

/// Who last wrote a knowledge entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum KnowledgeAuthor {
    /// An operator: seeded from the inventory or knowledge files.
    Operator,
    /// The agent, through `upsert_knowledge`.
    Agent,
}

text_enum!(KnowledgeAuthor, "knowledge author", {
    Operator => "operator",
    Agent => "agent",
});

text_enum!(KnowledgeKind, "knowledge kind", {
    Document => "document",
    Investigation => "investigation",
    Runbook => "runbook",
});

/// Where a knowledge change "runs": the entry, by slug (an execution's
/// target; no host is reached).
pub const KNOWLEDGE_TARGET: &str = "knowledge:";

/// A knowledge entry as a card shows it and a change compares it: every
/// part that decides what later conversations read.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EntryText {
    pub kind: KnowledgeKind,
    pub title: String,
    pub content: String,
    pub tags: Vec<String>,
    /// Slugs of the entities it is about, sorted.
    pub about: Vec<String>,
}

impl EntryText {
    /// The entry as one text: a header of its fields, then its content.
    /// What the card's diff is made of and the change's hash is taken of.
    pub fn document(&self) -> String {
        let mut out = format!(
            "title: {}\nkind: {}\ntags: {}\nabout: {}\n\n",
            self.title,
            self.kind.as_str(),
            self.tags.join(", "),
            self.about.join(", ")
        );
        out.push_str(&self.content);
        if !out.ends_with('\n') {
            out.push('\n');
        }
        out
    }

    /// The SHA-256 of [`EntryText::document`]: the entry a change expects.
    pub fn hash(&self) -> String {
        super::file::sha256(self.document().as_bytes())
    }
}

/// A change to an operator's knowledge entry, proposed by the agent: the
/// entry's runbooks and notes reach every later conversation, so the agent
/// never changes one silently. It applies as its card showed it, and only
/// to the entry as it was when proposed (the work of a `knowledge`
/// execution).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KnowledgeEdit {
    pub slug: String,
    pub before: EntryText,
    pub after: EntryText,
    /// The execution whose change this undoes (its short id).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub restores: Option<String>,
}

impl KnowledgeEdit {
    /// The execution target of a change to `slug`.
    pub fn target_of(slug: &str) -> String {
        format!("{KNOWLEDGE_TARGET}{slug}")
    }

    /// The command its execution records and the gate dedupes on (never
    /// classified: the gate judges this work by its kind).
    pub fn command(&self) -> String {
        format!("upsert_knowledge {}", self.slug)
    }

    /// The unified diff of the entry, `a/` and `b/` naming it.
    pub fn diff(&self) -> String {
        let name = format!("knowledge/{}", self.slug);
        super::file::unified_diff(
            &self.before.document(),
            &self.after.document(),
            (&format!("a/{name}"), &format!("b/{name}")),
            3,
        )
    }

    /// Whether only whitespace changes (the lines look alike on a card).
    pub fn whitespace_only(&self) -> bool {
        self.before != self.after
            && super::file::same_words(&self.before.document(), &self.after.document())
    }

    /// The change that puts the entry back as it was before this one
    /// (`id`: this change's short id).
    pub fn inverse(&self, id: &str) -> KnowledgeEdit {
        KnowledgeEdit {
            slug: self.slug.clone(),
            before: self.after.clone(),
            after: self.before.clone(),
            restores: Some(id.to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(content: &str) -> EntryText {
        EntryText {
            kind: KnowledgeKind::Runbook,
            title: "Restore".into(),
            content: content.into(),
            tags: vec!["backup".into()],
            about: vec!["host:pve".into()],
        }
    }

    #[test]
    fn the_diff_shows_every_field_that_changes() {
        let mut after = entry("1. stop\n2. restore\n");
        after.about.push("lxc:web".into());
        let edit = KnowledgeEdit {
            slug: "restore".into(),
            before: entry("1. stop\n"),
            after,
            restores: None,
        };
        let diff = edit.diff();
        assert!(
            diff.starts_with("--- a/knowledge/restore\n+++ b/knowledge/restore\n"),
            "{diff}"
        );
        assert!(
            diff.contains("-about: host:pve\n+about: host:pve, lxc:web\n"),
            "{diff}"
        );
        assert!(diff.contains("+2. restore\n"), "{diff}");
        assert!(!edit.whitespace_only());
        assert_ne!(edit.before.hash(), edit.after.hash());
        let back = edit.inverse("abcd1234");
        assert_eq!(back.before, edit.after);
        assert_eq!(back.restores.as_deref(), Some("abcd1234"));
    }

    #[test]
    fn a_change_of_spaces_alone_is_flagged() {
        let edit = KnowledgeEdit {
            slug: "restore".into(),
            before: entry("1. stop\n"),
            after: entry("1.  stop \n"),
            restores: None,
        };
        assert!(edit.whitespace_only());
    }
}
