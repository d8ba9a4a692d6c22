import { plainText, useLive } from '../chat-run';
import type { StreamingAnswers } from '../voice';

/** This tab's live generations as the voice feature reads them to speak answers while they stream. */
export const streamingAnswers: StreamingAnswers = {
  current: () =>
    Object.values(useLive.getState().generations).map((g) => ({
      key: g.key,
      placeholderId: g.placeholderId,
      text: plainText(g.answer.content),
      stopRequested: g.stopRequested,
    })),
  subscribe: (listener) => useLive.subscribe(listener),
};
