import type { ReactNode } from 'react';
import { LogoMark } from '../../components/ui/logo';
import { BannerSlot } from '../banner';

/** The centred card every account page sits in: banner, logo, title, content, footer. */
export function AuthFrame({
  title,
  children,
  footer,
}: {
  title?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="flex min-h-full flex-col bg-surface-muted dark:bg-surface-sunken">
      <BannerSlot />
      <main className="flex flex-1 flex-col items-center justify-center px-4 py-10 sm:py-16">
        <div className="w-full max-w-[400px]">
          <div className="mb-7 flex justify-center">
            <LogoMark className="size-11" />
          </div>
          <div className="rounded-2xl border border-border bg-surface px-6 py-7 shadow-sm shadow-black/[0.03] sm:px-8 sm:py-8 dark:bg-surface-muted">
            {title && (
              <h1 className="mb-6 text-center text-2xl font-semibold tracking-tight text-fg">{title}</h1>
            )}
            {children}
          </div>
          {footer}
        </div>
      </main>
    </div>
  );
}
