import { site } from '#app/lib/site/site.ts'

/** The Northpeak mark (a peak) and word; the text stays real text for screen readers and search. */
export function Logo({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  return (
    <span className="inline-flex items-center gap-2">
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8 shrink-0">
        {/* Theme colors, so the mark turns with the theme: on a light page an
            indigo tile with a white peak, on a dark one a light indigo tile. */}
        <rect width="32" height="32" rx="8" className={tone === 'dark' ? 'fill-brand-700' : 'fill-white'} />
        <path d="M5 24 13 10l5 8 3-4 6 10Z" className={tone === 'dark' ? 'fill-surface' : 'fill-brand-700'} />
        <path d="m13 10 2.2 3.8-2.2-1-2.2 1Z" className="fill-cta-400" />
      </svg>
      <span
        className={
          tone === 'dark' ? 'text-xl font-bold tracking-tight text-ink' : 'text-xl font-bold tracking-tight text-white'
        }
      >
        {site.name}
      </span>
    </span>
  )
}
