// The name a public page shows a shopper by: the address link's page greeting friends, and a group
// card's signing page naming its organiser. A shopper without a name on their account has their
// username as display name, and usernames default to the e-mail address at registration: an e-mail is
// private, so such a shopper is not named on the public page at all. Pure.

export const publicShopperName = (displayName: string | null | undefined): string => {
  const name = (displayName ?? '').trim();
  return name && !name.includes('@') ? name : '';
};
