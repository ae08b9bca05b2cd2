//! The anonymous player: a random id in a cookie, set on the first new game, stored with each
//! game and result, so that a player sees their own bests and statistics (`GET /api/me/stats`)
//! without an account.
//!
//! The cookie is `HttpOnly` (no script reads it), `SameSite=Strict` (no other site's page sends
//! it) and `Path=/`, kept for 400 days (the longest a browser keeps one). It is not `Secure`: the
//! server speaks plain HTTP, typically on a home network; behind TLS a proxy may add it. It proves
//! nothing about who a person is (docs/web.md, "What can and cannot be forged").

use axum::http::{header, HeaderMap, HeaderValue};

/// The cookie's name.
pub const COOKIE: &str = "tessera_player";
/// Characters of an id.
const LEN: usize = 22;
/// How long the browser keeps it: 400 days, in seconds.
const MAX_AGE: u64 = 400 * 24 * 3600;

/// The player id the request's cookie carries, if it is well formed.
pub fn from_headers(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == COOKIE)
        .map(|(_, id)| id.trim())
        .filter(|id| is_id(id))
        .map(str::to_owned)
}

/// Whether `text` is an id as this server makes them.
pub fn is_id(text: &str) -> bool {
    text.len() == LEN && text.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// The request's player, or a new one with the `Set-Cookie` value that gives it to the browser.
pub fn ensure(headers: &HeaderMap) -> (String, Option<HeaderValue>) {
    if let Some(id) = from_headers(headers) {
        return (id, None);
    }
    // Like a game id, the time first then 83 random bits: a new player's rows land at the end of
    // the indexes keyed by player (`games_by_player`), not on a random page of a big B-tree,
    // which made every new game of a cookieless client dirty one more page of the WAL.
    let id = crate::game::new_id(crate::store::now_ms());
    let cookie = format!("{COOKIE}={id}; Path=/; Max-Age={MAX_AGE}; HttpOnly; SameSite=Strict");
    // Only ASCII letters and digits and the fixed text above: always a valid header value.
    let value = HeaderValue::from_str(&cookie).ok();
    (id, value)
}

#[cfg(test)]
mod tests {
    use axum::http::{header, HeaderMap, HeaderValue};

    use super::{ensure, from_headers};

    #[test]
    fn the_cookie_is_read_among_others_and_checked() {
        let mut headers = HeaderMap::new();
        assert_eq!(from_headers(&headers), None);
        headers.insert(
            header::COOKIE,
            HeaderValue::from_static("a=1; tessera_player=abcdefghijABCDEFGHIJ01; b=2"),
        );
        assert_eq!(from_headers(&headers).as_deref(), Some("abcdefghijABCDEFGHIJ01"));
        headers.insert(header::COOKIE, HeaderValue::from_static("tessera_player=short"));
        assert_eq!(from_headers(&headers), None);
        headers.insert(header::COOKIE, HeaderValue::from_static("tessera_player=abcdefghij'BCDEFGHIJ01"));
        assert_eq!(from_headers(&headers), None);
    }

    #[test]
    fn a_new_player_gets_a_cookie_and_a_known_one_does_not() {
        let (id, cookie) = ensure(&HeaderMap::new());
        let cookie = cookie.unwrap();
        let text = cookie.to_str().unwrap();
        assert!(text.starts_with(&format!("tessera_player={id};")), "{text}");
        for attribute in ["Path=/", "HttpOnly", "SameSite=Strict", "Max-Age=34560000"] {
            assert!(text.contains(attribute), "{attribute} in {text}");
        }
        let mut headers = HeaderMap::new();
        headers.insert(header::COOKIE, HeaderValue::from_str(&format!("tessera_player={id}")).unwrap());
        assert_eq!(ensure(&headers), (id, None));
    }
}
