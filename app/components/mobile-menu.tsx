import { Container } from '#app/components/section.tsx'
import { ThemeToggle } from '#app/components/theme-toggle.tsx'
import { buttonVariants } from '#app/components/ui/button.tsx'
import { InlineIcon } from '#app/components/ui/inline-icon.tsx'
import { cn } from '#app/lib/site/cn.ts'
import { isCurrent, mobileNav } from '#app/lib/site/navigation.ts'
import { strategyCall } from '#app/lib/booking/strategy-call.ts'

export const MOBILE_MENU_ID = 'mobile-menu'

const linkClass =
  'block rounded-lg px-3 py-2.5 text-base font-medium text-ink hover:bg-slate-100 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-800'

/**
 * The menu below the lg breakpoint (1024 px). It is a native popover: the
 * button opens and closes it without any script, a click outside or Escape
 * closes it, and focus returns to the button. With JavaScript
 * (app/scripts/mobile-menu.ts), focus moves to the first link when it opens
 * and a link click closes it. The button's icon turns from the bars to a
 * cross while it is open (app/app.css).
 */
export function MobileMenu({ current }: { current: string }) {
  return (
    <>
      {/* The browser tells assistive technology whether the popover it
          controls is open; an aria-expanded of our own is not allowed on a
          popovertarget button (HTML spec, checked by the Nu Html Checker). */}
      <button
        type="button"
        popoverTarget={MOBILE_MENU_ID}
        aria-controls={MOBILE_MENU_ID}
        className="mobile-menu-button inline-flex size-11 items-center justify-center rounded-lg text-ink hover:bg-slate-100 lg:hidden"
      >
        <InlineIcon name="menu" className="when-closed" />
        <InlineIcon name="close" className="when-open" />
        <span className="sr-only">Menu</span>
      </button>
      <div
        id={MOBILE_MENU_ID}
        popover="auto"
        className="inset-x-0 top-16 bottom-auto m-0 max-h-[calc(100dvh-4rem)] w-full overflow-y-auto border-0 border-b border-slate-200 bg-surface p-0 shadow-xl backdrop:bg-slate-900/30"
      >
        {/* Named apart from the desktop navigation: landmarks of one kind need distinct names. */}
        <Container as="nav" aria-label="Main menu" className="py-4">
          <ul className="columns-2 gap-2">
            {mobileNav.map((item) =>
              item.kind === 'link' ? (
                <li key={item.page.path} className="break-inside-avoid pb-1">
                  <a
                    href={item.page.path}
                    data-prefetch
                    aria-current={isCurrent(item.page.path, current, { end: true }) ? 'page' : undefined}
                    className={linkClass}
                  >
                    {item.page.name}
                  </a>
                </li>
              ) : (
                <li key={item.menu.label} className="break-inside-avoid pb-1">
                  <p
                    id={`mobile-${item.menu.label.toLowerCase()}`}
                    className="px-3 pt-3 pb-1 text-xs font-semibold tracking-wide text-muted uppercase"
                  >
                    {item.menu.label}
                  </p>
                  <ul aria-labelledby={`mobile-${item.menu.label.toLowerCase()}`}>
                    {item.menu.items.map((entry) => (
                      <li key={entry.path}>
                        <a
                          href={entry.path}
                          data-prefetch
                          aria-current={isCurrent(entry.path, current) ? 'page' : undefined}
                          className={cn(linkClass, 'pl-6')}
                        >
                          {entry.name}
                        </a>
                      </li>
                    ))}
                  </ul>
                </li>
              ),
            )}
          </ul>
          <ThemeToggle labeled className="mt-3" />
          <a
            href={strategyCall.href}
            data-prefetch
            className={cn(buttonVariants({ variant: 'cta', size: 'lg' }), 'mt-4 w-full')}
          >
            {strategyCall.label}
          </a>
        </Container>
      </div>
    </>
  )
}
