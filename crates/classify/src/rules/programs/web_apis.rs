//! The paths lab services' HTTP APIs document as reads: a GET there only
//! answers, acts on nothing, fetches nothing from elsewhere and carries no
//! credential in its answer. A request that only authenticates to one of
//! them (`curl -H "X-Api-Key: $SONARR_KEY" http://10.0.0.61:8989/api/v3/queue`)
//! sends its key where it is meant to go and prints it nowhere
//! ([`super::curl::authenticating_words`]).
//!
//! Listed from each API's reference (the versions named with each table).
//! Left out on purpose, though a GET: the ones that search or fetch
//! outside the lab (Sonarr's `series/lookup` and `release`, Prowlarr's
//! `search`, the *arr `update` check), the ones that act (Plex's
//! `library/sections/N/refresh`, Jellyfin's `Library/Refresh` is a POST
//! anyway), and the ones that answer with credentials (the *arr
//! `config/host`, `downloadclient`, `indexer`, `notification`; Grafana's
//! `datasources`, a data source's `health` (Grafana queries it) and
//! `admin/settings`; InfluxDB's `authorizations`; Jellyfin's `Devices`;
//! Syncthing's `config`; Gitea's `hooks`; Portainer's `endpoints`).

/// A path pattern's part: a word as written, any number, or any name.
/// (`#` is a number: an id; `*` a name: a uid, an entity, an owner.)
const TABLE: &[(&str, &[&str])] = &[
    // Home Assistant's REST API (developers.home-assistant.io, 2024):
    // every GET reads; actions are POSTs. (Not `config` (go2rtc serves its
    // camera passwords there), nor the calendars (fetched from CalDAV or
    // Google at request time), nor an `input_text` (a password mode holds
    // the secret as its state), nor the history and logbook, which hold
    // every entity's states; review 108. Not all the states, nor a
    // camera's, an image's or a media player's: their attributes carry
    // access tokens; `@` is an entity of the domains `ha_entity` lists.
    // Not `/api`: SABnzbd serves its whole API there; review 105.)
    (
        "Home Assistant",
        &[
            "/api/components",
            "/api/events",
            "/api/services",
            "/api/states/@",
            "/api/error_log",
        ],
    ),
    // Grafana's HTTP API (Grafana 10/11).
    (
        "Grafana",
        &[
            "/api/health",
            "/api/search",
            "/api/dashboards/uid/*",
            "/api/dashboards/uid/*/versions",
            "/api/dashboards/uid/*/versions/#",
            "/api/folders",
            "/api/folders/*",
            "/api/annotations",
            "/api/org",
            "/api/org/users",
            "/api/orgs",
            "/api/user",
            "/api/users",
            "/api/users/search",
            "/api/teams/search",
            "/api/plugins",
            "/api/admin/stats",
            "/api/serviceaccounts/search",
            "/api/v1/provisioning/alert-rules",
            "/api/v1/provisioning/alert-rules/*",
            "/api/v1/provisioning/policies",
            "/api/alertmanager/grafana/api/v2/alerts",
            "/api/alertmanager/grafana/api/v2/silences",
            "/api/prometheus/grafana/api/v1/rules",
        ],
    ),
    // Sonarr and Radarr (API v3), Lidarr, Readarr and Prowlarr (v1): the
    // library, queue, history and system state. Ids are numbers (so
    // `series/lookup`, a search on the internet, is no id).
    (
        "Sonarr, Radarr, Lidarr, Readarr, Prowlarr",
        &[
            "/api/v?/system/status",
            "/api/v?/system/task",
            "/api/v?/system/backup",
            "/api/v?/health",
            "/api/v?/queue",
            "/api/v?/queue/details",
            "/api/v?/queue/status",
            "/api/v?/series",
            "/api/v?/series/#",
            "/api/v?/movie",
            "/api/v?/artist",
            "/api/v?/artist/#",
            "/api/v?/album",
            "/api/v?/author",
            "/api/v?/book",
            "/api/v?/episode",
            "/api/v?/episodefile",
            "/api/v?/moviefile",
            "/api/v?/trackfile",
            "/api/v?/wanted/missing",
            "/api/v?/wanted/cutoff",
            "/api/v?/calendar",
            "/api/v?/diskspace",
            "/api/v?/rootfolder",
            "/api/v?/history",
            "/api/v?/history/since",
            "/api/v?/log",
            "/api/v?/log/file",
            "/api/v?/tag",
            "/api/v?/qualityprofile",
            "/api/v?/indexerstats",
            "/api/v?/indexerstatus",
        ],
    ),
    // Overseerr and Jellyseerr (API v1; not `status`, which asks GitHub
    // for the latest release).
    (
        "Overseerr",
        &[
            "/api/v1/request",
            "/api/v1/request/count",
            "/api/v1/settings/about",
        ],
    ),
    // Jellyfin 10.9 and Emby (routes matched in any case; not `Devices`,
    // which lists each device's access token).
    (
        "Jellyfin, Emby",
        &[
            "/System/Info",
            "/System/Info/Public",
            "/System/Logs",
            "/Sessions",
            "/Library/VirtualFolders",
            "/Library/MediaFolders",
            "/ScheduledTasks",
            "/Items",
            "/Items/Counts",
            "/Users",
            "/Plugins",
        ],
    ),
    // Plex Media Server.
    (
        "Plex",
        &[
            "/identity",
            "/status/sessions",
            "/status/sessions/history/all",
            "/library/sections",
            "/library/sections/#/all",
            "/library/onDeck",
            "/library/recentlyAdded",
            "/activities",
            "/servers",
            "/clients",
        ],
    ),
    // Gitea and Forgejo (API v1).
    (
        "Gitea, Forgejo",
        &[
            "/api/v1/version",
            "/api/v1/user",
            "/api/v1/user/repos",
            "/api/v1/orgs",
            "/api/v1/admin/users",
            "/api/v1/repos/search",
            "/api/v1/repos/*/*",
            "/api/v1/repos/*/*/branches",
            "/api/v1/repos/*/*/tags",
            "/api/v1/repos/*/*/releases",
            "/api/v1/repos/*/*/commits",
            "/api/v1/repos/*/*/pulls",
            "/api/v1/repos/*/*/issues",
        ],
    ),
    // GitLab's REST API v4 (docs.gitlab.com/api, 17.x): a project's
    // pipelines, jobs, merge requests, branches; runners listed. Not a
    // job's log (`trace`: an unmasked variable printed by a script), the
    // CI/CD variables, `/user`, the projects themselves (their
    // `runners_token` for a maintainer's token), nor `ci/lint` (its dry
    // run fetches `include:remote` URLs); blind corpus 206, review 127.
    (
        "GitLab",
        &[
            "/api/v4/version",
            "/api/v4/projects/#/pipelines",
            "/api/v4/projects/#/pipelines/#",
            "/api/v4/projects/#/pipelines/#/jobs",
            "/api/v4/projects/#/jobs",
            "/api/v4/projects/#/jobs/#",
            "/api/v4/projects/#/merge_requests",
            "/api/v4/projects/#/repository/branches",
            "/api/v4/projects/#/repository/tags",
            "/api/v4/runners",
            "/api/v4/runners/#",
        ],
    ),
    // Harbor's API v2.0 (2.x): the system's state, projects, repositories,
    // artifacts, garbage collections, quotas (not users, robots, the
    // configurations: blind corpus 206).
    (
        "Harbor",
        &[
            "/api/v2.0/health",
            "/api/v2.0/systeminfo",
            "/api/v2.0/systeminfo/volumes",
            "/api/v2.0/projects",
            "/api/v2.0/projects/*/repositories",
            "/api/v2.0/projects/*/repositories/*/artifacts",
            "/api/v2.0/system/gc",
            "/api/v2.0/quotas",
        ],
    ),
    // InfluxDB 2 and Prometheus-style endpoints any service may serve
    // (not InfluxDB's tasks: their scripts may hold tokens).
    (
        "InfluxDB, exporters",
        &[
            "/health",
            "/ping",
            "/metrics",
            "/api/v2/buckets",
            "/api/v2/orgs",
            "/api/v2/dashboards",
        ],
    ),
    // AdGuard Home's control API (GETs read; changes are POSTs).
    (
        "AdGuard Home",
        &[
            "/control/status",
            "/control/stats",
            "/control/querylog",
            "/control/filtering/status",
            "/control/dhcp/status",
            "/control/clients",
        ],
    ),
    // Syncthing's REST API (not `config`: the API key and the GUI's
    // password hash).
    (
        "Syncthing",
        &[
            "/rest/system/status",
            "/rest/system/version",
            "/rest/system/connections",
            "/rest/system/error",
            "/rest/db/completion",
            "/rest/db/status",
            "/rest/stats/device",
            "/rest/stats/folder",
        ],
    ),
    // Prometheus' HTTP API (2.x, 3.x): queries, metadata, status (not
    // `status/config` nor `targets`, whose scrape URLs may carry tokens;
    // the admin API is POST/PUT only).
    (
        "Prometheus",
        &[
            "/api/v1/query",
            "/api/v1/query_range",
            "/api/v1/query_exemplars",
            "/api/v1/format_query",
            "/api/v1/series",
            "/api/v1/labels",
            "/api/v1/label/*/values",
            "/api/v1/targets/metadata",
            "/api/v1/metadata",
            "/api/v1/rules",
            "/api/v1/alerts",
            "/api/v1/alertmanagers",
            "/api/v1/status/flags",
            "/api/v1/status/runtimeinfo",
            "/api/v1/status/buildinfo",
            "/api/v1/status/tsdb",
            "/api/v1/status/walreplay",
            "/-/healthy",
            "/-/ready",
        ],
    ),
    // Alertmanager's API v2 (not `status`: the configuration).
    (
        "Alertmanager",
        &[
            "/api/v2/alerts",
            "/api/v2/alerts/groups",
            "/api/v2/silences",
            "/api/v2/silence/*",
            "/api/v2/receivers",
        ],
    ),
    // Loki's HTTP API (2.9, 3.x).
    (
        "Loki",
        &[
            "/loki/api/v1/query",
            "/loki/api/v1/query_range",
            "/loki/api/v1/labels",
            "/loki/api/v1/label/*/values",
            "/loki/api/v1/series",
            "/loki/api/v1/index/stats",
            "/loki/api/v1/status/buildinfo",
            "/ready",
        ],
    ),
    // Paperless-ngx's REST API (2.x): lists; actions are POSTs (blind
    // corpus 145; not `status`: 2.6.0–2.6.2 answered with the Redis
    // password, their #6098).
    (
        "Paperless-ngx",
        &[
            "/api/documents",
            "/api/statistics",
            "/api/tasks",
            "/api/tags",
            "/api/correspondents",
            "/api/document_types",
            "/api/storage_paths",
            "/api/saved_views",
        ],
    ),
    // Immich's API (1.1xx): the server's state and lists.
    (
        "Immich",
        &[
            "/api/server/about",
            "/api/server/statistics",
            "/api/server/storage",
            "/api/server/version",
            "/api/server/ping",
            "/api/jobs",
            "/api/libraries",
            "/api/albums",
        ],
    ),
    // Bazarr's API, MinIO's Prometheus metrics, Gitea's cron list,
    // Nextcloud's user list (OCS; not the server info, which asks the app
    // store for updates).
    (
        "Bazarr, MinIO, Gitea, Nextcloud",
        &[
            "/api/system/status",
            "/api/system/health",
            "/minio/v2/metrics/cluster",
            "/minio/v2/metrics/node",
            "/api/v1/admin/cron",
            "/ocs/v1.php/cloud/users",
            "/ocs/v2.php/cloud/users",
        ],
    ),
    // DMTF Redfish (DSP0266 1.x; iDRAC, iLO, Supermicro and OpenBMC
    // serve it): a GET only reads, and the standard answers `Password`
    // and the like with null. The inventory, sensors, logs and firmware
    // (blind corpus 211); not the accounts, sessions, event
    // subscriptions, certificates, nor `NetworkProtocol` (vendors' OEM
    // parts carry SNMP communities) and the managers' OEM attributes.
    (
        "Redfish",
        &[
            "/redfish/v1",
            "/redfish/v1/Systems",
            "/redfish/v1/Systems/*",
            "/redfish/v1/Systems/*/Bios",
            "/redfish/v1/Systems/*/Memory",
            "/redfish/v1/Systems/*/Memory/*",
            "/redfish/v1/Systems/*/Processors",
            "/redfish/v1/Systems/*/Processors/*",
            "/redfish/v1/Systems/*/Storage",
            "/redfish/v1/Systems/*/Storage/*",
            "/redfish/v1/Systems/*/EthernetInterfaces",
            "/redfish/v1/Systems/*/EthernetInterfaces/*",
            "/redfish/v1/Systems/*/LogServices/*/Entries",
            "/redfish/v1/Chassis",
            "/redfish/v1/Chassis/*",
            "/redfish/v1/Chassis/*/Thermal",
            "/redfish/v1/Chassis/*/Power",
            "/redfish/v1/Chassis/*/Sensors",
            "/redfish/v1/Chassis/*/PowerSubsystem",
            "/redfish/v1/Chassis/*/ThermalSubsystem",
            "/redfish/v1/Managers",
            "/redfish/v1/Managers/*",
            "/redfish/v1/Managers/*/EthernetInterfaces",
            "/redfish/v1/Managers/*/EthernetInterfaces/*",
            "/redfish/v1/Managers/*/LogServices/*/Entries",
            "/redfish/v1/UpdateService",
            "/redfish/v1/UpdateService/FirmwareInventory",
            "/redfish/v1/UpdateService/FirmwareInventory/*",
        ],
    ),
    // PiKVM's kvmd API (kvmd 3.x/4.x): the state of the ATX lines,
    // streamer, mass storage, HID and GPIO; every action is a POST.
    (
        "PiKVM",
        &[
            "/api/info",
            "/api/atx",
            "/api/streamer",
            "/api/msd",
            "/api/hid",
            "/api/gpio",
        ],
    ),
    // Jenkins' remote access API (`…/api/json`, 2.4xx): jobs, builds, the
    // queue, agents and plugins (not a build's console, where a step may
    // print what it was given; every action is a POST).
    (
        "Jenkins",
        &[
            "/api/json",
            "/queue/api/json",
            "/computer/api/json",
            "/pluginManager/api/json",
            "/job/*/api/json",
            "/job/*/#/api/json",
            "/job/*/lastBuild/api/json",
            "/job/*/lastFailedBuild/api/json",
            "/job/*/lastSuccessfulBuild/api/json",
            "/job/*/job/*/api/json",
            "/job/*/job/*/job/*/api/json",
        ],
    ),
    // SonarQube's Web API (10.x): health, quality gates, measures,
    // analyses, projects and issues (not `settings/values`: its secured
    // settings).
    (
        "SonarQube",
        &[
            "/api/system/health",
            "/api/qualitygates/project_status",
            "/api/measures/component",
            "/api/ce/activity",
            "/api/projects/search",
            "/api/issues/search",
        ],
    ),
    // Seafile's Web API v2.
    (
        "Seafile",
        &["/api2/repos", "/api2/account/info", "/api2/server-info"],
    ),
];

