/**
 * The audio container a recording's first bytes show (WAV, WebM, Ogg, MP3, MP4/M4A, FLAC), or
 * null: the browser's declared type is not trusted, a transcription service gets only audio.
 */
export function sniffAudio(head: Buffer): string | null {
  const ascii = (from: number, to: number) => head.toString('ascii', from, to);
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return 'audio/wav';
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return 'audio/webm';
  if (ascii(0, 4) === 'OggS') return 'audio/ogg';
  if (ascii(0, 4) === 'fLaC') return 'audio/flac';
  if (ascii(4, 8) === 'ftyp') return 'audio/mp4';
  if (ascii(0, 3) === 'ID3' || (head.length >= 2 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0)) {
    return 'audio/mpeg';
  }
  return null;
}

/** The file name a transcription service is told (its extension names the container). */
export const AUDIO_FILE_NAMES: Record<string, string> = {
  'audio/wav': 'audio.wav',
  'audio/webm': 'audio.webm',
  'audio/ogg': 'audio.ogg',
  'audio/flac': 'audio.flac',
  'audio/mp4': 'audio.m4a',
  'audio/mpeg': 'audio.mp3',
};
