//! A PHP application's own command line run by `php` (`sudo -u www-data
//! php /var/www/nextcloud/occ status`): judged as that command line by
//! its table (tables/php_apps.rs) where the table proves it a listing or
//! a report, and otherwise as PHP run, the interpreter's verdict.
//!
//! The script must be the application's: directly in its folder under
//! `/var/www`, `/srv` or `/opt` ([`application_folder`]), named by a path
//! known when the command is read; and `php`'s own options may only set
//! limits, with values of plain characters: any other (`-d
//! auto_prepend_file=…`, `-r`, `-B`) runs code of its own.

use super::super::super::words::Arg;

/// `php` settings that only set limits or switch a cache on (Nextcloud's
/// documentation runs `php --define apc.enable_cli=1 occ …`).
const HARMLESS_SETTINGS: &[&str] = &[
    "memory_limit",
    "apc.enable_cli",
    "max_execution_time",
    "display_errors",
    "opcache.enable_cli",
];

/// The application's command line `php ARGS` runs, as (its table's name,
/// its words), where that table proves the words read-only.
pub(crate) fn app_command(
    name: &str,
    args: &[Arg],
    folders: &crate::secret_paths::Folders,
) -> Option<(&'static str, Vec<Arg>)> {
    let version = name.strip_prefix("php")?;
    if !version.chars().all(|c| c.is_ascii_digit() || c == '.') {
        return None;
    }
    let at = script_index(args)?;
    let script = args[at].literal()?;
    let cli = match script.rsplit('/').next() {
        Some("occ") => "occ",
        Some("artisan") => "artisan",
        _ => return None,
    };
    // (The image's working folder is one it chose: [`in_image`] below.)
    let image =
        folders.known().first().map(String::as_str) == Some(crate::secret_paths::IMAGE_WORKDIR);
    if folders.unknown() {
        return None;
    }
    let places = folders.resolve(script);
    // (Or under root's home, which `cd SITE && php occ` may still be in:
    // only root writes there.)
    let trusted = |p: &String| application_folder(p) || p.starts_with("/root/");
    // (Or the application's script in its image's working folder, `docker
    // exec -u www-data nextcloud php occ status`: what the image put
    // there, as under `/var/www`.)
    // (Or in the folders images commonly choose, `/` among them.)
    let in_image = image
        && places.iter().all(|p| {
            p.strip_suffix(&format!("/{cli}")).is_some_and(|dir| {
                dir == crate::secret_paths::IMAGE_WORKDIR
                    || crate::secret_paths::IMAGE_WORKDIRS.contains(&if dir.is_empty() {
                        "/"
                    } else {
                        dir
                    })
            })
        });
    if !in_image && (!places.iter().all(trusted) || !places.iter().any(|p| application_folder(p))) {
        return None;
    }
    let words = args[at + 1..].to_vec();
    crate::tables::proves_read_only(cli, &words).then_some((cli, words))
}

/// An application's own folder, the script right in it: `/var/www/APP/`,
/// `/srv/APP/`, `/opt/APP/`. Not deeper: Nextcloud's data folder
/// (`/var/www/nextcloud/data/alice/files/occ`) and WordPress's uploads
/// hold what the sites' users upload; nor the folders that by custom
/// hold shares and uploads (`/srv/ftp`, `/srv/samba`); review 109.
fn application_folder(path: &str) -> bool {
    const SHARED: &[&str] = &[
        "ftp", "samba", "nfs", "share", "shares", "public", "incoming", "upload", "uploads", "tmp",
        "data", "files", "backup", "backups",
    ];
    let Some(rest) = ["/var/www/", "/srv/", "/opt/"]
        .iter()
        .find_map(|root| path.strip_prefix(root))
    else {
        return false;
    };
    match rest.split('/').collect::<Vec<_>>().as_slice() {
        [app, _script] => {
            !app.is_empty()
                && !SHARED.contains(app)
                && !app.starts_with('.')
                && crate::tables::site_folder(path)
        }
        _ => false,
    }
}

/// Where the script is among `php`'s words, past options that only set
/// limits (`-d memory_limit=512M`, `--define apc.enable_cli=1`, `-n`,
/// `-q`, `-f FILE`); `None` where any other option comes first.
fn script_index(args: &[Arg]) -> Option<usize> {
    let mut i = 0;
    while let Some(word) = args.get(i) {
        let word = word.literal()?;
        let setting = match word {
            "-n" | "-q" => {
                i += 1;
                continue;
            }
            "-f" => return (i + 1 < args.len()).then_some(i + 1),
            "-d" | "--define" => {
                i += 1;
                args.get(i)?.literal()?
            }
            _ => match word.strip_prefix("-d") {
                Some(setting) => setting,
                None if word.starts_with('-') => return None,
                None => return Some(i),
            },
        };
        // (A value of plain characters: PHP copies it into its INI text,
        // where a line break starts another setting, `auto_prepend_file`;
        // review 109.)
        let (key, value) = setting.split_once('=')?;
        let plain = !value.is_empty()
            && value
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'));
        if !HARMLESS_SETTINGS.contains(&key) || !plain {
            return None;
        }
        i += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<Arg> {
        line.split_whitespace().map(Arg::literal_of).collect()
    }

    fn found(line: &str) -> Option<&'static str> {
        let argv = words(line);
        let folders = crate::secret_paths::Folders::home();
        app_command(argv[0].literal()?, &argv[1..], &folders).map(|(cli, _)| cli)
    }

    #[test]
    fn finds_the_applications_listings() {
        for line in [
            "php /var/www/nextcloud/occ status",
            "php8.2 -d memory_limit=512M /var/www/nextcloud/occ user:list",
            "php --define apc.enable_cli=1 /var/www/nextcloud/occ app:list",
            "php -dmemory_limit=1G /var/www/nextcloud/occ group:list",
            "php /var/www/portal/artisan route:list --json",
            "php -f /srv/app/artisan about",
        ] {
            assert!(found(line).is_some(), "{line}");
        }
    }

    #[test]
    fn leaves_anything_else_to_the_interpreter() {
        for line in [
            // A setting that runs a file first.
            "php -d auto_prepend_file=/tmp/x.php /var/www/nextcloud/occ status",
            "php -d auto_prepend_file /var/www/nextcloud/occ status",
            "php -r system('id'); /var/www/nextcloud/occ status",
            "php -B x /var/www/nextcloud/occ status",
            // A folder anyone may write, or one that climbs.
            "php /tmp/occ status",
            "php /var/www/../../tmp/occ status",
            "php /home/alice/occ status",
            "php /root/../tmp/occ status",
            // Review 109: a setting's value with a line break; a script
            // users may have uploaded.
            "php -d memory_limit=1G\nauto_prepend_file=/tmp/x.php /var/www/nextcloud/occ status",
            "php /var/www/nextcloud/data/alice/files/occ status",
            "php /var/www/html/wp-content/uploads/artisan about",
            "php /srv/ftp/occ status",
            "php /srv/samba/public/occ status",
            // Relative, from root's home alone: no site's (a guest's
            // working folder is not known).
            "php occ status",
            // Another script, or a listing's secret form.
            "php /var/www/nextcloud/console.php status",
            "php /var/www/nextcloud/occ config:list --private",
            "php /var/www/nextcloud/occ user:delete bob",
            "php /var/www/portal/artisan config:show database",
            "phpunit /var/www/nextcloud/occ status",
            "php",
            "php -d",
        ] {
            assert_eq!(found(line), None, "{line}");
        }
    }
}
