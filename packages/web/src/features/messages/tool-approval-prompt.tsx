import { approvalPending, type PendingToolApproval } from '@parley/schema';
import { CircleHelp, ShieldQuestion } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { chatApi } from '../../api/chat-api';
import { Button } from '../../components/ui/button';

/** Whether a call waits for the person now (the server withdraws it by moving `expires_at` to now). */
export function waitsForPerson(approval: PendingToolApproval | undefined): approval is PendingToolApproval {
  return approvalPending(approval, Date.now());
}

/**
 * A paused tool call's question to the person: Approve / Deny / "always in this conversation" for
 * a call that needs approval, or an agent's `ask_user` question with its choices as buttons (or a
 * text field when it gave none). Sending disables the buttons until the stream moves on; a
 * refusal (answered elsewhere, too late) is shown in place.
 */
export function ToolApprovalPrompt({
  approval,
  conversationId,
  toolCallId,
  args,
}: {
  approval: PendingToolApproval;
  conversationId: string;
  toolCallId: string;
  args: string;
}) {
  const { t } = useTranslation();
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);
  const [text, setText] = useState('');
  const send = (reply: () => Promise<unknown>) => {
    setSending(true);
    setFailed(false);
    reply().catch(() => {
      setFailed(true);
      setSending(false);
    });
  };
  const decide = (decision: 'approve' | 'deny', remember = false) =>
    send(() =>
      chatApi.approveTool({ conversationId, toolCallId, decision, ...(remember ? { remember } : {}) }),
    );
  const answer = (value: string) =>
    send(() => chatApi.answerTool({ conversationId, toolCallId, answer: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) answer(text.trim());
  };
  const question = approval.kind === 'question';
  const Icon = question ? CircleHelp : ShieldQuestion;
  return (
    <div
      className="mx-3 mb-3 rounded-lg border border-accent/40 bg-surface-muted p-3"
      data-testid={question ? 'tool-question' : 'tool-approval'}
      role="group"
      aria-label={question ? t('com_ui_tool_question') : t('com_ui_tool_approval')}
    >
      <div className="mb-2 flex items-start gap-2 font-medium">
        <Icon className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden />
        <span className="break-words whitespace-pre-wrap">
          {question ? approval.question : t('com_ui_tool_approval')}
        </span>
      </div>
      {!question && args && (
        <pre
          className="mb-2 max-h-40 overflow-auto rounded bg-surface-sunken p-2 font-mono text-xs whitespace-pre-wrap"
          data-testid="tool-approval-args"
        >
          {args}
        </pre>
      )}
      {!question && (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" disabled={sending} onClick={() => decide('approve')}>
            {t('com_ui_tool_approve')}
          </Button>
          <Button size="sm" variant="danger-outline" disabled={sending} onClick={() => decide('deny')}>
            {t('com_ui_tool_deny')}
          </Button>
          <Button size="sm" variant="outline" disabled={sending} onClick={() => decide('approve', true)}>
            {t('com_ui_tool_approve_always')}
          </Button>
        </div>
      )}
      {question && approval.choices?.length ? (
        <div className="flex flex-wrap gap-2">
          {approval.choices.map((choice) => (
            <Button
              key={choice}
              size="sm"
              variant="outline"
              disabled={sending}
              onClick={() => answer(choice)}
            >
              {choice}
            </Button>
          ))}
        </div>
      ) : null}
      {question && !approval.choices?.length && (
        <form className="flex gap-2" onSubmit={submit}>
          <input
            className="h-8 min-w-0 flex-1 rounded-lg border border-border bg-surface px-2 text-sm"
            value={text}
            maxLength={4000}
            onChange={(e) => setText(e.target.value)}
            aria-label={t('com_ui_tool_answer_label')}
            placeholder={t('com_ui_tool_answer_label')}
            disabled={sending}
          />
          <Button size="sm" type="submit" disabled={sending || !text.trim()}>
            {t('com_ui_submit')}
          </Button>
        </form>
      )}
      {failed && (
        <p className="mt-2 text-xs text-danger" role="alert">
          {t('com_ui_tool_reply_failed')}
        </p>
      )}
    </div>
  );
}
