//! Media and game servers' reading tools (blind corpus 96): ImageMagick's
//! `identify` and lists (6.9), MediaInfo (23), FLAC's `metaflac`/`flac
//! -t` (1.4), SoX's `soxi` (14.4), FFmpeg's lists of what it was built
//! with (5.1), MKVToolNix's `mkvinfo` and `mkvmerge -J` (74), `id3v2 -l`
//! (0.1.12), tmux's and screen's lists, a Minecraft server's console
//! queries through `rcon-cli` (itzg/rcon-cli 1.6). Each keeps its
//! reading options; none writes a file, runs a filter graph, fetches a
//! URL or sends a command that changes the world.

use super::*;

/// An image, media or archive file named plainly: no coder or protocol
/// prefix (`ephemeral:` deletes what it reads, `msl:` runs a script,
/// `text:` prints any file), no `@` list, no frame selection, no URL.
fn plain_media_file(value: &str) -> bool {
    !value.is_empty()
        && !value.starts_with(['-', '@', '|'])
        && !value.contains([':', '[', '|', '<', '>', '$', '`'])
}

/// A format string printed, not read from a file (`-format @FILE`).
fn inline_format(value: &str) -> bool {
    !value.starts_with('@')
}

/// identify(1), ImageMagick 6.9: an image's format, size and properties.
const IDENTIFY: Spec = Spec {
    long: &["verbose", "ping", "quiet", "regard-warnings", "version"],
    long_valued: &["format", "list"],
    checked: &[("format", inline_format)],
    single_dash_long: true,
    operands: Operands::Names {
        at_most: 64,
        test: plain_media_file,
    },
    ..Spec::POSIX
};

/// `convert -list TYPE`, `magick -list TYPE`, their versions.
const MAGICK_LIST: Spec = Spec {
    long: &["version"],
    long_valued: &["list"],
    required: &["version", "list"],
    single_dash_long: true,
    operands: Operands::None,
    ..Spec::POSIX
};

/// A MediaInfo template given inline (`--Inform=file://…` reads a file).
fn inline_template(value: &str) -> bool {
    !value.contains("://")
}

/// mediainfo(1): a media file's streams and tags.
const MEDIAINFO: Spec = Spec {
    flags: "fh",
    long: &["Full", "full", "help", "version"],
    long_valued: &["Output", "Inform", "Language"],
    checked: &[("Output", inline_template), ("Inform", inline_template)],
    operands: Operands::Names {
        at_most: 64,
        test: plain_media_file,
    },
    ..Spec::GNU
};

/// metaflac(1): a FLAC file's blocks and tags listed.
const METAFLAC: Spec = Spec {
    long: &[
        "list",
        "show-md5sum",
        "show-min-blocksize",
        "show-max-blocksize",
        "show-min-framesize",
        "show-max-framesize",
        "show-sample-rate",
        "show-channels",
        "show-bps",
        "show-total-samples",
        "show-vendor-tag",
        "no-filename",
        "with-filename",
        "no-utf8-convert",
        "help",
        "version",
    ],
    long_valued: &[
        "block-type",
        "block-number",
        "except-block-type",
        "show-tag",
        "data-format",
    ],
    operands: Operands::Names {
        at_most: 64,
        test: plain_media_file,
    },
    ..Spec::GNU
};

/// `flac -t`: each file decoded and checked, nothing written.
const FLAC_TEST: Spec = Spec {
    flags: "tsw",
    long: &["test", "silent", "totally-silent", "warnings-as-errors"],
    required: &["t", "test"],
    operands: Operands::Names {
        at_most: 64,
        test: plain_media_file,
    },
    ..Spec::GNU
};

/// soxi(1) (`sox --i`): an audio file's header.
const SOXI: Spec = Spec {
    flags: "VtrcsdDbpBaeT",
    operands: Operands::Names {
        at_most: 64,
        test: plain_media_file,
    },
    ..Spec::GNU
};
const SOX_INFO: Spec = Spec {
    long: &["i", "info"],
    required: &["i", "info"],
    // (sox honours `--i` only as its first word; review 83.)
    permute: false,
    ..SOXI
};

/// The lists FFmpeg prints of what it was built with.
const FFMPEG_LIST_NAMES: &[&str] = &[
    "version",
    "buildconf",
    "formats",
    "muxers",
    "demuxers",
    "devices",
    "codecs",
    "decoders",
    "encoders",
    "bsfs",
    "protocols",
    "filters",
    "pix_fmts",
    "layouts",
    "sample_fmts",
    "colors",
    "hwaccels",
];

