//! Fetching a web page for the agent (`http_get`), guarded: the agent can
//! be steered by what it reads, so it must not be able to reach what only
//! this machine can reach.
//!
//! Every address a name resolves to is checked *after* DNS resolution, in
//! the resolver the connection itself uses, so a name cannot resolve to a
//! public address for the check and a private one for the connection
//! (rebinding). Literal IP addresses are checked the same way. Loopback,
//! private, link-local (cloud metadata), shared (CGNAT), multicast and
//! unspecified addresses are refused unless the host is on the configured
//! allowlist. Redirects are followed by hand, at most a few, each one
//! checked again. Size and time are capped; HTML comes back as text.

use std::collections::HashSet;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use reqwest::dns::{Addrs, Name, Resolve, Resolving};
use serde::Serialize;

/// Settings of `http_get` (see `[http]` in the config).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FetchSettings {
    /// Hosts (names or literal addresses, lowercase) that may be private.
    pub allow_hosts: Vec<String>,
    pub max_bytes: usize,
    pub timeout: Duration,
    pub max_redirects: usize,
}

impl Default for FetchSettings {
    fn default() -> Self {
        FetchSettings {
            allow_hosts: Vec::new(),
            max_bytes: 512 * 1024,
            timeout: Duration::from_secs(15),
            max_redirects: 5,
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum FetchError {
    #[error("`{0}` is not an http(s) URL")]
    BadUrl(String),
    #[error(
        "{host} resolves to {addr}, a loopback, private, link-local or otherwise internal address; \
         refused (an operator can allow the host in [http] allow_hosts)"
    )]
    Internal { host: String, addr: String },
    #[error("too many redirects (more than {0})")]
    TooManyRedirects(usize),
    #[error("a redirect without a usable Location header")]
    BadRedirect,
    #[error("the page redirects to {to}, which is not fetched unasked: {why}")]
    RedirectRefused { to: String, why: String },
    #[error("fetching {url} failed: {reason}")]
    Http { url: String, reason: String },
}

/// A fetched page.
#[derive(Debug, Clone, Serialize)]
pub struct Fetched {
    /// Where it was finally fetched from.
    pub url: String,
    pub status: u16,
    pub content_type: String,
    /// Readable text (HTML reduced to text).
    pub text: String,
    /// The body was longer than the cap and was cut.
    pub truncated: bool,
    pub redirects: usize,
}

/// Whether an address is one the agent may reach without an allowlist.
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => is_public_v4(v4),
        IpAddr::V6(v6) => {
            if let Some(v4) = v6.to_ipv4_mapped() {
                return is_public_v4(v4);
            }
            let first = v6.segments()[0];
            !(v6.is_loopback()
                || v6.is_unspecified()
                || v6.is_multicast()
                || (first & 0xfe00) == 0xfc00 // unique local
                || (first & 0xffc0) == 0xfe80 // link-local
                || (first & 0xffc0) == 0xfec0 // site-local (deprecated)
                || v6.segments()[..6] == [0, 0, 0, 0, 0, 0] // IPv4-compatible
                || (first == 0x64 && v6.segments()[1] == 0xff9b) // NAT64 to anything
                || (first == 0x2001 && v6.segments()[1] == 0x0db8)) // documentation
        }
    }
}

fn is_public_v4(v4: Ipv4Addr) -> bool {
    let [a, b, _, _] = v4.octets();
    !(v4.is_loopback()
        || v4.is_private()
        || v4.is_link_local() // 169.254/16: cloud metadata lives here
        || v4.is_unspecified()
        || v4.is_broadcast()
        || v4.is_multicast()
        || v4.is_documentation()
        || a == 0
        || (a == 100 && (64..128).contains(&b)) // shared address space (CGNAT)
        || (a == 192 && b == 0) // IETF protocol assignments
        || (a == 198 && (b == 18 || b == 19)) // benchmarking
        || a >= 240) // reserved
}

/// The resolver the connections use: resolves, then drops internal
/// addresses unless the host is allowed.
struct Guard {
    allow: Arc<HashSet<String>>,
}

impl Resolve for Guard {
    fn resolve(&self, name: Name) -> Resolving {
        let host = name.as_str().to_ascii_lowercase();
        let allow = self.allow.clone();
        Box::pin(async move {
            let ok = resolve_checked(&host, &allow).await?;
            Ok(Box::new(ok.into_iter()) as Addrs)
        })
    }
}

/// Resolves `host` and keeps only the addresses it may be reached at:
/// public ones, or all of them for an allowed host. None left is an error.
pub async fn resolve_checked(
    host: &str,
    allow: &HashSet<String>,
) -> Result<Vec<SocketAddr>, Box<dyn std::error::Error + Send + Sync>> {
    let addrs: Vec<SocketAddr> = tokio::net::lookup_host((host, 0)).await?.collect();
    let allowed = allow.contains(host);
    let (ok, refused): (Vec<SocketAddr>, Vec<SocketAddr>) = addrs
        .into_iter()
        .partition(|a| allowed || is_public(a.ip()));
    if ok.is_empty() {
        let addr = refused
            .first()
            .map(|a| a.ip().to_string())
            .unwrap_or_else(|| "nothing".into());
        return Err(Box::new(FetchError::Internal {
            host: host.to_string(),
            addr,
        }));
    }
    Ok(ok)
}

