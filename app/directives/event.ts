import type { ClientDirective } from 'astro'

/** `client:event="name"` (app/directives/README.md). */

/**
 * Wakes the island when the window receives the event of that name: an
 * island that only something else asks for (the toaster, woken by the first
 * toast, app/components/ui/toast.ts).
 */
const event: ClientDirective = (load, options) => {
  const wake = async () => {
    const hydrate = await load()
    await hydrate()
  }
  window.addEventListener(String(options.value), () => void wake(), { once: true })
}

export default event
