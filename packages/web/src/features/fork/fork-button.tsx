import { FORK_OPTIONS, type ForkOption, type Message } from '@parley/schema';
import { clsx } from 'clsx';
import { GitFork } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { FORK_LABELS, useForkSettings } from './fork-settings';
import { useFork } from './use-fork';
import { Popover } from '../../components/ui/popover';

/**
 * The message action that forks the conversation at this message. With "remember default" on it
 * forks at once with the Chat tab's mode; otherwise it asks for the mode and split at target.
 */
export function ForkButton({ message, className }: { message: Message; className: string }) {
  const { t } = useTranslation();
  const settings = useForkSettings();
  const fork = useFork();
  const [open, setOpen] = useState(false);
  const [option, setOption] = useState<ForkOption>(settings.forkSetting);
  const [split, setSplit] = useState(settings.splitAtTarget);
  const [remember, setRemember] = useState(false);
  const [pending, setPending] = useState(false);

  const run = async (mode: ForkOption, splitAtTarget: boolean) => {
    setPending(true);
    const ok = await fork(message.conversationId, message.messageId, mode, splitAtTarget);
    setPending(false);
    if (ok) setOpen(false);
  };

  if (settings.rememberDefaultFork) {
    return (
      <button
        type="button"
        className={className}
        onClick={() => void run(settings.forkSetting, settings.splitAtTarget)}
        aria-label={t('com_ui_fork')}
        data-testid="fork-message"
      >
        <GitFork className="size-4" aria-hidden />
      </button>
    );
  }

  const confirm = () => {
    if (remember) {
      settings.set('forkSetting', option);
      settings.set('splitAtTarget', split);
      settings.set('rememberDefaultFork', true);
    }
    void run(option, split);
  };

  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setOption(settings.forkSetting);
          setSplit(settings.splitAtTarget);
        }
      }}

      side="top"
      align="start"
      sideOffset={6}
      className="w-72 p-3"
      testId="fork-popover"
      trigger={
        <button type="button" className={className} aria-label={t('com_ui_fork')} data-testid="fork-message">
          <GitFork className="size-4" aria-hidden />
        </button>
      }
    >
      <p className="mb-2 text-sm font-semibold">{t('com_ui_fork')}</p>
      <div role="radiogroup" aria-label={t('com_ui_fork_default')} className="space-y-1">
        {FORK_OPTIONS.map((mode) => (
          <label
            key={mode}
            className={clsx(
              'flex cursor-pointer gap-2.5 rounded-lg px-2 py-1.5 text-sm hover:bg-surface-muted',
              option === mode && 'bg-surface-muted',
            )}
          >
            <input
              type="radio"
              name="fork-option"
              className="mt-0.5 accent-[var(--color-accent)]"
              checked={option === mode}
              onChange={() => setOption(mode)}
              data-testid={`fork-option-${mode}`}
            />
            <span>
              <span className="block font-medium">{t(FORK_LABELS[mode].label)}</span>
              <span className="block text-xs text-fg-muted">{t(FORK_LABELS[mode].description)}</span>
            </span>
          </label>
        ))}
      </div>
      <div className="mt-2 space-y-1.5 border-t border-border px-2 pt-2 text-sm">
        <label className="flex cursor-pointer items-center gap-2">
          <input
            type="checkbox"
            checked={split}
            onChange={(e) => setSplit(e.target.checked)}
            data-testid="fork-split"
          />
          {t('com_ui_fork_split_target')}
        </label>
        <label className="flex cursor-pointer items-center gap-2">
          <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
          {t('com_ui_fork_remember')}
        </label>
      </div>
      <div className="mt-3 flex justify-end">
        <Button size="sm" loading={pending} onClick={confirm} data-testid="fork-confirm">
          <GitFork className="size-4" aria-hidden />
          {t('com_ui_fork')}
        </Button>
      </div>
    </Popover>
  );
}
