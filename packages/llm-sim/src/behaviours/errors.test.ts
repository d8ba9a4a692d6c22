import { describe, expect, it } from 'vitest';
import { error429Then500 } from './errors.ts';

const ask = (text: string) =>
  error429Then500({ model: 'error-429-then-500', messages: [{ role: 'user', text }] });
const statusOf = (text: string) => {
  const [event] = ask(text).events;
  return event?.type === 'error' ? event.error.status : undefined;
};

describe('error-429-then-500', () => {
  it('refuses a prompt with 429, then with 500, then 429 again', () => {
    const prompt = `bad day ${Math.random()}`;
    expect([statusOf(prompt), statusOf(prompt), statusOf(prompt)]).toEqual([429, 500, 429]);
  });

  it('counts each prompt on its own', () => {
    const a = `first ${Math.random()}`;
    const b = `second ${Math.random()}`;
    expect([statusOf(a), statusOf(b), statusOf(a), statusOf(b)]).toEqual([429, 429, 500, 500]);
  });
});
