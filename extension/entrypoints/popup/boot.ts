import { bootPopup } from '@ext/api/popup-boot';

// First import of the popup's entry: picks up the storage reads, the page
// read and the capture that popup-start.js began (toolbar click → ready).
bootPopup();
