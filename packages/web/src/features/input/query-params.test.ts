import { chatFieldKind, type ChatRequest } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { QUERY_SETTING_KINDS, parseChatQuery, setupToQuery, withoutTransient } from './query-params';

describe('QUERY_SETTING_KINDS', () => {
  it('gives every query setting the kind the chat request schema gives it', () => {
    for (const [key, kind] of Object.entries(QUERY_SETTING_KINDS)) {
      expect([key, chatFieldKind(key as keyof ChatRequest)]).toEqual([key, kind]);
    }
  });
});

describe('parseChatQuery', () => {
  it('reads prompt or q and submit', () => {
    expect(parseChatQuery(new URLSearchParams('prompt=hi&submit=true'))).toMatchObject({
      prompt: 'hi',
      submit: true,
      hasTransient: true,
    });
    expect(parseChatQuery(new URLSearchParams('q=hello')).prompt).toBe('hello');
    expect(parseChatQuery(new URLSearchParams('submit=yes')).submit).toBe(false);
  });
  it('parses settings by type and skips invalid values', () => {
    const q = parseChatQuery(
      new URLSearchParams(
        'endpoint=Demo&model=echo&temperature=0.5&top_p=abc&resendFiles=false&thinking=maybe&stop=a,b&foo=1',
      ),
    );
    expect(q.settings).toEqual({
      endpoint: 'Demo',
      model: 'echo',
      temperature: 0.5,
      resendFiles: false,
      stop: ['a', 'b'],
    });
    expect(q.hasTransient).toBe(false);
  });
  it('forces the endpoint for assistant_id and agent_id', () => {
    expect(parseChatQuery(new URLSearchParams('endpoint=openAI&agent_id=a1')).settings.endpoint).toBe(
      'agents',
    );
    expect(parseChatQuery(new URLSearchParams('assistant_id=x')).settings.endpoint).toBe('assistants');
  });
});

describe('withoutTransient', () => {
  it('drops prompt, q and submit and keeps the rest', () => {
    expect(withoutTransient(new URLSearchParams('prompt=a&q=b&submit=true&model=echo')).toString()).toBe(
      'model=echo',
    );
  });
});

describe('setupToQuery', () => {
  it('writes the known settings and reads back the same setup', () => {
    const setup = {
      endpoint: 'Demo',
      endpointType: 'custom',
      model: 'echo',
      temperature: 0.3,
      stop: ['x', 'y'],
      unknown: 1,
      promptPrefix: '',
    };
    const query = setupToQuery(setup);
    expect(query.toString()).toBe('endpoint=Demo&endpointType=custom&model=echo&temperature=0.3&stop=x%2Cy');
    expect(parseChatQuery(query).settings).toEqual({
      endpoint: 'Demo',
      endpointType: 'custom',
      model: 'echo',
      temperature: 0.3,
      stop: ['x', 'y'],
    });
  });
});
