//! What loses media or a game world (blind corpus 96): ImageMagick's
//! `mogrify` (it writes each image over itself unless `-path` sends the
//! results elsewhere), `jpegoptim` in place (lossy with `-m`/`--max`),
//! `mp3val -f` (files rewritten), and a Minecraft console command that
//! changes the world or stops the server (`rcon-cli`, `mcrcon`).

use super::*;

/// Console commands that change blocks, entities or players' standing,
/// or stop or pause saving.
const WORLD_CHANGES: &[&str] = &[
    "fill", "setblock", "clone", "kill", "clear", "stop", "ban", "ban-ip", "save-off", "restart",
    "reload", "deop", "kick",
];

/// Whether an RCON client's line holds a command: a word that is no
/// option nor an option's value (rcon-cli's `--host`, `--port`,
/// `--password`, `--config`; mcrcon's `-H`, `-P`, `-p`).
fn gives_a_command(lits: &[&str]) -> bool {
    let mut words = lits.iter();
    while let Some(word) = words.next() {
        if matches!(
            *word,
            "--host" | "--port" | "--password" | "--config" | "-H" | "-P" | "-p"
        ) {
            words.next();
        } else if !word.starts_with('-') {
            return true;
        }
    }
    false
}

/// What in `name` with the words `lits` loses data or availability, for
/// this family's programs.
pub(super) fn judge(name: &str, lits: &[&str], _verb: Option<&str>) -> Option<Verdict> {
    let de = |why: String| Some(Verdict::destructive(why));
    let has = |w: &str| lits.contains(&w);
    match name {
        "mogrify"
            if !lits
                .iter()
                .any(|w| *w == "-path" || w.starts_with("-path=")) =>
        {
            de("`mogrify` writes each image over itself".into())
        }
        "jpegoptim"
            if !lits.iter().any(|w| {
                matches!(*w, "-n" | "--noaction" | "--stdout" | "-d")
                    || w.starts_with("--dest")
                    || w.starts_with("-d")
            }) =>
        {
            de("`jpegoptim` rewrites each image in place".into())
        }
        "mp3val" if has("-f") => de("`mp3val -f` rewrites each file it fixes".into()),
        // (With no command it runs what its input gives, `stop` among it;
        // an option's value is no command: `--port 25575`; review 84.)
        "rcon-cli" | "mcrcon" if !gives_a_command(lits) => de(format!(
            "`{name}` runs the console commands its input gives"
        )),
        "rcon-cli" | "mcrcon" => lits
            .iter()
            .filter_map(|w| w.split_whitespace().next())
            .find(|w| WORLD_CHANGES.contains(w))
            .and_then(|w| {
                de(format!(
                    "`{name}` sends `{w}`, which changes the world, the players or the server"
                ))
            }),
        _ => None,
    }
}
