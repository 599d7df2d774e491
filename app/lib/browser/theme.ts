/**
 * The color theme (docs/product.md#header, docs/decisions/026-type-and-theme.md):
 * `data-theme` on `<html>` is "light" or "dark"; app/app.css redefines the
 * palette under `[data-theme=dark]`. The visitor's choice is kept in
 * localStorage; without one the theme follows the system's preference.
 */
export type Theme = 'light' | 'dark'

/**
 * The localStorage key of the choice, listed with every other key in
 * app/lib/browser/browser-storage.ts (the privacy policy's list). Defined here, where
 * the shell's scripts read it: a module of its own would be one more round
 * trip before they run.
 */
export const THEME_KEY = 'theme'

/**
 * The browser bar's color (the theme-color meta tag), which cannot read a
 * CSS variable: brand-700 in the light theme, brand-950 in the dark one.
 */
export const themeBarColors: Record<Theme, string> = { light: '#4338ca', dark: '#1e1b4b' }

const darkQuery = '(prefers-color-scheme:dark)'

/**
 * Runs in `<head>` before the first paint (app/layouts/site-layout.astro), so a
 * page never shows the wrong theme first. Kept tiny: it is in every page's
 * HTML, and the CSP allows it by hash (server/hosting/security-policy.ts). For the
 * dark theme it puts a theme-color meta tag of its own first in `<head>` (the
 * browser takes the first).
 */
export const themeScript = () =>
  `try{var s=localStorage.${THEME_KEY}}catch(e){}` +
  `var d=s=="dark"||s!="light"&&matchMedia("${darkQuery}").matches;` +
  `document.documentElement.dataset.theme=d?"dark":"light";` +
  `if(d){var m=document.createElement("meta");m.name="theme-color";m.content="${themeBarColors.dark}";document.head.prepend(m)}`

function apply(theme: Theme) {
  document.documentElement.dataset.theme = theme
  document.querySelector('meta[name=theme-color]')?.setAttribute('content', themeBarColors[theme])
}

/** Shows `theme` and remembers it as the visitor's choice. */
export function chooseTheme(theme: Theme) {
  try {
    localStorage[THEME_KEY] = theme
  } catch {
    // Storage refused (private mode, quota): the choice lasts for this page.
  }
  apply(theme)
}

/** Whether the dark theme is on screen. */
export function isDark(): boolean {
  return document.documentElement.dataset.theme === 'dark'
}

/**
 * Calls `onChange` whenever the theme on screen changes, and makes the theme
 * follow the system's as it changes while the visitor has made no choice.
 * Returns the function that stops both.
 */
export function watchTheme(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange)
  observer.observe(document.documentElement, { attributeFilter: ['data-theme'] })
  const media = matchMedia(darkQuery)
  const follow = () => {
    let stored: unknown
    try {
      stored = localStorage[THEME_KEY]
    } catch {
      // Storage refused: nothing was stored.
    }
    if (!stored) apply(media.matches ? 'dark' : 'light')
  }
  media.addEventListener('change', follow)
  return () => {
    observer.disconnect()
    media.removeEventListener('change', follow)
  }
}
