/**
 * Back to top (app/components/site-footer.tsx): scrolls to the top, smoothly
 * unless the visitor asks for reduced motion, and moves focus to the content.
 * Its tooltip is CSS (`.tooltip` in app/app.css); Escape hides it until the
 * pointer or focus leaves (WCAG 1.4.13).
 */
export function watchBackToTop(): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-back-to-top]')) {
    button.addEventListener('click', () => {
      const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches
      window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' })
      document.getElementById('main')?.focus({ preventScroll: true })
    })
    button.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') button.dataset.tooltipDismissed = ''
    })
    const restore = () => delete button.dataset.tooltipDismissed
    button.addEventListener('pointerleave', restore)
    button.addEventListener('blur', restore)
  }
}
