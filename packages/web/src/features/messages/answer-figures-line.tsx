import { useTranslation } from 'react-i18next';
import { figureParts, figuresOf } from './answer-figures';
import { useAnswerFiguresShown } from './use-answer-figures-shown';

/**
 * The discreet line under an answer: time to first token, tokens per second, token counts and
 * cost (with balances on). Also used by the side-by-side compare view. Hidden by the account's
 * switch, and by default where balances are off.
 */
export function AnswerFiguresLine({ message }: { message: object }) {
  const { t, i18n } = useTranslation();
  const shown = useAnswerFiguresShown();
  const figures = shown ? figuresOf(message) : null;
  if (!figures) return null;
  const parts = figureParts(figures, i18n.language);
  if (!parts.length) return null;
  return (
    <p className="mt-1 text-[12px] text-fg-subtle tabular-nums" data-testid="answer-figures">
      {parts.map((p) => t(p.key, p.values)).join(' · ')}
    </p>
  );
}
