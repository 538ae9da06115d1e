import { cn } from '@/components/ui/cn'

/** A round picture of a user, or their initial on the brand tint when they have none. */
export function UserAvatar({ name, src, className = 'size-9' }: { name: string; src?: string | null; className?: string }) {
  const initial = Array.from(name.trim())[0]?.toUpperCase() ?? '?'
  if (src) {
    // eslint-disable-next-line @next/next/no-img-element -- avatars are tiny WebP files or provider URLs; no optimisation needed
    return <img src={src} alt="" className={cn('shrink-0 rounded-full bg-surface-2 object-cover', className)} referrerPolicy="no-referrer" />
  }
  return (
    <span aria-hidden="true" className={cn('inline-flex shrink-0 items-center justify-center rounded-full bg-brand-subtle text-sm font-semibold text-brand', className)}>
      {initial}
    </span>
  )
}
