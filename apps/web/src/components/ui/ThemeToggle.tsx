import { useEffect, useState } from 'react';
import { MoonIcon, SunIcon } from './icons.tsx';
import { uiText } from './strings.ts';

type Theme = 'light' | 'dark';

/** The key /theme-init.js reads before first paint. */
const THEME_KEY = 'theme';
const systemDark = '(prefers-color-scheme: dark)';

function shownTheme(): Theme {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
}

function chosenTheme(): Theme | null {
  try {
    const saved = localStorage.getItem(THEME_KEY);
    return saved === 'light' || saved === 'dark' ? saved : null;
  } catch {
    return null;
  }
}

/** Switches between the light and dark daisyUI themes; follows the system until the user chooses. */
export function ThemeToggle({ className = '' }: { className?: string }) {
  const [theme, setTheme] = useState<Theme>(shownTheme);

  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);

  useEffect(() => {
    const media = window.matchMedia(systemDark);
    const follow = (event: MediaQueryListEvent) => {
      if (chosenTheme() === null) setTheme(event.matches ? 'dark' : 'light');
    };
    media.addEventListener('change', follow);
    return () => media.removeEventListener('change', follow);
  }, []);

  function toggle() {
    const next: Theme = theme === 'dark' ? 'light' : 'dark';
    try {
      localStorage.setItem(THEME_KEY, next);
    } catch {
      // Storage may be unavailable (private mode); the choice then lasts for this page only.
    }
    setTheme(next);
  }

  const label = theme === 'dark' ? uiText.theme.toLight : uiText.theme.toDark;
  return (
    <button
      type="button"
      className={`btn btn-ghost btn-circle ${className}`}
      aria-label={label}
      title={label}
      onClick={toggle}
    >
      {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
