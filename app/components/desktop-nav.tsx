import { useRef, useState, type FocusEvent } from 'react'
import type { NavIntent } from '#app/components/desktop-nav-types.ts'
import { NavEntryLink } from '#app/components/nav-entry-link.tsx'
import { Icon } from '#app/components/ui/icon.tsx'
import {
  desktopNavClass,
  desktopNavListClass,
  navigationMenuChevronClass,
  navigationMenuItemClass,
} from '#app/components/ui/navigation-menu-styles.ts'
import { cn } from '#app/lib/cn.ts'
import { createLateModule } from '#app/lib/late-module.ts'
import { headerNav, navKey } from '#app/lib/navigation.ts'
import { useLateWidget } from '#app/lib/use-late-widget.ts'

const menusCode = createLateModule(() => import('./loaded-desktop-nav.tsx'), 'The navigation menus')

/**
 * The Main navigation of wide screens (docs/product.md#header), a late-loaded
 * widget (app/components/README.md). Its links work from the first paint; the
 * code of its two menus (Radix NavigationMenu, about 11 KB compressed) is
 * fetched when the browser is idle after the page has loaded, only where this
 * navigation shows, and takes over on the first pointer, focus or press in it
 * (docs/decisions/012-load-on-first-use.md). Until then the menus' buttons
 * show what they are, and what the visitor does is kept as a NavIntent: a
 * menu pressed before its code has arrived opens, and keeps focus, as soon as
 * it is there.
 */
export function DesktopNav() {
  const [intent, setIntent] = useState<NavIntent>({})
  const navElement = useRef<HTMLElement>(null)
  // Narrow screens hide this navigation: they never fetch its menus. The swap
  // itself waits for the first use, so a visitor who never opens a menu never
  // pays for rendering it; if the code fails to load, the links keep working
  // and the next use tries again.
  const [Loaded, wake] = useLateWidget(menusCode, {
    preloadWhenIdle: () => Boolean(navElement.current?.getClientRects().length),
  })
  // A press that begins on the stand-in ends on it. Its mousedown wakes the
  // menus (by focus); were they swapped in before the click, the link the
  // press began on would be gone and the browser would drop the click. The
  // swap waits until the button is released and the click has been handled.
  const [pressing, setPressing] = useState(false)
  const press = () => {
    setPressing(true)
    const release = () => {
      window.removeEventListener('pointerup', release, true)
      window.removeEventListener('pointercancel', release, true)
      setTimeout(() => setPressing(false), 0)
    }
    window.addEventListener('pointerup', release, true)
    window.addEventListener('pointercancel', release, true)
  }

  if (Loaded && !pressing) return <Loaded intent={intent} />

  return (
    <nav
      ref={navElement}
      aria-label="Main"
      className={desktopNavClass}
      onPointerEnter={wake}
      onPointerDown={press}
      onFocus={(event: FocusEvent<HTMLElement>) => {
        const focus = event.target.dataset.navKey
        setIntent((value) => ({ ...value, focus }))
        wake()
      }}
      onBlur={(event: FocusEvent<HTMLElement>) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setIntent((value) => ({ ...value, focus: undefined }))
      }}
    >
      <div className="relative">
        <ul className={desktopNavListClass}>
          {headerNav.map((item) => (
            <li key={navKey(item)} className="relative">
              {item.kind === 'link' ? (
                <NavEntryLink item={item} />
              ) : (
                <button
                  type="button"
                  aria-expanded="false"
                  className={cn(navigationMenuItemClass, 'group')}
                  data-nav-key={navKey(item)}
                  onClick={() => {
                    setIntent((value) => ({ ...value, focus: navKey(item), open: navKey(item) }))
                    wake()
                  }}
                  onPointerEnter={() =>
                    setIntent((value) => ({ ...value, hover: { key: navKey(item), at: performance.now() } }))
                  }
                  onPointerLeave={() => setIntent((value) => ({ ...value, hover: undefined }))}
                >
                  {item.menu.label}
                  <Icon name="chevron-down" className={navigationMenuChevronClass} />
                </button>
              )}
            </li>
          ))}
        </ul>
      </div>
    </nav>
  )
}
