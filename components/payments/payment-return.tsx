'use client'

import { usePathname, useRouter, useSearchParams } from 'next/navigation'
import { useEffect, useState } from 'react'
import { useLocalizedPath } from '@/lib/client/use-localized-path'
import { PAYMENT_RETURN_KEYS, readPaymentReturn, type PaymentReturn as Return } from '@/lib/client/use-payment-status'
import { SECTION_PATHS, type DashboardSection } from '@/components/layout/dashboard-sections'
import { PaymentReturnDialog } from './payment-return-dialog'

/**
 * A return from Alipay (`?out_trade_no=…&method=alipay.trade.page.pay.return`) or the card
 * checkout (`?airwallex_success=true&id=…`, `airwallex_fail`) opens the result dialog once, on
 * whichever dashboard page it lands; its query then leaves the address.
 */
export function PaymentReturn() {
  const router = useRouter()
  const pathname = usePathname()
  const params = useSearchParams()
  const localized = useLocalizedPath()
  const [ret, setRet] = useState<Return | null>(() => readPaymentReturn(new URLSearchParams(params)))
  useEffect(() => {
    if (!PAYMENT_RETURN_KEYS.some((key) => params.has(key))) return
    const query = new URLSearchParams(params)
    for (const key of PAYMENT_RETURN_KEYS) query.delete(key)
    const qs = query.toString()
    router.replace(qs ? `${pathname}?${qs}` : pathname, { scroll: false })
  }, [params, pathname, router])

  if (!ret) return null
  const navigate = (section: DashboardSection) => router.push(localized(SECTION_PATHS[section]))
  return <PaymentReturnDialog ret={ret} onClose={() => setRet(null)} onNavigate={navigate} />
}
