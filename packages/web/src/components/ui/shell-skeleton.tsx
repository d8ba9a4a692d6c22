import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepShellDraft, readShellDraft } from '../../lib/shell-draft';

/**
 * A live message box in the skeleton, so the composer is usable from the first paint: what is
 * typed here (or in index.html's box before it) goes to the chat's own box when it mounts
 * (lib/shell-draft.ts). Not on /search, which has no composer.
 */
function StandInBox() {
  const { t } = useTranslation();
  const [start] = useState(readShellDraft);
  const [text, setText] = useState(start.text);
  return (
    <textarea
      data-shell-input
      data-react-box
      data-testid="shell-input"
      aria-label={t('com_ui_message_input')}
      rows={1}
      autoFocus={start.focused}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        keepShellDraft(e.target.value, true);
      }}
      onFocus={(e) => keepShellDraft(e.target.value, true)}
      onBlur={(e) => keepShellDraft(e.target.value, false)}
      className="min-h-10 w-full resize-none bg-transparent py-2 text-[15px] leading-6 outline-none"
    />
  );
}

/**
 * The shell's outline (sidebar, composer) while its code, strings and session arrive. index.html
 * carries the same markup so the first paint already shows it; keep the two alike, or the page
 * jumps when React takes over.
 */
export function ShellSkeleton() {
  const composer = window.location.pathname !== '/search';
  return (
    <div data-shell-frame aria-busy="true" className="flex h-dvh overflow-hidden bg-surface">
      <div className="hidden w-[260px] shrink-0 border-e border-border bg-surface-muted min-[769px]:block dark:bg-surface-sunken" />
      <div className="flex min-w-0 flex-1 flex-col justify-center p-4 max-[767px]:justify-end">
        <div className="mx-auto flex h-14 w-full max-w-3xl items-center rounded-3xl border border-border bg-surface-raised px-4">
          {composer && <StandInBox />}
        </div>
      </div>
    </div>
  );
}
