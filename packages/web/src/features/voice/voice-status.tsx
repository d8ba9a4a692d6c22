import { clsx } from 'clsx';
import { Mic, Send, Square, Volume2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/spinner';
import { useSecondsUntil } from '../../lib/use-seconds-until';
import type { VoicePhase } from './voice-phase';
import { useVoice } from './voice-store';

const LABELS = {
  listening: 'voice.state_listening',
  thinking: 'voice.state_thinking',
  speaking: 'voice.state_speaking',
} as const;

/**
 * Above the message box: what the voice conversation is doing (listening, thinking, speaking)
 * with a stop that ends it. Shown in conversation mode, and whenever an answer is being spoken.
 * While a transcript waits to be sent by itself (`sendsAt`), it counts down with a cancel that
 * keeps the text in the box.
 */
export function VoiceStatus({
  phase,
  onStop,
  sendsAt = null,
  onCancelSend,
}: {
  phase: VoicePhase;
  onStop: () => void;
  sendsAt?: number | null;
  onCancelSend?: () => void;
}) {
  const { t } = useTranslation();
  const conversationMode = useVoice((s) => s.conversationMode);
  if (phase === 'idle' && sendsAt !== null && onCancelSend) {
    return <AutoSendCountdown sendsAt={sendsAt} onCancel={onCancelSend} />;
  }
  if (phase === 'idle' || (phase !== 'speaking' && !conversationMode)) return null;
  return (
    <div className="mb-2 flex justify-center">
      <div
        className="flex items-center gap-2 rounded-full border border-border bg-surface-raised py-1 pr-1 pl-3 text-sm text-fg shadow-sm"
        data-testid="voice-status"
        data-phase={phase}
      >
        <span role="status" aria-live="polite" className="flex items-center gap-2">
          <PhaseIcon phase={phase} />
          {conversationMode && <span className="text-fg-muted">{t('voice.conversation_mode')} ·</span>}
          {t(LABELS[phase])}
        </span>
        <button
          type="button"
          onClick={onStop}
          data-testid="voice-stop"
          className="flex items-center gap-1 rounded-full bg-surface-muted px-2.5 py-1 text-xs font-medium text-fg hover:bg-border"
        >
          <Square className="size-3 fill-current" aria-hidden />
          {t('voice.stop_voice')}
        </button>
      </div>
    </div>
  );
}

function PhaseIcon({ phase }: { phase: Exclude<VoicePhase, 'idle'> }) {
  if (phase === 'thinking') return <Spinner className="size-4" />;
  const Icon = phase === 'listening' ? Mic : Volume2;
  return (
    <span
      className={clsx(
        'flex size-6 items-center justify-center rounded-full',
        phase === 'listening' ? 'animate-pulse bg-danger text-white' : 'bg-accent text-accent-fg',
      )}
    >
      <Icon className="size-3.5" aria-hidden />
    </span>
  );
}

function AutoSendCountdown({ sendsAt, onCancel }: { sendsAt: number; onCancel: () => void }) {
  const { t } = useTranslation();
  const seconds = useSecondsUntil(sendsAt);
  return (
    <div className="mb-2 flex justify-center">
      <div
        className="flex items-center gap-2 rounded-full border border-border bg-surface-raised py-1 pr-1 pl-3 text-sm text-fg shadow-sm"
        data-testid="voice-status"
        data-phase="sending"
      >
        <span role="status" aria-live="polite" className="flex items-center gap-2">
          <span className="flex size-6 items-center justify-center rounded-full bg-accent text-accent-fg">
            <Send className="size-3.5" aria-hidden />
          </span>
          {t('voice.state_sending', { time: t('voice.seconds', { count: seconds }) })}
        </span>
        <button
          type="button"
          onClick={onCancel}
          data-testid="voice-cancel-send"
          className="flex items-center gap-1 rounded-full bg-surface-muted px-2.5 py-1 text-xs font-medium text-fg hover:bg-border"
        >
          {t('com_ui_cancel')}
        </button>
      </div>
    </div>
  );
}
