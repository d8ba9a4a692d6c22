import { clsx } from 'clsx';

const initialOf = (name: string) => (name.trim()[0] ?? '?').toUpperCase();

/**
 * A picture this page may show: Parley's own (a path), or a data:/blob: URL. An account signed in
 * before provider avatars were copied may still hold a provider's address, which the page's
 * img-src refuses: it shows the initial until its next sign-in copies the picture.
 */
const isOwnPicture = (src: string) => /^(\/(?!\/)|data:|blob:)/.test(src);

/** A user's round picture, or their initial on the accent colour when they have none. */
export function UserAvatar({
  name,
  src,
  size = 'md',
}: {
  name: string;
  src: string | null;
  size?: 'md' | 'lg';
}) {
  const box = size === 'lg' ? 'size-12 text-lg' : 'size-8 text-sm';
  if (src && isOwnPicture(src)) {
    return (
      <img
        src={src}
        alt=""
        data-testid="user-avatar"
        className={clsx(box, 'shrink-0 rounded-full object-cover')}
      />
    );
  }
  return (
    <span
      aria-hidden
      className={clsx(
        box,
        'flex shrink-0 items-center justify-center rounded-full bg-accent font-semibold text-accent-fg',
      )}
    >
      {initialOf(name)}
    </span>
  );
}
