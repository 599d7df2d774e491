import { execFile } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, expect, test } from 'vitest'
import { editFields } from '#app/lib/content/test-collections.ts'

// `npm run content:check` runs Astro's own content sync, as `astro build`
// does (docs/decisions/043-content-collections.md): a bad field stops it with
// the file and the field named. Run here on a copy of the project whose
// content/ holds one broken file; the code is the project's own, linked.
const root = mkdtempSync(path.join(tmpdir(), 'content-check-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

test('a bad field fails the check, naming the file and the field', { timeout: 120_000 }, async () => {
  for (const linked of [
    'app',
    'server',
    'scripts',
    'public',
    'node_modules',
    'package.json',
    'tsconfig.json',
    'astro.config.ts',
  ])
    symlinkSync(path.resolve(linked), path.join(root, linked))
  cpSync('content', path.join(root, 'content'), { recursive: true })
  const file = path.join(root, 'content/services/paid-ads.md')
  writeFileSync(
    file,
    editFields((fields) => {
      fields.summary = 'Too short.'
    })(readFileSync(file, 'utf8'), 'content/services/paid-ads.md'),
  )
  const run = promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/check-content.ts'], { cwd: root })
  await expect(run).rejects.toMatchObject({
    code: 1,
    stderr: expect.stringMatching(
      /content\/services\/paid-ads\.md: field "summary": Too small: expected string to have >=60 characters/,
    ),
  })
})
