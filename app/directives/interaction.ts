import type { ClientDirective } from 'astro'

/**
 * `client:interaction`, `client:interaction="q"` or
 * `client:interaction={['visitors', 'spend']}` (app/directives/README.md).
 */

/**
 * Wakes the island the first time the visitor points at, touches or focuses
 * anything inside it: a form that works as HTML until someone starts to use
 * it (the blog's search, the contact and booking forms). The visitor goes on
 * typing while the code arrives: the fields keep it, and an island whose
 * fields are controlled takes it as it wakes (`useFieldsAsLeft`,
 * app/lib/browser/use-fields-as-left.ts). With a value, the name of a query parameter:
 * when the address already carries it (`?q=seo`, a shared search), the island
 * wakes at once; with a list, when it carries any of them.
 */
const interaction: ClientDirective = (load, options, element) => {
  const events = ['pointerover', 'pointerdown', 'focusin'] as const
  let woken = false
  const wake = async () => {
    if (woken) return
    woken = true
    for (const type of events) element.removeEventListener(type, wake)
    const hydrate = await load()
    await hydrate()
  }
  const value: unknown = options.value
  const params = typeof value === 'string' ? [value] : Array.isArray(value) ? value.map(String) : []
  const query = new URLSearchParams(location.search)
  if (params.some((param) => param !== '' && query.has(param))) {
    void wake()
    return
  }
  for (const type of events) element.addEventListener(type, wake, { passive: true })
  // Focus already inside (a visitor fast with the Tab key).
  if (element.contains(document.activeElement)) void wake()
}

export default interaction
