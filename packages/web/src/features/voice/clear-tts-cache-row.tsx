import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { showToast } from '../toasts';
import { cachedSpeechCount, clearSpeechCache } from './tts-cache';

/** Settings → Data: empties the spoken-audio cache; disabled while it is empty. */
export function ClearTtsCacheRow() {
  const { t } = useTranslation();
  const [count, setCount] = useState(0);
  useEffect(() => {
    void cachedSpeechCount().then(setCount);
  }, []);
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <span className="text-sm font-medium text-fg">{t('voice.clear_tts_cache')}</span>
      <Button
        variant="danger-outline"
        size="sm"
        disabled={count === 0}
        onClick={() =>
          void clearSpeechCache().then(() => {
            setCount(0);
            showToast(t('voice.tts_cache_cleared'));
          })
        }
        data-testid="clear-tts-cache"
      >
        {t('com_ui_clear')}
      </Button>
    </div>
  );
}
