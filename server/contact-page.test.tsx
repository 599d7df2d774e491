// @vitest-environment happy-dom
import { renderToString } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { afterEach, describe, expect, test } from 'vitest'
import { ContactForm } from '#app/components/contact-form.tsx'
import { CONTACT_FORM_ID, type ContactFormState } from '#app/lib/contact-form.ts'
import { withFormState } from './contact-page.ts'

// Without JavaScript, the server writes a refused post's state into the
// pre-rendered contact page; with it, React hydrates that page from the same
// state. Both must produce the same markup, or hydration would fail.

function renderForm(url = '/contact'): string {
  const Stub = createRoutesStub([{ path: '/contact', Component: ContactForm }])
  return renderToString(<Stub initialEntries={[url]} />)
}

/** Elements, attributes (sorted) and text, without what only the server adds. */
function canonical(html: string): string[] {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html')
  const lines: string[] = []
  const walk = (node: Node, depth: number) => {
    if (node.nodeType === 3) {
      if (node.textContent?.trim()) lines.push(`${' '.repeat(depth)}"${node.textContent}"`)
      return
    }
    if (!(node instanceof Element)) return
    const attributes = [...node.attributes]
      .filter((attribute) => !['autofocus', 'data-state'].includes(attribute.name))
      .map((attribute) => `${attribute.name}=${JSON.stringify(attribute.value)}`)
      .sort()
    const selected = node instanceof HTMLOptionElement && node.selected ? ' (selected)' : ''
    lines.push(`${' '.repeat(depth)}<${node.tagName.toLowerCase()} ${attributes.join(' ')}>${selected}`)
    node.childNodes.forEach((child) => walk(child, depth + 1))
  }
  doc.body.childNodes.forEach((child) => walk(child, 0))
  return lines
}

const refused: ContactFormState = {
  errors: {
    email: 'Enter a valid email address, like name@company.com',
    message: 'Tell us a little about your project',
  },
  values: {
    topic: 'audit',
    name: 'Ada <Lovelace> & "Co"',
    email: 'ada@',
    service: 'analytics',
    message: 'Line one\nLine "two" & </textarea> more',
  },
}

afterEach(() => {
  document.body.innerHTML = ''
})

describe('withFormState', () => {
  test('writes the state into the page exactly as the form renders it when it hydrates', () => {
    const page = renderForm()
    const fromServer = withFormState(page, refused)

    // What the form renders when it hydrates that page: it reads `data-state`.
    const form = document.createElement('form')
    form.id = CONTACT_FORM_ID
    form.dataset.state = JSON.stringify(refused)
    document.body.append(form)
    const fromReact = renderForm()

    expect(canonical(fromServer)).toEqual(canonical(fromReact))
    expect(fromServer).not.toEqual(page)
  })

  test('puts focus on the first field with an error, and the values where a browser reads them', () => {
    const doc = new DOMParser().parseFromString(withFormState(renderForm(), refused), 'text/html')
    const control = (id: string) => doc.getElementById(id)
    expect(doc.querySelectorAll('[autofocus]')).toHaveLength(1)
    expect(control('contact-email')?.hasAttribute('autofocus')).toBe(true)
    expect(control('contact-name')?.getAttribute('value')).toBe('Ada <Lovelace> & "Co"')
    expect(control('contact-message')?.textContent).toBe('Line one\nLine "two" & </textarea> more')
    expect(doc.querySelector('#contact-service option[selected]')?.getAttribute('value')).toBe('analytics')
    expect(doc.querySelector('#contact-topic option[selected]')?.getAttribute('value')).toBe('audit')
    expect(control('contact-email')?.getAttribute('aria-describedby')).toBe('contact-email-error')
    expect(control('contact-email-error')?.textContent).toBe('Enter a valid email address, like name@company.com')
    expect(control('contact-name')?.hasAttribute('aria-invalid')).toBe(false)
  })

  test('refuses a page whose form it does not know', () => {
    expect(() => withFormState('<main><form id="other"></form></main>', refused)).toThrow(
      /has no <form id="contact-form"/,
    )
  })
})
