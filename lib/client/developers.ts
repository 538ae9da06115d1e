'use client'

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ApiKeyDto, CreateApiKeyInput, CreatedApiKey } from '@/lib/api-keys/contract'
import type { CreatedWebhook, CreateWebhookInput, WebhookDeliveryDto, WebhookEndpointDto } from '@/lib/webhooks/contract'
import { api } from './api'
import { queryKeys } from './keys'

// Client side of the API key and webhook endpoints (the profile's developer page).

export type { ApiKeyDto, CreatedApiKey, WebhookEndpointDto, WebhookDeliveryDto, CreatedWebhook }

export function useApiKeys() {
  return useQuery({ queryKey: queryKeys.apiKeys, queryFn: ({ signal }) => api<ApiKeyDto[]>('/api/user/api_keys', { method: 'GET', signal }) })
}

export function useCreateApiKey() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (input: CreateApiKeyInput) => api<CreatedApiKey>('/api/user/api_keys', { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.apiKeys }),
  })
}

export function useRevokeApiKey() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api<ApiKeyDto>(`/api/user/api_keys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.apiKeys }),
  })
}

export function useWebhooks() {
  return useQuery({ queryKey: queryKeys.webhooks.all, queryFn: ({ signal }) => api<WebhookEndpointDto[]>('/api/user/webhooks', { method: 'GET', signal }) })
}

export function useCreateWebhook() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (input: CreateWebhookInput) => api<CreatedWebhook>('/api/user/webhooks', { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.webhooks.all }),
  })
}

export function useDeleteWebhook() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api<null>(`/api/user/webhooks/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.webhooks.all }),
  })
}

/** An endpoint's latest deliveries, refreshed every few seconds while shown (tries arrive from the queue). */
export function useDeliveries(endpointId: string) {
  return useQuery({
    queryKey: queryKeys.webhooks.deliveries(endpointId),
    queryFn: ({ signal }) => api<WebhookDeliveryDto[]>(`/api/user/webhooks/${encodeURIComponent(endpointId)}/deliveries`, { method: 'GET', signal }),
    refetchInterval: 3000,
  })
}

export function useSendTestEvent() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (endpointId: string) => api<{ id: string }>(`/api/user/webhooks/${encodeURIComponent(endpointId)}/test`),
    onSuccess: (_data, endpointId) => client.invalidateQueries({ queryKey: queryKeys.webhooks.deliveries(endpointId) }),
  })
}
