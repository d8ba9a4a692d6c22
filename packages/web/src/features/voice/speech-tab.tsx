import {
  AUTO_SEND_TEXT,
  DECIBEL_VALUE,
  PLAYBACK_RATE,
  STT_LANGUAGES,
  type SpeechEngine,
} from '@parley/schema';
import { clsx } from 'clsx';
import { Tabs } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { SelectRow } from '../../components/ui/select-row';
import { SwitchRow } from '../../components/ui/switch';
import { useSpeechConfigSync } from './speech-queries';
import { SliderRow } from './slider-row';
import { conversationModeAvailable } from './voice-rules';
import { useVoiceOptions } from './voice-options';
import { useVoice } from './voice-store';

/** Voices read in the languages dictation understands, less its joke entry. */
const TTS_LANGUAGES = STT_LANGUAGES.filter((code) => code !== 'xx-piglatin');

const TAB =
  'rounded-md px-3 py-1.5 text-sm text-fg-muted data-[state=active]:bg-surface data-[state=active]:font-medium data-[state=active]:text-fg data-[state=active]:shadow-sm';

/** Settings → Speech: its Simple and Advanced tabs. */
export function SpeechTab() {
  const { t } = useTranslation();
  useSpeechConfigSync();
  const advanced = useVoice((s) => s.advancedMode);
  const set = useVoice((s) => s.set);
  return (
    <Tabs.Root
      value={advanced ? 'advanced' : 'simple'}
      onValueChange={(v) => set('advancedMode', v === 'advanced')}
    >
      <Tabs.List
        className="inline-flex gap-1 rounded-lg bg-surface-muted p-1"
        aria-label={t('com_nav_setting_speech')}
      >
        <Tabs.Trigger value="simple" className={TAB} data-testid="speech-simple">
          {t('voice.simple')}
        </Tabs.Trigger>
        <Tabs.Trigger value="advanced" className={TAB} data-testid="speech-advanced">
          {t('voice.advanced')}
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="simple" className="divide-y divide-border">
        <SttEngine />
        <SttLanguage />
        <div className="border-t-2 border-border" role="separator" />
        <TtsEngine />
        <VoiceSelect />
        <PlaybackRate />
      </Tabs.Content>
      <Tabs.Content value="advanced" className="divide-y divide-border">
        <ConversationMode />
        <SttEngine />
        <SttLanguage />
        <AutoTranscribe />
        <AutoSend />
        <Decibels />
        <TtsEngine />
        <AutomaticPlayback />
        <VoiceSelect />
        <TtsLanguage />
        <BrowserVoices />
        <PlaybackRate />
        <CacheTts />
      </Tabs.Content>
    </Tabs.Root>
  );
}

function useEngineOptions(external: boolean) {
  const { t } = useTranslation();
  return [
    { value: 'browser', label: t('voice.engine_browser') },
    ...(external ? [{ value: 'external', label: t('voice.engine_external') }] : []),
  ];
}

function SttEngine() {
  const { t } = useTranslation();
  const v = useVoice();
  return (
    <>
      <SwitchRow
        label={t('voice.speech_to_text')}
        checked={v.speechToText}
        onCheckedChange={(on) => v.set('speechToText', on)}
        testId="speech-to-text"
      />
      <SelectRow
        label={t('voice.engine_stt')}
        value={v.engineSTT}
        options={useEngineOptions(v.sttExternal)}
        onChange={(value) => v.set('engineSTT', value as SpeechEngine)}
        testId="engine-stt"
      />
    </>
  );
}

function SttLanguage() {
  const { t } = useTranslation();
  const v = useVoice();
  return (
    <SelectRow
      label={t('voice.language_stt')}
      value={v.languageSTT}
      options={[
        { value: '', label: t('voice.language_auto') },
        ...STT_LANGUAGES.map((code) => ({ value: code, label: code })),
      ]}
      onChange={(value) => v.set('languageSTT', value)}
      testId="language-stt"
    />
  );
}

function TtsLanguage() {
  const { t } = useTranslation();
  const v = useVoice();
  return (
    <SelectRow
      label={t('voice.language_tts')}
      value={v.languageTTS}
      options={[
        { value: '', label: t('voice.language_auto') },
        ...TTS_LANGUAGES.map((code) => ({ value: code, label: code })),
      ]}
      onChange={(value) => v.set('languageTTS', value)}
      testId="language-tts"
    />
  );
}

