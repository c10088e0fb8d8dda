// Sample catalogue seeded into an empty database. Designs are 600 x 850 (the A5 portrait front
// of a folded card) and use only text, emoji stickers, shapes and background colours, so they
// render without any uploaded file.

export const CANVAS_WIDTH = 600;
export const CANVAS_HEIGHT = 850;

export const OCCASIONS = [
  { name: 'Birthday', slug: 'birthday', sort_order: 1 },
  { name: 'Anniversary', slug: 'anniversary', sort_order: 2 },
  { name: 'Thank You', slug: 'thank-you', sort_order: 3 },
  { name: 'Wedding', slug: 'wedding', sort_order: 4 },
  { name: 'New Baby', slug: 'new-baby', sort_order: 5 },
  { name: 'Get Well Soon', slug: 'get-well-soon', sort_order: 6 },
  { name: 'Christmas', slug: 'christmas', sort_order: 7, month: 12, day: 25 },
  { name: "Valentine's Day", slug: 'valentines-day', sort_order: 8, month: 2, day: 14 },
  { name: "Mother's Day", slug: 'mothers-day', sort_order: 9, month: 3, day: 30 },
  { name: 'Congratulations', slug: 'congratulations', sort_order: 10 },
];

type Obj = Record<string, unknown>;
// A design object as platform/designs/canvas-data.ts's CanvasObject has it (every one has a type and a position),
// so the sample designs are CanvasData to whoever uses them.
type Placed = Obj & { type: string; left: number; top: number };
const text = (
  t: string,
  top: number,
  fontSize: number,
  fill: string,
  fontFamily = 'Georgia',
  extra: Obj = {},
): Placed => ({
  type: 'textbox',
  text: t,
  left: 50,
  top,
  width: 500,
  fontSize,
  fill,
  fontFamily,
  textAlign: 'center',
  ...extra,
});
const emoji = (e: string, left: number, top: number, fontSize: number, extra: Obj = {}): Placed => ({
  type: 'emoji',
  text: e,
  left,
  top,
  fontSize,
  ...extra,
});
const rect = (left: number, top: number, width: number, height: number, fill: string, extra: Obj = {}): Placed => ({
  type: 'rect',
  left,
  top,
  width,
  height,
  fill,
  ...extra,
});
const circle = (left: number, top: number, radius: number, fill: string, extra: Obj = {}): Placed => ({
  type: 'circle',
  left,
  top,
  radius,
  fill,
  ...extra,
});
const design = (background: string, objects: Placed[]) => ({
  version: '7.0.0',
  width: CANVAS_WIDTH,
  height: CANVAS_HEIGHT,
  background,
  objects,
});

