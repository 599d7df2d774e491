import { renderToString } from 'react-dom/server'
import { expect, test } from 'vitest'
import { ClientList } from '#app/components/sections/client-list.tsx'
import { TestimonialList } from '#app/components/sections/testimonial-list.tsx'

// The proof blocks of /case-studies (docs/decisions/051-pictures-of-people-and-work.md):
// who said it, and the clients who let us name them.

const said = {
  quote: 'They found the leak in our funnel in the first two weeks and fixed it.',
  person: 'Dana Whitfield',
  role: 'Marketing Director',
  company: 'Acme Analytics',
}

test('a testimonial is shown with the person, their role and company', () => {
  // React marks where one text ends and the next begins; a reader sees them as one.
  const html = renderToString(<TestimonialList title="In our clients' words" testimonials={[said]} />).replaceAll(
    '<!-- -->',
    '',
  )
  expect(html).toContain('“They found the leak in our funnel in the first two weeks and fixed it.”')
  expect(html).toContain('Dana Whitfield')
  expect(html).toContain('Marketing Director, Acme Analytics')
})
test('a client is shown by name, linked to their site', () => {
  const html = renderToString(
    <ClientList
      title="Clients who let us name them"
      clients={[{ name: 'Acme Analytics', link: 'https://acme.example' }]}
    />,
  )
  expect(html).toContain('href="https://acme.example"')
  expect(html).toContain('Acme Analytics')
})
