import { useStartupConfig } from '../../api/startup-queries';
import { useAuth } from '../../store/auth-store';

/**
 * Whether the timings, tokens and credits line shows under answers: the account's switch, else
 * shown only where balances are on (where the figures are what a person spends).
 */
export function useAnswerFiguresShown(): boolean {
  const choice = useAuth((s) => s.user?.showAnswerFigures ?? null);
  const { data: config } = useStartupConfig();
  return choice ?? config?.balance?.enabled === true;
}
