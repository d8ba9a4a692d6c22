import { SharedLinksRow } from '../share/shared-links-manager';
import { DeleteAllRow } from './delete-all-row';
import { ImportRow } from './import-row';

/**
 * Settings → Data controls (002 §2): import, the shared-links manager and delete all chats.
 * Revoking keys and the TTS cache belong to their own features.
 */
export function DataControlsTab() {
  return (
    <div className="divide-y divide-border">
      <ImportRow />
      <SharedLinksRow />
      <DeleteAllRow />
    </div>
  );
}
