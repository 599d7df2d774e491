import { expect, test } from 'vitest'
import { renderMarkdown } from '#app/lib/content/markdown.server.ts'
import { contentsOf } from './reading-contents.ts'

test('the contents are the h2 headings of a body, with their ids and plain text', () => {
  const html = renderMarkdown(
    ['Intro.', '## Share *buttons* & links', 'Text.', '### Not listed', '## Share buttons & links', 'More.'].join(
      '\n\n',
    ),
  )
  expect(contentsOf(html)).toEqual([
    { id: 'share-buttons-links', text: 'Share buttons & links' },
    { id: 'share-buttons-links-2', text: 'Share buttons & links' },
  ])
})
