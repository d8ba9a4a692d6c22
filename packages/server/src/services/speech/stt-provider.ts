import type { SpeechYaml } from '../../config/yaml-sections/speech.ts';
import { detail, upstreamError } from './tts-provider.ts';

type SttYaml = NonNullable<SpeechYaml['stt']>;

export interface Recording {
  bytes: Buffer;
  filename: string;
  mimeType: string;
}

/** The configured speech-to-text service: OpenAI's transcriptions (or compatible) or Azure's. */
export interface SttProvider {
  transcribe(recording: Recording, language: string | undefined, signal: AbortSignal): Promise<string>;
}

export function sttProvider(yaml: SttYaml | undefined): SttProvider | null {
  if (yaml?.openai) {
    const c = yaml.openai;
    const url = `${(c.url ?? 'https://api.openai.com/v1').replace(/\/+$/, '')}/audio/transcriptions`;
    return transcriber(url, { authorization: `Bearer ${c.apiKey}` }, c.model);
  }
  if (yaml?.azureOpenAI) {
    const c = yaml.azureOpenAI;
    const url = `https://${c.instanceName}.openai.azure.com/openai/deployments/${encodeURIComponent(c.deploymentName)}/audio/transcriptions?api-version=${encodeURIComponent(c.apiVersion)}`;
    return transcriber(url, { 'api-key': c.apiKey }, c.deploymentName);
  }
  return null;
}

/** OpenAI's multipart `file` + `model` (+ `language`) request, answered with `{ text }`. */
function transcriber(url: string, headers: Record<string, string>, model: string): SttProvider {
  return {
    async transcribe(recording, language, signal) {
      const form = new FormData();
      form.append(
        'file',
        new Blob([new Uint8Array(recording.bytes)], { type: recording.mimeType }),
        recording.filename,
      );
      form.append('model', model);
      // Whisper takes ISO 639-1: the language of a tag such as en-US.
      const iso = language?.split('-')[0]?.toLowerCase();
      if (iso && /^[a-z]{2}$/.test(iso)) form.append('language', iso);
      const res = await fetch(url, { method: 'POST', headers, body: form, signal }).catch(
        (error: unknown) => {
          throw upstreamError(`The speech-to-text service could not be reached: ${(error as Error).message}`);
        },
      );
      if (!res.ok) {
        throw upstreamError(
          `The speech-to-text service refused the audio (${res.status}): ${await detail(res)}`,
        );
      }
      const body = (await res.json().catch(() => null)) as { text?: unknown } | null;
      if (typeof body?.text !== 'string') throw upstreamError('The speech-to-text service sent no text');
      return body.text.trim();
    },
  };
}
