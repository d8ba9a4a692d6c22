import { RevokeAllKeysRow } from './revoke-all-keys-row';
import { SharedLinksRow } from '../share';
import { DeleteAllRow } from './delete-all-row';
import { ImportRow } from './import-row';

/**
 * Settings → Data controls: import, the shared-links manager, revoke all keys and delete all
 * chats. The speech cache belongs to the speech feature.
 */
export function DataControlsTab() {
  return (
    <div className="divide-y divide-border">
      <ImportRow />
      <SharedLinksRow />
      <RevokeAllKeysRow />
      <DeleteAllRow />
    </div>
  );
}
