// Installable and offline (docs/web.md "Offline play"): registers the service worker (sw.js,
// scope "/"), which precaches the pages and their files so that they load without the server.
// Imported by app.js and loaded by records.html; a browser without service workers (or a page
// not served over HTTPS or from localhost) plays online as before.
export const registration = ('serviceWorker' in navigator)
  ? navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' }).catch((e) => {
    console.warn('Tessera: no offline play, the service worker did not register:', e);
    return null;
  })
  : Promise.resolve(null);
