export { sendMail, isMailConfigured, type Mail } from './send'
export { sendCodeMail } from './code-mail'
export { readDevMailbox, appendDevMail, devMailboxFile, type DevMail } from './dev-mailbox'
export { sendInBackground, backgroundMailSettled } from './background'
