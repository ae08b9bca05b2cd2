//! The pages, embedded in the binary (rust-embed over `crates/web/assets/`; read from disk in
//! debug builds): `/` is `index.html`, `/records` is `records.html`, anything else its file.
//! HTML is revalidated on every load (`no-cache`, with an ETag) and carries a strict
//! Content-Security-Policy; other files are cached an hour. JavaScript is `text/javascript`.
//!
//! Offline play (docs/web.md "Offline play"): the service worker `sw.js` and `/sw-assets.js`,
//! which this module writes from the embedded file list, are never cached by HTTP (`no-cache`),
//! so that the browser sees a new version at once. `/sw-assets.js` names every file to
//! precache (the app shell: the two pages by their addresses, then every other file but `sw.js`)
//! and a version, a hash of the names and contents of the embedded files: the worker's cache is
//! named after it, so any change of an asset makes a new cache and the old one is deleted.

use axum::http::{header, HeaderMap, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use rust_embed::Embed;

use crate::error::AppError;

#[derive(Embed)]
#[folder = "assets/"]
#[exclude = ".*"]
struct Assets;

/// The generated script with the app shell's list and version (imported by `sw.js`).
const SW_ASSETS: &str = "sw-assets.js";

/// The service worker, served from `/` so that its scope is the whole site.
const SW: &str = "sw.js";

/// The addresses the service worker precaches, sorted: `/` and `/records` for the two pages,
/// `/FILE` for every other embedded file but the worker itself.
pub fn shell() -> Vec<String> {
    let mut list: Vec<String> = Assets::iter()
        .filter(|name| name != SW)
        .map(|name| match name.as_ref() {
            "index.html" => "/".to_owned(),
            "records.html" => "/records".to_owned(),
            other => format!("/{other}"),
        })
        .collect();
    list.sort();
    list
}

/// A hash of the names and contents of every embedded file, as 16 hex digits (FNV-1a over
/// the names and their SHA-256: any change of a file changes it).
pub fn version() -> String {
    let mut names: Vec<_> = Assets::iter().collect();
    names.sort();
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for name in names {
        let digest = Assets::get(&name).map(|file| file.metadata.sha256_hash()).unwrap_or_default();
        for byte in name.as_bytes().iter().chain([0u8].iter()).chain(digest.iter()) {
            hash ^= u64::from(*byte);
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    format!("{hash:016x}")
}

/// The text of `/sw-assets.js`.
fn sw_assets() -> String {
    let list = serde_json::to_string(&shell()).unwrap_or_else(|_| "[]".to_owned());
    format!(
        "// Written by the server (crates/web/src/assets.rs): the app shell to precache.\n\
         self.TESSERA_VERSION = \"{}\";\nself.TESSERA_SHELL = {list};\n",
        version()
    )
}

/// Serves an embedded file for any path outside `/api`.
pub async fn serve(uri: Uri, headers: HeaderMap) -> Response {
    let path = match uri.path().trim_start_matches('/') {
        "" => "index.html",
        "records" => "records.html",
        other => other,
    };
    if path == SW_ASSETS {
        let mut response = sw_assets().into_response();
        let response_headers = response.headers_mut();
        response_headers
            .insert(header::CONTENT_TYPE, HeaderValue::from_static("text/javascript; charset=utf-8"));
        response_headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
        response_headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
        return response;
    }
    let Some(file) = Assets::get(path) else {
        return AppError::NotFound(format!("no page {:?}", uri.path())).into_response();
    };
    let etag =
        format!("\"{}\"", file.metadata.sha256_hash().iter().map(|b| format!("{b:02x}")).collect::<String>());
    let cache = if path.ends_with(".html") || path == SW { "no-cache" } else { "public, max-age=3600" };
    let mut response = if headers.get(header::IF_NONE_MATCH).is_some_and(|v| v.as_bytes() == etag.as_bytes())
    {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        file.data.into_owned().into_response()
    };
    let response_headers = response.headers_mut();
    // ES modules need a JavaScript type; say it plainly whatever mime_guess's table says.
    let mime = match path.rsplit_once('.').map(|(_, extension)| extension) {
        Some("js" | "mjs") => "text/javascript",
        Some("webmanifest") => "application/manifest+json",
        _ => file.metadata.mimetype(),
    };
    let mime = if mime.starts_with("text/") { format!("{mime}; charset=utf-8") } else { mime.to_owned() };
    if let Ok(value) = HeaderValue::from_str(&mime) {
        response_headers.insert(header::CONTENT_TYPE, value);
    }
    response_headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    if let Ok(value) = HeaderValue::from_str(&etag) {
        response_headers.insert(header::ETAG, value);
    }
    response_headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    if path == SW {
        // Its scope is `/` already (it is served from there); said plainly for any proxy that
        // would serve it from elsewhere.
        response_headers.insert("service-worker-allowed", HeaderValue::from_static("/"));
    }
    if path.ends_with(".html") {
        // The pages have no inline script or style: everything comes from this server.
        response_headers.insert(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static("default-src 'self'; img-src 'self' data:; frame-ancestors 'none'"),
        );
        response_headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("same-origin"));
    }
    response
}

#[cfg(test)]
mod tests {
    use super::{shell, sw_assets, version, Assets};

    #[test]
    fn the_shell_names_every_asset_but_the_worker() {
        let list = shell();
        for name in Assets::iter() {
            let address = match name.as_ref() {
                "index.html" => "/".to_owned(),
                "records.html" => "/records".to_owned(),
                "sw.js" => continue,
                other => format!("/{other}"),
            };
            assert!(list.contains(&address), "{address} is not precached: {list:?}");
        }
        // Every file on disk is embedded (a new module cannot be forgotten).
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
        for entry in std::fs::read_dir(dir).unwrap().flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.starts_with('.') || name == "sw.js" {
                continue;
            }
            assert!(Assets::get(&name).is_some(), "{name} is not embedded");
        }
        for needed in ["/", "/records", "/app.js", "/style.css", "/manifest.webmanifest", "/icon-512.png"] {
            assert!(list.iter().any(|a| a == needed), "{needed} missing from {list:?}");
        }
        assert!(!list.iter().any(|a| a == "/sw.js"));
    }

    #[test]
    fn the_script_carries_the_version_and_the_list() {
        let text = sw_assets();
        let v = version();
        assert_eq!(v.len(), 16);
        assert!(text.contains(&format!("self.TESSERA_VERSION = \"{v}\";")), "{text}");
        assert!(text.contains("\"/app.js\""), "{text}");
    }
}
