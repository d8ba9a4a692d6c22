import { isExpiredFile, ownFilePath } from '@parley/schema';
import { clsx } from 'clsx';
import { FileText } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authStore } from '../../store/auth-store';
import { ExpiredFileChip } from './expired-file-chip';
import { ImageViewer } from './image-viewer';
import { readNote, type FileReadAs } from './file-read-note';

export interface MessageFile {
  file_id?: string;
  filepath?: string;
  filename?: string;
  type?: string;
  width?: number;
  height?: number;
  /** How the server gave the file to the model (it records this on the message's file entry). */
  read_as?: FileReadAs;
  /** With `passages`: how many passages of it were given. */
  passages?: number;
  /** When it stops being downloadable (milliseconds since 1970), for files that expire. */
  expiresAt?: number;
}

/** A document sent with a message: its name, and how the model read it. */
function DocumentChip({ file }: { file: MessageFile }) {
  const { t } = useTranslation();
  const note = readNote(file);
  const text = note ? t(note.key, note.values) : null;
  return (
    <span
      className="flex items-center gap-2 rounded-xl border border-border bg-surface px-3 py-2 text-xs"
      data-testid="message-file"
    >
      <FileText className="size-4 shrink-0 text-accent" aria-hidden />
      <span className="flex min-w-0 flex-col">
        <span className="truncate">{file.filename}</span>
        {text && (
          <span className="text-fg-subtle" data-testid="message-file-read">
            {text}
          </span>
        )}
      </span>
    </span>
  );
}

/**
 * A picture served by the API: fetched with the session's token (an <img> cannot send it) and
 * shown from an object URL.
 */
function useAuthedBlobUrl(filepath: string | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  // Sent with the viewer's token, so only a file route exactly, never another API route.
  const path = ownFilePath(filepath);
  useEffect(() => {
    if (!path) return;
    let revoked = false;
    let objectUrl: string | undefined;
    const token = authStore.getState().token;
    fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} })
      .then((res) => (res.ok ? res.blob() : undefined))
      .then((blob) => {
        if (!blob || revoked) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch((e: unknown) => console.warn(e));
    return () => {
      revoked = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [path]);
  return url;
}

/**
 * A picture stored in Parley as a thumbnail that opens the viewer; `large` for a picture that is
 * the content itself (a generated image) rather than an attachment.
 */
export function ImageFile({ file, large = false }: { file: MessageFile; large?: boolean }) {
  const url = useAuthedBlobUrl(file.filepath);
  const [open, setOpen] = useState(false);
  const { t } = useTranslation();
  const ratio = file.width && file.height ? `${file.width} / ${file.height}` : '1 / 1';
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={t('com_ui_view_image', { name: file.filename ?? '' })}
        data-testid="message-image"
        className={clsx(
          'block overflow-hidden rounded-xl border border-border bg-surface',
          large ? 'my-2 max-h-96 max-w-full' : 'max-h-64 max-w-64',
        )}
        style={{ aspectRatio: ratio }}
      >
        {url && (
          <img
            src={url}
            alt={file.filename ?? ''}
            className={large ? 'size-full object-contain' : 'size-full object-cover'}
          />
        )}
      </button>
      {open && url && <ImageViewer url={url} name={file.filename ?? ''} onClose={() => setOpen(false)} />}
    </>
  );
}

/**
 * A picture whose text the model was given (read by OCR): its thumbnail, with how it was read
 * under it, as a document's chip says it.
 */
function ReadPicture({ file }: { file: MessageFile }) {
  const { t } = useTranslation();
  const note = readNote(file);
  return (
    <span className="flex flex-col gap-1 text-xs" data-testid="message-file">
      <ImageFile file={file} />
      {note && (
        <span className="text-fg-subtle" data-testid="message-file-read">
          {t(note.key, note.values)}
        </span>
      )}
    </span>
  );
}

/**
 * The files sent with a message: pictures as thumbnails that open the viewer (with how their text
 * was read, when the model was given it), others as chips.
 */
export function MessageFiles({ files }: { files: Record<string, unknown>[] | null | undefined }) {
  if (!files?.length) return null;
  const list = files as MessageFile[];
  return (
    <div className="mb-2 flex flex-wrap gap-2" data-testid="message-files">
      {list.map((file, i) => {
        const key = file.file_id ?? i;
        if (isExpiredFile(file)) return <ExpiredFileChip key={key} filename={file.filename} />;
        if (!file.type?.startsWith('image/')) return <DocumentChip key={key} file={file} />;
        return file.read_as ? <ReadPicture key={key} file={file} /> : <ImageFile key={key} file={file} />;
      })}
    </div>
  );
}
