/** The logo: a subtitle line with an arrow (translation). Usable on the server and the client. */
export function BrandMark({ className = 'size-7' }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="var(--brand)" />
      <rect x="7" y="18" width="12" height="3" rx="1.5" fill="var(--brand-fg)" />
      <rect x="7" y="23" width="18" height="3" rx="1.5" fill="var(--brand-fg)" opacity="0.7" />
      <path d="M17 6h8v8" stroke="var(--brand-fg)" strokeWidth="2.5" fill="none" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M25 6l-9 9" stroke="var(--brand-fg)" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  )
}
