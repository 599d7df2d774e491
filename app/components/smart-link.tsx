import type * as React from 'react'
import { Link } from 'react-router'
import { resolveHref } from '#app/lib/links.ts'

type SmartLinkProps = Omit<React.ComponentProps<'a'>, 'href'> & {
  /** A site path, an #anchor, `booking`, `email` or an https:// address. */
  to: string
}

/**
 * One link for every destination: a router link (fetched ahead on hover or
 * focus) inside the site, a plain anchor outside it, and a new tab, announced
 * to screen readers, for the booking calendar and outbound addresses.
 */
export function SmartLink({ to, children, ...props }: SmartLinkProps) {
  const link = resolveHref(to)
  if (!link.external) {
    return (
      <Link discover="none" to={link.href} prefetch="intent" {...props}>
        {children}
      </Link>
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
    <a href={link.href} target="_blank" rel="noopener noreferrer" {...props}>
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  )
}
