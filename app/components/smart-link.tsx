import type * as React from 'react'
import { NewTabLink } from '#app/components/new-tab-link.tsx'
import { resolveHref } from '#app/lib/content/links.ts'

type SmartLinkProps = Omit<React.ComponentProps<'a'>, 'href'> & {
  /** A site path, an #anchor, `booking`, `email` or an https:// address. */
  to: string
}

/**
 * One link for every destination: a page of the site (fetched ahead on hover
 * or focus), a plain anchor outside it, and a new tab, announced to screen
 * readers, for the booking calendar and outbound addresses.
 */
export function SmartLink({ to, children, ...props }: SmartLinkProps) {
  const link = resolveHref(to)
  if (!link.external) {
    return (
      <a href={link.href} data-prefetch {...props}>
        {children}
      </a>
    )
  }
  if (!link.newTab) {
    return (
      <a href={link.href} {...props}>
        {children}
      </a>
    )
  }
  return (
    <NewTabLink href={link.href} {...props}>
      {children}
    </NewTabLink>
  )
}
