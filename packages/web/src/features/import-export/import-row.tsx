import { useQueryClient } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { importedCountsText } from './imported-counts';
import { Button } from '../../components/ui/button';
import { refreshLists } from '../conversations';
import { SettingsActionRow } from '../../components/ui/manager-parts';
import { showToast } from '../toasts';
import { importConversations } from './import-api';
import { importErrorKey, importLogLine, isJsonFile } from './import-rules';

/**
 * Settings → Data controls → Import: a .json export from Parley, LibreChat, ChatGPT
 * or Chatbot UI. Success says how much was added; an unsupported file gets the file-type error.
 */
export function ImportRow() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<string | null>(null);

  const run = async (file: File) => {
    setResult(null);
    if (!isJsonFile(file.name)) {
      showToast(t('com_ui_import_conversation_file_type_error'), 'error');
      return;
    }
    setPending(true);
    try {
      const added = await importConversations(file);
      const text = importedCountsText(t, added);
      setResult(text);
      showToast(text);
      void refreshLists(client);
    } catch (error) {
      console.error(importLogLine(error), error);
      showToast(t(importErrorKey(error)), 'error');
    } finally {
      setPending(false);
    }
  };

  return (
    <div>
      <SettingsActionRow label={t('com_ui_import_conversation_info')}>
        <Button
          variant="secondary"
          size="sm"
          loading={pending}
          onClick={() => input.current?.click()}
          data-testid="import-button"
        >
          {!pending && <Upload className="size-4" aria-hidden />}
          {t('com_ui_import')}
        </Button>
        <input
          ref={input}
          type="file"
          accept=".json,application/json"
          className="hidden"
          data-testid="import-file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void run(file);
          }}
        />
      </SettingsActionRow>
      {result && (
        <p className="-mt-1 pb-3 text-[13px] text-success" role="status" data-testid="import-result">
          {result}
        </p>
      )}
    </div>
  );
}
