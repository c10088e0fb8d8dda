// Error texts of the account page and PATCH /api/me/account/ (areas/accounts/settings), in ICU syntax
// like ./errors.ts, which includes them.
export const accountErrors = {
  'error.account_current_password': 'Your current password is not correct.',
  'error.account_password_short': 'Use at least 8 characters.',
  'error.account_password_long': 'Use at most 72 bytes.',
  'error.account_password_same': 'Choose a new password that differs from your current one.',
  'error.account_email_invalid': 'Enter a valid e-mail address.',
  'error.account_email_same': 'This is already your e-mail address.',
  'error.account_unknown_field': 'This field cannot be changed here.',
  'error.account_mail_failed': 'We could not send the e-mail. Please try again later.',
  'error.account_body': 'Send a JSON object.',
  'error.account_preferences': 'Send an object of true or false per kind of e-mail.',
};
