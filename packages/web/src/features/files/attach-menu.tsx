import { Paperclip } from 'lucide-react';
import { clsx } from 'clsx';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Popover } from '../../components/ui/popover';
import { MENU_ITEM } from '../../components/ui/menu-styles';
import { showToast } from '../toasts';
import { UPLOAD_KIND_ICONS, UPLOAD_KIND_LABELS } from './upload-kind-look';
import { UPLOAD_ACCEPT, uploadKinds, wrongFilesFor, type UploadKind } from './upload-options';
import { useUploadOffer } from './use-upload-offer';

/**
 * The paperclip's menu: upload pictures for the model to see, files to attach or give as text,
 * pictures and scans to read by OCR (when the server has OCR on), or documents for file search
 * (when the server offers it and the role allows it). Each option opens the file
 * picker for its kind and hands the chosen files to `onFiles`.
 */
export function AttachMenu({
  disabled,
  onFiles,
}: {
  disabled: boolean;
  onFiles: (files: File[], kind: UploadKind) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const kind = useRef<UploadKind>('file');
  const uploadOffer = useUploadOffer();
  const choose = (next: UploadKind) => {
    kind.current = next;
    setOpen(false);
    const input = picker.current;
    if (!input) return;
    const accept = UPLOAD_ACCEPT[next];
    if (accept) input.accept = accept;
    else input.removeAttribute('accept');
    input.click();
  };
  return (
    <>
      <Popover
        open={open}
        onOpenChange={setOpen}
        side="top"
        className="w-64 p-1"
        testId="attach-menu"
        trigger={
          <button
            type="button"
            disabled={disabled}
            aria-label={t('com_ui_attach_files')}
            data-testid="attach-button"
            className="flex size-10 shrink-0 items-center justify-center rounded-full text-fg-subtle hover:bg-surface hover:text-fg disabled:opacity-50"
          >
            <Paperclip className="size-5" aria-hidden />
          </button>
        }
      >
        {uploadKinds(uploadOffer).map((option) => {
          const Icon = UPLOAD_KIND_ICONS[option];
          return (
            <button
              key={option}
              type="button"
              onClick={() => choose(option)}
              className={clsx(MENU_ITEM, 'w-full hover:bg-surface-muted')}
              data-testid={`attach-as-${option}`}
            >
              <Icon className="size-4 shrink-0 text-fg-subtle" aria-hidden />
              {t(UPLOAD_KIND_LABELS[option])}
            </button>
          );
        })}
      </Popover>
      <input
        ref={picker}
        type="file"
        multiple
        hidden
        data-testid="file-input"
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = '';
          if (files.length === 0) return;
          if (wrongFilesFor(kind.current, files)) {
            showToast(
              t(kind.current === 'ocr_text' ? 'com_ui_upload_ocr_pictures_only' : 'com_ui_upload_image_only'),
              'error',
            );
            return;
          }
          onFiles(files, kind.current);
        }}
      />
    </>
  );
}
