import { startTransition, useEffect, useRef, useState, type ComponentType, type FocusEvent } from 'react'
import { NavLink, type NavLinkProps } from 'react-router'
import { Icon } from '#app/components/ui/icon.tsx'
import {
  desktopNavClass,
  desktopNavListClass,
  navigationMenuChevronClass,
  navigationMenuItemClass,
} from '#app/components/ui/navigation-menu-styles.ts'
import { cn } from '#app/lib/cn.ts'
import { afterLoad, whenIdle } from '#app/lib/idle.ts'
import { headerNav, navKey, type NavItem } from '#app/lib/navigation.ts'

/**
 * What the visitor did in the navigation while its code loaded: the entry
 * that has focus, the menu pressed, the menu under the pointer and since when.
 */
export interface NavIntent {
  focus?: string
  open?: string
  hover?: { key: string; at: number }
}

type LoadedNav = ComponentType<{ intent: NavIntent }>

const loadMenus = () => import('./loaded-desktop-nav.tsx')

/** A link of the Main navigation, the same before and after the menus' code arrives. */
export function NavEntryLink({
  item,
  ...props
}: { item: Extract<NavItem, { kind: 'link' }> } & Omit<NavLinkProps, 'to' | 'className' | 'children'>) {
  return (
    <NavLink
      {...props}
      to={item.page.path}
      prefetch="intent"
      className={navigationMenuItemClass}
      data-nav-key={navKey(item)}
    >
      {item.page.name}
    </NavLink>
  )
}

/**
 * The Main navigation of wide screens (docs/product.md#header). Its links
 * work from the first paint; the code of its two menus (Radix
 * NavigationMenu, about 11 KB compressed) is fetched when the browser is idle
 * after the page has loaded, and takes over as soon as a visitor points at,
 * focuses or presses an entry. Until then the menus' buttons show what they
 * are; a menu pressed before its code has arrived opens, and keeps focus, as
 * soon as it is there.
 */
export function DesktopNav() {
  const [LoadedNav, setLoadedNav] = useState<LoadedNav | null>(null)
  const [intent, setIntent] = useState<NavIntent>({})
  const loading = useRef(false)
  const navElement = useRef<HTMLElement>(null)
  // The links and buttons stay, focus and all, until the code is there; then
  // a render in small slices (a transition) swaps them, so it never holds up
  // a visitor's input. The code is loaded first and outside React: a page
  // navigation started meanwhile must not wait for it, nor fail with it.
  const wake = () => {
    if (loading.current) return
    loading.current = true
    loadMenus().then(
      (module) => startTransition(() => setLoadedNav(() => module.default)),
      (error: unknown) => {
        // The links keep working; the next use of the navigation tries again.
        loading.current = false
        console.warn('The navigation menus could not load', error)
      },
    )
  }

  // Fetch the code ahead, when the browser is idle after load, so the first
  // use finds it there; the swap itself waits for that first use, so a
  // visitor who never opens a menu never pays for rendering it. Narrow
  // screens, which hide this navigation, never fetch it.
  useEffect(() => {
    let cancelIdle = () => {}
    const cancelLoad = afterLoad(() => {
      cancelIdle = whenIdle(() => {
        if (navElement.current?.getClientRects().length) loadMenus().catch(() => undefined)
      })
    })
    return () => {
      cancelLoad()
      cancelIdle()
    }
  }, [])

  const staticNav = (
    <nav
      ref={navElement}
      aria-label="Main"
      className={desktopNavClass}
      onPointerEnter={() => wake()}
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

  return LoadedNav ? <LoadedNav intent={intent} /> : staticNav
}
