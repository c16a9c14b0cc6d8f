//! The prologue the room tests share, as steps: register the bot's and an
//! operator's accounts at the test homeserver ([`Scenario::new`]), write
//! the bot's config and inventory for a scripted model
//! ([`Scenario::setup`]), start the bot (in this process or as `nomos
//! run`, see [`Setup`]), and bring the operator into a fresh room with it
//! once it joined ([`Scenario::room`]).

use matrix_sdk::Client;
use matrix_sdk::ruma::OwnedRoomId;

use super::matrix::{Account, register, room_with_bot};
use super::process::{Extra, Host, Setup};
use super::require_env;

/// The test homeserver, the bot's account and the operator's.
pub(crate) struct Scenario {
    pub hs: String,
    pub bot: Account,
    pub operator: Account,
}

impl Scenario {
    /// A bot `nomos…` and an operator `op…`, registered.
    pub(crate) async fn new() -> Scenario {
        Scenario::named("nomos", "op").await
    }

    /// The bot and the operator registered under these name prefixes.
    pub(crate) async fn named(bot: &str, operator: &str) -> Scenario {
        let hs = require_env("NOMOS_TEST_HOMESERVER");
        let bot = register(&hs, bot).await;
        let operator = register(&hs, operator).await;
        Scenario { hs, bot, operator }
    }

    /// The bot's user id.
    pub(crate) fn b(&self) -> &str {
        self.bot.user_id.as_str()
    }

    /// The bot's files: the operator decides, the model is at `model_url`,
    /// commands run on `host`, with `extra` in the config.
    pub(crate) fn setup(&self, model_url: &str, host: Host, extra: Extra<'_>) -> Setup {
        self.setup_at(&self.hs, model_url, host, extra)
    }

    /// As [`Scenario::setup`], with the bot reaching the homeserver at
    /// `homeserver` (a proxy, say) while people connect directly.
    pub(crate) fn setup_at(
        &self,
        homeserver: &str,
        model_url: &str,
        host: Host,
        extra: Extra<'_>,
    ) -> Setup {
        Setup::new(
            homeserver,
            &self.bot,
            &[&self.operator.user_id],
            model_url,
            host,
            extra,
        )
    }

    /// The operator's client in a new room with the bot (and `others`
    /// invited), once the bot has joined.
    pub(crate) async fn room(&self, others: &[&str]) -> (Client, OwnedRoomId) {
        room_with_bot(&self.hs, &self.operator, &self.bot, others).await
    }
}
