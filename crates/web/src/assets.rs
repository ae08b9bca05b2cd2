//! The pages, embedded in the binary (rust-embed over `crates/web/assets/`; read from disk in
//! debug builds): `/` is `index.html`, `/records` is `records.html`, `/learn` is `learn.html`,
//! anything else its file.
//! HTML is revalidated on every load (`no-cache`, with an ETag) and carries a strict
//! Content-Security-Policy; other files are cached an hour. JavaScript is `text/javascript`.
//!
//! The two pages share their `<head>` links and their top bar: each page says
//! `<!-- include _head.html -->` and `<!-- include _top.html -->` on a line of its own, and the
//! server puts the file there ([`page`]); in the top bar's `<nav>`, the link to the page itself
//! gets `aria-current="page"`. Files whose names start with `_` are such parts, never served.
//!
//! What the first paint needs is inlined (no render-blocking request; Lighthouse, docs/web.md):
//! a line `<!-- inline style.css -->` (and `board.css`) becomes `<style>` with the file's text, `<!-- inline
//! theme-init.js -->` a classic `<script>`. The Content-Security-Policy allows exactly those
//! blocks by their SHA-256 (`'sha256-…'` in `style-src` and `script-src`; rust-embed has the
//! digests already), so the pages still run no other inline code.
//!
//! `/options.js`, which this module writes, is the answer of `GET /api/options` as an ES module:
//! the pages read the configurations and the library's level names from it.
//!
//! Offline play (docs/web.md "Offline play"): the service worker `sw.js` and the two generated
//! scripts (`/sw-assets.js`, from the embedded file list, and `/options.js`) are never cached by HTTP (`no-cache`),
//! so that the browser sees a new version at once. `/sw-assets.js` names every file to
//! precache (the app shell: the two pages by their addresses, `/options.js`, then every other file
//! but `sw.js` and the pages' parts) and a version, a hash of the names and contents of the
//! embedded files and of `/options.js`: the worker's cache is
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

/// The generated module with the configurations offered, imported by the pages.
const OPTIONS: &str = "options.js";

/// The service worker, served from `/` so that its scope is the whole site.
const SW: &str = "sw.js";

/// The address of each page, by its file.
const PAGES: [(&str, &str); 3] =
    [("index.html", "/"), ("records.html", "/records"), ("learn.html", "/learn")];

/// What a page says where a shared part goes: `<!-- include NAME -->` on a line of its own.
const INCLUDE: (&str, &str) = ("<!-- include ", " -->");

/// What a page (or a part) says where a file's text goes inline, as `<style>` or `<script>`.
const INLINE: (&str, &str) = ("<!-- inline ", " -->");

/// The addresses the service worker precaches, sorted: `/` and `/records` for the two pages,
/// `/FILE` for every other embedded file but the worker itself and the pages' parts.
pub fn shell() -> Vec<String> {
    let mut list: Vec<String> = Assets::iter()
        .filter(|name| name != SW && !name.starts_with('_'))
        .map(|name| match PAGES.iter().find(|(file, _)| *file == name) {
            Some((_, address)) => (*address).to_owned(),
            None => format!("/{name}"),
        })
        .collect();
    list.push(format!("/{OPTIONS}"));
    list.sort();
    list
}

