import { afterAll, beforeAll, expect, test } from 'vitest'
import { pageSpeedInsights } from './field-data.ts'
import { startFixtureSite, type FixtureSite } from './test-fixture-sites.ts'

// PageSpeed Insights with PSI_API_KEY (server/audit/field-data.ts), against a stand-in of Google's API
// on loopback that answers as the v5 API does: what the report takes from it, and what it asked.

let psi: FixtureSite
const answer = {
  lighthouseResult: { categories: { performance: { score: 0.47 } } },
  loadingExperience: {
    metrics: {
      LARGEST_CONTENTFUL_PAINT_MS: { percentile: 3900, category: 'AVERAGE' },
      INTERACTION_TO_NEXT_PAINT: { percentile: 180, category: 'FAST' },
      CUMULATIVE_LAYOUT_SHIFT_SCORE: { percentile: 12, category: 'AVERAGE' },
    },
  },
}

beforeAll(async () => {
  psi = await startFixtureSite({
    '/runPagespeed': (request, response) => {
      const query = new URL(request.url ?? '/', 'http://psi.test').searchParams
      if (query.get('key') !== 'test-key') return void response.writeHead(403).end('{"error":{"code":403}}')
      if (query.get('url') === 'https://no-field-data.example/') {
        return void response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ lighthouseResult: answer.lighthouseResult }))
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer))
    },
  })
})
afterAll(() => psi.close())

const endpoint = () => `${psi.origin}/runPagespeed`

test("the lab score and Chrome's real-user figures, asked for a phone with the key", async () => {
  const fieldData = pageSpeedInsights({ key: 'test-key', endpoint: endpoint() })
  expect(await fieldData('https://shop.example/', AbortSignal.timeout(5000))).toEqual({
    labScore: 47,
    lcpMs: 3900,
    inpMs: 180,
    cls: 0.12,
  })
  const asked = new URL(psi.requests.at(-1)!.url, 'http://psi.test').searchParams
  expect(Object.fromEntries(asked)).toEqual({
    url: 'https://shop.example/',
    key: 'test-key',
    strategy: 'mobile',
    category: 'performance',
  })
})

test('a page Google has too few visits for: the lab score alone', async () => {
  const fieldData = pageSpeedInsights({ key: 'test-key', endpoint: endpoint() })
  expect(await fieldData('https://no-field-data.example/', AbortSignal.timeout(5000))).toEqual({
    labScore: 47,
    lcpMs: null,
    inpMs: null,
    cls: null,
  })
})

test('an answer that is an error (a wrong key): none', async () => {
  const fieldData = pageSpeedInsights({ key: 'wrong-key', endpoint: endpoint() })
  expect(await fieldData('https://shop.example/', AbortSignal.timeout(5000))).toBeNull()
})
