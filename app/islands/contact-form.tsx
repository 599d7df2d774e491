import type { ComponentProps } from 'react'
import { ContactForm as Form } from '#app/components/contact-form.tsx'
import { IslandBoundary } from '#app/components/error-fallback.tsx'

/**
 * The contact form (app/components/contact-form.tsx), an island woken the
 * first time a visitor points at or focuses it (`client:interaction`): until
 * then, and without JavaScript, it is a plain form post.
 */
export function ContactForm(props: ComponentProps<typeof Form>) {
  return (
    <IslandBoundary>
      <Form {...props} />
    </IslandBoundary>
  )
}
