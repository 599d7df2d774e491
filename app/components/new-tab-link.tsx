import type * as React from 'react'

/**
 * A link that opens in a new tab (the booking calendar, outbound addresses),
 * announced as such to screen readers. Islands use it directly for the
 * booking calendar (`site.bookingUrl`), so they carry no page registry.
 */
export function NewTabLink({ children, ...props }: React.ComponentProps<'a'> & { href: string }) {
  return (
    <a target="_blank" rel="noopener noreferrer" {...props}>
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  )
}
