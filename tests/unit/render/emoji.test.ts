import { emojiIn, replaceEmoji } from '../../../plugins/greeting-cards/server/src/areas/rendering/rules/emoji';

describe('emoji in the inside message', () => {
  it('finds emoji, sequences and flags but not text-style symbols', () => {
    expect(emojiIn('Hi 🎉 there 🎉 ❤️ 👍🏽 👨‍👩‍👧 🇬🇧 © ™ 1 #')).toEqual(['🎉', '❤️', '👍🏽', '👨‍👩‍👧', '🇬🇧']);
    expect(emojiIn('no emoji here')).toEqual([]);
  });

  it('escapes the text around them and replaces each emoji', () => {
    expect(
      replaceEmoji(
        '<a> 🎉 & 🎂',
        (s) =>
          s
            .replace(/</g, '&lt;')
            .replace(/>/g, '&gt;')
            .replace(/&(?!lt|gt)/g, '&amp;'),
        (e) => `[${e}]`,
      ),
    ).toBe('&lt;a&gt; [🎉] &amp; [🎂]');
  });
});
