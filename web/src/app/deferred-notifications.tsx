import { notificationsStore } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useState } from 'react';

const Notifications = lazy(() =>
  import('./notifications-container').then((module) => ({ default: module.Notifications })),
);

/** A person about to type or tap will soon need notices, so their code starts downloading then. */
const FIRST_INTERACTIONS = ['pointerdown', 'keydown', 'focusin'] as const;

/**
 * Mantine's notice container (transitions, swipe to dismiss, portal: about 10 KB compressed) is not part of the
 * login screen's first load. It downloads at the first interaction, still online, or when a notice is shown
 * first; notices shown before it arrives wait in the store and appear once it mounts.
 */
export function DeferredNotifications() {
  const [wanted, setWanted] = useState(() => notificationsStore.getState().notifications.length > 0);

  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    const unsubscribe = notificationsStore.subscribe(want);
    for (const event of FIRST_INTERACTIONS)
      window.addEventListener(event, want, { capture: true, passive: true });
    return () => {
      unsubscribe();
      for (const event of FIRST_INTERACTIONS) window.removeEventListener(event, want, { capture: true });
    };
  }, [wanted]);

  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="bottom-center" />
    </Suspense>
  );
}
