import { bootPopup } from '@ext/api/popup-boot';

// First import of the popup's entry: the storage reads, the page read and
// the capture start before React is evaluated (toolbar click → ready).
bootPopup();
