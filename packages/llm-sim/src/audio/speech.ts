// POST /v1/audio/speech (OpenAI): text in, audio out. The audio is deterministic and its length
// follows the text: SPEECH_MS_PER_CHAR per character at speed 1, a tone for each word and a short
// silence between words, pitched by voice. `wav` carries the text (see wav.ts); `mp3` (the
// default) is silence of the same length; `pcm` is the WAV's raw 24 kHz samples.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readJsonBody } from '../http.ts';
import { sendOpenAIError } from '../openai/errors.ts';
import { badRequest } from '../sim-errors.ts';
import { silentMp3 } from './mp3.ts';
import { encodeWav } from './wav.ts';

export const SPEECH_MS_PER_CHAR = 60;
export const SPEECH_SAMPLE_RATE = 24_000;
/** OpenAI's limit on `input`. */
export const SPEECH_MAX_INPUT = 4096;
export const SPEECH_VOICES = [
  'alloy',
  'ash',
  'ballad',
  'coral',
  'echo',
  'fable',
  'nova',
  'onyx',
  'sage',
  'shimmer',
  'verse',
];
const FORMATS = { mp3: 'audio/mpeg', wav: 'audio/wav', pcm: 'audio/pcm' } as const;
type SpeechFormat = keyof typeof FORMATS;

interface SpeechRequest {
  input: string;
  voice: string;
  format: SpeechFormat;
  speed: number;
}

export async function handleSpeech(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await readJsonBody(req);
  if (!body.ok) return sendOpenAIError(res, body.error);
  const parsed = parseSpeechRequest(body.value);
  if (typeof parsed === 'string') return sendOpenAIError(res, badRequest(parsed));
  const audio = synthesize(parsed);
  res.writeHead(200, { 'content-type': FORMATS[parsed.format], 'transfer-encoding': 'chunked' });
  // Sent in pieces, as a streaming provider does, so a client can start playing early.
  for (let at = 0; at < audio.length; at += 16_384) res.write(audio.subarray(at, at + 16_384));
  res.end();
}

function parseSpeechRequest(value: unknown): SpeechRequest | string {
  const body = (value ?? {}) as Record<string, unknown>;
  if (typeof body.model !== 'string' || !body.model) return "Missing required parameter: 'model'.";
  if (typeof body.input !== 'string' || !body.input.trim()) return "Missing required parameter: 'input'.";
  if (body.input.length > SPEECH_MAX_INPUT) {
    return `'input' is too long: ${body.input.length} characters, the maximum is ${SPEECH_MAX_INPUT}.`;
  }
  if (typeof body.voice !== 'string' || !SPEECH_VOICES.includes(body.voice)) {
    return `'voice' must be one of ${SPEECH_VOICES.join(', ')}.`;
  }
  const format = body.response_format ?? 'mp3';
  if (typeof format !== 'string' || !(format in FORMATS)) {
    return `The simulator writes response_format ${Object.keys(FORMATS).join(', ')}.`;
  }
  const speed = body.speed ?? 1;
  if (typeof speed !== 'number' || speed < 0.25 || speed > 4) return "'speed' must be between 0.25 and 4.";
  return { input: body.input, voice: body.voice, format: format as SpeechFormat, speed };
}

/** How long the simulator takes to say `text` at `speed`. */
export function speechDurationMs(text: string, speed = 1): number {
  return Math.max(200, Math.round((text.length * SPEECH_MS_PER_CHAR) / speed));
}

function synthesize({ input, voice, format, speed }: SpeechRequest): Buffer {
  const durationMs = speechDurationMs(input, speed);
  if (format === 'mp3') return silentMp3(durationMs);
  const wav = encodeWav(wordTones(input, voice, durationMs), SPEECH_SAMPLE_RATE, input);
  return format === 'wav' ? wav : wav.subarray(wav.indexOf('data') + 8);
}

/** A tone per character of each word, silence for the spaces; the pitch is the voice's. */
function wordTones(text: string, voice: string, durationMs: number): Float32Array {
  const samples = new Float32Array(Math.round((durationMs / 1000) * SPEECH_SAMPLE_RATE));
  const pitch = 180 + 20 * SPEECH_VOICES.indexOf(voice);
  const perChar = samples.length / Math.max(1, text.length);
  for (let i = 0; i < samples.length; i++) {
    const char = text[Math.min(text.length - 1, Math.floor(i / perChar))] ?? ' ';
    samples[i] = /\s/.test(char) ? 0 : 0.3 * Math.sin((2 * Math.PI * pitch * i) / SPEECH_SAMPLE_RATE);
  }
  return samples;
}
