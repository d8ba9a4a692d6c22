import { use } from 'react';
import { loadAllStrings } from './index';

/**
 * Suspends until every string is loaded. Any page outside the auth flow (the shell, the public
 * share view) calls this at its top, inside a Suspense boundary.
 */
export function useAllStrings(): void {
  use(loadAllStrings());
}
