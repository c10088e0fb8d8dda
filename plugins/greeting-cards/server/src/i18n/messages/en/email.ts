// English messages of the email (keys start with 'email.').
export const email = {
  'email.language': 'Language',
} as const;
