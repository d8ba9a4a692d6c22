import {
  speechConfigAnswerSchema,
  sttAnswerSchema,
  ttsManualRequestSchema,
  ttsMessageRequestSchema,
} from '@parley/schema';
import { z } from 'zod';
import type { OperationDoc } from './operation-doc.ts';

const audio = (description: string) => ({ status: 200, description, kind: 'audio' as const });
const LIMIT =
  'Counts against the `tts_limit` rate limit (parley.yaml `rateLimits.tts`). 400 when no text-to-speech service is configured; 502 with its message when the service refuses.';

/** Voice: the speech settings, voices, text to speech and speech to text. */
export const speechOperations: OperationDoc[] = [
  {
    method: 'get',
    path: '/api/files/speech/config/get',
    tag: 'Speech',
    summary: 'The server’s voice settings (parley.yaml speech.speechTab) and which external engines exist',
    description: 'Without a `speech` section: `{ "message": "not_found" }`.',
    access: 'user',
    answers: [{ status: 200, description: 'The settings', schema: speechConfigAnswerSchema }],
  },
  {
    method: 'get',
    path: '/api/files/speech/tts/voices',
    tag: 'Speech',
    summary: 'The voices of the configured text-to-speech service (none without one)',
    access: 'user',
    answers: [{ status: 200, description: 'Voice names', schema: z.array(z.string()) }],
  },
  {
    method: 'post',
    path: '/api/files/speech/tts',
    tag: 'Speech',
    summary: 'Speak one of your saved messages (its markdown reduced to words), streamed',
    description: `404 for a message that is not yours. ${LIMIT}`,
    access: 'user',
    body: ttsMessageRequestSchema,
    answers: [audio('The audio, streamed as it is made')],
  },
  {
    method: 'post',
    path: '/api/files/speech/tts/manual',
    tag: 'Speech',
    summary: 'Speak a text, streamed (JSON, or multipart with the same fields)',
    description: LIMIT,
    access: 'user',
    body: ttsManualRequestSchema,
    answers: [audio('The audio, streamed as it is made')],
  },
  {
    method: 'post',
    path: '/api/files/speech/stt',
    tag: 'Speech',
    summary: 'Transcribe a recording (the file part may also be named `audio`)',
    description:
      'WAV, WebM, Ogg, MP3, MP4 or FLAC by its first bytes (else 415), at most 25 MB (else 413). Counts against the `stt_limit` rate limit. 400 when no speech-to-text service is configured; 502 with its message when the service refuses.',
    access: 'user',
    upload: { fields: z.object({ language: z.string().optional() }) },
    answers: [{ status: 200, description: 'The transcript', schema: sttAnswerSchema }],
  },
];