#[derive(Clone)]
pub struct Fetcher {
    http: reqwest::Client,
    allow: Arc<HashSet<String>>,
    settings: FetchSettings,
}

impl Fetcher {
    /// The hosts `[http] allow_hosts` lets it reach although internal.
    pub fn allowed_hosts(&self) -> Vec<String> {
        self.allow.iter().cloned().collect()
    }

    pub fn new(settings: FetchSettings) -> Result<Fetcher, FetchError> {
        let allow: Arc<HashSet<String>> = Arc::new(
            settings
                .allow_hosts
                .iter()
                .map(|h| h.trim().trim_matches(['[', ']']).to_ascii_lowercase())
                .collect(),
        );
        let http = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .no_proxy()
            .dns_resolver(Guard {
                allow: allow.clone(),
            })
            .timeout(settings.timeout)
            .connect_timeout(settings.timeout.min(Duration::from_secs(10)))
            .user_agent(concat!("nomos/", env!("CARGO_PKG_VERSION")))
            .build()
            .map_err(|e| FetchError::Http {
                url: String::new(),
                reason: e.to_string(),
            })?;
        Ok(Fetcher {
            http,
            allow,
            settings,
        })
    }

    /// Checks a URL's host before any connection: the scheme, and a literal
    /// address (names are checked by the resolver).
    fn check(&self, url: &reqwest::Url) -> Result<(), FetchError> {
        if !matches!(url.scheme(), "http" | "https") {
            return Err(FetchError::BadUrl(url.to_string()));
        }
        let host = match url.host() {
            Some(url::Host::Domain(d)) => {
                let d = d.to_ascii_lowercase();
                // A bare IP in disguise is still checked by the resolver;
                // `localhost` never reaches DNS in some stacks, so refuse it here.
                if (d == "localhost" || d.ends_with(".localhost")) && !self.allow.contains(&d) {
                    return Err(FetchError::Internal {
                        host: d,
                        addr: "127.0.0.1".into(),
                    });
                }
                return Ok(());
            }
            Some(url::Host::Ipv4(ip)) => IpAddr::V4(ip),
            Some(url::Host::Ipv6(ip)) => IpAddr::V6(ip),
            None => return Err(FetchError::BadUrl(url.to_string())),
        };
        let literal = host.to_string().to_ascii_lowercase();
        if !is_public(host) && !self.allow.contains(&literal) {
            return Err(FetchError::Internal {
                host: literal.clone(),
                addr: literal,
            });
        }
        Ok(())
    }

    /// Fetches `url`, following redirects by hand.
    pub async fn get(&self, url: &str) -> Result<Fetched, FetchError> {
        self.get_judged(url, &|_| None).await
    }

    /// [`Fetcher::get`], asking `refusal` about every address a redirect
    /// leads to (the caller judged the first): a redirect is a new fetch.
    pub async fn get_judged(
        &self,
        url: &str,
        refusal: &(dyn Fn(&str) -> Option<String> + Sync),
    ) -> Result<Fetched, FetchError> {
        let mut current =
            reqwest::Url::parse(url.trim()).map_err(|_| FetchError::BadUrl(url.to_string()))?;
        let mut redirects = 0;
        loop {
            self.check(&current)?;
            if redirects > 0
                && let Some(why) = refusal(current.as_str())
            {
                return Err(FetchError::RedirectRefused {
                    to: current.to_string(),
                    why,
                });
            }
            let response = self
                .http
                .get(current.clone())
                .send()
                .await
                .map_err(|e| http_error(&current, e))?;
            if response.status().is_redirection() {
                redirects += 1;
                if redirects > self.settings.max_redirects {
                    return Err(FetchError::TooManyRedirects(self.settings.max_redirects));
                }
                let location = response
                    .headers()
                    .get(reqwest::header::LOCATION)
                    .and_then(|v| v.to_str().ok())
                    .ok_or(FetchError::BadRedirect)?;
                current = current
                    .join(location)
                    .map_err(|_| FetchError::BadRedirect)?;
                continue;
            }
            return self.read(current, response, redirects).await;
        }
    }

