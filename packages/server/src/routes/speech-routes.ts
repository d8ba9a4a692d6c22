import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { MultipartFile } from '@fastify/multipart';
import { STT_MAX_BYTES, ttsManualRequestSchema, ttsMessageRequestSchema } from '@parley/schema';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { AppError, badRequest } from '../errors/app-error.ts';
import { authenticate, currentUser } from '../http/authenticate.ts';
import { parse } from '../http/validate.ts';
import { RateLimiter, type LimitRule } from '../services/rate-limit/rate-limiter.ts';
import { AUDIO_FILE_NAMES, sniffAudio } from '../services/speech/audio-type.ts';
import { speechLimits } from '../services/speech/speech-limits.ts';
import { SpeechService } from '../services/speech/speech-service.ts';
import type { Recording } from '../services/speech/stt-provider.ts';

/**
 * Voice: the server's speech settings, the voices, text to speech (a saved message, or a
 * text) streamed as audio, and speech to text of an uploaded recording. Speaking and transcribing
 * count against the `tts_limit` and `stt_limit` rate limits.
 */
export async function speechRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const speech = new SpeechService(ctx.db, ctx.config.yaml.speech);
  const limiter = new RateLimiter(ctx.bus, ctx.bans);
  const limits = {
    stt: speechLimits('stt', ctx.config.yaml.rateLimits?.stt),
    tts: speechLimits('tts', ctx.config.yaml.rateLimits?.tts),
  };
  const auth = { preHandler: authenticate(ctx) };
  const count = async (request: FastifyRequest, rules: { ip: LimitRule; user: LimitRule }) => {
    await limiter.hit(rules.ip, [`ip:${request.ip}`]);
    await limiter.hit(rules.user, [`user:${currentUser(request).id}`]);
  };

  app.get('/api/files/speech/config/get', auth, async () => speech.config);
  app.get('/api/files/speech/tts/voices', auth, async () => speech.voices());

  app.post('/api/files/speech/tts', auth, async (request, reply) => {
    const body = parse(ttsMessageRequestSchema, request.body);
    await count(request, limits.tts);
    const text = await speech.messageText(currentUser(request).id, body.messageId);
    return sendAudio(request, reply, (signal) => speech.speak(text, body.voice, signal));
  });

  await app.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: STT_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 100_000 },
    });

    scope.post('/api/files/speech/tts/manual', auth, async (request, reply) => {
      const fields = request.isMultipart() ? (await readForm(request)).fields : request.body;
      const body = parse(ttsManualRequestSchema, fields);
      await count(request, limits.tts);
      return sendAudio(request, reply, (signal) => speech.speak(body.input, body.voice, signal));
    });

    scope.post('/api/files/speech/stt', auth, async (request) => {
      if (!request.isMultipart()) throw badRequest('A multipart upload with an audio file is required');
      await count(request, limits.stt);
      const { recording, fields } = await readForm(request);
      if (!recording) throw badRequest('A multipart upload with an audio file is required');
      const abort = abortOnClose(request);
      return { text: await speech.transcribe(recording, fields.language, abort.signal) };
    });
  });
}

/** Streams the audio as `audio/mpeg`; the upstream requests stop when the client goes away. */
async function sendAudio(
  request: FastifyRequest,
  reply: FastifyReply,
  speak: (signal: AbortSignal) => Promise<AsyncIterable<Uint8Array>>,
) {
  const abort = abortOnClose(request);
  const audio = await speak(abort.signal);
  return reply
    .header('content-type', 'audio/mpeg')
    .header('cache-control', 'no-store')
    .send(Readable.from(audio));
}

function abortOnClose(request: FastifyRequest): AbortController {
  const abort = new AbortController();
  request.raw.once('close', () => abort.abort());
  return abort;
}

/**
 * The form's text fields and its audio file (field `audio`, or `file`), read whole: recordings
 * are small and the service needs the bytes. A file that is over the limit, empty, or not audio
 * by its first bytes is refused.
 */
async function readForm(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; recording?: Recording }> {
  const fields: Record<string, string> = {};
  let recording: Recording | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      const file = part as MultipartFile;
      if ((file.fieldname !== 'audio' && file.fieldname !== 'file') || recording) {
        file.file.resume();
        continue;
      }
      const bytes = await file.toBuffer();
      if (file.file.truncated) {
        throw new AppError(
          'file_too_large',
          `The recording is larger than ${STT_MAX_BYTES / 1024 / 1024} MB`,
        );
      }
      if (bytes.length === 0) throw badRequest('The audio was too short');
      const type = sniffAudio(bytes.subarray(0, 16));
      if (!type) throw new AppError('unsupported_media_type', 'The file is not audio in a known format');
      recording = { bytes, mimeType: type, filename: AUDIO_FILE_NAMES[type]! };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 413) throw new AppError('payload_too_large', 'The upload has too many parts or fields');
    throw badRequest('The multipart upload is malformed');
  }
  return { fields, recording };
}
