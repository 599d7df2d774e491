import { NavigationMenu as Primitive } from 'radix-ui'
import type * as React from 'react'
import { cn } from '#app/lib/cn.ts'
import { Icon } from '#app/components/ui/icon.tsx'

/** Radix navigation menu (labelled "Main" by default), with the site's delays (SPEC.md: open 200 ms, skip 300 ms; Radix closes after 150 ms). */
export function NavigationMenu({ className, ...props }: React.ComponentProps<typeof Primitive.Root>) {
  return (
    <Primitive.Root
      data-slot="navigation-menu"
      delayDuration={200}
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

export const navigationMenuItemClass =
  'inline-flex h-10 items-center gap-1 rounded-md px-2.5 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-100 hover:text-ink aria-[current=page]:text-brand-700 data-[state=open]:bg-slate-100'

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
      <Icon
        name="chevron-down"
        className="size-3.5 transition-transform group-data-[state=open]:rotate-180 motion-reduce:transition-none"
      />
    </Primitive.Trigger>
  )
}

export function NavigationMenuContent({ className, ...props }: React.ComponentProps<typeof Primitive.Content>) {
  return (
    <Primitive.Content
      data-slot="navigation-menu-content"
      className={cn(
        'absolute top-full left-0 z-50 mt-2 rounded-xl border border-slate-200 bg-white p-2 shadow-xl',
        className,
      )}
      {...props}
    />
  )
}

export function NavigationMenuLink({ className, ...props }: React.ComponentProps<typeof Primitive.Link>) {
  return <Primitive.Link data-slot="navigation-menu-link" className={className} {...props} />
}
