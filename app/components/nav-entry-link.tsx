import { NavLink, type NavLinkProps } from 'react-router'
import { navigationMenuItemClass } from '#app/components/ui/navigation-menu-styles.ts'
import { navKey, type NavItem } from '#app/lib/navigation.ts'

/**
 * A link of the Main navigation (docs/product.md#header), drawn by both
 * renderings of it, DesktopNav before the menus' code arrives and
 * LoadedDesktopNav after, so the two cannot drift apart.
 */
export function NavEntryLink({
  item,
  ...props
}: { item: Extract<NavItem, { kind: 'link' }> } & Omit<NavLinkProps, 'to' | 'className' | 'children'>) {
  return (
    <NavLink
      discover="none"
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
