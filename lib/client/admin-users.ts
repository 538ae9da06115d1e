'use client'

import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { deletedUserSchema, PublicUser, UserDetail, userPageSchema } from '@/lib/accounts/contract'
import type { AdjustPointsInput, CreateUserInput, EditUserInput } from '@/lib/accounts/schemas'
import type { adjustResultSchema } from '@/lib/points/contract'
import { api } from './api'
import { queryKeys } from './keys'

// Client side of the managers' user endpoints (/api/user/*), typed from lib/accounts/contract.ts.

export type UserPage = z.infer<typeof userPageSchema>
export type DeletedUser = z.infer<typeof deletedUserSchema>
export type AdjustResult = z.infer<typeof adjustResultSchema>
export type { PublicUser, UserDetail }

const keys = queryKeys.adminUsers

export const listUsers = (page: number, size: number, signal?: AbortSignal) => api<UserPage>('/api/user/all_users', { body: { page, size }, signal })
export const getUserDetail = (id: string, entries: number, signal?: AbortSignal) => api<UserDetail>('/api/user/detail', { body: { id, entries }, signal })
export const createUser = (values: CreateUserInput) => api<PublicUser>('/api/user/create_user', { body: { ...values, pic: values.pic || undefined } })
export const updateUser = (id: string, values: EditUserInput) => api<PublicUser>('/api/user/update_user', { body: { id, ...values } })
export const deleteUser = (id: string) => api<DeletedUser>('/api/user/delete_user', { body: { id } })
/** Grants or deducts points; the key makes a repeated submit of the same payload count once. */
export const adjustPoints = (id: string, values: AdjustPointsInput, idempotencyKey: string) =>
  api<AdjustResult>('/api/user/adjust_points', { body: { id, ...values, idempotencyKey } })

/** One page of every user, for the managers' table; the page on screen stays while the next loads. */
export function useUserPage(page: number, size: number) {
  return useQuery({ queryKey: keys.page(page, size), queryFn: ({ signal }) => listUsers(page, size, signal), placeholderData: keepPreviousData })
}

/** A manager's view of one user with its first `entries` ledger entries; disabled while `id` is null. */
export function useUserDetail(id: string | null, entries: number) {
  return useQuery({
    queryKey: keys.detailEntries(id ?? '', entries),
    queryFn: ({ signal }) => getUserDetail(id ?? '', entries, signal),
    enabled: id !== null,
    // "Show more" keeps the rows on screen while the longer list loads; another user never shows.
    placeholderData: (previous) => (previous?.user.id === id ? previous : undefined),
  })
}

/** After a user was created, changed or deleted: the users table reloads. */
export const invalidateUsers = (client: QueryClient) => client.invalidateQueries({ queryKey: keys.all })
/** After a change to one user: their detail reloads. */
export const invalidateUserDetail = (client: QueryClient, id: string) => client.invalidateQueries({ queryKey: keys.detail(id) })

export function useDeleteUser() {
  const client = useQueryClient()
  return useMutation({ mutationFn: (target: PublicUser) => deleteUser(target.id), onSuccess: () => void invalidateUsers(client) })
}
