import type { AppConfig } from '../../config/app-config.ts';
import type { Database } from '../../db/client.ts';
import { hasAnyUser } from '../users/user-service.ts';
import { setupOffered } from './setup-service.ts';

/**
 * Whether `/api/config` should send the browser to the setup page. Once an account is seen the
 * answer stays "no" for the life of the process, so the web app's first call costs no query after
 * the first run.
 */
export class FirstRunState {
  private accountSeen = false;

  async setupRequired(db: Database, config: AppConfig): Promise<boolean> {
    if (this.accountSeen || !setupOffered(config)) return false;
    this.accountSeen = await hasAnyUser(db);
    return !this.accountSeen;
  }
}
