import { useEffect } from 'react';
import { api } from '../../api/client';
import { localStore } from './local-store';
import { deletableAtStart, forgetPendingDeletes, pendingDeleteIds } from './pending-deletes';

/** Once a page: the app starts only once per load, however often the shell mounts. */
let sent = false;

/**
 * At the start of the signed-in app, deletes on the server the removed uploads a reload or a
 * closed tab kept from being deleted (pending-deletes.ts), then forgets them all.
 */
export function usePendingDeletesAtStart(): void {
  useEffect(() => {
    const store = localStore();
    if (sent || !store) return;
    sent = true;
    const ids = pendingDeleteIds(store);
    if (ids.length === 0) return;
    const files = deletableAtStart(store).map((f) => ({ file_id: f.file_id }));
    const done = () => forgetPendingDeletes(store, ids);
    if (files.length === 0) return done();
    // A failed clean-up is logged; the files stay kept for the next start.
    api('/api/files', { method: 'DELETE', json: { files } }).then(done, (e: unknown) => console.warn(e));
  }, []);
}
