import { Link, NavLink } from 'react-router'
import { Logo } from '#app/components/logo.tsx'
import { MobileMenu } from '#app/components/mobile-menu.tsx'
import { buttonVariants } from '#app/components/ui/button.tsx'
import {
  NavigationMenu,
  NavigationMenuContent,
  NavigationMenuItem,
  navigationMenuItemClass,
  NavigationMenuLink,
  NavigationMenuList,
  NavigationMenuTrigger,
} from '#app/components/ui/navigation-menu.tsx'
import { cn } from '#app/lib/cn.ts'
import { bookCallPath, headerNav, type NavMenu } from '#app/lib/navigation.ts'
import { site } from '#app/lib/site.ts'

function MenuPanel({ menu }: { menu: NavMenu }) {
  const entries = menu.overview ? [menu.overview, ...menu.items] : menu.items
  return (
    <ul className={cn('grid gap-0.5', entries.length > 4 ? 'w-[30rem] grid-cols-2' : 'w-56')}>
      {entries.map((entry) => (
        <li key={entry.path}>
          <NavigationMenuLink asChild>
            <NavLink
              to={entry.path}
              end
              prefetch="intent"
              className={cn(
                'block rounded-lg px-3 py-2 text-sm text-slate-700 hover:bg-brand-50 hover:text-brand-900 aria-[current=page]:font-semibold aria-[current=page]:text-brand-700',
                entry === menu.overview && 'font-semibold text-ink',
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

/** The site header: logo (the Home link), the Main navigation, and Book Strategy Call. */
export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link to="/" prefetch="intent" aria-label={`${site.name}, home`} className="rounded-md">
          <Logo />
        </Link>
        <NavigationMenu className="hidden xl:block">
          <NavigationMenuList>
            {headerNav.map((item) =>
              item.kind === 'link' ? (
                <NavigationMenuItem key={item.page.path}>
                  <NavigationMenuLink asChild>
                    <NavLink to={item.page.path} prefetch="intent" className={navigationMenuItemClass}>
                      {item.page.name}
                    </NavLink>
                  </NavigationMenuLink>
                </NavigationMenuItem>
              ) : (
                <NavigationMenuItem key={item.menu.label}>
                  <NavigationMenuTrigger>{item.menu.label}</NavigationMenuTrigger>
                  <NavigationMenuContent>
                    <MenuPanel menu={item.menu} />
                  </NavigationMenuContent>
                </NavigationMenuItem>
              ),
            )}
          </NavigationMenuList>
        </NavigationMenu>
        <div className="flex items-center gap-2">
          <Link
            to={bookCallPath}
            prefetch="intent"
            className={cn(buttonVariants({ variant: 'cta', size: 'sm' }), 'hidden sm:inline-flex')}
          >
            Book Strategy Call
          </Link>
          <MobileMenu />
        </div>
      </div>
    </header>
  )
}
