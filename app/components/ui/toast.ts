/**
 * Toasts (docs/product.md#toasts): sonner with its defaults (4 s, at most 3
 * shown, Alt+T moves focus to them). A plain function any island can call.
 * The toaster is an island of its own in every page's shell
 * (app/islands/toaster.tsx), woken by `client:event` when the first toast is
 * asked for; the toast is shown once it is there. Sonner's code arrives with
 * that first toast, never with the page.
 */
export interface ToastMessage {
  title: string
  description?: string
}

export type ToastKind = 'success' | 'error'

/** The window event that wakes the toaster island. */
export const TOAST_EVENT = 'northpeak:toast'

let toasterReady: () => void = () => {}
const ready = new Promise<void>((resolve) => (toasterReady = resolve))

/** Called by the toaster island once sonner's toaster listens. */
export function markToasterReady(): void {
  toasterReady()
}

function show(kind: ToastKind, { title, description }: ToastMessage): void {
  window.dispatchEvent(new Event(TOAST_EVENT))
  // If the code cannot load, the forms still say what happened in their own
  // text: nothing is lost but the toast.
  void Promise.all([import('sonner'), ready])
    .then(([{ toast: sonner }]) => sonner[kind](title, { description }))
    .catch((error: unknown) => console.warn('The notifications could not load', error))
}

export const toast = {
  success: (message: ToastMessage) => show('success', message),
  /** The error ("destructive") toast. */
  error: (message: ToastMessage) => show('error', message),
}
