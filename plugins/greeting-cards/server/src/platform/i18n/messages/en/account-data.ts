// English messages of "Export my data" and "Delete my account" (areas/accounts/data-export, deletion).
export const accountDataErrors = {
  'error.account_password_wrong': 'That is not your current password.',
  'error.account_password_required': 'Enter your current password to confirm it is you.',
  'error.account_exports_per_day':
    '{count, plural, one {You have downloaded your data {count} time in the last 24 hours. Please try again later.} other {You have downloaded your data {count} times in the last 24 hours. Please try again later.}}',
  'error.account_deletion_running': 'Your account is being deleted.',
  'error.account_fresh_sign_in_required': 'Please sign in again first, to confirm it is you.',
} as const;

export const accountData = {
  'shop.accountData.exportTitle': 'Export my data',
  'shop.accountData.exportLead':
    'Download everything the shop holds about you in one zip file: your profile, cards and their designs, photos, address book, reminders, orders and deliveries, group cards and subscriptions. A JSON document describes it all, with the files beside it.',
  'shop.accountData.exportLimit':
    '{count, plural, one {You can download your data once a day.} other {You can download your data {count} times a day.}}',
  'shop.accountData.password': 'Your current password',
  'shop.accountData.passwordHelp': 'We ask again to be sure it is you.',
  'shop.accountData.exportSubmit': 'Download my data',
  'shop.accountData.deleteTitle': 'Delete my account',
  'shop.accountData.deleteLead':
    'This removes your account for good: your cards and their designs, photos, address book, tags, reminders and address links. You cannot undo it.',
  'shop.accountData.deleteKept':
    '{count, plural, one {Orders, payments and refunds stay in our accounts for a year, as the law requires, with your name and your recipients’ names and addresses removed. Group cards you organised are closed; messages you signed on other people’s group cards stay under the name you gave.} other {Orders, payments and refunds stay in our accounts for {count} years, as the law requires, with your name and your recipients’ names and addresses removed. Group cards you organised are closed; messages you signed on other people’s group cards stay under the name you gave.}}',
  'shop.accountData.pendingTitle': 'Cards waiting to go out',
  'shop.accountData.pendingLead':
    'These cards have not gone out yet. Deleting your account cancels them and refunds what you paid for them:',
  'shop.accountData.pendingLine': '{card} to {recipient}, {method}, {when}',
  'shop.accountData.pendingSoon': 'as soon as possible',
  'shop.accountData.productionTitle': 'Cards being printed or sent',
  'shop.accountData.productionLead': 'These cards are already in production and will still go out:',
  'shop.accountData.confirm': 'I understand that my account and my cards are deleted for good.',
  'shop.accountData.confirmRequired': 'Tick the box to confirm.',
  'shop.accountData.deleteSubmit': 'Delete my account',
  'shop.accountData.deleted': 'Your account has been deleted.',
  'shop.accountData.deletedTitle': 'Account deleted',
  'shop.accountData.deletedLead': 'Your account and your cards have been deleted. Thank you for sending cards with us.',
  'shop.accountData.backToAccount': 'Back to my account',
  'shop.accountData.method.ecard': 'e-card',
  'shop.accountData.method.post': 'by post',
  'shop.accountData.method.print': 'print at home',
} as const;
