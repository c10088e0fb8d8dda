// English texts search engines and link previews show (meta descriptions).
export const seo = {
  'shop.seo.catalogue':
    'Greeting cards for every occasion: personalise one in your browser and send it as an e-card, by post or print it at home.',
  'shop.seo.occasion':
    '{occasion} cards to personalise in your browser and send as an e-card, by post or to print at home.',
  'shop.seo.template':
    '{name}: a card to personalise in your browser and send as an e-card, by post or to print at home.',
};
