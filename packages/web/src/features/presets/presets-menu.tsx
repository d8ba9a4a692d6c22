import type { Preset } from '@parley/schema';
import { clsx } from 'clsx';
import { FileSliders, Plus, Star, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { showToast } from '../toasts';
import { setupFields, type ChatSetup } from '../endpoints';
import { useDeletePreset, usePresets, useSavePreset } from './presets-api';
import { Popover } from '../../components/ui/popover';

/** The setup a preset describes. */
export function setupOfPreset(preset: Preset): ChatSetup {
  return {
    endpoint: preset.endpoint,
    endpointType: (preset.endpointType as string | null | undefined) ?? null,
    model: preset.model ?? '',
    ...setupFields(preset),
  };
}

const ROW_BTN =
  'flex size-7 shrink-0 items-center justify-center rounded-md text-fg-subtle hover:bg-surface-sunken hover:text-fg';

/** Presets: save the current setup, apply one, make one the default, delete. */
export function PresetsMenu({ setup, onApply }: { setup: ChatSetup; onApply: (setup: ChatSetup) => void }) {
  const { t } = useTranslation();
  const { data: presets = [] } = usePresets();
  const save = useSavePreset();
  const remove = useDeletePreset();
  const [open, setOpen] = useState(false);
  const [naming, setNaming] = useState(false);
  const [title, setTitle] = useState('');

  const saveCurrent = async () => {
    try {
      await save.mutateAsync({ ...setup, title: title.trim() || setup.model });
      showToast(t('com_endpoint_preset_saved'));
      setNaming(false);
      setTitle('');
    } catch {
      showToast(t('com_endpoint_preset_save_error'), 'error');
    }
  };

  return (
    <>
      <Popover
        open={open}
        onOpenChange={setOpen}
        align="start"
        sideOffset={6}
        className="w-72 p-1.5"
        testId="presets-menu"
        trigger={
          <button
            type="button"
            className="flex size-9 items-center justify-center rounded-lg text-fg-muted outline-none hover:bg-surface-muted hover:text-fg focus-visible:ring-2 focus-visible:ring-ring"
            aria-label={t('com_endpoint_presets')}
            data-testid="presets-button"
          >
            <FileSliders className="size-4.5" aria-hidden />
          </button>
        }
      >
        <button
          type="button"
          onClick={() => {
            setOpen(false);
            setNaming(true);
          }}
          className="flex w-full items-center gap-2 rounded-lg px-2.5 py-2 text-sm hover:bg-surface-muted"
          data-testid="preset-save-current"
        >
          <Plus className="size-4 text-fg-muted" aria-hidden />
          {t('com_endpoint_save_as_preset')}
        </button>
        {presets.length > 0 && <div className="my-1 h-px bg-border" />}
        <ul className="max-h-72 overflow-y-auto">
          {presets.map((preset) => (
            <li
              key={preset.presetId}
              className="group flex items-center gap-1 rounded-lg ps-2.5 pe-1 hover:bg-surface-muted"
              data-testid="preset-row"
            >
              <button
                type="button"
                className="min-w-0 flex-1 truncate py-2 text-start text-sm"
                onClick={() => {
                  onApply(setupOfPreset(preset));
                  setOpen(false);
                }}
              >
                {preset.title || preset.model}
                <span className="ms-1.5 text-xs text-fg-subtle">{preset.model}</span>
              </button>
              <button
                type="button"
                className={clsx(ROW_BTN, preset.defaultPreset && 'text-accent')}
                aria-label={t('com_endpoint_set_default_preset')}
                aria-pressed={preset.defaultPreset}
                onClick={() => void save.mutateAsync({ ...preset, defaultPreset: !preset.defaultPreset })}
                data-testid="preset-default"
              >
                <Star className={clsx('size-4', preset.defaultPreset && 'fill-current')} aria-hidden />
              </button>
              <button
                type="button"
                className={ROW_BTN}
                aria-label={t('com_ui_delete')}
                onClick={() => void remove.mutateAsync(preset.presetId)}
                data-testid="preset-delete"
              >
                <Trash2 className="size-4" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      </Popover>
      <Dialog
        open={naming}
        onOpenChange={setNaming}
        title={t('com_endpoint_save_as_preset')}
        closeLabel={t('com_ui_close')}
      >
        <form
          className="space-y-4 px-6 pt-2 pb-5"
          onSubmit={(e) => {
            e.preventDefault();
            void saveCurrent();
          }}
        >
          <input
            autoFocus
            value={title}
            maxLength={200}
            onChange={(e) => setTitle(e.target.value)}
            placeholder={t('com_endpoint_preset_title')}
            aria-label={t('com_endpoint_preset_title')}
            className="w-full rounded-lg border border-border-strong bg-surface px-3 py-2 text-sm outline-none focus:border-accent"
            data-testid="preset-title"
          />
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={() => setNaming(false)}>
              {t('com_ui_cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="preset-title-save">
              {t('com_ui_save')}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