/// `ffmpeg -encoders` and the other lists (`-hide_banner` takes no
/// value; as an optional one, ffmpeg refuses one given).
const FFMPEG_LISTS: Spec = Spec {
    long: FFMPEG_LIST_NAMES,
    long_optional: &["hide_banner"],
    long_valued: &["v", "loglevel"],
    required: FFMPEG_LIST_NAMES,
    single_dash_long: true,
    operands: Operands::None,
    ..Spec::POSIX
};

/// mkvinfo(1): a Matroska file's elements.
const MKVINFO: Spec = Spec {
    flags: "vast",
    long: &[
        "verbose",
        "all",
        "summary",
        "track-info",
        "hexdump",
        "help",
        "version",
    ],
    operands: Operands::Names {
        at_most: 1,
        test: plain_media_file,
    },
    ..Spec::GNU
};

/// `mkvmerge -J FILE`/`--identify`: a file's tracks as JSON, no output.
const MKVMERGE_IDENTIFY: Spec = Spec {
    flags: "Ji",
    long: &["identify"],
    long_valued: &["identification-format"],
    required: &["J", "i", "identify"],
    operands: Operands::Names {
        at_most: 1,
        test: plain_media_file,
    },
    ..Spec::GNU
};

/// `id3v2 -l`: an MP3's tags listed.
const ID3V2_LIST: Spec = Spec {
    flags: "lR",
    long: &["list", "list-rfc822"],
    required: &["l", "R", "list", "list-rfc822"],
    operands: Operands::Names {
        at_most: 64,
        test: plain_media_file,
    },
    ..Spec::GNU
};

/// tmux's lists, and a pane's text printed (`capture-pane -p`; without
/// `-p` it fills a paste buffer).
/// A tmux format that only names variables (`#{session_name}`): `#()`
/// runs a shell command in the server, and `#{E:…}` and its kin expand a
/// value as a format again (review 83).
fn tmux_plain_format(value: &str) -> bool {
    let mut rest = value;
    while let Some(at) = rest.find('#') {
        let after = &rest[at + 1..];
        let Some(inner) = after.strip_prefix('{') else {
            return false;
        };
        let Some(end) = inner.find('}') else {
            return false;
        };
        if !inner[..end]
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b == b'_')
        {
            return false;
        }
        rest = &inner[end + 1..];
    }
    true
}

const TMUX_LIST: Spec = Spec {
    flags: "a",
    valued: "Fft",
    checked: &[("F", tmux_plain_format), ("f", tmux_plain_format)],
    operands: Operands::None,
    ..Spec::ORDERED
};
const TMUX_CAPTURE: Spec = Spec {
    flags: "pJeNCPq",
    valued: "tSE",
    required: &["p"],
    operands: Operands::None,
    ..Spec::ORDERED
};
/// tmux(1) 3.3: its sessions, windows and panes listed. Not `-L`/`-S`
/// (another server), nor any command's unique prefix (`tmux kill-s`).
const TMUX: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "ls|list-sessions|list-windows|lsw|list-panes|lsp|list-clients|lsc",
                spec: Some(&TMUX_LIST),
            },
            Verb {
                names: "capture-pane|capturep",
                spec: Some(&TMUX_CAPTURE),
            },
        ],
        bare_ok: false,
    },
    ..Spec::ORDERED
};

/// `screen -ls`: its sessions listed (not `-wipe`).
const SCREEN_LIST: Spec = Spec {
    long: &["ls", "list"],
    required: &["ls", "list"],
    single_dash_long: true,
    operands: Operands::AtMost(1),
    ..Spec::ORDERED
};

/// A Minecraft server's console query, word by word: none of these
/// words, in any order, changes the world (`gamerule keepInventory` shows
/// it; a value would set it). Not `time` or `day` (EssentialsX's `day`
/// and `time day` set the time), nor `version` (Paper asks its API;
/// review 83).
fn minecraft_query(value: &str) -> bool {
    const WORDS: &[&str] = &[
        "list",
        "seed",
        "difficulty",
        "tps",
        "mspt",
        "whitelist",
        "banlist",
        "gamerule",
        "keepInventory",
        "doDaylightCycle",
        "doMobSpawning",
        "scoreboard",
        "objectives",
        "players",
        "data",
        "get",
        "entity",
        "block",
        "storage",
        "worldborder",
        "help",
        "forge",
        "plugins",
        "pl",
    ];
    !value.trim().is_empty() && value.split_whitespace().all(|w| WORDS.contains(&w))
}

