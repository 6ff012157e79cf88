import { Suspense, useState, type ReactNode } from 'react';

/**
 * Renders its children (usually a lazily loaded dialog) from the first time `when` is true and
 * keeps them mounted afterwards, so a dialog's code is not part of its page's first download and
 * its closing transition still plays.
 */
export function LazyMount({ when, children }: { when: boolean; children: ReactNode }) {
  const [shown, setShown] = useState(when);
  if (when && !shown) setShown(true);
  return shown ? <Suspense fallback={null}>{children}</Suspense> : null;
}