/// Paths whose POST with a form (`application/x-www-form-urlencoded`)
/// is the same query as their GET: Prometheus' HTTP API documents it for
/// queries, series and labels ("URL-encode these parameters directly in
/// the request body by using the POST method"); PromQL reads only.
const QUERIES_BY_POST: &[&str] = &[
    "/api/v1/query",
    "/api/v1/query_range",
    "/api/v1/query_exemplars",
    "/api/v1/series",
    "/api/v1/labels",
];

/// Whether a form POSTed to `path` (routed) is a documented query.
pub(in crate::rules) fn documented_query(path: &str) -> bool {
    QUERIES_BY_POST.contains(&path)
}

/// Whether `path` (routed: no dot segments, no escapes) is one a lab
/// service's API documents as a read. The Proxmox APIs (`/api2/json/…`)
/// are pvesh's to judge, path by path, and are not listed here.
pub(in crate::rules) fn documented_read(path: &str) -> bool {
    let parts: Vec<&str> = path.split('/').filter(|p| !p.is_empty()).collect();
    TABLE
        .iter()
        .flat_map(|(_, paths)| paths.iter())
        .any(|pattern| {
            let want: Vec<&str> = pattern.split('/').filter(|p| !p.is_empty()).collect();
            want.len() == parts.len() && want.iter().zip(&parts).all(|(w, p)| part_matches(w, p))
        })
}

