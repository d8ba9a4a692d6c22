// Silent MPEG-1 Layer III: the speech endpoint's default format (OpenAI answers mp3 unless asked
// otherwise). Every frame is a valid header followed by zeroed side information and main data,
// which decoders play as silence, so any number of frames is a well-formed stream of that length.

/** MPEG-1 Layer III, no CRC, 128 kbit/s, 44.1 kHz, no padding, mono. */
const FRAME_HEADER = Buffer.from([0xff, 0xfb, 0x90, 0xc4]);
/** 144 × bitrate / sample rate. */
const FRAME_BYTES = Math.floor((144 * 128_000) / 44_100);
/** 1152 samples at 44.1 kHz. */
export const MP3_FRAME_MS = (1152 / 44_100) * 1000;

/** A silent MP3 of about `durationMs` (whole frames, at least one). */
export function silentMp3(durationMs: number): Buffer {
  const frames = Math.max(1, Math.round(durationMs / MP3_FRAME_MS));
  const frame = Buffer.alloc(FRAME_BYTES);
  FRAME_HEADER.copy(frame);
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}

/** Whether the bytes start with an MPEG audio frame or an ID3 tag. */
export function looksLikeMp3(bytes: Buffer): boolean {
  if (bytes.length >= 3 && bytes.toString('ascii', 0, 3) === 'ID3') return true;
  return bytes.length >= 2 && bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0;
}
