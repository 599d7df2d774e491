import { useSyncExternalStore } from 'react'
import { isDark, watchTheme } from './theme.ts'

/**
 * Whether the dark theme is on screen, for islands that draw with their own
 * colors (the toaster). The server cannot know, so the HTML and hydration say
 * no; the render right after reads `data-theme`, which the head script has set.
 */
export function useDarkTheme(): boolean {
  return useSyncExternalStore(watchTheme, isDark, () => false)
}
