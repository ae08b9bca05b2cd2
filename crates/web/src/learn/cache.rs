//! The counts to the end of the built-in examples, computed once per process and kept.
//!
//! The first request for an example starts its count on a blocking thread (after waiting for a
//! slot of the Learn view's semaphore, so it never runs beside two other searches) and waits up to
//! [`WAIT`] for it; past that it is answered 503 with `Retry-After` ("still counting"), and the
//! count goes on: the next request finds it done, or waits again. The largest example,
//! pentominoes on 6x10, takes a few seconds (docs/learn.md); a request's own timeout is 10 s.

use std::any::Any;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use std::time::Duration;

use tokio::sync::Notify;

use super::Page;
use crate::error::{AppError, AppResult};
use crate::state::AppState;

/// How long a request waits for a count in progress.
const WAIT: Duration = Duration::from_secs(8);

/// A count to the end, and what a view keeps of it besides (the tilings of a gallery).
#[derive(Debug)]
pub struct End {
    /// The answer's common keys and the view's `result`.
    pub page: Page,
    /// The view's own data (downcast by the view that made it).
    pub extra: Box<dyn Any + Send + Sync>,
}

#[derive(Debug, Default)]
struct Slot {
    done: OnceLock<Arc<End>>,
    ready: Notify,
}

fn slots() -> &'static Mutex<HashMap<String, Arc<Slot>>> {
    static SLOTS: OnceLock<Mutex<HashMap<String, Arc<Slot>>>> = OnceLock::new();
    SLOTS.get_or_init(Default::default)
}

/// The count to the end kept under `key`, made by `work` the first time.
pub async fn cached<F>(state: &AppState, key: String, work: F) -> AppResult<Arc<End>>
where
    F: FnOnce() -> End + Send + 'static,
{
    let (slot, start) = {
        let mut map = slots().lock().unwrap_or_else(PoisonError::into_inner);
        match map.get(&key) {
            Some(slot) => (slot.clone(), false),
            None => {
                let slot = Arc::new(Slot::default());
                map.insert(key.clone(), slot.clone());
                (slot, true)
            }
        }
    };
    if let Some(done) = slot.done.get() {
        return Ok(done.clone());
    }
    let notified = slot.ready.notified();
    tokio::pin!(notified);
    notified.as_mut().enable();
    if start {
        let semaphore = state.learn.semaphore();
        let slot = slot.clone();
        tokio::spawn(async move {
            let permit = semaphore.acquire_owned().await;
            let made = tokio::task::spawn_blocking(move || {
                let _permit = permit;
                work()
            })
            .await;
            match made {
                Ok(end) => {
                    let _ = slot.done.set(Arc::new(end));
                }
                Err(err) => {
                    tracing::error!(error = %err, key, "a Learn example's count failed");
                    slots().lock().unwrap_or_else(PoisonError::into_inner).remove(&key);
                }
            }
            slot.ready.notify_waiters();
        });
    }
    if let Some(done) = slot.done.get() {
        return Ok(done.clone());
    }
    let _ = tokio::time::timeout(WAIT, notified).await;
    slot.done.get().cloned().ok_or_else(|| {
        AppError::Busy(
            "still counting this example to the end (once per server); try again in a few seconds".into(),
        )
    })
}
