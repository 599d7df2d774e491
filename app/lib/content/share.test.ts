import { describe, expect, it } from 'vitest'
import { shareLinks, shareWindowFeatures } from './share.ts'

describe('share links', () => {
  it("carry the page's address, and for X its title, to each network's share address", () => {
    const links = shareLinks({
      title: 'SEO & AI: what to measure',
      url: 'https://northpeak.example/blog/seo-strategy-2025',
    })
    expect(links.map((link) => [link.method, link.label])).toEqual([
      ['x', 'X'],
      ['linkedin', 'LinkedIn'],
      ['facebook', 'Facebook'],
    ])
    const [x, linkedin, facebook] = links.map((link) => new URL(link.href))
    expect(`${x!.origin}${x!.pathname}`).toBe('https://twitter.com/intent/tweet')
    expect(x!.searchParams.get('text')).toBe('SEO & AI: what to measure')
    expect(x!.searchParams.get('url')).toBe('https://northpeak.example/blog/seo-strategy-2025')
    expect(`${linkedin!.origin}${linkedin!.pathname}`).toBe('https://www.linkedin.com/sharing/share-offsite/')
    expect(linkedin!.searchParams.get('url')).toBe('https://northpeak.example/blog/seo-strategy-2025')
    expect(`${facebook!.origin}${facebook!.pathname}`).toBe('https://www.facebook.com/sharer/sharer.php')
    expect(facebook!.searchParams.get('u')).toBe('https://northpeak.example/blog/seo-strategy-2025')
  })

  it('open a 600x400 window centred on the current one', () => {
    expect(shareWindowFeatures({ screenX: 100, screenY: 50, outerWidth: 1400, outerHeight: 900 })).toBe(
      'width=600,height=400,left=500,top=300',
    )
  })
})
