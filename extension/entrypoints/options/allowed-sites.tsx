import { useEffect, useState } from 'react';
import { browser } from '#imports';
import {
  grantedSites,
  patternHost,
  removeSiteAccess,
} from '@ext/lib/context/site-access';
import { Button } from '@ext/components/ui';

/**
 * The sites where console errors and failed requests are recorded (each
 * allowed by the user from the popup), each removable: the browser takes
 * the site's access back, recording stops and what was kept is forgotten.
 */
export function AllowedSites() {
  const [sites, setSites] = useState<string[] | null>(null);
  useEffect(() => {
    const load = () => void grantedSites().then(setSites);
    load();
    browser.permissions.onAdded.addListener(load);
    browser.permissions.onRemoved.addListener(load);
    return () => {
      browser.permissions.onAdded.removeListener(load);
      browser.permissions.onRemoved.removeListener(load);
    };
  }, []);

  return (
    <section className="flex flex-col gap-2" aria-labelledby="allowed-sites">
      <h2 id="allowed-sites" className="text-sm font-semibold">
        Technical context
      </h2>
      <p className="text-ink-muted">
        Peega records console errors and failed requests only on the sites you
        allowed from the popup, and sends them only with feedback you review.
      </p>
      {sites === null ? null : sites.length === 0 ? (
        <p className="text-ink-muted" data-testid="allowed-sites-empty">
          No sites allowed.
        </p>
      ) : (
        <ul className="flex flex-col gap-1">
          {sites.map((site) => (
            <li
              key={site}
              className="flex items-center justify-between gap-2"
              data-testid="allowed-site"
            >
              <span className="truncate">{patternHost(site)}</span>
              <Button
                variant="outline"
                aria-label={`Remove ${patternHost(site)}`}
                onClick={() =>
                  void removeSiteAccess(site).then(() =>
                    grantedSites().then(setSites),
                  )
                }
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
