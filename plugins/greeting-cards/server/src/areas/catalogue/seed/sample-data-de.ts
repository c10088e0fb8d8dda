// German texts of the sample catalogue (Strapi i18n locale 'de'): occasions and templates by slug,
// stickers by their English name. Anything not listed here is shown in English to German shoppers.

export const OCCASIONS_DE: Record<string, string> = {
  birthday: 'Geburtstag',
  anniversary: 'Jahrestag',
  'thank-you': 'Danke',
  wedding: 'Hochzeit',
  'new-baby': 'Geburt',
  'get-well-soon': 'Gute Besserung',
  christmas: 'Weihnachten',
  'valentines-day': 'Valentinstag',
  'mothers-day': 'Muttertag',
  congratulations: 'Glückwunsch',
};

export const TEMPLATES_DE: Record<string, { name: string; description: string }> = {
  'balloon-party': { name: 'Luftballon-Party', description: 'Bunte Luftballons und ein großes Happy Birthday.' },
  'classic-gold-birthday': { name: 'Klassischer Gold-Geburtstag', description: 'Tiefes Marineblau mit goldener Schrift.' },
  'little-dino-birthday': { name: 'Kleiner Dino-Geburtstag', description: 'Ein freundlicher Dinosaurier für die Jüngsten.' },
  'forever-hearts': { name: 'Herzen für immer', description: 'Zartrosa Herzen zum Jahrestag.' },
  'thanks-a-bunch': { name: 'Tausend Dank', description: 'Ein Blumenstrauß und ein Wortspiel.' },
  'simple-thank-you': { name: 'Einfach Danke', description: 'Schlicht und zurückhaltend.' },
  'wedding-bells': { name: 'Hochzeitsglocken', description: 'Elfenbein und Champagner für den großen Tag.' },
  'welcome-little-one': { name: 'Willkommen, kleiner Schatz', description: 'Ein Willkommen in Pastell für den Nachwuchs.' },
  'feel-better-soon': { name: 'Werd schnell wieder gesund', description: 'Sonnenschein und herzliche Wünsche.' },
  'snowy-christmas': { name: 'Verschneite Weihnachten', description: 'Eine verschneite Nacht mit Tannenbaum.' },
  'be-mine': { name: 'Sei mein', description: 'Ein frecher Valentinsgruß.' },
  'for-mum': { name: 'Für Mama', description: 'Platz für ein Lieblingsfoto von Mama.' },
  'you-did-it': { name: 'Geschafft!', description: 'Konfetti für jeden Erfolg.' },
  'blank-canvas': { name: 'Leere Leinwand', description: 'Beginne mit einer weißen Seite.' },
};

export const STICKERS_DE: Record<string, string> = {
  Balloon: 'Luftballon', 'Party popper': 'Konfettikanone', 'Birthday cake': 'Geburtstagskuchen', Gift: 'Geschenk',
  'Confetti ball': 'Konfettiball', 'Red heart': 'Rotes Herz', 'Two hearts': 'Zwei Herzen', Rose: 'Rose',
  Bouquet: 'Blumenstrauß', Sunflower: 'Sonnenblume', Tulip: 'Tulpe', Star: 'Stern', Sparkles: 'Funkeln',
  'Christmas tree': 'Weihnachtsbaum', Snowflake: 'Schneeflocke', Santa: 'Weihnachtsmann', Baby: 'Baby',
  'Teddy bear': 'Teddybär', Dinosaur: 'Dinosaurier', Unicorn: 'Einhorn', Ring: 'Ring', Champagne: 'Sekt',
  Trophy: 'Pokal', Rainbow: 'Regenbogen', Sun: 'Sonne', Crown: 'Krone', Diamond: 'Diamant',
};
