/** A new tab whose address comes later. */
export interface PendingTab {
  go(path: string): void;
  close(): void;
}

/**
 * Opens an empty tab now, in the click, and sends it to its address once the answer gives it: a tab opened after
 * an answer arrives is what popup blockers stop. The new tab keeps no hold on this one (`opener`). Should the
 * browser still refuse the empty tab, the address is opened the ordinary way when it comes.
 */
export function openPendingTab(): PendingTab {
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  return {
    go(path) {
      if (tab) tab.location.href = path;
      else window.open(path, '_blank', 'noopener');
    },
    close() {
      tab?.close();
    },
  };
}
