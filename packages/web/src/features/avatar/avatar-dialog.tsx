import { AVATAR_ZOOM, MB, type AvatarUploadResponse } from '@parley/schema';
import { ImagePlus, RotateCw } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { api } from '../../api/client';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { authStore, setUser } from '../../store/auth-store';
import { useFileConfig } from '../files';
import { showToast } from '../toasts';
import { acceptableAvatar, quarterTurn, renderAvatar } from './avatar-image';

const ZOOM_STEP = 0.1;

/** The chosen picture as an object URL, revoked when replaced or closed. */
function usePictureUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

/**
 * Profile picture dialog: choose a .png/.jpg/.jpeg within the avatar limit, move and zoom (1 to 5)
 * it under a round mask, turn it in quarter steps, and upload the 250 px square as PNG. The
 * signed-in user's avatar changes at once.
 */
export default function AvatarDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const limit = useFileConfig().data?.avatarSizeLimit;
  const inputId = useId();
  const zoomId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const src = usePictureUrl(file);
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState(0);
  const area = useRef<Area | null>(null);
  const [uploading, setUploading] = useState(false);

  const choose = (picked: File | undefined) => {
    if (!picked || limit === undefined) return;
    if (!acceptableAvatar(picked, limit)) {
      showToast(t('com_ui_upload_invalid_var', { size: limit / MB }), 'error');
      return;
    }
    setCrop({ x: 0, y: 0 });
    setZoom(1);
    setRotation(0);
    setFile(picked);
  };

  const upload = async () => {
    if (!src || !area.current) return;
    setUploading(true);
    try {
      const picture = await renderAvatar(src, area.current, rotation);
      const form = new FormData();
      form.append('manual', 'true');
      form.append('file', picture, 'avatar.png');
      const { url } = await api<AvatarUploadResponse>('/api/files/images/avatar', { method: 'POST', form });
      const user = authStore.getState().user;
      if (user) setUser({ ...user, avatar: url });
      showToast(t('com_ui_upload_avatar_success'));
      onClose();
    } catch (err) {
      const tooLarge = isApiError(err, 413) && limit !== undefined;
      showToast(
        tooLarge ? t('com_ui_upload_invalid_var', { size: limit / MB }) : t('com_ui_upload_avatar_error'),
        'error',
      );
      setUploading(false);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('com_nav_profile_picture')}
      description={t('com_ui_avatar_hint', { size: limit !== undefined ? limit / MB : 2 })}
      testId="avatar-dialog"
      closeLabel={t('com_ui_close')}
      className="max-w-md"
    >
      <div className="px-6 pt-2 pb-5">
        <input
          ref={input}
          id={inputId}
          type="file"
          accept=".png,.jpg,.jpeg,image/png,image/jpeg"
          className="sr-only"
          data-testid="avatar-input"
          onChange={(e) => {
            choose(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        {src ? (
          <div className="space-y-4">
            <div
              className="relative mx-auto size-72 overflow-hidden rounded-xl bg-surface-sunken"
              data-testid="avatar-cropper"
            >
              <Cropper
                image={src}
                crop={crop}
                zoom={zoom}
                rotation={rotation}
                minZoom={AVATAR_ZOOM.min}
                maxZoom={AVATAR_ZOOM.max}
                aspect={1}
                cropShape="round"
                showGrid={false}
                onCropChange={setCrop}
                onZoomChange={setZoom}
                onRotationChange={setRotation}
                onCropComplete={(_, pixels) => {
                  area.current = pixels;
                }}
              />
            </div>
            <div className="flex items-center gap-3">
              <label htmlFor={zoomId} className="text-[13px] font-medium">
                {t('com_ui_zoom')}
              </label>
              <input
                id={zoomId}
                type="range"
                min={AVATAR_ZOOM.min}
                max={AVATAR_ZOOM.max}
                step={ZOOM_STEP}
                value={zoom}
                onChange={(e) => setZoom(Number(e.target.value))}
                className="flex-1 accent-[var(--accent)]"
                data-testid="avatar-zoom"
              />
              <Button
                variant="outline"
                size="sm"
                onClick={() => setRotation(quarterTurn)}
                aria-label={t('com_ui_rotate')}
                data-testid="avatar-rotate"
              >
                <RotateCw className="size-4" aria-hidden />
              </Button>
            </div>
            <div className="flex justify-end gap-2">
              <Button variant="ghost" onClick={() => input.current?.click()}>
                {t('com_ui_choose_other_picture')}
              </Button>
              <Button onClick={() => void upload()} disabled={uploading} data-testid="avatar-upload">
                {t('com_ui_upload')}
              </Button>
            </div>
          </div>
        ) : (
          <label
            htmlFor={inputId}
            onDragOver={(e) => e.preventDefault()}
            onDrop={(e) => {
              e.preventDefault();
              choose(e.dataTransfer.files[0]);
            }}
            className="flex h-48 cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed border-border text-sm text-fg-muted hover:bg-surface-muted"
          >
            <ImagePlus className="size-8" aria-hidden />
            {t('com_ui_choose_picture')}
          </label>
        )}
      </div>
    </Dialog>
  );
}
