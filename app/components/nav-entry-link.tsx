import { navigationMenuItemClass } from '#app/components/ui/navigation-menu-styles.ts'
import { isCurrent, navKey, type NavItem } from '#app/lib/site/navigation.ts'

/** A link of the Main navigation (docs/product.md#header), marked while its page (or one under it) is shown. */
export function NavEntryLink({ item, current }: { item: Extract<NavItem, { kind: 'link' }>; current: string }) {
  return (
    <a
      href={item.page.path}
      data-prefetch
      aria-current={isCurrent(item.page.path, current) ? 'page' : undefined}
      className={navigationMenuItemClass}
      data-nav-key={navKey(item)}
    >
      {item.page.name}
    </a>
  )
}
