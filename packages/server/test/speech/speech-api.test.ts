import { SIM_TRANSCRIPT, encodeWav, speechDurationMs } from '@parley/llm-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChatFixture, type ChatFixture } from '../chat/chat-fixture.ts';

const SPEECH_YAML = `
speech:
  tts:
    openai: { url: SIM_URL/v1, apiKey: sk-test, model: tts-1, voices: [alloy, nova] }
  stt:
    openai: { url: SIM_URL/v1, apiKey: sk-test, model: whisper-1 }
  speechTab:
    conversationMode: true
    speechToText: { languageSTT: en-US, autoSendText: 2 }
    textToSpeech: false
rateLimits:
  stt: { userMax: 12, userWindowInMinutes: 1 }
`;

/** Bytes of the simulator's silent MP3 for a text (417-byte frames of 26.12 ms). */
const mp3Bytes = (text: string) =>
  Math.max(1, Math.round(speechDurationMs(text) / ((1152 / 44100) * 1000))) * 417;

describe('speech API (/api/files/speech)', () => {
  let chat: ChatFixture;
  const post = (path: string, token: string, init: { json?: unknown; form?: FormData } = {}) =>
    chat.server.api(path, { method: 'POST', token, json: init.json, body: init.form });
  const recording = (bytes: Buffer, name = 'audio.webm', type = 'audio/webm') => {
    const form = new FormData();
    form.append('audio', new Blob([bytes], { type }), name);
    return form;
  };

  beforeAll(async () => {
    chat = await startChatFixture({ extraYaml: SPEECH_YAML });
  });
  afterAll(() => chat.stop());

  it("merges parley.yaml's speechTab into the voice settings and lists the voices", async () => {
    const config = await (
      await chat.server.api('/api/files/speech/config/get', { token: chat.alice.token })
    ).json();
    expect(config).toEqual({
      conversationMode: true,
      speechToText: true,
      languageSTT: 'en-US',
      autoSendText: 2,
      textToSpeech: false,
      engineSTT: 'external',
      engineTTS: 'external',
      sttExternal: true,
      ttsExternal: true,
    });
    const voices = await chat.server.api('/api/files/speech/tts/voices', { token: chat.alice.token });
    expect(await voices.json()).toEqual(['alloy', 'nova']);
    expect((await chat.server.api('/api/files/speech/tts/voices')).status).toBe(401);
  });

  it('speaks a text (JSON or multipart) as streamed audio/mpeg whose length follows the text', async () => {
    const text = 'Hello there. This is spoken.';
    const res = await post('/api/files/speech/tts/manual', chat.alice.token, {
      json: { input: text, voice: 'nova' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect((await res.arrayBuffer()).byteLength).toBe(mp3Bytes(text));

    const form = new FormData();
    form.append('input', 'Multipart works too.');
    form.append('voice', 'alloy');
    const viaForm = await post('/api/files/speech/tts/manual', chat.alice.token, { form });
    expect((await viaForm.arrayBuffer()).byteLength).toBe(mp3Bytes('Multipart works too.'));

    // Longer than one request may carry: spoken in pieces, one after the other, in one answer.
    const sentence = 'This sentence is here to make a long text. ';
    const long = sentence.repeat(150).trim();
    const pieces = await post('/api/files/speech/tts/manual', chat.alice.token, { json: { input: long } });
    expect((await pieces.arrayBuffer()).byteLength).toBeGreaterThan(mp3Bytes(long.slice(0, 4000)));
  });

  it("speaks one of the caller's saved messages, never another user's", async () => {
    const events = await (await chat.send({ text: 'Read this **aloud**, please.' })).rest();
    const final = events.find((e) => e.data?.final)!.data;
    const messageId = final.responseMessage.messageId as string;
    const res = await post('/api/files/speech/tts', chat.alice.token, {
      json: { messageId, voice: 'alloy' },
    });
    expect(res.status).toBe(200);
    // The markdown's emphasis is not spoken.
    expect((await res.arrayBuffer()).byteLength).toBe(mp3Bytes('Read this aloud, please.'));
    const bobs = await post('/api/files/speech/tts', chat.bob.token, { json: { messageId } });
    expect(bobs.status).toBe(404);
    expect(((await bobs.json()) as { message: string }).message).toBe('Message not found');
    expect((await post('/api/files/speech/tts', chat.alice.token, { json: {} })).status).toBe(400);
  });

  it('transcribes a recording through the configured service', async () => {
    const said = encodeWav(
      Float32Array.from({ length: 4800 }, (_, i) => Math.sin(i / 3) / 2),
      24_000,
      'Round trip.',
    );
    const wav = await post('/api/files/speech/stt', chat.alice.token, {
      form: recording(said, 'audio.wav', 'audio/wav'),
    });
    expect(await wav.json()).toEqual({ text: 'Round trip.' });
    // What MediaRecorder uploads (WebM), whatever name and type the browser gave it.
    const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(500, 1)]);
    const res = await post('/api/files/speech/stt', chat.alice.token, {
      form: recording(webm, 'x.bin', 'text/plain'),
    });
    expect(await res.json()).toEqual({ text: SIM_TRANSCRIPT });
  });

  it('refuses bad recordings and bad speech requests with a clear 4xx', async () => {
    const token = chat.alice.token;
    const stt = async (form: FormData | undefined, json?: unknown) => {
      const res = await post('/api/files/speech/stt', token, { form, json });
      return { status: res.status, message: ((await res.json()) as { message: string }).message };
    };
    expect(await stt(recording(Buffer.from('just some text, not audio')))).toEqual({
      status: 415,
      message: 'The file is not audio in a known format',
    });
    expect(await stt(recording(Buffer.alloc(0)))).toEqual({
      status: 400,
      message: 'The audio was too short',
    });
    expect((await stt(new FormData())).status).toBe(400);
    expect((await stt(undefined, { audio: 'base64?' })).status).toBe(400);
    const huge = Buffer.concat([Buffer.from('RIFF\0\0\0\0WAVE'), Buffer.alloc(25 * 1024 * 1024 + 10)]);
    expect(await stt(recording(huge, 'huge.wav'))).toEqual({
      status: 413,
      message: 'The recording is larger than 25 MB',
    });
    // The service's own refusal (a click too short to transcribe) reaches the user as a 502.
    const click = await stt(recording(encodeWav(new Float32Array(100), 16_000), 'click.wav'));
    expect(click.status).toBe(502);
    expect(click.message).toMatch(/too short/);

    const tts = async (json: unknown) => {
      const res = await post('/api/files/speech/tts/manual', token, { json });
      return { status: res.status, message: ((await res.json()) as { message: string }).message };
    };
    // Empty and huge texts (what a sentence of a streamed answer could be) say what is wrong.
    expect(await tts({ input: '   ' })).toEqual({
      status: 400,
      message: expect.stringContaining('input is required'),
    });
    expect(await tts({ input: 'x'.repeat(20_001) })).toEqual({
      status: 400,
      message: expect.stringContaining('input is too long (at most 20000 characters)'),
    });
    expect((await tts({ input: 42 })).status).toBe(400);
    expect((await tts('not json at all')).status).toBe(400);
  });

  it('counts transcriptions against the stt limit', async () => {
    const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(100)]);
    let last: Response | undefined;
    for (let i = 0; i < 13 && last?.status !== 429; i++) {
      last = await post('/api/files/speech/stt', chat.bob.token, { form: recording(webm) });
    }
    expect(last!.status).toBe(429);
    expect(await last!.json()).toMatchObject({ code: 'rate_limited', type: 'stt_limit' });
  });
});
