import { defineType, rel, str, int } from '../../../../platform/db/define-content-type';

const photo = defineType({
  singular: 'photo',
  plural: 'photos',
  displayName: 'Photo',
  curated: false,
  description: 'A photo a shopper uploaded or cropped in the editor: what their photo quota counts.',
  attributes: {
    owner: rel.user(),
    url: str({ required: true }),
    // The upload plugin's file, removed with this record when the photo makes room for another.
    file_id: int(),
  },
});

export default photo;
