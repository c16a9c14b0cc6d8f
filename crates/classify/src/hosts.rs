//! The hosts a read-only command may reach ([`Egress`]): loopback, the
//! lab's own private addresses and the hosts the inventory allows, and
//! how words spell a host (a URL, `user@host:port`, a backup
//! repository). Plain knowledge of names and addresses, below the
//! program tables; `egress` reads where a command sends.

use std::net::IpAddr;

/// The hosts read-only commands may reach beyond loopback and private
/// addresses: exact names or addresses, or `.example.org` for a domain and
/// everything under it. Names compare without case and a final dot.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Egress {
    allowed: Vec<String>,
}

impl Egress {
    /// Loopback and private addresses only.
    pub fn loopback_only() -> Egress {
        Egress::default()
    }

    pub fn new<I, S>(allowed: I) -> Egress
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        Egress {
            allowed: allowed
                .into_iter()
                .map(|s| normal(s.as_ref()))
                .filter(|s| !s.is_empty() && s != ".")
                .collect(),
        }
    }

    /// Whether `host` is one of the hosts this policy was given (by name,
    /// address or domain), loopback and private addresses aside.
    pub fn lists(&self, host: &str) -> bool {
        let host = normal(host);
        let host = host.trim_start_matches('[').trim_end_matches(']');
        self.allowed.iter().any(|a| match a.strip_prefix('.') {
            Some(domain) => host == domain || host.ends_with(a.as_str()),
            None => host == a,
        })
    }

    /// Whether a read-only command may reach `host`.
    pub fn allows(&self, host: &str) -> bool {
        let host = normal(host);
        let host = host.trim_start_matches('[').trim_end_matches(']');
        // A link-local address's zone (`fe80::1%vmbr0`) names the
        // interface, not the place.
        let host = match host.split_once('%') {
            Some((address, _)) if address.contains(':') => address,
            _ => host,
        };
        if host == "localhost" || host.ends_with(".localhost") {
            return true;
        }
        // Names only a lab's own resolver answers, but not a cloud's
        // metadata service, which answers with the machine's credentials
        // under such a name (`metadata.google.internal`,
        // `instance-data.ec2.internal`) as at 169.254.169.254.
        // (`.home` and `.corp` will never be delegated (ICANN, 2018);
        // `.test` and `.invalid` are reserved, RFC 6761.)
        if [
            ".lan",
            ".local",
            ".home.arpa",
            ".internal",
            ".localdomain",
            ".home",
            ".corp",
            ".test",
            ".invalid",
        ]
        .iter()
        // (The zone itself too: `drill @10.0.0.53 home.arpa SOA`; blind
        // corpus 200.)
        // (Not a bare single label, `internal`, `lan`: a search domain
        // may be appended to it; review 126.)
        .any(|tld| host.ends_with(tld) || (host == &tld[1..] && host.contains('.')))
        {
            return !metadata_service(host);
        }
        if let Ok(ip) = host.parse::<IpAddr>()
            && lab_address(ip)
        {
            return true;
        }
        if let Some(corners) = octet_ranges(host) {
            return corners.into_iter().all(|ip| lab_address(IpAddr::V4(ip)));
        }
        // The resolver reads `134744072`, `0x8.8.8` and `010.1` as IPv4
        // addresses (inet_aton): judged as the address they are.
        if let Some(v4) = inet_aton(host) {
            return lab_address(IpAddr::V4(v4)) || self.lists(&v4.to_string()) || self.lists(host);
        }
        self.lists(host)
    }
}

/// nmap's and fping's octet ranges (`192.168.1.10-15`, `10.0.0-3.*`,
/// `192.168.1.1,5,9`): every corner of the block they span (each octet
/// at its least and its most), when some octet is a range; none for
/// anything else.
fn octet_ranges(host: &str) -> Option<Vec<std::net::Ipv4Addr>> {
    let octets: Vec<&str> = host.split('.').collect();
    if octets.len() != 4
        || !octets.iter().any(|o| o.contains(['-', ',', '*']))
        || !octets.iter().all(|o| {
            !o.is_empty()
                && o.chars()
                    .all(|c| c.is_ascii_digit() || matches!(c, '-' | ',' | '*'))
        })
    {
        return None;
    }
    let mut bounds = Vec::with_capacity(4);
    for octet in &octets {
        let mut least = 255u16;
        let mut most = 0u16;
        for part in octet.split(',') {
            let (from, to) = match part {
                "*" => (0, 255),
                _ => match part.split_once('-') {
                    Some((a, b)) => (
                        if a.is_empty() { 0 } else { a.parse().ok()? },
                        if b.is_empty() { 255 } else { b.parse().ok()? },
                    ),
                    None => {
                        let n: u16 = part.parse().ok()?;
                        (n, n)
                    }
                },
            };
            if from > 255 || to > 255 {
                return None;
            }
            least = least.min(from.min(to));
            most = most.max(from.max(to));
        }
        bounds.push([least as u8, most as u8]);
    }
    let mut corners = Vec::with_capacity(16);
    for a in bounds[0] {
        for b in bounds[1] {
            for c in bounds[2] {
                for d in bounds[3] {
                    corners.push(std::net::Ipv4Addr::new(a, b, c, d));
                }
            }
        }
    }
    Some(corners)
}

