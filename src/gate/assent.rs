//! Chat assent: whether an approver's message is plain agreement ("yes",
//! "go ahead", "lgtm"), decided by fixed rules, never by the LLM.
//!
//! Assent is a short message made only of agreeing words, with at least
//! one that carries the agreement. Questions, negations, hesitations and
//! conditions ("yes, but…", "if it's safe", "wait") are never assent: when
//! in doubt, the answer is no and the operator can tap ✅ instead.

/// Words that carry the agreement (alone or as a phrase).
#[rustfmt::skip]
const CORE: &[&str] = &[
    "yes", "y", "yeah", "yea", "yep", "yup", "ya", "sure", "ok", "okay", "k", "kk", "proceed",
    "approved", "approve", "lgtm", "confirmed", "affirmative", "continue", "agreed", "agree",
    "absolutely", "definitely", "alright", "allright", "granted", "accepted", "accept", "roger",
    "certainly", "go ahead", "do it", "ship it", "carry on", "run it", "go for it", "sounds good",
    "looks good", "make it so", "let's go", "lets go", "of course", "green light", "execute",
    "go-ahead", "perfect",
];

/// Other words an assenting message may hold (politeness, small words).
/// Every word of a CORE phrase is allowed too.
#[rustfmt::skip]
const FILLERS: &[&str] = &[
    "please", "pls", "plz", "thanks", "thank", "you", "thx", "good", "great", "fine", "run",
    "right", "correct", "now", "that", "this", "plan", "the", "all", "to", "me", "🚀",
    // Emoji may decorate assent; alone, a 👍 or ✅ is a casual "seen".
    "👍", "✅", "👌",
];

fn allowed(word: &str) -> bool {
    FILLERS.contains(&word) || CORE.iter().any(|core| core.split(' ').any(|w| w == word))
}

/// At most this many words: assent is short; a paragraph is a new request.
const MAX_WORDS: usize = 8;

/// Whether `message` is plain assent.
pub fn is_assent(message: &str) -> bool {
    let text = message.trim().to_lowercase();
    if text.is_empty() || text.contains('?') {
        return false;
    }
    let words: Vec<String> = text
        .split(|c: char| {
            c.is_whitespace() || matches!(c, ',' | '.' | '!' | ';' | ':' | '-' | '—' | '…')
        })
        .filter(|w| !w.is_empty())
        .map(|w| w.replace('’', "'"))
        .collect();
    if words.is_empty() || words.len() > MAX_WORDS {
        return false;
    }
    if !words.iter().all(|w| allowed(w)) {
        return false;
    }
    let joined = format!(" {} ", words.join(" "));
    CORE.iter()
        .any(|core| joined.contains(&format!(" {core} ")))
}

#[cfg(test)]
mod tests {
    use super::*;

    const ASSENT: &[&str] = &[
        "yes",
        "Yes",
        "YES!",
        "yes.",
        "y",
        "yeah",
        "yep",
        "yup",
        "sure",
        "ok",
        "OK",
        "okay",
        "k",
        "go ahead",
        "Go ahead.",
        "go ahead please",
        "please go ahead",
        "proceed",
        "Proceed.",
        "please proceed",
        "do it",
        "Do it!",
        "approved",
        "approve",
        "lgtm",
        "LGTM",
        "ship it",
        "sounds good",
        "looks good",
        "looks good to me, go",
        "yes please",
        "yes, go ahead",
        "ok go",
        "okay, proceed",
        "sure, do it",
        "go for it",
        "carry on",
        "continue",
        "run it",
        "alright",
        "agreed",
        "absolutely",
        "of course",
        "make it so",
        "let's go",
        "yes 👍",
        "confirmed",
        "affirmative",
        "green light",
        "perfect, go ahead",
        "thanks, go ahead",
        "yes do it now",
        "ok, execute the plan",
    ];

    const NOT_ASSENT: &[&str] = &[
        "",
        // Alone, an emoji is a casual "seen" or "nice", not an approval.
        "👍",
        "✅",
        "👌",
        "👍👍",
        "   ",
        "no",
        "No.",
        "nope",
        "nah",
        "wait",
        "hold on",
        "stop",
        "don't",
        "dont",
        "do not",
        "don't do it",
        "no, don't",
        "yes, but only on strong",
        "yes but wait",
        "yes, but not the database",
        "ok but first back it up",
        "go ahead?",
        "proceed?",
        "are you sure?",
        "should we?",
        "yes if it is safe",
        "only if it's safe",
        "ok after the backup",
        "maybe",
        "perhaps later",
        "not yet",
        "later",
        "hmm",
        "cancel",
        "abort",
        "never",
        "do it tomorrow",
        "yes, and also restart caddy",
        "go ahead and delete the old container too",
        "deploy typetype in a new container",
        "what does this do",
        "why?",
        "I don't think so",
        "no way",
        "ok wait",
        "yes no",
        "approve the first one only",
        "first show me the diff",
        "confirm destroy lxc:typetype",
        "yes please restart caddy as well afterwards and check",
        "👎",
        "❌",
        "stop it",
        "sure, but use DHCP instead",
    ];

    #[test]
    fn recognises_plain_assent() {
        assert!(ASSENT.len() >= 40);
        for phrase in ASSENT {
            assert!(is_assent(phrase), "{phrase:?} should be assent");
        }
    }

    #[test]
    fn refuses_everything_else() {
        assert!(NOT_ASSENT.len() >= 40);
        for phrase in NOT_ASSENT {
            assert!(!is_assent(phrase), "{phrase:?} should not be assent");
        }
    }
}