export const TEMPLATES = [
  {
    name: 'Balloon Party',
    slug: 'balloon-party',
    occasion: 'birthday',
    style: 'funny',
    popularity: 120,
    description: 'Bright balloons and a big happy birthday.',
    canvas_data: design('#FFF4D6', [
      circle(-80, 620, 220, '#FFD36E'),
      emoji('🎈', 70, 80, 110),
      emoji('🎈', 420, 120, 90),
      emoji('🎉', 250, 40, 80),
      text('Happy Birthday!', 330, 64, '#D6336C', 'Trebuchet MS', { fontWeight: 'bold' }),
      text('Hope your day is full of fun', 430, 28, '#5C3D2E'),
      emoji('🎂', 240, 560, 120),
    ]),
  },
  {
    name: 'Classic Gold Birthday',
    slug: 'classic-gold-birthday',
    occasion: 'birthday',
    style: 'luxury',
    popularity: 95,
    is_premium: true,
    description: 'Deep navy with gold lettering.',
    canvas_data: design('#14213D', [
      rect(30, 30, 540, 790, 'transparent', { stroke: '#E0B84C', strokeWidth: 4 }),
      rect(50, 50, 500, 750, 'transparent', { stroke: '#E0B84C', strokeWidth: 1 }),
      emoji('✨', 260, 120, 80),
      text('Happy', 300, 54, '#E0B84C', 'Georgia', { fontStyle: 'italic' }),
      text('Birthday', 370, 84, '#E0B84C', 'Georgia', { fontWeight: 'bold' }),
      text('with warmest wishes', 520, 26, '#F5EBD0'),
    ]),
  },
  {
    name: 'Little Dino Birthday',
    slug: 'little-dino-birthday',
    occasion: 'birthday',
    style: 'kids',
    popularity: 80,
    description: 'A friendly dinosaur for the youngest birthdays.',
    canvas_data: design('#DFF5E1', [
      rect(0, 650, 600, 200, '#8BC98F'),
      emoji('🦕', 170, 380, 240),
      emoji('⭐', 60, 60, 60),
      emoji('⭐', 480, 110, 50),
      text('ROAR-some Birthday!', 190, 56, '#1F6F3F', 'Comic Sans MS', { fontWeight: 'bold' }),
    ]),
  },
  {
    name: 'Forever Hearts',
    slug: 'forever-hearts',
    occasion: 'anniversary',
    style: 'traditional',
    popularity: 70,
    description: 'Soft pink hearts for anniversaries.',
    canvas_data: design('#FCE4EC', [
      emoji('💕', 220, 120, 150),
      text('Happy Anniversary', 360, 58, '#AD1457', 'Georgia', { fontStyle: 'italic' }),
      text('to a wonderful couple', 460, 28, '#6D4C41'),
      emoji('🌹', 90, 640, 80),
      emoji('🌹', 430, 640, 80),
    ]),
  },
  {
    name: 'Thanks a Bunch',
    slug: 'thanks-a-bunch',
    occasion: 'thank-you',
    style: 'funny',
    popularity: 66,
    description: 'A bunch of flowers and a pun.',
    canvas_data: design('#FFFDF5', [
      emoji('💐', 190, 90, 200),
      text('Thanks a bunch!', 380, 60, '#2E7D32', 'Trebuchet MS', { fontWeight: 'bold' }),
      text('You really are the best', 480, 28, '#555555'),
    ]),
  },
  {
    name: 'Simple Thank You',
    slug: 'simple-thank-you',
    occasion: 'thank-you',
    style: 'blank',
    popularity: 40,
    description: 'Clean and understated.',
    canvas_data: design('#FFFFFF', [
      rect(60, 400, 480, 2, '#222222'),
      text('thank you', 300, 64, '#222222', 'Helvetica', { fontWeight: '300' }),
    ]),
  },
  {
    name: 'Wedding Bells',
    slug: 'wedding-bells',
    occasion: 'wedding',
    style: 'luxury',
    popularity: 88,
    is_premium: true,
    description: 'Ivory and champagne for the big day.',
    canvas_data: design('#FBF7EF', [
      emoji('💍', 240, 110, 110),
      text('Mr & Mrs', 300, 72, '#8C6D3F', 'Georgia', { fontStyle: 'italic' }),
      text('Congratulations on your wedding day', 420, 30, '#5E4B35'),
      emoji('🥂', 250, 600, 100),
    ]),
  },
  {
    name: 'Welcome Little One',
    slug: 'welcome-little-one',
    occasion: 'new-baby',
    style: 'kids',
    popularity: 60,
    description: 'Pastel welcome for a new arrival.',
    canvas_data: design('#E3F2FD', [
      circle(200, 80, 100, '#FFFFFF'),
      emoji('👶', 230, 110, 140),
      text('Welcome to the world, little one', 340, 48, '#1565C0', 'Georgia'),
      emoji('🍼', 100, 620, 70),
      emoji('🧸', 420, 610, 80),
    ]),
  },
  {
    name: 'Feel Better Soon',
    slug: 'feel-better-soon',
    occasion: 'get-well-soon',
    style: 'traditional',
    popularity: 35,
    description: 'Sunshine and warm wishes.',
    canvas_data: design('#FFF8E1', [
      emoji('🌻', 220, 100, 160),
      text('Get well soon', 340, 62, '#E65100', 'Georgia', { fontWeight: 'bold' }),
      text('Sending sunshine your way', 440, 28, '#6D4C41'),
    ]),
  },
  {
    name: 'Snowy Christmas',
    slug: 'snowy-christmas',
    occasion: 'christmas',
    style: 'traditional',
    popularity: 150,
    description: 'A snowy night with a tree.',
    canvas_data: design('#0B3D2E', [
      circle(-160, 700, 300, '#EAF4FB'),
      circle(260, 730, 320, '#FFFFFF'),
      emoji('❄️', 60, 60, 50),
      emoji('❄️', 480, 90, 40),
      emoji('❄️', 300, 30, 30),
      emoji('🎄', 190, 150, 220),
      text('Merry Christmas', 460, 66, '#FFFFFF', 'Georgia', { fontStyle: 'italic' }),
      text('and a Happy New Year', 560, 30, '#F2C94C'),
    ]),
  },
  {
    name: 'Be Mine',
    slug: 'be-mine',
    occasion: 'valentines-day',
    style: 'funny',
    popularity: 75,
    description: 'A cheeky valentine.',
    canvas_data: design('#C2185B', [
      emoji('❤️', 200, 120, 200),
      text('Be mine?', 420, 76, '#FFFFFF', 'Trebuchet MS', { fontWeight: 'bold' }),
      text('(you have no choice)', 520, 26, '#F8BBD0'),
    ]),
  },
  {
    name: 'For Mum',
    slug: 'for-mum',
    occasion: 'mothers-day',
    style: 'photo',
    popularity: 55,
    description: 'Room for a favourite photo of Mum.',
    canvas_data: design('#F3E5F5', [
      rect(100, 90, 400, 400, '#FFFFFF', { stroke: '#CE93D8', strokeWidth: 6 }),
      emoji('📷', 255, 240, 90),
      text('Add your photo', 380, 22, '#9C27B0'),
      text("Happy Mother's Day", 540, 52, '#6A1B9A', 'Georgia', { fontStyle: 'italic' }),
      emoji('🌷', 260, 660, 80),
    ]),
  },
  {
    name: 'You Did It',
    slug: 'you-did-it',
    occasion: 'congratulations',
    style: 'funny',
    popularity: 50,
    description: 'Confetti for any achievement.',
    canvas_data: design('#FFFFFF', [
      emoji('🎊', 60, 60, 90),
      emoji('🎉', 450, 80, 90),
      emoji('🏆', 220, 250, 150),
      text('You did it!', 470, 70, '#F57C00', 'Trebuchet MS', { fontWeight: 'bold' }),
      text('Congratulations', 570, 34, '#333333'),
    ]),
  },
  {
    name: 'Blank Canvas',
    slug: 'blank-canvas',
    occasion: null,
    style: 'blank',
    popularity: 10,
    description: 'Start from nothing but a white page.',
    canvas_data: design('#FFFFFF', []),
  },
];

