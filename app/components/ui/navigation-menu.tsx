import { NavigationMenu as Primitive } from 'radix-ui'
import type * as React from 'react'
import { cn } from '#app/lib/cn.ts'
import { Icon } from '#app/components/ui/icon.tsx'
import { navigationMenuChevronClass, navigationMenuItemClass } from '#app/components/ui/navigation-menu-styles.ts'

/** How long the pointer rests on a menu's button before the menu opens (docs/product.md#header). */
export const NAVIGATION_MENU_DELAY_MS = 200

/** Radix navigation menu (labelled "Main" by default), with the site's delays (docs/product.md#header: open 200 ms, skip 300 ms; Radix closes after 150 ms). */
export function NavigationMenu({ className, ...props }: React.ComponentProps<typeof Primitive.Root>) {
  return (
    <Primitive.Root
      data-slot="navigation-menu"
      delayDuration={NAVIGATION_MENU_DELAY_MS}
      skipDelayDuration={300}
      className={cn('relative', className)}
      {...props}
    />
  )
}

export function NavigationMenuList({ className, ...props }: React.ComponentProps<typeof Primitive.List>) {
  return (
    <Primitive.List
      data-slot="navigation-menu-list"
      className={cn('flex items-center gap-0.5', className)}
      {...props}
    />
  )
}

export function NavigationMenuItem({ className, ...props }: React.ComponentProps<typeof Primitive.Item>) {
  return <Primitive.Item data-slot="navigation-menu-item" className={cn('relative', className)} {...props} />
}

export function NavigationMenuTrigger({
  className,
  children,
  ...props
}: React.ComponentProps<typeof Primitive.Trigger>) {
  return (
    <Primitive.Trigger
      data-slot="navigation-menu-trigger"
      className={cn(navigationMenuItemClass, 'group', className)}
      {...props}
    >
      {children}
      <Icon name="chevron-down" className={navigationMenuChevronClass} />
    </Primitive.Trigger>
  )
}

export function NavigationMenuContent({ className, ...props }: React.ComponentProps<typeof Primitive.Content>) {
  return (
    <Primitive.Content
      data-slot="navigation-menu-content"
      className={cn(
        'absolute top-full left-0 z-50 mt-2 rounded-xl border border-slate-200 bg-surface p-2 shadow-xl',
        className,
      )}
      {...props}
    />
  )
}

export function NavigationMenuLink({ className, ...props }: React.ComponentProps<typeof Primitive.Link>) {
  return <Primitive.Link data-slot="navigation-menu-link" className={className} {...props} />
}
