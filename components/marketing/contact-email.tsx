import { contactAddress, type EditionName } from '@/lib/site'

/** The service address of the page's edition, in the server HTML. */
export function ContactEmail({ edition }: { edition: EditionName }) {
  const email = contactAddress(edition)
  return (
    <a href={`mailto:${email}`} data-testid="contact-email" className="text-brand hover:underline">
      {email}
    </a>
  )
}
