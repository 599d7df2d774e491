import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { parseFrontmatter } from '#app/lib/content/files.ts'
import { pageFiles } from '#app/lib/content/test-collections.ts'

// A client quoted on several pages says the same words on each: a person is
// known by their role and company, and one person gives one quote
// (content/README.md, "One story per figure").

interface Quote {
  quote: string
  author: string
  role: string
  file: string
}

function quotesIn(value: unknown, file: string, found: Quote[] = []): Quote[] {
  if (Array.isArray(value)) for (const item of value) quotesIn(item, file, found)
  else if (value && typeof value === 'object') {
    const { quote, author, role } = value as Record<string, unknown>
    if (typeof quote === 'string' && typeof author === 'string' && typeof role === 'string') {
      found.push({ quote: quote.replace(/\s+/g, ' ').trim(), author, role, file })
    } else for (const child of Object.values(value)) quotesIn(child, file, found)
  }
  return found
}

test('every person quoted gives one quote, word for word the same wherever it appears', () => {
  const quotes = pageFiles().flatMap((file) => quotesIn(parseFrontmatter(readFileSync(file, 'utf8')).data, file))
  expect(quotes.length).toBeGreaterThanOrEqual(6)
  const byPerson = new Map<string, Quote[]>()
  for (const quote of quotes) {
    const person = `${quote.author}, ${quote.role}`
    byPerson.set(person, [...(byPerson.get(person) ?? []), quote])
  }
  const differing = [...byPerson].filter(([, said]) => new Set(said.map((quote) => quote.quote)).size > 1)
  expect(differing.map(([person, said]) => `${person}: ${said.map((quote) => quote.file).join(', ')}`)).toEqual([])
})
