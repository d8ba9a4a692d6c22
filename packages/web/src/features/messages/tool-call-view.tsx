import { clsx } from 'clsx';
import { ChevronDown, CircleAlert, CircleCheck, CircleSlash, KeyRound, Wrench } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from '../../components/ui/button';
import { addAgentBuilderStrings } from '../../i18n/agent-builder-strings';
import { useSettings } from '../../store/settings-store';
import { ToolCredentialsDialog, useTools } from '../tools';
import {
  DEFAULT_TOOL_PROGRESS,
  argsText,
  authLink,
  credentialsPluginKey,
  openSignInPopup,
  outputText,
  signInStepServer,
  toolCallState,
  type ToolCall,
  type ToolCallState,
} from './tool-call-state';
import { ToolApprovalPrompt, waitsForPerson } from './tool-approval-prompt';

/** How the server's output for a call the person denied begins (tool-call-approval.ts). */
const DECLINED_OUTPUT_START = 'The user declined this call';

// The credential dialog's strings come with the agent builder's, loaded with this view.
addAgentBuilderStrings();

const ICONS: Record<ToolCallState, typeof Wrench> = {
  running: Wrench,
  auth: KeyRound,
  done: CircleCheck,
  error: CircleAlert,
  cancelled: CircleSlash,
};

const LABELS: Record<ToolCallState, string> = {
  running: 'com_ui_tool_running',
  auth: 'com_ui_tool_requires_auth',
  done: 'com_ui_tool_finished',
  error: 'com_ui_tool_error',
  cancelled: 'com_ui_tool_cancelled',
};

/** A sign-in step (the server signing the person in to an MCP server before the run) in words. */
const SIGN_IN_LABELS: Record<ToolCallState, string> = {
  running: 'com_ui_sign_in_step_running',
  auth: 'com_ui_sign_in_step_auth',
  done: 'com_ui_sign_in_step_done',
  error: 'com_ui_sign_in_step_error',
  cancelled: 'com_ui_sign_in_step_cancelled',
};

/**
 * A tool call in an answer: its state (running with its progress, waiting for sign-in, finished,
 * failed, cancelled) and, behind a toggle that starts as the show-code setting says, its arguments
 * and output.
 */
export default function ToolCallView({
  call,
  submitting,
  conversationId,
}: {
  call: ToolCall;
  submitting: boolean;
  /** Where a paused call's reply goes; without it (shared views) the prompt is not offered. */
  conversationId?: string;
}) {
  const { t } = useTranslation();
  const showCode = useSettings((s) => s.showCode);
  const [open, setOpen] = useState(showCode);
  const state = toolCallState(call, submitting);
  const signInServer = signInStepServer(call.name);
  const name = signInServer ?? call.name ?? '';
  const label = (signInServer ? SIGN_IN_LABELS : LABELS)[state];
  const args = argsText(call.args);
  const output = outputText(call.output);
  // A call the person denied finished without running: said so, not "Ran".
  const declined = state === 'done' && output.startsWith(DECLINED_OUTPUT_START);
  const Icon = declined ? CircleSlash : ICONS[state];
  const progress = Math.min(1, Math.max(0, call.progress ?? DEFAULT_TOOL_PROGRESS));
  const waiting = state === 'running' && waitsForPerson(call.approval) ? call.approval : null;
  return (
    <div
      className={clsx(
        'my-2 rounded-xl border text-sm',
        state === 'error' ? 'border-danger/40' : 'border-border',
      )}
      data-testid="tool-call"
      data-state={state}
    >
      <div className="flex items-center">
        <button
          type="button"
          onClick={() => setOpen(!open)}
          aria-expanded={open}
          className="flex min-w-0 flex-1 items-center gap-2 px-3 py-2 text-start text-fg-muted hover:text-fg"
          data-testid="tool-call-toggle"
        >
          <Icon
            className={clsx(
              'size-4 shrink-0',
              state === 'running' && !waiting && 'animate-pulse',
              state === 'error' && 'text-danger',
              state === 'done' && !declined && 'text-success',
            )}
            aria-hidden
          />
          <span className={clsx('flex-1 truncate', state === 'running' && !waiting && 'animate-pulse')}>
            {waiting
              ? t('com_ui_tool_waiting', { name })
              : t(declined ? 'com_ui_tool_declined' : label, { name })}
          </span>
          <ChevronDown className={clsx('size-4 transition-transform', !open && '-rotate-90')} aria-hidden />
        </button>
        {state === 'auth' && <SignInAction call={call} />}
      </div>
      {state === 'running' && call.progress_message && (
        <div className="mx-3 mb-1 truncate text-xs text-fg-muted" data-testid="tool-call-progress-message">
          {call.progress_message}
        </div>
      )}
      {waiting && conversationId && call.id && (
        <ToolApprovalPrompt
          approval={waiting}
          conversationId={conversationId}
          toolCallId={call.id}
          args={args}
        />
      )}
      {state === 'running' && !waiting && (
        <div
          className="mx-3 mb-2 h-1 overflow-hidden rounded-full bg-surface-sunken"
          role="progressbar"
          aria-label={t(label, { name })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress * 100)}
        >
          <div
            className="h-full rounded-full bg-accent transition-[width]"
            style={{ width: `${progress * 100}%` }}
          />
        </div>
      )}
      {open && (
        <div className="space-y-2 border-t border-border px-3 py-2 text-xs" data-testid="tool-call-details">
          <div>
            <div className="mb-1 font-medium text-fg-muted">{t('com_ui_tool_input')}</div>
            <pre className="overflow-x-auto font-mono whitespace-pre-wrap" data-testid="tool-call-args">
              {args || '—'}
            </pre>
          </div>
          {output && (
            <div>
              <div className="mb-1 font-medium text-fg-muted">{t('com_ui_tool_output')}</div>
              <pre
                className={clsx(
                  'max-h-80 overflow-auto font-mono whitespace-pre-wrap',
                  state === 'error' ? 'text-danger' : 'text-fg-muted',
                )}
                data-testid="tool-call-output"
              >
                {output}
              </pre>
            </div>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * The sign-in action of a call that needs the person first: an http(s) link opens in a popup;
 * `plugin:<key>` (or any other auth) opens that tool's credential dialog, its fields as the tool
 * names them.
 */
function SignInAction({ call }: { call: ToolCall }) {
  const { t } = useTranslation();
  const link = authLink(call.auth);
  const { data: tools } = useTools(!link);
  const [open, setOpen] = useState(false);
  if (link) {
    return (
      <a
        href={link}
        target="_blank"
        rel="noopener noreferrer"
        onClick={(event) => {
          // A popup rather than a tab: the sign-in ends on a page that closes itself.
          event.preventDefault();
          openSignInPopup(link);
        }}
        className={buttonClasses('outline', 'sm', 'me-2')}
        data-testid="tool-sign-in"
      >
        {t('com_ui_sign_in')}
      </a>
    );
  }
  const pluginKey = credentialsPluginKey(call.auth) ?? call.name;
  const tool = tools?.find((entry) => entry.pluginKey === pluginKey);
  if (!tool) return null;
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        className="me-2"
        onClick={() => setOpen(true)}
        data-testid="tool-sign-in"
      >
        {t('com_ui_sign_in')}
      </Button>
      {open && <ToolCredentialsDialog tool={tool} open={open} onOpenChange={setOpen} />}
    </>
  );
}
