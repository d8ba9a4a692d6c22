import { AppError } from '../../errors/app-error.ts';
import type { ViolationBans } from './violation-bans.ts';

/**
 * Whether a User-Agent names a web browser: every current browser sends "Mozilla/5.0" followed
 * by its engine (AppleWebKit, Gecko); curl, SDKs and scripts send their own names.
 */
export function looksLikeBrowser(userAgent: string | undefined): boolean {
  if (!userAgent) return false;
  return /^Mozilla\/5\.0 \(/.test(userAgent) && /(AppleWebKit|Gecko)\//.test(userAgent);
}

/**
 * The non_browser check (NON_BROWSER_VIOLATION_SCORE > 0): a chat request from something that is
 * not a browser is refused with 403 `{type: 'non_browser'}` and counts that score towards a ban.
 */
export async function assertBrowser(
  bans: ViolationBans,
  score: number,
  request: { headers: Record<string, string | string[] | undefined>; ip: string },
  userId: string,
): Promise<void> {
  if (score <= 0) return;
  const agent = request.headers['user-agent'];
  if (looksLikeBrowser(typeof agent === 'string' ? agent : undefined)) return;
  await bans.record('non_browser', [`ip:${request.ip}`, `user:${userId}`]);
  throw new AppError('non_browser', 'Illegal request: chat requests must come from a web browser.', {
    type: 'non_browser',
  });
}
