import { useTranslation } from 'react-i18next';
import type { AnswerPair } from './answer-pairs';
import { MessageItem, type MessageItemProps } from './message-item';

/**
 * Two answers to one message from two models, next to each other (stacked on narrow screens),
 * each with its own header, actions and per-answer figures, so they can be compared.
 */
export function AnswerPairView({ pair, item, ...rest }: MessageItemProps & { pair: AnswerPair }) {
  const { t } = useTranslation();
  // With only the pair under the message, switching between them would show the same two.
  const siblingCount = item.siblingCount === 2 ? 1 : item.siblingCount;
  return (
    <section
      className="grid gap-x-4 md:grid-cols-2"
      data-testid="answer-pair"
      aria-label={t('multiConvo.sideBySide')}
    >
      {[pair.first, pair.second].map((message) => (
        <div key={message.messageId} className="min-w-0" data-testid="answer-pair-column">
          {/* Both answers may come from one endpoint: the model tells them apart. */}
          {message.model && (
            <div className="pt-2 pl-10 text-xs text-fg-muted" data-testid="answer-pair-model">
              {message.model}
            </div>
          )}
          <MessageItem {...rest} item={{ ...item, message, siblingCount }} />
        </div>
      ))}
    </section>
  );
}
