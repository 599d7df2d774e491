import type { ShouldRevalidateFunctionArgs } from 'react-router'

/**
 * `shouldRevalidate` of a page whose tool keeps its state in the query (the
 * blog's search, the calculator, the dashboard's range): a change of the
 * query alone keeps the page's data as it is; another page loads its own.
 */
export function keepDataWhenOnlyQueryChanges({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate
}
