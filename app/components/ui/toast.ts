import { createLateModule } from '#app/lib/late-module.ts'

/**
 * Toasts (docs/product.md#toasts): sonner with its defaults (4 s, at most 3
 * shown, Alt+T moves focus to them). Its code and its host are fetched with
 * the first toast a visitor is shown, never with the first paint
 * (docs/decisions/012-load-on-first-use.md).
 */
export interface ToastMessage {
  title: string
  description?: string
}

export type ToastKind = 'success' | 'error'

const host = createLateModule(() => import('./loaded-toaster.tsx'), 'The notifications')

function show(kind: ToastKind, message: ToastMessage): void {
  // If the code cannot load, preload has logged it; the forms also say what
  // happened in their own text, so nothing is lost but the toast.
  void host.preload().then((module) => module?.show(kind, message))
}

export const toast = {
  success: (message: ToastMessage) => show('success', message),
  /** The error ("destructive") toast. */
  error: (message: ToastMessage) => show('error', message),
}
