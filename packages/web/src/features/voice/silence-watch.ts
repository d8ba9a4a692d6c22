import { SILENCE_STOP_MS } from '@parley/schema';

/**
 * Calls `onSilence` once the microphone has stayed under `decibels` for 3 s. The level is
 * the stream's RMS in dBFS, sampled each animation frame. Answers a function that stops watching.
 */
export function watchSilence(stream: MediaStream, decibels: number, onSilence: () => void): () => void {
  const context = new AudioContext();
  const analyser = context.createAnalyser();
  analyser.fftSize = 2048;
  context.createMediaStreamSource(stream).connect(analyser);
  const samples = new Float32Array(analyser.fftSize);
  let quietSince = performance.now();
  let frame = 0;
  const tick = () => {
    analyser.getFloatTimeDomainData(samples);
    const rms = Math.sqrt(samples.reduce((sum, s) => sum + s * s, 0) / samples.length);
    const level = rms > 0 ? 20 * Math.log10(rms) : -Infinity;
    const now = performance.now();
    if (level > decibels) quietSince = now;
    if (now - quietSince >= SILENCE_STOP_MS) return onSilence();
    frame = requestAnimationFrame(tick);
  };
  frame = requestAnimationFrame(tick);
  return () => {
    cancelAnimationFrame(frame);
    void context.close();
  };
}
