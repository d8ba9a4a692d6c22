// Public API of @parley/llm-sim.
export { startSimulator, type SimServer, type StartOptions } from './server.ts';
export { createSimHandler, type SimHandler } from './handler.ts';
export { DEFAULT_SIM_DEFAULTS, type SimDefaults } from './pacing.ts';
export { SIM_MODELS, resolveBehaviour } from './behaviours/registry.ts';
export { simTitle } from './title.ts';
export type { SimStats } from './stats.ts';
export type { ReceivedRequest, RequestObserver } from './serve.ts';
export type { Script, ScriptEvent, SimError, FinishReason } from './script.ts';
export type { SimRequest, SimMessage } from './conversation.ts';
export { SIM_TRANSCRIPT } from './audio/transcriptions.ts';
export { SPEECH_VOICES, speechDurationMs } from './audio/speech.ts';
export { decodeWav, encodeWav, type WavInfo } from './audio/wav.ts';
export { BIG_IMAGE_BYTES, IMAGE_MODELS, imageSeed, pictureFor } from './openai/images.ts';
export { seededPng } from './png.ts';
export { GEMINI_ASPECT_SIZES, GEMINI_IMAGE_MODELS } from './gemini/image-output.ts';
