/** Spoken audio kept in the browser's Cache API, keyed by the text spoken. */
const CACHE_NAME = 'tts-responses';

/** The cache key: a same-origin URL naming the text (never fetched). */
function keyOf(text: string, voice: string): string {
  return `/tts-cache/${encodeURIComponent(voice)}/${encodeURIComponent(text.slice(0, 1500))}`;
}

function available(): boolean {
  return typeof caches !== 'undefined';
}

export async function cachedSpeech(text: string, voice: string): Promise<Blob | null> {
  if (!available()) return null;
  const hit = await (await caches.open(CACHE_NAME)).match(keyOf(text, voice));
  return hit ? hit.blob() : null;
}

export async function cacheSpeech(text: string, voice: string, audio: Blob): Promise<void> {
  if (!available()) return;
  await (
    await caches.open(CACHE_NAME)
  ).put(keyOf(text, voice), new Response(audio, { headers: { 'content-type': audio.type } }));
}

/** How many spoken texts are cached (the clear button is off at 0). */
export async function cachedSpeechCount(): Promise<number> {
  if (!available() || !(await caches.has(CACHE_NAME))) return 0;
  return (await (await caches.open(CACHE_NAME)).keys()).length;
}

export async function clearSpeechCache(): Promise<void> {
  if (available()) await caches.delete(CACHE_NAME);
}
