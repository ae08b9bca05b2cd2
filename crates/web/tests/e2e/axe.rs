//! axe-core (Deque's accessibility rules, the engine of Lighthouse's and Chrome's audits) run in
//! the page as a player has it: the start page, a game of each puzzle type with a hint shown, the
//! solved dialog, the Learn page, in English, Korean and Hebrew. Every violation fails the test,
//! whatever its impact.
//!
//! axe-core is not in the repository: `.ci/run` installs it from npm into a temporary folder and
//! sets `TESSERA_AXE` to its `axe.min.js`. Without that variable the checks are skipped with a
//! message, unless `TESSERA_REQUIRE_BROWSER=1`, which makes them fail (as the browser tests do).
//! The source is injected by WebDriver's execute, which the page's Content-Security-Policy does
//! not govern, so the page's policy stays as served.

use std::sync::OnceLock;

use anyhow::{bail, ensure, Context, Result};
use fantoccini::Client;

fn source() -> Result<Option<&'static str>> {
    static SOURCE: OnceLock<Option<String>> = OnceLock::new();
    let text = SOURCE.get_or_init(|| {
        let path = std::env::var_os("TESSERA_AXE")?;
        std::fs::read_to_string(&path).ok()
    });
    match text {
        Some(text) => Ok(Some(text.as_str())),
        None if std::env::var("TESSERA_REQUIRE_BROWSER").is_ok_and(|v| v == "1") => bail!(
            "TESSERA_AXE does not name a readable axe.min.js, and TESSERA_REQUIRE_BROWSER=1: \
             `npm install --prefix DIR axe-core@4`, then TESSERA_AXE=DIR/node_modules/axe-core/axe.min.js"
        ),
        None => {
            static SAID: OnceLock<()> = OnceLock::new();
            SAID.get_or_init(|| eprintln!("SKIPPED: the axe-core checks (TESSERA_AXE is not set)"));
            Ok(None)
        }
    }
}

/// The violations axe-core finds on the page as it is now, one line each; `None` without axe-core.
async fn violations(c: &Client) -> Result<Option<Vec<serde_json::Value>>> {
    let Some(axe) = source()? else { return Ok(None) };
    if c.execute("return typeof window.axe === 'object';", vec![]).await? != true {
        c.execute(axe, vec![]).await.context("injecting axe-core")?;
    }
    let found = c
        .execute(
            "return axe.run(document, { resultTypes: ['violations'] }).then(r => r.violations.map(v => \
               `${v.id} (${v.impact}): ${v.help}; ${v.nodes.length} element(s): ` + \
               v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', ')));",
            vec![],
        )
        .await
        .context("running axe-core")?;
    // Anything but a list (a promise not waited for comes back as `{}`) is a broken check.
    let list = found.as_array().with_context(|| format!("axe.run gave {found}, not a list"))?;
    Ok(Some(list.clone()))
}

/// No axe-core violation on the page as it is now (`what` names it in the failure).
pub async fn clean(c: &Client, what: &str) -> Result<()> {
    let Some(violations) = violations(c).await? else { return Ok(()) };
    println!("    axe-core on {what}: {} violation(s)", violations.len());
    ensure!(violations.is_empty(), "axe-core on {what}: {violations:?}");
    Ok(())
}

/// The check can fail: an image without a text alternative and a button without a name, put in
/// the page for a moment, are found (then taken out again).
pub async fn catches_a_planted_violation(c: &Client) -> Result<()> {
    c.execute(
        "const d = document.createElement('div'); d.id = 'axe-planted'; \
         d.innerHTML = '<img src=\"/icon-192.png\"><button type=\"button\"></button>'; document.body.append(d);",
        vec![],
    )
    .await?;
    let found = violations(c).await;
    c.execute("document.getElementById('axe-planted').remove();", vec![]).await?;
    let Some(found) = found? else { return Ok(()) };
    let text = format!("{found:?}");
    ensure!(
        text.contains("image-alt") && text.contains("button-name"),
        "axe-core missed a planted image without alt and a nameless button: {text}"
    );
    Ok(())
}
