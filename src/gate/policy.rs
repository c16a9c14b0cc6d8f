//! The gate's decision for a classified proposal, given the windows open
//! now: run at once (by policy or by a window), ask for an approval, or ask
//! for a typed confirmation. Pure: the caller loads the windows.

use crate::domain::{Admission, OpenWindows, RiskClass, Target, Via};

/// Whether destructive work on `target` may ever run from a window.
/// Never with four-eyes on (no window stands in for the second person),
/// and never on a hypervisor (`host:`): one phrase there must not let
/// every later `destroy` or `stop` on the whole machine run unasked.
pub fn destructive_windows_allowed(target: &str, four_eyes: bool) -> bool {
    !four_eyes && !Target::names_host(target)
}

/// Whether the open windows cover every one of `actions` on `target`.
/// Opaque actions (shells, interpreters, `run`) are never covered.
fn covered(windows: &OpenWindows, target: &str, actions: &[String]) -> bool {
    !actions.is_empty()
        && actions.iter().all(|action| {
            super::phrase::window_may_cover(action)
                && windows
                    .destructive
                    .iter()
                    .any(|w| w.target == target && &w.action == action)
        })
}

/// What a proposal is, for the policy.
#[derive(Debug, Clone, Copy)]
pub struct Candidate<'a> {
    pub class: RiskClass,
    pub target: &'a str,
    /// The destructive actions a window may stand for (see
    /// [`super::phrase::window_actions`]); empty: only its own phrase.
    pub actions: &'a [String],
    pub four_eyes: bool,
    /// Whether read-only work on the target runs confined (else it waits
    /// for an approval, `[gate] unconfined = ask`).
    pub confined: bool,
    /// Lines of the change its card cannot show (a long diff, attached
    /// whole beside it): no ✅ and no window may approve what nobody was
    /// shown, so it takes a phrase naming the count.
    pub unshown_lines: Option<usize>,
}

/// Decides what a proposal needs. `phrase` is the confirmation phrase to
/// ask for if it comes to that.
pub fn admit(
    proposed: Candidate<'_>,
    windows: &OpenWindows,
    phrase: impl FnOnce() -> String,
) -> Admission {
    let Candidate {
        class,
        target,
        actions,
        four_eyes,
        confined,
        unshown_lines,
    } = proposed;
    if unshown_lines.is_some() && class != RiskClass::ReadOnly {
        return Admission::NeedsTypedConfirmation { phrase: phrase() };
    }
    match class {
        RiskClass::ReadOnly if confined => Admission::RunNow { via: Via::Policy },
        // Like a change where it cannot run confined.
        RiskClass::ReadOnly if windows.assent_covers(target) => {
            Admission::RunNow { via: Via::Window }
        }
        RiskClass::ReadOnly => Admission::NeedsApproval,
        RiskClass::ConfigMutation if windows.assent_covers(target) => {
            Admission::RunNow { via: Via::Window }
        }
        RiskClass::ConfigMutation => Admission::NeedsApproval,
        RiskClass::Destructive
            if destructive_windows_allowed(target, four_eyes)
                && covered(windows, target, actions) =>
        {
            Admission::RunNow { via: Via::Window }
        }
        RiskClass::Destructive => Admission::NeedsTypedConfirmation { phrase: phrase() },
    }
}