/// A Home Assistant entity of a domain whose state and attributes hold
/// no token (not `camera.`, `image.`, `media_player.`: their
/// `entity_picture` and `access_token` attributes do).
fn ha_entity(part: &str) -> bool {
    const DOMAINS: &[&str] = &[
        "sensor",
        "binary_sensor",
        "switch",
        "light",
        "climate",
        "cover",
        "fan",
        "lock",
        "sun",
        "weather",
        "zone",
        "person",
        "input_boolean",
        "input_number",
        "input_select",
        "number",
        "select",
        "automation",
        "script",
        "update",
    ];
    part.split_once('.').is_some_and(|(domain, id)| {
        DOMAINS.contains(&domain)
            && !id.is_empty()
            && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
    })
}

fn part_matches(want: &str, part: &str) -> bool {
    match want {
        "@" => ha_entity(part),
        "#" => !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit()),
        "*" => {
            !part.is_empty()
                && part.bytes().all(|b| {
                    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.' | b':' | b'+')
                })
        }
        // `v1`, `v3`: an API version.
        "v?" => part.len() == 2 && part.starts_with('v') && part.as_bytes()[1].is_ascii_digit(),
        _ => want.eq_ignore_ascii_case(part),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_are_listed_and_actions_are_not() {
        for read in [
            "/api/v3/queue",
            "/api/v1/indexerstats",
            "/api/v3/series/42",
            "/api/states/sensor.outdoor_temperature",
            "/System/Info",
            "/system/info",
            "/library/sections/2/all",
            "/api/v1/repos/lab/infra/branches",
            "/api/dashboards/uid/pve-cluster/versions",
            "/metrics",
            "/redfish/v1/Chassis/System.Embedded.1/Thermal",
            "/job/infra-deploy/lastBuild/api/json",
        ] {
            assert!(documented_read(read), "{read}");
        }
        for not in [
            "/api/v3/series/lookup",
            "/api/v3/release",
            "/api/v1/search",
            "/api/v3/config/host",
            "/api/v3/indexer",
            "/api/v3/update",
            "/library/sections/2/refresh",
            "/library/sections/all/refresh",
            "/api/datasources",
            "/api/v2/authorizations",
            "/rest/config",
            "/api/v1/repos/lab/infra/hooks",
            "/api/config",
            "/api/v3/movie/42",
            "/redfish/v1/AccountService/Accounts",
            "/redfish/v1/Managers/iDRAC.Embedded.1/NetworkProtocol",
            "/job/infra-deploy/lastFailedBuild/consoleText",
            "/api/settings/values",
            "/api/states/input_text.wifi",
            "/api/states/a/b",
            "/api",
            "/api/states",
            "/api/states/camera.front_door",
            "/api/states/media_player.tv",
            "/Devices",
            "/api/v1/status",
            "/api/v33/queue",
            "/",
        ] {
            assert!(!documented_read(not), "{not}");
        }
    }
}
