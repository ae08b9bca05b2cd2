//! The rate limit per client: a token bucket per client address and per class of request (new
//! games; checks and hints; analyses and verifications, the CPU-heavy ones), answering 429 with
//! `Retry-After` when the bucket is empty.
//!
//! Written here rather than taken from a crate because it is small and needs exactly this:
//! three classes picked by path, addresses exempt by configuration, IPv6 keyed by its /64 (one
//! host gets a whole /64 and could walk through it), and a map that cannot grow without bound
//! (full buckets, which carry no information, are dropped when it is large). The key is the
//! peer address of the connection, unless that peer is a proxy the configuration trusts
//! (`--trusted-proxy`): then it is the nearest address of `X-Forwarded-For` that is not itself
//! a trusted proxy, read from the right, because only the entries our own proxies appended can
//! be believed (a client can write anything on the left). Without a trusted proxy the header is
//! ignored: anyone could send it.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv6Addr, SocketAddr};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use axum::extract::{ConnectInfo, Request, State};
use axum::http::{HeaderMap, Method};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::config::{Rate, RateLimit};
use crate::error::AppError;
use crate::state::AppState;

/// Buckets kept before the full ones are dropped (at most once a second, so that a flood of new
/// addresses does not make every request walk the map).
const PRUNE_AT: usize = 65_536;

/// What a request is counted as.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Class {
    /// `POST /api/games`.
    NewGame,
    /// `POST /api/games/{id}/check`, `.../hint` or `.../mistakes`.
    Check,
    /// `POST /api/puzzles/analyze` or `.../verify`: CPU work on any puzzle sent.
    Cpu,
    /// `/api/learn/...`: a page of a traced search, or its count to the end.
    Learn,
}

impl Class {
    /// Every class, in the order of [`Class::name`]'s metrics labels.
    pub const ALL: [Class; 4] = [Class::NewGame, Class::Check, Class::Cpu, Class::Learn];

    /// The class's name in the metrics (`new_game`, `check`, `cpu`, `learn`).
    pub fn name(self) -> &'static str {
        match self {
            Class::NewGame => "new_game",
            Class::Check => "check",
            Class::Cpu => "cpu",
            Class::Learn => "learn",
        }
    }

    /// The class of a request by its method and path, if it is limited.
    pub fn of(method: &Method, path: &str) -> Option<Class> {
        if path.starts_with("/api/learn/") {
            return Some(Class::Learn);
        }
        if method != Method::POST {
            return None;
        }
        if path == "/api/games" || path == "/api/games/" {
            return Some(Class::NewGame);
        }
        if let Some(action) = path.strip_prefix("/api/puzzles/") {
            return matches!(action, "analyze" | "verify" | "analyze/" | "verify/").then_some(Class::Cpu);
        }
        let id_and_action = path.strip_prefix("/api/games/")?;
        let (_, action) = id_and_action.split_once('/')?;
        matches!(action, "check" | "hint" | "mistakes" | "check/" | "hint/" | "mistakes/")
            .then_some(Class::Check)
    }
}

#[derive(Debug, Clone, Copy)]
struct Bucket {
    tokens: f64,
    at: Instant,
}

/// The buckets of every client.
#[derive(Debug)]
pub struct Limiter {
    config: RateLimit,
    buckets: Mutex<Buckets>,
    /// Requests refused, per class (in the order of [`Class::ALL`]).
    refused: [AtomicU64; 4],
}

#[derive(Debug)]
struct Buckets {
    map: HashMap<(IpAddr, Class), Bucket>,
    pruned_at: Option<Instant>,
}

impl Limiter {
    /// A limiter with no client seen yet.
    pub fn new(config: RateLimit) -> Limiter {
        let buckets = Mutex::new(Buckets { map: HashMap::new(), pruned_at: None });
        Limiter { config, buckets, refused: Default::default() }
    }

    fn rate(&self, class: Class) -> Rate {
        match class {
            Class::NewGame => self.config.new_games,
            Class::Check => self.config.checks,
            Class::Cpu => self.config.cpu,
            Class::Learn => self.config.learn,
        }
    }

    /// Requests of `class` refused with 429 since the start.
    pub fn refused(&self, class: Class) -> u64 {
        self.refused[class as usize].load(Ordering::Relaxed)
    }

