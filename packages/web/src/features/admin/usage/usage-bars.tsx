import type { UsageBar } from './usage-series';

/** Colours of the stacked keys, in order; "other" is grey. */
export const KEY_COLOURS = [
  'fill-sky-500',
  'fill-violet-500',
  'fill-amber-500',
  'fill-emerald-500',
  'fill-rose-500',
];
export const OTHER_COLOUR = 'fill-slate-400';
export const colourOf = (keys: string[], key: string) =>
  key === 'other' ? OTHER_COLOUR : (KEY_COLOURS[keys.indexOf(key)] ?? OTHER_COLOUR);

const HEIGHT = 160;

/**
 * Stacked bars of usage over time, drawn as plain SVG (the web app has no chart library and
 * this needs none): one bar per bucket, one segment per key, a title on each for its figure.
 */
export function UsageBars({
  bars,
  keys,
  format,
  label,
}: {
  bars: UsageBar[];
  keys: string[];
  format: (n: number) => string;
  label: string;
}) {
  const max = Math.max(...bars.map((b) => b.total), 0) || 1;
  const width = Math.max(bars.length * 14, 280);
  const step = width / Math.max(bars.length, 1);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${width} ${HEIGHT + 16}`}
      preserveAspectRatio="none"
      className="h-44 w-full"
      data-testid="usage-chart"
    >
      <line x1="0" y1={HEIGHT} x2={width} y2={HEIGHT} className="stroke-border" strokeWidth="1" />
      {bars.map((bar, i) => {
        let y = HEIGHT;
        return (
          <g key={bar.bucket}>
            <title>{`${bar.bucket}: ${format(bar.total)}`}</title>
            {bar.parts.map((part) => {
              const h = (part.value / max) * (HEIGHT - 4);
              y -= h;
              return (
                <rect
                  key={part.key}
                  x={i * step + step * 0.15}
                  y={y}
                  width={step * 0.7}
                  height={h}
                  className={colourOf(keys, part.key)}
                />
              );
            })}
          </g>
        );
      })}
    </svg>
  );
}
