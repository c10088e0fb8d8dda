// English messages of signing in with another account (areas/accounts/provider-sign-in).
export const accountProviders = {
  'shop.providers.or': 'or',
  'shop.providers.continueWith': 'Continue with {provider}',
  'shop.providers.failedTitle': 'Sign-in did not work',
  'shop.providers.failed': 'Signing in with {provider} did not work. Please try again.',
  'shop.providers.unconfirmed':
    'An account with this e-mail address is waiting for its address to be confirmed. Open the link we sent you to confirm it; after that you can use {provider} too.',
  'shop.providers.closed': 'New accounts cannot be opened at the moment.',
  'shop.providers.blocked': 'This account has been blocked. Please contact us.',
  'shop.providers.noEmail': '{provider} did not give us a confirmed e-mail address.',
  'shop.providers.tryAgain': 'Back to sign-in',
  'shop.providers.freshHelp': 'To be sure it is you, sign in again with {provider} first (in the last 10 minutes).',
  'shop.providers.freshButton': 'Sign in again with {provider}',
} as const;
