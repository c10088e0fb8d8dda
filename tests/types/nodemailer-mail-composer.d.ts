// nodemailer ships no types (it comes with Strapi's nodemailer e-mail provider). What
// tests/unit/encoded-part.test.ts uses of its message composer: the message nodemailer writes, to compare with.
declare module 'nodemailer/lib/mail-composer' {
  class MailComposer {
    constructor(mail: Record<string, unknown>);
    compile(): { build(callback: (error: Error | null, message: Buffer) => void): void };
  }
  export = MailComposer;
}
