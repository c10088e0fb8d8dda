// English messages of password reset and e-mail confirmation (pages 'shop.reset.*', 'shop.confirm.*',
// e-mails 'email.reset.*', 'email.confirm.*').
export const accountReset = {
  'shop.reset.forgotLink': 'Forgot your password?',
  'shop.reset.forgotTitle': 'Reset your password',
  'shop.reset.forgotLead':
    'Enter the e-mail address of your account and we will send you a link to choose a new password.',
  'shop.reset.send': 'Send the link',
  'shop.reset.backToSignIn': 'Back to sign in',
  'shop.reset.sentTitle': 'Check your e-mail',
  'shop.reset.sentBefore': 'If an account uses',
  'shop.reset.sentAfter': ', we have sent it a link to choose a new password.',
  'shop.reset.sentHint':
    'The link works once, for one hour. Nothing arrived? Check your spam folder, or ask again in a few minutes.',
  'shop.reset.title': 'Choose a new password',
  'shop.reset.lead': 'Choose a new password for your account. You will be signed in straight away.',
  'shop.reset.newPassword': 'New password',
  'shop.reset.submit': 'Save and sign in',
  'shop.reset.expiredTitle': 'This link has expired',
  'shop.reset.expired': 'Password-reset links work for one hour. Ask for a new link and use it within the hour.',
  'shop.reset.usedTitle': 'This link no longer works',
  'shop.reset.used':
    'This password-reset link has already been used, or a newer link replaced it. Ask for a new link if you still need one.',
  'shop.reset.askAgain': 'Send me a new link',
  'shop.confirm.resend': 'Send the confirmation link again',
  'shop.confirm.resentTitle': 'Check your e-mail',
  'shop.confirm.resent':
    'If that account is waiting for its confirmation, we have sent a new link. Open it to activate your account.',
  'shop.confirm.waitTitle': 'Please wait a moment',
  'shop.confirm.usedTitle': 'This confirmation link no longer works',
  'shop.confirm.used':
    'It has already been used, or a newer link replaced it. If your address is confirmed, just sign in; if not, sign in and ask for a new link.',
  'shop.confirm.confirmed': 'Your e-mail address is confirmed. Please sign in.',
  'email.reset.subject': 'Reset your password',
  'email.reset.body':
    'Someone (we hope you) asked to reset the password of your account. Choose a new password with the button below.',
  'email.reset.button': 'Choose a new password',
  'email.reset.expires': 'The link works once and expires in {hours} hour(s).',
  'email.reset.notYou': 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  'email.confirm.subject': 'Confirm your e-mail address',
  'email.confirm.body':
    'Thank you for creating an account. Confirm your e-mail address with the button below and you are signed in.',
  'email.confirm.button': 'Confirm my address',
  'email.confirm.notYou': 'If you did not create an account, ignore this e-mail.',
};