export const STICKERS: Array<{ name: string; emoji: string; tags: string[]; is_premium?: boolean }> = [
  ['Balloon', '🎈', 'birthday party'],
  ['Party popper', '🎉', 'party celebration'],
  ['Birthday cake', '🎂', 'birthday'],
  ['Gift', '🎁', 'birthday christmas'],
  ['Confetti ball', '🎊', 'party'],
  ['Red heart', '❤️', 'love valentine'],
  ['Two hearts', '💕', 'love anniversary'],
  ['Rose', '🌹', 'love flowers'],
  ['Bouquet', '💐', 'flowers thanks'],
  ['Sunflower', '🌻', 'flowers sunshine'],
  ['Tulip', '🌷', 'flowers spring'],
  ['Star', '⭐', 'stars'],
  ['Sparkles', '✨', 'stars magic'],
  ['Christmas tree', '🎄', 'christmas'],
  ['Snowflake', '❄️', 'winter christmas'],
  ['Santa', '🎅', 'christmas'],
  ['Baby', '👶', 'baby'],
  ['Teddy bear', '🧸', 'baby kids'],
  ['Dinosaur', '🦕', 'kids'],
  ['Unicorn', '🦄', 'kids magic'],
  ['Ring', '💍', 'wedding engagement'],
  ['Champagne', '🥂', 'celebration wedding'],
  ['Trophy', '🏆', 'congratulations'],
  ['Rainbow', '🌈', 'kids hope'],
  ['Sun', '☀️', 'sunshine'],
  ['Crown', '👑', 'luxury'],
  ['Diamond', '💎', 'luxury'],
].map(([name, emoji, tags]) => ({
  name,
  emoji,
  tags: tags.split(' '),
  is_premium: ['Crown', 'Diamond'].includes(name),
}));

export const BACKGROUNDS = [
  { name: 'Cream', svg: '#FFF8E7' },
  { name: 'Blush', svg: '#FCE4EC' },
  { name: 'Sky', svg: '#E3F2FD' },
  { name: 'Mint', svg: '#DFF5E1' },
  { name: 'Navy', svg: '#14213D' },
  { name: 'Forest', svg: '#0B3D2E' },
];

export const GIFT_ADDONS = [
  { name: 'Chocolate bar', description: 'A bar of fine milk chocolate tucked in with the card.', price_pence: 350 },
  { name: 'Flower seeds', description: 'A packet of wildflower seeds.', price_pence: 250 },
  { name: 'Scented candle', description: 'A small hand-poured candle.', price_pence: 795 },
];

export const PLANS = [
  {
    name: 'Premium',
    slug: 'premium',
    amount_pence: 499,
    interval: 'month',
    grants_premium: true,
    description: 'Every premium design and sticker, every month.',
  },
];

export const PROMO_CODES = [
  {
    code: 'FIRSTCARD',
    kind: 'free_ecard',
    cap_pence: 299,
    description: 'Your first e-card free (up to 299p).',
    max_uses_per_user: 1,
  },
];
