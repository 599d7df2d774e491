/**
 * The pointer's side of the desktop menus (app/components/desktop-nav.tsx),
 * which are native popovers that open and close by click, keyboard, Escape and
 * a click outside on their own. With the delays of docs/product.md#header:
 * resting on a menu's entry 200 ms opens it, leaving it for 150 ms closes it,
 * moving to another menu while one is open or within 300 ms of one closing
 * opens it at once (the open one closes, as popovers do), and a
 * click within 1 s of the pointer opening a menu keeps it open instead of
 * shutting it. Focus leaving a menu's entry and panel closes it.
 */
export const MENU_OPEN_DELAY_MS = 200
export const MENU_CLOSE_DELAY_MS = 150
export const MENU_SKIP_DELAY_MS = 300
export const CLICK_AFTER_HOVER_OPEN_MS = 1000

export function watchMenus(): void {
  let lastClosedAt = Number.NEGATIVE_INFINITY
  const panels: HTMLElement[] = []
  for (const item of document.querySelectorAll<HTMLElement>('[data-menus] [data-menu-item]')) {
    const button = item.querySelector('button')
    const panel = item.querySelector<HTMLElement>('[popover]')
    if (!button || !panel || typeof panel.showPopover !== 'function') continue
    panels.push(panel)
    let timer: ReturnType<typeof setTimeout> | undefined
    let openedByPointerAt = Number.NEGATIVE_INFINITY
    const isOpen = () => panel.matches(':popover-open')
    const later = (ms: number, action: () => void) => {
      clearTimeout(timer)
      timer = setTimeout(action, ms)
    }

    item.addEventListener('pointerenter', (event) => {
      if (event.pointerType !== 'mouse') return
      clearTimeout(timer)
      if (isOpen()) return
      const skip =
        panels.some((other) => other !== panel && other.matches(':popover-open')) ||
        performance.now() - lastClosedAt < MENU_SKIP_DELAY_MS
      later(skip ? 0 : MENU_OPEN_DELAY_MS, () => {
        if (isOpen()) return
        panel.showPopover()
        openedByPointerAt = performance.now()
      })
    })
    item.addEventListener('pointerleave', (event) => {
      if (event.pointerType !== 'mouse') return
      clearTimeout(timer)
      if (isOpen()) later(MENU_CLOSE_DELAY_MS, () => panel.hidePopover())
    })
    // The click that follows a rest on the entry means "open", not "close".
    button.addEventListener('click', (event) => {
      if (isOpen() && performance.now() - openedByPointerAt < CLICK_AFTER_HOVER_OPEN_MS) {
        event.preventDefault()
        openedByPointerAt = Number.NEGATIVE_INFINITY
      }
    })
    panel.addEventListener('toggle', (event) => {
      if ((event as ToggleEvent).newState !== 'closed') return
      lastClosedAt = performance.now()
      openedByPointerAt = Number.NEGATIVE_INFINITY
      clearTimeout(timer)
    })
    item.addEventListener('focusout', (event) => {
      if (isOpen() && !item.contains(event.relatedTarget as Node | null)) panel.hidePopover()
    })
  }
}
