// POST /v1/audio/transcriptions (OpenAI): multipart `file` and `model` in, `{ text }` out. What
// the transcript is, deterministically:
// - a WAV the speech endpoint wrote: the text it spoke (a round trip);
// - a silent WAV: an empty transcript;
// - any other audio it recognises (WAV, WebM, Ogg, MP3, MP4, FLAC): SIM_TRANSCRIPT — what a
//   browser's fake microphone records is transcribed to that;
// - anything else, an empty file or a WAV under 0.1 s: OpenAI's 400s.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readRaw, sendJson } from '../http.ts';
import { sendOpenAIError } from '../openai/errors.ts';
import { badRequest } from '../sim-errors.ts';
import { looksLikeMp3 } from './mp3.ts';
import { parseMultipart } from './multipart.ts';
import { decodeWav } from './wav.ts';

export const SIM_TRANSCRIPT = 'What is the capital of Portugal?';
/** OpenAI's upload limit for transcriptions. */
export const TRANSCRIPTION_MAX_BYTES = 25 * 1024 * 1024;
const MIN_DURATION_MS = 100;
const SILENCE_PEAK = 0.01;

export async function handleTranscriptions(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const raw = await readRaw(req, TRANSCRIPTION_MAX_BYTES + 64 * 1024);
  if (!raw) {
    return sendOpenAIError(res, {
      ...badRequest('Maximum content size limit (26214400) exceeded.'),
      status: 413,
    });
  }
  const parts = parseMultipart(req.headers['content-type'], raw);
  if (!parts) return sendOpenAIError(res, badRequest('The request must be multipart/form-data.'));
  const field = (name: string) => parts.find((p) => p.name === name);
  if (!field('model')?.data.length)
    return sendOpenAIError(res, badRequest("Missing required parameter: 'model'.", 'model'));
  const file = field('file');
  if (!file?.filename) return sendOpenAIError(res, badRequest("Missing required parameter: 'file'.", 'file'));
  const text = transcribe(file.data);
  if (typeof text !== 'string') return sendOpenAIError(res, badRequest(text.error, 'file'));
  const format = field('response_format')?.data.toString() ?? 'json';
  if (format === 'text') {
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
    return void res.end(text);
  }
  sendJson(res, 200, { text });
}

function transcribe(bytes: Buffer): string | { error: string } {
  const wav = decodeWav(bytes);
  if (wav) {
    if (wav.durationMs < MIN_DURATION_MS) {
      return { error: 'Audio file is too short. Minimum audio length is 0.1 seconds.' };
    }
    if (wav.comment !== undefined) return wav.comment;
    return wav.peak < SILENCE_PEAK ? '' : SIM_TRANSCRIPT;
  }
  if (isOtherAudio(bytes)) return SIM_TRANSCRIPT;
  return {
    error: 'Invalid file format. Supported formats: flac, m4a, mp3, mp4, mpeg, mpga, oga, ogg, wav, webm',
  };
}

function isOtherAudio(bytes: Buffer): boolean {
  const ascii = (from: number, to: number) => bytes.toString('ascii', from, to);
  return (
    (bytes.length >= 4 && bytes.readUInt32BE(0) === 0x1a45dfa3) || // WebM / Matroska (EBML)
    ascii(0, 4) === 'OggS' ||
    ascii(0, 4) === 'fLaC' ||
    ascii(4, 8) === 'ftyp' || // MP4 / M4A
    looksLikeMp3(bytes)
  );
}
