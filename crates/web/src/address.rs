//! The client's address as the records count it (`ClientAddr`): the address the rate limit
//! charges (the peer, or the client a trusted proxy names in `X-Forwarded-For`), IPv4 as is and
//! IPv6 by its /64, as text. A result keeps it, so that one address holds at most a few places of
//! a configuration's top 20 and ranks a daily once (docs/web.md, "Honest records").
//!
//! The router used alone (the API tests' `oneshot`) has no peer address: then there is none, and
//! the rules that count addresses do not apply (the ones that count the cookie still do).

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;

use crate::ratelimit::key;
use crate::state::AppState;

/// The client's address key (`"203.0.113.7"`, `"2001:db8:1:2::"`), when the request came
/// through a listener.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClientAddr(pub Option<String>);

impl FromRequestParts<AppState> for ClientAddr {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let Some(ConnectInfo(peer)) = parts.extensions.get::<ConnectInfo<SocketAddr>>() else {
            return Ok(ClientAddr(None));
        };
        let client = match state.limiter() {
            Some(limiter) => limiter.client(peer.ip(), &parts.headers),
            None => peer.ip(),
        };
        Ok(ClientAddr(Some(key(client).to_string())))
    }
}

#[cfg(test)]
mod tests {
    use crate::ratelimit::key;

    #[test]
    fn ipv6_by_its_64_and_mapped_ipv4_as_ipv4() {
        let k = |s: &str| key(s.parse().unwrap()).to_string();
        assert_eq!(k("203.0.113.7"), "203.0.113.7");
        assert_eq!(k("::ffff:203.0.113.7"), "203.0.113.7");
        assert_eq!(k("2001:db8:1:2:3:4:5:6"), "2001:db8:1:2::");
    }
}
