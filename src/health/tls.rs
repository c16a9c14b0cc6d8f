//! The TLS check's one question: how many days until the server's
//! certificate expires. The handshake accepts any certificate (an expired
//! or self-signed one is exactly what the check must be able to report);
//! its `notAfter` is read from the DER with a small reader, since nothing
//! else of the certificate is needed.

use std::sync::Arc;
use std::time::Duration;

use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::crypto::{CryptoProvider, aws_lc_rs};
use rustls::pki_types::{CertificateDer, ServerName, UnixTime};
use rustls::{DigitallySignedStruct, SignatureScheme};
use time::OffsetDateTime;

/// Accepts any certificate chain; signatures are still checked so the
/// handshake is a real one.
#[derive(Debug)]
struct AnyCertificate(Arc<CryptoProvider>);

impl ServerCertVerifier for AnyCertificate {
    fn verify_server_cert(
        &self,
        _end_entity: &CertificateDer<'_>,
        _intermediates: &[CertificateDer<'_>],
        _server_name: &ServerName<'_>,
        _ocsp_response: &[u8],
        _now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        Ok(ServerCertVerified::assertion())
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls12_signature(
            message,
            cert,
            dss,
            &self.0.signature_verification_algorithms,
        )
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls13_signature(
            message,
            cert,
            dss,
            &self.0.signature_verification_algorithms,
        )
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.0.signature_verification_algorithms.supported_schemes()
    }
}

/// Connects to `host:port`, completes a TLS handshake (SNI `host`) and
/// returns the end-entity certificate's expiry.
pub async fn certificate_expiry(
    host: &str,
    port: u16,
    timeout: Duration,
) -> Result<OffsetDateTime, String> {
    let provider = Arc::new(aws_lc_rs::default_provider());
    let config = rustls::ClientConfig::builder_with_provider(provider.clone())
        .with_safe_default_protocol_versions()
        .map_err(|e| e.to_string())?
        .dangerous()
        .with_custom_certificate_verifier(Arc::new(AnyCertificate(provider)))
        .with_no_client_auth();
    let connector = tokio_rustls::TlsConnector::from(Arc::new(config));
    let name = ServerName::try_from(host.to_string()).map_err(|e| format!("bad host name: {e}"))?;
    let work = async {
        let tcp = tokio::net::TcpStream::connect((host, port))
            .await
            .map_err(|e| format!("cannot connect: {e}"))?;
        let tls = connector
            .connect(name, tcp)
            .await
            .map_err(|e| format!("TLS handshake failed: {e}"))?;
        let (_, session) = tls.get_ref();
        let cert = session
            .peer_certificates()
            .and_then(|c| c.first())
            .ok_or("the server sent no certificate")?;
        not_after(cert.as_ref()).ok_or_else(|| "cannot read the certificate's expiry".to_string())
    };
    tokio::time::timeout(timeout, work)
        .await
        .map_err(|_| format!("no TLS answer within {} s", timeout.as_secs()))?
}

/// One DER element: (tag, contents, the rest after it).
fn element(der: &[u8]) -> Option<(u8, &[u8], &[u8])> {
    let (&tag, rest) = der.split_first()?;
    let (&first, rest) = rest.split_first()?;
    let (len, rest) = if first & 0x80 == 0 {
        (usize::from(first), rest)
    } else {
        let n = usize::from(first & 0x7f);
        if n == 0 || n > 4 || rest.len() < n {
            return None;
        }
        let len = rest[..n]
            .iter()
            .fold(0usize, |acc, &b| (acc << 8) | usize::from(b));
        (len, &rest[n..])
    };
    if rest.len() < len {
        return None;
    }
    Some((tag, &rest[..len], &rest[len..]))
}

/// The `notAfter` of an X.509 certificate in DER.
pub fn not_after(der: &[u8]) -> Option<OffsetDateTime> {
    let (0x30, cert, _) = element(der)? else {
        return None;
    };
    let (0x30, tbs, _) = element(cert)? else {
        return None;
    };
    let mut rest = tbs;
    // [0] version (optional), serial, signature algorithm, issuer, validity.
    let (tag, _, after) = element(rest)?;
    if tag == 0xa0 {
        rest = after;
        let (_, _, after) = element(rest)?; // serial
        rest = after;
    } else {
        rest = after; // that was the serial
    }
    for _ in 0..2 {
        let (_, _, after) = element(rest)?; // signature algorithm, issuer
        rest = after;
    }
    let (0x30, validity, _) = element(rest)? else {
        return None;
    };
    let (_, _, after) = element(validity)?; // notBefore
    let (tag, time, _) = element(after)?;
    parse_time(tag, std::str::from_utf8(time).ok()?)
}

/// UTCTime (`YYMMDDHHMMSSZ`) or GeneralizedTime (`YYYYMMDDHHMMSSZ`).
fn parse_time(tag: u8, text: &str) -> Option<OffsetDateTime> {
    let text = text.strip_suffix('Z')?;
    let (year, rest) = match tag {
        0x17 if text.len() == 12 => {
            let yy: i32 = text[..2].parse().ok()?;
            (if yy >= 50 { 1900 + yy } else { 2000 + yy }, &text[2..])
        }
        0x18 if text.len() == 14 => (text[..4].parse().ok()?, &text[4..]),
        _ => return None,
    };
    let n = |i: usize| rest.get(i..i + 2)?.parse::<u8>().ok();
    let month = time::Month::try_from(n(0)?).ok()?;
    let date = time::Date::from_calendar_date(year, month, n(2)?).ok()?;
    let clock = time::Time::from_hms(n(4)?, n(6)?, n(8)?).ok()?;
    Some(time::PrimitiveDateTime::new(date, clock).assume_utc())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_parse() {
        let t = parse_time(0x17, "261230120000Z").expect("utc time");
        assert_eq!(t.year(), 2026);
        assert_eq!(u8::from(t.month()), 12);
        let g = parse_time(0x18, "20510101000000Z").expect("generalized");
        assert_eq!(g.year(), 2051);
        assert!(parse_time(0x17, "2612301200Z").is_none());
    }

    #[test]
    fn garbage_is_not_a_certificate() {
        assert!(not_after(&[]).is_none());
        assert!(not_after(&[0x30, 0x82, 0xff]).is_none());
        assert!(not_after(&[0x02, 0x01, 0x00]).is_none());
    }
}
