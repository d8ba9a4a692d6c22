import type { Banner } from '@parley/schema';
import DOMPurify from 'dompurify';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../../api/api-error-text';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { showToast } from '../../toasts';
import { useBanners, useDeleteBanner } from './admin-api';
import { formatDateTime } from './admin-format';
import { BannerEditor } from './banner-editor';
import { LoadState } from './load-state';

/** The Banners tab: every banner with its window; write one with a preview, edit or delete. */
export default function BannersTab() {
  const { t } = useTranslation();
  const banners = useBanners();
  const remove = useDeleteBanner();
  // null: no editor; 'new': a new banner; a Banner: editing it.
  const [editing, setEditing] = useState<Banner | 'new' | null>(null);
  const [doomed, setDoomed] = useState<Banner | null>(null);

  const confirmDelete = () =>
    doomed &&
    remove.mutate(doomed.bannerId, {
      onSuccess: () => showToast(t('console.banner_deleted')),
      onError: (error) => showToast(apiErrorText(error, t('console.action_error')), 'error'),
      onSettled: () => setDoomed(null),
    });

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4 p-4 md:p-6">
      {editing === null ? (
        <div>
          <Button onClick={() => setEditing('new')} data-testid="admin-banner-new">
            <Plus className="size-4" aria-hidden />
            {t('console.banners_new')}
          </Button>
        </div>
      ) : (
        <BannerEditor
          key={editing === 'new' ? 'new' : editing.bannerId}
          banner={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      )}
      <LoadState query={banners} empty={(banners.data ?? []).length === 0}>
        <ul className="flex flex-col gap-3" data-testid="admin-banner-list">
          {(banners.data ?? []).map((banner) => (
            <BannerItem
              key={banner.bannerId}
              banner={banner}
              onEdit={() => setEditing(banner)}
              onDelete={() => setDoomed(banner)}
            />
          ))}
        </ul>
      </LoadState>
      <ConfirmDialog
        open={doomed !== null}
        onOpenChange={(open) => !open && setDoomed(null)}
        title={t('console.banner_delete_title')}
        description={t('console.banner_delete_description')}
        confirmLabel={t('console.banner_delete')}
        onConfirm={() => void confirmDelete()}
        pending={remove.isPending}
      />
    </div>
  );
}

function BannerItem({
  banner,
  onEdit,
  onDelete,
}: {
  banner: Banner;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation();
  const date = (value: string | null) => formatDateTime(value, i18n.language, t('console.banner_no_end'));
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-border p-3" data-testid="admin-banner-item">
      <div
        className="text-sm [&_a]:text-accent [&_a]:underline"
        dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(banner.message) }}
      />
      <div className="flex flex-wrap items-center gap-2 text-xs text-fg-muted">
        <span>
          {t('console.banner_window', { from: date(banner.displayFrom), to: date(banner.displayTo) })}
        </span>
        {banner.isPublic && (
          <span className="rounded-full bg-surface-muted px-2 py-0.5">
            {t('console.banner_public_badge')}
          </span>
        )}
        <span className="ms-auto flex gap-1">
          <Button variant="ghost" size="sm" onClick={onEdit}>
            {t('console.banner_edit')}
          </Button>
          <Button variant="ghost" size="sm" onClick={onDelete}>
            {t('console.banner_delete')}
          </Button>
        </span>
      </div>
    </li>
  );
}
