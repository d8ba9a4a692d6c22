import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserEngine } from './speech-engines';

class FakeUtterance {
  lang = '';
  rate = 1;
  voice: unknown = null;
  constructor(readonly text: string) {}
}

describe('browserEngine', () => {
  afterEach(() => vi.unstubAllGlobals());

  function prepareWith(languageTTS: string) {
    const made: FakeUtterance[] = [];
    vi.stubGlobal(
      'SpeechSynthesisUtterance',
      class extends FakeUtterance {
        constructor(text: string) {
          super(text);
          made.push(this);
        }
      },
    );
    vi.stubGlobal('speechSynthesis', { getVoices: () => [] });
    const engine = browserEngine({ voice: '', playbackRate: 1.5, cacheTTS: false, languageTTS });
    return { made, prepared: engine.prepare('Hola', new AbortController().signal) };
  }

  it('reads in the language of the speech settings', async () => {
    const { made, prepared } = prepareWith('es-ES');
    await prepared;
    expect(made[0]).toMatchObject({ text: 'Hola', lang: 'es-ES', rate: 1.5 });
  });

  it('leaves the language to the page when none is chosen', async () => {
    const { made, prepared } = prepareWith('');
    await prepared;
    expect(made[0]?.lang).toBe('');
  });
});
