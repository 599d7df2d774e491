import { chooseTheme, isDark, watchTheme } from '#app/lib/browser/theme.ts'

/**
 * The "Dark theme" toggles (app/components/theme-toggle.tsx): a press switches
 * the theme and remembers it, and `aria-pressed` follows the theme on screen,
 * whatever changed it (a press, the system, another toggle).
 */
export function watchThemeToggles(): void {
  const toggles = document.querySelectorAll<HTMLButtonElement>('[data-theme-toggle]')
  const show = () => {
    for (const toggle of toggles) toggle.setAttribute('aria-pressed', String(isDark()))
  }
  for (const toggle of toggles) toggle.addEventListener('click', () => chooseTheme(isDark() ? 'light' : 'dark'))
  show()
  watchTheme(show)
}
