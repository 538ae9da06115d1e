'use client'

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { SubtitleStyle } from '@/lib/video/universal/styles'
import { api } from './api'
import { queryKeys } from './keys'

// The creator's remembered burn-in style (GET/POST /api/user/video_style): the export dialog starts
// from it and the editor's preview draws with it.

export function useRememberedStyle() {
  return useQuery({ queryKey: queryKeys.videoStyle, queryFn: ({ signal }) => api<SubtitleStyle | null>('/api/user/video_style', { method: 'GET', signal }), staleTime: Infinity })
}

export function useRememberStyle() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (style: SubtitleStyle) => api<SubtitleStyle>('/api/user/video_style', { method: 'POST', body: style }),
    onSuccess: (style) => client.setQueryData(queryKeys.videoStyle, style),
  })
}
