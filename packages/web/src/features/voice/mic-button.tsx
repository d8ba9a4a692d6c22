import { clsx } from 'clsx';
import { Mic } from 'lucide-react';
import { Spinner } from '../../components/ui/spinner';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../toasts';
import type { SpeechToText } from './use-speech-to-text';
import { useVoice } from './voice-store';

/**
 * Dictation in the message box: click or Shift+Alt+L starts and stops recording (the microphone
 * of `useVoiceChat`, whose transcript goes to the box). Hidden when speech to text is off in the
 * voice settings.
 */
export function MicButton(props: { submitting: boolean; disabled: boolean; speech: SpeechToText }) {
  const { t } = useTranslation();
  const enabled = useVoice((s) => s.speechToText);
  const { state, toggle } = props.speech;
  const { submitting } = props;

  const press = () => {
    if (submitting && state === 'idle') return showToast(t('voice.error_while_submitting'), 'error');
    toggle();
  };

  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.shiftKey && event.altKey && event.code === 'KeyL') {
        event.preventDefault();
        press();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  if (!enabled) return null;
  const label =
    state === 'listening'
      ? t('voice.stop_recording')
      : state === 'processing'
        ? t('voice.processing')
        : t('voice.start_recording');
  return (
    <button
      type="button"
      onClick={press}
      disabled={props.disabled || state === 'processing'}
      aria-label={label}
      // The label is translated; key names are printed on keyboards as they are here.
      // eslint-disable-next-line parley/no-ui-literals
      title={`${label} (Shift+Alt+L)`}
      aria-pressed={state === 'listening'}
      data-testid="mic-button"
      data-state={state}
      className={clsx(
        'flex size-10 shrink-0 items-center justify-center rounded-full disabled:opacity-50',
        state === 'listening'
          ? 'animate-pulse bg-danger text-white'
          : 'text-fg-subtle hover:bg-surface hover:text-fg',
      )}
    >
      {state === 'processing' ? <Spinner className="size-5" /> : <Mic className="size-5" aria-hidden />}
    </button>
  );
}
