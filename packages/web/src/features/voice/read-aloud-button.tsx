import { Square, Volume2 } from 'lucide-react';
import { Spinner } from '../../components/ui/spinner';
import { useTranslation } from 'react-i18next';
import { useReadAloud } from './use-read-aloud';
import { useVoice } from './voice-store';

/** "Read aloud" among an answer's actions; hidden when text to speech is off. */
export function ReadAloudButton({ text, className }: { text: string; className?: string }) {
  const { t } = useTranslation();
  const enabled = useVoice((s) => s.textToSpeech);
  const { playing, loading, play, stop } = useReadAloud();
  if (!enabled || !text.trim()) return null;
  const label = playing ? t('voice.stop_reading') : t('voice.read_aloud');
  return (
    <button
      type="button"
      className={className}
      onClick={() => (playing ? stop() : void play(text))}
      disabled={loading}
      aria-label={label}
      data-testid="read-aloud"
      data-playing={playing || undefined}
    >
      {loading ? (
        <Spinner className="size-4" />
      ) : playing ? (
        <Square className="size-3.5" aria-hidden />
      ) : (
        <Volume2 className="size-4" aria-hidden />
      )}
    </button>
  );
}
