//! The `Host` check of a server on a loopback address (protection against DNS
//! rebinding: a page of another site reaching the server through a name of its own
//! that resolves to 127.0.0.1).
//!
//! The header is read as the authority of a URL without user information (RFC 3986
//! §3.2, RFC 9110 §7.2): `host [":" port]`, where `host` is a name, an IPv4 address
//! in dotted decimal, or an IPv6 address in brackets, and `port` is decimal digits.
//! Accepted: the name `localhost` (in any case), any loopback address (127.0.0.0/8,
//! `[::1]`, `[::ffff:127.x.y.z]`) and the address the server is bound to, with any
//! well-formed port or none: the port a browser names is the one it reached, which a
//! port forward (`ssh -L 8080:localhost:7070`) may change, and a rebinding page cannot
//! name a local host whatever the port. Everything else is refused, whatever it
//! resolves to: other names, user information (`127.0.0.1:80@evil.com`), bad ports,
//! spaces.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};

/// The host part of an authority.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Host {
    /// A registered name, lower-cased.
    Name(String),
    /// An IP address (IPv4 in dotted decimal, or IPv6 written in brackets).
    Ip(IpAddr),
}

/// Parses `host [":" port]`; the error says what is wrong.
pub(crate) fn parse(authority: &str) -> Result<(Host, Option<u16>), &'static str> {
    if authority.is_empty() {
        return Err("it is empty");
    }
    if authority.contains('@') {
        return Err("it has user information ('@')");
    }
    let (host, port) = if let Some(rest) = authority.strip_prefix('[') {
        let (inside, after) = rest.split_once(']').ok_or("its '[' is not closed by ']'")?;
        let ip: Ipv6Addr = inside
            .parse()
            .map_err(|_| "the address in brackets is not an IPv6 address")?;
        let port = match after {
            "" => None,
            p => Some(p.strip_prefix(':').ok_or("text follows the ']'")?),
        };
        (Host::Ip(IpAddr::V6(ip)), port)
    } else {
        let (name, port) = match authority.split_once(':') {
            Some((n, p)) => (n, Some(p)),
            None => (authority, None),
        };
        (host_name(name)?, port)
    };
    let port = port.map(port_number).transpose()?;
    Ok((host, port))
}

/// A host that is not in brackets: an IPv4 address when it looks like one, else a
/// name of letters, digits, '-' and '.'.
fn host_name(name: &str) -> Result<Host, &'static str> {
    if name.is_empty() {
        return Err("its host is empty");
    }
    if name.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
        return name
            .parse::<Ipv4Addr>()
            .map(|a| Host::Ip(IpAddr::V4(a)))
            .map_err(|_| "it is not a dotted decimal IPv4 address");
    }
    if !name
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.')
    {
        return Err("its host name has a character other than letters, digits, '-' and '.'");
    }
    Ok(Host::Name(name.to_ascii_lowercase()))
}

/// A port: one to five decimal digits, at most 65535.
fn port_number(p: &str) -> Result<u16, &'static str> {
    if p.is_empty() || p.len() > 5 || !p.bytes().all(|b| b.is_ascii_digit()) {
        return Err("its port is not a number");
    }
    p.parse().map_err(|_| "its port is above 65535")
}

/// Whether a server bound to `bound` (a loopback address) answers a request whose
/// `Host` is `authority`; the error says why not.
pub(crate) fn check(authority: &str, bound: SocketAddr) -> Result<(), &'static str> {
    let (host, _port) = parse(authority)?;
    let local = match &host {
        Host::Name(n) => n == "localhost",
        Host::Ip(ip) => *ip == bound.ip() || is_loopback(ip),
    };
    if !local {
        return Err("it is not localhost, a loopback address or the server's address");
    }
    Ok(())
}

/// 127.0.0.0/8, ::1, and the IPv4 loopback addresses mapped into IPv6.
fn is_loopback(ip: &IpAddr) -> bool {
    match ip {
        IpAddr::V4(a) => a.is_loopback(),
        IpAddr::V6(a) => a.is_loopback() || a.to_ipv4_mapped().is_some_and(|v| v.is_loopback()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn authorities_are_parsed_by_their_syntax() {
        let name = |n: &str| Host::Name(n.into());
        let ip = |a: &str| Host::Ip(a.parse().unwrap());
        let ok: [(&str, Host, Option<u16>); 9] = [
            ("localhost", name("localhost"), None),
            ("LocalHost:7070", name("localhost"), Some(7070)),
            ("127.0.0.1", ip("127.0.0.1"), None),
            ("127.0.0.2:0", ip("127.0.0.2"), Some(0)),
            ("[::1]", ip("::1"), None),
            ("[::1]:65535", ip("::1"), Some(65535)),
            ("[0:0:0:0:0:0:0:1]:80", ip("::1"), Some(80)),
            ("example.com:8080", name("example.com"), Some(8080)),
            ("xn--bcher-kva.example", name("xn--bcher-kva.example"), None),
        ];
        for (a, host, port) in ok {
            assert_eq!(parse(a), Ok((host, port)), "{a}");
        }
        for a in [
            "",
            ":80",
            "127.0.0.1:80@evil.com",
            "user@localhost",
            "localhost:",
            "localhost:80:80",
            "localhost:+80",
            "localhost:8x",
            "localhost:65536",
            "localhost:000080",
            "localhost: 80",
            " localhost",
            "local host",
            "localhost/",
            "::1",
            "[::1",
            "[::1]80",
            "[127.0.0.1]",
            "[::1%lo]",
            "[]",
            "127.0.0.01",
            "0177.0.0.1",
            "127.1",
            "256.0.0.1",
            "127.0.0.1.",
            "é.example",
        ] {
            assert!(parse(a).is_err(), "{a:?} was parsed as {:?}", parse(a));
        }
    }

    #[test]
    fn only_local_hosts_are_answered_on_any_port() {
        let at = |a: &str| -> SocketAddr { a.parse().unwrap() };
        let v4 = at("127.0.0.1:7070");
        let other = at("127.0.0.2:8000");
        let v6 = at("[::1]:7070");
        let cases: [(&str, SocketAddr, bool); 24] = [
            ("localhost", v4, true),
            ("localhost:7070", v4, true),
            ("LOCALHOST:7070", v4, true),
            ("LocalHost", v6, true),
            ("127.0.0.1:7070", v4, true),
            ("127.0.0.1", v4, true),
            ("127.0.0.2:8000", other, true),
            ("127.0.0.2", other, true),
            ("127.0.0.1:8000", other, true),
            ("127.1.2.3:7070", v4, true),
            ("[::1]:7070", v4, true),
            ("[::1]:7070", v6, true),
            ("[::ffff:127.0.0.1]:7070", v4, true),
            ("127.0.0.1:7071", v4, true),
            ("localhost:80", v4, true),
            ("127.0.0.1:80@evil.com", v4, false),
            ("127.0.0.1:7070@evil.com", v4, false),
            ("evil.com", v4, false),
            ("evil.com:7070", v4, false),
            ("localhost.evil.com:7070", v4, false),
            ("localhost.", v4, false),
            ("10.0.0.1:7070", v4, false),
            ("[::2]:7070", v6, false),
            ("[::ffff:10.0.0.1]:7070", v4, false),
        ];
        for (host, bound, want) in cases {
            assert_eq!(
                check(host, bound).is_ok(),
                want,
                "{host} on {bound}: {:?}",
                check(host, bound)
            );
        }
    }
}
