// Points packs and the orders that buy them; lib/payments settles orders with the providers.
export { catalogueFor, listProducts, type Catalogue, type ProductDto } from './catalogue'
export { createOrder, listOrders, latestOrdersOf, findOwnOrder, toOrderItem, packName, newOrderId, orderRequestId, formatAmount, ORDER_STATUS, ORDER_STATUS_CODE, ORDER_CHANNEL, ORDER_CHANNEL_CODE, type OrderStatus, CHANNEL_CURRENCY, type OrderChannel, type OrderItem, type OrderPage } from './orders'
export * from './contract'
