// English messages of the shop (keys start with 'shop.').
export const shop = {
  'shop.language': 'Language',
} as const;
