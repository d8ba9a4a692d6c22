import { useId } from 'react';

/** A settings row with a range input and its value shown. */
export function SliderRow(props: {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  shown: string;
  onChange: (value: number) => void;
  testId?: string;
}) {
  const id = useId();
  return (
    <div className="py-3">
      <div className="flex items-center justify-between gap-4">
        <label htmlFor={id} className="text-sm font-medium text-fg">
          {props.label}
        </label>
        <span
          className="text-sm text-fg-muted tabular-nums"
          data-testid={props.testId && `${props.testId}-value`}
        >
          {props.shown}
        </span>
      </div>
      <input
        id={id}
        type="range"
        min={props.min}
        max={props.max}
        step={props.step}
        value={props.value}
        onChange={(e) => props.onChange(Number(e.target.value))}
        data-testid={props.testId}
        className="mt-2 w-full accent-[var(--color-accent)]"
      />
    </div>
  );
}
