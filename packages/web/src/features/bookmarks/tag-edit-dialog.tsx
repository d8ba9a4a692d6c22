import { TAG_DESCRIPTION_MAX_LENGTH, TAG_MAX_LENGTH } from '@parley/schema';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { inputClasses, TextField } from '../../components/ui/text-field';

/** Create or edit a bookmark: its name and an optional description. */
export function TagEditDialog({
  initial,
  onSave,
  onClose,
}: {
  /** The bookmark being edited; absent when creating one. */
  initial?: { tag: string; description: string };
  onSave: (tag: string, description: string) => Promise<boolean>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [tag, setTag] = useState(initial?.tag ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [pending, setPending] = useState(false);
  const name = tag.trim();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name) return;
    setPending(true);
    const ok = await onSave(name, description.trim());
    setPending(false);
    if (ok) onClose();
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t(initial ? 'com_ui_bookmarks_edit' : 'com_ui_bookmarks_new')}
      closeLabel={t('com_ui_close')}
      testId="bookmark-dialog"
    >
      <form className="space-y-4 px-6 pt-2 pb-5" onSubmit={(e) => void submit(e)}>
        <TextField
          label={t('com_ui_bookmarks_title')}
          value={tag}
          maxLength={TAG_MAX_LENGTH}
          autoFocus
          onChange={(e) => setTag(e.target.value)}
          data-testid="bookmark-name"
        />
        <div className="space-y-1.5">
          <label htmlFor="bookmark-description" className="block text-sm font-medium text-fg">
            {t('com_ui_bookmarks_description')}
          </label>
          <textarea
            id="bookmark-description"
            value={description}
            maxLength={TAG_DESCRIPTION_MAX_LENGTH}
            rows={3}
            onChange={(e) => setDescription(e.target.value)}
            className={`${inputClasses} resize-none border-border-strong`}
          />
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            {t('com_ui_cancel')}
          </Button>
          <Button type="submit" disabled={!name} loading={pending} data-testid="bookmark-save">
            {t('com_ui_save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
