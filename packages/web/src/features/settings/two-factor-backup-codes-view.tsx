import { BACKUP_CODES_FILE_NAME } from '@parley/schema';
import { Check, Copy, Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { copyText } from '../../lib/copy-text';
import { saveBlob } from '../../lib/save-blob';
import { useAuth } from '../../store/auth-store';
import { backupCodesFileText } from './two-factor-code-body';

/** Freshly made backup codes: shown once, with a download as backup-codes.txt and a copy button. */
export function BackupCodesView({ codes }: { codes: readonly string[] }) {
  const { t } = useTranslation();
  const email = useAuth((s) => s.user?.email ?? '');
  const [copied, setCopied] = useState(false);
  const copy = (value: string) => {
    void copyText(value).then(setCopied);
  };
  // The page title is the instance's application title.
  const text = backupCodesFileText(document.title || 'Parley', email, codes);
  return (
    <div className="space-y-4">
      <p className="text-sm text-fg-muted">{t('com_ui_backup_codes_save_info')}</p>
      <ul
        className="grid grid-cols-2 gap-2 rounded-xl border border-border bg-surface-muted p-4 font-mono text-[15px] tracking-wider"
        data-testid="backup-codes"
      >
        {codes.map((code) => (
          <li key={code} className="text-center">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex gap-2">
        <Button
          variant="secondary"
          className="flex-1"
          onClick={() => saveBlob(new Blob([text], { type: 'text/plain' }), BACKUP_CODES_FILE_NAME)}
          data-testid="download-backup-codes"
        >
          <Download className="size-4" aria-hidden />
          {t('com_ui_download_backup')}
        </Button>
        <Button variant="secondary" className="flex-1" onClick={() => copy(codes.join('\n'))}>
          {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
          {t(copied ? 'com_ui_copied' : 'com_ui_copy_backup_codes')}
        </Button>
      </div>
    </div>
  );
}
