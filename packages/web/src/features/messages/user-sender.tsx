import { useAuth } from '../../store/auth-store';
import { useSettings } from '../../store/settings-store';

/**
 * The heading over the user's own messages while Settings → Account → "Display username in
 * messages" is on: their name (the username when they have no name). Only the signed-in user's
 * own chats render it — a shared conversation is shown by the share view, never through here.
 */
export function UserSender() {
  const show = useSettings((s) => s.UsernameDisplay);
  const user = useAuth((s) => s.user);
  const name = user?.name || user?.username;
  if (!show || !name) return null;
  return (
    <div className="mb-1 text-[13px] font-semibold text-fg" data-testid="message-sender-user">
      {/* Isolated, so a name in another script does not reorder the heading around it. */}
      <bdi>{name}</bdi>
    </div>
  );
}
