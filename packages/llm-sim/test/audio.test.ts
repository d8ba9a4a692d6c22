// Speech and transcription through the official `openai` client: audio whose length follows the
// text, a WAV that transcribes back to what it said, a fixed transcript for other recordings, and
// OpenAI's 400s for what it cannot use.
import OpenAI, { APIError, toFile } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SIM_TRANSCRIPT,
  decodeWav,
  encodeWav,
  speechDurationMs,
  startSimulator,
  type SimServer,
} from '../src/index.ts';

let sim: SimServer;
let client: OpenAI;

beforeAll(async () => {
  sim = await startSimulator();
  client = new OpenAI({ baseURL: `${sim.url}/v1`, apiKey: 'x', maxRetries: 0 });
});
afterAll(() => sim.close());

const speak = async (input: string, response_format?: 'mp3' | 'wav' | 'pcm', speed?: number) =>
  Buffer.from(
    await (
      await client.audio.speech.create({ model: 'tts-1', voice: 'alloy', input, response_format, speed })
    ).arrayBuffer(),
  );

describe('POST /v1/audio/speech', () => {
  it('writes a WAV whose length follows the text and which carries it', async () => {
    const short = decodeWav(await speak('Hello there.', 'wav'))!;
    const long = decodeWav(await speak('Hello there. This sentence is a good deal longer.', 'wav'))!;
    expect(short).toMatchObject({ sampleRate: 24_000, channels: 1, comment: 'Hello there.' });
    expect(short.durationMs).toBe(speechDurationMs('Hello there.'));
    expect(long.durationMs).toBeGreaterThan(short.durationMs * 3);
    expect(short.peak).toBeGreaterThan(0.2);
    expect(decodeWav(await speak('Hello there.', 'wav', 2))!.durationMs).toBe(
      speechDurationMs('Hello there.', 2),
    );
  });

  it('answers MPEG audio by default (frames of silence as long as the speech)', async () => {
    const mp3 = await speak('Hello there.');
    expect(mp3[0]).toBe(0xff);
    expect(mp3[1]! & 0xe0).toBe(0xe0);
    // 417 bytes per 26.1 ms frame.
    expect(Math.round((mp3.length / 417) * 26.12)).toBeCloseTo(speechDurationMs('Hello there.'), -2);
  });

  it('refuses what OpenAI refuses', async () => {
    const refused = async (body: Record<string, unknown>) => {
      const res = await fetch(`${sim.url}/v1/audio/speech`, {
        method: 'POST',
        headers: { authorization: 'Bearer x', 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'tts-1', voice: 'alloy', input: 'hi', ...body }),
      });
      return {
        status: res.status,
        message: ((await res.json()) as { error: { message: string } }).error.message,
      };
    };
    expect(await refused({ input: '' })).toEqual({
      status: 400,
      message: "Missing required parameter: 'input'.",
    });
    expect((await refused({ input: 'x'.repeat(4097) })).message).toMatch(/too long/);
    expect((await refused({ voice: 'robot' })).message).toMatch(/'voice' must be one of/);
    expect((await refused({ response_format: 'opus' })).status).toBe(400);
    expect((await refused({ speed: 9 })).status).toBe(400);
    const wrongKey = await fetch(`${sim.url}/v1/audio/speech`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk-invalid' },
      body: '{}',
    });
    expect(wrongKey.status).toBe(401);
  });
});

describe('POST /v1/audio/transcriptions', () => {
  const transcribe = async (bytes: Buffer, name = 'audio.wav') =>
    client.audio.transcriptions.create({ model: 'whisper-1', file: await toFile(bytes, name) });

  it('gives back what a simulated WAV said, and the fixed transcript for other recordings', async () => {
    const said = 'Speech comes back as the same text.';
    expect((await transcribe(await speak(said, 'wav'))).text).toBe(said);
    const tone = encodeWav(
      Float32Array.from({ length: 8000 }, (_, i) => 0.5 * Math.sin(i / 5)),
      16_000,
    );
    expect((await transcribe(tone)).text).toBe(SIM_TRANSCRIPT);
    expect((await transcribe(encodeWav(new Float32Array(8000), 16_000))).text).toBe('');
    // A WebM recording (EBML header), as MediaRecorder writes.
    const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(200)]);
    expect((await transcribe(webm, 'recording.webm')).text).toBe(SIM_TRANSCRIPT);
  });

  it('refuses an empty, too short or unknown file with OpenAI’s 400', async () => {
    const refused = async (bytes: Buffer, name: string) => {
      const error = await transcribe(bytes, name).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(APIError);
      return error as APIError;
    };
    expect((await refused(Buffer.from('not audio at all'), 'notes.txt')).message).toMatch(
      /Invalid file format/,
    );
    expect((await refused(Buffer.alloc(0), 'empty.wav')).status).toBe(400);
    expect((await refused(encodeWav(new Float32Array(100), 16_000), 'click.wav')).message).toMatch(
      /too short/,
    );
    const noFile = await fetch(`${sim.url}/v1/audio/transcriptions`, {
      method: 'POST',
      headers: { authorization: 'Bearer x' },
      body: (() => {
        const form = new FormData();
        form.append('model', 'whisper-1');
        return form;
      })(),
    });
    expect(noFile.status).toBe(400);
  });
});
