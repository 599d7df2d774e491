import { ContactForm } from '#app/components/contact-form.tsx'
import { ContentPage } from '#app/components/content-page.tsx'
import { Section, SectionHeading } from '#app/components/section.tsx'
import { contentPageData } from '#app/lib/content/queries.server.ts'
import { contentPageSeo } from '#app/lib/seo.ts'
import type { Route } from './+types/contact.ts'

// The route module of /contact: the page's copy from content/pages/contact.md,
// with the contact form under the header. The form's code (and the lead
// schema it checks with) ships with this module only.

export function loader({ request }: Route.LoaderArgs) {
  return contentPageData(request)
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? contentPageSeo(loaderData) : []
}

const FORM_TITLE = 'Send us a message'

export default function Contact({ loaderData }: Route.ComponentProps) {
  return (
    <ContentPage {...loaderData}>
      <Section title={FORM_TITLE}>
        <SectionHeading
          title={FORM_TITLE}
          intro="Tell us what you want to grow or build. Every field is read by a strategist, and the reply comes from a person within one business day."
        />
        <ContactForm />
      </Section>
    </ContentPage>
  )
}

export { RouteErrorBoundary as ErrorBoundary } from '#app/components/error-fallback.tsx'