function TtsEngine() {
  const { t } = useTranslation();
  const v = useVoice();
  return (
    <>
      <SwitchRow
        label={t('voice.text_to_speech')}
        checked={v.textToSpeech}
        onCheckedChange={(on) => v.set('textToSpeech', on)}
        testId="text-to-speech"
      />
      <SelectRow
        label={t('voice.engine_tts')}
        value={v.engineTTS}
        options={useEngineOptions(v.ttsExternal)}
        onChange={(value) => v.set('engineTTS', value as SpeechEngine)}
        testId="engine-tts"
      />
    </>
  );
}

function VoiceSelect() {
  const { t } = useTranslation();
  const voice = useVoice((s) => s.voice);
  const set = useVoice((s) => s.set);
  const voices = useVoiceOptions();
  return (
    <SelectRow
      label={t('voice.voice')}
      value={voice}
      options={[
        { value: '', label: t('voice.voice_default') },
        ...voices.map((name) => ({ value: name, label: name })),
      ]}
      onChange={(value) => set('voice', value)}
      testId="voice-select"
    />
  );
}

function ConversationMode() {
  const { t } = useTranslation();
  const v = useVoice();
  const available = conversationModeAvailable(v);
  return (
    <div className={clsx(!available && 'pointer-events-none opacity-50')} aria-disabled={!available}>
      <SwitchRow
        label={t('voice.conversation_mode')}
        description={t('voice.conversation_mode_description')}
        checked={v.conversationMode}
        onCheckedChange={(on) => available && v.setConversationMode(on)}
        testId="conversation-mode"
      />
    </div>
  );
}

/** The auto-send delay acts on an automatic transcript, so it shows only while auto-transcribe is on. */
function AutoSend() {
  const { t } = useTranslation();
  const v = useVoice();
  if (!v.autoTranscribeAudio) return null;
  return (
    <SliderRow
      label={t('voice.auto_send')}
      value={v.autoSendText}
      {...AUTO_SEND_TEXT}
      step={1}
      shown={v.autoSendText < 0 ? t('voice.off') : t('voice.seconds', { count: v.autoSendText })}
      onChange={(value) => v.set('autoSendText', value)}
      testId="auto-send"
    />
  );
}

function AutomaticPlayback() {
  const { t } = useTranslation();
  const v = useVoice();
  return (
    <SwitchRow
      label={t('voice.automatic_playback')}
      description={t('voice.automatic_playback_description')}
      checked={v.automaticPlayback}
      onCheckedChange={(on) => v.set('automaticPlayback', on)}
      testId="automatic-playback"
    />
  );
}

function AutoTranscribe() {
  const { t } = useTranslation();
  const v = useVoice();
  return (
    <SwitchRow
      label={t('voice.auto_transcribe')}
      description={t('voice.auto_transcribe_description')}
      checked={v.autoTranscribeAudio}
      onCheckedChange={(on) => v.set('autoTranscribeAudio', on)}
      testId="auto-transcribe"
    />
  );
}

function Decibels() {
  const { t } = useTranslation();
  const v = useVoice();
  return (
    <SliderRow
      label={t('voice.decibels')}
      value={v.decibelValue}
      min={DECIBEL_VALUE.min}
      max={DECIBEL_VALUE.max}
      step={1}
      shown={`${v.decibelValue} dB`}
      onChange={(value) => v.set('decibelValue', value)}
      testId="decibels"
    />
  );
}

function BrowserVoices() {
  const { t } = useTranslation();
  const v = useVoice();
  if (v.engineTTS !== 'browser') return null;
  return (
    <SwitchRow
      label={t('voice.cloud_browser_voices')}
      checked={v.cloudBrowserVoices}
      onCheckedChange={(on) => v.set('cloudBrowserVoices', on)}
      testId="cloud-browser-voices"
    />
  );
}

function PlaybackRate() {
  const { t, i18n } = useTranslation();
  const v = useVoice();
  return (
    <SliderRow
      label={t('voice.playback_rate')}
      value={v.playbackRate}
      min={PLAYBACK_RATE.min}
      max={PLAYBACK_RATE.max}
      step={PLAYBACK_RATE.step}
      shown={`${v.playbackRate.toLocaleString(i18n.language)}×`}
      onChange={(value) => v.set('playbackRate', Math.round(value * 10) / 10)}
      testId="playback-rate"
    />
  );
}

function CacheTts() {
  const { t } = useTranslation();
  const v = useVoice();
  return (
    <SwitchRow
      label={t('voice.cache_tts')}
      checked={v.cacheTTS}
      onCheckedChange={(on) => v.set('cacheTTS', on)}
      testId="cache-tts"
    />
  );
}