    async fn read(
        &self,
        url: reqwest::Url,
        mut response: reqwest::Response,
        redirects: usize,
    ) -> Result<Fetched, FetchError> {
        let status = response.status().as_u16();
        let content_type = response
            .headers()
            .get(reqwest::header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_string();
        let mut body: Vec<u8> = Vec::new();
        let mut truncated = false;
        while let Some(chunk) = response.chunk().await.map_err(|e| http_error(&url, e))? {
            let room = self.settings.max_bytes.saturating_sub(body.len());
            if chunk.len() > room {
                body.extend_from_slice(&chunk[..room]);
                truncated = true;
                break;
            }
            body.extend_from_slice(&chunk);
        }
        let raw = String::from_utf8_lossy(&body);
        let text = if content_type.contains("html") || looks_like_html(&raw) {
            html_to_text(&raw)
        } else {
            raw.into_owned()
        };
        Ok(Fetched {
            url: url.to_string(),
            status,
            content_type,
            text,
            truncated,
            redirects,
        })
    }
}

fn http_error(url: &reqwest::Url, e: reqwest::Error) -> FetchError {
    // The resolver's refusal is the interesting cause; dig it out.
    let mut source: Option<&dyn std::error::Error> = Some(&e);
    while let Some(err) = source {
        if let Some(FetchError::Internal { host, addr }) = err.downcast_ref::<FetchError>() {
            return FetchError::Internal {
                host: host.clone(),
                addr: addr.clone(),
            };
        }
        source = err.source();
    }
    FetchError::Http {
        url: url.to_string(),
        reason: if e.is_timeout() {
            "timed out".into()
        } else {
            e.to_string()
        },
    }
}

fn looks_like_html(text: &str) -> bool {
    let start: String = text
        .trim_start()
        .chars()
        .take(200)
        .collect::<String>()
        .to_lowercase();
    start.starts_with("<!doctype html") || start.starts_with("<html")
}

/// Readable text from HTML: scripts, styles and tags dropped, block
/// elements as line breaks, common entities decoded, blank runs squeezed.
pub fn html_to_text(html: &str) -> String {
    let mut out = String::with_capacity(html.len() / 2);
    let mut rest = html;
    while let Some(lt) = rest.find('<') {
        out.push_str(&decode_entities(&rest[..lt]));
        let after = &rest[lt + 1..];
        let Some(gt) = after.find('>') else {
            rest = "";
            break;
        };
        let tag = after[..gt].trim().to_ascii_lowercase();
        let name: String = tag
            .trim_start_matches('/')
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        rest = &after[gt + 1..];
        if !tag.starts_with('/') && matches!(name.as_str(), "script" | "style" | "noscript" | "svg")
        {
            let close = format!("</{name}");
            match rest.to_ascii_lowercase().find(&close) {
                Some(end) => {
                    rest = &rest[end..];
                    if let Some(gt) = rest.find('>') {
                        rest = &rest[gt + 1..];
                    }
                }
                None => rest = "",
            }
            continue;
        }
        if matches!(
            name.as_str(),
            "p" | "div"
                | "br"
                | "li"
                | "tr"
                | "h1"
                | "h2"
                | "h3"
                | "h4"
                | "h5"
                | "h6"
                | "pre"
                | "section"
                | "article"
                | "header"
                | "footer"
                | "table"
                | "ul"
                | "ol"
                | "title"
        ) {
            out.push('\n');
        }
    }
    out.push_str(&decode_entities(rest));
    let mut text = String::with_capacity(out.len());
    let mut blank = 0;
    for line in out.lines() {
        let line = line.split_whitespace().collect::<Vec<_>>().join(" ");
        if line.is_empty() {
            blank += 1;
            if blank > 1 {
                continue;
            }
        } else {
            blank = 0;
        }
        text.push_str(&line);
        text.push('\n');
    }
    text.trim().to_string()
}

fn decode_entities(text: &str) -> String {
    text.replace("&nbsp;", " ")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn internal_addresses_are_not_public() {
        for ip in [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "192.168.178.1",
            "169.254.169.254",
            "100.64.0.1",
            "0.0.0.0",
            "255.255.255.255",
            "224.0.0.1",
            "::1",
            "::",
            "fe80::1",
            "fd00::1",
            "::ffff:127.0.0.1",
            "::ffff:10.0.0.1",
            "64:ff9b::a00:1",
        ] {
            assert!(!is_public(ip.parse().expect("ip")), "{ip} must be refused");
        }
        for ip in ["1.1.1.1", "93.184.216.34", "2606:4700:4700::1111"] {
            assert!(is_public(ip.parse().expect("ip")), "{ip} is public");
        }
    }

    #[test]
    fn html_becomes_text() {
        let html = "<html><head><title>Docs</title><style>p{}</style></head><body>\
                    <h1>Install</h1><p>Run <code>apt install docker-cli</code> &amp; check.</p>\
                    <script>alert(1)</script><ul><li>one</li><li>two</li></ul></body></html>";
        let text = html_to_text(html);
        assert_eq!(
            text,
            "Docs\n\nInstall\n\nRun apt install docker-cli & check.\n\none\n\ntwo"
        );
        assert!(!text.contains("alert"));
    }

    #[test]
    fn literal_internal_urls_are_refused_before_connecting() {
        let f = Fetcher::new(FetchSettings::default()).expect("fetcher");
        for url in [
            "http://127.0.0.1/",
            "http://[::1]:8080/",
            "http://169.254.169.254/latest/meta-data/",
            "http://localhost:9/",
        ] {
            let parsed = reqwest::Url::parse(url).expect("url");
            assert!(
                matches!(f.check(&parsed), Err(FetchError::Internal { .. })),
                "{url}"
            );
        }
        let ftp = reqwest::Url::parse("ftp://example.org/").expect("url");
        assert!(matches!(f.check(&ftp), Err(FetchError::BadUrl(_))));
    }
}
