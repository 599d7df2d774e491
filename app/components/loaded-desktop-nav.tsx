import { useEffect, useEffectEvent, useLayoutEffect, useRef, useState, type MouseEvent } from 'react'
import { NavLink } from 'react-router'
import type { NavIntent } from '#app/components/desktop-nav-types.ts'
import { NavEntryLink } from '#app/components/nav-entry-link.tsx'
import {
  NAVIGATION_MENU_DELAY_MS,
  NavigationMenu,
  NavigationMenuContent,
  NavigationMenuItem,
  NavigationMenuLink,
  NavigationMenuList,
  NavigationMenuTrigger,
} from '#app/components/ui/navigation-menu.tsx'
import { desktopNavClass, desktopNavListClass } from '#app/components/ui/navigation-menu-styles.ts'
import { cn } from '#app/lib/cn.ts'
import { headerNav, navKey, type NavMenu } from '#app/lib/navigation.ts'

/**
 * How long after the pointer has opened a menu a click on its button still
 * means "open": the visitor rests on "Services", it opens, and the click
 * that follows would otherwise shut it again (Radix toggles on click).
 */
const CLICK_AFTER_HOVER_OPEN_MS = 1000

function MenuPanel({ menu }: { menu: NavMenu }) {
  const entries = menu.overview ? [menu.overview, ...menu.items] : menu.items
  return (
    <ul className={cn('grid gap-0.5', entries.length > 4 ? 'w-[30rem] grid-cols-2' : 'w-56')}>
      {entries.map((entry) => (
        <li key={entry.path}>
          <NavigationMenuLink asChild>
            <NavLink
              discover="none"
              to={entry.path}
              end
              prefetch="intent"
              className={cn(
                'block rounded-lg px-3 py-2 text-sm hover:bg-brand-50 hover:text-brand-900 aria-[current=page]:font-semibold aria-[current=page]:text-brand-700',
                entry === menu.overview ? 'font-semibold text-ink' : 'text-slate-700',
              )}
            >
              {entry === menu.overview ? `All ${menu.label.toLowerCase()}` : entry.name}
            </NavLink>
          </NavigationMenuLink>
        </li>
      ))}
    </ul>
  )
}

/**
 * The Radix navigation behind DesktopNav, loaded late (useLateWidget) and
 * drawn exactly like the links and buttons it replaces. It takes over the
 * NavIntent the visitor left while it loaded: focus goes back to the entry
 * that had it, a pressed menu opens, and a menu under the pointer opens once
 * the usual delay has passed. After that Radix handles it, but for one
 * thing: a click on a menu the pointer opened a moment ago keeps it open.
 */
export default function LoadedDesktopNav({ intent }: { intent: NavIntent }) {
  const nav = useRef<HTMLElement>(null)
  const [value, setValue] = useState(intent.open ?? '')
  // Which menu opened last, when, and whether a click opened it.
  const opened = useRef<{ key: string; at: number; byClick: boolean } | null>(
    intent.open ? { key: intent.open, at: 0, byClick: true } : null,
  )
  const clicking = useRef<string | null>(null)
  const change = (next: string) => {
    if (next) opened.current = { key: next, at: performance.now(), byClick: clicking.current === next }
    clicking.current = null
    setValue(next)
  }
  // Runs before Radix's own click handler, which it stops (preventDefault)
  // when the click would close a menu the pointer opened a moment ago.
  const keepOpenOnClick = (key: string) => (event: MouseEvent) => {
    const last = opened.current
    if (
      value === key &&
      last?.key === key &&
      !last.byClick &&
      performance.now() - last.at < CLICK_AFTER_HOVER_OPEN_MS
    ) {
      event.preventDefault()
      opened.current = { ...last, byClick: true }
    } else {
      clicking.current = key
    }
  }

  // Replacing the buttons and links dropped the focus of the one that had it.
  useLayoutEffect(() => {
    const focused = document.activeElement
    if (intent.focus && (focused === null || focused === document.body)) {
      nav.current?.querySelector<HTMLElement>(`[data-nav-key="${CSS.escape(intent.focus)}"]`)?.focus()
    }
  }, [intent.focus])

  // A menu the pointer rests on opens once the usual delay has passed.
  const openOnRest = useEffectEvent((key: string) => {
    if (!value) change(key)
  })
  const { hover } = intent
  useEffect(() => {
    if (!hover) return
    const wait = Math.max(0, NAVIGATION_MENU_DELAY_MS - (performance.now() - hover.at))
    const id = window.setTimeout(() => openOnRest(hover.key), wait)
    return () => window.clearTimeout(id)
  }, [hover])

  return (
    <NavigationMenu ref={nav} className={desktopNavClass} value={value} onValueChange={change}>
      <NavigationMenuList className={desktopNavListClass}>
        {headerNav.map((item) =>
          item.kind === 'link' ? (
            <NavigationMenuItem key={navKey(item)}>
              <NavigationMenuLink asChild>
                <NavEntryLink item={item} />
              </NavigationMenuLink>
            </NavigationMenuItem>
          ) : (
            <NavigationMenuItem key={navKey(item)} value={navKey(item)}>
              <NavigationMenuTrigger data-nav-key={navKey(item)} onClick={keepOpenOnClick(navKey(item))}>
                {item.menu.label}
              </NavigationMenuTrigger>
              <NavigationMenuContent>
                <MenuPanel menu={item.menu} />
              </NavigationMenuContent>
            </NavigationMenuItem>
          ),
        )}
      </NavigationMenuList>
    </NavigationMenu>
  )
}
