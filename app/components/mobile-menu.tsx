import { useEffect, useRef, useState } from 'react'
import { Link, NavLink, useLocation } from 'react-router'
import { Container } from '#app/components/section.tsx'
import { buttonVariants } from '#app/components/ui/button.tsx'
import { cn } from '#app/lib/cn.ts'
import { bookCallPath, mobileNav } from '#app/lib/navigation.ts'
import { Icon } from '#app/components/ui/icon.tsx'
import { ThemeToggle } from '#app/components/theme-toggle.tsx'

const PANEL_ID = 'mobile-menu'

function hide(element: HTMLElement | null) {
  // Browsers without the Popover API show the panel as a plain list instead.
  if (element && typeof element.hidePopover === 'function' && element.matches(':popover-open')) element.hidePopover()
}

const linkClass =
  'block rounded-lg px-3 py-2.5 text-base font-medium text-ink hover:bg-slate-100 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-800'

/**
 * The menu below the xl breakpoint. It is a native popover: the button opens
 * and closes it even before JavaScript loads, a click outside or Escape
 * closes it, and focus returns to the button. With JavaScript, a link click
 * closes it too and focus moves to the first link when it opens.
 */
export function MobileMenu() {
  const panel = useRef<HTMLDivElement>(null)
  const [open, setOpen] = useState(false)
  const { pathname } = useLocation()

  useEffect(() => {
    const element = panel.current
    if (!element) return
    function onToggle(event: Event) {
      const isOpen = (event as ToggleEvent).newState === 'open'
      setOpen(isOpen)
      if (isOpen) element?.querySelector<HTMLElement>('a')?.focus()
    }
    element.addEventListener('toggle', onToggle)
    return () => element.removeEventListener('toggle', onToggle)
  }, [])

  // A navigation by any means (a link, Back) closes the menu.
  useEffect(() => hide(panel.current), [pathname])
  const close = () => hide(panel.current)

  return (
    <>
      {/* The browser tells assistive technology whether the popover it
          controls is open; an aria-expanded of our own is not allowed on a
          popovertarget button (HTML spec, checked by the Nu Html Checker). */}
      <button
        type="button"
        popoverTarget={PANEL_ID}
        aria-controls={PANEL_ID}
        className="inline-flex size-11 items-center justify-center rounded-lg text-ink hover:bg-slate-100 xl:hidden"
      >
        <Icon name={open ? 'close' : 'menu'} />
        <span className="sr-only">Menu</span>
      </button>
      <div
        id={PANEL_ID}
        ref={panel}
        popover="auto"
        className="inset-x-0 top-16 bottom-auto m-0 max-h-[calc(100dvh-4rem)] w-full overflow-y-auto border-0 border-b border-slate-200 bg-surface p-0 shadow-xl backdrop:bg-slate-900/30"
      >
        {/* Named apart from the desktop navigation: landmarks of one kind need distinct names. */}
        <Container as="nav" aria-label="Main menu" className="py-4">
          <ul className="grid gap-1 sm:grid-cols-2">
            {mobileNav.map((item) =>
              item.kind === 'link' ? (
                <li key={item.page.path}>
                  <NavLink
                    discover="none"
                    to={item.page.path}
                    end
                    prefetch="intent"
                    className={linkClass}
                    onClick={close}
                  >
                    {item.page.name}
                  </NavLink>
                </li>
              ) : (
                <li key={item.menu.label}>
                  <p
                    id={`mobile-${item.menu.label.toLowerCase()}`}
                    className="px-3 pt-3 pb-1 text-xs font-semibold tracking-wide text-muted uppercase"
                  >
                    {item.menu.label}
                  </p>
                  <ul aria-labelledby={`mobile-${item.menu.label.toLowerCase()}`}>
                    {item.menu.items.map((entry) => (
                      <li key={entry.path}>
                        <NavLink
                          discover="none"
                          to={entry.path}
                          prefetch="intent"
                          className={cn(linkClass, 'pl-6')}
                          onClick={close}
                        >
                          {entry.name}
                        </NavLink>
                      </li>
                    ))}
                  </ul>
                </li>
              ),
            )}
          </ul>
          <ThemeToggle labelled className="mt-3" />
          <Link
            discover="none"
            to={bookCallPath}
            prefetch="intent"
            onClick={close}
            className={cn(buttonVariants({ variant: 'cta', size: 'lg' }), 'mt-4 w-full')}
          >
            Book Strategy Call
          </Link>
        </Container>
      </div>
    </>
  )
}
