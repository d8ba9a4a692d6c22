import { create } from 'zustand';
import { readLocal, writeLocal } from '../../lib/local-storage';
import { clampPanelWidth } from './side-panel-width';

const SECTION_KEY = 'sidePanel:section';
const WIDTH_KEY = 'sidePanel:width';

interface SidePanelState {
  /** The open section's id, or null when the panel is collapsed to its rail. */
  section: string | null;
  width: number;
  /** On phones the panel opens over the chat; this is that overlay's state (not stored). */
  overlayOpen: boolean;
  open(section: string): void;
  collapse(): void;
  setWidth(width: number): void;
  setOverlayOpen(open: boolean): void;
}

/** Which section of the side panel is open and how wide it is, kept in the browser. */
export const useSidePanel = create<SidePanelState>((set) => ({
  section: readLocal<string | null>(SECTION_KEY, null),
  width: clampPanelWidth(readLocal<unknown>(WIDTH_KEY, null)),
  overlayOpen: false,
  open: (section) => {
    writeLocal(SECTION_KEY, section);
    set({ section });
  },
  collapse: () => {
    writeLocal(SECTION_KEY, null);
    set({ section: null, overlayOpen: false });
  },
  setWidth: (width) => {
    const next = clampPanelWidth(width);
    writeLocal(WIDTH_KEY, next);
    set({ width: next });
  },
  setOverlayOpen: (overlayOpen) => set({ overlayOpen }),
}));

/** Opens one section from anywhere (e.g. "edit this agent" in the model menu). */
export function openSidePanelSection(section: string): void {
  useSidePanel.getState().open(section);
  useSidePanel.getState().setOverlayOpen(true);
}
