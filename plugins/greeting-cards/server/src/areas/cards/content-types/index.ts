import card from './card/schema';
import libraryEntry from './library-entry/schema';
import photo from './photo/schema';

/** The content types of this area, by name. */
export default {
  card: card,
  'library-entry': libraryEntry,
  photo: photo,
};
