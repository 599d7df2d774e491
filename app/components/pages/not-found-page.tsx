import { Container } from '#app/components/section.tsx'
import { buttonVariants } from '#app/components/ui/button.tsx'
import { Icon } from '#app/components/ui/icon.tsx'
import { page } from '#app/lib/site/registry.ts'

const suggestions = [
  { entry: page('/services'), text: 'Paid ads, email, content, AI automation, analytics and app development.' },
  { entry: page('/case-studies'), text: 'What we changed for three clients, and the numbers that moved.' },
  { entry: page('/blog'), text: 'Practical guides on growth, marketing and product development.' },
  { entry: page('/pricing'), text: 'Retainers and project prices, with what each includes.' },
  { entry: page('/contact'), text: 'Book a free strategy call or ask us anything.' },
  { entry: page('/sitemap'), text: 'Every page of the site on one page.' },
]

/**
 * The not-found page (docs/product.md#sitemap-and-not-found), pre-rendered
 * once by app/pages/404.astro and served, with status 404, at any unknown URL.
 */
export function NotFoundPage() {
  return (
    <Container className="py-20 sm:py-28">
      <div className="max-w-4xl">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Error 404</p>
        <h1 className="mt-3 text-4xl font-bold tracking-tight text-ink sm:text-5xl">We couldn&apos;t find that page</h1>
        <p className="mt-5 max-w-2xl text-lg text-muted">
          The address may be mistyped, or the page has moved. These are the pages most visitors are looking for:
        </p>
        <ul className="mt-10 grid gap-4 sm:grid-cols-2">
          {suggestions.map(({ entry, text }) => (
            <li key={entry.path} className="relative rounded-xl border border-slate-200 p-5 hover:border-brand-600">
              <a href={entry.path} data-prefetch className="font-semibold text-ink after:absolute after:inset-0">
                {entry.name}
              </a>
              <p className="mt-1 text-sm text-muted">{text}</p>
            </li>
          ))}
        </ul>
        <div className="mt-10 flex flex-col gap-3 sm:flex-row">
          <a href="/" className={buttonVariants({ size: 'lg' })}>
            Go to the home page
          </a>
          <a href={page('/contact').path} className={buttonVariants({ variant: 'outline', size: 'lg' })}>
            Tell us what you were looking for <Icon name="arrow-right" />
          </a>
        </div>
      </div>
    </Container>
  )
}
