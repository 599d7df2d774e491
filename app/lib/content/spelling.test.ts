import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'

// One spelling of the word, "email", in everything a visitor reads: the
// copy in content/ and the text of the components in app/ (content/README.md,
// "Spelling"). cspell (`npm run spell`) checks the rest of the spelling; it
// reads "e-mail" as two good words, so this test looks for it.

const hyphenated = /\be-mails?\b/gi

function filesUnder(dir: string, extensions: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && extensions.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
}

function hyphenatedEmails(file: string, source: string): string[] {
  return source
    .split('\n')
    .flatMap((text, index) =>
      [...text.matchAll(hyphenated)].map((match) => `${file}:${index + 1}: "${match[0]}"`),
    )
}

describe('"email", one spelling', () => {
  test('in content/ and in app/, never hyphenated', () => {
    const files = [...filesUnder('content', /\.md$/), ...filesUnder('app', /\.(?:tsx?|astro)$/)].filter(
      (file) => file !== 'app/lib/content/spelling.test.ts',
    )
    expect(files.flatMap((file) => hyphenatedEmails(file, readFileSync(file, 'utf8')))).toEqual([])
  })

  test('the scan finds the hyphenated word in any case and form', () => {
    expect(hyphenatedEmails('content/x.md', 'E-mail us.\nTwo e-mails, one email and an e-mail address.')).toEqual([
      'content/x.md:1: "E-mail"',
      'content/x.md:2: "e-mails"',
      'content/x.md:2: "e-mail"',
    ])
  })
})
