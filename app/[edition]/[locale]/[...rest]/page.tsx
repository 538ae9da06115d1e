import { notFound } from 'next/navigation'

// Unknown paths get the localised 404 of app/[locale]/not-found.tsx.
export default function CatchAll() {
  notFound()
}
