import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useStartupConfig } from '../../api/startup-queries';
import { LogoMark } from '../../components/ui/logo';
import { useAuth } from '../../store/auth-store';
import { fillWelcome, greetingKey } from './greeting';

/**
 * The landing state of a new or empty chat: logo, greeting by the hour or customWelcome, then
 * `above` (an agent's name and conversation starters) over the centred message box.
 */
export function Landing({ children, above }: { children?: ReactNode; above?: ReactNode }) {
  const { t } = useTranslation();
  const user = useAuth((s) => s.user);
  const { data: config } = useStartupConfig();
  const name = user?.name?.split(' ')[0] ?? '';
  const greeting = useMemo(() => {
    const custom = config?.interface.customWelcome;
    if (custom) return fillWelcome(custom, user?.name ?? '');
    const key = greetingKey(new Date());
    return name ? t(`${key}_name`, { name }) : t(key);
  }, [config?.interface.customWelcome, user?.name, name, t]);

  return (
    <div className="flex min-h-0 flex-1 flex-col items-center justify-center gap-5 overflow-y-auto px-4 pb-10 text-center">
      <LogoMark className="size-12" />
      <h2
        className="max-w-xl text-2xl font-semibold tracking-tight text-fg sm:text-3xl"
        data-testid="greeting"
      >
        {greeting}
      </h2>
      {above}
      {children && <div className="mt-3 w-full max-w-3xl text-start">{children}</div>}
    </div>
  );
}
