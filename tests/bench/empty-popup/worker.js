/* global chrome */
// Receives the empty popup's "ready" (see popup.js).
chrome.runtime.onMessage.addListener(() => undefined);
