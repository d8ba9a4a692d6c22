import type { SharedLink } from '@parley/schema';
import { useQueryClient } from '@tanstack/react-query';
import { Check, Copy, Link2, QrCode, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { QrCodeImage } from '../../components/ui/qr-code';
import { Spinner } from '../../components/ui/spinner';
import { inputClasses } from '../../components/ui/text-field';
import { useCopy } from '../markdown';
import { showToast } from '../toasts';
import { shareApi, shareKeys, shareUrl, useShareLookup } from './share-api';

/** The QR code is 200 px with a margin of 2 modules. */
export const QR_SIZE = 200;
export const QR_MARGIN = 2;

/**
 * The share-link dialog: a create button without a link; with one, the address with
 * copy (copied state), refresh (a new id), QR code on demand and delete after a confirmation.
 */
export function ShareDialog({
  conversationId,
  title,
  onClose,
}: {
  conversationId: string;
  title: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const lookup = useShareLookup(conversationId, true);
  const [busy, setBusy] = useState<'create' | 'refresh' | 'delete' | null>(null);
  const [showQr, setShowQr] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [copied, copy] = useCopy();
  const shareId = lookup.data?.success ? lookup.data.shareId : null;

  const setLink = (link: SharedLink | null) => {
    client.setQueryData(
      shareKeys.link(conversationId),
      link ? { success: true, shareId: link.shareId, conversationId } : { success: false },
    );
    void client.invalidateQueries({ queryKey: [shareKeys.all[0], 'list'] });
  };

  const run = async (kind: 'create' | 'refresh' | 'delete') => {
    setBusy(kind);
    try {
      if (kind === 'create') setLink(await shareApi.create(conversationId));
      else if (kind === 'refresh' && shareId) setLink(await shareApi.refresh(shareId));
      else if (kind === 'delete' && shareId) {
        await shareApi.remove(shareId);
        setLink(null);
        setConfirming(false);
        setShowQr(false);
        showToast(t('com_ui_shared_link_delete_success'));
      }
    } catch {
      showToast(t(kind === 'delete' ? 'com_ui_share_delete_error' : 'com_ui_share_error'), 'error');
    } finally {
      setBusy(null);
    }
  };

  const url = shareId ? shareUrl(shareId) : '';
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('com_ui_share_link_to_chat')}
      description={shareId ? t('com_ui_share_update_message') : t('com_ui_share_create_message', { title })}
      closeLabel={t('com_ui_close')}
      testId="share-dialog"
    >
      <div className="space-y-4 px-6 pt-2 pb-5">
        {lookup.isPending ? (
          <div className="flex justify-center py-4">
            <Spinner className="size-5 text-fg-subtle" />
          </div>
        ) : !shareId ? (
          <div className="flex justify-end">
            <Button onClick={() => void run('create')} loading={busy === 'create'} data-testid="share-create">
              <Link2 className="size-4" aria-hidden />
              {t('com_ui_create_link')}
            </Button>
          </div>
        ) : (
          <>
            <div className="flex gap-2">
              <input
                readOnly
                value={url}
                aria-label={t('com_ui_share_link')}
                data-testid="share-url"
                onFocus={(e) => e.target.select()}
                className={`${inputClasses} border-border-strong py-2 text-sm`}
              />
              <Button
                variant="secondary"
                size="icon"
                className="size-10"
                onClick={() => copy(url)}
                aria-label={copied ? t('com_ui_copied') : t('com_ui_copy_link')}
                data-testid="share-copy"
                data-copied={copied || undefined}
              >
                {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
              </Button>
            </div>
            {showQr && (
              <div className="flex justify-center" data-testid="share-qr">
                <div className="rounded-xl bg-white p-2 shadow-sm">
                  <QrCodeImage value={url} size={QR_SIZE} marginSize={QR_MARGIN} title={url} />
                </div>
              </div>
            )}
            {confirming ? (
              <div className="flex flex-wrap items-center justify-end gap-2 rounded-xl bg-danger-soft px-3 py-2.5">
                <p className="me-auto text-sm text-fg">{t('com_ui_delete_shared_link_confirm')}</p>
                <Button variant="ghost" size="sm" onClick={() => setConfirming(false)}>
                  {t('com_ui_cancel')}
                </Button>
                <Button
                  variant="danger"
                  size="sm"
                  loading={busy === 'delete'}
                  onClick={() => void run('delete')}
                  data-testid="share-delete-confirm"
                >
                  {t('com_ui_delete')}
                </Button>
              </div>
            ) : (
              <div className="flex flex-wrap justify-end gap-2">
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => setShowQr((v) => !v)}
                  data-testid="share-qr-toggle"
                >
                  <QrCode className="size-4" aria-hidden />
                  {t(showQr ? 'com_ui_hide_qr' : 'com_ui_show_qr')}
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  loading={busy === 'refresh'}
                  onClick={() => void run('refresh')}
                  data-testid="share-refresh"
                >
                  {busy !== 'refresh' && <RefreshCw className="size-4" aria-hidden />}
                  {t('com_ui_refresh_link')}
                </Button>
                <Button
                  variant="danger-outline"
                  size="sm"
                  onClick={() => setConfirming(true)}
                  data-testid="share-delete"
                >
                  <Trash2 className="size-4" aria-hidden />
                  {t('com_ui_delete')}
                </Button>
              </div>
            )}
          </>
        )}
      </div>
    </Dialog>
  );
}
