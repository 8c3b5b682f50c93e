/* global chrome */
// The one script: marks when the popup first runs code, and tells the
// service worker (as Peega's popup talks to its background), which keeps
// the extension's process alive like Peega's: without a worker, every popup
// would also pay for starting a process.
performance.mark('empty:script');
chrome.runtime.sendMessage({ ready: Date.now() }).catch(() => undefined);
