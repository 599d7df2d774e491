import type { Page } from '@playwright/test'
import { twMerge } from 'tailwind-merge'

/**
 * Elements of the page whose classes fight: two utilities that set the same
 * property (`text-sm` and `text-base`), where the winner would depend on the
 * stylesheet's order. `cn` (app/lib/site/cn.ts) only joins classes, so the pages
 * must not need it to choose; tailwind-merge, which knows every utility's
 * property, tells here.
 */
export async function classConflicts(page: Page): Promise<string[]> {
  const classLists = await page.evaluate(() => [
    ...new Set([...document.querySelectorAll('[class]')].map((element) => element.getAttribute('class') ?? '')),
  ])
  return classLists.flatMap((list) => {
    const classes = list.trim().split(/\s+/)
    const kept = new Set(twMerge(list).split(' '))
    const losers = classes.filter((name) => !kept.has(name))
    return losers.length > 0 ? [`${losers.join(' ')} overridden in "${list}"`] : []
  })
}