/// rcon-cli(1): console queries to this host's server (its password from
/// the environment, as the container sets it).
const RCON_CLI: Spec = Spec {
    long_valued: &["host", "port"],
    checked: &[("host", |v| matches!(v, "localhost" | "127.0.0.1"))],
    operands: Operands::Names {
        at_most: 8,
        test: minecraft_query,
    },
    ..Spec::ORDERED
};

#[rustfmt::skip]
/// transmission-remote(1), Transmission 3.0 and 4.0: the daemon's lists
/// and statistics (`-l`, `-si`, `-st`; a torrent's `-i`, `-f`, `-it`,
/// `-ip`, `-ic` after `-t ID`), from `[HOST:]PORT` or a URL first (judged
/// where it sends data), the user and password from `-n "$VAR"` or the
/// environment (`-ne`, `TR_AUTH`). Its parser takes options of several
/// letters after one dash. Not anything that adds, removes, starts,
/// stops, verifies or moves a torrent, nor a setting (`-a`, `-r`, `-rad`,
/// `-s`, `-S`, `-v`, `--move`, `-d`, `-u`, …), nor `-N` (a netrc file).
const TRANSMISSION_REMOTE: Spec = Spec {
    flags: "lifj",
    valued: "tn",
    long: &[
        "list", "info", "files", "json", "si", "st", "it", "ip", "ic", "if", "ne", "session-info",
        "session-stats", "info-trackers", "info-peers", "info-pieces", "authenv", "help", "version",
    ],
    long_valued: &["torrent", "auth"],
    // (A value that looks like an option is refused by tr_getopt, which
    // goes on with it as the next option: `-t --exit`; review 115.)
    checked: &[
        ("n", auth_variable),
        ("auth", auth_variable),
        ("t", torrent_ids),
        ("torrent", torrent_ids),
    ],
    checks_expansions: &["n", "auth"],
    single_dash_long: true,
    operands: Operands::AtMost(1),
    ..Spec::POSIX
};

/// Torrents by id, range, hash or `all`/`active`: never a word that
/// starts with `-`.
fn torrent_ids(value: &str) -> bool {
    !value.is_empty()
        && !value.starts_with('-')
        && value
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b',' | b'-'))
}

