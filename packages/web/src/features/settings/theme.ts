import { useEffect } from 'react';
import { useSettings, type ThemeSetting } from '../../store/settings-store';

const DARK_QUERY = '(prefers-color-scheme: dark)';
/** Ctrl+Shift+T toggles light and dark, debounced 500 ms. */
export const THEME_TOGGLE_DEBOUNCE_MS = 500;

export function isDark(setting: ThemeSetting, systemDark: boolean): boolean {
  return setting === 'dark' || (setting === 'system' && systemDark);
}

function applyTheme(setting: ThemeSetting): void {
  const dark = isDark(setting, window.matchMedia(DARK_QUERY).matches);
  const root = document.documentElement;
  root.classList.toggle('dark', dark);
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', dark ? '#16161b' : '#ffffff');
}

/** Keeps the `dark` class on <html> in line with the setting and, for "system", with the OS. */
export function useThemeSync(): void {
  const theme = useSettings((s) => s['color-theme']);
  const setSetting = useSettings((s) => s.setSetting);

  useEffect(() => {
    applyTheme(theme);
    if (theme !== 'system') return;
    const media = window.matchMedia(DARK_QUERY);
    const onChange = () => applyTheme('system');
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, [theme]);

  useEffect(() => {
    let timer: number | undefined;
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey && e.shiftKey && e.key.toLowerCase() === 't')) return;
      e.preventDefault();
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        const current = useSettings.getState()['color-theme'];
        const dark = isDark(current, window.matchMedia(DARK_QUERY).matches);
        setSetting('color-theme', dark ? 'light' : 'dark');
      }, THEME_TOGGLE_DEBOUNCE_MS);
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.clearTimeout(timer);
    };
  }, [setSetting]);
}
