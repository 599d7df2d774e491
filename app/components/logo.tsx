import { site } from '#app/lib/site.ts'

/** The Northpeak mark (a peak) and word; the text stays real text for screen readers and search. */
export function Logo({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  return (
    <span className="inline-flex items-center gap-2">
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8 shrink-0">
        <rect width="32" height="32" rx="8" fill={tone === 'dark' ? '#4338ca' : '#ffffff'} />
        <path d="M5 24 13 10l5 8 3-4 6 10Z" fill={tone === 'dark' ? '#ffffff' : '#4338ca'} />
        <path d="m13 10 2.2 3.8-2.2-1-2.2 1Z" fill="#fb923c" />
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
