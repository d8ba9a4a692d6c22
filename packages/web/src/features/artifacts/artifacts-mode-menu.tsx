import { Check, Shapes } from 'lucide-react';
import { DropdownMenu } from '../../components/ui/deferred-menu';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';

/** The conversation's artifacts modes (the server's prompt variants); null is off. */
const MODES = [null, 'default', 'shadcnui', 'custom'] as const;
type Mode = (typeof MODES)[number];

const ITEM =
  'flex cursor-pointer items-center gap-2.5 rounded-lg px-2.5 py-2 text-sm outline-none data-[highlighted]:bg-surface-muted';

export function modeOf(value: unknown): Mode {
  return (MODES as readonly unknown[]).includes(value) ? (value as Mode) : null;
}

/**
 * The header's artifacts switch: off, on (React, Tailwind, icons, charts), on with the shadcn/ui
 * components, or the custom prompt mode. Kept in the conversation's `artifacts` field (sent with
 * every request, stored with the conversation); off by default.
 */
export function ArtifactsModeMenu({
  value,
  onChange,
}: {
  value: unknown;
  onChange: (mode: string | null) => void;
}) {
  const { t } = useTranslation();
  const mode = modeOf(value);
  const label = (m: Mode) => t(m === null ? 'com_ui_artifacts_off' : `com_ui_artifacts_${m}`);
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <button
          type="button"
          aria-label={`${t('com_ui_artifacts_mode')}: ${label(mode)}`}
          data-testid="artifacts-mode"
          data-mode={mode ?? 'off'}
          className={clsx(
            // Labelled in words where the header has room (a header 56 rem wide, so not beside an open
            // artifacts panel): an unnamed shapes icon did not say
            // that artifacts (off by default) are turned on here.
            'flex h-8 min-w-8 items-center justify-center gap-1.5 rounded-lg px-2 text-[13px] transition-colors hover:bg-surface-muted',
            mode ? 'text-accent' : 'text-fg-muted',
          )}
        >
          <Shapes className="size-4 shrink-0" aria-hidden />
          <span className="hidden @4xl:inline" data-testid="artifacts-mode-label">
            {t('com_ui_artifacts')}
          </span>
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={6}
          className="animate-fade-in z-50 min-w-52 rounded-xl border border-border bg-surface-raised p-1.5 text-fg shadow-xl shadow-black/10"
        >
          <DropdownMenu.Label className="px-2.5 py-1.5 text-xs font-medium text-fg-muted">
            {t('com_ui_artifacts_mode')}
          </DropdownMenu.Label>
          {MODES.map((m) => (
            <DropdownMenu.Item
              key={m ?? 'off'}
              className={ITEM}
              data-testid={`artifacts-mode-${m ?? 'off'}`}
              onSelect={() => onChange(m)}
            >
              <Check className={clsx('size-4', m === mode ? 'opacity-100' : 'opacity-0')} aria-hidden />
              {label(m)}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
