import { proxiedImagePath } from '@parley/schema';
import { useEffect, useState } from 'react';
import { authStore } from '../../store/auth-store';

export type ProxiedImageState =
  { status: 'idle' } | { status: 'loading' } | { status: 'ready'; src: string } | { status: 'failed' };

/**
 * A remote picture fetched through Parley's image proxy once `enabled`: with the session's token
 * when there is one (an <img> cannot send it), shown from an object URL, so the reader's browser
 * only ever talks to Parley.
 */
export function useProxiedImage(url: string, shareId: string | undefined, enabled: boolean) {
  const [state, setState] = useState<ProxiedImageState>({ status: 'idle' });
  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    let objectUrl: string | undefined;
    setState({ status: 'loading' });
    const token = authStore.getState().token;
    fetch(proxiedImagePath(url, shareId), { headers: token ? { Authorization: `Bearer ${token}` } : {} })
      .then((res) => (res.ok ? res.blob() : null))
      .then((blob) => {
        if (cancelled) return;
        if (!blob) return setState({ status: 'failed' });
        objectUrl = URL.createObjectURL(blob);
        setState({ status: 'ready', src: objectUrl });
      })
      .catch(() => {
        if (!cancelled) setState({ status: 'failed' });
      });
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, shareId, enabled]);
  return state;
}
