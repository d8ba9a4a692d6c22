// POST /v1/embeddings: deterministic hashed bag-of-words vectors, OpenAI's shape, and the trouble words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type SimServer } from '../src/index.ts';
import { embedText } from '../src/openai/embeddings.ts';

let sim: SimServer;
beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(() => sim.close());

function embed(body: unknown): Promise<Response> {
  return fetch(`${sim.url}/v1/embeddings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer sk-sim' },
    body: JSON.stringify(body),
  });
}

const cosine = (a: number[], b: number[]) => a.reduce((sum, x, i) => sum + x * b[i]!, 0);

describe('embeddings', () => {
  it('answers one unit vector per input, in order, the same for the same text', async () => {
    const res = await embed({
      model: 'sim-embed',
      input: ['otters hold hands', 'tax forms', 'otters hold hands'],
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { index: number; embedding: number[] }[]; model: string };
    expect(body.model).toBe('sim-embed');
    expect(body.data.map((d) => d.index)).toEqual([0, 1, 2]);
    for (const { embedding } of body.data) {
      expect(embedding).toHaveLength(256);
      expect(Math.hypot(...embedding)).toBeCloseTo(1, 6);
    }
    expect(body.data[2]!.embedding).toEqual(body.data[0]!.embedding);
    expect(body.data[0]!.embedding).toEqual(embedText('otters hold hands', 256));
  });

  it('puts texts that share words closer than texts that do not', () => {
    const query = embedText('how do otters sleep', 256);
    const near = embedText('Sea otters sleep holding hands so they do not drift apart', 256);
    const far = embedText('Quarterly revenue grew by four percent', 256);
    expect(cosine(query, near)).toBeGreaterThan(cosine(query, far) + 0.2);
  });

  it('honours dimensions and refuses bad requests with OpenAI errors', async () => {
    const sized = (await (await embed({ model: 'sim-embed', input: 'x', dimensions: 8 })).json()) as {
      data: { embedding: number[] }[];
    };
    expect(sized.data[0]!.embedding).toHaveLength(8);
    expect((await embed({ model: 'nope', input: 'x' })).status).toBe(404);
    expect((await embed({ model: 'sim-embed', input: [] })).status).toBe(400);
    expect((await embed({ model: 'sim-embed', input: [1, 2] })).status).toBe(400);
    expect((await embed({ model: 'sim-embed', input: 'x', dimensions: 0 })).status).toBe(400);
    const wrongKey = await fetch(`${sim.url}/v1/embeddings`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk-invalid' },
      body: JSON.stringify({ model: 'sim-embed', input: 'x' }),
    });
    expect(wrongKey.status).toBe(401);
  });

  it('misbehaves on the trouble words', async () => {
    expect((await embed({ model: 'sim-embed', input: ['fine', 'sim-500'] })).status).toBe(500);
    expect(await (await embed({ model: 'sim-embed', input: 'sim-garbage' })).text()).toContain('not json');
    const short = (await (await embed({ model: 'sim-embed', input: 'sim-wrong-dimensions' })).json()) as {
      data: { embedding: number[] }[];
    };
    expect(short.data[0]!.embedding).toHaveLength(255);
  });
});
