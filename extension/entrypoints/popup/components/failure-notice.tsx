import { useEffect, useRef } from 'react';
import { Notice } from '@ext/components/ui';
import type { FailureMessage } from '@ext/lib/errors';

/** A failed submit, shown where it is seen: above the sticky Send footer. */
export function FailureNotice({ failure }: { failure: FailureMessage }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'nearest' });
  }, [failure]);
  return (
    <div className="scroll-mb-28" ref={ref}>
      <Notice tone="error" title={failure.title}>
        {failure.description}
        {failure.kind !== 'invalid' &&
          !/draft/i.test(failure.description ?? '') && (
            <span className="block">Your draft is saved.</span>
          )}
      </Notice>
    </div>
  );
}
