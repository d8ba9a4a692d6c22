import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** One section of the side panel (the agent builder, the prompt list, …), given by the page. */
export interface SidePanelSection {
  id: string;
  label: string;
  icon: LucideIcon;
  /** Rendered only while the section is open. */
  content: ReactNode;
  /** Extra buttons or links in the section's title bar. */
  actions?: ReactNode;
}