    /// Takes one token of `client`'s bucket of `class` at `now`: `Ok`, or the whole seconds to
    /// wait before one is there.
    pub fn take(&self, client: IpAddr, class: Class, now: Instant) -> Result<(), u64> {
        let client = key(client);
        if self.config.exempt.iter().any(|&ip| key(ip) == client) {
            return Ok(());
        }
        let rate = self.rate(class);
        let burst = f64::from(rate.burst.max(1));
        let per_sec = f64::from(rate.per_minute) / 60.0;
        let Ok(mut guard) = self.buckets.lock() else { return Ok(()) };
        let Buckets { map: buckets, pruned_at } = &mut *guard;
        let due = pruned_at.is_none_or(|at| now.saturating_duration_since(at).as_secs() >= 1);
        if buckets.len() >= PRUNE_AT && due {
            *pruned_at = Some(now);
            buckets.retain(|&(_, class), b| {
                let r = self.rate(class);
                b.tokens + now.saturating_duration_since(b.at).as_secs_f64() * f64::from(r.per_minute) / 60.0
                    < f64::from(r.burst.max(1))
            });
        }
        let bucket = buckets.entry((client, class)).or_insert(Bucket { tokens: burst, at: now });
        let refill = now.saturating_duration_since(bucket.at).as_secs_f64() * per_sec;
        bucket.tokens = (bucket.tokens + refill).min(burst);
        bucket.at = now;
        if bucket.tokens >= 1.0 {
            bucket.tokens -= 1.0;
            return Ok(());
        }
        if per_sec <= 0.0 {
            return Err(u64::MAX / 2);
        }
        Err(((1.0 - bucket.tokens) / per_sec).ceil().max(1.0) as u64)
    }

    /// The client a request counts for: the peer, or, when the peer is a trusted proxy, the
    /// nearest untrusted address of `X-Forwarded-For` read from the right (the peer when there
    /// is none, or when an entry cannot be read: a proxy that wrote garbage is not believed).
    pub fn client(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        let trusted =
            |ip: IpAddr| self.config.trusted_proxies.iter().any(|&t| t.to_canonical() == ip.to_canonical());
        if !trusted(peer) {
            return peer;
        }
        let mut hops = headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|value| value.to_str().ok())
            .flat_map(|value| value.split(','))
            .map(|hop| hop.trim().parse::<IpAddr>())
            .collect::<Vec<_>>();
        while let Some(hop) = hops.pop() {
            match hop {
                Ok(ip) if trusted(ip) => continue,
                Ok(ip) => return ip,
                Err(_) => return peer,
            }
        }
        peer
    }

    /// Buckets held (for the tests of the bound).
    pub fn len(&self) -> usize {
        self.buckets.lock().map_or(0, |b| b.map.len())
    }

    /// Whether no bucket is held.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The key of an address: IPv4 as is (and IPv4-mapped IPv6 as IPv4), IPv6 by its /64 (one host