/// An IPv4 address as glibc's `inet_aton` reads it: one to four parts,
/// each decimal, octal (leading `0`) or hexadecimal (`0x`), the last
/// filling the bytes left (`8.8` is 8.0.0.8, `134744072` is 8.8.8.8).
pub(crate) fn inet_aton(text: &str) -> Option<std::net::Ipv4Addr> {
    let parts: Vec<&str> = text.split('.').collect();
    if parts.is_empty() || parts.len() > 4 {
        return None;
    }
    let mut values = Vec::with_capacity(4);
    for part in &parts {
        let (digits, radix) =
            if let Some(hex) = part.strip_prefix("0x").or_else(|| part.strip_prefix("0X")) {
                (hex, 16)
            } else if part.len() > 1 && part.starts_with('0') {
                (&part[1..], 8)
            } else {
                (*part, 10)
            };
        if digits.is_empty() && radix != 16 {
            return None;
        }
        let value = if digits.is_empty() {
            0
        } else {
            u64::from_str_radix(digits, radix).ok()?
        };
        values.push(value);
    }
    let (last, head) = values.split_last()?;
    if head.iter().any(|v| *v > 255) {
        return None;
    }
    let room = 8 * (4 - head.len() as u32);
    if room < 64 && *last >= 1u64 << room {
        return None;
    }
    let mut address: u64 = 0;
    for (i, v) in head.iter().enumerate() {
        address |= v << (24 - 8 * i as u32);
    }
    address |= last;
    u32::try_from(address).ok().map(std::net::Ipv4Addr::from)
}

fn normal(s: &str) -> String {
    s.trim().trim_end_matches('.').to_ascii_lowercase()
}

/// Whether `host` (lower case, no trailing dot) names a cloud metadata
/// service: its first label is `metadata` or `instance-data`
/// (`metadata.google.internal`, `instance-data.ec2.internal`,
/// `metadata.internal`), or it is `instance-data` alone.
fn metadata_service(host: &str) -> bool {
    let first = host.split('.').next().unwrap_or(host);
    matches!(first, "metadata" | "instance-data")
}

/// Loopback, private (RFC 1918, unique local) and link-local addresses:
/// the lab's own network.
pub(crate) fn lab_address(ip: IpAddr) -> bool {
    // `::ffff:10.0.0.1` is the IPv4 address it maps.
    if let IpAddr::V6(v6) = ip
        && let Some(v4) = v6.to_ipv4_mapped()
    {
        return lab_address(IpAddr::V4(v4));
    }
    match ip {
        // Not 169.254/16: cloud metadata services answer there with
        // credentials.
        IpAddr::V4(v4) => v4.is_loopback() || v4.is_private(),
        // Not the clouds' IPv6 metadata services, unique-local as they are
        // (AWS `fd00:ec2::254`, GCP `fd20:ce::254`).
        IpAddr::V6(v6) if matches!(v6.segments(), [0xfd00, 0xec2, ..] | [0xfd20, 0xce, ..]) => {
            false
        }
        IpAddr::V6(v6) => {
            v6.is_loopback()
                || (v6.segments()[0] & 0xfe00) == 0xfc00
                || (v6.segments()[0] & 0xffc0) == 0xfe80
        }
    }
}

/// The host of a URL or a bare `host[:port][/path]` (`user@` dropped).
pub fn host_of(word: &str) -> &str {
    let rest = word.split_once("://").map_or(word, |(_, r)| r);
    let rest = rest.split(['/', '?', '#']).next().unwrap_or(rest);
    let rest = rest.rsplit_once('@').map_or(rest, |(_, h)| h);
    if let Some(v6) = rest.strip_prefix('[') {
        return v6.split(']').next().unwrap_or(v6);
    }
    // One colon is a port; more is a bare IPv6 address.
    match rest.matches(':').count() {
        1 => rest.split(':').next().unwrap_or(rest),
        _ => rest,
    }
}

/// The server of a Proxmox Backup repository `[[USER@]SERVER[:PORT]:]
/// DATASTORE` (a user is `NAME@REALM`, an IPv6 server is bracketed);
/// `None` when it names none (a datastore of this host) or an empty one.
pub(crate) fn repository_host(value: &str) -> Option<&str> {
    let (server, store) = value.rsplit_once(':')?;
    let host_port = server.rsplit_once('@').map_or(server, |(_, h)| h);
    let host = match host_port.strip_prefix('[') {
        Some(bracketed) => bracketed.split(']').next().unwrap_or(""),
        None => host_port.split(':').next().unwrap_or(""),
    };
    (!store.is_empty() && !host.is_empty()).then_some(host)
}
