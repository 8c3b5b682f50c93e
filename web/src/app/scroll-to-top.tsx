import { useEffect } from 'react';
import { useLocation } from 'wouter';

/**
 * A new screen starts at its top (or at its #anchor); going back and
 * forward leaves the browser's own scroll restoration alone.
 */
export function ScrollToTop() {
  const [location] = useLocation();
  useEffect(() => {
    if (window.location.hash) {
      document.getElementById(window.location.hash.slice(1))?.scrollIntoView();
    } else {
      window.scrollTo(0, 0);
    }
  }, [location]);
  return null;
}