/// usually owns a whole /64). The records count addresses by it too (`crate::address`).
pub(crate) fn key(ip: IpAddr) -> IpAddr {
    match ip.to_canonical() {
        IpAddr::V6(v6) => {
            let s = v6.segments();
            IpAddr::V6(Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
        }
        v4 => v4,
    }
}

/// The middleware: counts limited requests against their client's bucket. A request with no
/// peer address (the router used without [`crate::Server`]) is not limited.
pub async fn limit(State(state): State<AppState>, request: Request, next: Next) -> Response {
    if let (Some(limiter), Some(class)) = (state.limiter(), Class::of(request.method(), request.uri().path()))
    {
        if let Some(ConnectInfo(peer)) = request.extensions().get::<ConnectInfo<SocketAddr>>() {
            let client = limiter.client(peer.ip(), request.headers());
            if let Err(wait) = limiter.take(client, class, Instant::now()) {
                limiter.refused[class as usize].fetch_add(1, Ordering::Relaxed);
                tracing::debug!(%client, ?class, wait, "rate limited");
                return AppError::TooManyRequests(wait).into_response();
            }
        }
    }
    next.run(request).await
}

#[cfg(test)]
mod tests {
    use std::net::IpAddr;
    use std::time::{Duration, Instant};

    use axum::http::Method;

    use super::{Class, Limiter};
    use crate::config::{Rate, RateLimit};

    fn limiter(exempt: Vec<IpAddr>) -> Limiter {
        Limiter::new(RateLimit {
            new_games: Rate { burst: 3, per_minute: 6 },
            checks: Rate { burst: 2, per_minute: 60 },
            cpu: Rate { burst: 1, per_minute: 6 },
            learn: Rate { burst: 1, per_minute: 6 },
            exempt,
            trusted_proxies: vec!["10.9.9.9".parse().unwrap(), "10.9.9.8".parse().unwrap()],
        })
    }

    #[test]
    fn forwarded_for_is_believed_only_from_a_trusted_proxy() {
        use axum::http::HeaderMap;
        let l = limiter(Vec::new());
        let headers = |values: &[&str]| {
            let mut h = HeaderMap::new();
            for v in values {
                h.append("x-forwarded-for", v.parse().unwrap());
            }
            h
        };
        let ip = |s: &str| s.parse::<IpAddr>().unwrap();
        let spoofed = headers(&["6.6.6.6, 1.2.3.4"]);
        assert_eq!(l.client(ip("5.5.5.5"), &spoofed), ip("5.5.5.5"), "not a proxy: the header is ignored");
        assert_eq!(
            l.client(ip("10.9.9.9"), &spoofed),
            ip("1.2.3.4"),
            "the rightmost entry, not the spoofed left"
        );
        let chain = headers(&["6.6.6.6, 1.2.3.4", "10.9.9.8"]);
        assert_eq!(l.client(ip("10.9.9.9"), &chain), ip("1.2.3.4"), "trusted hops are skipped");
        assert_eq!(l.client(ip("10.9.9.9"), &headers(&[])), ip("10.9.9.9"));
        assert_eq!(l.client(ip("10.9.9.9"), &headers(&["1.2.3.4, junk"])), ip("10.9.9.9"));
        assert_eq!(l.client(ip("::ffff:10.9.9.9"), &headers(&["1.2.3.4"])), ip("1.2.3.4"), "mapped");
    }

    #[test]
    fn a_burst_then_the_refill() {
        let l = limiter(Vec::new());
        let ip: IpAddr = "10.0.0.1".parse().unwrap();
        let t = Instant::now();
        for _ in 0..3 {
            assert_eq!(l.take(ip, Class::NewGame, t), Ok(()));
        }
        assert_eq!(l.take(ip, Class::NewGame, t), Err(10), "6 a minute: one every 10 s");
        assert_eq!(l.take(ip, Class::NewGame, t + Duration::from_secs(4)), Err(6));
        assert_eq!(l.take(ip, Class::NewGame, t + Duration::from_secs(10)), Ok(()));
        // The classes and the clients have their own buckets.
        assert_eq!(l.take(ip, Class::Check, t), Ok(()));
        assert_eq!(l.take("10.0.0.2".parse().unwrap(), Class::NewGame, t), Ok(()));
        // A long idle time refills up to the burst only.
        let later = t + Duration::from_secs(3600);
        for _ in 0..3 {
            assert_eq!(l.take(ip, Class::NewGame, later), Ok(()));
        }
        assert!(l.take(ip, Class::NewGame, later).is_err());
    }

    #[test]
    fn exempt_addresses_and_ipv6_prefixes() {
        let exempt: IpAddr = "127.0.0.1".parse().unwrap();
        let l = limiter(vec![exempt]);
        let t = Instant::now();
        for _ in 0..100 {
            assert_eq!(l.take(exempt, Class::NewGame, t), Ok(()));
        }
        assert_eq!(l.take("::ffff:127.0.0.1".parse().unwrap(), Class::NewGame, t), Ok(()), "mapped IPv4");
        // Two addresses of one /64 share a bucket.
        for _ in 0..3 {
            assert_eq!(l.take("2001:db8::1".parse().unwrap(), Class::NewGame, t), Ok(()));
        }
        assert!(l.take("2001:db8::ffff:2".parse().unwrap(), Class::NewGame, t).is_err());
        assert_eq!(l.take("2001:db8:0:1::1".parse().unwrap(), Class::NewGame, t), Ok(()));
    }

    #[test]
    fn the_map_is_bounded() {
        let l = limiter(Vec::new());
        let t = Instant::now();
        for i in 0..70_000u32 {
            let ip = IpAddr::from(i.to_be_bytes());
            assert_eq!(l.take(ip, Class::Check, t), Ok(()));
        }
        // Every bucket refills within two seconds (60 a minute, burst 2): the next one prunes.
        l.take("10.1.1.1".parse().unwrap(), Class::Check, t + Duration::from_secs(5)).unwrap();
        assert!(l.len() < 10, "{} buckets", l.len());
    }

    #[test]
    fn the_classes_by_path() {
        let post = Method::POST;
        assert_eq!(Class::of(&post, "/api/games"), Some(Class::NewGame));
        assert_eq!(Class::of(&post, "/api/games/abc/check"), Some(Class::Check));
        assert_eq!(Class::of(&post, "/api/games/abc/hint"), Some(Class::Check));
        assert_eq!(Class::of(&post, "/api/games/abc/mistakes"), Some(Class::Check));
        assert_eq!(Class::of(&post, "/api/games/abc/pause"), None);
        assert_eq!(Class::of(&Method::GET, "/api/games/abc"), None);
        assert_eq!(Class::of(&post, "/api/puzzles/analyze"), Some(Class::Cpu));
        assert_eq!(Class::of(&post, "/api/puzzles/verify"), Some(Class::Cpu));
        assert_eq!(Class::of(&post, "/api/puzzles/other"), None);
        assert_eq!(Class::of(&Method::GET, "/api/puzzles/analyze"), None);
        assert_eq!(Class::of(&Method::GET, "/api/learn/xc"), Some(Class::Learn));
        assert_eq!(Class::of(&post, "/api/learn/xc"), Some(Class::Learn));
    }
}
