// `disconnect`: a few tokens, then the connection drops without a finish or `[DONE]`, like an
// upstream crash; clients must surface it as an error, not as a complete answer.
import type { Behaviour } from './behaviour.ts';

export const DISCONNECT_TEXT = 'This answer will be cut off';

export const disconnect: Behaviour = () => ({
  events: [{ type: 'text', text: DISCONNECT_TEXT }, { type: 'disconnect' }],
});
