import { FORK_OPTIONS, type ForkOption } from '@parley/schema';
import { create } from 'zustand';
import { readLocal, writeLocal } from '../../lib/local-storage';

/**
 * The Chat tab's fork options, kept in the browser: the default mode (forkSetting),
 * whether a fork uses it without asking (rememberDefaultFork), and split at target.
 */
interface ForkSettings {
  forkSetting: ForkOption;
  rememberDefaultFork: boolean;
  splitAtTarget: boolean;
  set: <K extends 'forkSetting' | 'rememberDefaultFork' | 'splitAtTarget'>(
    key: K,
    value: ForkSettings[K],
  ) => void;
}

function storedOption(): ForkOption {
  const value = readLocal<string>('forkSetting', 'directPath');
  return (FORK_OPTIONS as readonly string[]).includes(value) ? (value as ForkOption) : 'directPath';
}

export const useForkSettings = create<ForkSettings>((set) => ({
  forkSetting: storedOption(),
  rememberDefaultFork: readLocal('rememberDefaultFork', false),
  splitAtTarget: readLocal('splitAtTarget', false),
  set: (key, value) => {
    writeLocal(key, value);
    set({ [key]: value } as Partial<ForkSettings>);
  },
}));

export const FORK_LABELS: Record<ForkOption, { label: string; description: string }> = {
  directPath: { label: 'com_ui_fork_visible', description: 'com_ui_fork_info_visible' },
  includeBranches: { label: 'com_ui_fork_branches', description: 'com_ui_fork_info_branches' },
  targetLevel: { label: 'com_ui_fork_all_target', description: 'com_ui_fork_info_target' },
};