/// FNV-1a 64 of `bytes`, going on from `hash`.
fn fnv1a<'b>(mut hash: u64, bytes: impl IntoIterator<Item = &'b u8>) -> u64 {
    for byte in bytes {
        hash ^= u64::from(*byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

/// FNV-1a 64's starting value.
const FNV_START: u64 = 0xcbf2_9ce4_8422_2325;

/// A hash of the names and contents of every embedded file and of `/options.js`, as 16 hex
/// digits (FNV-1a over the names and their SHA-256, then the module: any change of a file or
/// of the levels the library offers changes it).
pub fn version() -> String {
    let mut names: Vec<_> = Assets::iter().collect();
    names.sort();
    let mut hash = FNV_START;
    for name in names {
        let digest = Assets::get(&name).map(|file| file.metadata.sha256_hash()).unwrap_or_default();
        hash = fnv1a(hash, name.as_bytes().iter().chain([0u8].iter()).chain(digest.iter()));
    }
    hash = fnv1a(hash, options_module().as_bytes());
    format!("{hash:016x}")
}

/// The text of `/options.js`: the answer of `GET /api/options` as a module, so that the pages,
/// and their copies in the worker's cache, read the configurations and the library's level
/// names and order with no list of their own.
fn options_module() -> String {
    let json = serde_json::to_string(&crate::model::offered()).unwrap_or_else(|_| "{}".to_owned());
    format!(
        "// Written by the server (crates/web/src/assets.rs): GET /api/options, the configurations offered.\n\
         export const OPTIONS = {json};\n"
    )
}

/// The embedded file named by a line `START NAME END` (a directive of [`INCLUDE`] or [`INLINE`]).
fn directive(line: &str, (start, end): (&str, &str)) -> Option<(String, rust_embed::EmbeddedFile)> {
    let name = line.trim().strip_prefix(start)?.strip_suffix(end)?.trim();
    Some((name.to_owned(), Assets::get(name)?))
}

/// The page at `address` (`/` or `/records`) as served, and its Content-Security-Policy: its
/// file with each `<!-- include NAME -->` line replaced by the embedded file NAME (an unknown
/// one is left as it is), then each `<!-- inline NAME -->` line by NAME's text in a `<style>` or
/// `<script>`, whose SHA-256 the policy allows; and `aria-current="page"` on the `<nav>` link to
/// `address`. `None` for another address.
fn page(address: &str) -> Option<(String, String)> {
    let (file, _) = PAGES.iter().find(|(_, at)| *at == address)?;
    let text = String::from_utf8(Assets::get(file)?.data.into_owned()).ok()?;
    let mut with_parts = String::with_capacity(text.len() * 2);
    for line in text.split_inclusive('\n') {
        match directive(line, INCLUDE) {
            Some((_, part)) => with_parts.push_str(&String::from_utf8_lossy(&part.data)),
            None => with_parts.push_str(line),
        }
    }
    let mut out = String::with_capacity(with_parts.len() * 4);
    let (mut scripts, mut styles) = (String::new(), String::new());
    for line in with_parts.split_inclusive('\n') {
        let Some((name, inlined)) = directive(line, INLINE) else {
            out.push_str(line);
            continue;
        };
        let (tag, hashes) =
            if name.ends_with(".css") { ("style", &mut styles) } else { ("script", &mut scripts) };
        let indent = &line[..line.len() - line.trim_start().len()];
        out.push_str(&format!("{indent}<{tag}>{}</{tag}>\n", String::from_utf8_lossy(&inlined.data)));
        hashes.push_str(&format!(" 'sha256-{}'", base64(&inlined.metadata.sha256_hash())));
    }
    // The link in the `<nav ` element (not the comment that names it), up to its closing quote:
    // the catalogue's `data-i18n` follows.
    let link = format!("<a href=\"{address}\"");
    if let Some(at) = out.find("<nav ").and_then(|nav| out[nav..].find(&link).map(|at| nav + at + link.len()))
    {
        out.insert_str(at, " aria-current=\"page\"");
    }
    let csp = format!(
        "default-src 'self'; script-src 'self'{scripts}; style-src 'self'{styles}; img-src 'self' data:; \
         frame-ancestors 'none'"
    );
    Some((out, csp))
}

/// Standard base64 with padding (RFC 4648), as the policy writes digests: the `base64` crate
/// (already in the tree: the PDF writer and the browser tests use it).
fn base64(bytes: &[u8]) -> String {
    use base64::Engine;
    base64::engine::general_purpose::STANDARD.encode(bytes)
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
    let wanted = uri.path();
    let path = PAGES
        .iter()
        .find(|(_, address)| *address == wanted)
        .map_or_else(|| wanted.trim_start_matches('/'), |(file, _)| *file);
    let generated = match path {
        SW_ASSETS => Some(sw_assets()),
        OPTIONS => Some(options_module()),
        _ => None,
    };
    if let Some(text) = generated {
        let mut response = text.into_response();
        let response_headers = response.headers_mut();
        response_headers
            .insert(header::CONTENT_TYPE, HeaderValue::from_static("text/javascript; charset=utf-8"));
        response_headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
        response_headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
        return response;
    }
    let file = if path.starts_with('_') { None } else { Assets::get(path) };
    let Some(file) = file else {
        return AppError::NotFound(format!("no page {}", crate::error::echo(uri.path()))).into_response();
    };
    let address = PAGES.iter().find(|(name, _)| *name == path).map(|(_, address)| *address);
    let (assembled, csp) = address.and_then(page).unzip();
    let etag = match &assembled {
        Some(text) => format!("\"{:016x}\"", fnv1a(FNV_START, text.as_bytes())),
        None => {
            format!(
                "\"{}\"",
                file.metadata.sha256_hash().iter().map(|b| format!("{b:02x}")).collect::<String>()
            )
        }
    };
    let cache = if path.ends_with(".html") || path == SW { "no-cache" } else { "public, max-age=3600" };
    let mut response = if headers.get(header::IF_NONE_MATCH).is_some_and(|v| v.as_bytes() == etag.as_bytes())
    {
        StatusCode::NOT_MODIFIED.into_response()
    } else if let Some(text) = assembled {
        text.into_response()
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
        // Everything comes from this server; the only inline blocks are the inlined files.
        let csp =
            csp.unwrap_or_else(|| "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'".into());
        if let Ok(value) = HeaderValue::from_str(&csp) {
            response_headers.insert(header::CONTENT_SECURITY_POLICY, value);
        }
        response_headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("same-origin"));
    }
    response
}

#[cfg(test)]
mod tests {
    use super::{base64, page, shell, sw_assets, version, Assets};

    #[test]
    fn digests_are_written_as_csp_hashes() {
        // SHA-256 of the empty string, as CSP hashes are written.
        let empty = [
            0xe3, 0xb0, 0xc4, 0x42, 0x98, 0xfc, 0x1c, 0x14, 0x9a, 0xfb, 0xf4, 0xc8, 0x99, 0x6f, 0xb9, 0x24,
            0x27, 0xae, 0x41, 0xe4, 0x64, 0x9b, 0x93, 0x4c, 0xa4, 0x95, 0x99, 0x1b, 0x78, 0x52, 0xb8, 0x55,
        ];
        assert_eq!(base64(&empty), "47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=");
    }

    #[test]
    fn the_shell_names_every_asset_but_the_worker() {
        let list = shell();
        for name in Assets::iter() {
            let address = match name.as_ref() {
                "index.html" => "/".to_owned(),
                "records.html" => "/records".to_owned(),
                "learn.html" => "/learn".to_owned(),
                "sw.js" => continue,
                part if part.starts_with('_') => continue,
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
    fn the_pages_get_their_shared_parts() {
        for (address, current, other) in
            [("/", "/", "/records"), ("/records", "/records", "/"), ("/learn", "/learn", "/records")]
        {
            let (text, csp) = page(address).unwrap();
            assert!(!text.contains("<!-- include"), "{address}: an include is left");
            assert!(!text.contains("<!-- inline"), "{address}: an inline is left");
            let css = String::from_utf8(Assets::get("style.css").unwrap().data.into_owned()).unwrap();
            let board = String::from_utf8(Assets::get("board.css").unwrap().data.into_owned()).unwrap();
            let init = String::from_utf8(Assets::get("theme-init.js").unwrap().data.into_owned()).unwrap();
            for shared in [
                format!("<style>{css}</style>"),
                format!("<style>{board}</style>"),
                format!("<script>{init}</script>"),
                "<button type=\"button\" id=\"theme-toggle\"".to_owned(),
            ] {
                assert_eq!(text.matches(&shared).count(), 1, "{address}: {}", &shared[..40]);
            }
            // The policy allows those three blocks by their digests, and nothing else inline.
            assert_eq!(csp.matches("'sha256-").count(), 3, "{csp}");
            assert!(!csp.contains("unsafe-inline"), "{csp}");
            assert_eq!(text.matches(" aria-current=\"page\" ").count(), 1, "{address}");
            assert!(text.contains(&format!("<a href=\"{current}\" aria-current=\"page\" ")), "{address}");
            assert!(text.contains(&format!("<a href=\"{other}\" data-i18n>")), "{address}");
        }
        assert_eq!(page("/style.css"), None);
        assert_eq!(page("/board.css"), None);
    }

    #[test]
    fn the_options_module_is_the_api_s_answer() {
        let json = serde_json::to_string(&crate::model::offered()).unwrap();
        assert_eq!(
            super::options_module().lines().nth(1),
            Some(format!("export const OPTIONS = {json};").as_str())
        );
        assert!(shell().contains(&"/options.js".to_owned()));
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
