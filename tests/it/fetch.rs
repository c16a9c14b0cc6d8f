//! `http_get`'s fetcher against local HTTP servers: internal addresses are
//! refused (literal, after DNS resolution, and on a redirect), the
//! allowlist lets a host through, size is capped, redirect loops end.

use std::collections::HashSet;

use axum::Router;
use axum::http::{StatusCode, header};
use axum::response::IntoResponse;
use axum::routing::get;
use nomos::fetch::{FetchError, FetchSettings, Fetcher, resolve_checked};

async fn server() -> u16 {
    let app = Router::new()
        .route(
            "/page",
            get(|| async {
                (
                    [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
                    "<html><body><h1>Release notes</h1><p>Version 2 &amp; more.</p>\
                     <script>steal()</script></body></html>",
                )
            }),
        )
        .route("/big", get(|| async { "x".repeat(2 * 1024 * 1024) }))
        .route(
            "/to-loopback",
            get(|| async {
                let port = std::env::var("NOMOS_FETCH_TEST_PORT").unwrap_or_default();
                (
                    StatusCode::FOUND,
                    [(header::LOCATION, format!("http://127.0.0.1:{port}/page"))],
                )
                    .into_response()
            }),
        )
        .route(
            "/to-query",
            get(|| async {
                (
                    StatusCode::FOUND,
                    [(header::LOCATION, "/page?secret=hunter2")],
                )
                    .into_response()
            }),
        )
        .route(
            "/loop",
            get(|| async { (StatusCode::FOUND, [(header::LOCATION, "/loop")]).into_response() }),
        );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let port = listener.local_addr().expect("addr").port();
    tokio::spawn(async move { axum::serve(listener, app).await });
    port
}

fn fetcher(allow: &[&str], max_bytes: usize) -> Fetcher {
    Fetcher::new(FetchSettings {
        allow_hosts: allow.iter().map(|s| s.to_string()).collect(),
        max_bytes,
        ..FetchSettings::default()
    })
    .expect("fetcher")
}

#[tokio::test]
async fn internal_addresses_are_refused_unless_allowed() {
    let port = server().await;
    // SAFETY of the test: only this test reads the variable.
    unsafe { std::env::set_var("NOMOS_FETCH_TEST_PORT", port.to_string()) };

    let closed = fetcher(&[], 4096);
    for url in [
        format!("http://127.0.0.1:{port}/page"),
        format!("http://localhost:{port}/page"),
        "http://169.254.169.254/latest/meta-data/".to_string(),
        "http://[::1]/".to_string(),
    ] {
        let err = closed.get(&url).await.expect_err(&url);
        assert!(matches!(err, FetchError::Internal { .. }), "{url}: {err}");
        assert!(err.to_string().contains("allow_hosts"), "{err}");
    }
    // Checked after DNS resolution: a name is judged by its addresses.
    let resolved = resolve_checked("localhost", &HashSet::new()).await;
    let err = resolved.expect_err("localhost resolves to loopback");
    assert!(err.to_string().contains("internal address"), "{err}");
    let allowed: HashSet<String> = ["localhost".to_string()].into();
    assert!(
        !resolve_checked("localhost", &allowed)
            .await
            .expect("allowed")
            .is_empty()
    );

    // Allowed, it is fetched and read as text.
    let open = fetcher(&["localhost"], 4096);
    let page = open
        .get(&format!("http://localhost:{port}/page"))
        .await
        .expect("fetched");
    assert_eq!(page.status, 200);
    assert_eq!(page.text, "Release notes\n\nVersion 2 & more.");
    assert!(!page.truncated);

    // A redirect from the allowed host to a literal loopback address is
    // refused: every hop is checked.
    let err = open
        .get(&format!("http://localhost:{port}/to-loopback"))
        .await
        .expect_err("redirect to loopback");
    assert!(
        matches!(&err, FetchError::Internal { host, .. } if host == "127.0.0.1"),
        "{err}"
    );

    // Size is capped; redirect loops end.
    let big = open
        .get(&format!("http://localhost:{port}/big"))
        .await
        .expect("big");
    assert!(big.truncated);
    assert_eq!(big.text.len(), 4096);
    let err = open
        .get(&format!("http://localhost:{port}/loop"))
        .await
        .expect_err("loop");
    assert!(matches!(err, FetchError::TooManyRedirects(5)), "{err}");
    assert!(matches!(
        closed.get("file:///etc/passwd").await,
        Err(FetchError::BadUrl(_))
    ));
}

/// A redirect is a new fetch: the caller's rule judges every address a
/// redirect leads to (here: no query string), and a refused one stops
/// the fetch with the reason; the first address is the caller's to judge.
#[tokio::test]
async fn every_redirect_is_judged_by_the_callers_rule() {
    let port = server().await;
    let f = fetcher(&["127.0.0.1"], 64 * 1024);
    let no_query = |url: &str| url.contains('?').then(|| "a query string".to_string());
    let err = f
        .get_judged(&format!("http://127.0.0.1:{port}/to-query"), &no_query)
        .await
        .expect_err("the redirect is refused");
    assert!(
        matches!(&err, FetchError::RedirectRefused { to, why } if to.contains("secret") && why == "a query string"),
        "{err}"
    );
    let page = f
        .get_judged(&format!("http://127.0.0.1:{port}/page"), &no_query)
        .await
        .expect("a plain page");
    assert_eq!(page.redirects, 0);
}
