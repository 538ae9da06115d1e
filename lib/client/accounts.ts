'use client'

import type { z } from 'zod'
import type { avatarSchema, PublicUser, signedInSchema, WechatQrConfig } from '@/lib/accounts/contract'
import type { changePasswordSchema, EmailLoginInput, RegisterInput, resetPasswordSchema } from '@/lib/accounts/schemas'
import { api } from './api'

// Client side of the caller's own account: signing in and up, codes, recovery, profile, sign-out,
// avatars. Shapes come from the server's contract (lib/accounts/contract.ts).

/** A sign-in or sign-up answer: the user and a session token (browsers also get the cookie). */
export type SignedInUser = z.infer<typeof signedInSchema>
export type Avatar = z.infer<typeof avatarSchema>
export type { PublicUser, WechatQrConfig }

export const signInWithEmail = (values: EmailLoginInput) => api<SignedInUser>('/api/email/auth', { body: values })
export const register = (values: RegisterInput) => api<SignedInUser>('/api/user/register', { body: values })
export const resetPassword = ({ email, code, pass }: z.input<typeof resetPasswordSchema>) => api<SignedInUser>('/api/user/reset_password', { body: { email, code, pass } })
export const signInWithWechat = (code: string, state: string) => api<SignedInUser>('/api/user/wechat_login', { body: { code, state } })

/** What a mailed code is for: signing up, or resetting a forgotten password. */
export type CodePurpose = 'register' | 'reset'
const CODE_PATHS: Record<CodePurpose, string> = { register: '/api/user/send_code', reset: '/api/user/forgot_password' }
export const sendCode = (purpose: CodePurpose, email: string) => api<unknown>(CODE_PATHS[purpose], { body: { email } })

export const getProfile = () => api<PublicUser>('/api/user/profile')
export const updateProfile = (body: { name: string; pic?: string }) => api<PublicUser>('/api/user/update_profile', { body })
export const changePassword = ({ current, pass }: z.input<typeof changePasswordSchema>) => api<unknown>('/api/user/change_password', { body: { current, pass } })

/** Ends this session, or with `everywhere` every session of the account. */
export const signOut = (everywhere = false) => api<unknown>(everywhere ? '/api/user/logout_all' : '/api/user/logout', { method: 'POST' })

/** Stores an avatar image; answers the URL of its 256 px version. */
export function uploadAvatar(file: File) {
  const form = new FormData()
  form.set('avatar', file)
  return api<Avatar>('/api/upload', { form })
}

/** The WeChat QR panel's settings, with a fresh state; `returnPath` is where the sign-in lands. */
export const getWechatQrConfig = (returnPath: string) => api<WechatQrConfig>(`/api/wechat/qr_config?redirect=${encodeURIComponent(returnPath)}`, { method: 'GET' })

/** Where a full navigation starts Google sign-in, returning to `landing` (an absolute URL). */
export const googleSignInUrl = (landing: string) => `/api/google/auth?redirect_uri=${encodeURIComponent(landing)}`
