import { addAreaStrings } from '../../../i18n';
import english from '../../../i18n/locales/en/admin-console.json';

/**
 * The console's strings, loaded with its code. They are English only for now (no other locale
 * has this file, so every language falls back to English); translations come later.
 */
export function addAdminConsoleStrings(): void {
  addAreaStrings('admin-console', english, {});
}
