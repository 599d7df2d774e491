import { Logo } from '#app/components/logo.tsx'
import { Container } from '#app/components/section.tsx'
import { SmartLink } from '#app/components/smart-link.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Icon } from '#app/components/ui/icon.tsx'
import { footerColumns } from '#app/lib/site/navigation.ts'
import { site } from '#app/lib/site/site.ts'

const linkClass = 'underline-offset-4 hover:text-white hover:underline'

/**
 * The site footer (docs/product.md#footer). Back to top and its tooltip work
 * by app/scripts/back-to-top.ts and CSS (`.tooltip` in app/app.css). In a
 * build with a measurement id the Legal column ends with Cookie settings,
 * which reopens the consent banner: it is hidden until the banner's island
 * has woken, since it needs it (app/islands/consent-banner.tsx).
 */
export function SiteFooter() {
  return (
    <footer className="bg-slate-950 text-slate-300">
      <Container className="py-14">
        <div className="grid gap-10 lg:grid-cols-[1.4fr_repeat(4,1fr)]">
          <div>
            <Logo tone="light" />
            <p className="mt-4 max-w-xs text-sm leading-relaxed">{site.description}</p>
            <p className="mt-4 text-sm">
              <SmartLink to="email" className="font-semibold text-white underline-offset-4 hover:underline">
                {site.email}
              </SmartLink>
            </p>
          </div>
          {footerColumns.map((column) => (
            <nav key={column.title} aria-labelledby={`footer-${column.title.toLowerCase()}`}>
              <h2 id={`footer-${column.title.toLowerCase()}`} className="text-sm font-semibold text-white">
                {column.title}
              </h2>
              <ul className="mt-4 space-y-2.5 text-sm">
                {column.links.map((entry) => (
                  <li key={entry.path}>
                    <a href={entry.path} data-prefetch className={linkClass}>
                      {entry.name}
                    </a>
                  </li>
                ))}
                {__GA_MEASUREMENT_ID__ && column.title === 'Legal' ? (
                  <li hidden data-cookie-settings="">
                    <button type="button" className={`cursor-pointer ${linkClass}`}>
                      Cookie settings
                    </button>
                  </li>
                ) : null}
              </ul>
            </nav>
          ))}
        </div>
        <div className="mt-12 flex items-center justify-between gap-4 border-t border-slate-800 pt-6 text-sm">
          <p>{`© ${site.copyrightYear} ${site.name}. All rights reserved.`}</p>
          <div className="relative">
            {/* No variant: the ghost button's colors are for light backgrounds. */}
            <Button
              variant={null}
              size="icon"
              data-back-to-top=""
              className="text-slate-300 hover:bg-slate-800 hover:text-white"
              aria-label="Back to top"
            >
              <Icon name="arrow-up" />
            </Button>
            <span
              role="tooltip"
              className="tooltip rounded-md bg-ink px-3 py-1.5 text-xs font-medium whitespace-nowrap text-white shadow-md"
            >
              Back to top
            </span>
          </div>
        </div>
      </Container>
    </footer>
  )
}
