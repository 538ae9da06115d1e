import 'server-only'
import nodemailer, { type Transporter } from 'nodemailer'
import { env } from '@/lib/env'
import { log } from '@/lib/log'
import { appendDevMail } from './dev-mailbox'

export type Mail = { to: string; subject: string; text: string; html?: string }

let transporter: Transporter | undefined

function smtp(url: string): Transporter {
  transporter ??= nodemailer.createTransport(url)
  return transporter
}

/** Whether mail really leaves the server (SMTP_URL is set). */
export function isMailConfigured(): boolean {
  return Boolean(env().SMTP_URL)
}

/**
 * Sends one message through SMTP_URL. Rule: without SMTP_URL outside production the message is
 * logged and kept in the development mailbox instead; in production that is an error.
 */
export async function sendMail(mail: Mail): Promise<void> {
  const e = env()
  if (e.SMTP_URL) {
    await smtp(e.SMTP_URL).sendMail({ from: e.MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html })
    return
  }
  if (e.NODE_ENV === 'production' && !e.SANDBOX) throw new Error('SMTP_URL is not set: mail cannot be sent in production')
  log.info('mail.dev', { to: mail.to, subject: mail.subject, text: mail.text })
  await appendDevMail({ at: new Date().toISOString(), to: mail.to, subject: mail.subject, text: mail.text })
}
