import { z } from 'zod';

/**
 * An authorization server's redirect back to one of Parley's OAuth callbacks (MCP servers',
 * actions'): every parameter optional (each missing one has its own error page), sizes bounded,
 * any other parameter ignored.
 */
export const oauthCallbackQuery = z.looseObject({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(512).optional(),
});
