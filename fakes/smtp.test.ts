import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import nodemailer from 'nodemailer'
import { startSmtpFake, type SmtpFake } from './smtp'

let fake: SmtpFake
beforeAll(async () => {
  fake = await startSmtpFake()
})
afterAll(() => fake.close())

describe('SMTP fake', () => {
  it('receives real SMTP and serves the code over its HTTP inbox', async () => {
    const transport = nodemailer.createTransport({ url: fake.smtpUrl, ignoreTLS: true } as never)
    await transport.sendMail({ from: 'a@example.com', to: 'Reader@Example.com', subject: 'Your code', text: 'Your verification code is 482913. It expires in 10 minutes.' })
    expect(fake.latestCode('reader@example.com')).toBe('482913')
    const res = await fetch(`${fake.http.url}/messages?to=reader@example.com`)
    const body = (await res.json()) as { messages: { code: string; subject: string }[] }
    expect(body.messages).toHaveLength(1)
    expect(body.messages[0]).toMatchObject({ code: '482913', subject: 'Your code' })
  })

  it('decodes base64 and multipart mail with non-ASCII text', async () => {
    const transport = nodemailer.createTransport({ url: fake.smtpUrl, ignoreTLS: true } as never)
    await transport.sendMail({ from: 'a@example.com', to: 'zh@example.com', subject: '您的验证码', text: '您的验证码是 731904，10 分钟内有效。', html: '<p>您的验证码是 <b>731904</b></p>' })
    expect(fake.latestCode('zh@example.com')).toBe('731904')
    expect(fake.messages.at(-1)?.subject).toBe('您的验证码')
    expect(fake.messages.at(-1)?.text).toContain('有效')
  })
})
