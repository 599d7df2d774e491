import { useEffect, type CSSProperties } from 'react'
import { createPortal } from 'react-dom'
import { Toaster as Sonner } from 'sonner'
import { IslandBoundary } from '#app/components/error-fallback.tsx'
import { markToasterReady } from '#app/components/ui/toast.ts'
import { useDarkTheme } from '#app/lib/browser/use-dark-theme.ts'
import { useHydrated } from '#app/lib/browser/use-hydrated.ts'

// Sonner's own error and success text colors fall short of 4.5:1 on their
// tinted backgrounds: the theme's danger and success colors pass.
const colors = { '--error-text': 'var(--color-danger)', '--success-text': 'var(--color-success)' } as CSSProperties

/**
 * The toaster (docs/product.md#toasts), an island in every page's shell woken
 * by the first toast (`client:event`, app/components/ui/toast.ts). The toasts follow the site's theme, not only the
 * system's.
 */
export function Toaster() {
  return (
    <IslandBoundary>
      <ThemedToaster />
    </IslandBoundary>
  )
}

function ThemedToaster() {
  const dark = useDarkTheme()
  // Nothing in the page's HTML: the toaster renders once the island has woken,
  // straight into <body>, so that a modal dialog open at that moment (the exit
  // popup) does not hide its live region from assistive technology with the
  // rest of the page.
  if (!useHydrated()) return null
  return createPortal(
    <>
      <Sonner richColors closeButton theme={dark ? 'dark' : 'light'} style={colors} />
      <Ready />
    </>,
    document.body,
  )
}

/** Sonner's toaster listens for toasts from an effect of its own; a later sibling's effect runs after it. */
function Ready() {
  useEffect(markToasterReady, [])
  return null
}
