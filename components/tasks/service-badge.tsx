import { Badge } from '@/components/ui/badge'

const NAMES: Record<string, string> = { deepseek: 'DeepSeek', google: 'Google' }

/** The translation service of a task; product names are not translated. */
export function ServiceBadge({ service }: { service: string }) {
  return (
    <Badge tone={service === 'google' ? 'info' : 'brand'} className="shrink-0 whitespace-nowrap" testId="service-badge">
      {NAMES[service] ?? service}
    </Badge>
  )
}
