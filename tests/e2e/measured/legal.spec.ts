import { expect, test } from '@playwright/test'
import { testBookingUrl } from '../measured-build.ts'

// A build with an outside scheduling page (BOOKING_URL, tests/e2e/measured-build.ts):
// /contact links it, and the privacy policy and the terms say that a third
// party runs it. The first build has none, and says nothing of one
// (tests/e2e/pages.spec.ts, "the privacy policy and the terms").

test('with an outside scheduling page, /contact links it and the privacy policy and the terms name it', async ({
  page,
}) => {
  await page.goto('/contact')
  // The label the privacy policy quotes.
  const calendar = page.getByRole('link', { name: /^Or use our scheduling page/ })
  await expect(calendar).toHaveAttribute('href', testBookingUrl)
  await expect(calendar).toHaveAttribute('target', '_blank')

  await page.goto('/privacy')
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { name: 'The booking calendar', level: 3 })).toBeVisible()
  await expect(main).toContainText('the link "Or use our scheduling page" opens a scheduling calendar in a new tab')
  await expect(main).toContainText('That calendar is run by a third-party service with its own privacy policy.')
  await expect(main).toContainText("the outside booking calendar's provider, for what you enter there")

  await page.goto('/terms')
  await expect(page.getByRole('main')).toContainText(
    'the outside scheduling calendar the contact page links to, which opens in a new tab and has its own terms and privacy policy',
  )
})
