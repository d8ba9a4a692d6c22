import { useMediaQuery } from '../../lib/use-media-query';
import { MOBILE_MEDIA } from '../../lib/breakpoints';
import { LogoutButton } from './logout-button';

/** The chat view's top bar: only the Log out button, hidden while loading and on small screens. */
export function ChatTopBar({ loading }: { loading: boolean }) {
  const small = useMediaQuery(MOBILE_MEDIA);
  if (loading || small) return null;
  return (
    <div className="flex h-14 shrink-0 items-center justify-end px-4">
      <LogoutButton />
    </div>
  );
}
