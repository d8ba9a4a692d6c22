import { lazy, Suspense } from 'react';
import { RevokeAllKeysRow } from './revoke-all-keys-row';
import { SharedLinksRow } from '../share';
import { DeleteAllRow } from './delete-all-row';
import { ImportRow } from './import-row';

// The voice feature's row, in its own chunk (the chat page shares the voice feature's index).
const ClearTtsCacheRow = lazy(() =>
  import('../voice/clear-tts-cache-row').then((m) => ({ default: m.ClearTtsCacheRow })),
);

/**
 * Settings → Data controls: import, the shared-links manager, revoke all keys, clear the spoken
 * audio (the voice feature's row) and delete all chats.
 */
export function DataControlsTab() {
  return (
    <div className="divide-y divide-border">
      <ImportRow />
      <SharedLinksRow />
      <RevokeAllKeysRow />
      <Suspense fallback={null}>
        <ClearTtsCacheRow />
      </Suspense>
      <DeleteAllRow />
    </div>
  );
}
