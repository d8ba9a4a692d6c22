// RIFF/WAVE with 16-bit PCM: what the speech endpoint writes and the transcription endpoint reads.
// A WAV the simulator writes carries the text it speaks in a LIST/INFO `ICMT` chunk, which players
// skip, so transcribing that file gives the text back: a round trip a test can check exactly.

export interface WavInfo {
  sampleRate: number;
  channels: number;
  /** Samples per channel. */
  frames: number;
  durationMs: number;
  /** The `ICMT` comment, when the file has one. */
  comment?: string;
  /** Loudest absolute sample of the first channel, 0 to 1 (silence is 0). */
  peak: number;
}

const BITS = 16;

/** A mono 16-bit WAV of `samples` (each -1 to 1), with `comment` as its ICMT chunk. */
export function encodeWav(samples: Float32Array, sampleRate: number, comment?: string): Buffer {
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((s, i) => data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, s)) * 32767), i * 2));
  const chunks = [
    chunk('fmt ', formatChunk(sampleRate)),
    ...(comment ? [infoChunk(comment)] : []),
    chunk('data', data),
  ];
  const body = Buffer.concat([Buffer.from('WAVE'), ...chunks]);
  return Buffer.concat([Buffer.from('RIFF'), u32(body.length), body]);
}

function formatChunk(sampleRate: number): Buffer {
  const format = Buffer.alloc(16);
  format.writeUInt16LE(1, 0); // PCM
  format.writeUInt16LE(1, 2); // mono
  format.writeUInt32LE(sampleRate, 4);
  format.writeUInt32LE(sampleRate * 2, 8); // bytes per second
  format.writeUInt16LE(2, 12); // block align
  format.writeUInt16LE(BITS, 14);
  return format;
}

function infoChunk(comment: string): Buffer {
  const text = Buffer.from(`${comment}\0`, 'utf8');
  return chunk('LIST', Buffer.concat([Buffer.from('INFO'), chunk('ICMT', text)]));
}

function chunk(id: string, payload: Buffer): Buffer {
  // Chunks are padded to an even length.
  const pad = payload.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0);
  return Buffer.concat([Buffer.from(id, 'ascii'), u32(payload.length), payload, pad]);
}

function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n, 0);
  return b;
}

/** Reads a PCM WAV's format, length, loudness and comment; undefined for anything else. */
export function decodeWav(bytes: Buffer): WavInfo | undefined {
  if (
    bytes.length < 12 ||
    bytes.toString('ascii', 0, 4) !== 'RIFF' ||
    bytes.toString('ascii', 8, 12) !== 'WAVE'
  ) {
    return undefined;
  }
  let format: { sampleRate: number; channels: number; bits: number } | undefined;
  let data: Buffer | undefined;
  let comment: string | undefined;
  for (let at = 12; at + 8 <= bytes.length;) {
    const id = bytes.toString('ascii', at, at + 4);
    const size = bytes.readUInt32LE(at + 4);
    const payload = bytes.subarray(at + 8, Math.min(bytes.length, at + 8 + size));
    if (id === 'fmt ' && payload.length >= 16 && payload.readUInt16LE(0) === 1) {
      format = {
        channels: payload.readUInt16LE(2),
        sampleRate: payload.readUInt32LE(4),
        bits: payload.readUInt16LE(14),
      };
    } else if (id === 'data') {
      data = payload;
    } else if (id === 'LIST' && payload.toString('ascii', 0, 4) === 'INFO') {
      comment = infoComment(payload.subarray(4)) ?? comment;
    }
    at += 8 + size + (size % 2);
  }
  if (!format || !data || format.bits !== BITS || format.channels < 1 || format.sampleRate < 1)
    return undefined;
  const frameBytes = format.channels * 2;
  const frames = Math.floor(data.length / frameBytes);
  let peak = 0;
  for (let i = 0; i < frames; i++) peak = Math.max(peak, Math.abs(data.readInt16LE(i * frameBytes)) / 32768);
  return {
    sampleRate: format.sampleRate,
    channels: format.channels,
    frames,
    durationMs: Math.round((frames / format.sampleRate) * 1000),
    ...(comment !== undefined ? { comment } : {}),
    peak,
  };
}

function infoComment(list: Buffer): string | undefined {
  for (let at = 0; at + 8 <= list.length;) {
    const id = list.toString('ascii', at, at + 4);
    const size = list.readUInt32LE(at + 4);
    if (id === 'ICMT') return list.toString('utf8', at + 8, at + 8 + size).replace(/\0+$/, '');
    at += 8 + size + (size % 2);
  }
  return undefined;
}
