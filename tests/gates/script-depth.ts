import { init, parse } from 'es-module-lexer'
import { attribute, findElements, parseHtml, textOf } from './html-dom.ts'

/**
 * The round-trip gate (docs/decisions/039-scripts-in-two-round-trips.md): a
 * browser learns of a module's static imports only once the module has
 * arrived, so each level of a chain of imports is one more round trip before
 * the code runs: on a slow phone line some 570 ms each (Lighthouse's applied
 * throttling). A page's own scripts (the shell's behaviors, Astro's prefetch)
 * must run within two: their file, then everything it imports at once. A
 * module script also holds back DOMContentLoaded until its whole chain has
 * run. An island's code, fetched when it wakes, may take four: the island,
 * the code it shares with other islands, and React.
 * tests/e2e/script-depth.spec.ts runs it over every page as the server sends it.
 */

export const PAGE_SCRIPT_ROUND_TRIPS = 2
export const ISLAND_ROUND_TRIPS = 4

/** A module the page starts from: a `<script type="module">`, or an island's component or renderer. */
export interface ScriptEntry {
  kind: 'page script' | 'island'
  /** The script's address; for an inline script, the page's. */
  url: string
  /** An inline script's text: it costs no fetch, its imports do. */
  inline?: string
}

/** The modules a page starts from, with addresses resolved against the page. */
export function pageEntries(html: string, pageUrl: string): ScriptEntry[] {
  const document = parseHtml(html)
  const entries: ScriptEntry[] = []
  for (const script of findElements(document, (element) => element.name === 'script')) {
    if (attribute(script, 'type') !== 'module') continue
    const src = attribute(script, 'src')
    entries.push(
      src === undefined
        ? { kind: 'page script', url: pageUrl, inline: textOf(script) }
        : { kind: 'page script', url: new URL(src, pageUrl).href },
    )
  }
  for (const island of findElements(document, (element) => element.name === 'astro-island')) {
    for (const name of ['component-url', 'renderer-url']) {
      const value = attribute(island, name)
      if (value) entries.push({ kind: 'island', url: new URL(value, pageUrl).href })
    }
  }
  const seen = new Set<string>()
  return entries.filter((entry) => {
    const key = `${entry.kind} ${entry.url} ${entry.inline ?? ''}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/** The modules a module's source imports statically (`import ... from`, `import '...'`), resolved against its address. */
export async function staticImports(source: string, url: string): Promise<string[]> {
  await init
  const [imports] = parse(source)
  // A dynamic import() (d > -1) and import.meta (d === -2) fetch nothing before the module runs.
  return imports.filter((entry) => entry.d === -1 && entry.n !== undefined).map((entry) => new URL(entry.n!, url).href)
}

/**
 * The longest chain of static imports from each module, read through `read`
 * (a module's source by address), each module read once.
 */
export function createChainReader(read: (url: string) => Promise<string>) {
  const chains = new Map<string, Promise<string[]>>()
  async function longestFrom(url: string, source: string, visiting: ReadonlySet<string>): Promise<string[]> {
    let longest: string[] = []
    for (const imported of await staticImports(source, url)) {
      // A cycle adds no round trip: its module is already on the way.
      if (visiting.has(imported)) continue
      const chain = await chainOf(imported, new Set([...visiting, imported]))
      if (chain.length > longest.length) longest = chain
    }
    return longest
  }
  function chainOf(url: string, visiting: ReadonlySet<string>): Promise<string[]> {
    let chain = chains.get(url)
    if (!chain) {
      chain = read(url).then(async (source) => [url, ...(await longestFrom(url, source, visiting))])
      chains.set(url, chain)
    }
    return chain
  }
  return {
    /** The modules fetched one after another before the entry runs, the entry's own file first (none for an inline script). */
    chain(entry: ScriptEntry): Promise<string[]> {
      return entry.inline === undefined
        ? chainOf(entry.url, new Set([entry.url]))
        : longestFrom(entry.url, entry.inline, new Set())
    },
  }
}

/** Each entry of a page whose chain is longer than its kind may take, as a sentence naming the files. */
export async function slowEntries(
  page: string,
  entries: readonly ScriptEntry[],
  reader: ReturnType<typeof createChainReader>,
): Promise<string[]> {
  const problems: string[] = []
  for (const entry of entries) {
    const chain = await reader.chain(entry)
    const limit = entry.kind === 'island' ? ISLAND_ROUND_TRIPS : PAGE_SCRIPT_ROUND_TRIPS
    if (chain.length > limit) {
      const files = chain.map((url) => new URL(url).pathname.split('/').pop()).join(' > ')
      problems.push(`${page}: ${entry.kind} ${files} takes ${chain.length} round trips (at most ${limit})`)
    }
  }
  return problems
}
