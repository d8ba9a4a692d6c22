import type { SpeechYaml } from '../../config/yaml-sections/speech.ts';
import { AppError } from '../../errors/app-error.ts';

type TtsYaml = NonNullable<SpeechYaml['tts']>;

/** One request to the configured text-to-speech service. */
export interface TtsRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * The configured text-to-speech service: its voices, and how a text becomes its request. The
 * four shapes of the format: OpenAI's (any compatible server), Azure OpenAI's, ElevenLabs' and
 * LocalAI's.
 */
export interface TtsProvider {
  name: 'openai' | 'azureOpenAI' | 'elevenlabs' | 'localai';
  voices: readonly string[];
  /** The voice to use: the one asked for when the provider has it, else its first. */
  pickVoice(asked: string | undefined): string;
  request(text: string, voice: string): TtsRequest;
}

const json = { 'content-type': 'application/json' };

export function ttsProvider(yaml: TtsYaml | undefined): TtsProvider | null {
  if (!yaml) return null;
  const make = (
    name: TtsProvider['name'],
    voices: readonly string[],
    request: TtsProvider['request'],
  ): TtsProvider => ({
    name,
    voices,
    pickVoice: (asked) => (asked && voices.includes(asked) ? asked : voices[0]!),
    request,
  });
  if (yaml.openai) {
    const c = yaml.openai;
    return make('openai', c.voices, (input, voice) => ({
      url: `${trimSlash(c.url ?? 'https://api.openai.com/v1')}/audio/speech`,
      headers: { ...json, authorization: `Bearer ${c.apiKey}` },
      body: JSON.stringify({ model: c.model, input, voice, response_format: 'mp3' }),
    }));
  }
  if (yaml.azureOpenAI) {
    const c = yaml.azureOpenAI;
    return make('azureOpenAI', c.voices, (input, voice) => ({
      url: `https://${c.instanceName}.openai.azure.com/openai/deployments/${encodeURIComponent(c.deploymentName)}/audio/speech?api-version=${encodeURIComponent(c.apiVersion)}`,
      headers: { ...json, 'api-key': c.apiKey },
      body: JSON.stringify({ model: c.model, input, voice, response_format: 'mp3' }),
    }));
  }
  if (yaml.elevenlabs) {
    const c = yaml.elevenlabs;
    return make('elevenlabs', c.voices, (text, voice) => ({
      url: `${trimSlash(c.url ?? 'https://api.elevenlabs.io/v1')}/text-to-speech/${encodeURIComponent(voice)}/stream`,
      headers: { ...json, 'xi-api-key': c.apiKey, accept: 'audio/mpeg' },
      body: JSON.stringify({
        text,
        model_id: c.model,
        ...(c.voice_settings ? { voice_settings: c.voice_settings } : {}),
        ...(c.pronunciation_dictionary_locators
          ? { pronunciation_dictionary_locators: c.pronunciation_dictionary_locators }
          : {}),
      }),
    }));
  }
  if (yaml.localai) {
    const c = yaml.localai;
    return make('localai', c.voices, (input, voice) => ({
      url: `${trimSlash(c.url)}/tts`,
      headers: { ...json, ...(c.apiKey ? { authorization: `Bearer ${c.apiKey}` } : {}) },
      body: JSON.stringify({ input, model: voice, backend: c.backend }),
    }));
  }
  return null;
}

/** Sends one request; a refusal or an unreachable service is a 502 with what the service said. */
export async function fetchSpeech(request: TtsRequest, signal: AbortSignal): Promise<Response> {
  const res = await fetch(request.url, {
    method: 'POST',
    headers: request.headers,
    body: request.body,
    signal,
  }).catch((error: unknown) => {
    throw upstreamError(`The text-to-speech service could not be reached: ${(error as Error).message}`);
  });
  if (!res.ok || !res.body) {
    throw upstreamError(
      `The text-to-speech service refused the request (${res.status}): ${await detail(res)}`,
    );
  }
  return res;
}

export function upstreamError(message: string): AppError {
  return new AppError('invalid_request_error', message);
}

/** The provider's own error message, when it sent one in OpenAI's shape or as text. */
export async function detail(res: Response): Promise<string> {
  const body = await res.text().catch(() => '');
  try {
    const parsed = JSON.parse(body) as { error?: { message?: string } | string; message?: string };
    const message =
      typeof parsed.error === 'string' ? parsed.error : (parsed.error?.message ?? parsed.message);
    if (message) return message;
  } catch {
    // Not JSON: the text itself.
  }
  return body.slice(0, 300) || res.statusText;
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
