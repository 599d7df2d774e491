import { useEffect, type CSSProperties } from 'react'
import { createRoot } from 'react-dom/client'
import { toast, Toaster } from 'sonner'
import { useDarkTheme } from '#app/lib/theme.ts'
import type { ToastKind, ToastMessage } from './toast.ts'

// Loaded with the first toast (./toast.ts). The toaster gets a React root of
// its own, so no page renders it and its markup is never in the HTML.
let ready: Promise<void> | undefined

function mount(): Promise<void> {
  return (ready ??= new Promise<void>((resolve) => {
    const element = document.createElement('div')
    element.dataset.toaster = ''
    document.body.append(element)
    // Sonner's toaster listens for toasts from an effect of its own; this
    // effect runs after it (a parent's effects follow its children's).
    // Sonner's own error and success text colours fall short of 4.5:1 on
    // their tinted backgrounds: red-700 and green-800 pass.
    const colors = { '--error-text': 'var(--color-danger)', '--success-text': 'var(--color-success)' } as CSSProperties
    // The toasts follow the site's theme (app/lib/theme.ts), not only the system's.
    function Host() {
      const dark = useDarkTheme()
      useEffect(resolve, [])
      return <Toaster richColors closeButton theme={dark ? 'dark' : 'light'} style={colors} />
    }
    createRoot(element).render(<Host />)
  }))
}

export async function show(kind: ToastKind, { title, description }: ToastMessage): Promise<void> {
  await mount()
  toast[kind](title, { description })
}
