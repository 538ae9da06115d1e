// Payments: Alipay page payment and Airwallex card payment, both settled through one
// exactly-once path (settleOrder) that grants an order's points through the ledger.
export { settleOrder, isOrderPaid, type PaymentProof, type SettleResult, type SettleOutcome, type PaymentProvider } from './settle'
export { alipayPageUrl, queryAlipayTrade, settleAlipayTrade, handleAlipayNotify, isAlipayConfigured, type AlipayTrade } from './alipay'
export { createPaymentIntent, retrievePaymentIntent, settleIntent, handleAirwallexWebhook, checkWebhook, isAirwallexConfigured, WEBHOOK_MAX_AGE_MS, type PaymentIntent } from './airwallex'
export { startCardPayment, cardPaymentStatus, cardEnvironment } from './card'
export { reconcileUnpaidOrders, RECONCILE_WINDOW_MS, type ReconcileReport } from './reconcile'
export { sendReceipt } from './receipt'
export * from './contract'
