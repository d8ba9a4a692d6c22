import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { useAuth } from '../../store/auth-store';
import { UserAvatar } from './user-avatar';

// The cropper loads only when someone changes their picture.
const AvatarDialog = lazy(() => import('./avatar-dialog'));

/** Account settings row: the current profile picture and the button that changes it. */
export function AvatarRow() {
  const { t } = useTranslation();
  const user = useAuth((s) => s.user);
  const [open, setOpen] = useState(false);
  const name = user?.name || user?.username || user?.email || '';
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <div className="flex items-center gap-3">
        <UserAvatar name={name} src={user?.avatar ?? null} size="lg" />
        <p className="text-sm font-medium">{t('com_nav_profile_picture')}</p>
      </div>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} data-testid="change-avatar">
        {t('com_nav_change_picture')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <AvatarDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
