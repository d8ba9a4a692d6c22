import { Bot } from 'lucide-react';
import { AGENTS_ENDPOINT } from '../agents';

/** A hue per endpoint name, so two endpoints without icons still look apart. */
function hueOf(name: string): number {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) % 360;
  return hash;
}

/**
 * An endpoint's icon in the model menu: the configured `iconURL`, the agents' robot, or the first
 * letter of its label on a tint of its own.
 */
export function EndpointIcon({ name, label, iconURL }: { name: string; label: string; iconURL?: string }) {
  if (iconURL)
    return <img src={iconURL} alt="" className="size-4 shrink-0 rounded" data-testid="endpoint-icon" />;
  if (name === AGENTS_ENDPOINT)
    return <Bot className="size-4 shrink-0" aria-hidden data-testid="endpoint-icon" />;
  return (
    <span
      aria-hidden
      data-testid="endpoint-icon"
      className="flex size-4 shrink-0 items-center justify-center rounded text-[10px] leading-none font-semibold text-white"
      style={{ backgroundColor: `hsl(${hueOf(name)} 45% 45%)` }}
    >
      {(label.trim()[0] ?? '?').toUpperCase()}
    </span>
  );
}
