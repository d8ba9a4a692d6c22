import { FEEDBACK_TAGS_DOWN, FEEDBACK_TAGS_UP, type Feedback } from '@parley/schema';
import { clsx } from 'clsx';
import { ThumbsDown, ThumbsUp } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Popover } from '../../components/ui/popover';

const FEEDBACK_TEXT_MAX = 1024;
type Rating = Feedback['rating'];

/**
 * A thumb (up or down) with one of that thumb's tags
 * (FEEDBACK_TAGS_UP or FEEDBACK_TAGS_DOWN) and optional text. Choosing the thumb that
 * is already set removes the feedback.
 */
export function FeedbackButton({
  rating,
  current,
  onChange,
  className,
}: {
  rating: Rating;
  current: Feedback | null | undefined;
  onChange: (feedback: Feedback | null) => void;
  className: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [tag, setTag] = useState<string | undefined>(current?.rating === rating ? current.tag : undefined);
  const [text, setText] = useState(current?.rating === rating ? (current.text ?? '') : '');
  const active = current?.rating === rating;
  const tags = rating === 'thumbsUp' ? FEEDBACK_TAGS_UP : FEEDBACK_TAGS_DOWN;
  const Icon = rating === 'thumbsUp' ? ThumbsUp : ThumbsDown;
  const label = t(rating === 'thumbsUp' ? 'com_ui_feedback_good' : 'com_ui_feedback_bad');

  const submit = () => {
    onChange({
      rating,
      ...(tag ? { tag: tag as Feedback['tag'] } : {}),
      ...(text.trim() ? { text: text.trim() } : {}),
    });
    setOpen(false);
  };

  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        if (next && active) {
          onChange(null);
          return;
        }
        setOpen(next);
      }}

      side="top"
      align="start"
      sideOffset={6}
      className="w-72 p-3"
      testId="feedback-popover"
      trigger={
        <button
          type="button"
          className={className}
          aria-label={label}
          aria-pressed={active}
          data-testid={`feedback-${rating}`}
        >
          <Icon className={clsx('size-4', active && 'fill-current')} aria-hidden />
        </button>
      }
    >
      <p className="mb-2 text-sm font-medium">{label}</p>
      <div className="flex flex-wrap gap-1.5">
        {tags.map((value) => (
          <button
            key={value}
            type="button"
            onClick={() => setTag(tag === value ? undefined : value)}
            aria-pressed={tag === value}
            className={clsx(
              'rounded-full border px-2.5 py-1 text-xs',
              tag === value
                ? 'border-accent bg-accent-soft text-fg'
                : 'border-border text-fg-muted hover:text-fg',
            )}
          >
            {t(`com_ui_feedback_tag_${value}`)}
          </button>
        ))}
      </div>
      <textarea
        value={text}
        maxLength={FEEDBACK_TEXT_MAX}
        onChange={(e) => setText(e.target.value)}
        placeholder={t('com_ui_feedback_placeholder')}
        className="mt-2.5 block h-16 w-full resize-none rounded-lg border border-border bg-surface px-2 py-1.5 text-sm outline-none focus:border-accent"
      />
      <div className="mt-2 flex justify-end">
        <Button size="sm" onClick={submit} data-testid="feedback-submit">
          {t('com_ui_submit')}
        </Button>
      </div>
    </Popover>
  );
}
