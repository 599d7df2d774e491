import { cn } from '#app/lib/site/cn.ts'

/**
 * Markdown rendered to HTML at build time (app/lib/content/markdown.server.ts):
 * a body in a `div`, or one paragraph of inline Markdown in a `p`.
 */
export function Prose({ html, className, as: Tag = 'div' }: { html: string; className?: string; as?: 'div' | 'p' }) {
  return <Tag className={cn('prose', className)} dangerouslySetInnerHTML={{ __html: html }} />
}
