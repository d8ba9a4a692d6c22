import { useEffect, useState } from 'react';
import { useExternalVoices } from './speech-queries';
import { useVoice } from './voice-store';

/** The voices of the chosen engine: the server's, or the browser's (local ones unless cloud voices are on). */
export function useVoiceOptions(): string[] {
  const engine = useVoice((s) => s.engineTTS);
  const external = useVoice((s) => s.ttsExternal);
  const cloud = useVoice((s) => s.cloudBrowserVoices);
  const server = useExternalVoices(engine === 'external' && external);
  const [browser, setBrowser] = useState<SpeechSynthesisVoice[]>([]);
  useEffect(() => {
    if (typeof speechSynthesis === 'undefined') return;
    const read = () => setBrowser(speechSynthesis.getVoices());
    read();
    speechSynthesis.addEventListener('voiceschanged', read);
    return () => speechSynthesis.removeEventListener('voiceschanged', read);
  }, []);
  if (engine === 'external') return server.data ?? [];
  return browser.filter((v) => cloud || v.localService).map((v) => v.name);
}