/// Whether an approval of this class, with this phrase or none, can be
/// given by a reaction, chat assent or `!approve`: destructive work needs
/// its phrase, and so does any card that asked for one (a change longer
/// than its card shows).
pub fn loose_approval_allowed(class: RiskClass, phrase: Option<&str>) -> bool {
    class != RiskClass::Destructive && phrase.is_none()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::ActionOn;

    fn phrase() -> String {
        "confirm destroy lxc:a".to_string()
    }

    fn acts(list: &[&str]) -> Vec<String> {
        list.iter().map(|a| a.to_string()).collect()
    }

    fn on(target: &str, action: &str) -> ActionOn {
        ActionOn {
            action: action.into(),
            target: target.into(),
        }
    }

    fn proposal<'a>(class: RiskClass, target: &'a str, actions: &'a [String]) -> Candidate<'a> {
        Candidate {
            class,
            target,
            actions,
            four_eyes: false,
            confined: true,
            unshown_lines: None,
        }
    }

    #[test]
    fn read_only_runs_by_policy() {
        let d = admit(
            proposal(RiskClass::ReadOnly, "lxc:a", &[]),
            &OpenWindows::default(),
            phrase,
        );
        assert_eq!(d, Admission::RunNow { via: Via::Policy });
    }

    #[test]
    fn config_mutation_needs_approval_unless_assent_window() {
        let p = proposal(RiskClass::ConfigMutation, "lxc:a", &[]);
        assert_eq!(
            admit(p, &OpenWindows::default(), phrase),
            Admission::NeedsApproval
        );
        let assent = OpenWindows {
            assent: vec!["lxc:a".into()],
            ..OpenWindows::default()
        };
        assert_eq!(
            admit(p, &assent, phrase),
            Admission::RunNow { via: Via::Window }
        );
        // The window covers the approved card's target, not the whole
        // conversation: not another container, not the host under it.
        for other in ["lxc:b", "host:pve", "lxc:a2"] {
            let elsewhere = proposal(RiskClass::ConfigMutation, other, &[]);
            assert_eq!(
                admit(elsewhere, &assent, phrase),
                Admission::NeedsApproval,
                "{other}"
            );
        }
        // A destructive window on the target does not cover config mutations
        // by itself (an approval opens an assent window alongside it).
        let destructive_only = OpenWindows {
            assent: Vec::new(),
            destructive: vec![on("lxc:a", "rm")],
        };
        assert_eq!(
            admit(p, &destructive_only, phrase),
            Admission::NeedsApproval
        );
    }

    #[test]
    fn a_destructive_window_covers_its_action_on_its_target_only() {
        let windows = OpenWindows {
            assent: vec!["lxc:a".into()],
            destructive: vec![on("lxc:a", "stop"), on("lxc:a", "rm")],
        };
        let needs = Admission::NeedsTypedConfirmation { phrase: phrase() };
        let run = Admission::RunNow { via: Via::Window };
        let d = |target: &str, actions: &[&str]| {
            let actions = acts(actions);
            admit(
                proposal(RiskClass::Destructive, target, &actions),
                &windows,
                phrase,
            )
        };
        assert_eq!(d("lxc:a", &["stop"]), run);
        assert_eq!(d("lxc:a", &["rm", "stop"]), run);
        assert_eq!(d("lxc:a", &["destroy"]), needs);
        assert_eq!(d("lxc:a", &["rm", "mkfs"]), needs, "every action counts");
        assert_eq!(d("lxc:b", &["stop"]), needs);
        assert_eq!(d("lxc:a", &[]), needs);
        assert!(!loose_approval_allowed(RiskClass::Destructive, None));
        assert!(loose_approval_allowed(RiskClass::ConfigMutation, None));
    }

    #[test]
    fn no_window_on_a_hypervisor_with_four_eyes_or_for_opaque_work() {
        let windows = OpenWindows {
            assent: vec!["lxc:a".into()],
            destructive: vec![
                on("host:pve", "destroy"),
                on("lxc:a", "stop"),
                on("lxc:a", "run"),
                on("lxc:a", "bash"),
            ],
        };
        let needs = Admission::NeedsTypedConfirmation { phrase: phrase() };
        let destroy = acts(&["destroy"]);
        assert_eq!(
            admit(
                proposal(RiskClass::Destructive, "host:pve", &destroy),
                &windows,
                phrase
            ),
            needs
        );
        let stop = acts(&["stop"]);
        let four_eyes = Candidate {
            four_eyes: true,
            ..proposal(RiskClass::Destructive, "lxc:a", &stop)
        };
        assert_eq!(admit(four_eyes, &windows, phrase), needs);
        for opaque in ["run", "bash"] {
            let actions = acts(&[opaque]);
            assert_eq!(
                admit(
                    proposal(RiskClass::Destructive, "lxc:a", &actions),
                    &windows,
                    phrase
                ),
                needs
            );
        }
        assert!(destructive_windows_allowed("lxc:a", false));
        assert!(!destructive_windows_allowed("lxc:a", true));
        assert!(!destructive_windows_allowed("host:pve", false));
    }

    #[test]
    fn read_only_work_waits_for_an_approval_where_it_cannot_be_confined() {
        let windows = OpenWindows::default();
        let read = proposal(RiskClass::ReadOnly, "host:old", &[]);
        assert_eq!(
            admit(read, &windows, phrase),
            Admission::RunNow { via: Via::Policy }
        );
        let unconfined = Candidate {
            confined: false,
            ..read
        };
        assert_eq!(
            admit(unconfined, &windows, phrase),
            Admission::NeedsApproval
        );
        let open = OpenWindows {
            assent: vec!["host:old".into()],
            ..OpenWindows::default()
        };
        assert_eq!(
            admit(unconfined, &open, phrase),
            Admission::RunNow { via: Via::Window },
            "a window runs it as it runs a change"
        );
    }

    #[test]
    fn a_change_its_card_cannot_show_whole_takes_a_phrase_whatever_the_windows() {
        let open = OpenWindows {
            assent: vec!["lxc:a".into()],
            ..OpenWindows::default()
        };
        let long = Candidate {
            unshown_lines: Some(212),
            ..proposal(RiskClass::ConfigMutation, "lxc:a", &[])
        };
        assert_eq!(
            admit(long, &open, || "confirm 212 lines lxc:a".into()),
            Admission::NeedsTypedConfirmation {
                phrase: "confirm 212 lines lxc:a".into()
            }
        );
        let short = Candidate {
            unshown_lines: None,
            ..long
        };
        assert_eq!(
            admit(short, &open, phrase),
            Admission::RunNow { via: Via::Window }
        );
        assert!(!loose_approval_allowed(
            RiskClass::ConfigMutation,
            Some("confirm 212 lines lxc:a")
        ));
        assert!(loose_approval_allowed(RiskClass::ConfigMutation, None));
        assert!(!loose_approval_allowed(RiskClass::Destructive, None));
    }
}
