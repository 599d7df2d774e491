import type { CSSProperties } from 'react'
import { NavEntryLink } from '#app/components/nav-entry-link.tsx'
import { InlineIcon } from '#app/components/ui/inline-icon.tsx'
import {
  desktopNavClass,
  desktopNavListClass,
  navigationMenuChevronClass,
  navigationMenuItemClass,
} from '#app/components/ui/navigation-menu-styles.ts'
import { cn } from '#app/lib/site/cn.ts'
import { currentEntry, headerNav, menuEntries, navKey, type NavMenu } from '#app/lib/site/navigation.ts'
import { slugify } from '#app/lib/content/slug.ts'

/** The id of a menu's panel; its button's anchor name is the same with two dashes before it. */
const panelId = (menu: NavMenu) => `menu-${slugify(menu.label)}`

/** A menu's links: its overview page first, where it has one; the page shown (or the one it sits under) marked. */
function MenuPanel({ menu, current }: { menu: NavMenu; current: string }) {
  const entries = menuEntries(menu)
  const marked = currentEntry(entries, current)
  return (
    <ul className={cn('grid gap-0.5', entries.length > 4 ? 'w-[30rem] grid-cols-2' : 'w-56')}>
      {entries.map((entry) => (
        <li key={entry.path}>
          <a
            href={entry.path}
            data-prefetch
            aria-current={entry === marked ? 'page' : undefined}
            className={cn(
              'block rounded-lg px-3 py-2 text-sm hover:bg-brand-50 hover:text-brand-900 aria-[current=page]:font-semibold aria-[current=page]:text-brand-700',
              entry === menu.overview ? 'font-semibold text-ink' : 'text-slate-700',
            )}
          >
            {entry === menu.overview ? (menu.overviewName ?? `All ${menu.label.toLowerCase()}`) : entry.name}
          </a>
        </li>
      ))}
    </ul>
  )
}

/**
 * A menu of the Main navigation: a button and its panel, a native popover.
 * The button opens and closes it without any script; a click outside or
 * Escape closes it, and the panel follows the button in tab order. The
 * pointer's delays are app/scripts/menus.ts. The panel sits under its
 * button by CSS anchor positioning (`.nav-menu` in app/app.css). While the
 * page shown is in the menu, its button is tinted as a current link is (the
 * link inside says so to assistive technology).
 */
function Menu({ menu, current }: { menu: NavMenu; current: string }) {
  const id = panelId(menu)
  return (
    <>
      <button
        type="button"
        popoverTarget={id}
        className={cn(navigationMenuItemClass, 'group data-current:text-brand-700')}
        style={{ anchorName: `--${id}` } as CSSProperties}
        data-nav-key={menu.label}
        data-current={currentEntry(menuEntries(menu), current) ? '' : undefined}
      >
        {menu.label}
        <InlineIcon name="chevron-down" className={navigationMenuChevronClass} />
      </button>
      <div
        id={id}
        popover="auto"
        className="nav-menu rounded-xl border border-slate-200 bg-surface p-2 shadow-xl"
        style={{ positionAnchor: `--${id}` } as CSSProperties}
      >
        <MenuPanel menu={menu} current={current} />
      </div>
    </>
  )
}

/**
 * The Main navigation of wide screens (docs/product.md#header): its links,
 * and the About, Services, Industries and Resources menus as native popovers
 * (docs/decisions/030-menus-as-native-popovers.md). `current` is the path of
 * the page shown, whose link is marked.
 */
export function DesktopNav({ current }: { current: string }) {
  return (
    <nav aria-label="Main" className={desktopNavClass} data-menus="">
      {/* The first and last entries' padding reaches into the gaps beside the list, so
          their words line up with the gaps and every entry fits at 1024 px. */}
      <ul className={desktopNavListClass}>
        {headerNav.map((item) => (
          <li key={navKey(item)} className="relative" data-menu-item={item.kind === 'menu' ? '' : undefined}>
            {item.kind === 'link' ? (
              <NavEntryLink item={item} current={current} />
            ) : (
              <Menu menu={item.menu} current={current} />
            )}
          </li>
        ))}
      </ul>
    </nav>
  )
}
