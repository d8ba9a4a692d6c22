import { IMAGE_EDIT_TOOL, IMAGE_PROGRESS } from '@parley/schema';
import { ImageIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  imageProgressAt,
  imageProgressDurationFor,
  imageProgressStep,
  qualityOf,
  sizeOf,
} from './image-progress';
import { toolCallState, type ToolCall } from './tool-call-state';
import ToolCallView from './tool-call-view';

const STEP_LABELS = [
  'com_ui_image_gen_starting',
  'com_ui_image_gen_composing',
  'com_ui_image_gen_detailing',
  'com_ui_image_gen_finishing',
] as const;

/**
 * An image generation or edit call: while it runs, a bar that moves at the pace of the quality
 * asked (the provider says nothing until the picture is ready) with a label that changes as it
 * goes; once done, "Image created" or "Image edited" (the pictures follow as parts of their own).
 * Waiting for a key, failed or cancelled calls show as every tool call does.
 */
export default function ImageGenView({ call, submitting }: { call: ToolCall; submitting: boolean }) {
  const { t } = useTranslation();
  const state = toolCallState(call, submitting);
  const edit = call.name === IMAGE_EDIT_TOOL;
  if (state === 'running')
    return <ImageGenProgress quality={qualityOf(call.args)} size={sizeOf(call.args)} edit={edit} />;
  if (state !== 'done') return <ToolCallView call={call} submitting={submitting} />;
  return (
    <div className="my-2 flex items-center gap-2 text-sm text-fg-subtle" data-testid="image-gen-done">
      <ImageIcon className="size-4" aria-hidden />
      {t(edit ? 'com_ui_image_gen_edited' : 'com_ui_image_gen_created')}
    </div>
  );
}

function ImageGenProgress({
  quality,
  size,
  edit,
}: {
  quality: string | undefined;
  size: { width: number; height: number };
  edit: boolean;
}) {
  const { t } = useTranslation();
  const [started] = useState(() => Date.now());
  const [duration] = useState(() => imageProgressDurationFor(quality, Math.random()));
  const [now, setNow] = useState(started);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), IMAGE_PROGRESS.tickMs);
    return () => clearInterval(timer);
  }, []);
  const progress = imageProgressAt(now - started, duration);
  return (
    <div
      className="my-2 w-full max-w-sm rounded-xl border border-border p-3 text-sm"
      data-testid="image-gen-progress"
      role="status"
    >
      {/* The picture's shape, so the answer does not jump when it arrives. */}
      <div
        className="mb-3 max-h-64 w-full animate-pulse rounded-lg bg-surface-muted"
        style={{ aspectRatio: `${size.width} / ${size.height}` }}
        data-testid="image-gen-placeholder"
        aria-hidden
      />
      <div className="mb-2 flex items-center gap-2 text-fg-subtle">
        <ImageIcon className="size-4 animate-pulse" aria-hidden />
        <span>{t(edit ? 'com_ui_image_gen_editing' : STEP_LABELS[imageProgressStep(progress)])}</span>
      </div>
      <div
        className="h-1.5 overflow-hidden rounded-full bg-surface-muted"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(progress * 100)}
      >
        <div
          className="h-full bg-accent transition-[width] duration-200 ease-linear"
          style={{ width: `${Math.round(progress * 100)}%` }}
        />
      </div>
    </div>
  );
}
