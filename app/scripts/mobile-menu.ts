/**
 * The mobile menu (app/components/mobile-menu.tsx) is a native popover that
 * opens, closes and gives focus back by itself; this adds what the platform
 * does not: focus moves to its first link when it opens, and a link click
 * closes it, so a page restored by Back never shows it open.
 */
export function watchMobileMenu(): void {
  const panel = document.getElementById('mobile-menu')
  if (!panel || typeof panel.hidePopover !== 'function') return
  panel.addEventListener('toggle', (event) => {
    if ((event as ToggleEvent).newState === 'open') panel.querySelector('a')?.focus()
  })
  panel.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a') && panel.matches(':popover-open')) panel.hidePopover()
  })
}