/// A user and password given as one variable's value in double quotes
/// (`"$TR_AUTH"`), or a user alone (the password then asked for).
fn auth_variable(value: &str) -> bool {
    super::diagnostics::password_variable(value)
        || (!value.is_empty()
            && value
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_'))
}

pub(super) const ENTRIES: &[Entry] = &[
    Entry {
        names: &["transmission-remote"],
        spec: &TRANSMISSION_REMOTE,
        read_only: &[
            "transmission-remote -l",
            "transmission-remote 192.168.10.42:9091 -n \"$TR_AUTH\" -l",
            "transmission-remote 192.168.10.42:9091 -ne -si",
            "transmission-remote 192.168.10.42:9091 -n \"$TR_AUTH\" -t 7 -i",
        ],
        not: &[
            "transmission-remote 192.168.10.42:9091 -t all -r",
            "transmission-remote -t 7 -rad",
            "transmission-remote tracker.example.com:9091 -l",
            "transmission-remote -n admin:hunter2 -l",
            "transmission-remote -a /tmp/x.torrent",
            "transmission-remote -N /root/.netrc -l",
            "transmission-remote -t --exit",
            "transmission-remote -t all -t -S",
        ],
    },
    Entry {
        names: &["identify"],
        spec: &IDENTIFY,
        read_only: &[
            "identify -regard-warnings /mnt/photos/scans/page_012.tif",
            "identify -format '%f %wx%h %[colorspace]\\n' /mnt/media/movies/Heat/poster.jpg",
        ],
        not: &[
            "identify ephemeral:/srv/x.jpg",
            "identify msl:/tmp/x.msl",
            "identify -format @/etc/shadow x.jpg",
            "identify -write /tmp/x.png x.jpg",
            "identify text:/etc/shadow",
            "identify @/tmp/list",
        ],
    },
    Entry {
        names: &["convert", "magick"],
        spec: &MAGICK_LIST,
        read_only: &[
            "convert -list policy",
            "magick -list format",
            "convert -version",
        ],
        not: &[
            "convert a.png b.jpg",
            "magick -list format x.png out.png",
            "convert",
        ],
    },
    Entry {
        names: &["mediainfo"],
        spec: &MEDIAINFO,
        read_only: &[
            "mediainfo /mnt/media/music/a.flac",
            "mediainfo --Output=JSON /mnt/media/tv/x.mkv",
            "mediainfo --Inform='Video;%Format%' x.mkv",
        ],
        not: &[
            "mediainfo --LogFile=/tmp/x x.mkv",
            "mediainfo --Inform=file:///etc/shadow x.mkv",
            "mediainfo http://evil.example/x.mkv",
        ],
    },
    Entry {
        names: &["metaflac"],
        spec: &METAFLAC,
        read_only: &[
            "metaflac --list --block-type=VORBIS_COMMENT a.flac",
            "metaflac --show-md5sum --show-sample-rate --show-bps a.flac",
        ],
        not: &[
            "metaflac --remove-all-tags a.flac",
            "metaflac --set-tag=ARTIST=x a.flac",
            "metaflac --export-tags-to=/tmp/t a.flac",
        ],
    },
    Entry {
        names: &["flac"],
        spec: &FLAC_TEST,
        read_only: &["flac -t -s a.flac b.flac"],
        not: &["flac a.wav", "flac -d a.flac", "flac -t -o /tmp/x a.flac"],
    },
    Entry {
        names: &["soxi"],
        spec: &SOXI,
        read_only: &["soxi -D /mnt/media/audiobooks/Dune/01.mp3"],
        not: &["soxi --bogus x.mp3"],
    },
    Entry {
        names: &["sox"],
        spec: &SOX_INFO,
        read_only: &["sox --i -r /mnt/media/music/incoming/track01.flac"],
        not: &["sox in.wav out.flac", "sox --i --bogus x.flac"],
    },
    Entry {
        names: &["ffmpeg"],
        spec: &FFMPEG_LISTS,
        read_only: &[
            "ffmpeg -hide_banner -encoders",
            "ffmpeg -hwaccels",
            "ffmpeg -version",
        ],
        not: &[
            "ffmpeg -i in.mkv out.mp4",
            "ffmpeg -hide_banner -encoders -i x -y /etc/passwd",
            "ffmpeg -hide_banner",
        ],
    },
    Entry {
        names: &["mkvinfo"],
        spec: &MKVINFO,
        read_only: &["mkvinfo /mnt/media/tv/Dark/S01E01.mkv"],
        not: &["mkvinfo -g x.mkv"],
    },
    Entry {
        names: &["mkvmerge"],
        spec: &MKVMERGE_IDENTIFY,
        read_only: &[
            "mkvmerge -J /mnt/media/movies/Arrival.mkv",
            "mkvmerge --identify x.mkv",
        ],
        not: &[
            "mkvmerge -o out.mkv in.mkv",
            "mkvmerge -J x.mkv -o /tmp/y.mkv",
        ],
    },
    Entry {
        names: &["id3v2"],
        spec: &ID3V2_LIST,
        read_only: &["id3v2 -l '/mnt/media/music/mp3/01 One More Time.mp3'"],
        not: &["id3v2 -D x.mp3", "id3v2 -a Artist x.mp3"],
    },
    Entry {
        names: &["tmux"],
        spec: &TMUX,
        read_only: &[
            "tmux ls",
            "tmux ls -F '#{session_name} #{session_windows}'",
            "tmux list-windows -t valheim",
            "tmux capture-pane -p -t minecraft -S -100",
        ],
        not: &[
            "tmux",
            "tmux capture-pane -t minecraft",
            "tmux ls -F '#(rm -rf /tmp/x)'",
            "tmux ls -f '#{E:@x}'",
            "tmux list-windows -F '#{s/a/b/:window_name}'",
            "tmux kill-server",
            "tmux ls \\; kill-server",
            "tmux -L other ls",
            "tmux send-keys -t mc stop Enter",
        ],
    },
    Entry {
        names: &["screen"],
        spec: &SCREEN_LIST,
        read_only: &["screen -ls", "screen -list"],
        not: &[
            "screen",
            "screen -wipe",
            "screen -S mc -X stuff stop",
            "screen -dmS x sh",
        ],
    },
    Entry {
        names: &["rcon-cli"],
        spec: &RCON_CLI,
        read_only: &[
            "rcon-cli list",
            "rcon-cli 'scoreboard objectives list'",
            "rcon-cli gamerule keepInventory",
            "rcon-cli 'whitelist list'",
        ],
        not: &[
            "rcon-cli",
            "rcon-cli stop",
            "rcon-cli 'gamerule keepInventory false'",
            "rcon-cli difficulty hard",
            "rcon-cli --host evil.example list",
            "rcon-cli 'fill -20 64 -20 20 80 20 minecraft:air'",
        ],
    },
];
