import { useTranslation } from 'react-i18next';
import type { VisibleSibling } from './message-tree';
import { MessageItem, type MessageItemProps } from './message-item';

/**
 * Two answers to one message from two models, next to each other (stacked on narrow screens),
 * each with its own header, actions, per-answer figures and sibling counter, so they can be
 * compared: regenerating one answer adds a sibling of that answer only.
 */
export function AnswerPairView({ first, item, ...rest }: MessageItemProps & { first: VisibleSibling }) {
  const { t } = useTranslation();
  return (
    <section
      className="grid gap-x-4 md:grid-cols-2"
      data-testid="answer-pair"
      aria-label={t('multiConvo.sideBySide')}
    >
      {[first, item].map((column) => (
        <div key={column.message.messageId} className="min-w-0" data-testid="answer-pair-column">
          {/* Both answers may come from one endpoint: the model tells them apart. */}
          {column.message.model && (
            <div className="pt-2 pl-10 text-xs text-fg-muted" data-testid="answer-pair-model">
              {column.message.model}
            </div>
          )}
          <MessageItem {...rest} item={column} />
        </div>
      ))}
    </section>
  );
}
